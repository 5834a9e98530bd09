import { describe, expect, it } from "vitest";
import { apply, dealState, isWon } from "./engine.ts";
import { MODE_SEARCH, PackedFamily } from "./packed.ts";
import { SOLVITAIRE_PRESETS } from "./presets.ts";
import type { FamilyRules } from "./rules.ts";
import { solveFamily } from "./solver.ts";

/** Each deal is won within `positions` by the best-first search named `by`, and its moves play through the engine, with no automatic move, to a won position. */
function expectBestFirstWins(
  rules: FamilyRules,
  deals: readonly number[],
  positions: number,
  by = "best first",
): void {
  for (const deal of deals) {
    const start = dealState(rules, deal);
    const r = solveFamily(start, { budget: { positions } });
    expect(r.result, `deal ${deal}`).toBe("solved");
    expect(r.stats.phases?.find((p) => p.outcome === "solved")?.name).toBe(by);
    let s = start;
    for (const m of r.moves) s = apply(s, m);
    expect(isWon(s)).toBe(true);
  }
}

/** Deals 1..3 of `rules`, each walked `steps` seeded moves of the search's own (so runs and wastes form), `visit` called on each position before its move. */
function walkDeals(rules: FamilyRules, steps: number, visit: (domain: PackedFamily) => void): void {
  const domain = new PackedFamily(rules, "all");
  const moves = new Int32Array(domain.maxMoves);
  for (const deal of [1, 2, 3]) {
    domain.load(dealState(rules, deal));
    let seed = deal;
    for (let step = 0; step < steps; step++) {
      visit(domain);
      const n = domain.generate(MODE_SEARCH, moves, 0);
      if (n === 0) break;
      seed = (Math.imul(seed, 1103515245) + 12345) >>> 0;
      domain.apply(moves[seed % n]);
    }
  }
}

/**
 * The family solver's best-first search (solver.ts): it finds the long wins of whole-suit games that the
 * depth-first walks lose their way to, and only ever answers "solved", with a win that plays through the engine.
 */
describe("the family's best-first search", () => {
  it("wins Simple Simon deals 1..3 within 20,000 positions (the depth-first searches alone had not won them at 200,000), the win its own", () => {
    expectBestFirstWins(SOLVITAIRE_PRESETS["simple-simon"], [1, 2, 3], 20_000);
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

  it("wins Spiderette deals 3 and 9 within 100,000 positions, weighing a card off its suit more than a loose one (with cards off suit weighed as loose ones, neither within 2,000,000)", () => {
    expectBestFirstWins(SOLVITAIRE_PRESETS.spiderette, [3, 9], 100_000);
  });

  it("wins Spider deals 41 and 48 within 100,000 positions, a face-down card weighed twice a loose one (weighed as one, the same search alone needs 141,000 and 240,000)", () => {
    expectBestFirstWins(SOLVITAIRE_PRESETS.spider, [41, 48], 100_000);
  });

  it("wins Spider deal 60 within 200,000 positions by the best-first search that weighs the depth twice (with a face-down card weighed as a loose one, the solver needed 1,968,000)", () => {
    expectBestFirstWins(SOLVITAIRE_PRESETS.spider, [60], 200_000, "best first, depth weighed 2 times");
  });

  it("counts the face-up cards that lie on their next card off suit apart from those on no next card", () => {
    const base = { notHome: 0, faceDown: 0, loose: 0, cell: 0, stock: 0, occupied: 0, depth: 0 };
    let offSuitSeen = 0;
    walkDeals(SOLVITAIRE_PRESETS.spider, 60, (domain) => {
      const { tableau, faceDown } = domain.toState().table;
      let offSuit = 0;
      let loose = 0;
      tableau.forEach((pile, p) => {
        for (let i = faceDown[p] + 1; i < pile.length; i++) {
          const lower = pile[i - 1];
          const upper = pile[i];
          // Spider builds down in any suit; its groups are runs of one suit (cards are suit + 4 * (rank - 1)).
          const next = lower >> 2 === (upper >> 2) + 1;
          if (!next) loose++;
          else if ((lower & 3) !== (upper & 3)) offSuit++;
        }
      });
      offSuitSeen += offSuit;
      expect(domain.score({ ...base, offGroup: 1 }, 0)).toBe(offSuit);
      expect(domain.score({ ...base, loose: 1, offGroup: 0 }, 0)).toBe(loose);
      // With no weight of its own, a card off suit counts as a loose one.
      expect(domain.score({ ...base, loose: 1 }, 0)).toBe(loose + offSuit);
    });
    expect(offSuitSeen).toBeGreaterThan(0);
  });

  it("wins Forty Thieves deals 1 and 6 within 200,000 positions, the waste weighed apart from the stock (with a waste card weighed as a stock card, the solver won neither, nor any of deals 1..20, within 3,000,000)", () => {
    expectBestFirstWins(SOLVITAIRE_PRESETS["forty-thieves"], [1, 6], 200_000);
  });

  it("counts the waste's cards, and those lying on a card they do not build on, apart from the stock's", () => {
    const base = { notHome: 0, faceDown: 0, loose: 0, cell: 0, stock: 0, occupied: 0, depth: 0 };
    let outOfOrderSeen = 0;
    let inOrderSeen = 0;
    walkDeals(SOLVITAIRE_PRESETS["forty-thieves"], 80, (domain) => {
      const { stock, waste } = domain.toState().table;
      let outOfOrder = 0;
      for (let i = 1; i < waste.length; i++) {
        // Forty Thieves builds down in suit (cards are suit + 4 * (rank - 1)).
        const lower = waste[i - 1];
        const upper = waste[i];
        if (lower >> 2 === (upper >> 2) + 1 && (lower & 3) === (upper & 3)) inOrderSeen++;
        else outOfOrder++;
      }
      outOfOrderSeen += outOfOrder;
      expect(domain.score({ ...base, stock: 1, waste: 0 }, 0)).toBe(stock.length);
      expect(domain.score({ ...base, waste: 1 }, 0)).toBe(waste.length);
      expect(domain.score({ ...base, wasteOutOfOrder: 1 }, 0)).toBe(outOfOrder);
      // With no weight of its own, a waste card counts as a stock card.
      expect(domain.score({ ...base, stock: 1 }, 0)).toBe(stock.length + waste.length);
    });
    expect(outOfOrderSeen).toBeGreaterThan(0);
    expect(inOrderSeen).toBeGreaterThan(0);
  });
});
