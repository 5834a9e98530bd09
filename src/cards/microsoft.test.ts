import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { formatCard } from "./card.ts";
import { DealNumberError, MAX_MICROSOFT_DEAL, microsoftCascades, microsoftDealOrder } from "./microsoft.ts";

const rows = (deal: number) => microsoftCascades(deal).map((col) => col.map(formatCard).join(" "));

describe("Microsoft numbering", () => {
  it("deals deal 1 as Windows FreeCell does", () => {
    const order = microsoftDealOrder(1).map(formatCard);
    expect(order.slice(0, 8).join(" ")).toBe("JD 2D 9H JC 5D 7H 7C 5H");
    expect(order.slice(48).join(" ")).toBe("6S 9C 2H 6H");
    expect(rows(1)[0]).toBe("JD KD 2S 4C 3S 6D 6S");
  });

  it("deals 11982 as the paper prints it, with TH and 8H swapped back", () => {
    const board = readFileSync(new URL("../../test/data/11982-th-8h-swapped.board", import.meta.url), "utf8")
      .trim()
      .split("\n")
      .map((line) => line.replace(/TH/g, "XX").replace(/8H/g, "TH").replace(/XX/g, "8H"));
    expect(rows(11982)).toEqual(board);
  });

  // First cascades as fc-solve 5.0's make-microsoft-freecell-board prints them, across all three ranges.
  it.each([
    [2647, "KH 7D 6C TC 2D JH 8S"],
    [2 ** 31, "QH 3H 7D 4D TS QD 6D"],
    [3_000_000_000, "8D TS JS TD JH JD JC"],
    [2 ** 32 - 1, "JS QH TC 7S KC 3H QS"],
    [2 ** 32, "TS 3S KC 4H 9H 3H 4D"],
    [2 ** 32 + 5, "AS 5D 6C TD QD 2S 4S"],
    [6_000_000_000, "2D 2C QS 8D KD 8C 4C"],
    [MAX_MICROSOFT_DEAL, "TC 8S 8C 6C 5H 5C 9C"],
  ])("deals %d as fc-solve does", (deal, first) => {
    expect(rows(deal)[0]).toBe(first);
  });

  it("deals a permutation of the deck for numbers across the whole range", () => {
    for (const deal of [
      1,
      2,
      32000,
      2 ** 31 - 1,
      2 ** 31,
      2 ** 32 - 1,
      2 ** 32,
      2 ** 32 + 1,
      MAX_MICROSOFT_DEAL,
    ]) {
      const order = microsoftDealOrder(deal);
      expect(new Set(order).size).toBe(52);
      expect(Math.min(...order)).toBe(0);
      expect(Math.max(...order)).toBe(51);
    }
  });

  it("gives different deals to the three ranges' first numbers", () => {
    const a = microsoftDealOrder(2 ** 31 - 1).join();
    const b = microsoftDealOrder(2 ** 31).join();
    const c = microsoftDealOrder(2 ** 32).join();
    expect(new Set([a, b, c]).size).toBe(3);
  });

  it("is exact arithmetic: deal 2^32 + N draws differ from deal N (16-bit draws plus one)", () => {
    expect(microsoftDealOrder(2 ** 32 + 1).join()).not.toBe(microsoftDealOrder(1).join());
  });

  it("refuses numbers outside 1 .. 2^33 - 1", () => {
    for (const bad of [0, -1, 1.5, MAX_MICROSOFT_DEAL + 1, Number.NaN]) {
      expect(() => microsoftDealOrder(bad)).toThrow(DealNumberError);
    }
  });
});
