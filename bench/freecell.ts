/**
 * FreeCell solver benchmark over Microsoft deals: on one core (this thread) and on all cores (worker threads
 * speaking the protocol of src/search/protocol.ts), beside fc-solve when it is installed. USAGE below lists the
 * options (`--help` prints it).
 *
 * Every solution is replayed through the engine (applyMove, no automatic moves) outside the timed call.
 * Prints a table, then one JSON line.
 */

import { spawnSync } from "node:child_process";
import { existsSync, readFileSync, statSync } from "node:fs";
import { availableParallelism, loadavg } from "node:os";
import { dirname, join, resolve } from "node:path";
import { performance } from "node:perf_hooks";
import { fileURLToPath } from "node:url";
import type { Worker } from "node:worker_threads";
import { dealMicrosoft } from "../src/games/freecell/deal.ts";
import { applyMove, type FreeCellState, isWon, type Move } from "../src/games/freecell/rules.ts";
import { countSolution, type FreeCellSolveResult, solve } from "../src/games/freecell/solver.ts";
import type { Response, SolveRequest } from "../src/search/protocol.ts";
import { startTypeScriptThread } from "../src/workers/typescript-thread.ts";
import { benchArgs, dealRange, positive, UsageError, whole } from "./args.ts";
import { cpuMs, quantile } from "./measure.ts";

interface Args {
  from: number;
  to: number;
  shortest: boolean;
  single: boolean;
  parallel: boolean;
  fcSolve: boolean;
  /** The fc-solve range solvers to compare with; empty: the one on PATH. */
  fcSolvePaths: string[];
  workers: number;
  timeout: number;
  /** Runs, each a process of its own; the ratio quoted is their median. */
  repeat: number;
}

const USAGE = `npm run bench:freecell -- [options]     (or npx tsx bench/freecell.ts [options])
  --from N --to N            Microsoft deals (default 1..32000)
  --shortest                 the short-solution mode
  --workers N                worker threads of the parallel run (default one a core)
  --timeout S                seconds a deal (default 60)
  --no-single                no one-core run
  --no-parallel              no parallel run
  --no-fc-solve              no fc-solve run
  --fc-solve PATH            the fc-solve to compare with: its bin directory, its fc-solve or its
                             freecell-solver-range-parallel-solve (repeat the flag for several; default:
                             freecell-solver-range-parallel-solve on PATH)
  --repeat N                 N runs, each a fresh process (pin the bench with taskset: they inherit it),
                             one after the other; prints each run's ratio and their median (default 1)
  -h, --help                 this text
examples:
  npm run bench:freecell                                # deals 1..32000
  npm run bench:freecell -- --from 1 --to 1000          # a quick run
  npm run bench:freecell -- --shortest --to 2000        # the short-solution mode
  npm run bench:freecell -- --no-parallel --no-fc-solve # one core only
  taskset -c 1 npx tsx bench/freecell.ts --no-parallel --repeat 3 \\
    --fc-solve /usr/local/fcs616/bin --fc-solve /usr/bin  # against fc-solve 6.16 and 5.0, median of 3`;

function parseArgs(): Args {
  return benchArgs(
    "bench/freecell.ts",
    USAGE,
    {
      from: { type: "string", default: "1" },
      to: { type: "string", default: "32000" },
      shortest: { type: "boolean", default: false },
      workers: { type: "string", default: String(availableParallelism()) },
      timeout: { type: "string", default: "60" },
      "no-single": { type: "boolean", default: false },
      "no-parallel": { type: "boolean", default: false },
      "no-fc-solve": { type: "boolean", default: false },
      "fc-solve": { type: "string", multiple: true, default: [] },
      repeat: { type: "string", default: "1" },
    },
    (v) => {
      const args: Args = {
        ...dealRange(v, ["microsoft"]),
        shortest: v.shortest,
        single: !v["no-single"],
        parallel: !v["no-parallel"],
        fcSolve: !v["no-fc-solve"],
        workers: whole("--workers", v.workers, 1),
        timeout: positive("--timeout", v.timeout),
        fcSolvePaths: v["fc-solve"].map(rangeSolver),
        repeat: whole("--repeat", v.repeat, 1),
      };
      if (args.fcSolvePaths.length > 0 && !args.fcSolve)
        throw new UsageError("--fc-solve and --no-fc-solve do not go together");
      return args;
    },
  );
}

