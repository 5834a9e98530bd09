import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { type Card, formatCard } from "../card.ts";
import { microsoftCascades } from "../microsoft.ts";
import { DealNumberError, type DealShape, dealCards } from "./layout.ts";
import { boostUniform, Mt19937, solvitaireDeck } from "./solvitaire.ts";

interface Printed {
  game: string;
  seed: number;
  tableau?: string[][];
  reserve?: string[];
  stock?: string[];
  rows?: (string | null)[][];
}

const PRINTED = JSON.parse(
  readFileSync(new URL("../../../test/data/solvitaire-numbered-deals.json", import.meta.url), "utf8"),
) as Printed[];

/** Solvitaire writes tens as 10. */
const text = (c: Card | null) => (c === null ? null : formatCard(c).replace(/^T/, "10"));

const SHAPES: Record<string, DealShape> = {
  klondike: { piles: [1, 2, 3, 4, 5, 6, 7], diagonal: true, stock: 24 },
  "king-albert": { piles: [1, 2, 3, 4, 5, 6, 7, 8, 9], diagonal: true, reserve: 7 },
  montana: { montana: true },
};

describe("Solvitaire numbering", () => {
  it("runs std::mt19937 as the C++ standard defines it (10000th output of the default seed)", () => {
    const engine = new Mt19937(5489);
    let last = 0;
    for (let i = 0; i < 10000; i++) last = engine.next();
    expect(last).toBe(4123659995);
  });

  it("draws uniformly in 0..high and never beyond", () => {
    const engine = new Mt19937(7);
    const seen = new Array(5).fill(0);
    for (let i = 0; i < 5000; i++) seen[boostUniform(engine, 4)]++;
    for (const n of seen) expect(n).toBeGreaterThan(800);
  });

  it("shuffles a permutation of the deck", () => {
    for (const deal of [0, 1, 2, 1000, 2 ** 32 - 1]) {
      expect(
        solvitaireDeck(deal)
          .slice()
          .sort((a, b) => a - b),
      ).toEqual([...Array(52).keys()]);
    }
  });

  it.each(PRINTED.map((p) => [p.game, p.seed, p] as const))(
    "deals %s %d as Solvitaire prints it",
    (game, seed, p) => {
      const dealt = dealCards(seed, "solvitaire", SHAPES[game]);
      if (p.tableau) expect(dealt.piles.map((pile) => pile.map(text))).toEqual(p.tableau);
      if (p.reserve) expect(dealt.reserve.map(text)).toEqual(p.reserve);
      if (p.stock) expect(dealt.stock.map(text)).toEqual(p.stock);
      if (p.rows) expect(dealt.rows.map((row) => row.map(text))).toEqual(p.rows);
    },
  );
});

describe("Microsoft numbering laid out for any game", () => {
  it("deals FreeCell's cascades as Windows does", () => {
    const dealt = dealCards(617, "microsoft", { piles: [7, 7, 7, 7, 6, 6, 6, 6] });
    expect(dealt.piles).toEqual(microsoftCascades(617));
  });

  it("fills triangular piles row by row, then the reserve and the stock", () => {
    const dealt = dealCards(1, "microsoft", { piles: [1, 2, 3, 4, 5, 6, 7], stock: 24 });
    expect(dealt.piles.map((p) => p.length)).toEqual([1, 2, 3, 4, 5, 6, 7]);
    expect(dealt.stock).toHaveLength(24);
    const all = [...dealt.piles.flat(), ...dealt.stock].sort((a, b) => a - b);
    expect(all).toEqual([...Array(52).keys()]);
  });

  it("lays Montana out row by row with the aces taken out", () => {
    const dealt = dealCards(5, "microsoft", { montana: true });
    expect(dealt.rows.map((r) => r.length)).toEqual([13, 13, 13, 13]);
    expect(dealt.rows.flat().filter((c) => c === null)).toHaveLength(4);
  });

  it("refuses numbers outside each numbering", () => {
    expect(() => dealCards(0, "microsoft", { montana: true })).toThrow(DealNumberError);
    expect(() => dealCards(2 ** 32, "solvitaire", { montana: true })).toThrow(/0 to 4294967295/);
    expect(() => dealCards(1.5, "solvitaire", { montana: true })).toThrow(DealNumberError);
  });
});
