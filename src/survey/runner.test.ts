import { describe, expect, it } from "vitest";
import { freecell } from "../games/freecell/index.ts";
import { SurveyThreads, solveDeals } from "./runner.ts";
import { type DealResult, makeSettings } from "./settings.ts";

const settings = makeSettings(freecell, { rules: {}, budget: { positions: 1000 }, solverVersion: "test" });

describe("solveDeals", () => {
  it("replaces a thread that dies, tries its deals again, and names the deal that killed it twice", async () => {
    const threads = new SurveyThreads(2, new URL("./dying-thread.fixture.ts", import.meta.url));
    const results: DealResult[] = [];
    try {
      await solveDeals(
        settings,
        Array.from({ length: 40 }, (_, i) => i + 1),
        (r) => results.push(r),
        { threads },
      );
    } finally {
      await threads.close();
    }
    const byDeal = new Map(results.map((r) => [r.deal, r]));
    // Every deal once.
    expect(results).toHaveLength(40);
    expect([...byDeal.keys()].sort((a, b) => a - b)).toEqual(Array.from({ length: 40 }, (_, i) => i + 1));
    // The deals in flight with 13 were tried again, alone, and answered.
    for (const [deal, r] of byDeal) {
      if (deal === 13) continue;
      expect(r.outcome).toBe(deal % 3 === 0 ? "unsolvable" : "solved");
      expect(r.note).toBeUndefined();
    }
    expect(byDeal.get(13)).toMatchObject({ outcome: "unknown", positions: 0 });
    expect(byDeal.get(13)?.note).toMatch(/the solver thread stopped twice on this deal/);
  }, 60_000);

  it("stops on the first error of a setting, naming it", async () => {
    const bad = { ...settings, rules: { cells: 99 } };
    await expect(solveDeals(bad, [1, 2, 3], () => {}, { jobs: 1 })).rejects.toThrow(
      /cells must be a whole number from 0 to 10/,
    );
  }, 60_000);
});
