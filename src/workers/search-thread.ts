/**
 * A thread of a search in several threads (`threads` of the solve options): it runs the game's `searchThread` with
 * what the solve in thread 0 handed over (`searchThreads` of typescript-thread.ts starts it).
 */
import { performance } from "node:perf_hooks";
import { workerData } from "node:worker_threads";
import { findPatience } from "../games/registry.ts";

const { game, data } = workerData as { game: string; data: unknown };
const solver = await findPatience(game)?.solver();
if (!solver?.searchThread) throw new Error(`${game}'s solver does not search in several threads`);
solver.searchThread(data, () => performance.now());
