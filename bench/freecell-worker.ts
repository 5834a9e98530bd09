/**
 * Worker-thread glue for the FreeCell benchmark: answers solve requests of the shared protocol
 * (src/search/protocol.ts) with the FreeCell solver. Loaded by bench/freecell.ts through tsx.
 */
import { performance } from "node:perf_hooks";
import { parentPort } from "node:worker_threads";
import { freecellProtocolSolver } from "../src/games/freecell/solver.ts";
import { handleSolveMessage } from "../src/search/protocol.ts";

const port = parentPort;
if (!port) throw new Error("bench/freecell-worker.ts runs as a worker thread");
port.on("message", (message: unknown) => {
  port.postMessage(
    handleSolveMessage(message, { freecell: freecellProtocolSolver }, () => performance.now()),
  );
});
