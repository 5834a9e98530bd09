/**
 * The difficulty bench: for each game, deals 1..N of its first numbering under its default rules, each rated by
 * the platform's `rate` (src/games/patience/difficulty.ts: the game's solver under its default policy, bounded by
 * a count of positions only). Prints a table per game: how many deals were proved winnable, proved not winnable or
 * left unproved within the budget; the terciles of the positions searched by the deals proved winnable (the
 * thresholds between easy, medium and hard); the median solution length; the CPU time of a rating; and what a
 * daily deal costs (tries to find one proved winnable, and the expected CPU time to find it). Then one JSON line
 * with the same figures, the thresholds in THRESHOLDS's shape. Pin it to one core on a shared machine:
 *
 *   taskset -c 1 npx tsx bench/difficulty.ts --deals 40
 *   taskset -c 1 npx tsx bench/difficulty.ts --games freecell,klondike --deals 100 --budget 200000
 *   taskset -c 0 npx tsx bench/difficulty.ts --presets --unrated    (every game without thresholds, presets too)
 */

import type { AnyPatienceGame } from "../src/games/patience/contract.ts";
import { DEFAULT_BUDGET, difficultyOf, rate } from "../src/games/patience/difficulty.ts";
import { findPatience, OTHER_PRESETS, PATIENCE_GAMES } from "../src/games/registry.ts";
import { benchArgs, UsageError, whole } from "./args.ts";
import { cpuMs, printRow, quantile } from "./measure.ts";

const USAGE = `bench/difficulty.ts: rates deals 1..N of each game and measures the difficulty thresholds
  --games a,b     the games: any name tsol knows, registry games and Solvitaire presets (default: every game of
                  the registry)
  --presets       add the Solvitaire presets that are not registry games (OTHER_PRESETS)
  --unrated       keep only the games that have no thresholds in THRESHOLDS yet
  --deals N       deals 1..N of each game (default 40)
  --budget P      the positions budget of a rating (default ${DEFAULT_BUDGET})
  --min-solved K  a game gets thresholds only with at least K deals proved winnable (default 9)`;

const args = benchArgs(
  "bench/difficulty.ts",
  USAGE,
  {
    games: { type: "string" },
    presets: { type: "boolean", default: false },
    unrated: { type: "boolean", default: false },
    deals: { type: "string", default: "40" },
    budget: { type: "string", default: String(DEFAULT_BUDGET) },
    "min-solved": { type: "string", default: "9" },
  },
  (v) => {
    const ids = v.games?.split(",").map((s) => s.trim());
    const named = ids ? ids.map((id) => findPatience(id)) : PATIENCE_GAMES.slice();
    const missing = ids?.filter((_, i) => named[i] === undefined);
    if (missing?.length) throw new UsageError(`unknown game '${missing[0]}'`);
    let games = named as AnyPatienceGame[];
    if (v.presets) games.push(...OTHER_PRESETS.map((name) => findPatience(name) as AnyPatienceGame));
    games = games.filter((g, i) => games.findIndex((h) => h.id === g.id) === i);
    if (v.unrated) games = games.filter((g) => !difficultyOf(g.id));
    return {
      games,
      deals: whole("--deals", v.deals, 1),
      budget: whole("--budget", v.budget, 1),
      minSolved: whole("--min-solved", v["min-solved"], 3),
    };
  },
);

interface Row {
  game: string;
  numbering: string;
  deals: number;
  solved: number;
  unsolvable: number;
  unknown: number;
  easy: number | null;
  medium: number | null;
  medianMoves: number | null;
  medianMs: number;
  maxMs: number;
  /** Expected tries to find a deal proved winnable (deals / solved), and the CPU time that takes. */
  dailyTries: number | null;
  dailyMs: number | null;
}

const rows: Row[] = [];
for (const game of args.games) {
  const solver = await game.solver();
  const rules = game.rules.make({});
  const numbering = game.numberings[0];
  const solvedPositions: number[] = [];
  const moves: number[] = [];
  const times: number[] = [];
  let unsolvable = 0;
  let unknown = 0;
  for (let deal = 1; deal <= args.deals; deal++) {
    const state = game.deal(deal, rules, numbering);
    const began = cpuMs();
    const d = rate(game, solver, state, args.budget);
    times.push(cpuMs() - began);
    if (d.result === "solved") {
      solvedPositions.push(d.positions);
      moves.push(d.moves);
    } else if (d.result === "unsolvable") unsolvable++;
    else unknown++;
    process.stderr.write(`${game.id} ${deal}: ${d.result} ${d.positions}\n`);
  }
  solvedPositions.sort((a, b) => a - b);
  moves.sort((a, b) => a - b);
  const sortedTimes = times.slice().sort((a, b) => a - b);
  const solved = solvedPositions.length;
  const enough = solved >= args.minSolved;
  const meanMs = times.reduce((a, b) => a + b, 0) / times.length;
  const row: Row = {
    game: game.id,
    numbering,
    deals: args.deals,
    solved,
    unsolvable,
    unknown,
    easy: enough ? quantile(solvedPositions, 1 / 3) : null,
    medium: enough ? quantile(solvedPositions, 2 / 3) : null,
    medianMoves: solved > 0 ? quantile(moves, 0.5) : null,
    medianMs: Math.round(quantile(sortedTimes, 0.5)),
    maxMs: Math.round(sortedTimes[sortedTimes.length - 1]),
    dailyTries: solved > 0 ? Math.round((10 * args.deals) / solved) / 10 : null,
    dailyMs: solved > 0 ? Math.round((meanMs * args.deals) / solved) : null,
  };
  rows.push(row);
  // Each game's figures as soon as they are known, so a run cut short keeps the games it finished.
  process.stderr.write(`${JSON.stringify({ row })}\n`);
}

console.log(
  `Difficulty: deals 1..${args.deals} of each game's first numbering, default rules, ${args.budget.toLocaleString("en")} positions a rating (CPU ms)`,
);
const cells = [
  "game",
  "won",
  "lost",
  "unproved",
  "easy<=",
  "medium<=",
  "moves",
  "ms med",
  "ms max",
  "tries",
  "daily ms",
];
printRow(cells, 1, 22, 9);
const dash = (n: number | null) => (n === null ? "-" : n);
for (const r of rows)
  printRow(
    [
      r.game,
      r.solved,
      r.unsolvable,
      r.unknown,
      dash(r.easy),
      dash(r.medium),
      dash(r.medianMoves),
      r.medianMs,
      r.maxMs,
      dash(r.dailyTries),
      dash(r.dailyMs),
    ],
    1,
    22,
    9,
  );
console.log(JSON.stringify({ bench: "difficulty", deals: args.deals, budget: args.budget, games: rows }));
