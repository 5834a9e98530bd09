/**
 * Paired comparison of two FreeCell solvers in one process: this checkout's and the one in another checkout
 * (a `git worktree` of an older commit), taking turns deal by deal, so the machine's changing load falls on
 * both alike. The ratio of the two totals is far steadier than two separate runs of bench:freecell. USAGE
 * below lists the options (`--help` prints it).
 *
 * Prints the time, positions and mean solution length (runs as one, every foundation move) of each, the ratio
 * new / base, and one JSON line.
 *
 * With --processes each side instead solves the whole range in a process of its own, one after the other,
 * the order alternating from pass to pass (pin it with taskset): two solvers in one process share the
 * JIT's feedback and the heap, which made in-process ratios swing by several percent for some changes (the
 * thirteenth round of docs/solver.md), while separate processes agreed within about 2%.
 */

import { spawnSync } from "node:child_process";
import { existsSync } from "node:fs";
import { resolve } from "node:path";
import { performance } from "node:perf_hooks";
import { fileURLToPath, pathToFileURL } from "node:url";
import { dealMicrosoft } from "../src/games/freecell/deal.ts";
import type { FreeCellState } from "../src/games/freecell/rules.ts";
import { type FreeCellSolveResult, solve } from "../src/games/freecell/solver.ts";
import { benchArgs, dealRange, oneOf, UsageError, whole } from "./args.ts";
import { cpuMs } from "./measure.ts";

type Solve = (state: FreeCellState) => FreeCellSolveResult;

interface Args {
  base: string;
  from: number;
  to: number;
  reps: number;
  clock: "cpu" | "wall";
  processes: boolean;
  /** Internal: solve the range with this checkout's solver and print one JSON tally (a --processes child). */
  side?: string;
}

const USAGE = `npx tsx bench/freecell-paired.ts --base DIR [options]
  --base DIR                 the checkout to compare with (a git worktree of that commit); required
  --from N --to N            Microsoft deals (default 1..4000)
  --reps N                   passes over the deals (default 1)
  --clock cpu|wall           what the times count (default cpu: this process's CPU time)
  --processes                each side in a process of its own, taking turns pass by pass
  -h, --help                 this text
example:
  git worktree add /tmp/base HEAD~1 && ln -s "$PWD/node_modules" /tmp/base/node_modules
  npx tsx bench/freecell-paired.ts --base /tmp/base --from 1 --to 4000`;

/** The base checkout's solver, which --base must hold. */
const BASE_SOLVER = "src/games/freecell/solver.ts";

function parseArgs(): Args {
  return benchArgs(
    "bench/freecell-paired.ts",
    USAGE,
    {
      base: { type: "string" },
      from: { type: "string", default: "1" },
      to: { type: "string", default: "4000" },
      reps: { type: "string", default: "1" },
      clock: { type: "string", default: "cpu" },
      processes: { type: "boolean", default: false },
      side: { type: "string" },
    },
    (v) => {
      const base = v.base ?? v.side;
      if (!base) throw new UsageError("--base DIR is required (a worktree of the commit to compare with)");
      if (!existsSync(resolve(base, BASE_SOLVER))) throw new UsageError(`${base} has no ${BASE_SOLVER}`);
      const args: Args = {
        base,
        ...dealRange(v, ["microsoft"]),
        reps: whole("--reps", v.reps, 1),
        clock: oneOf("--clock", v.clock, ["cpu", "wall"]),
        processes: v.processes === true,
        ...(v.side ? { side: v.side } : {}),
      };
      return args;
    },
  );
}

interface Tally {
  ms: number;
  positions: number;
  moves: number;
  solved: number;
}

const emptyTally = (): Tally => ({ ms: 0, positions: 0, moves: 0, solved: 0 });

