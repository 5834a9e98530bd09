import { describe, expect, it } from "vitest";
import { type Card, parseCard } from "../../cards/card.ts";
import { parseBoard } from "./board-text.ts";
import { dealMontana, montana } from "./index.ts";
import {
  applyMove,
  DEFAULT_RULES,
  isWon,
  legalMoves,
  type MontanaMove,
  type MontanaRules,
  type MontanaState,
  redeal,
  runLength,
  whyIllegal,
} from "./rules.ts";

const c = (text: string): Card => parseCard(text);
const rules = (r: Partial<MontanaRules> = {}): MontanaRules => montana.rules.make(r);
const move = (card: string, to: number): MontanaMove => ({ kind: "card", card: c(card), to });
const names = (state: MontanaState) => legalMoves(state).map((m) => montana.notation.format(state, m));

/** A won game with the gaps moved: rows clubs, diamonds, hearts, spades. */
const WON = [
  "2C 3C 4C 5C 6C 7C 8C 9C TC JC QC KC --",
  "2D 3D 4D 5D 6D 7D 8D 9D TD JD QD KD --",
  "2H 3H 4H 5H 6H 7H 8H 9H TH JH QH KH --",
  "2S 3S 4S 5S 6S 7S 8S 9S TS JS QS KS --",
].join("\n");

describe("Montana rules", () => {
  it("a gap in the first column takes a 2 from anywhere but the head of a row", () => {
    const s = parseBoard(
      [
        "-- 3C 4C 5C 6C 7C 8C 9C TC JC QC KC 2D",
        "2C 3D 4D 5D 6D 7D 8D 9D TD JD QD KD --",
        "2H 3H 4H 5H 6H 7H 8H 9H TH JH QH KH --",
        "2S 3S 4S 5S 6S 7S 8S 9S TS JS QS KS --",
      ].join("\n"),
      DEFAULT_RULES,
    );
    expect(names(s)).toEqual(["2D>a1"]);
    expect(whyIllegal(s, move("2C", 0))).toMatch(/heads row b and stays there/);
    expect(whyIllegal(s, move("3D", 0))).toMatch(/takes a 2/);
    // Free twos: the 2s heading rows b, c and d may move too.
    const free = { ...s, rules: rules({ freeTwos: true }) };
    expect(names(free)).toEqual(["2C>a1", "2D>a1", "2H>a1", "2S>a1"]);
  });

  it("any other gap takes the next card of the suit on its left; nothing after a king or a gap", () => {
    const s = parseBoard(
      [
        "2C 3C 4C -- 6C 7C 8C 9C TC JC QC KC 5C",
        "2D 3D 4D 5D 6D 7D 8D 9D TD JD QD KD --",
        "2H 3H 4H 5H 6H 7H 8H 9H TH JH QH KH --",
        "2S 3S 4S 5S 6S 7S 8S 9S TS JS QS KS --",
      ].join("\n"),
      DEFAULT_RULES,
    );
    expect(names(s)).toEqual(["5C>a4"]);
    expect(whyIllegal(s, move("6C", 3))).toMatch(/takes the five of clubs/);
    expect(whyIllegal(s, move("5C", 25))).toMatch(/after a king/);
    const after = applyMove(s, move("5C", 3));
    // The gap left at a13 follows the king of clubs: dead. Nothing is left to play, and the game is won.
    expect(names(after)).toEqual([]);
    expect(isWon(after)).toBe(true);
    const gapAfterGap = parseBoard(
      [
        "2C 3C 4C -- -- 7C 8C 9C TC JC QC KC 5C",
        "2D 3D 4D 5D 6D 7D 8D 9D TD JD QD KD 6C",
        "2H 3H 4H 5H 6H 7H 8H 9H TH JH QH KH --",
        "2S 3S 4S 5S 6S 7S 8S 9S TS JS QS KS --",
      ].join("\n"),
      DEFAULT_RULES,
    );
    expect(names(gapAfterGap)).toEqual(["5C>a4"]);
    expect(whyIllegal(gapAfterGap, move("6C", 4))).toMatch(/after a gap/);
  });

  it("is won only when each row runs 2 to king in one suit with its gap at the end", () => {
    const won = parseBoard(WON, DEFAULT_RULES);
    expect(isWon(won)).toBe(true);
    expect(legalMoves(won)).toEqual([]);
    const swapped = parseBoard(WON.replace("KC --", "-- KC"), DEFAULT_RULES);
    expect(isWon(swapped)).toBe(false);
  });

  it("fixed suits: a row's first gap takes only its own 2, from anywhere (row a clubs, b hearts, c spades, d diamonds)", () => {
    const s = parseBoard(
      [
        "2H 3C 4C 5C 6C 7C 8C 9C TC JC QC KC 2C",
        "-- 3H 4H 5H 6H 7H 8H 9H TH JH QH KH 2D",
        "-- 3S 4S 5S 6S 7S 8S 9S TS JS QS KS 2S",
        "-- 3D 4D 5D 6D 7D 8D 9D TD JD QD KD --",
      ].join("\n"),
      rules({ fixedSuits: true }),
    );
    expect(names(s)).toEqual(["2H>b1", "2S>c1", "2D>d1"]);
    expect(whyIllegal(s, move("2C", 13))).toMatch(/hearts row/);
    // Without fixed suits any 2 not heading a row goes to any first-column gap.
    expect(names({ ...s, rules: DEFAULT_RULES })).toEqual([
      "2C>b1",
      "2D>b1",
      "2S>b1",
      "2C>c1",
      "2D>c1",
      "2S>c1",
      "2C>d1",
      "2D>d1",
      "2S>d1",
    ]);
  });

  it("measures runs from the first column", () => {
    expect(runLength([c("2H"), c("3H"), c("4H"), c("6H"), null])).toBe(3);
    expect(runLength([c("3H"), c("4H")])).toBe(0);
    expect(runLength([null, c("2H")])).toBe(0);
    expect(runLength([c("2S"), c("3H")])).toBe(1);
  });

  it("throws an illegal_move error with the reason, and leaves the position as it was", () => {
    const s = dealMontana(1, DEFAULT_RULES, "solvitaire");
    const copy = structuredClone(s);
    expect(() => applyMove(s, move("KS", 1))).toThrow(expect.objectContaining({ code: "illegal_move" }));
    expect(s).toEqual(copy);
  });
});

