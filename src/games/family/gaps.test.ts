import { describe, expect, it } from "vitest";
import { type Card, parseCard } from "../../cards/card.ts";
import { conformance } from "../patience/testing.ts";
import { emptyTable } from "./deal.ts";
import { apply, type FamilyState, isWon, legalMoves, placeRef, whyIllegal } from "./engine.ts";
import { familyGame } from "./index.ts";
import { familyKey } from "./key.ts";
import { formatMove, parseMove } from "./notation.ts";
import { SOLVITAIRE_PRESETS } from "./presets.ts";
import type { FamilyRules, SequenceRules } from "./rules.ts";
import { piles, quickMove } from "./table.ts";

/** Gaps as family rules: Solvitaire's two presets, and the directions no preset uses. */

const ONE_DEAL = SOLVITAIRE_PRESETS["gaps-one-deal"];
const BASIC = SOLVITAIRE_PRESETS["gaps-basic-variant"];

/** A position of `rules` from rows written as text, `--` a gap, on a deck cut to the rows' length. */
function position(rules: FamilyRules, rows: string[], sequences: Partial<SequenceRules> = {}): FamilyState {
  const cells = rows.map((r) => r.split(" ").map((t): Card | null => (t === "--" ? null : parseCard(t))));
  const cut: FamilyRules = {
    ...rules,
    highestRank: cells[0].length,
    sequences: { ...(rules.sequences as SequenceRules), ...sequences },
  };
  const table = emptyTable(cut);
  table.sequences = cells;
  return { rules: cut, table, base: 1 };
}

const moves = (s: FamilyState) => legalMoves(s).map((m) => formatMove(s, m));

// Rows of five places: cards 2 to 5 of each suit and a gap (the deck cut to the 5, the aces out).
const A = ["2C 3C -- 5C 4D", "2D 4C 3D 5D --", "-- 3H 4H 5H 2S", "2H 3S 4S 5S --"];

