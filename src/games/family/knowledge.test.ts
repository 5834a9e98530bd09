import { describe, expect, it } from "vitest";
import { Prng } from "../../cards/random.ts";
import { arrangements, consistentDeals, sampleDeal, UNSEEN } from "../patience/knowledge.ts";
import { formatBoard, parseBoard, tableCards } from "./board.ts";
import { apply, dealState, type FamilyMove, type FamilyState, legalMoves } from "./engine.ts";
import { familyKey } from "./key.ts";
import { familyKnowledge, hasHiddenCards, knowledgeFor, seen, stockSeen, unseenCount } from "./knowledge.ts";
import { CATALOGUE_RULES, SOLVITAIRE_PRESETS } from "./presets.ts";
import type { FamilyRules } from "./rules.ts";

const rulesOf = (id: string): FamilyRules => {
  const rules = SOLVITAIRE_PRESETS[id] ?? CATALOGUE_RULES[id];
  if (!rules) throw new Error(`no rules ${id}`);
  return rules;
};

/** The games with hidden cards tried here: face-down piles, a stock dealt onto the piles or to a waste, a reserve. */
const HIDDEN = [
  "spider",
  "spider-one-suit",
  "spiderette",
  "canfield",
  "yukon",
  "scorpion",
  "klondike",
  "klondike-deal-1",
  "gargantua",
  "golf",
  "forty-thieves",
  "american-toad",
  "tri-peaks",
  "pyramid",
];

/** Where the player cannot see, in `fill`'s order, read off the true position. */
function trueOrder(state: FamilyState): number[] {
  const t = state.table;
  const out: number[] = [];
  t.tableau.forEach((pile, p) => {
    out.push(...pile.slice(0, Math.min(t.faceDown[p], pile.length)));
  });
  const seenStock =
    (t.redealt ?? 0) > 0 ? t.stock.length : state.rules.stock?.topInPlay ? Math.min(1, t.stock.length) : 0;
  out.push(...t.stock.slice(0, t.stock.length - seenStock));
  if (state.rules.reserve?.stacked) for (const r of t.reserve) out.push(...r.slice(0, -1));
  return out;
}

const sorted = (cards: readonly number[]) => cards.slice().sort((a, b) => a - b);

/** A random game of `steps` moves from deal `deal` (seeded), every position on the way. */
function walk(
  rules: FamilyRules,
  deal: number,
  steps: number,
  seed: number,
): { states: FamilyState[]; moves: FamilyMove[] } {
  const prng = new Prng(seed);
  let state = dealState(rules, deal);
  const states = [state];
  const moves: FamilyMove[] = [];
  for (let i = 0; i < steps; i++) {
    const legal = legalMoves(state);
    if (legal.length === 0) break;
    const m = legal[prng.nextInt(legal.length)];
    moves.push(m);
    state = apply(state, m);
    states.push(state);
  }
  return { states, moves };
}

