/**
 * Paired comparison of two FreeCell solvers in one process: this checkout's and the one in another checkout
 * (a `git worktree` of an older commit), taking turns deal by deal, so the machine's changing load falls on
 * both alike. The ratio of the two totals is far steadier than two separate runs of bench:freecell. USAGE
 * below lists the options (`--help` prints it).
 *
 * Prints the time, positions and mean solution length (runs as one, every foundation move) of each, and the
 * ratio new / base.
 */

import { existsSync } from "node:fs";
import { resolve } from "node:path";
import { performance } from "node:perf_hooks";
import { pathToFileURL } from "node:url";
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
}

const USAGE = `npx tsx bench/freecell-paired.ts --base DIR [options]
  --base DIR                 the checkout to compare with (a git worktree of that commit); required
  --from N --to N            Microsoft deals (default 1..4000)
  --reps N                   passes over the deals (default 1)
  --clock cpu|wall           what the times count (default cpu: this process's CPU time)
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
    },
    (v) => {
      if (!v.base) throw new UsageError("--base DIR is required (a worktree of the commit to compare with)");
      if (!existsSync(resolve(v.base, BASE_SOLVER)))
        throw new UsageError(`--base ${v.base} has no ${BASE_SOLVER}`);
      const args: Args = {
        base: v.base,
        ...dealRange(v, ["microsoft"]),
        reps: whole("--reps", v.reps, 1),
        clock: oneOf("--clock", v.clock, ["cpu", "wall"]),
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

async function main(): Promise<void> {
  const args = parseArgs();
  const clock = args.clock === "cpu" ? cpuMs : () => performance.now();
  const url = pathToFileURL(resolve(args.base, BASE_SOLVER)).href;
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
