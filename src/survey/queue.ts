import { createHash } from "node:crypto";
import { createPostgresBackend, type Job, withBackend } from "bullmq";
import { isDealNumber } from "../cards/deals/layout.ts";
import { findPatience, PATIENCE_GAMES } from "../games/registry.ts";
import {
  type BlindSurveySettings,
  type BlindSurveySummary,
  blindSettings,
  blindTally,
  blindThreads,
  playBlindGames,
} from "./blind.ts";
import { PostgresStore, safeUrl } from "./pg-store.ts";
import { Progress, type ProgressSink } from "./progress.ts";
import { budgetProblem, showValue } from "./rows.ts";
import { SurveyThreads, solveDeals } from "./runner.ts";
import {
  canonicalJson,
  countDeals,
  type DealRange,
  type DealResult,
  describeBudget,
  isLarger,
  type SurveyBudget,
  SurveyError,
  type SurveySettings,
  showName,
  showVersion,
} from "./settings.ts";
import type { BlindGame, OutcomeCounts, StoredSurvey } from "./store.ts";
import { BatchWriter } from "./survey.ts";
import { allGamesVersion, solverVersion } from "./version.ts";

/**
 * Surveys on many machines: BullMQ 6 jobs on its PostgreSQL backend, results in a PostgreSQL table keyed by
 * survey and deal (src/survey/pg-store.ts). One queue for every game, per solver version of all the games
 * (allGamesVersion): a job carries its survey and game, and a worker listens to the one queue of its own code, so
 * it holds the same few connections whatever the number of games, and a machine with other code never takes a
 * survey's jobs (its verdicts could differ); the survey waits for workers that match. Jobs left in another tsol
 * queue that no worker listens to (tsol's former queues of one game each, or a version no longer run) are moved to
 * a worker's queue when their game's solver version is the worker's, else named in its log.
 */

/** BullMQ's classes on its PostgreSQL backend (the process-wide default, Redis, is left alone). */
const { Queue, Worker } = withBackend(createPostgresBackend);
type PgQueue = InstanceType<typeof Queue<QueueJob>>;

/** A job: a range of deals of a survey, or a retry's list of deals with a larger budget. */
export interface RangeJob {
  survey: number;
  /** The survey's game (absent in the jobs of tsol's former queues of one game each). */
  game?: string;
  name: string;
  first: number;
  last: number;
  /** A retry: these deals only, with this budget, replacing unknown results. */
  retry?: { budget: SurveyBudget; deals: number[] };
}

/**
 * A job of the blind player's survey (blind.ts), named "blind": a range of deals to play with these settings, each
 * game stored in tsol_blind_games under the settings' canonical JSON, as SQLite's blind surveys store them.
 */
export interface BlindJob {
  blind: BlindSurveySettings;
  first: number;
  last: number;
}

export type QueueJob = RangeJob | BlindJob;

/** A job that fails (the database out of reach a moment) is tried again a few times before it is failed. */
const JOB_OPTIONS = { attempts: 5, backoff: { type: "exponential", delay: 5000 } };

/** Every tsol queue's name starts so: `tsol-survey-<hash>` now, `tsol-survey-<game>-<hash>` formerly. */
const QUEUE_PREFIX = "tsol-survey-";

/** The queue of every game's jobs for a solver version of all the games (this machine's unless given). */
export function queueName(version: string = allGamesVersion()): string {
  return `${QUEUE_PREFIX}${createHash("sha256").update(version).digest("hex").slice(0, 12)}`;
}

/**
 * Connections a queue's or worker's pool may hold for its queries (a worker has one more, listening for jobs):
 * with the results store's, a worker needs at most 3 + 1 + 4 connections.
 */
const POOL_SIZE = 3;

/** BullMQ's connection: the address, at most POOL_SIZE pooled connections, its schema made on first use. */
function connection(url: string) {
  return { connection: { connectionString: url, migrate: true, max: POOL_SIZE } };
}

