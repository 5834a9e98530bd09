import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { parseCard } from "../../cards/card.ts";
import { toJson } from "./board-text.ts";
import { homeAllBut, position } from "./fixtures.ts";
import { parseMove } from "./notation.ts";
import {
  applyMove,
  autoMoves,
  dealKlondike,
  foundation,
  type KlondikeMove,
  type KlondikeState,
  legalMoves,
  makeRules,
  pile,
  STOCK,
  WASTE,
  whyIllegal,
} from "./rules.ts";

const play = (state: KlondikeState, ...texts: string[]): KlondikeState =>
  texts.reduce((s, t) => applyMove(s, parseMove(s, t)), state);
const c = parseCard;

describe("dealing", () => {
  const data = JSON.parse(
    readFileSync(new URL("../../../test/data/solvitaire-numbered-deals.json", import.meta.url), "utf8"),
  ) as {
    game: string;
    seed: number;
    tableau: string[][];
    stock: string[];
  }[];
  for (const expected of data.filter((d) => d.game === "klondike")) {
    it(`deals Solvitaire's deal ${expected.seed} exactly as its data file`, () => {
      const state = dealKlondike(expected.seed, makeRules(), "solvitaire");
      const json = toJson(state, expected.seed);
      expect(json).toEqual({
        game: "klondike",
        deal: expected.seed,
        tableau: expected.tableau,
        stock: expected.stock,
      });
      expect(Object.keys(json)).toEqual(["game", "deal", "tableau", "stock"]);
    });
  }

  it("deals seven piles of 1 to 7 cards, only the top one face up, and 24 to the stock", () => {
    for (const numbering of ["microsoft", "solvitaire"] as const) {
      const state = dealKlondike(617, makeRules({ draw: 3 }), numbering);
      expect(state.piles.map((p) => p.length)).toEqual([1, 2, 3, 4, 5, 6, 7]);
      expect(state.faceDown).toEqual([0, 1, 2, 3, 4, 5, 6]);
      expect(state.stock).toHaveLength(24);
      expect(state.waste).toEqual([]);
      expect(state.score).toBe(0);
    }
  });

  it("charges 52 to play under Vegas scoring", () => {
    expect(dealKlondike(1, makeRules({ scoring: "vegas" }), "microsoft").score).toBe(-52);
  });
});

describe("what may fill an empty pile", () => {
  const state = position({}, ["", "QS | KH QC JD", "5C | 9S", "4D | QH", "", "", ""], { waste: "JC KD" });

  it("takes a king from the waste, and a run headed by a king from a pile", () => {
    expect(whyIllegal(state, { from: WASTE, to: pile(0), count: 1 })).toBeUndefined();
    expect(whyIllegal(state, { from: pile(1), to: pile(0), count: 3 })).toBeUndefined();
    const after = applyMove(state, { from: pile(1), to: pile(0), count: 3 });
    expect(after.piles[0].map((x) => x)).toEqual([c("KH"), c("QC"), c("JD")]);
    expect(after.faceDown[1]).toBe(0);
  });

  it("refuses any other card, and part of a king's run", () => {
    expect(whyIllegal(state, { from: pile(2), to: pile(0), count: 1 })).toMatch(/only a king/);
    expect(whyIllegal(state, { from: pile(1), to: pile(0), count: 2 })).toMatch(/only a king/);
    expect(whyIllegal(state, { from: pile(3), to: pile(4), count: 1 })).toMatch(/only a king/);
  });

  it("lists every king move into a space as a legal move", () => {
    const moves = legalMoves(state).filter(
      (m) => m.to.kind === "cascade" && state.piles[m.to.index].length === 0,
    );
    // The waste's king and pile 2's run, each to the four empty piles.
    expect(moves).toHaveLength(8);
  });
});

