import { availableParallelism } from "node:os";
import { Worker } from "node:worker_threads";

/**
 * Whether this code runs from the command line's bundle (dist/cli-<hash>/, scripts/build-cli.js) rather than from
 * its TypeScript sources. The bundle holds each worker thread's entry point in its own folder, built from `x.ts`
 * (wherever it is in src/) as `x.js`.
 */
const BUNDLED = import.meta.url.endsWith(".js");

/**
 * Starts a worker thread running a TypeScript module (`new URL("./x.ts", import.meta.url)`). From the bundle, the
 * thread runs the module's built file at once. From the sources, where worker threads do not inherit tsx's loader,
 * a small JavaScript bootstrap registers tsx in the thread before importing the module.
 */
export function startTypeScriptThread(file: URL, workerData?: unknown): Worker {
  if (BUNDLED) {
    const name = file.pathname.slice(file.pathname.lastIndexOf("/") + 1).replace(/\.ts$/, ".js");
    return new Worker(new URL(`./${name}`, import.meta.url), { workerData });
  }
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
