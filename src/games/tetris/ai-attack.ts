/**
 * The AI's attack objective: the names of clears for its statistics, and the board features and weights the
 * attack search scores positions with. The rules themselves (which clear is a T-spin, back-to-back, combo,
 * perfect clear) and the lines a clear sends (`attackOf`) are the engine's (guideline/scoring.ts).
 */

import type { ClearEvent } from "./guideline/scoring.ts";

const WIDTH = 10;
const FULL_ROW = (1 << WIDTH) - 1;

/** The name of a clear as the statistics count it: "single", "tetris", "tspin-double", "tspin-mini-single", … */
export function clearKind(lines: number, tSpin: ClearEvent["tSpin"]): string {
  const names = ["zero", "single", "double", "triple", "tetris"];
  if (tSpin === "none") return names[lines]!;
  return `tspin-${tSpin === "mini" ? "mini-" : ""}${names[lines]!}`;
}

/** The weights of the attack objective's evaluation. Rewards are in lines sent; costs in the same unit. */
export interface AttackWeights {
  /** Per line sent. */
  attack: number;
  /** Per line cleared: the material a clear spends, so that lines are sent in big clears. */
  line: number;
  /** Per line cleared that sends nothing (a single, or lines cleared while building): spent material. */
  wastedLine: number;
  /** A clear that breaks a back-to-back chain. */
  breakBackToBack: number;
  /** A position with back-to-back on. */
  backToBack: number;
  /** A T placed without a T-spin that clears lines. */
  wastedT: number;
  holes: number;
  /** Per row holding at least one hole. */
  holeRows: number;
  bumpiness: number;
  bumpinessSquared: number;
  /** Per row of the highest column. */
  height: number;
  /** Per squared row of the highest column above `dangerRow`. */
  danger: number;
  dangerRow: number;
  /** Per row of the well ready for a tetris (full but for the well's column), up to four. */
  wellRow: number;
  /** A T slot whose T-spin would clear two rows now; one that would clear one. */
  tSlotDouble: number;
  tSlotSingle: number;
}

export const ATTACK_WEIGHTS: AttackWeights = {
  attack: 1,
  line: -0.3,
  wastedLine: -0.6,
  breakBackToBack: -1.5,
  backToBack: 0.8,
  wastedT: -0.4,
  holes: -2.5,
  holeRows: -0.8,
  bumpiness: -0.2,
  bumpinessSquared: -0.03,
  height: -0.04,
  danger: -0.3,
  dangerRow: 9,
  wellRow: 0.35,
  tSlotDouble: 3,
  tSlotSingle: 1,
};

/** Weights when the stack is high: any clear will do, height costs more, the set-ups count little. */
export const DOWNSTACK_WEIGHTS: AttackWeights = {
  ...ATTACK_WEIGHTS,
  wastedLine: 0,
  breakBackToBack: -0.3,
  backToBack: 0.2,
  wastedT: 0,
  height: -0.2,
  danger: -0.5,
  wellRow: 0.1,
  tSlotDouble: 0.8,
  tSlotSingle: 0.2,
};

function popcount(v: number): number {
  v -= (v >>> 1) & 0x55555555;
  v = (v & 0x33333333) + ((v >>> 2) & 0x33333333);
  return (((v + (v >>> 4)) & 0x0f0f0f0f) * 0x01010101) >>> 24;
}

const heights = new Int32Array(WIDTH);
const slotCells = new Int32Array(48);

/** The highest column of a board (rows of bits, row 0 the floor). */
export function stackHeight(board: Int32Array): number {
  for (let y = board.length - 1; y >= 0; y--) if (board[y] !== 0) return y + 1;
  return 0;
}

/** The features of a board's shape the attack objective scores (one object, overwritten by each call). */
export interface AttackFeatures {
  top: number;
  /** Empty cells under a column's top, T-spin slots left out; rows holding at least one. */
  holes: number;
  holeRows: number;
  bumpiness: number;
  bumpinessSquared: number;
  /** Rows of the well ready for a tetris (full but for the well's column). */
  wellRows: number;
  /** T-spin slots that would clear two rows now, one row. */
  slotDouble: number;
  slotSingle: number;
}

