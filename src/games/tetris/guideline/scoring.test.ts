import { describe, expect, it } from "vitest";
import {
  actionPoints,
  isDifficult,
  perfectClearPoints,
  type ScoreState,
  scoreLock,
  secondsPerRow,
} from "./scoring.ts";

describe("guideline scoring", () => {
  it("line clears 100/300/500/800, T-spins 400/800/1200/1600, minis 100/200/400", () => {
    expect([0, 1, 2, 3, 4].map((n) => actionPoints(n, "none"))).toEqual([0, 100, 300, 500, 800]);
    expect([0, 1, 2, 3].map((n) => actionPoints(n, "full"))).toEqual([400, 800, 1200, 1600]);
    expect([0, 1, 2].map((n) => actionPoints(n, "mini"))).toEqual([100, 200, 400]);
  });

  it("difficult clears: tetrises and T-spins that clear lines", () => {
    expect(isDifficult(4, "none")).toBe(true);
    expect(isDifficult(3, "none")).toBe(false);
    expect(isDifficult(1, "mini")).toBe(true);
    expect(isDifficult(0, "full")).toBe(false);
  });

  it("back-to-back multiplies by 1.5; a plain single breaks the chain; a T-spin without lines keeps it", () => {
    const state: ScoreState = { combo: -1, backToBack: false };
    expect(scoreLock(state, 4, "none", 1, false).points).toBe(800);
    expect(scoreLock(state, 0, "none", 1, false).points).toBe(0);
    const second = scoreLock(state, 4, "none", 1, false);
    expect(second.backToBack).toBe(true);
    expect(second.points).toBe(1200);
    expect(scoreLock(state, 0, "full", 1, false).points).toBe(400);
    expect(state.backToBack).toBe(true);
    expect(scoreLock(state, 2, "full", 2, false).points).toBe(1200 * 2 * 1.5);
    scoreLock(state, 0, "none", 2, false);
    expect(scoreLock(state, 1, "none", 2, false).points).toBe(200);
    expect(state.backToBack).toBe(false);
    expect(scoreLock(state, 4, "none", 2, false).points).toBe(1600 + 50 * 1 * 2);
  });

  it("combos add 50 x combo x level for each consecutive clearing lock", () => {
    const state: ScoreState = { combo: -1, backToBack: false };
    const points = [1, 1, 1, 2].map((n) => scoreLock(state, n, "none", 3, false));
    expect(points.map((e) => e.combo)).toEqual([0, 1, 2, 3]);
    expect(points.map((e) => e.points)).toEqual([300, 300 + 150, 300 + 300, 900 + 450]);
    scoreLock(state, 0, "none", 3, false);
    expect(state.combo).toBe(-1);
  });

  it("perfect clears add 800/1200/1800/2000, 3200 for a back-to-back tetris, x level", () => {
    expect([1, 2, 3, 4].map((n) => perfectClearPoints(n, false))).toEqual([800, 1200, 1800, 2000]);
    expect(perfectClearPoints(4, true)).toBe(3200);
    const state: ScoreState = { combo: -1, backToBack: true };
    expect(scoreLock(state, 4, "none", 2, true).points).toBe(1200 * 2 + 3200 * 2);
  });

  it("gravity: (0.8 - (level - 1) * 0.007) ^ (level - 1) seconds a row", () => {
    expect(secondsPerRow(1)).toBe(1);
    expect(secondsPerRow(2)).toBeCloseTo(0.793, 12);
    expect(secondsPerRow(5)).toBeCloseTo(0.772 ** 4, 12);
    expect(secondsPerRow(15)).toBeCloseTo(0.702 ** 14, 12);
    expect(secondsPerRow(25)).toBe(secondsPerRow(20));
    for (let l = 1; l < 20; l++) expect(secondsPerRow(l + 1)).toBeLessThan(secondsPerRow(l));
  });
});
