import type { Card } from "../../cards/card.ts";
import type { Prng } from "../../cards/random.ts";

/**
 * What a player knows of a position, for games with hidden cards (Klondike's face-down cards and unturned stock;
 * Spider, Canfield and the others as they come). A game that has hidden cards offers a `PlayerKnowledge` in its
 * contract (`knowledge`), and the platform builds on it: the deals consistent with what a player sees, sampled
 * uniformly or listed in full, for players and hints that do not peek.
 *
 * The model is a player with a perfect memory who has watched every move: a card once seen stays known where it
 * went (in Klondike, the stock turned over after a pass is known card by card). Any order of the unseen cards in
 * the unseen places is a deal consistent with what is seen, and each is as likely as any other.
 */

/** The placeholder of a card the player has not seen, in a `SeenPosition`'s position. */
export const UNSEEN = -1;

/** A position as a player sees it. Plain JSON: safe to hand to anything that must not peek. */
export interface SeenPosition<S> {
  /**
   * The position with every card the player has not seen replaced by `UNSEEN`, in the game's own shape. Not a
   * playable position: `PlayerKnowledge.fill` makes one.
   */
  position: S;
  /** The cards the player has not seen, in card order (two decks: a card twice when both copies are unseen). */
  unseen: Card[];
}

export interface PlayerKnowledge<S> {
  /** What a player sees of `state`. */
  seen(state: S): SeenPosition<S>;
  /**
   * The position `seen` stands for with its unseen places holding `cards`, in the game's fixed order of the
   * unseen places; `cards` is an arrangement of `seen.unseen`. Every arrangement gives a position of the game.
   */
  fill(seen: SeenPosition<S>, cards: readonly Card[]): S;
}

/** A deal consistent with what is seen, the unseen cards in an order drawn uniformly (Fisher-Yates). */
export function sampleDeal<S>(knowledge: PlayerKnowledge<S>, seen: SeenPosition<S>, prng: Prng): S {
  const cards = seen.unseen.slice();
  for (let i = cards.length - 1; i > 0; i--) {
    const j = prng.nextInt(i + 1);
    const t = cards[i];
    cards[i] = cards[j];
    cards[j] = t;
  }
  return knowledge.fill(seen, cards);
}

/** How many arrangements of the unseen cards there are (n! for distinct cards), as a float. */
export function arrangements(seen: SeenPosition<unknown>): number {
  let n = 1;
  for (let i = 2; i <= seen.unseen.length; i++) n *= i;
  const counts = new Map<Card, number>();
  for (const c of seen.unseen) counts.set(c, (counts.get(c) ?? 0) + 1);
  for (const k of counts.values()) for (let i = 2; i <= k; i++) n /= i;
  return n;
}

/**
 * Every deal consistent with what is seen, each once (repeated cards give one deal per distinct order), in a
 * fixed order; for small cases only (the count is `arrangements`).
 */
export function* consistentDeals<S>(knowledge: PlayerKnowledge<S>, seen: SeenPosition<S>): Generator<S> {
  const cards = seen.unseen.slice().sort((a, b) => a - b);
  // Lexicographic permutations of a sorted multiset: each distinct order once.
  for (;;) {
    yield knowledge.fill(seen, cards);
    let i = cards.length - 2;
    while (i >= 0 && cards[i] >= cards[i + 1]) i--;
    if (i < 0) return;
    let j = cards.length - 1;
    while (cards[j] <= cards[i]) j--;
    [cards[i], cards[j]] = [cards[j], cards[i]];
    for (let a = i + 1, b = cards.length - 1; a < b; a++, b--) [cards[a], cards[b]] = [cards[b], cards[a]];
  }
}
