/**
 * Finesse: the fewest key presses that bring a piece from its spawn to a column and orientation on an empty field,
 * where a press is a tap left or right (one column), a left or right held to the wall (auto-shift), or a
 * rotation (clockwise, counter-clockwise or half turn). Hard drop and hold are not counted. Two placements that
 * cover the same cells (an S flat in state 0 or 2) are the same placement.
 */

import { FIELD_WIDTH } from "./guideline/engine.ts";
import {
  type Cell,
  kicks,
  type PieceId,
  type Rotation,
  rotateBy,
  SHAPES,
  spawnOrigin,
} from "./guideline/srs.ts";

const TOP = 40;

function fits(id: PieceId, rotation: Rotation, x: number, y: number): boolean {
  return SHAPES[id][rotation]!.every(
    ([dx, dy]) => x + dx >= 0 && x + dx < FIELD_WIDTH && y + dy >= 0 && y + dy < TOP,
  );
}

/** The cells a piece covers once dropped to the floor of an empty field, as a key. */
export function footprint(id: PieceId, rotation: Rotation, x: number): string {
  const cells: Cell[] = SHAPES[id][rotation]!.map(([dx, dy]) => [x + dx, dy] as const);
  const low = Math.min(...cells.map(([, y]) => y));
  return cells
    .map(([cx, cy]) => `${cx},${cy - low}`)
    .sort()
    .join(" ");
}

const tables = new Map<PieceId, Map<string, number>>();

/** For piece `id`: each footprint it can reach and the fewest presses it takes. */
export function finesseTable(id: PieceId): Map<string, number> {
  const known = tables.get(id);
  if (known) return known;
  const [sx, sy] = spawnOrigin(id);
  const start = { r: 0 as Rotation, x: sx, y: sy - 1 };
  const seen = new Map<string, number>([[`0,${sx},${sy - 1}`, 0]]);
  const table = new Map<string, number>();
  let frontier = [start];
  for (let presses = 0; frontier.length > 0; presses++) {
    const next: typeof frontier = [];
    for (const s of frontier) {
      const key = footprint(id, s.r, s.x);
      if (!table.has(key)) table.set(key, presses);
      const moves: Array<{ r: Rotation; x: number; y: number }> = [];
      for (const dx of [-1, 1]) {
        if (fits(id, s.r, s.x + dx, s.y)) moves.push({ ...s, x: s.x + dx });
        let wall = s.x;
        while (fits(id, s.r, wall + dx, s.y)) wall += dx;
        moves.push({ ...s, x: wall });
      }
      for (const turns of [1, -1, 2]) {
        const to = rotateBy(s.r, turns);
        const kick = kicks(id, s.r, to).find(([dx, dy]) => fits(id, to, s.x + dx, s.y + dy));
        if (kick) moves.push({ r: to, x: s.x + kick[0], y: s.y + kick[1] });
      }
      for (const m of moves) {
        const k = `${m.r},${m.x},${m.y}`;
        if (seen.has(k)) continue;
        seen.set(k, presses + 1);
        next.push(m);
      }
    }
    frontier = next;
  }
  tables.set(id, table);
  return table;
}

/** The fewest presses to place piece `id` as (rotation, x) on an empty field. */
export function finessePresses(id: PieceId, rotation: Rotation, x: number): number {
  return finesseTable(id).get(footprint(id, rotation, x)) ?? 0;
}
