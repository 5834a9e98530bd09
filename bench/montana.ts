/**
 * Montana solver benchmark: numbered deals under a rule set, each solved with a time budget; every solution is
 * replayed through the engine (applyMove, then isWon) outside the timed call. USAGE below lists the options
 * (`--help` prints it).
 *
 * Times are the solve call's wall time on its thread; with one thread, its CPU time too (cpu columns), which a
 * busy machine inflates less: with --clock cpu (one thread only) the budget counts the process's CPU time.
 * --threads N solves each deal in N threads (the complete search sharing its table, solver.ts); --workers N
 * solves N deals at once.
 * Prints a table, then one JSON line.
 */

import { appendFileSync, writeFileSync } from "node:fs";
import { performance } from "node:perf_hooks";
import { isMainThread, parentPort, type Worker, workerData } from "node:worker_threads";
import type { Numbering } from "../src/cards/deals/layout.ts";
import { dealMontana, montana } from "../src/games/montana/index.ts";
import { applyMove, isWon, type MontanaRules } from "../src/games/montana/rules.ts";
import { solve } from "../src/games/montana/solver.ts";
import { RulesError } from "../src/games/patience/rules.ts";
import {
  defaultSearchThreads,
  searchThreads,
  startTypeScriptThread,
} from "../src/workers/typescript-thread.ts";
import { benchArgs, dealRange, oneOf, positive, UsageError, whole } from "./args.ts";

interface Args {
  from: number;
  to: number;
  numberings: Numbering[];
  rules: MontanaRules;
  timeout: number;
  clock: "cpu" | "wall";
  positions: number | undefined;
  mb: number;
  workers: number;
  threads: number;
  out: string | undefined;
}

interface Job {
  deal: number;
  numbering: Numbering;
}

interface Record {
  deal: number;
  numbering: Numbering;
  result: "solved" | "unsolvable" | "unknown";
  ms: number;
  /** CPU time of the process during the call: the thread's own when one thread runs (GC helpers add a little). */
  cpuMs: number;
  positions: number;
  moves: number;
  budget?: string;
  replayed: boolean;
}

const USAGE = `npm run bench:montana -- [options]     (or npx tsx bench/montana.ts [options])
  --from N --to N            deals (default 1..1000)
  --numbering NAME           microsoft, solvitaire or both (default both)
  --free-twos                any 2 to any first-column gap
  --fixed-suits              basic Gaps: each row's own 2
  --redeals K                0 to 3 redeals
  --timeout S                seconds a deal (default 60)
  --clock cpu|wall           what --timeout counts (default wall; cpu needs one thread)
  --positions N              positions a deal (default none)
  --mb M                     memory budget a deal in MB (default 2048)
  --workers N                deals solved at once, each in its own thread (default 1)
  --threads N                threads a deal is solved in (default: the cores over --workers; 1 with --clock cpu)
  --out FILE                 a JSON line per deal
  -h, --help                 this text
examples:
  npm run bench:montana                                        # deals 1..1000, both numberings, 2s stay
  npm run bench:montana -- --to 200 --numbering solvitaire --free-twos --timeout 60
  npm run bench:montana -- --fixed-suits --to 100              # basic Gaps
  npm run bench:montana -- --workers 2 --out deals.jsonl       # two deals at once; a line per deal in a file
  npm run bench:montana -- --free-twos --numbering solvitaire --threads 1   # each deal on one core`;

/** This process's CPU time in ms (every thread's: one thread only). */
function cpuNow(): number {
  const t = process.cpuUsage();
  return (t.user + t.system) / 1000;
}