const features: AttackFeatures = {
  top: 0,
  holes: 0,
  holeRows: 0,
  bumpiness: 0,
  bumpinessSquared: 0,
  wellRows: 0,
  slotDouble: 0,
  slotSingle: 0,
};

/** The features of a board (rows of bits, row 0 the floor), in an object the next call overwrites. */
export function attackFeatures(board: Int32Array): Readonly<AttackFeatures> {
  const top = stackHeight(board);
  heights.fill(0);
  let seen = 0;
  for (let y = top - 1; y >= 0 && seen !== FULL_ROW; y--) {
    let fresh = board[y]! & ~seen;
    seen |= fresh;
    while (fresh !== 0) {
      const bit = fresh & -fresh;
      heights[31 - Math.clz32(bit)] = y + 1;
      fresh ^= bit;
    }
  }
  // T slots: a T pointing down with its stem at (x + 1, y), the two corners below filled and one above (the
  // overhang), the other side open to the sky so the T can come in and turn. The cell under the overhang is the
  // slot, not a hole.
  let slotDouble = 0;
  let slotSingle = 0;
  slotCells.fill(0);
  for (let x = 0; x + 2 < WIDTH; x++) {
    const y = heights[x + 1]!;
    if (y + 2 >= board.length) continue;
    const below = board[y]!;
    const middle = board[y + 1]!;
    const above = board[y + 2]!;
    if (((below >> x) & 1) === 0 || ((below >> (x + 2)) & 1) === 0) continue;
    if ((middle >> x) & 7) continue;
    if ((above >> (x + 1)) & 1) continue;
    const left = (above >> x) & 1;
    const right = (above >> (x + 2)) & 1;
    if (left + right !== 1) continue;
    if (heights[left ? x + 2 : x]! > y + 1) continue;
    const lines =
      ((below | (1 << (x + 1))) === FULL_ROW ? 1 : 0) + ((middle | (7 << x)) === FULL_ROW ? 1 : 0);
    slotCells[y + 1]! |= 1 << (left ? x : x + 2);
    if (lines === 2) slotDouble++;
    else if (lines === 1) slotSingle++;
  }
  // Holes: empty cells under a column's top.
  let holes = 0;
  let holeRows = 0;
  seen = 0;
  for (let y = top - 1; y >= 0; y--) {
    const row = board[y]!;
    seen |= row;
    const n = popcount(seen & ~row & ~slotCells[y]! & FULL_ROW);
    holes += n;
    if (n > 0) holeRows++;
  }
  // The well: the lowest column (the rightmost of equals), and how many rows above its floor are full but for it.
  let well = 0;
  for (let x = 1; x < WIDTH; x++) if (heights[x]! <= heights[well]!) well = x;
  let wellRows = 0;
  const ready = FULL_ROW & ~(1 << well);
  for (let y = heights[well]!; y < top && board[y] === ready; y++) wellRows++;
  let bumpiness = 0;
  let bumpinessSquared = 0;
  for (let x = 0; x + 1 < WIDTH; x++) {
    if (x === well || x + 1 === well) continue;
    const d = Math.abs(heights[x]! - heights[x + 1]!);
    bumpiness += d;
    bumpinessSquared += d * d;
  }
  features.top = top;
  features.holes = holes;
  features.holeRows = holeRows;
  features.bumpiness = bumpiness;
  features.bumpinessSquared = bumpinessSquared;
  features.wellRows = wellRows;
  features.slotDouble = slotDouble;
  features.slotSingle = slotSingle;
  return features;
}

/** The value of a board's shape for the attack objective (the clears that led to it are scored apart). */
export function attackBoardValue(board: Int32Array, w: AttackWeights): number {
  const f = attackFeatures(board);
  const danger = Math.max(0, f.top - w.dangerRow);
  return (
    w.holes * f.holes +
    w.holeRows * f.holeRows +
    w.bumpiness * f.bumpiness +
    w.bumpinessSquared * f.bumpinessSquared +
    w.height * f.top +
    w.danger * danger * danger +
    w.wellRow * Math.min(f.wellRows, 4) +
    w.tSlotDouble * Math.min(f.slotDouble, 2) +
    w.tSlotSingle * Math.min(f.slotSingle, 2)
  );
}
