import { describe, expect, it } from "vitest";
import { BudgetError, BudgetMeter } from "./budget.ts";

describe("BudgetMeter", () => {
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
