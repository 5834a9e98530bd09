import { describe, expect, it } from "vitest";
import { type Card, rankOf, SPADES, suitOf } from "../../cards/card.ts";
import { mulberry32 } from "../../cards/random.ts";
import { perftCounts } from "../patience/perft.ts";
import { dealFamily } from "./deal.ts";
import { apply, type FamilyState, legalMoves, whyIllegal } from "./engine.ts";
import { FAMILY_GAMES, type FamilyGame } from "./index.ts";
import { MODE_ENGINE, PackedFamily, packedUnsupported } from "./packed.ts";
import { CATALOGUE_RULES, familyRules } from "./presets.ts";
import { checkFamilyRules, copiesOf, FamilyRulesError } from "./rules.ts";

/**
 * The catalogue's games that are none of Solvitaire's presets (Yukon, Scorpion, Spider with one and two suits):
 * their deals, the new rules (groups moved unbuilt, a deal by counts, a deck of fewer suits) against a move
 * generator written apart from the engine, and the packed position where it plays them.
 */

const game = (id: string): FamilyGame => {
  const g = FAMILY_GAMES.find((x) => x.id === id);
  if (!g) throw new Error(`no game ${id}`);
  return g;
};

describe("the deals", () => {
  it("Yukon: piles of 1 and 6 to 11 cards, 0 to 6 face down, every card once", () => {
    const t = dealFamily(CATALOGUE_RULES.yukon, 7);
    expect(t.tableau.map((p) => p.length)).toEqual([1, 6, 7, 8, 9, 10, 11]);
    expect(t.faceDown).toEqual([0, 1, 2, 3, 4, 5, 6]);
    expect(new Set(t.tableau.flat()).size).toBe(52);
  });

  it("Scorpion: seven piles of seven, three face down on the first four, a stock of three", () => {
    const t = dealFamily(CATALOGUE_RULES.scorpion, 7);
    expect(t.tableau.map((p) => p.length)).toEqual([7, 7, 7, 7, 7, 7, 7]);
    expect(t.faceDown).toEqual([3, 3, 3, 3, 0, 0, 0]);
    expect(t.stock.length).toBe(3);
    expect(new Set([...t.tableau.flat(), ...t.stock]).size).toBe(52);
  });

  it("Spider with one and two suits: 104 cards of the deck's suits, each as often as the deck holds it", () => {
    for (const [id, suits] of [
      ["spider-one-suit", [SPADES]],
      ["spider-two-suits", [2, SPADES]],
    ] as const) {
      const rules = CATALOGUE_RULES[id];
      const t = dealFamily(rules, 3);
      const cards = [...t.tableau.flat(), ...t.stock];
      expect(cards.length).toBe(104);
      const counts = new Map<Card, number>();
      for (const c of cards) counts.set(c, (counts.get(c) ?? 0) + 1);
      for (let c = 0; c < 52; c++) {
        const expected = (suits as readonly number[]).includes(suitOf(c)) ? 8 / suits.length : 0;
        expect(counts.get(c) ?? 0, `card ${c}`).toBe(expected);
        expect(copiesOf(rules, c)).toBe(expected);
      }
    }
  });

  it("deals differ by number, and the same number deals the same cards", () => {
    for (const rules of Object.values(CATALOGUE_RULES)) {
      expect(dealFamily(rules, 5)).toEqual(dealFamily(rules, 5));
      expect(dealFamily(rules, 5)).not.toEqual(dealFamily(rules, 6));
    }
  });

  it("Yukon and Scorpion (52 cards) have the Microsoft numbering too; Spider with fewer suits not", () => {
    expect(game("yukon").numberings).toEqual(["solvitaire", "microsoft"]);
    expect(game("scorpion").numberings).toEqual(["solvitaire", "microsoft"]);
    expect(game("spider-one-suit").numberings).toEqual(["solvitaire"]);
    const ms = game("yukon").deal(1, CATALOGUE_RULES.yukon, "microsoft");
    expect(ms.table.tableau.map((p) => p.length)).toEqual([1, 6, 7, 8, 9, 10, 11]);
    expect(ms.table).not.toEqual(game("yukon").deal(1, CATALOGUE_RULES.yukon, "solvitaire").table);
  });
});

describe("the rules the schema gained refuse what they cannot play", () => {
  const fails = (spec: Parameters<typeof familyRules>[0], words: RegExp) =>
    expect(() => checkFamilyRules(familyRules(spec))).toThrow(words);
  it("names the field", () => {
    fails({ suits: 2 }, /fewer suits needs whole-suit foundations/);
    fails({ tableau: { groups: "none", unbuilt: true } }, /unbuilt/);
    fails({ tableau: { piles: 2, layout: { down: [1, 1], up: [1, 1] } } }, /4 cards for the piles/);
    fails({ tableau: { piles: 2, layout: { down: [26, 1], up: [0, 25] } } }, /top card is face up/);
    fails({ tableau: { piles: 2, layout: { down: [1], up: [51] } } }, /a count/);
    expect(() => checkFamilyRules(familyRules({ tableau: { groups: "none", unbuilt: true } }))).toThrow(
      FamilyRulesError,
    );
  });
});