interface DealRecord {
  deal: number;
  result: FreeCellSolveResult["result"];
  ms: number;
  positions: number;
  lengths?: { moves: number; cards: number; player: number };
  verified?: boolean;
}

interface Summary {
  deals: number;
  decided: number;
  solved: number;
  unsolvable: number;
  unknown: number;
  unsolvableDeals: number[];
  unknownDeals: number[];
  verified: number;
  totalMs: number;
  wallMs: number;
  medianMs: number;
  positions: { median: number; p99: number; max: number; maxDeal: number };
  /** The five deals that took longest. */
  slowest: { deal: number; ms: number; positions: number }[];
  meanLength?: { moves: number; cards: number; player: number };
}

function replays(state: FreeCellState, moves: readonly Move[]): boolean {
  try {
    let s = state;
    for (const move of moves) s = applyMove(s, move);
    return isWon(s);
  } catch {
    return false;
  }
}

function summarise(records: DealRecord[], wallMs: number): Summary {
  const solved = records.filter((r) => r.result === "solved");
  const positions = records.map((r) => r.positions).sort((a, b) => a - b);
  const ms = records.map((r) => r.ms).sort((a, b) => a - b);
  const worst = records.reduce((a, b) => (b.positions > a.positions ? b : a), records[0]);
  const withLength = solved.filter((r) => r.lengths);
  const mean = (f: (r: DealRecord) => number) =>
    withLength.length === 0 ? 0 : withLength.reduce((s, r) => s + f(r), 0) / withLength.length;
  return {
    deals: records.length,
    decided: records.filter((r) => r.result !== "unknown").length,
    solved: solved.length,
    unsolvable: records.filter((r) => r.result === "unsolvable").length,
    unknown: records.filter((r) => r.result === "unknown").length,
    unsolvableDeals: records.filter((r) => r.result === "unsolvable").map((r) => r.deal),
    unknownDeals: records.filter((r) => r.result === "unknown").map((r) => r.deal),
    verified: records.filter((r) => r.verified).length,
    totalMs: records.reduce((s, r) => s + r.ms, 0),
    wallMs,
    medianMs: quantile(ms, 0.5),
    positions: {
      median: quantile(positions, 0.5),
      p99: quantile(positions, 0.99),
      max: positions[positions.length - 1] ?? 0,
      maxDeal: worst?.deal ?? 0,
    },
    slowest: [...records]
      .sort((a, b) => b.ms - a.ms)
      .slice(0, 5)
      .map((r) => ({ deal: r.deal, ms: Math.round(r.ms), positions: r.positions })),
    ...(withLength.length > 0
      ? {
          meanLength: {
            moves: mean((r) => r.lengths?.moves ?? 0),
            cards: mean((r) => r.lengths?.cards ?? 0),
            player: mean((r) => r.lengths?.player ?? 0),
          },
        }
      : {}),
  };
}

/**
 * Deals one by one on this thread. With fc-solve, each chunk of CHUNK deals is also given to fc-solve right
 * after ours, so that a drift in the machine's speed over the run falls on both. (It does not steady the
 * ratio against the slowdowns of a whole process that docs/solver.md describes: take the median of runs.)
 */