describe("the stock", () => {
  it("turns three cards with draw 3, the last one turned on top", () => {
    const state = position({ draw: 3 }, ["KS", "", "", "", "", "", ""], { stock: "2C 3C 4C 5C 6C" });
    const after = play(state, "s");
    expect(after.waste).toEqual([c("6C"), c("5C"), c("4C")]);
    expect(after.stock).toEqual([c("2C"), c("3C")]);
    const again = play(after, "s");
    expect(again.waste.map((x) => x)).toEqual([c("6C"), c("5C"), c("4C"), c("3C"), c("2C")]);
    expect(again.stock).toEqual([]);
    expect(legalMoves(after)[0]).toEqual({ from: STOCK, to: WASTE, count: 2 });
  });

  it("turns one card with draw 1", () => {
    const state = position({}, ["KS", "", "", "", "", "", ""], { stock: "2C 3C" });
    expect(play(state, "s").waste).toEqual([c("3C")]);
  });

  it("turns the waste over into the stock when the stock is empty, in the order it was dealt", () => {
    const state = position({ draw: 3 }, ["KS", "", "", "", "", "", ""], { stock: "2C 3C 4C 5C" });
    const turned = play(state, "s", "s");
    expect(turned.stock).toEqual([]);
    const recycled = play(turned, "s");
    expect(recycled.stock).toEqual(state.stock);
    expect(recycled.waste).toEqual([]);
    expect(recycled.recycles).toBe(1);
    expect(parseMove(turned, "s")).toEqual({ from: WASTE, to: STOCK, count: 4 });
  });

  it("refuses a pass beyond the limit, saying so", () => {
    const state = position({ passes: 2 }, ["KS", "", "", "", "", "", ""], { stock: "2C" });
    const once = play(state, "s", "s");
    expect(once.recycles).toBe(1);
    const end = play(once, "s");
    expect(end.stock).toEqual([]);
    const move = parseMove(end, "s");
    expect(whyIllegal(end, move)).toMatch(/no more passes: these rules allow 2 passes/);
    expect(legalMoves(end).some((m) => m.to.kind === "stock")).toBe(false);
    expect(() => applyMove(end, move)).toThrow(expect.objectContaining({ code: "illegal_move" }));
  });

  it("with one pass, never turns the waste over", () => {
    const state = position({ passes: 1 }, ["KS", "", "", "", "", "", ""], { waste: "2C" });
    expect(whyIllegal(state, { from: WASTE, to: STOCK, count: 1 })).toMatch(/allow 1 pass /);
  });
});

describe("turning up a face-down card", () => {
  it("happens by itself when the card on it leaves, and scores 5", () => {
    const state = position({}, ["8S 9H | AS", "", "", "", "", "", ""]);
    const after = play(state, "1h");
    expect(after.faceDown[0]).toBe(1);
    expect(after.piles[0]).toEqual([c("8S"), c("9H")]);
    expect(after.score).toBe(10 + 5);
  });

  it("turns up the card under a run that leaves", () => {
    const state = position({}, ["3C | 9H 8S", "TC", "", "", "", "", ""]);
    const after = play(state, "12");
    expect(after.piles[0]).toEqual([c("3C")]);
    expect(after.faceDown[0]).toBe(0);
    expect(after.piles[1]).toEqual([c("TC"), c("9H"), c("8S")]);
    expect(after.score).toBe(5);
  });
});

describe("worrying back", () => {
  const state = position({}, ["9S", "", "", "", "", "", ""], { foundations: [0, 0, 8, 0] });

  it("takes a card back off its foundation when the rules allow", () => {
    expect(whyIllegal(state, { from: foundation(2), to: pile(0), count: 1 })).toBeUndefined();
    const after = play(state, "hh1");
    expect(after.foundations[2]).toBe(7);
    expect(after.piles[0]).toEqual([c("9S"), c("8H")]);
    expect(legalMoves(state)).toContainEqual({ from: foundation(2), to: pile(0), count: 1 });
  });

  it("refuses it when cards stay home", () => {
    const strict = position({ fromFoundation: false }, ["9S", "", "", "", "", "", ""], {
      foundations: [0, 0, 8, 0],
    });
    expect(whyIllegal(strict, { from: foundation(2), to: pile(0), count: 1 })).toMatch(/may not come back/);
    expect(legalMoves(strict).some((m) => m.from.kind === "foundation")).toBe(false);
  });
});

describe("runs", () => {
  const state = position({}, ["2D | KS QH JC TD 9S", "QD", "5C | TH", "", "", "", ""]);

  it("moves the face-up run that fits, whatever its length", () => {
    expect(parseMove(state, "13")).toEqual({ from: pile(0), to: pile(2), count: 1 });
    expect(parseMove(state, "12")).toEqual({ from: pile(0), to: pile(1), count: 3 });
    expect(play(state, "12").piles[1]).toEqual(["QD", "JC", "TD", "9S"].map(c));
  });

  it("refuses a count that does not fit", () => {
    expect(whyIllegal(state, { from: pile(0), to: pile(1), count: 2 })).toMatch(/does not fit/);
    expect(whyIllegal(state, { from: pile(0), to: pile(1), count: 6 })).toMatch(/5 face-up cards/);
  });
});