describe("unbuilt groups (Yukon)", () => {
  const yukon = game("yukon");
  const board = ["Foundations: QC QD QH TS", ": KC | KH JS KD QS", ":", ": KS", ":", ":", ":", ":", ""].join(
    "\n",
  );
  const state = yukon.board.parse(board, CATALOGUE_RULES.yukon);

  it("any face-up king moves into a space with every card above it, built or not", () => {
    const to2 = legalMoves(state).filter(
      (m) => m.from.index === 0 && m.to.kind === "cascade" && m.to.index === 1,
    );
    expect(to2.map((m) => m.count).sort()).toEqual([2, 4]);
    expect(to2.map((m) => yukon.notation.format(state, m)).sort()).toEqual(["12v2", "12v4"]);
  });

  it("refuses a group headed by a queen into a space, and more cards than lie face up", () => {
    const pile = (i: number) => ({ kind: "cascade" as const, index: i });
    expect(whyIllegal(state, { from: pile(0), to: pile(1), count: 3 })).toBe("only a king may fill a space");
    expect(whyIllegal(state, { from: pile(0), to: pile(1), count: 5 })).toMatch(/not 5 face-up cards/);
    const after = apply(state, { from: pile(0), to: pile(1), count: 4 });
    expect(after.table.faceDown[0]).toBe(0);
    expect(after.table.tableau[1].map((c) => rankOf(c))).toEqual([13, 11, 13, 12]);
  });
});

/**
 * A move generator for Yukon and Scorpion written apart from the engine, from the rules in words: from each pile,
 * any face-up card with the cards above it onto the top card of another pile that it builds on (down one rank, in
 * the other colour or in suit), or into a space when it is a king; a top card home (Yukon) or a whole suit, king
 * to ace face up, home (Scorpion); the stock's three cards onto the first three piles. Counts moves as the engine
 * lists them (one per pile, destination and count; one move home).
 */
interface Plain {
  piles: Card[][];
  down: number[];
  home: Card[][];
  stock: Card[];
}

const isRed = (c: Card) => suitOf(c) === 1 || suitOf(c) === 2;

function plainMoves(s: Plain, inSuit: boolean): Plain[] {
  const out: Plain[] = [];
  const copy = (): Plain => ({
    piles: s.piles.map((p) => p.slice()),
    down: s.down.slice(),
    home: s.home.map((h) => h.slice()),
    stock: s.stock.slice(),
  });
  const settle = (x: Plain) => {
    x.piles.forEach((p, i) => {
      if (x.down[i] > 0 && x.down[i] >= p.length) x.down[i] = p.length - 1;
    });
    return x;
  };
  for (let f = 0; f < s.piles.length; f++) {
    const pile = s.piles[f];
    if (pile.length === 0) continue;
    const top = pile[pile.length - 1];
    if (inSuit) {
      // A whole suit on top, king to ace, all face up.
      const n = pile.length;
      let whole = n - 13 >= s.down[f];
      for (let k = 0; whole && k < 13; k++)
        whole = suitOf(pile[n - 1 - k]) === suitOf(top) && rankOf(pile[n - 1 - k]) === k + 1;
      const empty = s.home.findIndex((h) => h.length === 0);
      if (whole && empty >= 0) {
        const x = copy();
        x.home[empty] = x.piles[f].splice(n - 13, 13).reverse();
        out.push(settle(x));
      }
    } else {
      const h = s.home[suitOf(top)];
      if (rankOf(top) === h.length + 1) {
        const x = copy();
        x.home[suitOf(top)].push(x.piles[f].pop() as Card);
        out.push(settle(x));
      }
    }
    for (let to = 0; to < s.piles.length; to++) {
      if (to === f) continue;
      const dest = s.piles[to];
      for (let count = 1; count <= pile.length - s.down[f]; count++) {
        const bottom = pile[pile.length - count];
        const onto = dest[dest.length - 1];
        const ok =
          onto === undefined
            ? rankOf(bottom) === 13
            : rankOf(bottom) + 1 === rankOf(onto) &&
              (inSuit ? suitOf(bottom) === suitOf(onto) : isRed(bottom) !== isRed(onto));
        if (!ok) continue;
        const x = copy();
        x.piles[to].push(...x.piles[f].splice(pile.length - count, count));
        out.push(settle(x));
      }
    }
  }
  if (s.stock.length > 0) {
    const x = copy();
    for (let p = 0; p < Math.min(x.piles.length, s.stock.length); p++) x.piles[p].push(x.stock.pop() as Card);
    out.push(x);
  }
  return out;
}

function plainPerft(s: Plain, depth: number, inSuit: boolean): number {
  const next = plainMoves(s, inSuit);
  if (depth === 1) return next.length;
  return next.reduce((n, x) => n + plainPerft(x, depth - 1, inSuit), 0);
}

