/**
 * A worker thread that answers the platform's worker protocol (src/search/protocol.ts) for every game of the
 * registry (and the blind player's question, play/blind-request.ts): the terminal's solver, the survey's workers and the benchmarks all run this file.
 */
import { performance } from "node:perf_hooks";
import { parentPort } from "node:worker_threads";
import { answerPlay } from "../games/patience/play/worker.ts";
import { findPatience } from "../games/registry.ts";

const port = parentPort;
if (!port) throw new Error("src/workers/solver-thread.ts runs as a worker thread");
const worker = {
  findGame: findPatience,
  now: () => performance.now(),
  progress: (progress: unknown) => port.postMessage(progress),
};
port.on("message", async (message: unknown) => {
  // The solver's protocol, a lost verdict's reason and the blind player's question (hints that do not peek).
  port.postMessage(await answerPlay(message, worker));
});