function openQueue(url: string, name = queueName()): PgQueue {
  return new Queue<QueueJob>(name, connection(url));
}

/** Splits ranges into jobs of at most `chunk` deals, aligned on multiples of `chunk` (so ids repeat on a rerun). */
export function chunks(ranges: readonly DealRange[], chunk: number): DealRange[] {
  const out: DealRange[] = [];
  for (const { first, last } of ranges) {
    let low = first;
    while (low <= last) {
      const high = Math.min(last, (Math.floor(low / chunk) + 1) * chunk - 1);
      out.push({ first: low, last: high });
      low = high + 1;
    }
  }
  return out;
}

export interface EnqueueSummary {
  survey: StoredSurvey;
  jobs: number;
  /** Ranges already done whole, not enqueued again. */
  skipped: number;
}

/**
 * Starts or resumes a survey on the shared database: the survey row (a resume with other settings is refused),
 * then one job per chunk of deals not yet done. Job ids name the survey and the range, and BullMQ ignores an id
 * it already holds, so enqueueing the same range twice makes no second job.
 */
export async function enqueueSurvey(
  url: string,
  settings: SurveySettings,
  ranges: readonly DealRange[],
  chunk: number,
): Promise<EnqueueSummary> {
  const store = new PostgresStore(url);
  const queue = openQueue(url);
  try {
    const survey = await store.open(settings);
    let jobs = 0;
    let skipped = 0;
    const batch: { name: string; data: RangeJob; opts: typeof JOB_OPTIONS & { jobId: string } }[] = [];
    const flush = async () => {
      if (batch.length) await queue.addBulk(batch.splice(0));
    };
    for (const r of chunks(ranges, chunk)) {
      if ((await store.countIn(survey.id, r.first, r.last)) === r.last - r.first + 1) {
        skipped++;
        continue;
      }
      batch.push({
        name: "range",
        data: { survey: survey.id, game: survey.game, name: survey.name, first: r.first, last: r.last },
        opts: { ...JOB_OPTIONS, jobId: `s${survey.id}-${r.first}-${r.last}` },
      });
      jobs++;
      if (batch.length >= 500) await flush();
    }
    await flush();
    return { survey, jobs, skipped };
  } finally {
    await queue.close();
    await store.close();
  }
}

/** Enqueues a retry of a survey's unknown deals with a larger budget, `chunk` deals a job. */
export async function enqueueRetry(
  url: string,
  name: string,
  budget: SurveyBudget,
  chunk: number,
): Promise<{ survey: StoredSurvey; jobs: number; deals: number[] }> {
  const store = new PostgresStore(url);
  try {
    const survey = await store.find(name);
    if (!survey) throw new SurveyError("survey_missing", `no survey ${showName(name)} in ${store.where}`);
    // The workers of this machine's code take the retry's jobs: they must have the survey's solver.
    const mine = solverVersion(survey.game);
    if (mine !== survey.solverVersion) {
      throw new SurveyError(
        "survey_settings",
        `survey ${showName(name)} was made with solver ${showVersion(survey.solverVersion)}, and this one is ${mine}: a retry would mix verdicts of two solvers; start a new survey instead`,
      );
    }
    if (!isLarger(budget, survey.budget)) {
      throw new SurveyError(
        "usage",
        `a retry needs a larger budget than the survey's (${describeBudget(survey.budget)}), not ${describeBudget(budget)}`,
      );
    }
    const deals = (await store.unknownDeals(survey))
      .filter((u) => isLarger(budget, u.budget))
      .map((u) => u.deal);
    const queue = openQueue(url);
    const tag = createHash("sha256").update(JSON.stringify(budget)).digest("hex").slice(0, 8);
    let jobs = 0;
    try {
      for (let i = 0; i < deals.length; i += chunk) {
        const part = deals.slice(i, i + chunk);
        await queue.add(
          "retry",
          {
            survey: survey.id,
            game: survey.game,
            name,
            first: part[0],
            last: part[part.length - 1],
            retry: { budget, deals: part },
          },
          { ...JOB_OPTIONS, jobId: `s${survey.id}-retry-${tag}-${part[0]}-${part[part.length - 1]}` },
        );
        jobs++;
      }
    } finally {
      await queue.close();
    }
    return { survey, jobs, deals };
  } finally {
    await store.close();
  }
}

