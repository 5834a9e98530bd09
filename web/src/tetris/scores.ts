import { browserStore, isRecord, KEYS, type Loaded, readStored, writeStored } from "../storage.ts";

export interface TetrisScore {
  score: number;
  lines: number;
  level: number;
  engine: "guideline" | "classic";
  ai: boolean;
  /** ms since the epoch. */
  date: number;
}

const KEEP = 10;

export function checkScores(raw: unknown): TetrisScore[] {
  if (!Array.isArray(raw)) throw new Error("high scores are not a list");
  const num = (v: unknown) => (typeof v === "number" && Number.isFinite(v) && v >= 0 ? v : 0);
  return raw
    .filter(isRecord)
    .map((s) => ({
      score: num(s.score),
      lines: num(s.lines),
      level: num(s.level),
      engine: s.engine === "classic" ? ("classic" as const) : ("guideline" as const),
      ai: s.ai === true,
      date: num(s.date),
    }))
    .sort((a, b) => b.score - a.score)
    .slice(0, KEEP);
}

export function loadTetrisScores(): Loaded<TetrisScore[]> {
  return readStored(browserStore(), KEYS.tetrisScores, checkScores, () => []);
}

/** Adds a score; returns its rank (1 = best) or 0 when it did not make the table. */
export function addTetrisScore(score: TetrisScore): number {
  if (score.score <= 0) return 0;
  const scores = loadTetrisScores().value;
  scores.push(score);
  scores.sort((a, b) => b.score - a.score);
  const kept = scores.slice(0, KEEP);
  writeStored(browserStore(), KEYS.tetrisScores, kept);
  return kept.indexOf(score) + 1;
}