function runSingle(args: Args, solvers: FcSolver[]): { summary: Summary; fc: FcSolveRun[] } {
  const records: DealRecord[] = [];
  const fc = solvers.map((solver) => emptyRun(solver));
  let wall = 0;
  for (let from = args.from; from <= args.to; from += CHUNK) {
    const to = Math.min(args.to, from + CHUNK - 1);
    const t0 = performance.now();
    for (let deal = from; deal <= to; deal++) {
      const state = dealMicrosoft(deal);
      const s0 = cpuMs();
      const result = solve(state, {
        shortest: args.shortest,
        now: () => performance.now(),
        budget: { ms: args.timeout * 1000 },
      });
      const ms = cpuMs() - s0;
      const record: DealRecord = { deal, result: result.result, ms, positions: result.stats.positions };
      if (result.result === "solved") {
        record.lengths = countSolution(state, result.moves);
        record.verified = replays(state, result.moves);
      }
      records.push(record);
    }
    wall += performance.now() - t0;
    process.stderr.write(`  one core: ${to - args.from + 1} deals\n`);
    // Each fc-solve right after ours, in turns that change from chunk to chunk.
    const chunk = Math.floor((from - args.from) / CHUNK);
    for (let k = 0; k < fc.length; k++) {
      const i = (k + chunk) % fc.length;
      addRun(fc[i], runFcSolve(solvers[i], from, to));
    }
  }
  // The wall time includes the replays; the total (sum of solve calls) does not. Neither includes fc-solve.
  return { summary: summarise(records, wall), fc };
}

/** A worker thread running bench/freecell-worker.ts. */
function startWorker(): Worker {
  return startTypeScriptThread(new URL("./freecell-worker.ts", import.meta.url));
}

/** Deals a chunk of the one-core run (and fc-solve's own chunk size). */
const CHUNK = 4000;

/** Requests each worker has queued at a time. */
const IN_FLIGHT = 8;

async function runParallel(args: Args): Promise<Summary> {
  const records: DealRecord[] = [];
  const start = performance.now();
  let next = args.from;
  const workers = Array.from({ length: args.workers }, () => startWorker());
  await Promise.all(
    workers.map(
      (worker) =>
        new Promise<void>((resolve, reject) => {
          let pending = 0;
          const send = () => {
            if (next > args.to) {
              if (pending === 0) resolve();
              return;
            }
            pending++;
            const deal = next++;
            const request: SolveRequest = {
              type: "solve",
              id: deal,
              game: "freecell",
              deal,
              shortest: args.shortest,
              budget: { ms: args.timeout * 1000 },
            };
            worker.postMessage(request);
          };
          worker.on("message", (response: Response) => {
            if (response.type === "error") {
              reject(new Error(`deal ${response.id}: ${response.message}`));
              return;
            }
            if (response.type !== "result") return;
            pending--;
            records.push({
              deal: response.id,
              result: response.result,
              ms: response.stats.ms,
              positions: response.stats.positions,
            });
            send();
          });
          worker.on("error", reject);
          // Several requests in flight, so a worker never waits for the main thread between deals.
          for (let k = 0; k < IN_FLIGHT; k++) send();
        }),
    ),
  );
  const wall = performance.now() - start;
  await Promise.all(workers.map((w) => w.terminate()));
  return summarise(records, wall);
}

/** One fc-solve to compare with: its range solver and the version its fc-solve prints. */
interface FcSolver {
  rangeSolver: string;
  version: string;
}

/** What one fc-solve did on the deals: CPU time by `time -p`, its count of iterations, the deals it did not solve. */
interface FcSolveRun {
  command: string;
  version: string;
  cpuMs: number;
  wallMs: number;
  iterations: number;
  unsolved: number[];
}

const RANGE_SOLVER = "freecell-solver-range-parallel-solve";

/** The range solver that --fc-solve PATH names (a bin directory, fc-solve, or the range solver itself). */
function rangeSolver(path: string): string {
  const full = resolve(path);
  if (!existsSync(full)) throw new UsageError(`--fc-solve: no such file or directory '${path}'`);
  const candidate = statSync(full).isDirectory()
    ? join(full, RANGE_SOLVER)
    : /(^|\/)fc-solve$/.test(full)
      ? join(dirname(full), RANGE_SOLVER)
      : full;
  if (!existsSync(candidate)) throw new UsageError(`--fc-solve: no ${RANGE_SOLVER} at '${candidate}'`);
  return candidate;
}