/**
 * Starts or resumes a blind survey on the shared database: one "blind" job per chunk of deals not all stored yet
 * under these settings. Job ids name the settings (a hash of their JSON) and the range, so enqueueing the same
 * range twice makes no second job.
 */
export async function enqueueBlind(
  url: string,
  settings: BlindSurveySettings,
  ranges: readonly DealRange[],
  chunk: number,
): Promise<{ jobs: number; skipped: number }> {
  const store = new PostgresStore(url);
  const queue = openQueue(url);
  const key = canonicalJson(settings);
  const tag = createHash("sha256").update(key).digest("hex").slice(0, 12);
  try {
    let jobs = 0;
    let skipped = 0;
    const batch: { name: string; data: BlindJob; opts: typeof JOB_OPTIONS & { jobId: string } }[] = [];
    for (const r of chunks(ranges, chunk)) {
      if ((await store.blindDone(key, r.first, r.last)).length === r.last - r.first + 1) {
        skipped++;
        continue;
      }
      batch.push({
        name: "blind",
        data: { blind: settings, first: r.first, last: r.last },
        opts: { ...JOB_OPTIONS, jobId: `b${tag}-${r.first}-${r.last}` },
      });
      jobs++;
    }
    for (let i = 0; i < batch.length; i += 500) await queue.addBulk(batch.slice(i, i + 500));
    return { jobs, skipped };
  } finally {
    await queue.close();
    await store.close();
  }
}

/**
 * Waits until every deal of `ranges` has a game stored under a blind survey's settings (or `signal` aborts),
 * writing a line to `log` when the count of games changes, at most every `every` ms. Returns the tally.
 */
export async function watchBlind(
  url: string,
  settings: BlindSurveySettings,
  ranges: readonly DealRange[],
  options: { log?: (line: string) => void; signal?: AbortSignal; every?: number } = {},
): Promise<Omit<BlindSurveySummary, "playedNow" | "wallTimed">> {
  const store = new PostgresStore(url);
  const key = canonicalJson(settings);
  const total = countDeals(ranges);
  let said = -1;
  try {
    for (;;) {
      const group = (await store.blindGroups(ranges)).find((g) => g.settings === key);
      const tally = blindTally(group, ranges);
      if (tally.games !== said) {
        said = tally.games;
        options.log?.(`${tally.games} of ${total} games played, ${tally.won} won`);
      }
      if (tally.left <= 0 || options.signal?.aborted) return tally;
      await new Promise((resolve) => setTimeout(resolve, options.every ?? 1000));
    }
  } finally {
    await store.close();
  }
}

/**
 * Why a blind job's data is not one tsol enqueues for a worker of this machine's code, or undefined when it is one:
 * a blind survey's settings, of a game with a blind player here, whose player version is this machine's, and a
 * range of its numbering's deals.
 */
export function blindJobProblem(data: BlindJob): string | undefined {
  if (typeof data !== "object" || data === null) return "its data is not a blind job's";
  const settings = blindSettings(data.blind);
  if (!settings) return "its settings are not a blind survey's";
  if (!findPatience(settings.game)?.blindPlayer)
    return `${showValue(settings.game)} is not a game with a blind player here`;
  const mine = solverVersion(settings.game);
  if (settings.version !== mine)
    return `the blind player ${showVersion(settings.version)} wanted, this worker has ${mine}`;
  const deal = (value: unknown): value is number =>
    typeof value === "number" && isDealNumber(value, settings.numbering);
  if (!deal(data.first) || !deal(data.last) || data.first > data.last)
    return `deals ${showValue(data.first)} to ${showValue(data.last)} are not a range of ${settings.numbering} deals`;
  return undefined;
}

