import { availableParallelism } from "node:os";
import type { Worker } from "node:worker_threads";
import type { SolveRequest } from "../search/protocol.ts";
import { startTypeScriptThread } from "../workers/typescript-thread.ts";
import {
  type DealResult,
  requestBudget,
  type SurveyBudget,
  SurveyError,
  type SurveySettings,
} from "./settings.ts";

/** What a survey thread sends back for one deal (src/survey/thread.ts): the figures, not the moves. */
export interface SurveyAnswer {
  id: number;
  outcome: DealResult["outcome"];
  length: number | null;
  positions: number;
  ms: number;
  note?: string;
  /** The request's error, when it failed: a bad setting stops the survey, anything else is a note. */
  failure?: { code: string; message: string };
}

/** Errors that say the survey's settings are wrong, not this deal: the survey stops on the first. */
const SETTINGS_ERRORS = new Set([
  "invalid_rules",
  "unknown_game",
  "bad_policy",
  "bad_message",
  "invalid_budget",
  "deal_number",
]);

/** Starts a thread running src/survey/thread.ts (or the file given). */
function startSurveyThread(file: URL): Worker {
  return startTypeScriptThread(file);
}

/** Every core: the default number of solver threads. */
export const defaultJobs = (): number => Math.max(1, availableParallelism());

/** A thread died with the request in flight (out of memory, say). */
export class ThreadDiedError extends Error {
  readonly code = "thread_died";
}

interface Slot<A> {
  worker: Worker;
  pending: Map<number, { resolve: (a: A) => void; reject: (e: Error) => void }>;
}

/**
 * Solver threads kept for as long as they are needed (a queue worker keeps them across jobs: a thread takes a
 * second to start). Each request goes to the thread with the fewest in flight. A thread that dies is replaced;
 * the requests it held are rejected with ThreadDiedError. The messages are the solver's (a solve request, a
 * survey's answer) unless a thread script of another kind is given (the blind player's games, blind.ts).
 */
export class SurveyThreads<R extends { id: number } = SolveRequest, A extends { id: number } = SurveyAnswer> {
  private readonly slots: Slot<A>[] = [];
  private nextId = 1;
  private closed = false;

  constructor(
    readonly size: number,
    /** The thread's script: the survey thread, or a stand-in in tests. */
    private readonly script = new URL("./thread.ts", import.meta.url),
  ) {
    for (let i = 0; i < size; i++) this.slots.push(this.start());
  }

  private start(): Slot<A> {
    const slot: Slot<A> = { worker: startSurveyThread(this.script), pending: new Map() };
    let why = "";
    slot.worker.on("message", (answer: A) => {
      const waiting = slot.pending.get(answer.id);
      if (!waiting) return;
      slot.pending.delete(answer.id);
      waiting.resolve(answer);
    });
    slot.worker.on("error", (error) => {
      why = error.message;
    });
    slot.worker.on("exit", (code) => {
      const lost = [...slot.pending.values()];
      slot.pending.clear();
      for (const w of lost)
        w.reject(new ThreadDiedError(why || `the solver thread stopped (exit code ${code})`));
      if (this.closed) return;
      const index = this.slots.indexOf(slot);
      if (index >= 0) this.slots[index] = this.start();
    });
    return slot;
  }

  /** Requests in flight on all threads. */
  get busy(): number {
    return this.slots.reduce((n, s) => n + s.pending.size, 0);
  }

  /** Sends a request to the thread with the fewest in flight (its id is chosen here); resolves with the answer. */
  ask(request: Omit<R, "id">): Promise<A> {
    if (this.closed) return Promise.reject(new Error("the solver threads are closed"));
    const slot = this.slots.reduce((a, b) => (b.pending.size < a.pending.size ? b : a));
    const id = this.nextId++;
    return new Promise((resolve, reject) => {
      slot.pending.set(id, { resolve, reject });
      slot.worker.postMessage({ ...request, id });
    });
  }

  async close(): Promise<void> {
    this.closed = true;
    await Promise.all(this.slots.map((s) => s.worker.terminate()));
  }
}

/** Requests kept waiting on each thread, so that a thread never idles while the main thread reads an answer. */
const IN_FLIGHT = 4;

/** What `feedThreads` sends for each item, and what it does with the answers. */
export interface Feed<I, R, A> {
  /** The request for an item (its id is chosen by the threads). */
  request: (item: I) => Omit<R, "id">;
  /** Told of each answer, in the order they come; throwing ends the run with that error. */
  onAnswer: (item: I, answer: A) => void;
  /** Told of an item whose thread died twice (it was tried again alone once); throwing ends the run. */
  onDiedTwice: (item: I, error: ThreadDiedError) => void;
  /** Requests in flight on each thread (default IN_FLIGHT). */
  inFlight?: number;
  /** Once aborted, no new item is sent and the answers still to come are dropped: the run resolves at once. */
  signal?: AbortSignal;
}

