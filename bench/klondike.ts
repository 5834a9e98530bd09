/**
 * Klondike benchmark: solves numbered deals (thoughtful: the solver knows every card) for each draw and numbering
 * asked for, replays every solution through the platform's verifier (the moves in notation, no automatic moves,
 * as `tsol check` does), and prints per set the deals solved, proved impossible and left unknown, the time per
 * deal (median, p99, max), the positions stored, and the share winnable with its 95% Wilson interval beside the
 * published one. USAGE below lists the options (`--help` prints it).
 *
 * `--check` runs the reference solver (src/games/klondike/reference.ts, no twins, no sets, no placement rule)
 * beside it and counts where it decided and agreed. A table, then one JSON line. One thread: pin it (`taskset -c
 * 1`) on a shared machine. Times and the time budget are the process's CPU time by default (on a shared machine
 * wall time says more about the load than about the solver).
 */

import type { Numbering } from "../src/cards/deals/layout.ts";
import { klondike } from "../src/games/klondike/index.ts";
import { referenceSolve } from "../src/games/klondike/reference.ts";
import type { KlondikeRules } from "../src/games/klondike/rules.ts";
import { solveKlondike } from "../src/games/klondike/solver.ts";
import { movesNotation } from "../src/games/patience/solution.ts";
import { checkSolution } from "../src/games/patience/verify.ts";
import { wilson } from "../src/survey/report.ts";
import { benchArgs, dealList, dealRange, oneOf, positive, UsageError, whole } from "./args.ts";
import { cpuMs, printRow, quantile } from "./measure.ts";

interface Args {
  from: number;
  to: number;
  numberings: Numbering[];
  draws: number[];
  passes: number | null;
  fromFoundation: boolean;
  timeout: number;
  deals: number[] | undefined;
  clock: "cpu" | "wall";
  check: number;
  quiet: boolean;
  /** The memory budget of each search in MiB (undefined: the solver's default). */
  maxMemory: number | undefined;
}

const USAGE = `npm run bench:klondike -- [options]     (or npx tsx bench/klondike.ts [options])
  --from N --to N            deals (default 1..1000)
  --deals A,B,...            these deals instead
  --numbering NAME           solvitaire, microsoft or both (default both)
  --draw D                   1, 2, 3 or both (1 and 3; default both)
  --passes K                 passes through the stock, 1 or more, or unlimited (default unlimited)
  --no-from-foundation       cards stay home (no worrying back)
  --timeout S                seconds a deal (default 60)
  --max-memory MB            memory budget of each search in MiB (default the solver's, 512)
  --clock cpu|wall           what times and --timeout count (default cpu: this process's CPU time)
  --check N                  also run the reference solver with N positions a deal and compare
  --quiet                    no line for each deal slower than a second
  -h, --help                 this text`;

function parseArgs(): Args {
  return benchArgs(
    "bench/klondike.ts",
    USAGE,
    {
      from: { type: "string", default: "1" },
      to: { type: "string", default: "1000" },
      deals: { type: "string" },
      numbering: { type: "string", default: "both" },
      draw: { type: "string", default: "both" },
      passes: { type: "string", default: "unlimited" },
      "no-from-foundation": { type: "boolean", default: false },
      timeout: { type: "string", default: "60" },
      "max-memory": { type: "string" },
      clock: { type: "string", default: "cpu" },
      check: { type: "string" },
      quiet: { type: "boolean", default: false },
    },
    (v) => {
      const numbering = oneOf("--numbering", v.numbering, ["solvitaire", "microsoft", "both"]);
      const draw = oneOf("--draw", v.draw, ["1", "2", "3", "both"]);
      const numberings: Numbering[] = numbering === "both" ? ["solvitaire", "microsoft"] : [numbering];
      const args: Args = {
        ...dealRange(v, numberings),
        numberings,
        draws: draw === "both" ? [1, 3] : [Number(draw)],
        passes: v.passes === "unlimited" ? null : whole("--passes", v.passes, 1),
        fromFoundation: !v["no-from-foundation"],
        timeout: positive("--timeout", v.timeout),
        deals: v.deals === undefined ? undefined : dealList("--deals", v.deals, numberings),
        clock: oneOf("--clock", v.clock, ["cpu", "wall"]),
        check: v.check === undefined ? 0 : whole("--check", v.check, 1),
        quiet: v.quiet,
        maxMemory: v["max-memory"] === undefined ? undefined : positive("--max-memory", v["max-memory"]),
      };
      if (args.maxMemory !== undefined && args.maxMemory < 1)
        throw new UsageError("--max-memory needs a number of MiB, 1 or more");
      return args;
    },
  );
}

