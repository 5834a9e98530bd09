/**
 * How fast `tsol` starts: the median wall and CPU time of a few commands run as a user runs them (`node
 * bin/tsol.js …`), from the bundle (dist/cli-*, scripts/build-cli.js) and through tsx (TSOL_BUNDLE=0: the sources
 * compiled at run time, as before the bundle); the time a solver worker thread takes from its start to its first
 * answer, both ways; Node's own start (`node -e 0`) for scale; and what bin/tsol.js's check that the bundle is
 * fresh costs. The bundle is brought up to date first. USAGE below lists the options (`--help` prints it).
 *
 * A command's CPU time is the process's own account (`process.cpuUsage()` at its exit: every thread, Node's start
 * included), read through a preloaded module that writes it to a pipe. On a machine shared with other work, wall
 * time measures the load as much as the start: pin the bench (`taskset -c 1`) and read the CPU time.
 *
 * Prints a table, then one JSON line.
 */

import { spawnSync } from "node:child_process";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { currentBuild, freshBundle } from "../bin/bundle.js";
import { benchArgs, whole } from "./args.ts";
import { printRow } from "./measure.ts";

const ROOT = fileURLToPath(new URL("..", import.meta.url));
const BIN = fileURLToPath(new URL("../bin/tsol.js", import.meta.url));

const USAGE = `npm run bench:cli-start -- [options]     (or npx tsx bench/cli-start.ts [options])
  --runs N                   runs of each command from the bundle, the median shown (default 9)
  --tsx-runs N               runs of each through tsx (default 3; 0 leaves tsx out)
  -h, --help                 this text
examples:
  taskset -c 1 npm run bench:cli-start
  taskset -c 1 npx tsx bench/cli-start.ts --runs 21 --tsx-runs 5`;

const args = benchArgs(
  "bench/cli-start.ts",
  USAGE,
  { runs: { type: "string", default: "9" }, "tsx-runs": { type: "string", default: "3" } },
  (v) => ({ runs: whole("--runs", v.runs, 1), tsxRuns: whole("--tsx-runs", v["tsx-runs"], 0) }),
);

const COMMANDS: readonly string[][] = [
  ["deal", "freecell", "1"],
  ["games"],
  ["solve", "freecell", "1", "--json"],
];

/** Preloaded into each command: writes the process's CPU time (ms) to file descriptor 3 as it exits. */
const REPORT_CPU = `data:text/javascript,${encodeURIComponent(
  'import { writeSync } from "node:fs"; process.on("exit", () => { const u = process.cpuUsage(); writeSync(3, String((u.user + u.system) / 1000)); });',
)}`;

interface Timing {
  wallMs: number;
  cpuMs: number;
}

const median = (values: readonly number[]): number => {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = sorted.length >> 1;
  return sorted.length % 2 ? sorted[mid] : (sorted[mid - 1] + sorted[mid]) / 2;
};

function medianTiming(runs: readonly Timing[]): Timing {
  return { wallMs: median(runs.map((r) => r.wallMs)), cpuMs: median(runs.map((r) => r.cpuMs)) };
}

/** Runs `node [preload] argv` once; fails loudly on a non-zero exit. */
function runOnce(argv: readonly string[], env: NodeJS.ProcessEnv): Timing {
  const started = performance.now();
  const run = spawnSync(process.execPath, ["--import", REPORT_CPU, ...argv], {
    cwd: ROOT,
    env,
    stdio: ["ignore", "pipe", "pipe", "pipe"],
    encoding: "utf8",
  });
  const wallMs = performance.now() - started;
  if (run.status !== 0) throw new Error(`node ${argv.join(" ")} exited with ${run.status}: ${run.stderr}`);
  return { wallMs, cpuMs: Number(run.output[3]) };
}

function runCommand(argv: readonly string[], runs: number, env: NodeJS.ProcessEnv): Timing {
  runOnce(argv, env); // a first run fills the file system's cache
  return medianTiming(Array.from({ length: runs }, () => runOnce(argv, env)));
}

/**
 * Starts solver threads one after another, each until its first answer (FreeCell deal 1 within one position: the
 * thread's start, loading FreeCell's solver, no search), in a process of their own that starts them as `tsol`
 * does: from the bundle, or from the sources with tsx registered (this bench runs under tsx, whose loader a
 * thread started here would inherit). Prints the runs' wall and CPU times (the whole process's, every thread's).
 */