describe("Gaps, played by the family engine", () => {
  it("fills a gap with the next card up in suit of the card on its left; the first column takes any 2", () => {
    const s = position(ONE_DEAL, A);
    expect(moves(s).sort()).toEqual(["2C>c1", "2D>c1", "2H>c1", "2S>c1", "4C>a3"]);
    expect(whyIllegal(s, parseMove(s, "4D>a3"))).toMatch(
      /one rank above the three of clubs on its left, in suit/,
    );
    expect(whyIllegal(s, parseMove(s, "3S>c1"))).toMatch(/a gap in the first column takes a two/);
    expect(whyIllegal(s, parseMove(s, "2D>d5"))).toMatch(/nothing goes after a five/);
    expect(whyIllegal(s, parseMove(s, "2D>a2"))).toMatch(/is not a gap/);
  });

  it("with fixed suits, a row's first gap takes only the 2 of its suit (rows clubs, hearts, spades, diamonds)", () => {
    const s = position(BASIC, ["-- 3C 4C 5C 2D", "2C 3H 4H 5H --", "-- 3S 4S 5S 2H", "2S 3D 4D 5D --"]);
    // The 2C leaves the head of row b for row a (clubs); the 2S the head of row d for row c (spades).
    expect(moves(s).sort()).toEqual(["2C>a1", "2S>c1"]);
    expect(whyIllegal(s, parseMove(s, "2D>a1"))).toMatch(/the two of clubs, the suit of row a/);
  });

  it("is won when every row runs from its 2 up in suit with its gap at the end, as Solvitaire and Montana say", () => {
    // Row a of the basic variant is the clubs row, yet a row of hearts there wins too (neither checks the suit).
    const won = position(BASIC, ["2H 3H 4H 5H --", "2C 3C 4C 5C --", "2S 3S 4S 5S --", "2D 3D 4D 5D --"]);
    expect(isWon(won)).toBe(true);
    expect(legalMoves(won)).toEqual([]);
    const gapInside = ["2H 3H -- 4H 5H", "2C 3C 4C 5C --", "2S 3S 4S 5S --", "2D 3D 4D 5D --"];
    expect(isWon(position(ONE_DEAL, gapInside))).toBe(false);
    const outOfOrder = ["2H 3H 4H 5H --", "2C 3C 4C 5C --", "2S 3S 4S 5S --", "2D 4D 3D 5D --"];
    expect(isWon(position(ONE_DEAL, outOfOrder))).toBe(false);
  });

  it("builds right from the last column (the highest rank), or both ways, when the rules say", () => {
    const rows = ["3C 4C -- 5C 2H", "-- 2D 3D 4D 5D", "2C 3H 4H 5H --", "2S 3S 4S 5S --"];
    const fives = (gap: string) => ["5C", "5D", "5H", "5S"].map((c) => `${c}>${gap}`);
    const right = position(ONE_DEAL, rows, { direction: "right" });
    expect(moves(right).sort()).toEqual(["4C>a3", ...fives("c5"), ...fives("d5")].sort());
    expect(whyIllegal(right, parseMove(right, "2H>b1"))).toMatch(/nothing goes before a two/);
    const both = position(ONE_DEAL, rows, { direction: "both" });
    const twos = ["2C", "2D", "2H", "2S"].map((c) => `${c}>b1`);
    expect(moves(both).sort()).toEqual(["4C>a3", "5C>a3", ...twos, ...fives("c5"), ...fives("d5")].sort());
    const leftGaps = ["-- 2C 3C 4C 5C", "-- 2D 3D 4D 5D", "-- 2H 3H 4H 5H", "-- 2S 3S 4S 5S"];
    expect(isWon(position(ONE_DEAL, leftGaps, { direction: "right" }))).toBe(true);
    expect(isWon(position(ONE_DEAL, leftGaps))).toBe(false);
    const mixed = ["-- 2C 3C 4C 5C", "2D 3D 4D 5D --", "-- 2H 3H 4H 5H", "-- 2S 3S 4S 5S"];
    expect(isWon(position(ONE_DEAL, mixed, { direction: "both" }))).toBe(true);
  });

  it("writes a move as Montana does, the card then the gap, and reads a place as the source too", () => {
    const s = position(ONE_DEAL, A);
    const move = { from: placeRef(6), to: placeRef(2), count: 1 };
    expect(formatMove(s, move)).toBe("4C>a3");
    expect(parseMove(s, "4c>a3")).toEqual(move);
    expect(parseMove(s, "b2>a3")).toEqual(move);
    expect(() => parseMove(s, "4C")).toThrow(/a card \(or its place\), > and a gap/);
    expect(() => parseMove(s, "4C>e1")).toThrow(/there is no place e1/);
    expect(() => parseMove(s, "AC>a3")).toThrow(/not in the rows/);
    const after = apply(s, move).table.sequences;
    expect(after[0]).toEqual(["2C", "3C", "4C", "5C", "4D"].map(parseCard));
    expect(after[1]).toEqual([parseCard("2D"), null, parseCard("3D"), parseCard("5D"), null]);
  });

  it("counts rows in any order as one position, unless their suits are fixed", () => {
    const swapped = [A[1], A[0], A[2], A[3]];
    expect(familyKey(position(ONE_DEAL, A))).toBe(familyKey(position(ONE_DEAL, swapped)));
    expect(familyKey(position(BASIC, A))).not.toBe(familyKey(position(BASIC, swapped)));
  });

  it("shows each place under its key, a gap saying what it takes, and a click on a gap fills it", () => {
    const s = position(ONE_DEAL, A);
    const view = piles(s, "player");
    expect(view.map((p) => p.key)).toEqual(
      ["a", "b", "c", "d"].flatMap((r) => [1, 2, 3, 4, 5].map((k) => `${r}${k}`)),
    );
    expect(view[2].takes).toBe("the card one rank above the three of clubs in suit");
    expect(view[10].takes).toBe("a two");
    expect(view[9].takes).toBe("nothing");
    const click = quickMove(s, placeRef(2));
    expect("move" in click && formatMove(s, click.move)).toBe("4C>a3");
  });
});

// The contract on one-deal Gaps (the basic variant differs only in its first column: see the tests above and
// specialised.test.ts). One deal, a short game: the gestures alone are 52 x 52 drags a position.
describe("gaps-one-deal keeps the platform's contract", () => {
  conformance(familyGame("gaps-one-deal", "Gaps", ONE_DEAL), {
    deals: [1],
    playouts: { games: 1, moves: 3 },
  });
});
