/**
 * Tetris AI benchmark: pieces placed per second, and lines cleared per game over fixed seeds with a piece cap,
 * for the guideline engine with the 7-bag and with uniform pieces, and for the classic (model) engine.
 *
 *   npm run bench:tetris                                  # 3 games x 5,000 pieces per configuration
 *   npm run bench:tetris -- --games 1 --pieces 100000     # the full run of the goal
 *   npm run bench:tetris -- --configs bag --repeats 3     # one configuration, three timed repeats
 *
 * Prints a table, then one JSON line.
 */

import {
  type AiGameResult,
  playClassicWithAi,
  playGuidelineWithAi,
  TetrisAi,
} from "../src/games/tetris/ai.ts";

type Config = "bag" | "uniform" | "classic";

interface Args {
  games: number;
  pieces: number;
  repeats: number;
  seed: number;
  configs: Config[];
}

function parseArgs(argv: string[]): Args {
  const args: Args = { games: 3, pieces: 5000, repeats: 1, seed: 1, configs: ["bag", "uniform", "classic"] };
  for (let i = 0; i < argv.length; i++) {
    const flag = argv[i];
    const value = argv[i + 1];
    const number = () => {
      const n = Number(value);
      if (!Number.isInteger(n) || n < 1) throw new Error(`${flag} needs a whole number of 1 or more`);
      i++;
      return n;
    };
    if (flag === "--games") args.games = number();
    else if (flag === "--pieces") args.pieces = number();
    else if (flag === "--repeats") args.repeats = number();
    else if (flag === "--seed") args.seed = number();
    else if (flag === "--configs") {
      args.configs = (value ?? "")
        .split(",")
        .filter((c): c is Config => ["bag", "uniform", "classic"].includes(c));
      if (args.configs.length === 0) throw new Error("--configs takes bag,uniform,classic");
      i++;
    } else throw new Error(`unknown flag ${flag}`);
  }
  return args;
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

const args = parseArgs(process.argv.slice(2));
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