/**
 * Shows a queued survey's progress, read from the results table, until every deal of `ranges` has a result
 * (or `signal` aborts). Returns the outcomes of those deals.
 */
export async function watchSurvey(
  url: string,
  survey: StoredSurvey,
  ranges: readonly DealRange[],
  options: { sink?: ProgressSink; now?: () => number; signal?: AbortSignal; every?: number } = {},
): Promise<OutcomeCounts> {
  const store = new PostgresStore(url);
  const now = options.now ?? (() => performance.now());
  const total = countDeals(ranges);
  const zero = { solved: 0, unsolvable: 0, unknown: 0 };
  const progress = new Progress(survey.name, total, zero, options.sink ?? { write() {} }, now);
  try {
    for (;;) {
      const asked = now();
      const counts = await store.countsIn(survey, ranges);
      // Counting a huge survey's results takes the database a while: ask at most a tenth of the time.
      const pause = Math.max(options.every ?? 1000, 10 * (now() - asked));
      progress.set(counts);
      if (counts.solved + counts.unsolvable + counts.unknown >= total || options.signal?.aborted) {
        progress.finish();
        return counts;
      }
      await new Promise((resolve) => setTimeout(resolve, pause));
    }
  } finally {
    await store.close();
  }
}

/** Why a job's data is not one tsol enqueues for `survey`, or undefined when it is one. */
export function jobProblem(data: RangeJob, survey: StoredSurvey): string | undefined {
  if (data.game !== undefined && data.game !== survey.game)
    return `the job's game ${showValue(data.game)} is not the survey's (${survey.game})`;
  const deal = (value: unknown): value is number =>
    typeof value === "number" && isDealNumber(value, survey.numbering);
  if (!deal(data.first) || !deal(data.last) || data.first > data.last)
    return `deals ${showValue(data.first)} to ${showValue(data.last)} are not a range of ${survey.numbering} deals`;
  const retry = data.retry;
  if (retry !== undefined) {
    if (!Array.isArray(retry.deals) || !retry.deals.every(deal))
      return `the retry's deals are not a list of ${survey.numbering} deals`;
    const budget = budgetProblem(retry.budget);
    if (budget) return `the retry's budget: ${budget}`;
  }
  return undefined;
}

/** A job of another tsol queue, as BullMQ's table holds it. */
interface StrayJob {
  queue: string;
  id: string;
  name: string;
  data: unknown;
}

/** Jobs moved to this machine's queue, and what could not be, in words. */
export interface Adoption {
  moved: number;
  notes: string[];
}

/** What a queue of another name was, for messages. */
function queueKind(name: string): string {
  return /^tsol-survey-[0-9a-f]{12}$/.test(name)
    ? "the queue of another solver version"
    : "a queue of one game, as tsol made them before one queue took every game";
}

/**
 * Moves the jobs that no worker will run from tsol's other queues to this machine's: jobs waiting, delayed, or
 * active with their lock run out (their worker died), in a queue no worker listens to, of a survey whose game has
 * this machine's solver version (any other would refuse them). A job is added here first, under its own id (a
 * job already here under that id, waiting, running or done, does the same deals), and only then taken out of
 * the other queue: a process stopped in between leaves a job in both, never in neither, and a job run twice
 * writes each deal once. Jobs of another solver version, of a survey not in the database, or not as tsol writes
 * them are left where they are, and named in `notes`. `survey` limits the move to that survey's jobs.
 */
