/**
 * King Albert benchmark: solves numbered deals under each rule set and numbering asked for, replays every
 * solution through the engine (the platform's verifier, no automatic moves), and prints per set the deals
 * solved, proved impossible and left unknown, the time per deal (median, p99, max) and the positions stored.
 * USAGE below lists the options (`--help` prints it).
 *
 * A table, then one JSON line. Runs on one thread: pin it (`taskset -c 1`) on a shared machine. The solver's
 * time budget and the times shown are read from the process's CPU time by default (`--clock cpu`): on a machine
 * shared with other work, wall time is several times the CPU time and says more about the load than about the
 * solver; `--clock wall` measures as a user would on an idle machine.
 */

import { performance } from "node:perf_hooks";
import type { Numbering } from "../src/cards/deals/layout.ts";
import type { FreeCellRules } from "../src/games/freecell/rules.ts";
import { solutionNotation, solve } from "../src/games/freecell/solver.ts";
import { kingAlbert } from "../src/games/king-albert/index.ts";
import { checkSolution } from "../src/games/patience/verify.ts";
import { benchArgs, dealList, dealRange, oneOf, positive } from "./args.ts";
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

const USAGE = `npm run bench:king-albert -- [options]     (or npx tsx bench/king-albert.ts [options])
  --from N --to N            deals (default 1..1000)
  --deals A,B,...            these deals instead
  --numbering NAME           solvitaire, microsoft or both (default both)
  --rules NAME               default, solvitaire (cards may come back off the foundations) or both (default both)
  --timeout S                seconds a deal (default 10)
  --clock cpu|wall           what times and --timeout count (default cpu: this process's CPU time)
  -h, --help                 this text`;

function parseArgs(): Args {
  return benchArgs(
    "bench/king-albert.ts",
    USAGE,
    {
      from: { type: "string", default: "1" },
      to: { type: "string", default: "1000" },
      deals: { type: "string" },
      numbering: { type: "string", default: "both" },
      rules: { type: "string", default: "both" },
      timeout: { type: "string", default: "10" },
      clock: { type: "string", default: "cpu" },
    },
    (v) => {
      const numbering = oneOf("--numbering", v.numbering, ["solvitaire", "microsoft", "both"]);
      const rules = oneOf("--rules", v.rules, [...Object.keys(RULE_SETS), "both"]);
      const numberings: Numbering[] = numbering === "both" ? ["solvitaire", "microsoft"] : [numbering];
      const args: Args = {
        ...dealRange(v, numberings),
        numberings,
        rules: rules === "both" ? Object.keys(RULE_SETS) : [rules],
        timeout: positive("--timeout", v.timeout),
        deals: v.deals === undefined ? undefined : dealList("--deals", v.deals, numberings),
        clock: oneOf("--clock", v.clock, ["cpu", "wall"]),
      };
      return args;
    },
  );
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
  const args = parseArgs();
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
