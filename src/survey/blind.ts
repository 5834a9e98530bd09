import Database from "better-sqlite3";
import type { Numbering } from "../cards/deals/layout.ts";
import type { AnyPatienceGame, AutoPolicy } from "../games/patience/contract.ts";
import type { BlindGameAnswer, BlindGameRequest } from "./blind-thread.ts";
import { wilson } from "./report.ts";
import { SurveyThreads, ThreadDiedError } from "./runner.ts";
import { canonicalJson, type DealRange } from "./settings.ts";

/**
 * A survey of the blind player (`tsol survey GAME --blind --deals A-B`): each deal played once by the game's blind
 * player, whether it won stored in the survey's SQLite file (a table of its own, `blind_games`, beside the
 * solver's surveys), so that running the same command again resumes where it stopped. The win rate is given with
 * its 95% Wilson interval. Games are played in worker threads, each game in one, timed by that thread's CPU time.
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
  /** Games of this run timed by the wall clock: the system gives no thread's CPU time (thread-cpu.ts). */
  wallTimed: number;
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
 * Plays every deal of `ranges` not yet stored under these settings in `jobs` worker threads (blind-thread.ts),
 * storing each game as it ends. Once `signal` is aborted no game starts, and the games in flight are dropped
 * (not stored: the same command plays them again). `onGame` is told of each game played. A game whose thread dies
 * is played once more, alone; a second death, or a game the thread could not play, ends the survey with an error.
 */
export async function runBlindSurvey(
  game: AnyPatienceGame,
  settings: BlindSurveySettings,
  ranges: readonly DealRange[],
  file: string,
  options: {
    jobs: number;
    signal?: AbortSignal;
    onGame?: (deal: number, won: boolean, ms: number) => void;
  },
): Promise<BlindSurveySummary> {
  if (!game.blindPlayer) throw new RangeError(`${game.title} has no blind player`);
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
    let playedNow = 0;
    let wallTimed = 0;
    const todo = (function* () {
      for (const n of dealsOf(ranges)) if (!done.has(n)) yield n;
    })();
    await playInThreads(settings, todo, options.jobs, options.signal, (answer) => {
      insert.run(key, answer.deal, answer.won ? 1 : 0, answer.moves, answer.ms);
      playedNow++;
      if (answer.clock === "wall") wallTimed++;
      options.onGame?.(answer.deal, answer.won, answer.ms);
    });
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
    const asked = ranges.reduce((n, r) => n + r.last - r.first + 1, 0);
    return { games: rows.length, won, ...interval, seconds, playedNow, left: asked - rows.length, wallTimed };
  } finally {
    db.close();
  }
}

type Played = Extract<BlindGameAnswer, { won: boolean }>;

/** Games kept waiting on each thread, so that a thread never idles while the main thread stores a game. */
const IN_FLIGHT = 2;

/** Plays the deals of `deals` in `jobs` threads, calling `onPlayed` for each game in the order they end. */
async function playInThreads(
  settings: BlindSurveySettings,
  deals: Iterator<number>,
  jobs: number,
  signal: AbortSignal | undefined,
  onPlayed: (answer: Played) => void,
): Promise<void> {
  const threads = new SurveyThreads<BlindGameRequest, BlindGameAnswer>(
    jobs,
    new URL("./blind-thread.ts", import.meta.url),
  );
  try {
    await new Promise<void>((resolve, reject) => {
      let stopped = false;
      let inFlight = 0;
      let exhausted = false;
      const again: number[] = [];
      const died = new Set<number>();
      const fail = (error: Error) => {
        stopped = true;
        reject(error);
      };
      signal?.addEventListener("abort", () => {
        stopped = true;
        resolve();
      });
      const launch = (deal: number) => {
        inFlight++;
        threads
          .ask({
            game: settings.game,
            rules: settings.rules,
            numbering: settings.numbering,
            policy: settings.policy,
            seed: settings.seed,
            samples: settings.samples,
            deal,
          })
          .then(
            (answer) => {
              if (stopped) return;
              if ("error" in answer) fail(new Error(answer.error));
              else {
                try {
                  onPlayed(answer);
                } catch (error) {
                  fail(error as Error);
                }
              }
            },
            (error: Error) => {
              if (stopped) return;
              if (!(error instanceof ThreadDiedError) || died.has(deal))
                fail(new Error(`the player's thread stopped twice on deal ${deal}: ${error.message}`));
              else {
                died.add(deal);
                again.push(deal);
              }
            },
          )
          .finally(() => {
            inFlight--;
            pump();
          });
      };
      const pump = () => {
        while (!stopped && inFlight < jobs * IN_FLIGHT) {
          // A game whose thread died goes alone, so that no other game dies with it if it is the one at fault.
          if (again.length) {
            if (inFlight === 0) launch(again.shift() as number);
            break;
          }
          if (exhausted || signal?.aborted) break;
          const next = deals.next();
          if (next.done) {
            exhausted = true;
            break;
          }
          launch(next.value);
        }
        if (!stopped && inFlight === 0 && again.length === 0 && (exhausted || signal?.aborted)) resolve();
      };
      pump();
    });
  } finally {
    await threads.close();
  }
}