const WORKER_RUNS = `
import { Worker } from "node:worker_threads";
const [how, runs, thread, tsx] = process.argv.slice(2);
let start = () => new Worker(new URL(thread));
if (how === "tsx") {
  (await import(tsx)).register();
  const { startTypeScriptThread } = await import(thread);
  start = () => startTypeScriptThread(new URL("./solver-thread.ts", thread));
}
const cpu = () => { const u = process.cpuUsage(); return (u.user + u.system) / 1000; };
const out = [];
for (let i = 0; i <= Number(runs); i++) {
  const wall = performance.now();
  const used = cpu();
  const worker = start();
  const answer = await new Promise((resolve, reject) => {
    worker.once("message", resolve);
    worker.once("error", reject);
    worker.postMessage({ id: 1, type: "solve", game: "freecell", deal: 1, budget: { positions: 1 } });
  });
  if (answer.type !== "result") throw new Error("the solver thread answered " + JSON.stringify(answer));
  if (i > 0) out.push({ wallMs: performance.now() - wall, cpuMs: cpu() - used });
  await worker.terminate();
}
console.log(JSON.stringify(out));
`;

function workerRuns(how: "bundle" | "tsx", thread: URL, runs: number): Timing {
  // A file of its own, not \`node -e\`: a worker thread inherits Node's options, --input-type among them.
  const script = join(mkdtempSync(join(tmpdir(), "tsol-bench-")), "threads.mjs");
  writeFileSync(script, WORKER_RUNS);
  const tsx = import.meta.resolve("tsx/esm/api");
  const run = spawnSync(process.execPath, [script, how, String(runs), thread.href, tsx], {
    encoding: "utf8",
  });
  rmSync(dirname(script), { recursive: true, force: true });
  if (run.status !== 0) throw new Error(`the solver threads (${how}) failed: ${run.stderr}`);
  return medianTiming(JSON.parse(run.stdout) as Timing[]);
}

const built = spawnSync(
  process.execPath,
  [fileURLToPath(new URL("../scripts/build-cli.js", import.meta.url)), "--if-stale"],
  {
    encoding: "utf8",
  },
);
if (built.status !== 0) throw new Error(`scripts/build-cli.js failed: ${built.stderr}`);
const build = currentBuild();
if (!freshBundle() || !build) throw new Error("the bundle is not fresh after scripts/build-cli.js");
const bundledThread = new URL(`../dist/${build.dir}/solver-thread.js`, import.meta.url);

const checks: number[] = [];
for (let i = 0; i < 51; i++) {
  const t = performance.now();
  freshBundle();
  checks.push(performance.now() - t);
}
const checkMs = median(checks);

const { TSOL_BUNDLE: _, ...inherited } = process.env;
const bundleEnv = { ...inherited, NO_COLOR: "1" };
const tsxEnv = { ...process.env, TSOL_BUNDLE: "0", NO_COLOR: "1" };

interface Row {
  what: string;
  bundle: Timing;
  tsx?: Timing;
}
const rows: Row[] = [{ what: "node -e 0", bundle: runCommand(["-e", "0"], args.runs, bundleEnv) }];
for (const command of COMMANDS) {
  rows.push({
    what: `tsol ${command.join(" ")}`,
    bundle: runCommand([BIN, ...command], args.runs, bundleEnv),
    tsx: args.tsxRuns ? runCommand([BIN, ...command], args.tsxRuns, tsxEnv) : undefined,
  });
}
rows.push({
  what: "solver thread's first answer",
  bundle: workerRuns("bundle", bundledThread, args.runs),
  tsx: args.tsxRuns
    ? workerRuns("tsx", new URL("../src/workers/typescript-thread.ts", import.meta.url), args.tsxRuns)
    : undefined,
});

const ms = (x: number | undefined) => (x === undefined ? "-" : x.toFixed(0));
console.log(
  `tsol's start, the median of ${args.runs} runs from the bundle (dist/${build.dir}) and ${args.tsxRuns} through tsx; ms`,
);
printRow(["", "bundle wall", "bundle CPU", "tsx wall", "tsx CPU"], 1, 30, 11);
for (const row of rows) {
  printRow(
    [row.what, ms(row.bundle.wallMs), ms(row.bundle.cpuMs), ms(row.tsx?.wallMs), ms(row.tsx?.cpuMs)],
    1,
    30,
    11,
  );
}
console.log(
  `bin/tsol.js's check that the bundle is fresh: ${checkMs.toFixed(2)} ms (median of ${checks.length})`,
);
console.log(
  JSON.stringify({
    bench: "cli-start",
    runs: args.runs,
    tsxRuns: args.tsxRuns,
    freshCheckMs: Number(checkMs.toFixed(3)),
    rows: rows.map((r) => ({
      what: r.what,
      bundle: { wallMs: Math.round(r.bundle.wallMs), cpuMs: Math.round(r.bundle.cpuMs) },
      ...(r.tsx ? { tsx: { wallMs: Math.round(r.tsx.wallMs), cpuMs: Math.round(r.tsx.cpuMs) } } : {}),
    })),
  }),
);
