/**
 * FreeCell solver benchmark over Microsoft deals: on one core (this thread) and on all cores (worker threads
 * speaking the protocol of src/search/protocol.ts), beside fc-solve when it is installed. USAGE below lists the
 * options (`--help` prints it).
 *
 * Every solution is replayed through the engine (applyMove, no automatic moves) outside the timed call.
 * Prints a table, then one JSON line.
 */

import { spawnSync } from "node:child_process";
import { availableParallelism } from "node:os";
import { performance } from "node:perf_hooks";
import type { Worker } from "node:worker_threads";
import { dealMicrosoft } from "../src/games/freecell/deal.ts";
import { applyMove, type FreeCellState, isWon, type Move } from "../src/games/freecell/rules.ts";
import { countSolution, type FreeCellSolveResult, solve } from "../src/games/freecell/solver.ts";
import type { Response, SolveRequest } from "../src/search/protocol.ts";
import { startTypeScriptThread } from "../src/workers/typescript-thread.ts";
import { benchArgs, dealRange, positive, whole } from "./args.ts";
import { cpuMs, quantile } from "./measure.ts";

interface Args {
  from: number;
  to: number;
  shortest: boolean;
  single: boolean;
  parallel: boolean;
  fcSolve: boolean;
  workers: number;
  timeout: number;
}

const USAGE = `npm run bench:freecell -- [options]     (or npx tsx bench/freecell.ts [options])
  --from N --to N            Microsoft deals (default 1..32000)
  --shortest                 the short-solution mode
  --workers N                worker threads of the parallel run (default one a core)
  --timeout S                seconds a deal (default 60)
  --no-single                no one-core run
  --no-parallel              no parallel run
  --no-fc-solve              no fc-solve run
  -h, --help                 this text
examples:
  npm run bench:freecell                                # deals 1..32000
  npm run bench:freecell -- --from 1 --to 1000          # a quick run
  npm run bench:freecell -- --shortest --to 2000        # the short-solution mode
  npm run bench:freecell -- --no-parallel --no-fc-solve # one core only`;

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
      };
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
function runSingle(args: Args): { summary: Summary; fc?: FcSolveRun } {
  const records: DealRecord[] = [];
  let fc: FcSolveRun | undefined = args.fcSolve
    ? { available: fcSolveInstalled(), cpuMs: 0, wallMs: 0, unsolved: [] }
    : undefined;
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
    if (fc?.available) {
      const run = runFcSolve(from, to);
      fc = {
        available: true,
        cpuMs: (fc.cpuMs ?? 0) + (run.cpuMs ?? Number.NaN),
        wallMs: (fc.wallMs ?? 0) + (run.wallMs ?? 0),
        unsolved: [...(fc.unsolved ?? []), ...(run.unsolved ?? [])],
        note: `freecell-solver-range-parallel-solve FROM TO ${CHUNK} -l lg, chunk by chunk after ours`,
      };
    }
  }
  if (fc && !fc.available) fc = { available: false, note: FC_ABSENT };
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

interface FcSolveRun {
  available: boolean;
  wallMs?: number;
  cpuMs?: number;
  unsolved?: number[];
  note?: string;
}

const FC_ABSENT = "fc-solve absent (apt-get install -y freecell-solver-bin)";

function fcSolveInstalled(): boolean {
  return spawnSync("sh", ["-c", "command -v freecell-solver-range-parallel-solve"]).status === 0;
}

/** fc-solve's fastest preset on deals from..to, its CPU time measured by `time -p`. */
function runFcSolve(from: number, to: number): FcSolveRun {
  if (!fcSolveInstalled()) return { available: false, note: FC_ABSENT };
  const command = `freecell-solver-range-parallel-solve ${from} ${to} ${CHUNK} -l lg`;
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
  const unsolved = [...text.matchAll(/(?:Unsolved|Intractable) Board No\. (\d+)/g)].map((m) => Number(m[1]));
  return { available: true, wallMs, cpuMs: (user + sys) * 1000, unsolved, note: command };
}

function fmt(n: number, digits = 0): string {
  return n.toLocaleString("en", { minimumFractionDigits: digits, maximumFractionDigits: digits });
}

async function main(): Promise<void> {
  const args = parseArgs();
  const count = args.to - args.from + 1;
  process.stderr.write(
    `FreeCell bench: Microsoft deals ${args.from}..${args.to}${args.shortest ? ", --shortest" : ""}\n`,
  );
  const one = args.single ? runSingle(args) : undefined;
  const single = one?.summary;
  const parallel = args.parallel ? await runParallel(args) : undefined;
  const fc: FcSolveRun = !args.fcSolve
    ? { available: false, note: "skipped (--no-fc-solve)" }
    : (one?.fc ?? runFcSolve(args.from, args.to));
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
  add("mean length (a) runs as 1", (s) => (s.meanLength ? fmt(s.meanLength.moves, 1) : "-"));
  add("mean length (b) single cards", (s) => (s.meanLength ? fmt(s.meanLength.cards, 1) : "-"));
  add("mean length (c) no safe autos", (s) => (s.meanLength ? fmt(s.meanLength.player, 1) : "-"));
  const ratio = fc.available && single && fc.cpuMs ? single.totalMs / fc.cpuMs : undefined;
  if (fc.available) {
    rows.push(["fc-solve -l lg cpu ms", fmt(fc.cpuMs ?? 0), ""]);
    rows.push(["fc-solve unsolved", `${fc.unsolved?.length ?? 0} ${fc.unsolved?.slice(0, 8).join(" ")}`, ""]);
    rows.push(["ratio ours / fc-solve (one core)", ratio === undefined ? "-" : fmt(ratio, 2), ""]);
  } else {
    rows.push(["fc-solve", fc.note ?? "absent", ""]);
  }
  const width = [0, 1, 2].map((c) => Math.max(...rows.map((r) => r[c].length)));
  for (const r of rows)
    console.log(`${r[0].padEnd(width[0])}  ${r[1].padStart(width[1])}  ${r[2].padStart(width[2])}`);
  console.log(
    JSON.stringify({
      bench: "freecell",
      from: args.from,
      to: args.to,
      deals: count,
      shortest: args.shortest,
      single,
      parallel: parallel ? { ...parallel, workers: args.workers } : undefined,
      fcSolve: fc,
      ratio,
    }),
  );
}

await main();
