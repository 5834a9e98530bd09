import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { perftCounts } from "../patience/perft.ts";
import { fromJson } from "./board-text.ts";
import { klondike } from "./index.ts";

interface Entry {
  name: string;
  how: string;
  rules: { draw: number; passes: number | null; fromFoundation: boolean };
  depth: number;
  board: unknown;
  perft: number[];
}

const data = JSON.parse(
  readFileSync(new URL("../../../test/data/klondike-perft.json", import.meta.url), "utf8"),
) as {
  positions: Entry[];
};

describe("perft: the move generator against counts computed apart (test/data/klondike-perft.py)", () => {
  for (const entry of data.positions) {
    it(`${entry.name}: ${entry.how}`, () => {
      const state = fromJson(entry.board, klondike.rules.make(entry.rules));
      expect(perftCounts(klondike, state, entry.depth)).toEqual(entry.perft);
    });
  }

  it("starts from the numbered deals it names", () => {
    const first = data.positions.find((e) => e.name === "solvitaire-1") as Entry;
    const dealt = klondike.deal(1, klondike.rules.make(first.rules), "solvitaire");
    expect(fromJson(first.board, dealt.rules)).toEqual(dealt);
  });
});
