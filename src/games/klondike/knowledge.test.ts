import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { Prng } from "../../cards/random.ts";
import { arrangements, consistentDeals, sampleDeal, UNSEEN } from "../patience/knowledge.ts";
import { klondikeKnowledge, seen } from "./knowledge.ts";
import { applyMove, cardsInState, dealKlondike, type KlondikeState, legalMoves, makeRules } from "./rules.ts";

/** A position after `steps` random legal moves from a deal (seeded). */
function played(deal: number, draw: number, steps: number, seed: number): KlondikeState {
  const prng = new Prng(seed);
  let state = dealKlondike(deal, makeRules({ draw }), "microsoft");
  for (let i = 0; i < steps; i++) {
    const moves = legalMoves(state);
    if (moves.length === 0) break;
    state = applyMove(state, moves[prng.nextInt(moves.length)]);
  }
  return state;
}

/** Deal 1 with 22 of its stock cards turned (first pass) and only piles 2 and 3 holding a face-down card: 4 unseen. */
function tiny(): KlondikeState {
  const state = dealKlondike(1, makeRules({ draw: 1 }), "microsoft");
  const waste = state.stock.slice(2).reverse();
  return { ...state, stock: state.stock.slice(0, 2), waste, faceDown: [0, 1, 1, 0, 0, 0, 0] };
}

const arrangementKey = (s: KlondikeState) => [s.piles[1][0], s.piles[2][0], s.stock[0], s.stock[1]].join(",");

describe("what a Klondike player knows", () => {
  it("hides the face-down cards, and the stock until the waste has been turned over once", () => {
    const start = dealKlondike(1, makeRules({ draw: 3 }), "microsoft");
    const view = seen(start);
    expect(view.unseen).toHaveLength(21 + 24);
    expect(view.position.stock.every((c) => c === UNSEEN)).toBe(true);
    expect(view.position.piles[6].slice(0, 6).every((c) => c === UNSEEN)).toBe(true);
    expect(view.position.piles[6][6]).toBe(start.piles[6][6]);
    // Turn the whole stock (8 turns of 3) and the waste over: every stock card has been seen, in order.
    let state = start;
    for (let i = 0; i < 8; i++) state = applyMove(state, legalMoves(state)[0]);
    expect(seen(state).unseen).toHaveLength(21);
    expect(seen(state).position.waste).toEqual(state.waste);
    state = applyMove(state, {
      from: { kind: "waste", index: 0 },
      to: { kind: "stock", index: 0 },
      count: 24,
    });
    expect(seen(state).unseen).toHaveLength(21);
    expect(seen(state).position.stock).toEqual(state.stock);
  });

  it("samples only deals consistent with what is seen, over random play (draw 1 and 3)", () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 32000 }),
        fc.constantFrom(1, 3),
        fc.integer({ min: 0, max: 150 }),
        fc.integer(),
        (deal, draw, steps, seed) => {
          const state = played(deal, draw, steps, seed);
          const view = seen(state);
          const sample = sampleDeal(klondikeKnowledge, view, new Prng(seed ^ 0x9e3779b9));
          // The same view, every card once, the same legal moves: the player cannot tell them apart.
          expect(seen(sample)).toEqual(view);
          expect(cardsInState(sample).sort((a, b) => a - b)).toEqual(Array.from({ length: 52 }, (_, c) => c));
          expect(legalMoves(sample)).toEqual(legalMoves(state));
          // The true position is one of the deals the view stands for.
          const trueOrder = [
            ...state.piles.flatMap((p, i) => p.slice(0, state.faceDown[i])),
            ...(state.recycles > 0 ? [] : state.stock),
          ];
          expect(trueOrder.slice().sort((a, b) => a - b)).toEqual(view.unseen);
          expect(klondikeKnowledge.fill(view, trueOrder)).toEqual(state);
        },
      ),
      { numRuns: 200, seed: 31 },
    );
  });

  it("reaches every arrangement of the unseen cards, uniformly (chi-squared), and lists each once", () => {
    const view = seen(tiny());
    expect(view.unseen).toHaveLength(4);
    expect(arrangements(view)).toBe(24);
    const listed = [...consistentDeals(klondikeKnowledge, view)];
    expect(new Set(listed.map(arrangementKey)).size).toBe(24);
    for (const s of listed) expect(seen(s)).toEqual(view);
    const counts = new Map<string, number>();
    const prng = new Prng(7);
    const draws = 4800;
    for (let i = 0; i < draws; i++) {
      const k = arrangementKey(sampleDeal(klondikeKnowledge, view, prng));
      counts.set(k, (counts.get(k) ?? 0) + 1);
    }
    expect(counts.size).toBe(24);
    const expected = draws / 24;
    let chi2 = 0;
    for (const n of counts.values()) chi2 += (n - expected) ** 2 / expected;
    // 23 degrees of freedom: above 49.7 one time in a thousand by chance.
    expect(chi2).toBeLessThan(49.7);
  });

  it("a sampler that ignores part of the unseen cards fails the uniformity check", () => {
    // The same check on a biased draw (the last stock card never moves): it must be able to fail.
    const view = seen(tiny());
    const prng = new Prng(7);
    const counts = new Map<string, number>();
    for (let i = 0; i < 4800; i++) {
      const cards = view.unseen.slice();
      for (let j = cards.length - 2; j > 0; j--) {
        const k = prng.nextInt(j + 1);
        [cards[j], cards[k]] = [cards[k], cards[j]];
      }
      const k = arrangementKey(klondikeKnowledge.fill(view, cards));
      counts.set(k, (counts.get(k) ?? 0) + 1);
    }
    expect(counts.size).toBeLessThan(24);
  });
});