export async function adoptStrayJobs(
  url: string,
  store: PostgresStore,
  options: { queue?: string; survey?: number; limit?: number } = {},
): Promise<Adoption> {
  const mine = options.queue ?? queueName();
  const rows = await store.queueRows<StrayJob>(
    `SELECT j.queue, j.id, j.name, j.data FROM bullmq.job j
      WHERE starts_with(j.queue, $1) AND j.queue <> $2
        AND (j.state IN ('waiting', 'delayed') OR (j.state = 'active' AND coalesce(j.locked_until_ms, 0) < $3))
        AND ($4::text IS NULL OR j.data->>'survey' = $4)
        AND NOT EXISTS (
          SELECT 1 FROM pg_stat_activity a
           WHERE a.datname = current_database()
             AND (a.application_name = j.queue OR starts_with(a.application_name, j.queue || ':'))
        )
      ORDER BY j.queue, j.seq
      LIMIT $5`,
    [
      QUEUE_PREFIX,
      mine,
      Date.now(),
      options.survey === undefined ? null : String(options.survey),
      options.limit ?? 10_000,
    ],
  );
  const groups = new Map<string, StrayJob[]>();
  for (const row of rows) {
    const data = row.data as { survey?: unknown; blind?: unknown } | null;
    const survey = data?.survey;
    const key = `${row.queue}\0${data?.blind !== undefined && row.name === "blind" ? "blind" : Number.isSafeInteger(survey) ? survey : "?"}`;
    groups.set(key, [...(groups.get(key) ?? []), row]);
  }
  const notes: string[] = [];
  let moved = 0;
  let target: PgQueue | undefined;
  try {
    /** Adds a job here under its own id, then takes it out of `source`: 1 when moved, else 0 (and a note). */
    const move = async (source: PgQueue, where: string, job: StrayJob, data: QueueJob): Promise<number> => {
      target ??= openQueue(url, mine);
      await target.add(job.name, data, { ...JOB_OPTIONS, jobId: job.id });
      const state = await target.getJobState(job.id);
      if (state === "failed" || state === "unknown") {
        notes.push(`job ${job.id} is ${state} in queue ${mine}: its copy in ${where} is left there`);
        return 0;
      }
      // 0 when a worker has taken it since: then it runs there.
      return source.remove(job.id);
    };
    for (const [key, jobs] of groups) {
      const [from, id] = key.split("\0");
      const where = `queue ${from} (${queueKind(from)})`;
      if (id === "blind") {
        // The blind player's jobs: each names its settings and player version (blindJobProblem).
        const source = openQueue(url, from);
        let here = 0;
        try {
          for (const job of jobs) {
            const problem = blindJobProblem(job.data as BlindJob);
            if (problem) notes.push(`${where}: job ${job.id}: ${problem}: left there`);
            else here += await move(source, where, job, job.data as BlindJob);
          }
        } finally {
          await source.close();
        }
        if (here > 0) {
          moved += here;
          notes.push(`moved ${here} blind jobs from ${where} to queue ${mine}`);
        }
        continue;
      }
      const survey = id === "?" ? undefined : await store.byId(Number(id));
      if (!survey) {
        notes.push(
          id === "?"
            ? `${where} holds ${jobs.length} jobs tsol did not write: left there`
            : `${where} holds ${jobs.length} jobs of survey id ${id}, which is not in ${store.where}: left there`,
        );
        continue;
      }
      const version = solverVersion(survey.game);
      if (version !== survey.solverVersion) {
        notes.push(
          `${where} holds ${jobs.length} jobs of survey ${showName(survey.name)}, made with solver ${showVersion(survey.solverVersion)}; this machine's is ${version}: they wait for a worker of that version`,
        );
        continue;
      }
      const source = openQueue(url, from);
      let here = 0;
      try {
        for (const job of jobs) {
          const data = job.data as RangeJob;
          const problem = jobProblem(data, survey);
          if (problem) {
            notes.push(`${where}: job ${job.id}: ${problem}: left there`);
            continue;
          }
          here += await move(source, where, job, { ...data, game: survey.game });
        }
      } finally {
        await source.close();
      }
      if (here > 0) {
        moved += here;
        notes.push(`moved ${here} jobs of survey ${showName(survey.name)} from ${where} to queue ${mine}`);
      }
    }
  } finally {
    await target?.close();
  }
  return { moved, notes };
}

