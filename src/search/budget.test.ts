import { describe, expect, it } from "vitest";
import { BudgetError, BudgetMeter, TIMED_GROWTH } from "./budget.ts";

describe("BudgetMeter", () => {
  it("says a table's growth fits the time left by what a byte of the last timed growth took", () => {
    let t = 0;
    const meter = new BudgetMeter({ ms: 1000 }, () => t);
    // Before any growth was timed, every growth is let begin.
    expect(meter.timeToGrow(2 ** 30)).toBe(true);
    // A growth too small to time teaches nothing, whatever it seemed to take.
    let start = meter.growing();
    t = 50;
    meter.grown(start, TIMED_GROWTH - 1);
    expect(meter.timeToGrow(2 ** 30)).toBe(true);
    // One of 8 MiB in 100 ms: 16 MiB would take 200 ms, so it fits at 800 ms and not after.
    start = meter.growing();
    t = 150;
    meter.grown(start, 8 * 2 ** 20);
    t = 800;
    expect(meter.timeToGrow(16 * 2 ** 20)).toBe(true);
    t = 801;
    expect(meter.timeToGrow(16 * 2 ** 20)).toBe(false);
    expect(meter.exceeded).toBe(undefined);
    // Without a time budget nothing is timed and every growth fits.
    const free = new BudgetMeter({}, () => t);
    expect(Number.isNaN(free.growing())).toBe(true);
    expect(free.timeToGrow(2 ** 40)).toBe(true);
  });

  it("stops on time when the injected clock passes the budget", () => {
    let t = 0;
    const meter = new BudgetMeter({ ms: 10 }, () => t, 1);
    expect(meter.tick()).toBe(true);
    t = 11;
    expect(meter.tick()).toBe(false);
    expect(meter.exceeded).toBe("time");
  });

  it("counts positions and bytes exactly", () => {
    const meter = new BudgetMeter({ positions: 5, bytes: 100 }, undefined);
    expect(meter.allowPositions(5)).toBe(true);
    expect(meter.allowPositions(6)).toBe(false);
    expect(meter.allowBytes(100)).toBe(true);
    expect(meter.allowBytes(101)).toBe(false);
  });

  it("rejects a time budget without a clock and negative limits", () => {
    expect(() => new BudgetMeter({ ms: 5 }, undefined)).toThrow(BudgetError);
    expect(() => new BudgetMeter({ positions: -1 }, undefined)).toThrow(BudgetError);
  });
});