function parseArgs(): Args {
  return benchArgs(
    "bench/montana.ts",
    USAGE,
    {
      from: { type: "string", default: "1" },
      to: { type: "string", default: "1000" },
      numbering: { type: "string", default: "both" },
      "free-twos": { type: "boolean" },
      "fixed-suits": { type: "boolean" },
      redeals: { type: "string" },
      timeout: { type: "string", default: "60" },
      clock: { type: "string", default: "wall" },
      positions: { type: "string" },
      mb: { type: "string", default: "2048" },
      workers: { type: "string", default: "1" },
      threads: { type: "string" },
      out: { type: "string" },
    },
    (v) => {
      const numbering = oneOf("--numbering", v.numbering, ["microsoft", "solvitaire", "both"]);
      let rules: MontanaRules;
      try {
        rules = montana.rules.make({
          freeTwos: v["free-twos"],
          fixedSuits: v["fixed-suits"],
          redeals: v.redeals === undefined ? undefined : whole("--redeals", v.redeals, 0),
        });
      } catch (error) {
        if (error instanceof RulesError) throw new UsageError(error.message);
        throw error;
      }
      const numberings: Numbering[] = numbering === "both" ? ["microsoft", "solvitaire"] : [numbering];
      const workers = whole("--workers", v.workers, 1);
      const args: Args = {
        ...dealRange(v, numberings),
        numberings,
        rules,
        timeout: positive("--timeout", v.timeout),
        clock: oneOf("--clock", v.clock, ["cpu", "wall"]),
        positions: v.positions === undefined ? undefined : whole("--positions", v.positions, 1),
        mb: positive("--mb", v.mb),
        workers,
        // Every core by default, shared out among the deals solved at once; one thread when CPU time is the clock.
        threads:
          v.threads !== undefined
            ? whole("--threads", v.threads, 1)
            : v.clock === "cpu"
              ? 1
              : defaultSearchThreads(workers),
        out: v.out,
      };
      if (args.clock === "cpu" && (args.workers > 1 || args.threads > 1))
        throw new UsageError("--clock cpu needs one thread: the process's CPU time is every thread's");
      return args;
    },
  );
}

/** What every deal is solved with. */
type Settings = Pick<Args, "rules" | "timeout" | "mb" | "clock" | "positions" | "threads">;

/** Solves one deal and replays the solution through the engine. */
function run(job: Job, { rules, timeout, mb, clock, positions, threads }: Settings): Record {
  const start = dealMontana(job.deal, rules, job.numbering);
  const t0 = performance.now();
  const c0 = process.cpuUsage();
  const result = solve(start, {
    budget: { ms: timeout * 1000, bytes: mb * 1024 * 1024, ...(positions ? { positions } : {}) },
    now: clock === "cpu" ? cpuNow : () => performance.now(),
    threads,
    startThread: searchThreads("montana"),
  });
  const ms = performance.now() - t0;
  const used = process.cpuUsage(c0);
  const cpuMs = (used.user + used.system) / 1000;
  let replayed = false;
  if (result.result === "solved") {
    let s = start;
    for (const m of result.moves) s = applyMove(s, m);
    replayed = isWon(s);
    if (!replayed) throw new Error(`deal ${job.deal} (${job.numbering}): the solution does not win`);
  }
  return {
    deal: job.deal,
    numbering: job.numbering,
    result: result.result,
    ms,
    cpuMs,
    positions: result.stats.positions,
    moves: result.moves.length,
    ...(result.stats.budget ? { budget: result.stats.budget } : {}),
    replayed,
  };
}

function quantile(sorted: number[], q: number): number {
  if (sorted.length === 0) return 0;
  return sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))];
}

function summarise(records: Record[]) {
  const ms = records.map((r) => r.ms).sort((a, b) => a - b);
  const cpu = records.map((r) => r.cpuMs).sort((a, b) => a - b);
  const positions = records.map((r) => r.positions).sort((a, b) => a - b);
  const count = (k: Record["result"]) => records.filter((r) => r.result === k).length;
  return {
    deals: records.length,
    solved: count("solved"),
    unsolvable: count("unsolvable"),
    unknown: count("unknown"),
    replayed: records.filter((r) => r.replayed).length,
    msMedian: Math.round(quantile(ms, 0.5)),
    msP99: Math.round(quantile(ms, 0.99)),
    msMax: Math.round(ms[ms.length - 1] ?? 0),
    msTotal: Math.round(ms.reduce((a, b) => a + b, 0)),
    cpuMedian: Math.round(quantile(cpu, 0.5)),
    cpuP99: Math.round(quantile(cpu, 0.99)),
    cpuMax: Math.round(cpu[cpu.length - 1] ?? 0),
    positionsMedian: quantile(positions, 0.5),
    positionsMax: positions[positions.length - 1] ?? 0,
    unknownDeals: records.filter((r) => r.result === "unknown").map((r) => r.deal),
  };
}

