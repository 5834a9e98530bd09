import { availableParallelism } from "node:os";
import { Worker } from "node:worker_threads";

/**
 * Starts a worker thread running a TypeScript module. Worker threads do not inherit tsx's loader, so a small
 * JavaScript bootstrap registers tsx in the thread before importing the module.
 */
export function startTypeScriptThread(file: URL, workerData?: unknown): Worker {
  const tsx = import.meta.resolve("tsx/esm/api");
  const bootstrap = `import(${JSON.stringify(tsx)}).then((api) => { api.register(); return import(${JSON.stringify(file.href)}); });`;
  return new Worker(bootstrap, { eval: true, workerData });
}

/**
 * What a solve in several threads needs to start its other threads (`startThread` of the solve options): each runs
 * search-thread.ts for `game`. A thread never keeps the process alive. One that cannot start calls `failed`; one
 * that fails while it searches says so itself (the game's `searchThread`), before its error arrives here.
 */
export function searchThreads(game: string): (data: unknown, failed: () => void) => void {
  return (data, failed) => {
    const worker = startTypeScriptThread(new URL("./search-thread.ts", import.meta.url), { game, data });
    worker.on("error", failed);
    worker.unref();
  };
}

/** Threads a deal is searched in by default: every core, shared out among `deals` solved at once, 1 to 64. */
export function defaultSearchThreads(deals = 1): number {
  return Math.max(1, Math.min(64, Math.floor(availableParallelism() / deals)));
}
