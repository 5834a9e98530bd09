import { createHash } from "node:crypto";
import { createPostgresBackend, type Job, withBackend } from "bullmq";
import { isDealNumber } from "../cards/deals/layout.ts";
import { PATIENCE_GAMES } from "../games/registry.ts";
import { PostgresStore, safeUrl } from "./pg-store.ts";
import { Progress, type ProgressSink } from "./progress.ts";
import { budgetProblem, showValue } from "./rows.ts";
import { SurveyThreads, solveDeals } from "./runner.ts";
import {
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
import type { OutcomeCounts, StoredSurvey } from "./store.ts";
import { BatchWriter } from "./survey.ts";
import { solverVersion } from "./version.ts";

/**
 * Surveys on many machines: BullMQ 6 jobs on its PostgreSQL backend, results in a PostgreSQL table keyed by
 * survey and deal (src/survey/pg-store.ts). One queue per game and solver version: a worker listens only to the
 * queues of the solver versions it has, so a machine with other code never takes a survey's jobs (its verdicts
 * could differ), and the survey waits for workers that match.
 */

/** BullMQ's classes on its PostgreSQL backend (the process-wide default, Redis, is left alone). */
const { Queue, Worker } = withBackend(createPostgresBackend);
type PgQueue = InstanceType<typeof Queue<RangeJob>>;
type PgWorker = InstanceType<typeof Worker<RangeJob>>;

/** A job: a range of deals of a survey, or a retry's list of deals with a larger budget. */
export interface RangeJob {
  survey: number;
  name: string;
  first: number;
  last: number;
  /** A retry: these deals only, with this budget, replacing unknown results. */
  retry?: { budget: SurveyBudget; deals: number[] };
}

/** A job that fails (the database out of reach a moment) is tried again a few times before it is failed. */
const JOB_OPTIONS = { attempts: 5, backoff: { type: "exponential", delay: 5000 } };

export function queueName(game: string, version: string): string {
  return `tsol-survey-${game}-${createHash("sha256").update(version).digest("hex").slice(0, 12)}`;
}

/** BullMQ's connection: the address, and its schema made on first use (`migrate`). */
function connection(url: string) {
  return { connection: { connectionString: url, migrate: true } };
}

function openQueue(url: string, game: string, version: string): PgQueue {
  return new Queue<RangeJob>(queueName(game, version), connection(url));
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
  const queue = openQueue(url, settings.game, settings.solverVersion);
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
        data: { survey: survey.id, name: survey.name, first: r.first, last: r.last },
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
    if (!isLarger(budget, survey.budget)) {
      throw new SurveyError(
        "usage",
        `a retry needs a larger budget than the survey's (${describeBudget(survey.budget)}), not ${describeBudget(budget)}`,
      );
    }
    const deals = (await store.unknownDeals(survey))
      .filter((u) => isLarger(budget, u.budget))
      .map((u) => u.deal);
    const queue = openQueue(url, survey.game, survey.solverVersion);
    const tag = createHash("sha256").update(JSON.stringify(budget)).digest("hex").slice(0, 8);
    let jobs = 0;
    try {
      for (let i = 0; i < deals.length; i += chunk) {
        const part = deals.slice(i, i + chunk);
        await queue.add(
          "retry",
          {
            survey: survey.id,
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
}

export interface RunningWorker {
  /** The queues listened to, one per game of the registry. */
  queues: string[];
  close(): Promise<void>;
}

/**
 * A worker for every game of the registry on this machine's solver versions: takes range jobs, solves the deals
 * that have no result yet on `jobs` threads, and writes results in batches as it goes (so a worker killed
 * mid-job loses at most a batch; the job comes back after its lock runs out and the next worker does the rest).
 */
export async function startQueueWorker(url: string, options: WorkerOptions): Promise<RunningWorker> {
  const store = new PostgresStore(url);
  const threads = new SurveyThreads(Math.max(1, options.jobs));
  const log = options.log ?? (() => {});
  const lockMs = options.lockMs ?? 30_000;
  const surveys = new Map<number, StoredSurvey>();
  const handle = async (job: Job<RangeJob>) => {
    const data = job.data;
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
      // Cannot happen through the queue names; a guard all the same.
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
  const workers: PgWorker[] = [];
  const queues: string[] = [];
  for (const game of PATIENCE_GAMES) {
    const name = queueName(game.id, solverVersion(game.id));
    queues.push(name);
    const worker = new Worker<RangeJob>(name, handle, {
      ...connection(url),
      concurrency: options.concurrency ?? 2,
      lockDuration: lockMs,
      stalledInterval: Math.min(30_000, lockMs),
      // A job's worker may die more than once over a long survey; it is only ever given back, never lost.
      maxStalledCount: 1000,
    });
    worker.on("failed", (job, error) => log(`job ${job?.id} failed: ${error.message}`));
    worker.on("error", (error) => log(`queue ${name}: ${error.message}`));
    workers.push(worker);
  }
  await Promise.all(workers.map((w) => w.waitUntilReady()));
  log(
    `worker ready on ${safeUrl(url)}: ${options.jobs} threads, games ${PATIENCE_GAMES.map((g) => g.id).join(", ")}`,
  );
  return {
    queues,
    async close() {
      await Promise.all(workers.map((w) => w.close()));
      await threads.close();
      await store.close();
    },
  };
}

/** Counts of a survey's jobs by state, for the command's summary. */
export async function jobCounts(url: string, survey: StoredSurvey): Promise<Record<string, number>> {
  const queue = openQueue(url, survey.game, survey.solverVersion);
  try {
    return await queue.getJobCounts();
  } finally {
    await queue.close();
  }
}
