/** High scores for `tsol tetris`, kept in the user's data directory, one table a mode. */

import { join } from "node:path";
import { dataDir, readJsonFile, writeJsonAtomic } from "./store.ts";

export interface HighScore {
  score: number;
  lines: number;
  level: number;
  seed: number;
  /** ISO date and time the game ended. */
  date: string;
}

export type ScoreMode = "classic" | "guideline";

export interface ScoreTable {
  version: 1;
  classic: HighScore[];
  guideline: HighScore[];
}

export const KEPT_SCORES = 10;

/** What messages call the file. */
const SCORES = "high score file";

export function scoresPath(): string {
  return join(dataDir(), "tetris-scores.json");
}

/** The most a score, a line count or a level can be in a table: far beyond any game, short of nonsense. */
export const SCORE_LIMITS = {
  score: 999_999_999,
  lines: 9_999_999,
  level: 99_999,
  seed: 0xffffffff,
} as const;

function parseEntry(raw: unknown): HighScore {
  if (typeof raw !== "object" || raw === null) throw new Error("a score entry is not an object");
  const r = raw as Record<string, unknown>;
  for (const key of ["score", "lines", "level", "seed"] as const) {
    const value = r[key];
    if (typeof value !== "number" || !Number.isInteger(value) || value < 0 || value > SCORE_LIMITS[key]) {
      throw new Error(`a score entry's "${key}" is not a whole number from 0 to ${SCORE_LIMITS[key]}`);
    }
  }
  if (typeof r.date !== "string" || r.date.length > 40 || Number.isNaN(Date.parse(r.date)))
    throw new Error(`a score entry has no "date" (an ISO date and time)`);
  return {
    score: r.score as number,
    lines: r.lines as number,
    level: r.level as number,
    seed: r.seed as number,
    date: r.date,
  };
}

export function parseScoreTable(raw: unknown): ScoreTable {
  if (typeof raw !== "object" || raw === null) throw new Error("expected a JSON object");
  const r = raw as Record<string, unknown>;
  if (r.version !== 1) throw new Error(`unknown version ${String(r.version)}`);
  if (!Array.isArray(r.classic) || !Array.isArray(r.guideline))
    throw new Error("expected classic and guideline lists");
  if (r.classic.length > KEPT_SCORES || r.guideline.length > KEPT_SCORES)
    throw new Error(`a table keeps at most ${KEPT_SCORES} scores a mode`);
  return { version: 1, classic: r.classic.map(parseEntry), guideline: r.guideline.map(parseEntry) };
}

export function emptyTable(): ScoreTable {
  return { version: 1, classic: [], guideline: [] };
}

/**
 * Loads the table; a corrupt file is moved aside (and reported in `problem`), and an empty table returned. A named
 * pipe, a folder or a device at `path` throws a DataFileError at once (reading a pipe would wait forever).
 */
export function loadScores(path = scoresPath()): { table: ScoreTable; problem?: string } {
  const { value, problem } = readJsonFile(path, parseScoreTable, SCORES);
  return { table: value ?? emptyTable(), problem };
}

/** Adds a score when it makes the table; returns its rank (1 = best) or 0 when it does not. */
export function addScore(table: ScoreTable, mode: ScoreMode, entry: HighScore): number {
  if (entry.score <= 0) return 0;
  const list = [...table[mode], entry].sort((a, b) => b.score - a.score || a.date.localeCompare(b.date));
  const rank = list.indexOf(entry) + 1;
  table[mode] = list.slice(0, KEPT_SCORES);
  return rank <= KEPT_SCORES ? rank : 0;
}

export function saveScores(table: ScoreTable, path = scoresPath()): void {
  writeJsonAtomic(path, table, SCORES);
}

export function bestScore(table: ScoreTable, mode: ScoreMode): number {
  return table[mode][0]?.score ?? 0;
}