describe("scoring", () => {
  const score = (state: KlondikeState, ...texts: string[]) => play(state, ...texts).score;

  it("follows the standard table: waste to pile 5, waste to a foundation 10, foundation to pile -15", () => {
    const s = position({}, ["9S", "", "", "", "", "", ""], { waste: "8H AS", score: 100 });
    expect(score(s, "wh")).toBe(110);
    expect(score(s, "wh", "w1")).toBe(115);
    const back = position({}, ["9S", "", "", "", "", "", ""], { foundations: [0, 0, 8, 0], score: 100 });
    expect(score(back, "hh1")).toBe(85);
    expect(score(back, "hh1", "1h")).toBe(95);
  });

  it("scores a card to a foundation from a pile 10, plus 5 for the card turned up", () => {
    const s = position({}, ["3C | AD", "", "", "", "", "", ""]);
    expect(score(s, "1h")).toBe(15);
  });

  it("charges 100 for every pass after the first when drawing one, never going below 0", () => {
    const s = position({}, ["KS", "", "", "", "", "", ""], { waste: "2C", score: 150 });
    expect(score(s, "s")).toBe(50);
    expect(score(s, "s", "s", "s")).toBe(0);
  });

  it("charges 20 for every pass after the third when drawing three", () => {
    const s = position({ draw: 3 }, ["KS", "", "", "", "", "", ""], { waste: "2C", score: 100 });
    expect(score(s, "s", "s")).toBe(100);
    expect(score(s, "s", "s", "s", "s")).toBe(100);
    expect(score(s, "s", "s", "s", "s", "s", "s")).toBe(80);
  });

  it("keeps Vegas scores: 5 a card home, -5 a card back, no floor", () => {
    const s = position({ scoring: "vegas" }, ["9S", "", "", "", "", "", ""], {
      waste: "8H",
      foundations: [0, 0, 7, 0],
    });
    expect(s.score).toBe(-52);
    expect(score(s, "wh")).toBe(-47);
    expect(score(s, "wh", "hh1")).toBe(-52);
    expect(score(s, "w1")).toBe(-52);
  });
});

describe("automatic moves", () => {
  it("sends the safe cards home, which depends on whether cards may come back", () => {
    // The 4 of hearts, both black foundations at 3, the diamonds empty: safe only if the 3s stay home.
    const withWorry = position({}, ["4H", "", "", "", "", "", ""], { foundations: [3, 0, 3, 3] });
    expect(autoMoves(withWorry, "safe")).toEqual([]);
    const strict = position({ fromFoundation: false }, ["4H", "", "", "", "", "", ""], {
      foundations: [3, 0, 3, 3],
    });
    expect(autoMoves(strict, "safe")).toEqual([{ from: pile(0), to: foundation(2), count: 1 }]);
    expect(autoMoves(withWorry, "all")).toEqual([{ from: pile(0), to: foundation(2), count: 1 }]);
    expect(autoMoves(withWorry, "none")).toEqual([]);
  });

  it("sends aces and twos home, one after another", () => {
    const s = position({}, ["2S", "AS", "", "", "", "", ""]);
    const moves: KlondikeMove[] = autoMoves(s, "safe");
    expect(moves).toEqual([
      { from: pile(1), to: foundation(3), count: 1 },
      { from: pile(0), to: foundation(3), count: 1 },
    ]);
  });

  it("takes the waste's card under the safe policy only when drawing one with unlimited passes", () => {
    const s = position({}, ["KS", "", "", "", "", "", ""], { waste: "AH" });
    expect(autoMoves(s, "safe")).toHaveLength(1);
    expect(autoMoves(position({ draw: 3 }, ["KS", "", "", "", "", "", ""], { waste: "AH" }), "safe")).toEqual(
      [],
    );
    expect(
      autoMoves(position({ draw: 3 }, ["KS", "", "", "", "", "", ""], { waste: "AH" }), "all"),
    ).toHaveLength(1);
  });
});

it("fixtures: homeAllBut puts every other card home", () => {
  expect(homeAllBut("9S TS JS QS KS KH")).toEqual([13, 13, 12, 8]);
});