/** The 95% Wilson score interval of k successes in n trials, as the survey report computes it. */
function wilsonInterval(k: number, n: number): [number, number] {
  const { low, high } = wilson(k, n);
  return [low, high];
}

/** Blake and Gent (JAIR 2026), thoughtful Klondike, unlimited passes, cards may come back off foundations. */
const PUBLISHED: Record<number, [number, number]> = { 1: [0.9048, 0.00116], 3: [0.81945, 0.00084] };

interface SetReport {
  draw: number;
  numbering: Numbering;
  deals: number;
  solved: number;
  impossible: number;
  unknown: number;
  unknownDeals: number[];
  verified: number;
  msMedian: number;
  msP99: number;
  msMax: number;
  slowest: number;
  msTotal: number;
  positionsMedian: number;
  positionsP99: number;
  positionsMax: number;
  winnableLow: number;
  winnableHigh: number;
  overlapsPublished: boolean | null;
  checked?: { decided: number; agreed: number; disagreed: number[] };
  slowDeals: [number, number, string][];
}

function runSet(
  args: Args,
  draw: number,
  numbering: Numbering,
  deals: number[],
  now: () => number,
): SetReport {
  const options: Partial<KlondikeRules> = { draw, passes: args.passes, fromFoundation: args.fromFoundation };
  const rules = klondike.rules.make(options);
  const times: number[] = [];
  const positions: number[] = [];
  const report: SetReport = {
    draw,
    numbering,
    deals: deals.length,
    solved: 0,
    impossible: 0,
    unknown: 0,
    unknownDeals: [],
    verified: 0,
    msMedian: 0,
    msP99: 0,
    msMax: 0,
    slowest: 0,
    msTotal: 0,
    positionsMedian: 0,
    positionsP99: 0,
    positionsMax: 0,
    winnableLow: 0,
    winnableHigh: 1,
    overlapsPublished: null,
    slowDeals: [],
  };
  if (args.check > 0) report.checked = { decided: 0, agreed: 0, disagreed: [] };
  for (const n of deals) {
    const state = klondike.deal(n, rules, numbering);
    const t0 = now();
    const budget = {
      ms: args.timeout * 1000,
      ...(args.maxMemory !== undefined ? { bytes: Math.floor(args.maxMemory * 2 ** 20) } : {}),
    };
    const result = solveKlondike(state, { budget, now, policy: "none" });
    const ms = now() - t0;
    times.push(ms);
    positions.push(result.stats.positions);
    report.msTotal += ms;
    if (ms > report.msMax) {
      report.msMax = ms;
      report.slowest = n;
    }
    report.slowDeals.push([n, Math.round(ms), result.result]);
    report.slowDeals.sort((a, b) => b[1] - a[1]);
    report.slowDeals.length = Math.min(report.slowDeals.length, 10);
    if (result.result === "solved") {
      report.solved++;
      const check = checkSolution(klondike, state, movesNotation(klondike, state, result.moves), "none");
      if (check.valid && check.won) report.verified++;
      else console.error(`deal ${n}: the solution does not replay to a win: ${JSON.stringify(check)}`);
    } else if (result.result === "unsolvable") report.impossible++;
    else {
      report.unknown++;
      report.unknownDeals.push(n);
    }
    if (report.checked) {
      const ref = referenceSolve(state, args.check);
      if (ref.result !== "unknown" && result.result !== "unknown") {
        report.checked.decided++;
        if (ref.result === result.result) report.checked.agreed++;
        else {
          report.checked.disagreed.push(n);
          console.error(`deal ${n}: the reference says ${ref.result}, the solver ${result.result}`);
        }
      }
    }
    if (!args.quiet && ms > 1000)
      console.error(
        `  deal ${n}: ${result.result} in ${Math.round(ms)} ms, ${result.stats.positions} positions`,
      );
  }
  times.sort((a, b) => a - b);
  positions.sort((a, b) => a - b);
  report.msMedian = quantile(times, 0.5);
  report.msP99 = quantile(times, 0.99);
  report.positionsMedian = quantile(positions, 0.5);
  report.positionsP99 = quantile(positions, 0.99);
  report.positionsMax = positions[positions.length - 1] ?? 0;
  // Unknowns as losses for the lower bound, as wins for the upper (as the published figures are given).
  report.winnableLow = wilsonInterval(report.solved, deals.length)[0];
  report.winnableHigh = wilsonInterval(report.solved + report.unknown, deals.length)[1];
  const published = PUBLISHED[draw];
  if (published && args.passes === null && args.fromFoundation) {
    const [p, e] = published;
    report.overlapsPublished = report.winnableLow <= p + e && report.winnableHigh >= p - e;
  }
  return report;
}

