/**
 * The browser's kept replays: every finished game of either engine (the last 20, and no more than about a megabyte), in
 * the link form of src/games/tetris/replay.ts, newest first. A replay is watched, saved as a file or copied as a
 * link from the Tetris screen.
 */

import type { GameMode } from "../../../src/games/tetris/guideline/modes.ts";
import { encodeReplayLink, type ReplayFile } from "../../../src/games/tetris/replay.ts";
import { browserStore, isRecord, type KeyValueStore, readStored, writeStored } from "../storage.ts";

export const REPLAYS_KEY = "tsol.tetris.replays.v1";
export const KEPT_REPLAYS = 20;
const MAX_CHARS = 1_000_000;

export interface KeptReplay {
  code: string;
  mode: GameMode | "classic";
  score: number;
  lines: number;
  timeMs: number;
  complete: boolean;
  ai: boolean;
  /** ms since the epoch. */
  date: number;
}

export function checkReplays(raw: unknown): KeptReplay[] {
  if (!Array.isArray(raw)) throw new Error("kept replays are not a list");
  return raw.filter(
    (r): r is KeptReplay => isRecord(r) && typeof r.code === "string" && typeof r.mode === "string",
  );
}

export function loadReplays(store: KeyValueStore = browserStore()): KeptReplay[] {
  return readStored(store, REPLAYS_KEY, checkReplays, () => []).value;
}

/** Keeps a finished game's replay, newest first; the oldest go past 20 or about a megabyte. */
export function keepReplay(
  replay: ReplayFile,
  info: { timeMs: number; complete: boolean; ai: boolean },
  store: KeyValueStore = browserStore(),
): KeptReplay {
  const entry: KeptReplay = {
    code: encodeReplayLink(replay),
    mode: replay.mode === "classic" ? "classic" : replay.options.gameMode,
    score: replay.result.score,
    lines: replay.result.lines,
    timeMs: Math.floor(info.timeMs),
    complete: info.complete,
    ai: info.ai,
    date: Date.now(),
  };
  const list = [entry, ...loadReplays(store)].slice(0, KEPT_REPLAYS);
  while (list.length > 1 && list.reduce((n, r) => n + r.code.length, 0) > MAX_CHARS) list.pop();
  writeStored(store, REPLAYS_KEY, list);
  return entry;
}

/** The link that opens a replay on this page. */
export function replayLink(code: string): string {
  return `${location.origin}${location.pathname}#/tetris?replay=${code}`;
}
