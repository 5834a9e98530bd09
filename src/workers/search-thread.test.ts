import { describe, expect, it } from "vitest";
import { dealMontana, montana } from "../games/montana/index.ts";
import { applyMove, isWon } from "../games/montana/rules.ts";
import { solve } from "../games/montana/solver.ts";
import { searchThreads } from "./typescript-thread.ts";

describe("a Montana solve in two threads", () => {
  it("gives the verdicts of one thread on full deals, its wins replaying", () => {
    // Deal 96 (free twos, lost) is searched again in two threads after its first second in one; the others are
    // decided in the first second. Two threads: the complete team's members split between this thread and a worker.
    for (const [deal, freeTwos] of [
      [96, true],
      [6, true],
      [1, false],
      [2, false],
    ] as const) {
      const state = dealMontana(deal, montana.rules.make({ freeTwos }), "solvitaire");
      const now = () => performance.now();
      const one = solve(state, { now, budget: { ms: 120_000 } });
      let reported = 0;
      const two = solve(state, {
        now,
        budget: { ms: 120_000 },
        threads: 2,
        startThread: searchThreads("montana"),
        onProgress: ({ positions }) => {
          reported = Math.max(reported, positions);
        },
      });
      expect(two.result, `deal ${deal}`).toBe(one.result);
      if (two.result === "solved") {
        let s = state;
        for (const m of two.moves) s = applyMove(s, m);
        expect(isWon(s)).toBe(true);
      }
      if (deal === 96) {
        // Searched again in two threads, and the other thread stored positions of it.
        expect(two.stats.searched).toContain("in 2 threads");
        const other = two.stats.phases.find((p) => p.name === "complete, threads 2..2");
        expect(other?.positions).toBeGreaterThan(100_000);
        // Progress counts every thread's positions: more than this thread's own.
        expect(reported).toBeGreaterThan(two.stats.positions - (other?.positions ?? 0));
        expect(reported).toBeLessThanOrEqual(two.stats.positions);
        expect(two.stats.phases.find((p) => p.name === "complete")?.outcome).toBe("exhausted");
      }
    }
  });
});
