import { describe, expect, it } from "vitest";
import { parseCard } from "../../cards/card.ts";
import { parseBoard } from "./board-text.ts";
import { dealMontana, montana } from "./index.ts";
import { DEFAULT_RULES, type MontanaState } from "./rules.ts";
import { describe as describeMove, intent, key, lift, piles, quickMove } from "./table.ts";

const place = (index: number) => ({ kind: "place" as const, index });
const s1 = dealMontana(1, DEFAULT_RULES, "solvitaire");
// 6H -- QS 2D 4S TH 2H QD 3C -- 8S 8D JH
// KS 2S 3S 4D 9C 3H 3D 4C 8H KD JC 6D KH
// TC 4H -- KC 5S 6C 6S 9D JS 8C 7S 2C --
// QH QC 5C 7C 7D TS 9S 5D TD 5H 7H 9H JD

describe("Montana table", () => {
  it("shows 52 places, a card or a gap each, and what each gap takes", () => {
    const views = piles(s1, "player");
    expect(views).toHaveLength(52);
    expect(views[0]).toMatchObject({ ref: place(0), label: "row a, place 1", key: "a1", fan: "stack" });
    expect(views[0].cards).toEqual([{ card: parseCard("6H"), faceUp: true }]);
    expect(views[1]).toMatchObject({ cards: [], takes: "the seven of hearts" });
    expect(views[9]).toMatchObject({ cards: [], takes: "the four of clubs" });
    expect(views[26 + 2]).toMatchObject({ cards: [], takes: "the five of hearts" });
    expect(views[26 + 12]).toMatchObject({ cards: [], takes: "the three of clubs" });
    const dead = parseBoard(
      [
        "-- 3C 4C 5C 6C 7C 8C 9C TC JC QC KC --",
        "2C 3D 4D 5D 6D 7D 8D 9D TD JD QD KD 2D",
        "2H 3H 4H 5H 6H 7H 8H 9H TH JH QH KH --",
        "2S 3S 4S 5S 6S 7S 8S 9S TS JS QS -- KS",
      ].join("\n"),
      montana.rules.make({ fixedSuits: true }),
    );
    const deadViews = piles(dead, "player");
    expect(deadViews[0].takes).toBe("the two of clubs");
    expect(deadViews[12].takes).toBe("nothing");
    expect(deadViews[39 + 11].takes).toBe("the king of spades");
  });

  it("turns a drag from a card to a gap into the move, or says why not", () => {
    expect(intent(s1, place(39 + 9), place(26 + 2))).toEqual({
      move: { kind: "card", card: parseCard("5H"), to: 28 },
    });
    const no = intent(s1, place(0), place(1));
    expect("reason" in no && no.reason).toMatch(/^The gap at a2 takes the seven of hearts/);
    const full = intent(s1, place(0), place(2));
    expect("reason" in full && full.reason).toMatch(/^Place a3 holds the queen of spades/);
    const empty = intent(s1, place(1), place(2));
    expect("reason" in empty && empty.reason).toMatch(/^There is no card at row a, place 2/);
  });

  it("moves a clicked card to its gap, and fills a clicked gap with its card", () => {
    expect(quickMove(s1, place(39 + 9))).toEqual({
      move: { kind: "card", card: parseCard("5H"), to: 28 },
    });
    expect(quickMove(s1, place(28))).toEqual({ move: { kind: "card", card: parseCard("5H"), to: 28 } });
    const stuck = quickMove(s1, place(0));
    expect("reason" in stuck && stuck.reason).toMatch(/^The six of hearts has no gap to go to/);
    // A first-column gap with several 2s to take: the first 2 in row order.
    const heads = parseBoard(
      [
        "-- 3C 4C 5C 6C 7C 8C 9C TC JC QC KC 2D",
        "2S 3D 4D 5D 6D 7D 8D 9D TD JD QD KD --",
        "2H 3H 4H 5H 6H 7H 8H 9H TH JH QH KH --",
        "2C 3S 4S 5S 6S 7S 8S 9S TS JS QS KS --",
      ].join("\n"),
      montana.rules.make({ freeTwos: true }),
    );
    expect(quickMove(heads, place(0))).toEqual({ move: { kind: "card", card: parseCard("2D"), to: 0 } });
    expect(quickMove(heads, place(13))).toEqual({ move: { kind: "card", card: parseCard("2S"), to: 0 } });
  });

  it("lets a player lift a card only when it has a gap to go to", () => {
    expect(lift(s1, place(48), 0)).toBe(1);
    expect(lift(s1, place(0), 0)).toBe(0);
    expect(lift(s1, place(1), 0)).toBe(0);
  });

  it("describes moves in words", () => {
    expect(describeMove(s1, { kind: "card", card: parseCard("5H"), to: 28 })).toBe(
      "the five of hearts to row c, place 3 (after the four of hearts)",
    );
    const withRedeal: MontanaState = { ...s1, rules: montana.rules.make({ redeals: 2 }), redealsLeft: 2 };
    expect(describeMove(withRedeal, { kind: "redeal" })).toMatch(/1 redeal left after it/);
  });

  it("keys positions alike when their rows are in another order, unless the rows' order matters", () => {
    const swapped: MontanaState = { ...s1, rows: [s1.rows[2], s1.rows[0], s1.rows[3], s1.rows[1]] };
    expect(key(swapped)).toBe(key(s1));
    const fixed = montana.rules.make({ fixedSuits: true });
    expect(key({ ...swapped, rules: fixed })).not.toBe(key({ ...s1, rules: fixed }));
    const redeals = montana.rules.make({ redeals: 1 });
    expect(key({ ...swapped, rules: redeals, redealsLeft: 1 })).not.toBe(
      key({ ...s1, rules: redeals, redealsLeft: 1 }),
    );
  });
});