describe("Montana redeals", () => {
  const r2 = rules({ redeals: 2 });

  it("gathers the cards not in place with the aces, shuffles them from the seed and deals them again", () => {
    const s = parseBoard(
      [
        "2C 3C 4C 9D 6C 7C 8C 9C TC JC QC KC --",
        "5C 2D 3D 4D 5D 6D 7D 8D -- TD JD QD KD",
        "2H 3H 4H 5H 6H 7H 8H 9H TH JH QH KH --",
        "2S 3S 4S 5S 6S 7S 8S 9S TS JS QS KS --",
      ].join("\n"),
      r2,
    );
    const after = redeal(s);
    expect(after.redealsLeft).toBe(1);
    expect(after.seed).not.toBe(s.seed);
    // Runs from the first column stay: 2C..4C in row a, 2H..KH and 2S..KS; the places after them are dealt to (even
    // the one after a whole row's king).
    expect(after.rows[0].slice(0, 3)).toEqual(s.rows[0].slice(0, 3));
    expect(after.rows[2].slice(0, 12)).toEqual(s.rows[2].slice(0, 12));
    expect(after.rows[3].slice(0, 12)).toEqual(s.rows[3].slice(0, 12));
    expect(after.rows[1]).not.toEqual(s.rows[1]);
    // Every other place holds a card of the gathered ones or a gap (an ace), each once, four gaps in all.
    const flat = after.rows.flat();
    expect(flat.filter((x) => x === null)).toHaveLength(4);
    expect(new Set(flat.filter((x) => x !== null)).size).toBe(48);
    // The same seed gives the same redeal; another seed (almost surely) another.
    expect(redeal(s)).toEqual(after);
    expect(redeal({ ...s, seed: s.seed + 1 }).rows).not.toEqual(after.rows);
  });

  it("replays: a numbered deal with redeals gives the same game every time, and the redeal is a move", () => {
    const a = dealMontana(7, r2, "microsoft");
    const b = dealMontana(7, r2, "microsoft");
    expect(a).toEqual(b);
    expect(a.seed).not.toBe(dealMontana(8, r2, "microsoft").seed);
    expect(a.seed).not.toBe(dealMontana(7, r2, "solvitaire").seed);
    expect(legalMoves(a).at(-1)).toEqual({ kind: "redeal" });
    const once = applyMove(a, { kind: "redeal" });
    const twice = applyMove(once, { kind: "redeal" });
    expect(twice.redealsLeft).toBe(0);
    expect(whyIllegal(twice, { kind: "redeal" })).toMatch(/no redeal is left/);
    expect(applyMove(applyMove(b, { kind: "redeal" }), { kind: "redeal" })).toEqual(twice);
    expect(whyIllegal(dealMontana(7, DEFAULT_RULES, "microsoft"), { kind: "redeal" })).toMatch(/no redeal/);
  });

  it("pins the redeal shuffle of deal 1 (a change to it would change every saved game)", () => {
    const s = dealMontana(1, rules({ redeals: 1 }), "solvitaire");
    const after = applyMove(s, { kind: "redeal" });
    expect(montana.board.format(after)).toMatchInlineSnapshot(`
      "8D 5D 2C 8C JS 9C QS 3D 6H 5C 7H QH 7D
      6C 7C 2H 2S KC QD 4D TS -- 5S 9D TD 7S
      TH 9S 4H 4C KH JD 8H 3S 3C QC JC 6S KD
      TC KS 2D 8S JH -- 5H 4S -- 3H 9H -- 6D
      redeals 0 seed 3995646228
      "
    `);
  });
});
