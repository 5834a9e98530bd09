/**
 * King Albert benchmark: solves numbered deals under each rule set and numbering asked for, replays every
 * solution through the engine (the platform's verifier, no automatic moves), and prints per set the deals
 * solved, proved impossible and left unknown, the time per deal (median, p99, max) and the positions stored.
 *
 *   npx tsx bench/king-albert.ts [--from 1] [--to 1000] [--numbering solvitaire|microsoft|both]
 *                                [--rules default|solvitaire|both] [--timeout 10] [--deals 100,160]
 *                                [--clock cpu|wall]
 *
 * `--rules solvitaire` is Solvitaire's rule set (cards may come back off the foundations). A table, then one
 * JSON line. Runs on one thread: pin it (`taskset -c 1`) on a shared machine. The solver's time budget and the
 * times shown are read from the process's CPU time by default (`--clock cpu`): on a machine shared with other
 * work, wall time is several times the CPU time and says more about the load than about the solver; `--clock
 * wall` measures as a user would on an idle machine.
 */

import { performance } from "node:perf_hooks";
import type { Numbering } from "../src/cards/deals/layout.ts";
import type { FreeCellRules } from "../src/games/freecell/rules.ts";
import { solutionNotation, solve } from "../src/games/freecell/solver.ts";
import { kingAlbert } from "../src/games/king-albert/index.ts";
import { checkSolution } from "../src/games/patience/verify.ts";
import { cpuMs, printRow, quantile } from "./measure.ts";

interface Args {
  from: number;
  to: number;
  numberings: Numbering[];
  rules: string[];
  timeout: number;
  deals: number[] | undefined;
  clock: "cpu" | "wall";
}

const RULE_SETS: Record<string, Partial<FreeCellRules>> = {
  default: {},
  solvitaire: { fromFoundation: true },
};

function parseArgs(argv: string[]): Args {
  const args: Args = {
    from: 1,
    to: 1000,
    numberings: ["solvitaire", "microsoft"],
    rules: ["default", "solvitaire"],
    timeout: 10,
    deals: undefined,
    clock: "cpu",
  };
  for (let i = 0; i < argv.length; i++) {
    const flag = argv[i];
    const value = argv[++i];
    if (value === undefined) throw new Error(`${flag} needs a value`);
    if (flag === "--from" || flag === "--to") {
      const n = Number(value);
      if (!Number.isInteger(n) || n < 1) throw new Error(`${flag} needs a whole number of 1 or more`);
      args[flag === "--from" ? "from" : "to"] = n;
    } else if (flag === "--timeout") {
      const s = Number(value);
      if (!(s > 0)) throw new Error("--timeout needs a number of seconds above 0");
      args.timeout = s;
    } else if (flag === "--numbering") {
      if (value !== "both" && value !== "solvitaire" && value !== "microsoft")
        throw new Error("--numbering is solvitaire, microsoft or both");
      args.numberings = value === "both" ? ["solvitaire", "microsoft"] : [value];
    } else if (flag === "--rules") {
      if (value !== "both" && !(value in RULE_SETS))
        throw new Error("--rules is default, solvitaire or both");
      args.rules = value === "both" ? Object.keys(RULE_SETS) : [value];
    } else if (flag === "--deals") {
      args.deals = value.split(",").map(Number);
      if (args.deals.some((n) => !Number.isInteger(n) || n < 1))
        throw new Error("--deals lists whole numbers");
    } else if (flag === "--clock") {
      if (value !== "cpu" && value !== "wall") throw new Error("--clock is cpu or wall");
      args.clock = value;
    } else throw new Error(`unknown flag ${flag}`);
  }
  if (args.to < args.from) throw new Error("--to must not be below --from");
  return args;
}

interface SetReport {
  rules: string;
  numbering: Numbering;
  deals: number;
  solved: number;
  impossible: number;
  unknown: number;
  unknownDeals: number[];
  /** The slowest deals: [deal, ms, result]. */
  slowDeals: [number, number, string][];
  verified: number;
  msTotal: number;
  msMedian: number;
  msP99: number;
  msMax: number;
  slowest: number;
  positionsMedian: number;
  positionsP99: number;
  positionsMax: number;
  meanLength: number;
}

