/**
 * Personal bests for `tsol tetris`, kept in the user's data directory, one table a mode (ranked as bests.ts says:
 * a sprint by time, the rest by score). Version 1 files (classic and one guideline table) are read as version 2,
 * their guideline table as the endless marathon's.
 */

import { join } from "node:path";
import { insertBest, KEPT_BESTS } from "../games/tetris/bests.ts";
import { GAME_MODES, type GameMode } from "../games/tetris/guideline/modes.ts";
import { dataDir, readJsonFile, writeJsonAtomic } from "./store.ts";

export interface HighScore {
  score: number;
  lines: number;
  level: number;
  seed: number;
  /** ISO date and time the game ended. */
  date: string;
  /** Game time the game took (ms), pieces placed, and whether the mode's end was reached (0 and false in old files). */
  timeMs: number;
  pieces: number;
  complete: boolean;
}

export type ScoreMode = "classic" | GameMode;
export const SCORE_MODES: readonly ScoreMode[] = ["classic", ...GAME_MODES];

export type ScoreTable = { version: 2 } & Record<ScoreMode, HighScore[]>;

export const KEPT_SCORES = KEPT_BESTS;

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
  timeMs: 1e12,
  pieces: 1e9,
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
  for (const key of ["timeMs", "pieces"] as const) {
    const value = r[key] ?? 0;
    if (typeof value !== "number" || !Number.isInteger(value) || value < 0 || value > SCORE_LIMITS[key]) {
      throw new Error(`a score entry's "${key}" is not a whole number from 0 to ${SCORE_LIMITS[key]}`);
    }
  }
  return {
    score: r.score as number,
    lines: r.lines as number,
    level: r.level as number,
    seed: r.seed as number,
    date: r.date,
    timeMs: (r.timeMs as number | undefined) ?? 0,
    pieces: (r.pieces as number | undefined) ?? 0,
    complete: r.complete === true,
  };
}

export function parseScoreTable(raw: unknown): ScoreTable {
  if (typeof raw !== "object" || raw === null) throw new Error("expected a JSON object");
  const r = raw as Record<string, unknown>;
  if (r.version !== 1 && r.version !== 2) throw new Error(`unknown version ${String(r.version)}`);
  const lists: Record<string, unknown> = r.version === 1 ? { classic: r.classic, endless: r.guideline } : r;
  const table = emptyTable();
  for (const mode of SCORE_MODES) {
    const list = lists[mode] ?? [];
    if (!Array.isArray(list)) throw new Error(`expected a list for ${mode}`);
    if (list.length > KEPT_SCORES) throw new Error(`a table keeps at most ${KEPT_SCORES} scores a mode`);
    table[mode] = list.map(parseEntry);
  }
  if (r.version === 1 && (!Array.isArray(r.classic) || !Array.isArray(r.guideline)))
    throw new Error("expected classic and guideline lists");
  return table;
}

export function emptyTable(): ScoreTable {
  const table = { version: 2 } as ScoreTable;
  for (const mode of SCORE_MODES) table[mode] = [];
  return table;
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
  // The classic model's table ranks by score, as the marathons do.
  const { list, rank } = insertBest(mode === "classic" ? "endless" : mode, table[mode], entry);
  table[mode] = list;
  return rank;
}

export function saveScores(table: ScoreTable, path = scoresPath()): void {
  writeJsonAtomic(path, table, SCORES);
}

export function bestScore(table: ScoreTable, mode: ScoreMode): number {
  return table[mode][0]?.score ?? 0;
}

/** The best entry of a mode, if any. */
export function bestEntry(table: ScoreTable, mode: ScoreMode): HighScore | undefined {
  return table[mode][0];
}
