import type { Card } from "../../cards/card.ts";
import { type PlayerKnowledge, type SeenPosition, UNSEEN } from "../patience/knowledge.ts";
import type { FamilyTable } from "./deal.ts";
import type { FamilyMove, FamilyState } from "./engine.ts";
import type { FamilyRules } from "./rules.ts";

/**
 * What a player of a family game knows (the platform's model, src/games/patience/knowledge.ts), from the rules
 * alone: no game is named here. Unseen are
 * - the face-down cards of the tableau piles (Spider, Yukon, Scorpion, the Klondike variants: `faceDown` counts
 *   them at the bottom of each pile; TriPeaks' covered cards, a pile of one card each);
 * - the stock, every card of it (Spider's, dealt onto the piles; Canfield's and Klondike's, turned to the waste;
 *   Golf's and TriPeaks', played to the hole), but a top card in play (Pyramid's: `topInPlay`), which lies face up;
 * - a stacked reserve below its top card (Canfield's and American Toad's: dealt face down, the top card turned up,
 *   the next turned up when it goes).
 * Everything else lies face up: the waste (each card was seen as it was turned, drawing one or more: a player with
 * a perfect memory knows the waste card by card), the cells, a spread reserve, the foundations, the hole, Gaps'
 * rows and the accordion.
 *
 * The stock of a game with redeals. A player who has turned the whole stock once knows its order (Klondike's own
 * knowledge says so, from the passes its state counts). The family's state counts the passes too (`redealt`), under
 * every redeal rule: a pass made makes the stock seen, card by card (the waste was seen as it was turned). The count
 * is part of the position only where the rules limit the passes (Pyramid; key.ts): elsewhere it is the player's
 * memory alone, which the searches leave out. A state may also carry that memory as `stockSeen` (`Remembered`), set
 * by `remember` when the waste is turned over (the blind player's games, blind.ts, keep it). Either way the model never peeks (every arrangement of the unseen cards it
 * samples is one the true deal could be, and the true one among them).
 *
 * The unseen places, in the order `fill` takes cards: each tableau pile's face-down cards from pile 1, bottom card
 * first; then the stock (unless remembered), bottom card first (its top card left out when it is in play); then a stacked reserve below its top card, bottom card first.
 */

/** Whether the rules deal any card a player cannot see: face-down tableau cards, a stock, a stacked reserve. */
export function hasHiddenCards(rules: FamilyRules): boolean {
  const t = rules.tableau;
  return (
    rules.stock !== null ||
    (t.faceDown && t.piles > 0) ||
    (t.layout?.down.some((n) => n > 0) ?? false) ||
    (rules.reserve?.stacked === true && rules.reserve.size > 1)
  );
}

/** A state with the player's memory of the stock: `stockSeen` once the waste has been turned over into it. */
export type Remembered = FamilyState & { stockSeen?: boolean };

/** Whether the player has seen the stock's order (a state that remembers a turn-over of the waste). */
export const stockSeen = (state: FamilyState): boolean =>
  (state as Remembered).stockSeen === true || (state.table.redealt ?? 0) > 0;

/** How many cards at the bottom of the stock the player has not seen: all, or all but a top card in play. */
function stockHidden(state: FamilyState): number {
  const n = state.table.stock.length;
  if (stockSeen(state)) return 0;
  return state.rules.stock?.topInPlay ? Math.max(0, n - 1) : n;
}

/** `after`, the position a move led to from `before`, with the player's memory carried and updated. */
export function remember(before: FamilyState, move: FamilyMove, after: FamilyState): FamilyState {
  if (stockSeen(before) || (move.from.kind === "waste" && move.to.kind === "stock"))
    (after as Remembered).stockSeen = true;
  return after;
}

/** The face-down cards of pile `p` (an empty pile has none). */
const downIn = (table: FamilyTable, p: number): number =>
  Math.min(table.faceDown[p], table.tableau[p].length);

/** Whether reserve pile `r` is stacked: only its top card shows. */
const stacked = (state: FamilyState): boolean => state.rules.reserve?.stacked === true;

/** How many cards of `state` the player has not seen (cheaper than `seen(state).unseen.length`). */
export function unseenCount(state: FamilyState): number {
  const t = state.table;
  let n = stockHidden(state);
  for (let p = 0; p < t.tableau.length; p++) n += downIn(t, p);
  if (stacked(state)) for (const r of t.reserve) n += Math.max(0, r.length - 1);
  return n;
}

/**
 * A table with the unseen cards replaced: `hide(c)` gives what goes in an unseen place holding `c`. Every field of
 * the table is copied, the parts this module does not know included, so a part added to the table later is
 * carried as it lies (face up) until it is listed here.
 */
function mapUnseen(state: FamilyState, hide: (c: Card) => Card): FamilyTable {
  const t = state.table;
  const copy = structuredClone(t);
  copy.tableau = t.tableau.map((pile, p) => {
    const down = downIn(t, p);
    return pile.map((c, i) => (i < down ? hide(c) : c));
  });
  const stock = stockHidden(state);
  copy.stock = t.stock.map((c, i) => (i < stock ? hide(c) : c));
  if (stacked(state)) copy.reserve = t.reserve.map((r) => r.map((c, i) => (i < r.length - 1 ? hide(c) : c)));
  return copy;
}

export function seen(state: FamilyState): SeenPosition<FamilyState> {
  const unseen: Card[] = [];
  const table = mapUnseen(state, (c) => {
    unseen.push(c);
    return UNSEEN;
  });
  return { position: withMemory(state, table), unseen: unseen.sort((a, b) => a - b) };
}

export function fill(view: SeenPosition<FamilyState>, cards: readonly Card[]): FamilyState {
  if (cards.length !== view.unseen.length)
    throw new RangeError(`${view.unseen.length} unseen places, ${cards.length} cards given`);
  let next = 0;
  const { position } = view;
  const table = mapUnseen(position, (c) => {
    if (c !== UNSEEN) throw new RangeError("a place the player cannot see holds a card in the seen position");
    if (next >= cards.length) throw new RangeError("the position has more unseen places than cards");
    return cards[next++];
  });
  if (next !== cards.length)
    throw new RangeError("the position does not have as many unseen places as cards");
  return withMemory(position, table);
}

/** A state of `table`, remembering what `like` remembers. */
function withMemory(like: FamilyState, table: FamilyTable): FamilyState {
  const state: Remembered = { rules: like.rules, table, base: like.base };
  if ((like as Remembered).stockSeen === true) state.stockSeen = true;
  return state;
}

export const familyKnowledge: PlayerKnowledge<FamilyState> = { seen, fill };

/** The knowledge of a family game under `rules`: undefined for rules with every card in sight. */
export const knowledgeFor = (rules: FamilyRules): PlayerKnowledge<FamilyState> | undefined =>
  hasHiddenCards(rules) ? familyKnowledge : undefined;