/**
 * Sends every item of `items` to `threads`, keeping each thread fed, and resolves when every item is answered.
 * The source is read in order, one item at a time as room frees up (a survey's store is asked lazily). An item
 * whose thread died is tried once more, alone, so that if it is the one that kills threads no other item dies with
 * it a second time.
 */
export async function feedThreads<I, R extends { id: number }, A extends { id: number }>(
  threads: SurveyThreads<R, A>,
  items: AsyncIterable<I> | Iterable<I>,
  feed: Feed<I, R, A>,
): Promise<void> {
  const iterator =
    Symbol.asyncIterator in items
      ? (items as AsyncIterable<I>)[Symbol.asyncIterator]()
      : (items as Iterable<I>)[Symbol.iterator]();
  const window = threads.size * (feed.inFlight ?? IN_FLIGHT);
  const { signal } = feed;
  const again: { item: I; deaths: number }[] = [];
  let inFlight = 0;
  let exhausted = false;
  await new Promise<void>((resolve, reject) => {
    let failed = false;
    let pumping = false;
    const fail = (error: unknown) => {
      failed = true;
      reject(error);
    };
    // Stopped: answers still to come are dropped (their items were not stored, so a resume sends them again);
    // waiting for them could take minutes where one item does.
    signal?.addEventListener("abort", () => {
      failed = true;
      resolve();
    });
    const launch = (entry: { item: I; deaths: number }) => {
      inFlight++;
      threads
        .ask(feed.request(entry.item))
        .then(
          (answer) => {
            if (!failed) feed.onAnswer(entry.item, answer);
          },
          (error: Error) => {
            if (failed) return;
            if (!(error instanceof ThreadDiedError)) throw error;
            entry.deaths++;
            if (entry.deaths < 2) again.push(entry);
            else feed.onDiedTwice(entry.item, error);
          },
        )
        .catch(fail)
        .finally(() => {
          inFlight--;
          pump().catch(fail);
        });
    };
    // Fills the window; one pump at a time, since the source is asked in order.
    const pump = async (): Promise<void> => {
      if (pumping || failed) return;
      pumping = true;
      try {
        while (!failed && inFlight < window) {
          if (again.length) {
            if (inFlight === 0) launch(again.shift() as { item: I; deaths: number });
            break;
          }
          if (exhausted || signal?.aborted) break;
          const next = await iterator.next();
          if (next.done) {
            exhausted = true;
            break;
          }
          launch({ item: next.value, deaths: 0 });
        }
      } finally {
        pumping = false;
      }
      if (!failed && inFlight === 0 && again.length === 0 && (exhausted || signal?.aborted)) resolve();
    };
    pump().catch(fail);
  });
}

/** Deal numbers to solve, fetched lazily (the store is asked a slice at a time which deals are still to do). */
export type DealSource = AsyncIterable<number> | Iterable<number>;

export interface SolveOptions {
  /** Threads to use (a queue worker's, kept across jobs); else `jobs` threads are started and closed after. */
  threads?: SurveyThreads;
  jobs?: number;
  /** A retry's larger budget; else the survey's. */
  budget?: SurveyBudget;
  /** Once aborted, no new deal is sent and the deals in flight are dropped (not reported). */
  signal?: AbortSignal;
}

/**
 * Solves deals under the survey's rules, numbering, policy and budget, and calls `onResult` once for every deal
 * in the order the answers come. A deal whose thread died is tried again; one in flight on two threads that died
 * is recorded as unknown with a note. The first error of a setting (bad rules, say) rejects at once; an abort
 * resolves at once.
 */
export async function solveDeals(
  settings: SurveySettings,
  deals: DealSource,
  onResult: (result: DealResult) => void,
  options: SolveOptions = {},
): Promise<void> {
  const threads = options.threads ?? new SurveyThreads(Math.max(1, options.jobs ?? defaultJobs()));
  const budget = options.budget ?? settings.budget;
  try {
    await feedThreads(threads, deals, {
      request: (deal) => ({
        type: "solve" as const,
        game: settings.game,
        rules: settings.rules,
        policy: settings.policy,
        deal,
        numbering: settings.numbering,
        budget: requestBudget(budget),
        turns: false,
      }),
      onAnswer: (deal, answer) => {
        if (answer.failure && SETTINGS_ERRORS.has(answer.failure.code))
          throw new SurveyError(answer.failure.code, answer.failure.message);
        onResult({
          deal,
          outcome: answer.outcome,
          length: answer.length,
          positions: answer.positions,
          ms: answer.ms,
          budget,
          ...(answer.note ? { note: answer.note } : {}),
        });
      },
      onDiedTwice: (deal, error) =>
        onResult({
          deal,
          outcome: "unknown",
          length: null,
          positions: 0,
          ms: 0,
          budget,
          note: `the solver thread stopped twice on this deal: ${error.message}`,
        }),
      ...(options.signal ? { signal: options.signal } : {}),
    });
  } finally {
    if (!options.threads) await threads.close();
  }
}
