import { describe, expect, it } from "vitest";
import { Prng } from "../../cards/random.ts";
import { blockedReason } from "./blocked.ts";
import { describePosition, randomEndgame, randomSqueeze } from "./fixtures.ts";
import { naiveSolve } from "./naive.ts";
import { dealKlondike, type KlondikeRules, makeRules } from "./rules.ts";
import { solveKlondike } from "./solver.ts";

const VARIANTS: Partial<KlondikeRules>[] = [
  { draw: 1, passes: null, fromFoundation: true },
  { draw: 3, passes: null, fromFoundation: true },
  { draw: 1, passes: null, fromFoundation: false },
  { draw: 3, passes: 2, fromFoundation: false },
];

describe("blocked positions are lost: every one the naive solver decides, it finds lost", () => {
  it("on positions built around the twins' squeeze, and near misses of it", () => {
    const rng = new Prng(0xb10c);
    const seen = { squeeze: 0, never: 0, won: 0, lostUnflagged: 0 };
    for (let i = 0; i < 90; i++) {
      const state = randomSqueeze(rng, makeRules(VARIANTS[i % VARIANTS.length]));
      const naive = naiveSolve(state, 40_000);
      if (naive.result === "unknown") continue;
      const why = blockedReason(state);
      if (why !== undefined) {
        expect(naive.result, `${why}: ${describePosition(state)}`).toBe("unsolvable");
        if (why.includes("can never both move")) seen.squeeze++;
        else seen.never++;
      } else if (naive.result === "solved") seen.won++;
      else seen.lostUnflagged++;
    }
    // Both arguments fire, and the near misses include won positions (a check that flags everything would fail).
    expect(seen.squeeze).toBeGreaterThanOrEqual(3);
    expect(seen.never).toBeGreaterThanOrEqual(3);
    expect(seen.won).toBeGreaterThanOrEqual(20);
  });

  it("on random end positions", () => {
    const rng = new Prng(0xdead);
    let flagged = 0;
    for (let i = 0; i < 120; i++) {
      const state = randomEndgame(rng, makeRules(VARIANTS[i % VARIANTS.length]), 10 + rng.nextInt(6));
      const why = blockedReason(state);
      if (why === undefined) continue;
      const naive = naiveSolve(state, 100_000);
      if (naive.result === "unknown") continue;
      expect(naive.result, `${why}: ${describePosition(state)}`).toBe("unsolvable");
      flagged++;
    }
    expect(flagged).toBeGreaterThanOrEqual(3);
  });
});

describe("blocked deals", () => {
  it("are the ones the complete search finds lost too (Solvitaire deals 1..45, draw 1)", () => {
    let flagged = 0;
    for (let deal = 1; deal <= 45; deal++) {
      const state = dealKlondike(deal, makeRules({ draw: 1 }), "solvitaire");
      if (blockedReason(state) === undefined) continue;
      flagged++;
      const searched = solveKlondike(state, { budget: { positions: 8_000_000 } }, false);
      expect(searched.result, `deal ${deal}`).toBe("unsolvable");
    }
    expect(flagged).toBe(6); // 1, 15, 22, 33, 39 and 40
  });

  it("are answered without a search, with the reason", () => {
    // Solvitaire deal 22 drawing three took 46 M positions to search; its queens of spades and clubs lie over
    // the king of hearts, and only the king of diamonds is left for both.
    const deal22 = solveKlondike(dealKlondike(22, makeRules({ draw: 3 }), "solvitaire"));
    expect(deal22.result).toBe("unsolvable");
    expect(deal22.stats.positions).toBe(0);
    expect(deal22.reason).toMatch(
      /queen of clubs and the queen of spades can never both move: the king of hearts never comes free/,
    );
    // Deal 610: the jack of spades lies over both red queens, and the seven of spades under it keeps it from home.
    const deal610 = solveKlondike(dealKlondike(610, makeRules({ draw: 3 }), "solvitaire"));
    expect(deal610.result).toBe("unsolvable");
    expect(deal610.reason).toMatch(/can never get home/);
  });
});