/** The fc-solves to compare with: those given, or the range solver on PATH (none when it is absent). */
function fcSolvers(args: Args): FcSolver[] {
  if (!args.fcSolve) return [];
  let paths = args.fcSolvePaths;
  if (paths.length === 0) {
    const found = spawnSync("sh", ["-c", `command -v ${RANGE_SOLVER}`], { encoding: "utf8" });
    paths = found.status === 0 ? [found.stdout.trim()] : [];
  }
  return paths.map((rangeSolver) => ({ rangeSolver, version: fcSolveVersion(rangeSolver) }));
}

/** "6.16.0": what `fc-solve --version` beside the range solver prints ("libfreecell-solver version 6.16.0"). */
function fcSolveVersion(rangeSolver: string): string {
  const fcSolve = join(dirname(rangeSolver), "fc-solve");
  const run = spawnSync(fcSolve, ["--version"], { encoding: "utf8" });
  return /version\s+(\S+)/.exec(`${run.stdout ?? ""}`)?.[1] ?? "unknown";
}

const FC_ABSENT = "fc-solve absent (apt-get install -y freecell-solver-bin, or --fc-solve PATH)";

function emptyRun(solver: FcSolver): FcSolveRun {
  return {
    command: `${solver.rangeSolver} FROM TO ${CHUNK} -l lg`,
    version: solver.version,
    cpuMs: 0,
    wallMs: 0,
    iterations: 0,
    unsolved: [],
  };
}

/** Adds a chunk's run to the tally. */
function addRun(total: FcSolveRun, run: Omit<FcSolveRun, "command" | "version">): FcSolveRun {
  total.cpuMs += run.cpuMs;
  total.wallMs += run.wallMs;
  total.iterations += run.iterations;
  total.unsolved.push(...run.unsolved);
  return total;
}

/** fc-solve's fastest preset on deals from..to, its CPU time measured by `time -p`. */
function runFcSolve(solver: FcSolver, from: number, to: number): Omit<FcSolveRun, "command" | "version"> {
  const command = `${solver.rangeSolver} ${from} ${to} ${CHUNK} -l lg`;
  const t0 = performance.now();
  // `time -p` in sh gives the CPU time of the child on standard error.
  const run = spawnSync("sh", ["-c", `time -p ${command}`], {
    encoding: "utf8",
    maxBuffer: 64 * 1024 * 1024,
  });
  const wallMs = performance.now() - t0;
  const text = `${run.stdout}\n${run.stderr}`;
  const user = Number(/^user\s+([\d.]+)/m.exec(text)?.[1] ?? Number.NaN);
  const sys = Number(/^sys\s+([\d.]+)/m.exec(text)?.[1] ?? Number.NaN);
  if (run.status !== 0 || Number.isNaN(user + sys))
    throw new Error(`${command} failed (exit ${run.status}): ${run.stderr.trim().split("\n")[0] ?? ""}`);
  const unsolved = [...text.matchAll(/(?:Unsolved|Intractable) Board No\. (\d+)/g)].map((m) => Number(m[1]));
  // The range solver prints its running count of iterations at each multiple of the chunk (NaN: none passed).
  const iters = [...text.matchAll(/total_num_iters=(\d+)/g)].map((m) => Number(m[1]));
  return { wallMs, cpuMs: (user + sys) * 1000, iterations: iters[iters.length - 1] ?? Number.NaN, unsolved };
}

/** The CPUs this process may run on (what taskset set), from /proc; undefined where /proc has no such line. */
function allowedCpus(): string | undefined {
  try {
    return /^Cpus_allowed_list:\s*(\S+)/m.exec(readFileSync("/proc/self/status", "utf8"))?.[1];
  } catch {
    return undefined;
  }
}

/** The machine's load averages over 1, 5 and 15 minutes, two decimals. */
function load(): number[] {
  return loadavg().map((l) => Math.round(l * 100) / 100);
}

/** A number for the table; "-" for none (NaN). */
function fmt(n: number, digits = 0): string {
  if (Number.isNaN(n)) return "-";
  return n.toLocaleString("en", { minimumFractionDigits: digits, maximumFractionDigits: digits });
}

/** What one run prints as its JSON line. */
interface RunResult {
  single?: Summary;
  fcSolve: FcSolveRun[];
  /** ours / each fc-solve's CPU time, in the order of fcSolve. */
  ratios: number[];
  load: { start: number[]; end: number[] };
  cpus?: string;
}

