import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { perftCounts } from "../patience/perft.ts";
import { FAMILY_GAMES, type FamilyGame } from "./index.ts";

/** A deal (`deal`) or a position made by hand to reach rarer rules (`name`, `how`, and `deal` null). */
interface Entry {
  game: string;
  deal?: number;
  name?: string;
  how?: string;
  depth: number;
  board: unknown;
  perft: number[];
}

const data = JSON.parse(
  readFileSync(new URL("../../../test/data/family-perft.json", import.meta.url), "utf8"),
) as { positions: Entry[] };

const gameOf = (id: string): FamilyGame => {
  const game = FAMILY_GAMES.find((g) => g.id === id);
  if (!game) throw new Error(`no family game ${id}`);
  return game;
};

describe("perft: the family engine's moves against counts computed apart (test/data/family-perft.py)", () => {
  for (const entry of data.positions) {
    const title = entry.name ? `${entry.name}: ${entry.how}` : `deal ${entry.deal}`;
    it(`${entry.game} ${title}, depths 1 to ${entry.depth}`, () => {
      const game = gameOf(entry.game);
      const state = game.board.fromJson(entry.board, game.rules.defaults);
      expect(perftCounts(game, state, entry.depth)).toEqual(entry.perft);
    });
  }

  it("starts from the numbered deals it names", () => {
    const deals = data.positions.filter((e) => !e.name);
    expect(deals.length).toBe(15);
    for (const entry of deals) {
      const game = gameOf(entry.game);
      const dealt = game.deal(entry.deal as number, game.rules.defaults, "solvitaire");
      expect(game.board.fromJson(entry.board, dealt.rules)).toEqual(dealt);
    }
  });
});
