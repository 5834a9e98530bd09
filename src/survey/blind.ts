import Database from "better-sqlite3";
import type { Numbering } from "../cards/deals/layout.ts";
import type { AnyPatienceGame, AutoPolicy } from "../games/patience/contract.ts";
import { wilson } from "./report.ts";
import { canonicalJson, type DealRange } from "./settings.ts";

/**
 * A survey of the blind player (`tsol survey GAME --blind --deals A-B`): each deal played once by the game's blind
 * player, whether it won stored in the survey's SQLite file (a table of its own, `blind_games`, beside the
 * solver's surveys), so that running the same command again resumes where it stopped. The win rate is given with
 * its 95% Wilson interval. One thread: the player's searches are many and small.
 */

/** What a blind survey is fixed to: a resume with other settings is another survey. */
export interface BlindSurveySettings {
  game: string;
  rules: Record<string, unknown>;
  numbering: Numbering;
  policy: AutoPolicy;
  seed: number;
  /** Samples a decision (null: the player's default). */
  samples: number | null;
  /** The game's solver version (src/survey/version.ts: it covers the blind player's source). */
  version: string;
}

export interface BlindSurveySummary {
  /** Games stored for the deals asked for, won among them, and the 95% Wilson interval of the share won. */
  games: number;
  won: number;
  low: number;
  high: number;
  /** Mean seconds a game (CPU time of the games played, as stored). */
  seconds: number;
  /** Games played by this run, and deals of the range still to play (after a stop). */
  playedNow: number;
  left: number;
}

const SCHEMA = `CREATE TABLE IF NOT EXISTS blind_games (
  settings TEXT NOT NULL,
  deal INTEGER NOT NULL,
  won INTEGER NOT NULL,
  moves INTEGER NOT NULL,
  ms REAL NOT NULL,
  PRIMARY KEY (settings, deal)
)`;

function* dealsOf(ranges: readonly DealRange[]): Generator<number> {
  for (const r of ranges) for (let n = r.first; n <= r.last; n++) yield n;
}

/**
 * Plays every deal of `ranges` not yet stored under these settings, storing each game as it ends; stops between
 * games once `signal` is aborted. `onGame` is told of each game played; `cpuMs` reads the clock a game is timed
 * by (the process's CPU time).
 */
export async function runBlindSurvey(
  game: AnyPatienceGame,
  settings: BlindSurveySettings,
  ranges: readonly DealRange[],
  file: string,
  options: {
    signal?: AbortSignal;
    cpuMs: () => number;
    onGame?: (deal: number, won: boolean, ms: number) => void;
  },
): Promise<BlindSurveySummary> {
  if (!game.blindPlayer) throw new RangeError(`${game.title} has no blind player`);
  const player = await game.blindPlayer();
  const db = new Database(file);
  try {
    db.pragma("busy_timeout = 10000");
    db.pragma("journal_mode = WAL");
    db.pragma("synchronous = NORMAL");
    db.exec(SCHEMA);
    const key = canonicalJson(settings);
    const done = new Set(
      (db.prepare("SELECT deal FROM blind_games WHERE settings = ?").all(key) as { deal: number }[]).map(
        (r) => r.deal,
      ),
    );
    const insert = db.prepare(
      "INSERT OR IGNORE INTO blind_games (settings, deal, won, moves, ms) VALUES (?, ?, ?, ?, ?)",
    );
    const rules = game.rules.make(settings.rules);
    let playedNow = 0;
    let left = 0;
    for (const n of dealsOf(ranges)) {
      if (done.has(n)) continue;
      if (options.signal?.aborted) {
        left++;
        continue;
      }
      const start = game.deal(n, rules, settings.numbering);
      const t0 = options.cpuMs();
      const result = player.play(start, {
        seed: settings.seed,
        policy: settings.policy,
        ...(settings.samples !== null ? { samples: settings.samples } : {}),
      });
      const ms = options.cpuMs() - t0;
      insert.run(key, n, result.won ? 1 : 0, result.moves.length, ms);
      playedNow++;
      options.onGame?.(n, result.won, ms);
      // Let a signal be handled between games.
      await new Promise((resolve) => setImmediate(resolve));
    }
    const wanted = { has: (n: number) => ranges.some((r) => n >= r.first && n <= r.last) };
    const rows = (
      db.prepare("SELECT deal, won, ms FROM blind_games WHERE settings = ?").all(key) as {
        deal: number;
        won: number;
        ms: number;
      }[]
    ).filter((r) => wanted.has(r.deal));
    const won = rows.filter((r) => r.won === 1).length;
    const interval = wilson(won, rows.length);
    const seconds = rows.length ? rows.reduce((a, r) => a + r.ms, 0) / rows.length / 1000 : 0;
    return { games: rows.length, won, ...interval, seconds, playedNow, left };
  } finally {
    db.close();
  }
}
