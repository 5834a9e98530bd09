import type { AnyPatienceGame } from "../../../src/games/patience/contract.ts";
import { type AnySession, ruleFields, Session } from "../../../src/games/patience/session.ts";
import { findPatience } from "../../../src/games/registry.ts";
import { isRecord, KEYS, type KeyValueStore, readStored, removeStored, writeStored } from "../storage.ts";

/** The game in progress as the page keeps it: the platform's session save, and what the page adds to it. */
interface StoredGame {
  version: 2;
  save: unknown;
  id: string;
  elapsedMs: number;
  /** Whether the game has been counted as played (its first move was made). */
  played: boolean;
  /** Hints, Solve or the status saw the face-down cards: a win is an assisted one (absent: they did not). */
  peeked?: boolean;
}

/**
 * A game in progress: its session, its id in the statistics, its time, whether it counts as played, and whether
 * the face-down cards were peeked at (its win is then assisted, after a reload too).
 */
export interface SavedGame {
  session: AnySession;
  id: string;
  elapsedMs: number;
  played: boolean;
  peeked: boolean;
}

function checkStored(raw: unknown): StoredGame {
  if (!isRecord(raw)) throw new Error("it is not an object");
  if (raw.version !== 2) throw new Error(`unknown version ${JSON.stringify(raw.version)}`);
  if (typeof raw.id !== "string") throw new Error("its game id is missing");
  if (typeof raw.elapsedMs !== "number" || !(raw.elapsedMs >= 0)) throw new Error("its time is not a number");
  return {
    version: 2,
    save: raw.save,
    id: raw.id,
    elapsedMs: raw.elapsedMs,
    played: raw.played === true,
    peeked: raw.peeked === true,
  };
}

/**
 * The FreeCell-only app's saved game (`tsol.freecell.save.v1`: the engine's version 1 save, its id, time and
 * whether the solver played) in today's shape. The old save did not say which moves the solver made, so when it
 * played, every move so far counts as the computer's: a win is credited only if played again by hand.
 */
function migrateFreeCellSave(raw: unknown): StoredGame {
  if (!isRecord(raw)) throw new Error("it is not an object");
  if (raw.version !== 1) throw new Error(`unknown version ${JSON.stringify(raw.version)}`);
  if (typeof raw.gameId !== "string") throw new Error("its game id is missing");
  if (typeof raw.elapsedMs !== "number" || !(raw.elapsedMs >= 0)) throw new Error("its time is not a number");
  // A version 1 save lists every rule of the engine, `reserve: false` included, which FreeCell's schema does not
  // name (Session.fromSave refuses it): only the schema's fields are handed on.
  const freecell = findPatience("freecell");
  const old = raw.save;
  const save1 =
    isRecord(old) && isRecord(old.rules) && old.rules.reserve !== true && freecell
      ? { ...old, rules: ruleFields(freecell, old.rules) }
      : old;
  const session = Session.fromSave(save1, findPatience);
  const save = session.toSave();
  const computer = raw.assisted === true ? save.moves.map((_, i) => i) : [];
  return {
    version: 2,
    save: { ...save, ...(computer.length > 0 ? { computer } : {}) },
    id: raw.gameId,
    elapsedMs: raw.elapsedMs,
    played: save.moves.length + save.redo.length > 0,
  };
}

/**
 * The game's saved game: undefined when there is none, or the problem in words when one is there but cannot be
 * restored (it is then removed, so the next start is clean). FreeCell also reads the FreeCell-only app's save once.
 */
export function loadGame(
  store: KeyValueStore,
  game: AnyPatienceGame,
): SavedGame | { problem: string } | undefined {
  const key = KEYS.save(game.id);
  let loaded = readStored(store, key, checkStored, () => null);
  if (!loaded.value && !loaded.problem && game.id === "freecell") {
    loaded = readStored(store, KEYS.legacyFreeCellSave, migrateFreeCellSave, () => null);
    removeStored(store, KEYS.legacyFreeCellSave);
  }
  if (loaded.problem) return { problem: loaded.problem };
  if (!loaded.value) return undefined;
  try {
    const session = Session.fromSave(loaded.value.save, findPatience);
    if (session.game.id !== game.id) throw new Error(`it is a game of ${session.game.title}`);
    const { id, elapsedMs, played, peeked } = loaded.value;
    return { session, id, elapsedMs, played, peeked: peeked === true };
  } catch (error) {
    removeStored(store, key);
    return { problem: (error as Error).message };
  }
}

/** Keeps the game in progress (a later `loadGame` restores it). */
export function storeGame(store: KeyValueStore, game: SavedGame): void {
  const stored: StoredGame = {
    version: 2,
    save: game.session.toSave(),
    id: game.id,
    elapsedMs: game.elapsedMs,
    played: game.played,
    ...(game.peeked ? { peeked: true } : {}),
  };
  writeStored(store, KEYS.save(game.session.game.id), stored);
}