function startWorker(args: Args): Worker {
  const settings: Settings = { ...args, clock: "wall" };
  return startTypeScriptThread(new URL(import.meta.url), settings);
}

async function main(): Promise<void> {
  const args = parseArgs();
  const jobs: Job[] = [];
  for (const numbering of args.numberings) {
    for (let deal = args.from; deal <= args.to; deal++) jobs.push({ deal, numbering });
  }
  if (args.out) writeFileSync(args.out, "");
  const records: Record[] = [];
  const done = (r: Record) => {
    records.push(r);
    if (args.out) appendFileSync(args.out, `${JSON.stringify(r)}\n`);
    // Redrawn in place on a terminal; a line of its own in a file, where a carriage return runs into the table.
    if (records.length % 50 === 0)
      process.stderr.write(`${records.length}/${jobs.length}${process.stderr.isTTY ? "\r" : "\n"}`);
  };
  const wall0 = performance.now();
  if (args.workers <= 1) {
    for (const job of jobs) done(run(job, args));
  } else {
    let next = 0;
    await Promise.all(
      Array.from({ length: args.workers }, () => {
        const worker = startWorker(args);
        return new Promise<void>((resolve, reject) => {
          const feed = () => {
            if (next >= jobs.length) {
              worker.terminate().then(() => resolve(), reject);
              return;
            }
            worker.postMessage(jobs[next++]);
          };
          worker.on("message", (r: Record) => {
            done(r);
            feed();
          });
          worker.on("error", reject);
          feed();
        });
      }),
    );
  }
  const wall = performance.now() - wall0;
  const label = montana.rules.label(args.rules);
  const rows = args.numberings.map((n) => ({
    numbering: n,
    ...summarise(records.filter((r) => r.numbering === n)),
  }));
  const all = summarise(records);
  console.log(
    `Montana solver: ${label}; deals ${args.from}..${args.to}; ${args.timeout} s (${args.clock} clock)` +
      `${args.positions ? `, ${args.positions} positions` : ""} and ${args.mb} MB a deal` +
      `, ${args.threads} thread${args.threads > 1 ? "s" : ""} a deal`,
  );
  console.log(
    "numbering    deals  solved  unsolvable  unknown  replayed  ms median    ms p99    ms max  cpu median   cpu p99   cpu max   positions median      max",
  );
  for (const r of [...rows, { numbering: "all", ...all }]) {
    console.log(
      `${r.numbering.padEnd(11)} ${String(r.deals).padStart(6)} ${String(r.solved).padStart(7)} ${String(r.unsolvable).padStart(11)} ${String(r.unknown).padStart(8)} ${String(r.replayed).padStart(9)} ${String(r.msMedian).padStart(10)} ${String(r.msP99).padStart(9)} ${String(r.msMax).padStart(9)} ${String(r.cpuMedian).padStart(11)} ${String(r.cpuP99).padStart(9)} ${String(r.cpuMax).padStart(9)} ${String(r.positionsMedian).padStart(18)} ${String(r.positionsMax).padStart(8)}`,
    );
  }
  if (all.unknown > 0)
    console.log(
      `unknown: ${records
        .filter((r) => r.result === "unknown")
        .map((r) => `${r.numbering} ${r.deal}`)
        .join(", ")}`,
    );
  console.log(
    JSON.stringify({
      bench: "montana",
      rules: args.rules,
      label,
      from: args.from,
      to: args.to,
      timeoutS: args.timeout,
      clock: args.clock,
      positions: args.positions,
      mb: args.mb,
      workers: args.workers,
      threads: args.threads,
      wallMs: Math.round(wall),
      numberings: rows,
      all,
    }),
  );
}

if (isMainThread) {
  await main();
} else {
  const port = parentPort;
  if (!port) throw new Error("no parent port");
  const settings = workerData as Settings;
  port.on("message", (job: Job) => port.postMessage(run(job, settings)));
}