/** One run in this process: the table, then the JSON line. */
async function runOnce(args: Args): Promise<void> {
  const count = args.to - args.from + 1;
  const solvers = fcSolvers(args);
  const cpus = allowedCpus();
  const loadStart = load();
  process.stderr.write(
    `FreeCell bench: Microsoft deals ${args.from}..${args.to}${args.shortest ? ", --shortest" : ""}; CPUs ${cpus ?? "?"}; load ${loadStart.join(" ")}\n`,
  );
  const one = args.single ? runSingle(args, solvers) : undefined;
  const single = one?.summary;
  const parallel = args.parallel ? await runParallel(args) : undefined;
  const fc =
    one?.fc ?? solvers.map((solver) => addRun(emptyRun(solver), runFcSolve(solver, args.from, args.to)));
  const loadEnd = load();
  const rows: [string, string, string][] = [["", "one core", `${args.workers} workers`]];
  const cell = (s: Summary | undefined, f: (s: Summary) => string) => (s ? f(s) : "-");
  const add = (label: string, f: (s: Summary) => string) =>
    rows.push([label, cell(single, f), cell(parallel, f)]);
  add("deals", (s) => fmt(s.deals));
  add("decided", (s) => fmt(s.decided));
  add("solved", (s) => fmt(s.solved));
  add("impossible", (s) => `${fmt(s.unsolvable)} ${s.unsolvableDeals.slice(0, 8).join(" ")}`);
  add("unknown", (s) => `${fmt(s.unknown)} ${s.unknownDeals.slice(0, 8).join(" ")}`);
  add("solutions verified", (s) => (s.verified > 0 ? fmt(s.verified) : "-"));
  add("total ms (sum of solves; CPU time on one core)", (s) => fmt(s.totalMs));
  add("wall ms", (s) => fmt(s.wallMs));
  add("median ms a deal", (s) => fmt(s.medianMs, 3));
  add("positions median", (s) => fmt(s.positions.median));
  add("positions p99", (s) => fmt(s.positions.p99));
  add("positions max", (s) => `${fmt(s.positions.max)} (deal ${s.positions.maxDeal})`);
  add("slowest deals (ms)", (s) => s.slowest.map((r) => `${r.deal}:${r.ms}`).join(" "));
  add("mean length (a) runs as 1", (s) => (s.meanLength ? fmt(s.meanLength.moves, 2) : "-"));
  add("mean length (b) single cards", (s) => (s.meanLength ? fmt(s.meanLength.cards, 2) : "-"));
  add("mean length (c) no safe autos", (s) => (s.meanLength ? fmt(s.meanLength.player, 2) : "-"));
  const ratios = fc.map((run) => (single && run.cpuMs > 0 ? single.totalMs / run.cpuMs : Number.NaN));
  if (args.fcSolve && fc.length === 0) rows.push(["fc-solve", FC_ABSENT, ""]);
  fc.forEach((run, i) => {
    rows.push([`fc-solve ${run.version} -l lg cpu ms`, fmt(run.cpuMs), ""]);
    rows.push([`fc-solve ${run.version} iterations`, fmt(run.iterations), ""]);
    rows.push([
      `fc-solve ${run.version} unsolved`,
      `${run.unsolved.length} ${run.unsolved.slice(0, 8).join(" ")}`,
      "",
    ]);
    rows.push([`ratio ours / fc-solve ${run.version} (one core)`, fmt(ratios[i], 3), ""]);
  });
  rows.push(["CPUs allowed (taskset)", cpus ?? "?", ""]);
  rows.push(["load 1/5/15 min, start -> end", `${loadStart.join(" ")} -> ${loadEnd.join(" ")}`, ""]);
  printTable(rows);
  const result: RunResult = { single, fcSolve: fc, ratios, load: { start: loadStart, end: loadEnd }, cpus };
  console.log(
    JSON.stringify({
      bench: "freecell",
      from: args.from,
      to: args.to,
      deals: count,
      shortest: args.shortest,
      ...result,
      parallel: parallel ? { ...parallel, workers: args.workers } : undefined,
      ratio: ratios[0],
    }),
  );
}