function runSet(
  rulesName: string,
  numbering: Numbering,
  deals: number[],
  timeout: number,
  now: () => number,
): SetReport {
  const rules = kingAlbert.rules.make(RULE_SETS[rulesName]);
  const times: number[] = [];
  const positions: number[] = [];
  const report: SetReport = {
    rules: rulesName,
    numbering,
    deals: deals.length,
    solved: 0,
    impossible: 0,
    unknown: 0,
    unknownDeals: [],
    slowDeals: [],
    verified: 0,
    msTotal: 0,
    msMedian: 0,
    msP99: 0,
    msMax: 0,
    slowest: 0,
    positionsMedian: 0,
    positionsP99: 0,
    positionsMax: 0,
    meanLength: 0,
  };
  let moves = 0;
  for (const n of deals) {
    const state = kingAlbert.deal(n, rules, numbering);
    const t0 = now();
    const result = solve(state, { budget: { ms: timeout * 1000 }, now });
    const ms = now() - t0;
    times.push(ms);
    positions.push(result.stats.positions);
    report.slowDeals.push([n, Math.round(ms), result.result]);
    report.slowDeals.sort((a, b) => b[1] - a[1]);
    report.slowDeals.length = Math.min(report.slowDeals.length, 20);
    report.msTotal += ms;
    if (ms > report.msMax) {
      report.msMax = ms;
      report.slowest = n;
    }
    if (result.result === "solved") {
      report.solved++;
      moves += result.moves.length;
      const check = checkSolution(kingAlbert, state, solutionNotation(state, result.moves), "none");
      if (check.valid && check.won) report.verified++;
      else console.error(`deal ${n}: the solution does not replay to a win: ${JSON.stringify(check)}`);
    } else if (result.result === "unsolvable") report.impossible++;
    else {
      report.unknown++;
      report.unknownDeals.push(n);
    }
  }
  times.sort((a, b) => a - b);
  positions.sort((a, b) => a - b);
  report.msMedian = quantile(times, 0.5);
  report.msP99 = quantile(times, 0.99);
  report.positionsMedian = quantile(positions, 0.5);
  report.positionsP99 = quantile(positions, 0.99);
  report.positionsMax = positions[positions.length - 1] ?? 0;
  report.meanLength = report.solved === 0 ? 0 : moves / report.solved;
  return report;
}

function main(): void {
  const args = parseArgs(process.argv.slice(2));
  const deals = args.deals ?? Array.from({ length: args.to - args.from + 1 }, (_, i) => args.from + i);
  const reports: SetReport[] = [];
  const row = (cells: (string | number)[]) => printRow(cells, 2, 11);
  console.log(`time budget ${args.timeout} s a deal, ${args.clock === "cpu" ? "CPU time" : "wall time"}`);
  row([
    "rules",
    "numbering",
    "deals",
    "solved",
    "imposs.",
    "unknown",
    "verified",
    "ms med",
    "ms p99",
    "ms max",
    "pos med",
    "pos p99",
    "pos max",
    "length",
  ]);
  for (const rules of args.rules) {
    for (const numbering of args.numberings) {
      const r = runSet(
        rules,
        numbering,
        deals,
        args.timeout,
        args.clock === "cpu" ? cpuMs : () => performance.now(),
      );
      reports.push(r);
      row([
        r.rules,
        r.numbering,
        r.deals,
        r.solved,
        r.impossible,
        r.unknown,
        r.verified,
        r.msMedian.toFixed(2),
        r.msP99.toFixed(0),
        `${r.msMax.toFixed(0)}`,
        r.positionsMedian,
        r.positionsP99,
        r.positionsMax,
        r.meanLength.toFixed(1),
      ]);
      if (r.unknownDeals.length > 0) console.log(`  unknown: ${r.unknownDeals.join(" ")}`);
      console.log(`  slowest: ${r.slowDeals.map(([n, ms, res]) => `${n} ${ms} ms ${res}`).join(", ")}`);
      console.log(`  total ${r.msTotal.toFixed(0)} ms`);
    }
  }
  console.log(
    JSON.stringify({ bench: "king-albert", timeout: args.timeout, clock: args.clock, sets: reports }),
  );
}

main();
