import { Progress, type ProgressSink } from "./progress.ts";
import { type SurveyThreads, solveDeals } from "./runner.ts";
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
import type { OutcomeCounts, StoredSurvey, SurveyStore } from "./store.ts";

/** Deals asked of the store at a time when looking for those still to do. */
const SLICE = 10_000;

/** The deals of `ranges` without a result yet, fetched from the store a slice at a time. */
export async function* pendingDeals(
  store: SurveyStore,
  survey: number,
  ranges: readonly DealRange[],
): AsyncGenerator<number> {
  for (const { first, last } of ranges) {
    for (let low = first; low <= last; low += SLICE) {
      const high = Math.min(last, low + SLICE - 1);
      const done = new Set(await store.doneIn(survey, low, high));
      for (let deal = low; deal <= high; deal++) if (!done.has(deal)) yield deal;
    }
  }
}

/**
 * Results on their way to the store: written in one transaction per batch (every `every` ms or `size` results),
 * one batch at a time, so the store sees whole batches in order.
 */
export class BatchWriter<T = DealResult> {
  private buffer: T[] = [];
  private chain: Promise<void> = Promise.resolve();
  private failure: unknown;
  private timer: NodeJS.Timeout | undefined;

  constructor(
    private readonly write: (results: T[]) => Promise<void>,
    private readonly size = 1000,
    every = 250,
  ) {
    this.timer = setInterval(() => this.flush(), every);
  }

  add(result: T): void {
    if (this.failure) throw this.failure;
    this.buffer.push(result);
    if (this.buffer.length >= this.size) this.flush();
  }

  flush(): Promise<void> {
    if (this.buffer.length) {
      const batch = this.buffer;
      this.buffer = [];
      this.chain = this.chain
        .then(() => this.write(batch))
        .catch((error: unknown) => {
          this.failure ??= error;
        });
    }
    return this.chain;
  }

  async close(): Promise<void> {
    clearInterval(this.timer);
    this.timer = undefined;
    await this.flush();
    if (this.failure) throw this.failure;
  }
}

export interface RunOptions {
  jobs?: number;
  sink?: ProgressSink;
  now?: () => number;
  signal?: AbortSignal;
  /** Solver threads to use and leave running (the catalogue keeps one set for every preset); else started here. */
  threads?: SurveyThreads;
  /** Called with each result once it is stored … or about to be: tests use it to watch. */
  onResult?: (result: DealResult) => void;
}

export interface RunSummary {
  survey: StoredSurvey;
  /** Deals solved by this run (not those found done). */
  solvedNow: number;
  counts: OutcomeCounts;
  /** Deals of the range with no result yet (a stopped run). */
  left: number;
  /** Results with a note: solutions that did not replay, errors, the memory budget. */
  notes: DealResult[];
  /** Wall time of this run in ms, threads starting included. */
  wallMs: number;
}

/**
 * Runs (or resumes) a survey over `ranges` on the store: the deals without a result are solved on worker
 * threads and written in batches. Resuming needs the same settings; the store refuses others.
 */
export async function runSurvey(
  store: SurveyStore,
  settings: SurveySettings,
  ranges: readonly DealRange[],
  options: RunOptions = {},
): Promise<RunSummary> {
  const survey = await store.open(settings);
  const now = options.now ?? (() => performance.now());
  const began = now();
  const total = countDeals(ranges);
  const already = await store.countsIn(survey, ranges);
  const progress = new Progress(settings.name, total, already, options.sink ?? { write() {} }, now);
  const writer = new BatchWriter((batch) => store.record(survey.id, batch));
  const notes: DealResult[] = [];
  let solvedNow = 0;
  const clock = setInterval(() => progress.refresh(), 1000);
  try {
    await solveDeals(
      survey,
      pendingDeals(store, survey.id, ranges),
      (result) => {
        writer.add(result);
        solvedNow++;
        if (result.note) notes.push(result);
        progress.add(result.outcome);
        options.onResult?.(result);
      },
      { jobs: options.jobs, signal: options.signal, threads: options.threads },
    );
  } finally {
    clearInterval(clock);
    await writer.close();
  }
  progress.finish();
  const counts = await store.countsIn(survey, ranges);
  const done = counts.solved + counts.unsolvable + counts.unknown;
  return { survey, solvedNow, counts, left: total - done, notes, wallMs: now() - began };
}

/**
 * Runs the unknown deals of a stored survey again with a larger budget. A deal's result is replaced only while
 * it is unknown; a deal already tried with this budget (a retry that was stopped and is run again) is skipped.
 */
export async function retrySurvey(
  store: SurveyStore,
  name: string,
  budget: SurveyBudget,
  solverVersion: (game: string) => string,
  options: RunOptions = {},
): Promise<RunSummary & { retried: number }> {
  const survey = await store.find(name);
  if (!survey) throw new SurveyError("survey_missing", `no survey ${showName(name)} in ${store.where}`);
  if (solverVersion(survey.game) !== survey.solverVersion) {
    throw new SurveyError(
      "survey_settings",
      `survey ${showName(name)} was made with solver ${showVersion(survey.solverVersion)}, and this one is ${solverVersion(survey.game)}: a retry would mix verdicts of two solvers; start a new survey instead`,
    );
  }
  if (!isLarger(budget, survey.budget)) {
    throw new SurveyError(
      "usage",
      `a retry needs a larger budget than the survey's (${describeBudget(survey.budget)}), not ${describeBudget(budget)}`,
    );
  }
  const todo = (await store.unknownDeals(survey))
    .filter((u) => isLarger(budget, u.budget))
    .map((u) => u.deal);
  const now = options.now ?? (() => performance.now());
  const began = now();
  // The progress counts this retry's deals; those already decided are not its business.
  const progress = new Progress(
    `${name} (retry)`,
    todo.length,
    { solved: 0, unsolvable: 0, unknown: 0 },
    options.sink ?? { write() {} },
    now,
  );
  const writer = new BatchWriter((batch) => store.replaceUnknown(survey.id, batch));
  const notes: DealResult[] = [];
  let solvedNow = 0;
  const clock = setInterval(() => progress.refresh(), 1000);
  try {
    await solveDeals(
      survey,
      todo,
      (result) => {
        writer.add(result);
        solvedNow++;
        if (result.note) notes.push(result);
        progress.add(result.outcome);
        options.onResult?.(result);
      },
      { jobs: options.jobs, signal: options.signal, budget },
    );
  } finally {
    clearInterval(clock);
    await writer.close();
  }
  progress.finish();
  const counts = await store.counts(survey);
  return {
    survey,
    solvedNow,
    counts,
    left: todo.length - solvedNow,
    notes,
    retried: todo.length,
    wallMs: now() - began,
  };
}
