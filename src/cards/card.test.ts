import fc from "fast-check";
import { describe, expect, it } from "vitest";
import {
  CardParseError,
  card,
  cardName,
  formatCard,
  formatCardSymbol,
  HEARTS,
  isRed,
  orderedDeck,
  parseCard,
  rankOf,
  SPADES,
  suitOf,
} from "./card.ts";

describe("cards", () => {
  it("encodes rank and suit in Microsoft deck order", () => {
    expect(orderedDeck().slice(0, 5).map(formatCard)).toEqual(["AC", "AD", "AH", "AS", "2C"]);
    expect(formatCard(51)).toBe("KS");
    expect(card(10, HEARTS)).toBe(parseCard("TH"));
    expect(rankOf(parseCard("QS"))).toBe(12);
    expect(suitOf(parseCard("QS"))).toBe(SPADES);
  });

  it("reads every text form of a card", () => {
    for (const text of ["TH", "10h", "T♥", "th", "10H", " TH "])
      expect(formatCard(parseCard(text))).toBe("TH");
    expect(formatCard(parseCard("a♠"))).toBe("AS");
    expect(formatCardSymbol(parseCard("TH"))).toBe("T♥");
    expect(cardName(parseCard("TH"))).toBe("ten of hearts");
  });

  it("round-trips all 52 cards through every form", () => {
    for (const c of orderedDeck()) {
      expect(parseCard(formatCard(c))).toBe(c);
      expect(parseCard(formatCardSymbol(c))).toBe(c);
    }
  });

  it("says red for hearts and diamonds only", () => {
    expect(
      orderedDeck()
        .filter(isRed)
        .map(formatCard)
        .join("")
        .replace(/[^CDHS]/g, ""),
    ).toMatch(/^(DH)+$/);
  });

  it("explains what is wrong with a bad card", () => {
    expect(() => parseCard("1H")).toThrow('"1H": unknown rank "1" (did you mean A or T?)');
    expect(() => parseCard("TX")).toThrow(/unknown suit "X"/);
    expect(() => parseCard("")).toThrow(CardParseError);
    expect(() => parseCard("H")).toThrow(/a rank and a suit/);
    expect(() => parseCard("11S")).toThrow(/unknown rank "11"/);
  });

  it("issue 15: look-alike letters were read as suits and ranks (6ſ as 6S, the Kelvin sign as K)", () => {
    expect(() => parseCard("6ſ")).toThrow('"6ſ": unknown suit "ſ" (use C, D, H or S)');
    expect(() => parseCard("\u212aS")).toThrow(/unknown rank "\u212a"/);
    expect(() => parseCard("Kſ")).toThrow(CardParseError);
    expect(() => parseCard("ＫＳ")).toThrow(CardParseError);
    expect(formatCard(parseCard("ks"))).toBe("KS");
    expect(formatCard(parseCard("K♤"))).toBe("KS");
  });

  it("names a long token once, cut, and never quotes a control character", () => {
    const error = (() => {
      try {
        parseCard(`\x1b]2;PWNED\x07${"K".repeat(1000)}`);
      } catch (e) {
        return e as CardParseError;
      }
      throw new Error("accepted");
    })();
    expect(error.message).toMatch(/^"\\x1b\]2;PWNED\\x07K+…" \(1010 characters\): too long for a card/);
    expect(error.reason).toBe("too long for a card: a rank and a suit, like TH or 10h");
    expect(error.message).not.toContain("\x1b");
  });

  it("never crashes on arbitrary text: a card or a CardParseError", () => {
    fc.assert(
      fc.property(fc.string(), (text) => {
        try {
          const c = parseCard(text);
          expect(c).toBeGreaterThanOrEqual(0);
          expect(c).toBeLessThan(52);
        } catch (error) {
          expect(error).toBeInstanceOf(CardParseError);
        }
      }),
    );
  });
});
