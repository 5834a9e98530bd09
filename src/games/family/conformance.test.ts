import { describe } from "vitest";
import { conformance } from "../patience/testing.ts";
import { FAMILY_GAMES } from "./index.ts";

/** Every game of the family engine keeps the contract: a few deals and short random games each, to stay quick. */
for (const game of FAMILY_GAMES) {
  const rules = game.rules.defaults;
  const deck: number[] = [];
  for (let copy = 0; copy < rules.decks; copy++) for (let c = 0; c < rules.highestRank * 4; c++) deck.push(c);
  describe(`${game.title} conformance`, () => {
    conformance(game, { deals: [1, 2], playouts: { games: 1, moves: 30 }, deck });
  });
}
