import { SolverClient, type WorkerLike } from "../../games/patience/play/solver-client.ts";
import { startSolverThread } from "../../workers/pool.ts";

/**
 * The solver and the blind player in a worker thread, behind the web's client (one search at a time, verdicts
 * cached, stale questions dropped): the screen never freezes while they think. The thread answers a lost
 * position with its reason when the engine can name it, and reports a search's positions as it goes.
 */
export function threadAdvisor(): SolverClient & { close(): void } {
  const client = new SolverClient(threadWorker, () => performance.now()) as SolverClient & { close(): void };
  client.close = () => client.dispose();
  return client;
}

/** A worker thread running the solver, as the client speaks to a Web Worker. */
function threadWorker(): WorkerLike {
  const thread = startSolverThread();
  // The thread must not keep a finished program alive.
  thread.unref();
  let ended = false;
  const worker: WorkerLike = {
    postMessage: (message) => thread.postMessage(message),
    terminate: () => {
      // Ended on purpose (a stale search stopped): the client has already moved on.
      ended = true;
      void thread.terminate();
    },
    onmessage: null,
    onerror: null,
  };
  thread.on("message", (data) => worker.onmessage?.({ data }));
  thread.on("error", (error) => {
    ended = true;
    worker.onerror?.({ message: error.message });
  });
  thread.on("exit", () => {
    if (!ended) worker.onerror?.({ message: "the solver thread stopped" });
  });
  return worker;
}
