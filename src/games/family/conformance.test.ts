import { describe } from "vitest";
import { conformance } from "../patience/testing.ts";
import { FAMILY_GAMES } from "./index.ts";
import { copiesOf } from "./rules.ts";

/** Every game of the family engine keeps the contract: a few deals and short random games each, to stay quick. */
for (const game of FAMILY_GAMES) {
  const rules = game.rules.defaults;
  // Every card as often as the deck holds it (Spider with one suit: each spade eight times).
  const deck: number[] = [];
  for (let c = 0; c < 52; c++) for (let k = 0; k < copiesOf(rules, c); k++) deck.push(c);
  describe(`${game.title} conformance`, () => {
    conformance(game, { deals: [1, 2], playouts: { games: 1, moves: 30 }, deck });
  });
}
