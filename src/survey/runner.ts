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
  const iterator =
    Symbol.asyncIterator in deals
      ? (deals as AsyncIterable<number>)[Symbol.asyncIterator]()
      : (deals as Iterable<number>)[Symbol.iterator]();
  const window = threads.size * IN_FLIGHT;
  const again: { deal: number; deaths: number }[] = [];
  let inFlight = 0;
  let exhausted = false;
  try {
    await new Promise<void>((resolve, reject) => {
      let failed = false;
      let pumping = false;
      const fail = (error: unknown) => {
        failed = true;
        reject(error);
      };
      // Stopped: answers still to come are dropped (the deals were not stored, so a resume solves them again);
      // waiting for them could take minutes where one deal does.
      options.signal?.addEventListener("abort", () => {
        failed = true;
        resolve();
      });
      const launch = (item: { deal: number; deaths: number }) => {
        inFlight++;
        threads
          .ask({
            type: "solve",
            game: settings.game,
            rules: settings.rules,
            policy: settings.policy,
            deal: item.deal,
            numbering: settings.numbering,
            budget: requestBudget(budget),
            turns: false,
          })
          .then(
            (answer) => {
              if (failed) return;
              if (answer.failure && SETTINGS_ERRORS.has(answer.failure.code)) {
                fail(new SurveyError(answer.failure.code, answer.failure.message));
                return;
              }
              onResult({
                deal: item.deal,
                outcome: answer.outcome,
                length: answer.length,
                positions: answer.positions,
                ms: answer.ms,
                budget,
                ...(answer.note ? { note: answer.note } : {}),
              });
            },
            (error: Error) => {
              if (failed) return;
              if (!(error instanceof ThreadDiedError)) throw error;
              item.deaths++;
              if (item.deaths < 2) again.push(item);
              else {
                onResult({
                  deal: item.deal,
                  outcome: "unknown",
                  length: null,
                  positions: 0,
                  ms: 0,
                  budget,
                  note: `the solver thread stopped twice on this deal: ${error.message}`,
                });
              }
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
            // A deal whose thread died goes alone, so that if it is the one that kills threads, no other deal dies
            // with it a second time.
            if (again.length) {
              if (inFlight === 0) launch(again.shift() as { deal: number; deaths: number });
              break;
            }
            if (exhausted || options.signal?.aborted) break;
            const item = await iterator.next();
            if (item.done) {
              exhausted = true;
              break;
            }
            launch({ deal: item.value, deaths: 0 });
          }
        } finally {
          pumping = false;
        }
        if (!failed && inFlight === 0 && again.length === 0 && (exhausted || options.signal?.aborted))
          resolve();
      };
      pump().catch(fail);
    });
  } finally {
    if (!options.threads) await threads.close();
  }
}
