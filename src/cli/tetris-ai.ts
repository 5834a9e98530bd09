/** `tsol tetris --ai`: the AI plays headless games and prints a summary, or plays on screen with --watch. */

import { guidelineActions, playClassicWithAi, playGuidelineWithAi, TetrisAi } from "../games/tetris/ai.ts";
import type { RandomizerKind } from "../games/tetris/guideline/bag.ts";
import { ClassicSession, GuidelineSession, type PlaySession, playInTerminal } from "./tetris-play.ts";

export interface AiRunOptions {
  mode: "classic" | "guideline";
  seed: number;
  randomizer: RandomizerKind;
  games: number;
  pieces: number;
  watch?: boolean;
  color: boolean;
}

export async function runAi(options: AiRunOptions): Promise<void> {
  if (options.watch) {
    await watch(options);
    return;
  }
  const label =
    options.mode === "classic"
      ? "classic (uniform)"
      : `guideline (${options.randomizer === "bag" ? "7-bag" : "uniform"})`;
  console.log(
    `AI, ${label}, ${options.games} game(s) from seed ${options.seed}, at most ${options.pieces} pieces each`,
  );
  console.log("seed        pieces     lines        score  topped out  pieces/s");
  const results = [];
  for (let g = 0; g < options.games; g++) {
    const seed = (options.seed + g) >>> 0;
    const started = performance.now();
    const r =
      options.mode === "classic"
        ? playClassicWithAi(seed, options.pieces)
        : playGuidelineWithAi(seed, options.randomizer, options.pieces);
    const seconds = (performance.now() - started) / 1000;
    results.push(r);
    console.log(
      `${String(seed).padEnd(10)} ${String(r.pieces).padStart(7)} ${String(r.lines).padStart(9)} ${String(r.score).padStart(12)}  ${(r.toppedOut ? "yes" : "no").padEnd(10)}  ${(r.pieces / Math.max(seconds, 1e-9)).toFixed(0)}`,
    );
    if (r.mismatches > 0) console.log(`  warning: ${r.mismatches} plans ended somewhere else than planned`);
  }
  const toppedOut = results.filter((r) => r.toppedOut).length;
  const lines = results.reduce((s, r) => s + r.lines, 0);
  console.log(
    `${toppedOut} of ${results.length} games topped out; ${(lines / results.length).toFixed(1)} lines a game on average`,
  );
}

/** The AI plays in the terminal: one action a frame, re-planned from wherever the piece is. */
async function watch(options: AiRunOptions): Promise<void> {
  if (!process.stdin.isTTY || !process.stdout.isTTY) {
    console.error("tetris --ai --watch: needs a terminal");
    process.exitCode = 2;
    return;
  }
  const ai = new TetrisAi(options.mode);
  const session: PlaySession =
    options.mode === "classic"
      ? new ClassicSession(options.seed)
      : new GuidelineSession(options.seed, options.randomizer);
  const autopilot = (s: PlaySession, ms: number) => {
    if (s instanceof GuidelineSession) {
      const plan = ai.planGuideline(s.game);
      if (plan) s.act(ms, guidelineActions(plan)[0]!);
    } else if (s instanceof ClassicSession) {
      const plan = ai.planClassic(s.game);
      if (!plan) return;
      const moves = [...plan.moves];
      while (moves.length > 0 && moves[moves.length - 1] === "softDrop") moves.pop();
      s.act(ms, moves[0] ?? "hardDrop");
    }
  };
  const result = await playInTerminal(session, { color: options.color, autopilot, frameMs: 60 });
  console.log(
    `AI game over: score ${result.score}, lines ${result.lines}, level ${result.level} (seed ${session.seed})`,
  );
}
