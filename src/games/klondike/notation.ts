import { KING, rankOf, SUIT_LETTERS, suitFromLetter, suitOf } from "../../cards/card.ts";
import { NotationError } from "../patience/errors.ts";
import {
  fits,
  foundation,
  type KlondikeMove,
  type KlondikeState,
  pile,
  runStart,
  STOCK,
  WASTE,
} from "./rules.ts";

/**
 * Klondike's move notation: piles `1`-`7`, the waste `w`, a foundation `h`, the stock `s`.
 * - `s` turns the next one or three stock cards onto the waste, or, when the stock is empty, turns the waste over
 *   into the stock (a new pass).
 * - `3h`, `wh`: the top card of pile 3, or of the waste, to its foundation.
 * - `w3`: the waste's top card to pile 3.
 * - `35`: the face-up run of pile 3 that fits on pile 5 (only one can); `35v3` says how many cards it is.
 * - `hs3`: the top spade back off its foundation to pile 3 (`hc`, `hd`, `hh`, `hs`).
 * A face-down card that is uncovered turns up by itself: that is part of the move, not a move.
 */
export function formatMove(_state: KlondikeState, move: KlondikeMove): string {
  const { from, to } = move;
  if (from.kind === "stock" || to.kind === "stock") return "s";
  const dest = to.kind === "foundation" ? "h" : String(to.index + 1);
  if (from.kind === "waste") return `w${dest}`;
  if (from.kind === "foundation") return `h${SUIT_LETTERS[from.index].toLowerCase()}${dest}`;
  return `${from.index + 1}${dest}`;
}

/** The count a pile-to-pile move takes: the face-up run headed by the card that fits (0 when none does). */
export function fittingCount(state: KlondikeState, from: number, to: number): number {
  const cards = state.piles[from];
  const dest = state.piles[to];
  const start = runStart(state, from);
  for (let k = start; k < cards.length; k++) {
    const ok = dest.length === 0 ? rankOf(cards[k]) === KING : fits(cards[k], dest[dest.length - 1]);
    if (ok) return cards.length - k;
  }
  return 0;
}

const PILE_DIGIT = /^[1-7]$/;

/** Reads one move against the position it is played in; throws NotationError when the text is not a move. */
export function parseMove(state: KlondikeState, text: string): KlondikeMove {
  const t = text.trim().toLowerCase();
  if (t === "s") {
    if (state.stock.length > 0)
      return { from: STOCK, to: WASTE, count: Math.min(state.rules.draw, state.stock.length) };
    if (state.waste.length > 0) return { from: WASTE, to: STOCK, count: state.waste.length };
    return { from: STOCK, to: WASTE, count: state.rules.draw };
  }
  const m = /^([1-7wh])([cdhs]?)([1-7h])(?:v(\d{1,2}))?$/.exec(t);
  if (!m) {
    throw new NotationError(
      text,
      "not a Klondike move: use s, a pile 1-7, w (waste) or h (foundation), e.g. 3h, wh, w3, 35, 35v3, hs3",
    );
  }
  const [, src, suitText, dst, countText] = m;
  if (suitText !== "" && src !== "h") {
    throw new NotationError(
      text,
      "a suit letter follows only h, when a card comes back off its foundation (hs3)",
    );
  }
  if (countText !== undefined && !(PILE_DIGIT.test(src) && PILE_DIGIT.test(dst))) {
    throw new NotationError(text, "a count (v3) is given only for a run from pile to pile");
  }
  if (src === "h") {
    if (dst === "h") throw new NotationError(text, "a card cannot move from one foundation to another");
    const suit = suitFromLetter(suitText);
    if (suit === undefined) {
      throw new NotationError(
        text,
        "say which foundation the card comes off: hc, hd, hh or hs, then the pile (hs3)",
      );
    }
    return { from: foundation(suit), to: pile(Number(dst) - 1), count: 1 };
  }
  if (src === "w") {
    const w = state.waste[state.waste.length - 1];
    if (dst === "h") return { from: WASTE, to: foundation(w === undefined ? 0 : suitOf(w)), count: 1 };
    return { from: WASTE, to: pile(Number(dst) - 1), count: 1 };
  }
  const from = Number(src) - 1;
  if (dst === "h") {
    const cards = state.piles[from];
    const top = cards[cards.length - 1];
    return { from: pile(from), to: foundation(top === undefined ? 0 : suitOf(top)), count: 1 };
  }
  const to = Number(dst) - 1;
  if (to === from) throw new NotationError(text, `pile ${from + 1} is both source and destination`);
  if (countText !== undefined) {
    const count = Number(countText);
    if (count < 1) throw new NotationError(text, "a run has at least one card");
    return { from: pile(from), to: pile(to), count };
  }
  const count = fittingCount(state, from, to);
  // When nothing fits, the whole face-up run is named, so that playing it says why it does not fit.
  const upCards = state.piles[from].length - runStart(state, from);
  return { from: pile(from), to: pile(to), count: count > 0 ? count : Math.max(1, upCards) };
}
