/**
 * Personal bests in the browser, one list a mode (the same ranking as the terminal's, src/games/tetris/bests.ts:
 * a sprint by time, finished only; the rest by score). The AI's games never enter. The top-ten list the first
 * version kept (`tsol.tetris.scores.v1`, AI games included) is read once: its players' games move into the
 * classic and endless tables, and it is removed.
 */

import { insertBest } from "../../../src/games/tetris/bests.ts";
import { GAME_MODES, type GameMode } from "../../../src/games/tetris/guideline/modes.ts";
import {
  browserStore,
  isRecord,
  KEYS,
  type KeyValueStore,
  type Loaded,
  readStored,
  removeStored,
  writeStored,
} from "../storage.ts";

export type BestMode = "classic" | GameMode;
export const BEST_MODES: readonly BestMode[] = [...GAME_MODES, "classic"];
export const BESTS_KEY = "tsol.tetris.bests.v2";

export interface WebBest {
  score: number;
  lines: number;
  level: number;
  timeMs: number;
  pieces: number;
  complete: boolean;
  seed: number;
  /** ms since the epoch. */
  date: number;
}

export type Bests = Record<BestMode, WebBest[]>;

export function emptyBests(): Bests {
  return Object.fromEntries(BEST_MODES.map((m) => [m, []])) as unknown as Bests;
}

const num = (v: unknown) => (typeof v === "number" && Number.isFinite(v) && v >= 0 ? v : 0);

function checkEntry(raw: unknown): WebBest | null {
  if (!isRecord(raw)) return null;
  return {
    score: num(raw.score),
    lines: num(raw.lines),
    level: num(raw.level),
    timeMs: num(raw.timeMs),
    pieces: num(raw.pieces),
    complete: raw.complete === true,
    seed: num(raw.seed),
    date: num(raw.date),
  };
}

export function checkBests(raw: unknown): Bests {
  if (!isRecord(raw)) throw new Error("personal bests are not an object");
  const bests = emptyBests();
  for (const mode of BEST_MODES) {
    const list = raw[mode];
    if (list === undefined) continue;
    if (!Array.isArray(list)) throw new Error(`the ${mode} bests are not a list`);
    for (const e of list) {
      const entry = checkEntry(e);
      if (entry) bests[mode] = insertBest(rankAs(mode), bests[mode], entry).list;
    }
  }
  return bests;
}

/** The classic model's table ranks by score, as the marathons do. */
const rankAs = (mode: BestMode): GameMode => (mode === "classic" ? "endless" : mode);

/** The first version's list: players' games only, guideline ones as the endless marathon's. */
function migrate(store: KeyValueStore): Bests {
  const old = readStored(
    store,
    KEYS.tetrisScores,
    (raw) => (Array.isArray(raw) ? raw : []),
    () => [],
  );
  const bests = emptyBests();
  for (const e of old.value) {
    if (!isRecord(e) || e.ai === true) continue;
    const entry = checkEntry(e);
    const mode: BestMode = e.engine === "classic" ? "classic" : "endless";
    if (entry) bests[mode] = insertBest(rankAs(mode), bests[mode], entry).list;
  }
  writeStored(store, BESTS_KEY, bests);
  removeStored(store, KEYS.tetrisScores);
  return bests;
}

export function loadBests(store: KeyValueStore = browserStore()): Loaded<Bests> {
  const loaded = readStored(store, BESTS_KEY, checkBests, () => null as unknown as Bests);
  if (loaded.value === null) return { value: migrate(store), problem: loaded.problem };
  return loaded;
}

/** Adds a player's game; returns its rank in the mode's bests (1 = best) or 0 when it did not make them. */
export function addBest(mode: BestMode, entry: WebBest, store: KeyValueStore = browserStore()): number {
  const bests = loadBests(store).value;
  const { list, rank } = insertBest(rankAs(mode), bests[mode], entry);
  bests[mode] = list;
  writeStored(store, BESTS_KEY, bests);
  return rank;
}

/** For the statistics panel: the best scores of every mode ranked by score, ten at most. */
export interface TetrisScore {
  score: number;
  lines: number;
  level: number;
  /** The mode. */
  engine: string;
  ai: boolean;
  date: number;
}

export function loadTetrisScores(): Loaded<TetrisScore[]> {
  const { value, problem } = loadBests();
  const all = BEST_MODES.filter((m) => m !== "sprint").flatMap((m) =>
    value[m].map((b) => ({
      score: b.score,
      lines: b.lines,
      level: b.level,
      engine: m,
      ai: false,
      date: b.date,
    })),
  );
  return { value: all.sort((a, b) => b.score - a.score).slice(0, 10), problem };
}
