import { describe, expect, it } from "vitest";
import { apply, dealState, isWon } from "./engine.ts";
import { MODE_SEARCH, PackedFamily } from "./packed.ts";
import { SOLVITAIRE_PRESETS } from "./presets.ts";
import { solveFamily } from "./solver.ts";

/**
 * The family solver's best-first search (solver.ts): it finds the long wins of whole-suit games that the
 * depth-first walks lose their way to, and only ever answers "solved", with a win that plays through the engine.
 */
describe("the family's best-first search", () => {
  it("wins Simple Simon deals 1..3 within 20,000 positions (the depth-first searches alone had not won them at 200,000), the win its own", () => {
    const rules = SOLVITAIRE_PRESETS["simple-simon"];
    for (const deal of [1, 2, 3]) {
      const start = dealState(rules, deal);
      const r = solveFamily(start, { budget: { positions: 20_000 } });
      expect(r.result, `deal ${deal}`).toBe("solved");
      expect(r.stats.phases?.find((p) => p.outcome === "solved")?.name).toBe("best first");
      // The moves play through the engine, with no automatic move, to a won position.
      let s = start;
      for (const m of r.moves) s = apply(s, m);
      expect(isWon(s)).toBe(true);
    }
  });

  it("is scored lower when a card turns up and when a whole suit goes home", () => {
    const rules = SOLVITAIRE_PRESETS.spiderette;
    const w = { notHome: 2, faceDown: 4, loose: 3, cell: 2, stock: 3, occupied: 4, depth: 0 };
    const start = dealState(rules, 1);
    const domain = new PackedFamily(rules, "all");
    domain.load(start);
    const before = domain.score(w, 0);
    // Spiderette is dealt with 21 cards face down: the score counts them, and the stock and the cards not home.
    expect(before).toBe(2 * 52 + 4 * 21 + 3 * 24 + 4 * 7);
    const moves = new Int32Array(domain.maxMoves);
    const n = domain.generate(MODE_SEARCH, moves, 0);
    for (let k = 0; k < n; k++) {
      const m = moves[k];
      domain.apply(m);
      const turned = domain.toState().table.faceDown.reduce((a, b) => a + b, 0) < 21;
      if (turned) expect(domain.score(w, 0)).toBeLessThan(before);
      domain.undo(m);
    }
  });
});
