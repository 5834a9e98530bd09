/**
 * A worker thread that answers the platform's worker protocol (src/search/protocol.ts) for every game of the
 * registry: the terminal's solver, the survey's workers and the benchmarks all run this file.
 */
import { performance } from "node:perf_hooks";
import { parentPort } from "node:worker_threads";
import { answerRequest } from "../games/patience/requests.ts";
import { findPatience } from "../games/registry.ts";

const port = parentPort;
if (!port) throw new Error("src/workers/solver-thread.ts runs as a worker thread");
port.on("message", async (message: unknown) => {
  const answer = await answerRequest(message, {
    findGame: findPatience,
    now: () => performance.now(),
    progress: (progress) => port.postMessage(progress),
  });
  port.postMessage(answer);
});
