/**
 * The blind player's benchmark (src/games/klondike/blind.ts): plays numbered Klondike deals seeing only what a
 * player sees, replays every game's moves through the platform's verifier (notation, no automatic moves, as `tsol
 * check` does; a win exactly when the player says it won), and prints the games won with the 95% Wilson interval
 * beside the published figures, and the CPU time a game (mean, median, p90, max). A table, then one JSON line.
 * One thread: pin it (`taskset -c 1`). Times are this process's CPU time (the machine is shared).
 */

import type { Numbering } from "../src/cards/deals/layout.ts";
import { playBlind } from "../src/games/klondike/blind.ts";
import { klondike } from "../src/games/klondike/index.ts";
import { makeRules } from "../src/games/klondike/rules.ts";
import type { BlindOptions } from "../src/games/patience/knowledge.ts";
import { movesNotation } from "../src/games/patience/solution.ts";
import { checkSolution } from "../src/games/patience/verify.ts";
import { wilson } from "../src/survey/report.ts";
import { benchArgs, dealRange, fraction, oneOf, whole } from "./args.ts";
import { cpuMs, printRow, quantile } from "./measure.ts";

const USAGE = `npm run bench:klondike-blind -- [options]     (or npx tsx bench/klondike-blind.ts [options])
  --from N --to N            deals (default 1..100)
  --numbering NAME           solvitaire or microsoft (default solvitaire)
  --draw D                   1, 2 or 3 (default 3)
  --seed S                   the player's seed (default 1)
  --samples K                samples a decision (default the player's, 32)
  --positions P              positions the solver may store for one sample (default the player's, 3000)
  --max-samples K            samples at most where the best two lines stay close (default twice --samples)
  --explore N                positions reached without a reveal searched for commitments (default the player's,
                             30; 0: only the reveals of now)
  --undecided-weight W       what an undecided sample counts for in a line's score, 0 to 1 (default 0: lost)
  --quiet                    no line for each deal
  -h, --help                 this text`;

/** The published win rates of players that do not peek (draw 3). */
const PUBLISHED = [
  "lonelybot (hindsight optimisation with a tree search): 47.58% ± 0.80 of draw-3 deals, about 3.2 s a game",
  "Bjarnason, Tadepalli and Fern (sampling): about 37% of draw-3 deals",
];

const args = benchArgs(
  "bench/klondike-blind.ts",
  USAGE,
  {
    from: { type: "string", default: "1" },
    to: { type: "string", default: "100" },
    numbering: { type: "string", default: "solvitaire" },
    draw: { type: "string", default: "3" },
    seed: { type: "string", default: "1" },
    samples: { type: "string" },
    positions: { type: "string" },
    "max-samples": { type: "string" },
    "undecided-weight": { type: "string" },
    explore: { type: "string" },
    quiet: { type: "boolean", default: false },
  },
  (v) => {
    const numbering: Numbering = oneOf("--numbering", v.numbering, ["solvitaire", "microsoft"]);
    return {
      ...dealRange(v, [numbering]),
      numbering,
      draw: Number(oneOf("--draw", v.draw, ["1", "2", "3"])),
      seed: whole("--seed", v.seed, 0),
      samples: v.samples === undefined ? undefined : whole("--samples", v.samples, 1),
      positions: v.positions === undefined ? undefined : whole("--positions", v.positions, 1),
      explore: v.explore === undefined ? undefined : whole("--explore", v.explore, 0),
      maxSamples: v["max-samples"] === undefined ? undefined : whole("--max-samples", v["max-samples"], 1),
      undecidedWeight:
        v["undecided-weight"] === undefined
          ? undefined
          : fraction("--undecided-weight", v["undecided-weight"]),
      quiet: v.quiet,
    };
  },
);

const rules = makeRules({ draw: args.draw });
const options: BlindOptions = {
  seed: args.seed,
  ...(args.samples !== undefined ? { samples: args.samples } : {}),
  ...(args.positions !== undefined ? { positions: args.positions } : {}),
  ...(args.maxSamples !== undefined ? { maxSamples: args.maxSamples } : {}),
  ...(args.explore !== undefined ? { explore: args.explore } : {}),
  ...(args.undecidedWeight !== undefined ? { undecidedWeight: args.undecidedWeight } : {}),
};
const times: number[] = [];
let won = 0;
let bad = 0;
let decisions = 0;
for (let n = args.from; n <= args.to; n++) {
  const start = klondike.deal(n, rules, args.numbering);
  const t0 = cpuMs();
  const game = playBlind(start, { ...options, now: () => performance.now() });
  const ms = cpuMs() - t0;
  times.push(ms);
  decisions += game.stats.decisions;
  const check = checkSolution(klondike, start, movesNotation(klondike, start, game.moves), "none");
  if (!check.valid || check.won !== game.won) {
    bad++;
    console.error(`deal ${n}: the moves do not replay to what the player says: ${JSON.stringify(check)}`);
  }
  if (game.won) won++;
  if (!args.quiet) {
    const c = game.stats.startChance;
    console.log(
      `deal ${n}: ${game.won ? "won" : "lost"} in ${game.moves.length} moves, ${game.stats.decisions} decisions, ` +
        `${game.stats.solves} searches, ${(ms / 1000).toFixed(2)} s; chance at the start ${c.wins}/${c.samples}`,
    );
  }
}

const games = times.length;
const interval = wilson(won, games);
const sorted = times.slice().sort((a, b) => a - b);
const mean = times.reduce((a, b) => a + b, 0) / games;
const pct = (x: number) => `${(100 * x).toFixed(2)}%`;
console.log();
console.log(
  `Klondike draw ${args.draw}, ${args.numbering} deals ${args.from}..${args.to}, the blind player (seed ${args.seed})`,
);
printRow(["games", "won", "rate", "95% Wilson", "s mean", "s median", "s p90", "s max"], 1, 6, 12);
printRow(
  [
    games,
    won,
    pct(won / games),
    `${pct(interval.low)}..${pct(interval.high)}`,
    (mean / 1000).toFixed(2),
    (quantile(sorted, 0.5) / 1000).toFixed(2),
    (quantile(sorted, 0.9) / 1000).toFixed(2),
    (sorted[sorted.length - 1] / 1000).toFixed(2),
  ],
  1,
  6,
  12,
);
for (const p of PUBLISHED) console.log(`  published: ${p}`);
if (bad > 0) console.log(`  ${bad} games whose moves did not replay to what the player said`);
console.log(
  JSON.stringify({
    bench: "klondike-blind",
    draw: args.draw,
    numbering: args.numbering,
    from: args.from,
    to: args.to,
    seed: args.seed,
    samples: options.samples ?? null,
    positions: options.positions ?? null,
    maxSamples: options.maxSamples ?? null,
    explore: options.explore ?? null,
    undecidedWeight: options.undecidedWeight ?? null,
    games,
    won,
    rate: won / games,
    low: interval.low,
    high: interval.high,
    secondsMean: mean / 1000,
    secondsMedian: quantile(sorted, 0.5) / 1000,
    secondsMax: sorted[sorted.length - 1] / 1000,
    decisions,
    badReplays: bad,
  }),
);
if (bad > 0) process.exitCode = 1;
