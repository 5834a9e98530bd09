import {
  type AutoPolicy,
  applyUnchecked,
  type FreeCellRules,
  type FreeCellState,
} from "../../../src/games/freecell/rules.ts";
import type { Analysis, PickedDeal, SolverRequest, SolverResponse } from "./protocol.ts";

export class CancelledError extends Error {
  readonly code = "cancelled";
  constructor() {
    super("the search was cancelled: the position changed");
    this.name = "CancelledError";
  }
}

/** A position and the policy in force, as one string: the cache's key. */
export function positionKey(state: FreeCellState, policy: AutoPolicy): string {
  const r = state.rules;
  return [
    policy,
    r.cells,
    r.build,
    r.empty,
    r.fromFoundation ? 1 : 0,
    r.sequenceMoves ? 1 : 0,
    state.foundations.join("."),
    state.cells.map((c) => (c === null ? "-" : c)).join("."),
    ...state.cascades.map((col) => col.join(".")),
  ].join("|");
}

interface Job {
  id: number;
  key: string;
  budgetMs: number;
  promise: Promise<unknown>;
  resolve: (value: unknown) => void;
  reject: (error: Error) => void;
}

/**
 * The page's side of the solver worker. One search at a time, and only the newest matters: a new request
 * stops the one running (the worker is ended and a fresh one started), unless it asks the same thing.
 * Verdicts are cached per position, and a solution fills the cache for every position along it, so undo,
 * redo and following a hint are answered at once.
 */
export class SolverClient {
  private worker: Worker | null = null;
  private nextId = 1;
  private job: Job | null = null;
  private readonly cache = new Map<string, Analysis>();

  constructor(private readonly makeWorker: () => Worker = defaultWorker) {}

  cached(state: FreeCellState, policy: AutoPolicy): Analysis | undefined {
    return this.cache.get(positionKey(state, policy));
  }

  /** Whether a search is running now. */
  get busy(): boolean {
    return this.job !== null;
  }

  analyse(state: FreeCellState, policy: AutoPolicy, budgetMs: number): Promise<Analysis> {
    const key = positionKey(state, policy);
    const hit = this.cache.get(key);
    if (hit && (hit.result !== "unknown" || hit.budgetMs >= budgetMs)) return Promise.resolve(hit);
    if (this.job && this.job.key === key && this.job.budgetMs >= budgetMs) {
      return this.job.promise as Promise<Analysis>;
    }
    const promise = this.start(key, budgetMs, (id) => ({ type: "analyse", id, state, policy, budgetMs }));
    return (promise as Promise<Analysis>).then((analysis) => {
      this.remember(state, policy, analysis);
      return analysis;
    });
  }

  pickDeal(
    kind: "winnable" | "easy",
    seed: number,
    rules: FreeCellRules,
    policy: AutoPolicy,
    budgetMs: number,
  ): Promise<PickedDeal | null> {
    const key = `pick|${kind}|${seed}|${JSON.stringify(rules)}|${policy}`;
    return this.start(key, budgetMs, (id) => ({
      type: "pick-deal",
      id,
      kind,
      seed,
      rules,
      policy,
      budgetMs,
    })) as Promise<PickedDeal | null>;
  }

  /** Stops the running search, if any. */
  cancel(): void {
    if (!this.job) return;
    const job = this.job;
    this.job = null;
    this.worker?.terminate();
    this.worker = null;
    job.reject(new CancelledError());
  }

  dispose(): void {
    this.cancel();
    this.worker?.terminate();
    this.worker = null;
  }

  private start(key: string, budgetMs: number, request: (id: number) => SolverRequest): Promise<unknown> {
    this.cancel();
    const id = this.nextId++;
    let resolve!: (value: unknown) => void;
    let reject!: (error: Error) => void;
    const promise = new Promise<unknown>((res, rej) => {
      resolve = res;
      reject = rej;
    });
    // A cancelled search rejects; callers that no longer care need not catch it.
    promise.catch(() => undefined);
    this.job = { id, key, budgetMs, promise, resolve, reject };
    this.ensureWorker().postMessage(request(id));
    return promise;
  }

  private ensureWorker(): Worker {
    if (this.worker) return this.worker;
    const worker = this.makeWorker();
    worker.onmessage = (event: MessageEvent<SolverResponse>) => {
      const message = event.data;
      const job = this.job;
      if (!job || job.id !== message.id) return;
      this.job = null;
      if (message.type === "analysis") job.resolve(message.analysis);
      else if (message.type === "picked") job.resolve(message.picked);
      else job.reject(new Error(message.message));
    };
    worker.onerror = (event) => {
      const job = this.job;
      this.job = null;
      this.worker = null;
      worker.terminate();
      job?.reject(new Error(`the solver stopped: ${event.message || "worker error"}`));
    };
    this.worker = worker;
    return worker;
  }

  private remember(state: FreeCellState, policy: AutoPolicy, analysis: Analysis): void {
    this.cache.set(positionKey(state, policy), analysis);
    if (analysis.result !== "solved") return;
    let s = state;
    analysis.moves.forEach((move, i) => {
      s = applyUnchecked(s, move);
      const key = positionKey(s, policy);
      if (!this.cache.has(key)) {
        this.cache.set(key, { ...analysis, moves: analysis.moves.slice(i + 1), ms: 0 });
      }
    });
    if (this.cache.size > 20_000) {
      const drop = this.cache.size - 15_000;
      let n = 0;
      for (const key of this.cache.keys()) {
        if (n++ >= drop) break;
        this.cache.delete(key);
      }
    }
  }
}

function defaultWorker(): Worker {
  return new Worker(new URL("./solver.worker.ts", import.meta.url), {
    type: "module",
    name: "freecell-solver",
  });
}
