import { isRecord, KEYS, type Loaded, readStored, writeStored } from "./storage.ts";

/** The record of one game (and variant): what the statistics screen shows. */
export interface GameStats {
  played: number;
  won: number;
  currentStreak: number;
  bestStreak: number;
  /** Milliseconds; null until a win. */
  bestTimeMs: number | null;
  fewestMoves: number | null;
  /** Ids of the games already counted as played or won, so a game is counted once whatever is undone. */
  countedPlayed: string[];
  countedWon: string[];
}

export type AllStats = Record<string, GameStats>;

const KEEP_IDS = 200;

export function emptyStats(): GameStats {
  return {
    played: 0,
    won: 0,
    currentStreak: 0,
    bestStreak: 0,
    bestTimeMs: null,
    fewestMoves: null,
    countedPlayed: [],
    countedWon: [],
  };
}

const count = (v: unknown): number => (typeof v === "number" && Number.isInteger(v) && v >= 0 ? v : 0);
const best = (v: unknown): number | null => (typeof v === "number" && v >= 0 ? v : null);
const ids = (v: unknown): string[] =>
  Array.isArray(v) ? v.filter((x): x is string => typeof x === "string").slice(-KEEP_IDS) : [];

export function checkStats(raw: unknown): AllStats {
  if (!isRecord(raw)) throw new Error("statistics are not an object");
  const out: AllStats = {};
  for (const [key, value] of Object.entries(raw)) {
    if (!isRecord(value)) continue;
    out[key] = {
      played: count(value.played),
      won: count(value.won),
      currentStreak: count(value.currentStreak),
      bestStreak: count(value.bestStreak),
      bestTimeMs: best(value.bestTimeMs),
      fewestMoves: best(value.fewestMoves),
      countedPlayed: ids(value.countedPlayed),
      countedWon: ids(value.countedWon),
    };
  }
  return out;
}

export function loadStats(): Loaded<AllStats> {
  return readStored(KEYS.stats, checkStats, () => ({}));
}

function update(key: string, change: (s: GameStats) => void): GameStats {
  const all = loadStats().value;
  const s = all[key] ?? emptyStats();
  change(s);
  s.countedPlayed = s.countedPlayed.slice(-KEEP_IDS);
  s.countedWon = s.countedWon.slice(-KEEP_IDS);
  all[key] = s;
  writeStored(KEYS.stats, all);
  return s;
}

/** A game counts as played from its first move; once. */
export function recordPlayed(key: string, gameId: string): void {
  update(key, (s) => {
    if (s.countedPlayed.includes(gameId)) return;
    s.countedPlayed.push(gameId);
    s.played++;
  });
}

/** A win counts once per game, however often it is undone and replayed. */
export function recordWin(key: string, gameId: string, ms: number, moves: number): boolean {
  let counted = false;
  update(key, (s) => {
    if (s.countedWon.includes(gameId)) return;
    counted = true;
    if (!s.countedPlayed.includes(gameId)) {
      s.countedPlayed.push(gameId);
      s.played++;
    }
    s.countedWon.push(gameId);
    s.won++;
    s.currentStreak++;
    s.bestStreak = Math.max(s.bestStreak, s.currentStreak);
    s.bestTimeMs = s.bestTimeMs === null ? ms : Math.min(s.bestTimeMs, ms);
    s.fewestMoves = s.fewestMoves === null ? moves : Math.min(s.fewestMoves, moves);
  });
  return counted;
}

/** A played game left without a win ends the streak. */
export function recordAbandoned(key: string, gameId: string): void {
  update(key, (s) => {
    if (s.countedPlayed.includes(gameId) && !s.countedWon.includes(gameId)) s.currentStreak = 0;
  });
}

export function resetStats(): void {
  writeStored(KEYS.stats, {});
}

export function formatDuration(ms: number): string {
  const total = Math.floor(ms / 1000);
  const h = Math.floor(total / 3600);
  const m = Math.floor((total % 3600) / 60);
  const s = total % 60;
  const two = (n: number) => String(n).padStart(2, "0");
  return h > 0 ? `${h}:${two(m)}:${two(s)}` : `${m}:${two(s)}`;
}
