/**
 * Paired comparison of two FreeCell solvers in one process: this checkout's and the one in another checkout
 * (a `git worktree` of an older commit), taking turns deal by deal, so the machine's changing load falls on
 * both alike. The ratio of the two totals is far steadier than two separate runs of bench:freecell.
 *
 *   git worktree add /tmp/base HEAD~1 && ln -s "$PWD/node_modules" /tmp/base/node_modules
 *   npx tsx bench/freecell-paired.ts --base /tmp/base --from 1 --to 4000
 *
 * Times are the process's CPU time (`--clock wall` for wall time). Prints the time, positions and mean solution length (runs as one, every foundation move) of each, and
 * the ratio new / base.
 */

import { resolve } from "node:path";
import { performance } from "node:perf_hooks";
import { pathToFileURL } from "node:url";
import { dealMicrosoft } from "../src/games/freecell/deal.ts";
import type { FreeCellState } from "../src/games/freecell/rules.ts";
import { type FreeCellSolveResult, solve } from "../src/games/freecell/solver.ts";

type Solve = (state: FreeCellState) => FreeCellSolveResult;

/** CPU time of this process in ms: on a shared machine far steadier than wall time. */
function cpuMs(): number {
  const t = process.cpuUsage();
  return (t.user + t.system) / 1000;
}

interface Args {
  base: string;
  from: number;
  to: number;
  reps: number;
  clock: "cpu" | "wall";
}

function parseArgs(argv: string[]): Args {
  const args: Args = { base: "", from: 1, to: 4000, reps: 1, clock: "cpu" };
  for (let i = 0; i < argv.length; i++) {
    const flag = argv[i];
    const value = argv[++i];
    if (value === undefined) throw new Error(`${flag} needs a value`);
    if (flag === "--base") args.base = value;
    else if (flag === "--clock") {
      if (value !== "cpu" && value !== "wall") throw new Error("--clock is cpu or wall");
      args.clock = value;
    } else if (flag === "--from" || flag === "--to" || flag === "--reps") {
      const n = Number(value);
      if (!Number.isInteger(n) || n < 1) throw new Error(`${flag} needs a whole number of 1 or more`);
      args[flag.slice(2) as "from" | "to" | "reps"] = n;
    } else throw new Error(`unknown flag ${flag}`);
  }
  if (!args.base) throw new Error("--base <checkout> is required (a worktree of the commit to compare with)");
  if (args.to < args.from) throw new Error("--to must not be below --from");
  return args;
}

interface Tally {
  ms: number;
  positions: number;
  moves: number;
  solved: number;
}

async function main(): Promise<void> {
  const args = parseArgs(process.argv.slice(2));
  const clock = args.clock === "cpu" ? cpuMs : () => performance.now();
  const url = pathToFileURL(resolve(args.base, "src/games/freecell/solver.ts")).href;
  const base = (await import(url)) as { solve: Solve };
  const solvers: [string, Solve, Tally][] = [
    ["base", base.solve, { ms: 0, positions: 0, moves: 0, solved: 0 }],
    ["new", solve, { ms: 0, positions: 0, moves: 0, solved: 0 }],
  ];
  for (let rep = 0; rep < args.reps; rep++) {
    for (let deal = args.from; deal <= args.to; deal++) {
      const state = dealMicrosoft(deal);
      // Which goes first alternates too, so neither always finds the caches warm.
      const order = (deal + rep) % 2 === 0 ? [0, 1] : [1, 0];
      for (const k of order) {
        const [, run, tally] = solvers[k];
        const t0 = clock();
        const result = run(state);
        tally.ms += clock() - t0;
        tally.positions += result.stats.positions;
        if (result.result === "solved") {
          tally.solved++;
          tally.moves += result.moves.length;
        }
      }
    }
  }
  for (const [name, , t] of solvers) {
    const length = t.solved === 0 ? 0 : t.moves / t.solved;
    console.log(
      `${name.padEnd(4)} ${t.ms.toFixed(0).padStart(8)} ms  ${String(t.positions).padStart(10)} positions  mean length ${length.toFixed(2)}`,
    );
  }
  console.log(`new / base: ${(solvers[1][2].ms / solvers[0][2].ms).toFixed(3)}`);
}

await main();
