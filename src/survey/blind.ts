import type { Numbering } from "../cards/deals/layout.ts";
import { escapeControls, shortText } from "../cards/text.ts";
import type { AnyPatienceGame, AutoPolicy } from "../games/patience/contract.ts";
import type { BlindGameAnswer, BlindGameRequest } from "./blind-thread.ts";
import { rulesLabel, wilson } from "./report.ts";
import { feedThreads, SurveyThreads } from "./runner.ts";
import { canonicalJson, type DealRange, SurveyError } from "./settings.ts";
import type { BlindGroup, SqliteStore } from "./store.ts";

/**
 * A survey of the blind player (`tsol survey GAME --blind --deals A-B`): each deal played once by the game's blind
 * player, whether it won stored in the survey's SQLite file (a table of its own, `blind_games`, beside the
 * solver's surveys: SqliteStore), so that running the same command again resumes where it stopped. The win rate is given with
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
  store: SqliteStore,
  options: {
    jobs: number;
    signal?: AbortSignal;
    onGame?: (deal: number, won: boolean, ms: number) => void;
  },
): Promise<BlindSurveySummary> {
  if (!game.blindPlayer) throw new RangeError(`${game.title} has no blind player`);
  const key = canonicalJson(settings);
  const done = store.blindDeals(key);
  let playedNow = 0;
  let wallTimed = 0;
  const todo = (function* () {
    for (const n of dealsOf(ranges)) if (!done.has(n)) yield n;
  })();
  const threads = blindThreads(options.jobs);
  try {
    await playBlindGames(threads, settings, todo, options.signal, (answer) => {
      store.recordBlind(key, answer);
      playedNow++;
      if (answer.clock === "wall") wallTimed++;
      options.onGame?.(answer.deal, answer.won, answer.ms);
    });
  } finally {
    await threads.close();
  }
  const group = store.blindGroups(ranges).find((g) => g.settings === key);
  return { ...blindTally(group, ranges), playedNow, wallTimed };
}

/** What a blind survey's stored games come to over the deals asked for (its group of `blindGroups(ranges)`). */
export function blindTally(
  group: BlindGroup | undefined,
  ranges: readonly DealRange[],
): Omit<BlindSurveySummary, "playedNow" | "wallTimed"> {
  const games = group?.games ?? 0;
  const won = group?.won ?? 0;
  const asked = ranges.reduce((n, r) => n + r.last - r.first + 1, 0);
  return {
    games,
    won,
    ...wilson(won, games),
    seconds: games ? (group as BlindGroup).ms / games / 1000 : 0,
    left: asked - games,
  };
}

type Played = Extract<BlindGameAnswer, { won: boolean }>;

/** Worker threads that play blind games (blind-thread.ts), `jobs` of them. */
export function blindThreads(jobs: number): SurveyThreads<BlindGameRequest, BlindGameAnswer> {
  return new SurveyThreads<BlindGameRequest, BlindGameAnswer>(
    jobs,
    new URL("./blind-thread.ts", import.meta.url),
  );
}

/**
 * Plays the deals of `deals` on `threads` (blindThreads; several callers may share them), calling `onPlayed` for
 * each game in the order they end.
 */
export async function playBlindGames(
  threads: SurveyThreads<BlindGameRequest, BlindGameAnswer>,
  settings: BlindSurveySettings,
  deals: Iterable<number>,
  signal: AbortSignal | undefined,
  onPlayed: (answer: Played) => void,
): Promise<void> {
  const { version: _, ...common } = settings;
  await feedThreads(threads, deals, {
    request: (deal) => ({ ...common, deal }),
    onAnswer: (_deal, answer) => {
      if ("error" in answer) throw new SurveyError("blind_game", answer.error);
      onPlayed(answer);
    },
    onDiedTwice: (deal, error) => {
      throw new SurveyError(
        "thread_died",
        `the player's thread stopped twice on deal ${deal}: ${error.message}`,
      );
    },
    // A game takes seconds: two a thread keep it busy.
    inFlight: 2,
    ...(signal ? { signal } : {}),
  });
}

/** A blind survey as `tsol survey report` shows it: its settings, and its games over the deals stored. */
export interface BlindReport {
  game: string;
  /** The game's id and its rules in words (report.ts's rulesLabel). */
  label: string;
  numbering: string;
  policy: string;
  seed: number;
  samples: number | null;
  version: string;
  /** Deals stored: how many, the lowest and the highest. */
  games: number;
  first: number;
  last: number;
  won: number;
  /** The share won and its 95% Wilson interval. */
  share: number;
  low: number;
  high: number;
  /** Mean seconds a game (CPU time of its thread). */
  seconds: number;
  /** The database it was read from. */
  file: string;
}

/** What a blind survey's stored settings must be, field by field; anything else is not a blind survey's. */
function settingsOf(text: string): BlindSurveySettings | undefined {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    return undefined;
  }
  return blindSettings(value);
}

/** `value` as a blind survey's settings when it is one, field by field (a queue's job carries them too). */
export function blindSettings(value: unknown): BlindSurveySettings | undefined {
  if (typeof value !== "object" || value === null || Array.isArray(value)) return undefined;
  const v = value as Record<string, unknown>;
  const ok =
    typeof v.game === "string" &&
    typeof v.rules === "object" &&
    v.rules !== null &&
    !Array.isArray(v.rules) &&
    typeof v.numbering === "string" &&
    typeof v.policy === "string" &&
    Number.isSafeInteger(v.seed) &&
    (v.samples === null || Number.isSafeInteger(v.samples)) &&
    typeof v.version === "string" &&
    Object.keys(v).length === 7;
  return ok ? (v as unknown as BlindSurveySettings) : undefined;
}

/**
 * The blind surveys stored in a survey's SQLite file (none in a file made before they were). Stored settings that
 * are not a blind survey's are refused with an error saying so, not shown as a figure.
 */
export function readBlindReports(store: SqliteStore): BlindReport[] {
  return blindReports(store.blindGroups(), store.where, "blind_games");
}

/** The reports of blind surveys' stored games (`blindGroups` of a store at `where`, whose table is `table`). */
export function blindReports(groups: readonly BlindGroup[], where: string, table: string): BlindReport[] {
  return groups.map((g) => {
    const settings = settingsOf(g.settings);
    if (!settings)
      throw new SurveyError(
        "survey_store",
        `${where}: its table ${table} holds settings that are not a blind survey's (${escapeControls(shortText(g.settings, 80))})`,
      );
    const interval = wilson(g.won, g.games);
    return {
      game: settings.game,
      label: `${settings.game} (${rulesLabel(settings.game, settings.rules)})`,
      numbering: settings.numbering,
      policy: settings.policy,
      seed: settings.seed,
      samples: settings.samples,
      version: settings.version,
      games: g.games,
      first: g.first,
      last: g.last,
      won: g.won,
      share: g.games ? g.won / g.games : 0,
      low: interval.low,
      high: interval.high,
      seconds: g.ms / g.games / 1000,
      file: where,
    };
  });
}