describe("what a player of a family game knows", () => {
  it("is given for the rules with hidden cards only", () => {
    for (const id of HIDDEN) expect(hasHiddenCards(rulesOf(id)), id).toBe(true);
    for (const id of [
      "bakers-game",
      "free-cell",
      "beleaguered-castle",
      "black-hole",
      "fan",
      "flower-garden",
      "somerset",
      "gaps-basic-variant",
      "accordion",
      "simple-simon",
    ])
      expect(knowledgeFor(rulesOf(id)), id).toBeUndefined();
    // A spread reserve lies face up; Northwest Territory's piles do not.
    expect(hasHiddenCards(rulesOf("northwest-territory"))).toBe(true);
  });

  it("hides exactly the face-down cards, the stock and a stacked reserve below its top card, at the deal", () => {
    for (const id of HIDDEN) {
      const state = dealState(rulesOf(id), 3);
      const view = seen(state);
      const t = state.table;
      const down = t.faceDown.reduce((a, b, p) => a + Math.min(b, t.tableau[p].length), 0);
      const reserve = state.rules.reserve?.stacked ? t.reserve[0].length - 1 : 0;
      const stockTop = state.rules.stock?.topInPlay ? 1 : 0;
      expect(view.unseen.length, id).toBe(down + t.stock.length - stockTop + reserve);
      expect(unseenCount(state), id).toBe(view.unseen.length);
      // Every face-up card is where it was; every hidden place holds the placeholder.
      view.position.table.tableau.forEach((pile, p) => {
        pile.forEach((c, i) => {
          expect(c, `${id} pile ${p} card ${i}`).toBe(
            i < Math.min(t.faceDown[p], pile.length) ? UNSEEN : t.tableau[p][i],
          );
        });
      });
      expect(view.position.table.stock.slice(0, t.stock.length - stockTop).every((c) => c === UNSEEN)).toBe(
        true,
      );
      expect(view.position.table.stock.slice(t.stock.length - stockTop)).toEqual(
        t.stock.slice(t.stock.length - stockTop),
      );
      expect(view.position.table.waste).toEqual(t.waste);
      expect(view.position.table.foundations).toEqual(t.foundations);
      if (reserve > 0) {
        const r = view.position.table.reserve[0];
        expect(r[r.length - 1]).toBe(t.reserve[0][t.reserve[0].length - 1]);
        expect(r.slice(0, -1).every((c) => c === UNSEEN)).toBe(true);
      }
      // The seen position is plain data; the state itself is untouched.
      expect(JSON.parse(JSON.stringify(view))).toEqual(view);
      expect(state).toEqual(dealState(rulesOf(id), 3));
    }
  });

  it("over random play: the true position fills back, every sample is a position of the game the player cannot tell from it", () => {
    for (const [k, id] of HIDDEN.entries()) {
      const rules = rulesOf(id);
      const { states } = walk(rules, 10 + k, 120, 31 + k);
      const prng = new Prng(7 + k);
      for (const state of states.filter((_, i) => i % 15 === 0 || i === states.length - 1)) {
        const view = seen(state);
        const order = trueOrder(state);
        expect(sorted(order), id).toEqual(view.unseen);
        expect(familyKnowledge.fill(view, order), id).toEqual(state);
        const sample = sampleDeal(familyKnowledge, view, prng);
        expect(seen(sample), id).toEqual(view);
        expect(sorted(tableCards(sample.table)), id).toEqual(sorted(tableCards(state.table)));
        // A complete position of the game (the board reader checks every card of the deck once) ...
        expect(parseBoard(formatBoard(sample), rules, sample.base), id).toEqual(sample);
        // ... with the same moves: none depends on a card the player cannot see.
        expect(legalMoves(sample), id).toEqual(legalMoves(state));
      }
    }
  });

  it("counts fewer unseen cards after a move that turns one up or deals from the stock", () => {
    for (const [k, id] of HIDDEN.entries()) {
      const { states, moves } = walk(rulesOf(id), 40 + k, 150, 5 + k);
      let turned = 0;
      for (let i = 0; i < moves.length; i++) {
        const [before, after, m] = [states[i], states[i + 1], moves[i]];
        const diff = unseenCount(after) - unseenCount(before);
        expect(unseenCount(after)).toBe(seen(after).unseen.length);
        if (m.from.kind === "waste" && m.to.kind === "stock") {
          // The waste turned over: the state counts the passes under every redeal rule, so the stock is seen.
          expect(stockSeen(after), id).toBe(true);
          expect(diff, id).toBe(0);
          continue;
        }
        expect(diff, id).toBeLessThanOrEqual(0);
        const down = (s: FamilyState) => s.table.faceDown.reduce((a, b) => a + b, 0);
        const stockUnseen = seen(before).position.table.stock.some((c) => c === UNSEEN);
        if (down(after) < down(before) || (m.from.kind === "stock" && stockUnseen)) {
          expect(diff, `${id} move ${i}`).toBeLessThan(0);
          turned++;
        }
      }
      expect(turned, id).toBeGreaterThan(0);
    }
  });

  it("knows Canfield's stock once the waste has been turned over into it, by the engine's moves alone", () => {
    const rules = rulesOf("canfield");
    expect(rules.stock?.redealLimit).toBeUndefined();
    const start = dealState(rules, 3);
    const down = start.table.faceDown.reduce((a, b) => a + b, 0);
    const reserveBelow = start.table.reserve.reduce((n, r) => n + Math.max(0, r.length - 1), 0);
    let s = start;
    // Through the whole stock, three at a time, the stock's cards unseen all the way (none is played).
    while (s.table.stock.length > 0) {
      const hidden = s.table.stock.length - (rules.stock?.topInPlay ? 1 : 0);
      expect(seen(s).unseen).toHaveLength(down + reserveBelow + hidden);
      expect(stockSeen(s)).toBe(false);
      const turn = legalMoves(s).find((m) => m.from.kind === "stock" && m.to.kind === "waste");
      if (!turn) throw new Error("no turn of the stock");
      s = apply(s, turn);
    }
    const over = legalMoves(s).find((m) => m.from.kind === "waste" && m.to.kind === "stock");
    if (!over) throw new Error("the waste does not turn over");
    s = apply(s, over);
    // The stock is the deal's again, every card of it seen; the pass is counted, but not in the position's key.
    expect(s.table.stock).toEqual(start.table.stock);
    expect(s.table.redealt).toBe(1);
    expect(stockSeen(s)).toBe(true);
    expect(seen(s).unseen).toHaveLength(down + reserveBelow);
    expect(unseenCount(s)).toBe(down + reserveBelow);
    expect(familyKey(s)).toBe(familyKey(start));
    expect(seen(start).unseen.length).toBeGreaterThan(down + reserveBelow);
    // Board text keeps the memory (Redeals: 1, a line the deal's text has not), and reads back as the same state.
    expect(formatBoard(start)).not.toMatch(/^Redeals:/m);
    const text = formatBoard(s);
    expect(text).toMatch(/^Redeals: 1$/m);
    expect(parseBoard(text, rules, s.base)).toEqual(s);
    expect(() => parseBoard(text.replace("Redeals: 1", "Redeals: 2"), rules, s.base)).toThrow(/0 to 1/);
    // Another round: under unlimited redeals the table says only that the waste has been turned over.
    while (s.table.stock.length > 0) {
      const turn = legalMoves(s).find((m) => m.from.kind === "stock" && m.to.kind === "waste");
      if (!turn) throw new Error("no turn of the stock");
      s = apply(s, turn);
    }
    const again = legalMoves(s).find((m) => m.from.kind === "waste" && m.to.kind === "stock");
    if (!again) throw new Error("the waste does not turn over");
    s = apply(s, again);
    expect(s.table.redealt).toBe(1);
    expect(familyKey(s)).toBe(familyKey(start));
  });

  it("samples the arrangements of a Canfield reserve and stock uniformly (chi-squared)", () => {
    // Canfield deal 1 cut down to four unseen cards: two under the reserve's top, two in the stock.
    const state = dealState(rulesOf("canfield"), 1);
    const t = state.table;
    const reserve = t.reserve[0];
    const small: FamilyState = {
      ...state,
      table: {
        ...t,
        reserve: [reserve.slice(-3)],
        stock: t.stock.slice(-2),
        waste: [...t.waste, ...t.stock.slice(0, -2).reverse(), ...reserve.slice(0, -3)],
      },
    };
    const view = seen(small);
    expect(view.unseen).toHaveLength(4);
    expect(arrangements(view)).toBe(24);
    const key = (s: FamilyState) => JSON.stringify([s.table.reserve, s.table.stock]);
    const listed = [...consistentDeals(familyKnowledge, view)].map(key);
    expect(new Set(listed).size).toBe(24);
    const counts = new Map<string, number>();
    const prng = new Prng(11);
    const draws = 4800;
    for (let i = 0; i < draws; i++) {
      const k = key(sampleDeal(familyKnowledge, view, prng));
      counts.set(k, (counts.get(k) ?? 0) + 1);
    }
    expect(counts.size).toBe(24);
    let chi2 = 0;
    for (const n of counts.values()) chi2 += (n - draws / 24) ** 2 / (draws / 24);
    // 23 degrees of freedom: above 49.7 one time in a thousand by chance.
    expect(chi2).toBeLessThan(49.7);
  });
});
