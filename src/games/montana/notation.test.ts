import { describe, expect, it } from "vitest";
import { parseCard } from "../../cards/card.ts";
import { dealMontana } from "./index.ts";
import { formatMove, parseMove } from "./notation.ts";
import { DEFAULT_RULES } from "./rules.ts";

const s = dealMontana(1, DEFAULT_RULES, "solvitaire");

describe("Montana notation", () => {
  it("names the card and the gap it fills, rows a-d and columns 1-13", () => {
    expect(formatMove(s, { kind: "card", card: parseCard("5H"), to: 13 + 6 })).toBe("5H>b7");
    expect(formatMove(s, { kind: "card", card: parseCard("2C"), to: 0 })).toBe("2C>a1");
    expect(formatMove(s, { kind: "card", card: parseCard("TD"), to: 3 * 13 + 12 })).toBe("TD>d13");
    expect(formatMove(s, { kind: "redeal" })).toBe("r");
  });

  it("reads moves in either case, tens as T or 10, and a redeal as r", () => {
    expect(parseMove(s, "5H>b7")).toEqual({ kind: "card", card: parseCard("5H"), to: 19 });
    expect(parseMove(s, " 10d > D13 ")).toEqual({ kind: "card", card: parseCard("TD"), to: 51 });
    expect(parseMove(s, "R")).toEqual({ kind: "redeal" });
  });

  it("refuses text that is not a move, saying what a move looks like", () => {
    for (const [text, why] of [
      ["5H", /a card, > and a place/],
      ["5H>e1", /row a-d and a column 1-13/],
      ["5H>a14", /column 1-13/],
      ["5H>a0", /column 1-13/],
      ["5X>a1", /unknown suit/],
      ["5H>a1>b2", /a card, > and a place/],
    ] as const) {
      expect(() => parseMove(s, text)).toThrow(expect.objectContaining({ code: "bad_notation" }));
      expect(() => parseMove(s, text)).toThrow(why);
    }
  });
});
