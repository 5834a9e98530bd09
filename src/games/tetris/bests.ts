/**
 * Personal bests, one list a mode, the same rules in the terminal and the browser: a sprint ranks by time and
 * counts only when finished; every other mode ranks by score. The AI's games never enter (the callers see to it).
 */

import { type GameMode, MODE_RULES } from "./guideline/modes.ts";

export const KEPT_BESTS = 10;

export interface Best {
  score: number;
  lines: number;
  /** Game time (ms) the game took. */
  timeMs: number;
  pieces: number;
  complete: boolean;
}

/** Whether a finished game may enter the mode's table at all. */
export function qualifies(mode: GameMode, entry: Best): boolean {
  if (MODE_RULES[mode].best === "time") return entry.complete;
  return entry.score > 0;
}

/** Better first: less time for a sprint, more points otherwise (earlier entries first among equals). */
export function compareBests(mode: GameMode, a: Best, b: Best): number {
  if (MODE_RULES[mode].best === "time") return a.timeMs - b.timeMs;
  return b.score - a.score;
}

/** Inserts `entry` into `list` (best first, kept to KEPT_BESTS); returns the new list and its rank, 0 if it did not make it. */
export function insertBest<T extends Best>(
  mode: GameMode,
  list: readonly T[],
  entry: T,
): { list: T[]; rank: number } {
  if (!qualifies(mode, entry)) return { list: [...list], rank: 0 };
  const all = [...list, entry].sort((a, b) => compareBests(mode, a, b));
  const rank = all.indexOf(entry) + 1;
  return { list: all.slice(0, KEPT_BESTS), rank: rank <= KEPT_BESTS ? rank : 0 };
}
