/**
 * Tetris AI benchmark: pieces placed per second, and lines cleared per game over fixed seeds with a piece cap,
 * for the guideline engine with the 7-bag and with uniform pieces, and for the classic (model) engine. USAGE
 * below lists the options (`--help` prints it).
 *
 * Prints a table, then one JSON line.
 */

import {
  type AiGameResult,
  playClassicWithAi,
  playGuidelineWithAi,
  TetrisAi,
} from "../src/games/tetris/ai.ts";
import { benchArgs, oneOf, whole } from "./args.ts";

type Config = "bag" | "uniform" | "classic";

interface Args {
  games: number;
  pieces: number;
  repeats: number;
  seed: number;
  configs: Config[];
}

const CONFIGS: readonly Config[] = ["bag", "uniform", "classic"];

const USAGE = `npm run bench:tetris -- [options]     (or npx tsx bench/tetris.ts [options])
  --games N                  games a configuration (default 3)
  --pieces N                 at most N pieces a game (default 5000)
  --repeats N                timed repeats, the median shown (default 1)
  --seed N                   the first game's seed (default 1)
  --configs A,B,...          of bag, uniform, classic (default all three)
  -h, --help                 this text
examples:
  npm run bench:tetris                                  # 3 games x 5,000 pieces per configuration
  npm run bench:tetris -- --games 1 --pieces 100000     # the full run of the goal
  npm run bench:tetris -- --configs bag --repeats 3     # one configuration, three timed repeats`;

function parseArgs(): Args {
  return benchArgs(
    "bench/tetris.ts",
    USAGE,
    {
      games: { type: "string", default: "3" },
      pieces: { type: "string", default: "5000" },
      repeats: { type: "string", default: "1" },
      seed: { type: "string", default: "1" },
      configs: { type: "string", default: CONFIGS.join(",") },
    },
    (v) => ({
      games: whole("--games", v.games, 1),
      pieces: whole("--pieces", v.pieces, 1),
      repeats: whole("--repeats", v.repeats, 1),
      seed: whole("--seed", v.seed, 1),
      configs: v.configs.split(",").map((c) => oneOf("--configs", c, CONFIGS)),
    }),
  );
}

function play(config: Config, seed: number, pieces: number): AiGameResult {
  if (config === "classic") return playClassicWithAi(seed, pieces, new TetrisAi("classic"));
  return playGuidelineWithAi(seed, config, pieces, new TetrisAi("guideline"));
}

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2;
}

const args = parseArgs();
// Warm the JIT so the first configuration is not timed cold.
play("bag", 999, 300);

interface Row {
  config: Config;
  games: number;
  piecesCap: number;
  piecesPerSecond: number;
  meanPieces: number;
  meanLines: number;
  minLines: number;
  toppedOut: number;
  mismatches: number;
}

const rows: Row[] = [];
for (const config of args.configs) {
  const rates: number[] = [];
  let results: AiGameResult[] = [];
  for (let r = 0; r < args.repeats; r++) {
    results = [];
    let placed = 0;
    const started = performance.now();
    for (let g = 0; g < args.games; g++) {
      const result = play(config, args.seed + g, args.pieces);
      results.push(result);
      placed += result.pieces;
    }
    rates.push(placed / ((performance.now() - started) / 1000));
  }
  rows.push({
    config,
    games: args.games,
    piecesCap: args.pieces,
    piecesPerSecond: Math.round(median(rates)),
    meanPieces: results.reduce((s, r) => s + r.pieces, 0) / results.length,
    meanLines: results.reduce((s, r) => s + r.lines, 0) / results.length,
    minLines: Math.min(...results.map((r) => r.lines)),
    toppedOut: results.filter((r) => r.toppedOut).length,
    mismatches: results.reduce((s, r) => s + r.mismatches, 0),
  });
}

const names: Record<Config, string> = {
  bag: "guideline, 7-bag + preview",
  uniform: "guideline, uniform + preview",
  classic: "classic model, uniform + preview",
};
console.log(
  `Tetris AI: ${args.games} game(s) a configuration from seed ${args.seed}, at most ${args.pieces} pieces a game, ` +
    `${args.repeats} timed repeat(s) (median)`,
);
console.log(
  `${"configuration".padEnd(34)}${"pieces/s".padStart(10)}${"pieces".padStart(10)}${"lines".padStart(10)}${"min lines".padStart(11)}${"topped out".padStart(12)}`,
);
for (const r of rows) {
  console.log(
    `${names[r.config].padEnd(34)}${String(r.piecesPerSecond).padStart(10)}${r.meanPieces.toFixed(0).padStart(10)}${r.meanLines.toFixed(1).padStart(10)}${String(r.minLines).padStart(11)}${`${r.toppedOut}/${r.games}`.padStart(12)}`,
  );
}
console.log(JSON.stringify({ bench: "tetris", ...args, results: rows }));
