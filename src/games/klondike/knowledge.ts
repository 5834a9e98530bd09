import type { Card } from "../../cards/card.ts";
import { type PlayerKnowledge, type SeenPosition, UNSEEN } from "../patience/knowledge.ts";
import type { KlondikeState } from "./rules.ts";

/**
 * What a Klondike player knows (the platform's model in src/games/patience/knowledge.ts: a perfect memory of
 * every move watched). Unseen: the face-down cards of the piles, and the stock's cards while the first pass is
 * under way (none of them has been turned yet). The waste's cards were each seen as they were turned, in order,
 * drawing one or three; so once the waste has been turned over into the stock (`recycles` > 0), the stock's
 * order is known card by card, and only face-down cards stay unseen. Everything else lies face up.
 *
 * The unseen places, in the order `fill` takes cards: each pile's face-down cards from pile 1, bottom card
 * first, then (in the first pass) the stock, bottom card first.
 */

/** Whether the player has seen the stock's cards: every one was turned in an earlier pass. */
export const stockSeen = (state: KlondikeState): boolean => state.recycles > 0;

export function seen(state: KlondikeState): SeenPosition<KlondikeState> {
  const unseen: Card[] = [];
  const piles = state.piles.map((cards, p) =>
    cards.map((c, i) => {
      if (i >= state.faceDown[p]) return c;
      unseen.push(c);
      return UNSEEN;
    }),
  );
  let stock = state.stock;
  if (!stockSeen(state)) {
    unseen.push(...stock);
    stock = stock.map(() => UNSEEN);
  }
  const position: KlondikeState = {
    ...state,
    piles,
    faceDown: state.faceDown.slice(),
    stock: stock.slice(),
    waste: state.waste.slice(),
    foundations: state.foundations.slice(),
  };
  return { position, unseen: unseen.sort((a, b) => a - b) };
}

export function fill(view: SeenPosition<KlondikeState>, cards: readonly Card[]): KlondikeState {
  const { position } = view;
  if (cards.length !== view.unseen.length)
    throw new RangeError(`${view.unseen.length} unseen places, ${cards.length} cards given`);
  let next = 0;
  const place = (c: Card) => (c === UNSEEN ? cards[next++] : c);
  const state: KlondikeState = {
    ...position,
    piles: position.piles.map((p) => p.map(place)),
    faceDown: position.faceDown.slice(),
    stock: position.stock.map(place),
    waste: position.waste.slice(),
    foundations: position.foundations.slice(),
  };
  if (next !== cards.length)
    throw new RangeError("the position does not have as many unseen places as cards");
  return state;
}

export const klondikeKnowledge: PlayerKnowledge<KlondikeState> = { seen, fill };
