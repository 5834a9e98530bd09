/**
 * A small player for tests: for the current piece, each rotation and column it can be turned to at the top and
 * hard-dropped from (no soft drop, no hold: nothing that depends on timing), scored by the board it leaves with
 * four features (lines cleared, total height, holes, bumpiness) and the weights of a well-known simple player.
 * It clears 40 lines without topping out on the seeds the tests use; the real AI is ai.ts.
 */

import type { Action, GuidelineGame } from "./guideline/engine.ts";
import { type Rotation, SHAPES } from "./guideline/srs.ts";

const TURNS: Array<[Rotation, Action[]]> = [
  [0, []],
  [1, ["rotateCW"]],
  [2, ["rotate180"]],
  [3, ["rotateCCW"]],
];

/** The actions that place the current piece where the simple player wants it, ending in a hard drop. */
export function simplePlacement(game: GuidelineGame): Action[] {
  const piece = game.getPiece();
  if (!piece) return [];
  let best: { score: number; actions: Action[] } | null = null;
  for (const [rotation, turn] of TURNS) {
    for (let x = -3; x < 10; x++) {
      if (!game.fits(piece.id, rotation, x, piece.y)) continue;
      let y = piece.y;
      while (game.fits(piece.id, rotation, x, y - 1)) y--;
      const placed = new Set(SHAPES[piece.id][rotation]!.map(([dx, dy]) => (y + dy) * 10 + x + dx));
      const at = (cx: number, cy: number) => game.cellAt(cx, cy) !== 0 || placed.has(cy * 10 + cx);
      const full = new Set<number>();
      for (let cy = 0; cy < 24; cy++) {
        let all = true;
        for (let cx = 0; cx < 10 && all; cx++) all = at(cx, cy);
        if (all) full.add(cy);
      }
      const heights: number[] = [];
      let holes = 0;
      for (let cx = 0; cx < 10; cx++) {
        let height = 0;
        for (let cy = 23; cy >= 0; cy--) {
          if (full.has(cy)) continue;
          if (at(cx, cy)) {
            if (height === 0) height = cy + 1;
          } else if (height > 0) holes++;
        }
        const clearedBelow = [...full].filter((f) => f < height).length;
        heights.push(height === 0 ? 0 : height - clearedBelow);
      }
      const bumps = heights.slice(1).reduce((sum, h, i) => sum + Math.abs(h - heights[i]!), 0);
      const total = heights.reduce((a, b) => a + b, 0);
      const score = -0.51 * total + 0.76 * full.size - 0.36 * holes - 0.18 * bumps;
      const shift: Action[] = Array(Math.abs(x - piece.x)).fill(x < piece.x ? "left" : "right");
      if (!best || score > best.score) best = { score, actions: [...turn, ...shift, "hardDrop"] };
    }
  }
  return best?.actions ?? ["hardDrop"];
}