function printTable(rows: [string, string, string][]): void {
  const width = [0, 1, 2].map((c) => Math.max(...rows.map((r) => r[c].length)));
  for (const r of rows)
    console.log(`${r[0].padEnd(width[0])}  ${r[1].padStart(width[1])}  ${r[2].padStart(width[2])}`);
}

/**
 * --repeat N: N runs, each a fresh process (so each pays the optimising compiler's warm-up, as a single run
 * does), one after the other on the CPUs this process was given; each run's table, then every run's ratios,
 * load and CPU times and their medians, then one JSON line.
 */
function runRepeated(args: Args): void {
  const script = fileURLToPath(import.meta.url);
  const runs: RunResult[] = [];
  for (let r = 1; r <= args.repeat; r++) {
    process.stderr.write(`run ${r} of ${args.repeat}\n`);
    const child = spawnSync(
      process.execPath,
      ["--import", "tsx", script, ...process.argv.slice(2), "--repeat", "1"],
      { encoding: "utf8", stdio: ["ignore", "pipe", "inherit"], maxBuffer: 64 * 1024 * 1024 },
    );
    const lines = child.stdout.trimEnd().split("\n");
    if (child.status !== 0) throw new Error(`run ${r} failed (exit ${child.status})`);
    console.log(`run ${r}:\n${lines.slice(0, -1).join("\n")}`);
    runs.push(JSON.parse(lines[lines.length - 1]) as RunResult);
  }
  const median = (xs: number[]) => {
    const sorted = [...xs].sort((a, b) => a - b);
    const n = sorted.length;
    return n % 2 === 1 ? sorted[(n - 1) / 2] : (sorted[n / 2 - 1] + sorted[n / 2]) / 2;
  };
  const rows: [string, string, string][] = [["", "each run", "median"]];
  const ours = runs.map((run) => run.single?.totalMs ?? Number.NaN);
  rows.push(["ours, CPU ms", ours.map((x) => fmt(x)).join(" "), fmt(median(ours))]);
  const versions = runs[0].fcSolve.map((run) => run.version);
  versions.forEach((version, i) => {
    const cpu = runs.map((run) => run.fcSolve[i].cpuMs);
    // (A ratio with no fc-solve time, NaN, came through JSON as null.)
    const ratio = runs.map((run) => run.ratios[i] ?? Number.NaN);
    rows.push([`fc-solve ${version}, CPU ms`, cpu.map((x) => fmt(x)).join(" "), fmt(median(cpu))]);
    rows.push([
      `ratio ours / fc-solve ${version}`,
      ratio.map((x) => fmt(x, 3)).join(" "),
      fmt(median(ratio), 3),
    ]);
  });
  rows.push(["load (1 min) at each start", runs.map((run) => run.load.start[0]).join(" "), ""]);
  rows.push(["CPUs allowed (taskset)", runs[0].cpus ?? "?", ""]);
  console.log(`all ${runs.length} runs:`);
  printTable(rows);
  console.log(
    JSON.stringify({
      bench: "freecell",
      from: args.from,
      to: args.to,
      repeat: args.repeat,
      runs: runs.map((run) => ({
        ours: run.single?.totalMs,
        fcSolve: run.fcSolve.map((f) => ({ version: f.version, cpuMs: f.cpuMs, iterations: f.iterations })),
        ratios: run.ratios,
        load: run.load,
      })),
      medianRatios: versions.map((_, i) => median(runs.map((run) => run.ratios[i] ?? Number.NaN))),
      cpus: runs[0].cpus,
    }),
  );
}

async function main(): Promise<void> {
  const args = parseArgs();
  try {
    if (args.repeat > 1) runRepeated(args);
    else await runOnce(args);
  } catch (error) {
    // A failed fc-solve or run: one line, not a stack trace.
    console.error(`bench/freecell.ts: ${error instanceof Error ? error.message : String(error)}`);
    process.exit(1);
  }
}

await main();