export interface WorkerOptions {
  jobs: number;
  /** Where the worker says what it does: a line as each job starts and ends. */
  log?: (line: string) => void;
  /**
   * How long a job stays locked without its worker renewing the lock: a worker killed mid-job gives its job
   * back after this (and at most one stalled-job check interval more). 30 s unless set.
   */
  lockMs?: number;
  /** Jobs a worker holds at once: one running, one starting while the last deals of the other finish. */
  concurrency?: number;
  /** How often the worker looks for jobs left in tsol's other queues (adoptStrayJobs); every minute unless set. */
  adoptEveryMs?: number;
}

export interface RunningWorker {
  /** The queue listened to: every game's, for this machine's solver versions. */
  queue: string;
  close(): Promise<void>;
}

/**
 * A worker for every game of the registry on this machine's solver versions, on one queue: takes range jobs,
 * solves the deals that have no result yet on `jobs` threads, and writes results in batches as it goes (so a
 * worker killed mid-job loses at most a batch; the job comes back after its lock runs out and the next worker
 * does the rest). At the start and then every `adoptEveryMs` it moves the jobs nobody runs from tsol's other
 * queues to its own (adoptStrayJobs), and says once what it leaves there.
 */
export async function startQueueWorker(url: string, options: WorkerOptions): Promise<RunningWorker> {
  const store = new PostgresStore(url);
  const threads = new SurveyThreads(Math.max(1, options.jobs));
  const log = options.log ?? (() => {});
  const lockMs = options.lockMs ?? 30_000;
  const surveys = new Map<number, StoredSurvey>();
  // The blind player's threads, started by the first blind job (most workers only ever solve).
  let players: ReturnType<typeof blindThreads> | undefined;
  const handleBlind = async (job: Job<QueueJob>) => {
    const data = job.data as BlindJob;
    // A job's data is read back from the database like a result: checked before a deal is played or stored.
    const problem = blindJobProblem(data);
    if (problem) throw new SurveyError("survey_corrupt", `job ${job.id}: ${problem}`);
    const settings = data.blind;
    const key = canonicalJson(settings);
    const started = performance.now();
    log(`job ${job.id} started: blind ${settings.game} deals ${data.first}-${data.last}`);
    const done = new Set(await store.blindDone(key, data.first, data.last));
    const todo: number[] = [];
    for (let d = data.first; d <= data.last; d++) if (!done.has(d)) todo.push(d);
    // Games take seconds: each is written within a second of its end, so a worker killed mid-job loses little.
    const writer = new BatchWriter<BlindGame>((games) => store.recordBlind(key, games), 50, 1000);
    let count = 0;
    players ??= blindThreads(Math.max(1, options.jobs));
    try {
      await playBlindGames(players, settings, todo, undefined, (answer) => {
        writer.add({ deal: answer.deal, won: answer.won, moves: answer.moves, ms: answer.ms });
        count++;
      });
    } finally {
      await writer.close();
    }
    log(`job ${job.id} done: ${count} games in ${((performance.now() - started) / 1000).toFixed(1)} s`);
    return { deals: count };
  };
  const handle = async (job: Job<QueueJob>) => {
    if (job.name === "blind") return handleBlind(job);
    const data = job.data as RangeJob;
    if (!Number.isSafeInteger(data.survey))
      throw new SurveyError("survey_corrupt", `job ${job.id}: ${showValue(data.survey)} is not a survey id`);
    let survey = surveys.get(data.survey);
    if (!survey) {
      survey = await store.byId(data.survey);
      if (!survey)
        throw new SurveyError("survey_missing", `job ${job.id}: no survey ${data.survey} in ${store.where}`);
      surveys.set(survey.id, survey);
    }
    // A job's data is read back from the database like a result: checked before a deal is solved or stored.
    const problem = jobProblem(data, survey);
    if (problem) throw new SurveyError("survey_corrupt", `job ${job.id}: ${problem}`);
    const mine = solverVersion(survey.game);
    if (mine !== survey.solverVersion) {
      // Cannot happen through the queue's name (or a job moved from another queue); a guard all the same.
      throw new SurveyError(
        "survey_settings",
        `job ${job.id}: solver ${showVersion(survey.solverVersion)} wanted, this worker has ${mine}`,
      );
    }
    const started = performance.now();
    log(`job ${job.id} started: ${showName(survey.name)} deals ${data.first}-${data.last}`);
    const retry = data.retry;
    const write = retry
      ? (batch: DealResult[]) => store.replaceUnknown(survey.id, batch)
      : (batch: DealResult[]) => store.record(survey.id, batch);
    const writer = new BatchWriter(write, 200, 1000);
    let count = 0;
    let deals: Iterable<number>;
    if (retry) deals = retry.deals;
    else {
      const done = new Set(await store.doneIn(survey.id, data.first, data.last));
      const todo: number[] = [];
      for (let d = data.first; d <= data.last; d++) if (!done.has(d)) todo.push(d);
      deals = todo;
    }
    try {
      await solveDeals(
        survey,
        deals,
        (result) => {
          writer.add(result);
          count++;
        },
        { threads, ...(retry ? { budget: retry.budget } : {}) },
      );
    } finally {
      await writer.close();
    }
    log(`job ${job.id} done: ${count} deals in ${((performance.now() - started) / 1000).toFixed(1)} s`);
    return { deals: count };
  };
  const name = queueName();
  const worker = new Worker<QueueJob>(name, handle, {
    ...connection(url),
    concurrency: options.concurrency ?? 2,
    lockDuration: lockMs,
    stalledInterval: Math.min(30_000, lockMs),
    // A job's worker may die more than once over a long survey; it is only ever given back, never lost.
    maxStalledCount: 1000,
  });
  worker.on("failed", (job, error) => log(`job ${job?.id} failed: ${error.message}`));
  worker.on("error", (error) => log(`queue ${name}: ${error.message}`));
  await worker.waitUntilReady();
  log(
    `worker ready on ${safeUrl(url)}: ${options.jobs} threads, queue ${name}, games ${PATIENCE_GAMES.map((g) => g.id).join(", ")}`,
  );

  const said = new Set<string>();
  let adopting: Promise<void> | undefined;
  const adopt = () => {
    adopting ??= adoptStrayJobs(url, store, { queue: name })
      .then(
        ({ notes }) => {
          for (const line of notes) {
            if (said.has(line)) continue;
            said.add(line);
            log(line);
          }
        },
        (error: Error) => log(`looking for jobs left in other queues: ${error.message}`),
      )
      .finally(() => {
        adopting = undefined;
      });
    return adopting;
  };
  await adopt();
  const timer = setInterval(adopt, options.adoptEveryMs ?? 60_000);
  timer.unref();
  return {
    queue: name,
    async close() {
      clearInterval(timer);
      await adopting;
      await worker.close();
      await threads.close();
      await players?.close();
      await store.close();
    },
  };
}

/** Counts of a survey's jobs by state (waiting, active, completed, failed, delayed) in every tsol queue. */
export async function jobCounts(url: string, survey: StoredSurvey): Promise<Record<string, number>> {
  const store = new PostgresStore(url);
  try {
    const rows = await store.queueRows<{ state: string; n: string }>(
      "SELECT state::text AS state, count(*) AS n FROM bullmq.job WHERE starts_with(queue, $1) AND data->>'survey' = $2 GROUP BY state",
      [QUEUE_PREFIX, String(survey.id)],
    );
    return Object.fromEntries(rows.map((r) => [r.state, Number(r.n)]));
  } finally {
    await store.close();
  }
}