async function main(): Promise<void> {
  const args = parseArgs();
  const clock = args.clock === "cpu" ? cpuMs : () => performance.now();
  if (args.side !== undefined) {
    const side = (await import(pathToFileURL(resolve(args.side, BASE_SOLVER)).href)) as { solve: Solve };
    const tally = emptyTally();
    for (let deal = args.from; deal <= args.to; deal++) count(tally, side.solve, dealMicrosoft(deal), clock);
    console.log(JSON.stringify(tally));
    return;
  }
  const solvers: [string, Tally][] = [
    ["base", emptyTally()],
    ["new", emptyTally()],
  ];
  const runs: [number[], number[]] = [[], []];
  if (args.processes) {
    const here = resolve(fileURLToPath(import.meta.url), "../..");
    for (let rep = 0; rep < args.reps; rep++) {
      for (const k of rep % 2 === 0 ? [0, 1] : [1, 0]) {
        const tally = sideProcess(k === 0 ? args.base : here, args);
        runs[k].push(tally.ms);
        const total = solvers[k][1];
        total.ms += tally.ms;
        total.positions += tally.positions;
        total.moves += tally.moves;
        total.solved += tally.solved;
      }
    }
  } else {
    const base = (await import(pathToFileURL(resolve(args.base, BASE_SOLVER)).href)) as { solve: Solve };
    inProcess(args, [base.solve, solve], [solvers[0][1], solvers[1][1]], clock);
  }
  for (const [name, t] of solvers) {
    const length = t.solved === 0 ? 0 : t.moves / t.solved;
    const each = args.processes
      ? `  (passes: ${runs[name === "base" ? 0 : 1].map((ms) => ms.toFixed(0)).join(", ")} ms)`
      : "";
    console.log(
      `${name.padEnd(4)} ${t.ms.toFixed(0).padStart(8)} ms  ${String(t.positions).padStart(10)} positions  mean length ${length.toFixed(2)}${each}`,
    );
  }
  const ratio = solvers[1][1].ms / solvers[0][1].ms;
  console.log(`new / base: ${ratio.toFixed(3)}`);
  console.log(
    JSON.stringify({
      bench: "freecell-paired",
      from: args.from,
      to: args.to,
      reps: args.reps,
      clock: args.clock,
      processes: args.processes,
      base: solvers[0][1],
      new: solvers[1][1],
      ratio,
    }),
  );
}

/** One side's pass over the range in a process of its own (this file with --side), its tally read back. */
function sideProcess(dir: string, args: Args): Tally {
  const run = spawnSync(
    process.execPath,
    [
      ...process.execArgv,
      fileURLToPath(import.meta.url),
      "--side",
      dir,
      "--from",
      String(args.from),
      "--to",
      String(args.to),
      "--clock",
      args.clock,
    ],
    { encoding: "utf8", maxBuffer: 16 * 1024 * 1024 },
  );
  if (run.status !== 0) throw new Error(`the pass in ${dir} failed: ${run.stderr.trim().split("\n")[0]}`);
  return JSON.parse(run.stdout.trim().split("\n").at(-1) ?? "") as Tally;
}

function count(tally: Tally, run: Solve, state: FreeCellState, clock: () => number): void {
  const t0 = clock();
  const result = run(state);
  tally.ms += clock() - t0;
  tally.positions += result.stats.positions;
  if (result.result === "solved") {
    tally.solved++;
    tally.moves += result.moves.length;
  }
}

/** Both solvers in this process, taking turns deal by deal. */
function inProcess(args: Args, runs: Solve[], tallies: Tally[], clock: () => number): void {
  for (let rep = 0; rep < args.reps; rep++) {
    for (let deal = args.from; deal <= args.to; deal++) {
      const state = dealMicrosoft(deal);
      // Which goes first alternates too, so neither always finds the caches warm.
      const order = (deal + rep) % 2 === 0 ? [0, 1] : [1, 0];
      for (const k of order) count(tallies[k], runs[k], state, clock);
    }
  }
}

await main();