function main(): void {
  const args = parseArgs();
  const deals = args.deals ?? Array.from({ length: args.to - args.from + 1 }, (_, i) => args.from + i);
  const now = args.clock === "cpu" ? cpuMs : () => performance.now();
  const reports: SetReport[] = [];
  const pct = (x: number) => `${(100 * x).toFixed(2)}%`;
  const row = (cells: (string | number)[]) => printRow(cells, 2, 10);
  console.log(
    `Klondike, thoughtful; passes ${args.passes ?? "unlimited"}, ${args.fromFoundation ? "cards may come back off the foundations" : "cards stay home"}; ` +
      `time budget ${args.timeout} s a deal (${args.clock === "cpu" ? "CPU" : "wall"} time), memory budget ${args.maxMemory === undefined ? "the default" : `${args.maxMemory} MiB`}`,
  );
  row([
    "draw",
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
  ]);
  for (const draw of args.draws) {
    for (const numbering of args.numberings) {
      const r = runSet(args, draw, numbering, deals, now);
      reports.push(r);
      row([
        `draw ${draw}`,
        numbering,
        r.deals,
        r.solved,
        r.impossible,
        r.unknown,
        r.verified,
        r.msMedian.toFixed(2),
        r.msP99.toFixed(0),
        r.msMax.toFixed(0),
        r.positionsMedian,
        r.positionsP99,
        r.positionsMax,
      ]);
    }
  }
  console.log("");
  for (const r of reports) {
    const published = PUBLISHED[r.draw];
    const against =
      r.overlapsPublished === null || !published
        ? ""
        : `; published ${pct(published[0])} +- ${(100 * published[1]).toFixed(3)}: ${r.overlapsPublished ? "the intervals overlap" : "NO OVERLAP"}`;
    console.log(
      `draw ${r.draw} ${r.numbering}: winnable ${pct(r.winnableLow)} .. ${pct(r.winnableHigh)} (95% Wilson, unknowns both ways)${against}; slowest deal ${r.slowest} (${Math.round(r.msMax)} ms)` +
        (r.unknownDeals.length > 0 ? `; unknown: ${r.unknownDeals.join(",")}` : "") +
        (r.checked
          ? `; reference decided ${r.checked.decided}, agreed ${r.checked.agreed}, disagreed [${r.checked.disagreed.join(",")}]`
          : ""),
    );
  }
  console.log(JSON.stringify({ bench: "klondike", args, sets: reports }));
}

main();
