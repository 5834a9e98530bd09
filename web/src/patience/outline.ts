import type { Card } from "../../../src/cards/card.ts";
import type { AnyPatienceGame, PileRef } from "../../../src/games/patience/contract.ts";

type State = { rules: unknown };

/** Where a move goes on the table: the pile it leaves, the pile it reaches, and the cards it carries. */
export interface Outline {
  /** Undefined when the cards come from several piles (Montana's redeal). */
  from?: PileRef;
  to?: PileRef;
  cards: Card[];
}

const pileId = (ref: PileRef) => `${ref.kind}-${ref.index}`;

/**
 * A move's outline, found through the contract alone: the move is applied, and the cards that changed piles
 * tell where it starts and ends. The table marks a hint with it (the card and its destination) and animates
 * cards that appear from hiding (turned from the stock) from the pile the move left.
 */
export function moveOutline(game: AnyPatienceGame, state: State, move: unknown): Outline {
  const after = game.apply(state, move);
  const where = new Map<Card, PileRef>();
  for (const pile of game.piles(state, "solver")) {
    for (const view of pile.cards) if (view.card !== null) where.set(view.card, pile.ref);
  }
  const sources = new Map<string, PileRef>();
  const dests = new Map<string, PileRef>();
  const cards: Card[] = [];
  for (const pile of game.piles(after, "solver")) {
    for (const view of pile.cards) {
      if (view.card === null) continue;
      const was = where.get(view.card);
      if (was && pileId(was) === pileId(pile.ref)) continue;
      cards.push(view.card);
      if (was) sources.set(pileId(was), was);
      dests.set(pileId(pile.ref), pile.ref);
    }
  }
  return {
    ...(sources.size === 1 ? { from: [...sources.values()][0] } : {}),
    ...(dests.size === 1 ? { to: [...dests.values()][0] } : {}),
    cards,
  };
}
