/**
 * Guideline scoring. Everything here is multiplied by the level at which the piece locked, except drop points.
 */

export type TSpin = "none" | "mini" | "full";

/** Points for a lock that cleared `lines` rows (0-4) with the given T-spin, before back-to-back and level. */
export function actionPoints(lines: number, tSpin: TSpin): number {
  if (tSpin === "full") return [400, 800, 1200, 1600][lines] ?? 0;
  if (tSpin === "mini") return [100, 200, 400][lines] ?? 0;
  return [0, 100, 300, 500, 800][lines] ?? 0;
}

/** A "difficult" clear continues (or starts) a back-to-back chain: a tetris, or any T-spin that clears lines. */
export function isDifficult(lines: number, tSpin: TSpin): boolean {
  return lines > 0 && (lines === 4 || tSpin !== "none");
}

/** Perfect clear bonus before level: single 800, double 1200, triple 1800, tetris 2000, back-to-back tetris 3200. */
export function perfectClearPoints(lines: number, backToBackTetris: boolean): number {
  if (lines === 4 && backToBackTetris) return 3200;
  return [0, 800, 1200, 1800, 2000][lines] ?? 0;
}

export const SOFT_DROP_POINTS_PER_CELL = 1;
export const HARD_DROP_POINTS_PER_CELL = 2;
export const COMBO_POINTS = 50;

/** What one lock scored, and why; the front-end shows it, the tests check it. */
export interface ClearEvent {
  lines: number;
  tSpin: TSpin;
  /** This clear was difficult and followed another difficult clear: its action points were multiplied by 1.5. */
  backToBack: boolean;
  /** Consecutive locks that cleared lines, minus one (0 on the first). */
  combo: number;
  perfectClear: boolean;
  level: number;
  /** Points for the clear, T-spin, back-to-back, combo and perfect clear (not drop points). */
  points: number;
}

export interface ScoreState {
  /** -1 when the last lock cleared nothing. */
  combo: number;
  /** The last clear that cleared lines was difficult. */
  backToBack: boolean;
}

/**
 * Scores one lock. `state` is updated: combo and the back-to-back chain. A T-spin that clears nothing neither
 * breaks nor extends the chain; a single, double or triple without a spin breaks it.
 */
export function scoreLock(
  state: ScoreState,
  lines: number,
  tSpin: TSpin,
  level: number,
  perfectClear: boolean,
): ClearEvent {
  const difficult = isDifficult(lines, tSpin);
  const backToBack = difficult && state.backToBack;
  let points = actionPoints(lines, tSpin) * level;
  if (backToBack) points = Math.floor(points * 1.5);
  if (lines > 0) {
    state.combo += 1;
    points += COMBO_POINTS * state.combo * level;
    if (perfectClear) points += perfectClearPoints(lines, backToBack && lines === 4) * level;
    state.backToBack = difficult;
  } else {
    state.combo = -1;
  }
  return { lines, tSpin, backToBack, combo: Math.max(0, state.combo), perfectClear, level, points };
}

/** Seconds a piece takes to fall one row at `level` (the Guideline formula; levels past 20 fall as fast as 20). */
export function secondsPerRow(level: number): number {
  const l = Math.min(Math.max(1, level), 20);
  return (0.8 - (l - 1) * 0.007) ** (l - 1);
}

/**
 * Lines sent to an opponent by one clearing lock, by the guideline's versus table: single 0, double 1, triple 2,
 * tetris 4; T-spin single 2, double 4, triple 6; mini single 0, mini double 1; +1 for back-to-back; a combo adds
 * 0, 1, 1, 2, 2, 3, 3, 4, 4, 4 and then 5 (by the combo count, 0 on the first clear of a run); a perfect clear
 * adds 10.
 */
export function attackOf(event: ClearEvent): number {
  if (event.lines === 0) return 0;
  let lines: number;
  if (event.tSpin === "full") lines = [0, 2, 4, 6][event.lines] ?? 6;
  else if (event.tSpin === "mini") lines = [0, 0, 1][event.lines] ?? 1;
  else lines = [0, 0, 1, 2, 4][event.lines] ?? 4;
  if (event.backToBack) lines += 1;
  lines += COMBO_ATTACK[event.combo] ?? 5;
  if (event.perfectClear) lines += 10;
  return lines;
}

const COMBO_ATTACK = [0, 1, 1, 2, 2, 3, 3, 4, 4, 4];
