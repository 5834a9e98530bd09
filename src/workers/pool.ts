import type { Worker } from "node:worker_threads";
import type { BlindAnswer, BlindRequest } from "../games/patience/play/blind-request.ts";
import type { PickAnswer, ProgressMessage, Request, Response, SolveAnswer } from "../search/protocol.ts";
import { startTypeScriptThread } from "./typescript-thread.ts";

/** A request before its id is given. */
export type Unnumbered<T> = T extends unknown ? Omit<T, "id"> : never;

/**
 * The answer to one request: a result, a pick or the blind player's choice; a failure is thrown as a
 * SolverThreadError with its code.
 */
export type Answer = SolveAnswer | PickAnswer | BlindAnswer;

export class SolverThreadError extends Error {
  constructor(
    readonly code: string,
    message: string,
  ) {
    super(message);
    this.name = "SolverThreadError";
  }
}

/** Starts a worker thread running src/workers/solver-thread.ts. */
export function startSolverThread(): Worker {
  return startTypeScriptThread(new URL("./solver-thread.ts", import.meta.url));
}

interface Pending {
  resolve: (answer: Answer) => void;
  reject: (error: Error) => void;
  progress?: (message: ProgressMessage) => void;
}

/**
 * One solver thread and the requests sent to it: each `ask` is answered by a promise. `stop` ends the thread at
 * once (a search in progress is abandoned, its promise rejected with code "cancelled"); the next `ask` starts a
 * fresh thread.
 */
export class SolverThread {
  private worker: Worker | undefined;
  private nextId = 1;
  private readonly pending = new Map<number, Pending>();

  /** Requests waiting for their answer. */
  get busy(): number {
    return this.pending.size;
  }

  private start(): Worker {
    const worker = startSolverThread();
    worker.on("message", (message: Response | BlindAnswer) => {
      const waiting = this.pending.get(message.id);
      if (!waiting) return;
      if (message.type === "progress") {
        waiting.progress?.(message);
        return;
      }
      this.pending.delete(message.id);
      if (message.type === "error") waiting.reject(new SolverThreadError(message.code, message.message));
      else waiting.resolve(message);
    });
    worker.on("error", (error) => this.fail("internal", error.message));
    worker.on("exit", () => {
      if (this.worker === worker) this.worker = undefined;
      this.fail("internal", "the solver thread stopped");
    });
    // The thread must not keep a finished program alive.
    worker.unref();
    return worker;
  }

  private fail(code: string, message: string): void {
    for (const waiting of this.pending.values()) waiting.reject(new SolverThreadError(code, message));
    this.pending.clear();
  }

  /** Sends a request (its id is chosen here) and resolves with the answer. */
  ask(
    request: Unnumbered<Request | BlindRequest>,
    progress?: (message: ProgressMessage) => void,
  ): Promise<Answer> {
    this.worker ??= this.start();
    const id = this.nextId++;
    return new Promise<Answer>((resolve, reject) => {
      this.pending.set(id, { resolve, reject, progress });
      this.worker?.postMessage({ ...request, id });
    });
  }

  /** Ends the thread and whatever it was doing. */
  stop(): void {
    const worker = this.worker;
    this.worker = undefined;
    this.fail("cancelled", "the search was stopped");
    if (worker) void worker.terminate();
  }
}
