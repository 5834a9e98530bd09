/**
 * Tetris AI benchmark: pieces placed per second, lines, top-outs, and what the clears send (attack per piece by
 * the versus table, tetrises, T-spins, clears by kind) over fixed seeds with a piece cap, for each configuration:
 * the survive objective with the 7-bag and with uniform pieces, the classic (model) engine, the attack objective
 * with the 7-bag and with uniform pieces, and the demo (the gravity-aware pilot at level 20, one input a 16 ms
 * frame, through the engine's timed inputs). USAGE below lists the options (`--help` prints it).
 *
 * Prints a table, then one JSON line.
 */

import {
  type AiGameResult,
  AiPilot,
  AttackCounter,
  type AttackStats,
  playClassicWithAi,
  playGuidelineWithAi,
  TetrisAi,
} from "../src/games/tetris/ai.ts";
import { GuidelineGame } from "../src/games/tetris/guideline/engine.ts";
import { attackOf, type ClearEvent } from "../src/games/tetris/guideline/scoring.ts";
import { benchArgs, oneOf, whole } from "./args.ts";

type Config = "bag" | "uniform" | "classic" | "attack-bag" | "attack-uniform" | "demo";

interface Args {
  games: number;
  pieces: number;
  repeats: number;
  seed: number;
  configs: Config[];
  /** Every this many pieces of a game, one line on standard error (0: none). */
  progress: number;
}

const CONFIGS: readonly Config[] = ["bag", "uniform", "classic", "attack-bag", "attack-uniform", "demo"];

const USAGE = `npm run bench:tetris -- [options]     (or npx tsx bench/tetris.ts [options])
  --games N                  games a configuration (default 1)
  --pieces N                 at most N pieces a game (default 2000)
  --repeats N                timed repeats, the median shown (default 1)
  --seed N                   the first game's seed (default 1)
  --configs A,B,...          of ${CONFIGS.join(", ")} (default all)
  --progress N               every N pieces of a game, its pieces so far and attack per piece on
                             standard error (default 0: none; for the long runs)
                             bag, uniform: the survive objective; attack-*: the attack objective;
                             demo: the pilot at level 20 gravity, attack objective, 7-bag
  -h, --help                 this text
examples:
  npm run bench:tetris                                                # 2,000 pieces per configuration
  npm run bench:tetris -- --configs attack-bag --pieces 100000        # the attack target's run
  npm run bench:tetris -- --configs bag,uniform --pieces 100000       # survival over 10^5 pieces`;

function parseArgs(): Args {
  return benchArgs(
    "bench/tetris.ts",
    USAGE,
    {
      games: { type: "string", default: "1" },
      pieces: { type: "string", default: "2000" },
      repeats: { type: "string", default: "1" },
      seed: { type: "string", default: "1" },
      configs: { type: "string", default: CONFIGS.join(",") },
      progress: { type: "string", default: "0" },
    },
    (v) => ({
      games: whole("--games", v.games, 1),
      pieces: whole("--pieces", v.pieces, 1),
      repeats: whole("--repeats", v.repeats, 1),
      seed: whole("--seed", v.seed, 1),
      configs: v.configs.split(",").map((c) => oneOf("--configs", c, CONFIGS)),
      progress: whole("--progress", v.progress, 0),
    }),
  );
}

type Result = AiGameResult & Partial<AttackStats>;

/** The demo's loop: the engine's clock runs, gravity at level 20, one input of the pilot a 16 ms frame. */
function playDemo(seed: number, pieces: number): Result {
  const game = new GuidelineGame({ seed, randomizer: "bag", startLevel: 20 });
  const pilot = new AiPilot(new TetrisAi("guideline", { objective: "attack" }), 16);
  const counter = new AttackCounter(game);
  let t = 0;
  while (game.getGameOver() === null && game.getPieces() < pieces) {
    t += 16;
    game.advance(t);
    const before = game.getPieces();
    const inputs = pilot.next(game);
    if (inputs.length > 0) game.input(t, inputs[0]!);
    if (game.getPieces() !== before) counter.after(game);
  }
  counter.after(game);
  return {
    ...counter.stats,
    pieces: game.getPieces(),
    lines: game.getLines(),
    score: game.getScore(),
    toppedOut: game.getGameOver() !== null,
    mismatches: pilot.replans,
  };
}

/** The progress line of a game every `progress` pieces (none when 0). */
function reporter(config: Config, seed: number, progress: number) {
  const started = performance.now();
  let attack = 0;
  let last: ClearEvent | null = null;
  return (game: GuidelineGame) => {
    const event = game.getLastClear();
    if (event && event !== last) attack += attackOf(event);
    last = event;
    const n = game.getPieces();
    if (progress > 0 && n % progress === 0) {
      const minutes = (performance.now() - started) / 60_000;
      console.error(
        `${config} seed ${seed}: ${n} pieces, ${(attack / n).toFixed(3)} attack a piece, ${minutes.toFixed(1)} min`,
      );
    }
  };
}
function play(config: Config, seed: number, pieces: number, progress = 0): Result {
  switch (config) {
    case "classic":
      return playClassicWithAi(seed, pieces, new TetrisAi("classic"));
    case "bag":
    case "uniform":
      return playGuidelineWithAi(
        seed,
        config,
        pieces,
        new TetrisAi("guideline"),
        reporter(config, seed, progress),
      );
    case "attack-bag":
    case "attack-uniform":
      return playGuidelineWithAi(
        seed,
        config === "attack-bag" ? "bag" : "uniform",
        pieces,
        new TetrisAi("guideline", { objective: "attack" }),
        reporter(config, seed, progress),
      );
    case "demo":
      return playDemo(seed, pieces);
  }
}

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2;
}

