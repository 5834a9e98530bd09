import { describe, expect, it } from "vitest";
import { formatCard } from "../../cards/card.ts";
import { Prng } from "../../cards/random.ts";
import { describePosition, randomEndgame } from "./fixtures.ts";
import { maxScore, solveMaxScore } from "./max-score.ts";
import {
  applyMove,
  dealKlondike,
  type KlondikeMove,
  type KlondikeRules,
  type KlondikeState,
  legalMoves,
  makeRules,
} from "./rules.ts";

/**
 * The oracle: every position the engine's legal moves reach, each with the highest score it is reached with, and
 * the highest score among them (the game may stop anywhere). A position reached again with a higher score is
 * searched again from it (what a move adds depends on the position and the passes made, not on the score, and the
 * standard score's floor at 0 keeps a higher score higher, so the highest score of each position is enough). The
 * passes made are part of the position; under unlimited passes only as far as the scoring tells them apart
 * (rules.ts's recyclePenalty: drawing one, every pass costs the same; drawing three, the same from the third on),
 * which leaves the reachable scores as they are and the set finite. Undefined when more than `limit` positions
 * are reached.
 */
function oracleMaxScore(start: KlondikeState, limit: number): number | undefined {
  const { best, complete } = oracleSearch(start, limit);
  return complete ? best : undefined;
}

/** The oracle's search: the highest score among the positions reached, and whether it reached them all. */
function oracleSearch(start: KlondikeState, limit: number): { best: number; complete: boolean } {
  const { rules } = start;
  const passes = (s: KlondikeState) =>
    rules.passes !== null ? s.recycles : rules.draw === 1 ? 0 : Math.min(s.recycles, 2);
  const id = (s: KlondikeState) =>
    `${s.piles.map((p, i) => `${s.faceDown[i]}:${p.map(formatCard).join("")}`).join("/")}|${s.stock.map(formatCard).join("")}|${s.waste.map(formatCard).join("")}|${s.foundations.join(",")}|${passes(s)}`;
  const bestAt = new Map([[id(start), start.score]]);
  const todo = [start];
  let best = start.score;
  while (todo.length > 0) {
    const s = todo.pop() as KlondikeState;
    if (bestAt.get(id(s)) !== s.score) continue; // reached since with more
    if (s.score > best) best = s.score;
    for (const m of legalMoves(s)) {
      const next = applyMove(s, m);
      const k = id(next);
      const known = bestAt.get(k);
      if (known !== undefined && known >= next.score) continue;
      if (known === undefined && bestAt.size >= limit) return { best, complete: false };
      bestAt.set(k, next.score);
      todo.push(next);
    }
  }
  return { best, complete: true };
}

const replayScore = (state: KlondikeState, moves: readonly KlondikeMove[]) =>
  moves.reduce((s, m) => applyMove(s, m), state).score;

const label = (r: Partial<KlondikeRules>) =>
  `${r.scoring}, draw ${r.draw}, ${r.passes === null ? "unlimited passes" : `${r.passes} ${r.passes === 1 ? "pass" : "passes"}`}, ${r.fromFoundation ? "worrying back" : "cards stay home"}`;

const VARIANTS: Partial<KlondikeRules>[] = [];
for (const scoring of ["standard", "vegas"] as const)
  for (const draw of [1, 3])
    for (const passes of [null, 1, 3])
      for (const fromFoundation of [true, false]) VARIANTS.push({ scoring, draw, passes, fromFoundation });

const startScore = (rng: Prng, rules: KlondikeRules) =>
  // Scores the floor at 0 matters for, and scores far from it.
  rules.scoring === "standard" ? [0, 0, 5, 20, 150][rng.nextInt(5)] : [-52, -30, 0, 40][rng.nextInt(4)];

