/**
 * Worker-thread glue for the FreeCell benchmark: answers requests of the platform's worker protocol
 * (src/search/protocol.ts) for every game of the registry. Loaded by bench/freecell.ts through tsx.
 */
import { performance } from "node:perf_hooks";
import { parentPort } from "node:worker_threads";
import { answerRequest } from "../src/games/patience/requests.ts";
import { findPatience } from "../src/games/registry.ts";

const port = parentPort;
if (!port) throw new Error("bench/freecell-worker.ts runs as a worker thread");
port.on("message", async (message: unknown) => {
  port.postMessage(await answerRequest(message, { findGame: findPatience, now: () => performance.now() }));
});