const toPlain = (s: FamilyState): Plain => ({
  piles: s.table.tableau.map((p) => p.slice()),
  down: s.table.faceDown.slice(),
  home: s.table.foundations.map((f) => f.slice()),
  stock: s.table.stock.slice(),
});

describe("perft: Yukon's and Scorpion's moves against a generator written apart", () => {
  for (const id of ["yukon", "scorpion"]) {
    it(`${id}: deals 1 to 3 and positions of random play, depths 1 to 3`, () => {
      const g = game(id);
      const rules = g.rules.defaults;
      const random = mulberry32(0x5c09);
      let checked = 0;
      for (let deal = 1; deal <= 3; deal++) {
        let state = g.deal(deal, rules, "solvitaire");
        for (let step = 0; step < 60; step++) {
          if (step % 20 === 0) {
            const depth = step === 0 ? 3 : 2;
            const ours = Array.from({ length: depth }, (_, d) =>
              plainPerft(toPlain(state), d + 1, id === "scorpion"),
            );
            expect(perftCounts(g, state, depth), `deal ${deal}, step ${step}`).toEqual(ours);
            checked++;
          }
          const moves = legalMoves(state);
          if (moves.length === 0) break;
          state = apply(state, moves[Math.floor(random() * moves.length)]);
        }
      }
      expect(checked).toBeGreaterThanOrEqual(3);
    });
  }
});

describe("the solver's ways", () => {
  // packed.test.ts holds the packed position's moves, keys and automatic moves to the engine's for these four too.
  it("Yukon, Scorpion and Spider with fewer suits are searched over the packed position (unbuilt groups too)", () => {
    for (const id of ["yukon", "scorpion", "spider-one-suit", "spider-two-suits"])
      expect(packedUnsupported(game(id).deal(1, CATALOGUE_RULES[id], "solvitaire"))).toBeUndefined();
  });
});

describe("Microsoft's Spider deals only when no pile is empty", () => {
  /** Deal 1 with the first pile's cards laid face up on the second: the first pile is a space. */
  const withSpace = (rules: FamilyState["rules"]): FamilyState => {
    const state = game("spider-one-suit").deal(1, rules, "solvitaire");
    const tableau = state.table.tableau.map((p) => [...p]);
    tableau[1].push(...tableau[0]);
    tableau[0] = [];
    const faceDown = [...state.table.faceDown];
    faceDown[0] = 0;
    return { ...state, rules, table: { ...state.table, tableau, faceDown } };
  };
  const deal = { from: { kind: "stock", index: 0 }, to: { kind: "cascade", index: 0 }, count: 10 } as const;

  it("the engine and the packed position refuse the deal with a space, and make it without one", () => {
    for (const id of ["spider-one-suit", "spider-two-suits"]) {
      const rules = CATALOGUE_RULES[id];
      expect(rules.stock?.fullPiles).toBe(true);
      const state = withSpace(rules);
      expect(whyIllegal(state, deal)).toBe("the stock deals only when every pile holds a card");
      expect(legalMoves(state).some((m) => m.from.kind === "stock")).toBe(false);
      const domain = new PackedFamily(rules, "safe");
      const buffer = new Int32Array(1 << 12);
      domain.load(state);
      const end = domain.generate(MODE_ENGINE, buffer, 0);
      expect(Array.from(buffer.subarray(0, end), (m) => domain.toMove(m))).toEqual(legalMoves(state));
      // The deal as dealt has no space: the stock deals.
      const dealt = game(id).deal(1, rules, "solvitaire");
      expect(whyIllegal(dealt, deal)).toBeUndefined();
    }
  });

  it("Solvitaire's Spider (its preset's rules) deals with a space", () => {
    const msStock = CATALOGUE_RULES["spider-one-suit"].stock;
    if (!msStock) throw new Error("no stock");
    const rules = { ...CATALOGUE_RULES["spider-one-suit"], stock: { ...msStock, fullPiles: false } };
    expect(whyIllegal(withSpace(rules), deal)).toBeUndefined();
  });
});

describe("boards of a deck of fewer suits", () => {
  const g = game("spider-one-suit");
  const rules = CATALOGUE_RULES["spider-one-suit"];
  const state = g.deal(4, rules, "solvitaire");

  it("the board text and JSON name the copies alike and read back the same position", () => {
    const text = g.board.format(state);
    expect(text).not.toMatch(/[CDH]\b/);
    expect(g.board.parse(text, rules)).toEqual(state);
    expect(g.board.fromJson(JSON.parse(JSON.stringify(g.board.toJson(state, 4))), rules)).toEqual(state);
  });

  it("refuses a card of another suit, and a card given more often than the deck holds it", () => {
    const text = g.board.format(state);
    expect(() => g.board.parse(text.replace("AS", "AH"), rules)).toThrow(/not in this deck .*spades only/);
    const nine = text.replace(/\b2S\b/, "AS");
    expect(() => g.board.parse(nine, rules)).toThrow(/AS is given 9 times .*the deck holds it 8 times/);
  });
});