describe("the highest score, against an exhaustive search of the engine's moves", () => {
  for (const [v, variant] of VARIANTS.entries()) {
    if (variant.fromFoundation) continue;
    it(`finds the highest score and the moves to it (${label(variant)})`, () => {
      const rules = makeRules(variant);
      const rng = new Prng(0xc0de + v * 104729);
      let compared = 0;
      let skipped = 0;
      const scores = new Set<number>();
      while (compared < 6) {
        const state = randomEndgame(rng, rules, 3 + rng.nextInt(4), 4);
        state.score = startScore(rng, rules);
        const expected = oracleMaxScore(state, 30_000);
        if (expected === undefined) {
          skipped++;
          continue;
        }
        compared++;
        const found = maxScore(state);
        const where = describePosition(state);
        expect(found.proven, where).toBe(true);
        expect(found.score, where).toBe(expected);
        expect(found.bound, where).toBe(expected);
        expect(replayScore(state, found.moves), where).toBe(expected);
        scores.add(expected - state.score);
      }
      expect(skipped).toBeLessThan(compared);
      // Not every position trivially scores what it starts with.
      expect([...scores].some((gain) => gain > 0)).toBe(true);
    });
  }

  // With cards allowed back off the foundations, no exhaustive search of a near-end position finishes: the whole
  // deck can come down onto the piles in runs, every run a position of its own. So the search there is held to
  // lower bounds: what the same position scores with cards staying home (exactly, by the oracle), since every such
  // line is still legal, and the best score among the first 10,000 positions the oracle reaches (from 0, standard
  // scoring's cards come down for nothing and score again going home); under Vegas scoring never more than every
  // card home, and exactly that when the cards staying home already get there.
  for (const [v, variant] of VARIANTS.entries()) {
    if (!variant.fromFoundation) continue;
    it(`scores at least what cards staying home score, and the moves replay (${label(variant)})`, () => {
      const rules = makeRules(variant);
      const stayHome = makeRules({ ...variant, fromFoundation: false });
      const rng = new Prng(0xbead + v * 104729);
      let compared = 0;
      let exact = 0;
      while (compared < 4) {
        const state = randomEndgame(rng, rules, 2 + rng.nextInt(3), 3);
        state.score = startScore(rng, rules);
        const floor = oracleMaxScore({ ...state, rules: stayHome }, 30_000);
        if (floor === undefined) continue;
        compared++;
        const found = maxScore(state);
        const where = describePosition(state);
        expect(found.proven, where).toBe(true);
        expect(found.bound, where).toBe(found.score);
        expect(found.score, where).toBeGreaterThanOrEqual(floor);
        expect(found.score, where).toBeGreaterThanOrEqual(oracleSearch(state, 10_000).best);
        expect(replayScore(state, found.moves), where).toBe(found.score);
        if (rules.scoring === "vegas") {
          const allHome = state.score + 5 * state.foundations.reduce((n, r) => n + 13 - r, 0);
          expect(found.score, where).toBeLessThanOrEqual(allHome);
          if (floor === allHome) {
            exact++;
            expect(found.score, where).toBe(allHome);
          }
        }
      }
      if (rules.scoring === "vegas") expect(exact).toBeGreaterThan(0);
    });
  }

  it("counts the floor at 0: cards taken back for nothing score again when they go home", () => {
    // At 0 points a card comes off its foundation for nothing (the floor) and scores 10 again going home, so
    // from 0 nearly the whole deck is worth 10 a card (the bound once took this for impossible and cut it).
    const rules = makeRules({ draw: 1 });
    const state = randomEndgame(new Prng(11), rules, 5, 3);
    state.score = 0;
    const found = maxScore(state);
    expect(found.proven).toBe(true);
    expect(found.score).toBeGreaterThanOrEqual(500);
    expect(replayScore(state, found.moves)).toBe(found.score);
    // Cards that stay home score once.
    const home = { ...state, rules: makeRules({ draw: 1, fromFoundation: false }) };
    const once = maxScore(home);
    expect(once.score).toBeLessThanOrEqual(5 * 10 + 5 * 5 + 5 * 3);
    expect(once.score).toBe(oracleMaxScore(home, 100_000));
  });
});

describe("the score search as a solver", () => {
  const deal = dealKlondike(1, makeRules({ draw: 3 }), "solvitaire");

  it("answers unknown with the best line found when its budget runs out, and that line scores its value", () => {
    const r = solveMaxScore(deal, { objective: "max-score", budget: { positions: 3000 } });
    expect(r.result).toBe("unknown");
    expect(r.stats.budget).toBe("positions");
    expect(r.value).toBeGreaterThan(0);
    expect(replayScore(deal, r.moves)).toBe(r.value);
  });

  it("reports the time it took, read from the clock it is given", () => {
    let t = 0;
    const r = solveMaxScore(deal, { objective: "max-score", budget: { ms: 500 }, now: () => (t += 1) });
    expect(r.result).toBe("unknown");
    expect(r.stats.budget).toBe("time");
    expect(r.stats.ms).toBeGreaterThanOrEqual(500);
    expect(r.stats.phases[0].ms).toBe(r.stats.ms);
    expect(replayScore(deal, r.moves)).toBe(r.value);
  });

  it("refuses a position that is not whole", () => {
    const part = { ...deal, stock: deal.stock.slice(1) };
    expect(() => maxScore(part)).toThrow(RangeError);
  });
});