const args = parseArgs();
// Warm the JIT so the first configuration is not timed cold.
play("bag", 999, 200);
play("attack-bag", 999, 100);

interface Row {
  config: Config;
  games: number;
  piecesCap: number;
  piecesPerSecond: number;
  /** Planning time a piece, milliseconds (the whole game loop, engine included). */
  msPerPiece: number;
  meanPieces: number;
  meanLines: number;
  minLines: number;
  toppedOut: number;
  /** Plans that did not land where planned (the demo: placements chosen again because gravity took one away). */
  mismatches: number;
  /** Guideline only (null for the classic model): over all games' pieces. */
  attackPerPiece: number | null;
  attack: number | null;
  tetrises: number | null;
  /** T-spins that cleared lines, minis included. */
  tspins: number | null;
  /** Share of clears (lines > 0) that were tetrises. */
  tetrisRate: number | null;
  backToBacks: number | null;
  perfectClears: number | null;
  maxCombo: number | null;
  clears: Record<string, number> | null;
}

const rows: Row[] = [];
for (const config of args.configs) {
  const rates: number[] = [];
  let results: Result[] = [];
  for (let r = 0; r < args.repeats; r++) {
    results = [];
    let placed = 0;
    const started = performance.now();
    for (let g = 0; g < args.games; g++) {
      const result = play(config, args.seed + g, args.pieces, args.progress);
      results.push(result);
      placed += result.pieces;
    }
    rates.push(placed / ((performance.now() - started) / 1000));
  }
  const pieces = results.reduce((s, r) => s + r.pieces, 0);
  const guideline = config !== "classic";
  const clears: Record<string, number> = {};
  for (const r of results)
    for (const [k, v] of Object.entries(r.clears ?? {})) clears[k] = (clears[k] ?? 0) + v;
  const sum = (f: (r: Result) => number | undefined) => results.reduce((s, r) => s + (f(r) ?? 0), 0);
  const clearCount = Object.entries(clears)
    .filter(([k]) => !k.endsWith("zero"))
    .reduce((s, [, v]) => s + v, 0);
  const rate = median(rates);
  rows.push({
    config,
    games: args.games,
    piecesCap: args.pieces,
    piecesPerSecond: Math.round(rate),
    msPerPiece: Math.round((1000 / rate) * 100) / 100,
    meanPieces: pieces / results.length,
    meanLines: results.reduce((s, r) => s + r.lines, 0) / results.length,
    minLines: Math.min(...results.map((r) => r.lines)),
    toppedOut: results.filter((r) => r.toppedOut).length,
    mismatches: sum((r) => r.mismatches),
    attackPerPiece: guideline ? Math.round((sum((r) => r.attack) / pieces) * 1000) / 1000 : null,
    attack: guideline ? sum((r) => r.attack) : null,
    tetrises: guideline ? sum((r) => r.tetrises) : null,
    tspins: guideline ? sum((r) => r.tspins) : null,
    tetrisRate: guideline
      ? Math.round((sum((r) => r.tetrises) / Math.max(clearCount, 1)) * 1000) / 1000
      : null,
    backToBacks: guideline ? sum((r) => r.backToBacks) : null,
    perfectClears: guideline ? sum((r) => r.perfectClears) : null,
    maxCombo: guideline ? Math.max(...results.map((r) => r.maxCombo ?? 0)) : null,
    clears: guideline ? clears : null,
  });
}

const names: Record<Config, string> = {
  bag: "survive, 7-bag",
  uniform: "survive, uniform",
  classic: "classic model, uniform",
  "attack-bag": "attack, 7-bag",
  "attack-uniform": "attack, uniform",
  demo: "demo: pilot, level 20, 7-bag",
};
const show = (v: number | null, digits = 0) => (v === null ? "-" : v.toFixed(digits));
console.log(
  `Tetris AI: ${args.games} game(s) a configuration from seed ${args.seed}, at most ${args.pieces} pieces a game, ` +
    `${args.repeats} timed repeat(s) (median); next queue 5, hold`,
);
console.log(
  `${"configuration".padEnd(30)}${"pieces/s".padStart(9)}${"ms/piece".padStart(9)}${"pieces".padStart(9)}${"lines".padStart(9)}${"topped".padStart(8)}${"atk/piece".padStart(10)}${"tetrises".padStart(9)}${"T-spins".padStart(8)}${"tetris %".padStart(9)}`,
);
for (const r of rows) {
  console.log(
    `${names[r.config].padEnd(30)}${String(r.piecesPerSecond).padStart(9)}${r.msPerPiece.toFixed(2).padStart(9)}${r.meanPieces.toFixed(0).padStart(9)}${r.meanLines.toFixed(0).padStart(9)}${`${r.toppedOut}/${r.games}`.padStart(8)}${show(r.attackPerPiece, 3).padStart(10)}${show(r.tetrises).padStart(9)}${show(r.tspins).padStart(8)}${(r.tetrisRate === null ? "-" : (100 * r.tetrisRate).toFixed(1)).padStart(9)}`,
  );
}
console.log("clears by kind (T-spins clearing nothing included):");
for (const r of rows) {
  if (!r.clears) continue;
  const kinds = Object.entries(r.clears)
    .sort((a, b) => b[1] - a[1])
    .map(([k, v]) => `${k} ${v}`)
    .join(", ");
  console.log(`  ${names[r.config]}: ${kinds}`);
}
console.log(JSON.stringify({ bench: "tetris", ...args, results: rows }));
