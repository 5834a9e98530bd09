/**
 * Times the family solver on the first deals of a few presets: positions a second and verdicts.
 *
 *   npx tsx bench/family-solver.ts [--ms 10000] [--deals 20] [--plain] [games...]
 */
import { dealState } from "../src/games/family/engine.ts";
import { SOLVITAIRE_PRESETS } from "../src/games/family/presets.ts";
import * as solver from "../src/games/family/solver.ts";

const args = process.argv.slice(2);
let ms = 10_000;
let deals = 20;
let plain = false;
const games: string[] = [];
for (let i = 0; i < args.length; i++) {
  if (args[i] === "--ms") ms = Number(args[++i]);
  else if (args[i] === "--deals") deals = Number(args[++i]);
  else if (args[i] === "--plain") plain = true;
  else games.push(args[i]);
}
const GAMES = games.length
  ? games
  : [
      "golf",
      "black-hole",
      "free-cell",
      "bakers-game",
      "canfield",
      "klondike-deal-1",
      "spider",
      "forty-thieves",
      "beleaguered-castle",
    ];
const named = solver as unknown as Record<string, typeof solver.solveFamily>;
const solve = plain ? (named.solveFamilyPlain ?? solver.solveFamily) : solver.solveFamily;
const now = () => performance.now();
for (const game of GAMES) {
  const rules = SOLVITAIRE_PRESETS[game];
  let positions = 0;
  let time = 0;
  const counts = { solved: 0, unsolvable: 0, unknown: 0 };
  for (let deal = 1; deal <= deals; deal++) {
    const start = dealState(rules, deal);
    const t0 = now();
    const result = solve(start, { budget: { ms }, now });
    time += now() - t0;
    positions += result.stats.positions;
    counts[result.result]++;
  }
  console.log(
    `${game.padEnd(20)} solved ${String(counts.solved).padStart(2)}  unsolvable ${String(counts.unsolvable).padStart(2)}  unknown ${String(counts.unknown).padStart(2)}  ${(positions / 1000).toFixed(0).padStart(7)}k positions  ${(time / 1000).toFixed(1).padStart(6)} s  ${Math.round(
      positions / (time / 1000),
    )
      .toLocaleString("en")
      .padStart(10)} positions/s`,
  );
}
