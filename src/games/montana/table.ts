import { type Card, cardName, formatCard, rankOf } from "../../cards/card.ts";
import type { Intent, PileRef, PileView, Viewer } from "../patience/contract.ts";
import {
  at,
  columnsOf,
  describeGapTakes,
  legalMoves,
  type MontanaMove,
  type MontanaState,
  placeOfCard,
  placeRowCol,
  ROW_LETTERS,
  ROWS,
  whyIllegal,
} from "./rules.ts";

/**
 * Montana's table as the platform sees it: 52 places (pile kind "place", index row * 13 + column), each holding
 * one card or none; what a gesture means; a move in words; the canonical key.
 */

export function placeLabel(state: MontanaState, place: number): string {
  const [r, c] = placeRowCol(state, place);
  return `row ${ROW_LETTERS[r]}, place ${c + 1}`;
}

export function piles(state: MontanaState, _viewer: Viewer): PileView[] {
  const n = columnsOf(state);
  const out: PileView[] = [];
  state.rows.forEach((row, r) => {
    row.forEach((card, c) => {
      const index = r * n + c;
      out.push({
        ref: { kind: "place", index },
        cards: card === null ? [] : [{ card, faceUp: true }],
        fan: "stack",
        label: placeLabel(state, index),
        key: `${ROW_LETTERS[r]}${c + 1}`,
        ...(card === null ? { takes: describeGapTakes(state, index) } : {}),
      });
    });
  });
  return out;
}

const isPlace = (state: MontanaState, pile: PileRef): boolean =>
  pile.kind === "place" &&
  Number.isInteger(pile.index) &&
  pile.index >= 0 &&
  pile.index < ROWS * columnsOf(state);

/** The card moves from a place (the card there to each gap it may fill), gaps in row order. */
function movesFrom(state: MontanaState, place: number): MontanaMove[] {
  const card = at(state, place);
  if (card === null || card === undefined) return [];
  const n = columnsOf(state);
  // A card other than a 2 has one place it may go: right of its predecessor.
  const targets = rankOf(card) === 2 ? [0, n, 2 * n, 3 * n] : [placeOfCard(state, card - 4) + 1];
  const out: MontanaMove[] = [];
  for (const to of targets) {
    if (to % n === 0 && rankOf(card) !== 2) continue;
    const move: MontanaMove = { kind: "card", card, to };
    if (whyIllegal(state, move) === undefined) out.push(move);
  }
  return out;
}

/** One card, and only when it has somewhere to go. */
export function lift(state: MontanaState, pile: PileRef, index: number): number {
  if (!isPlace(state, pile) || index !== 0) return 0;
  return movesFrom(state, pile.index).length > 0 ? 1 : 0;
}

/** A drag from a card's place to a gap: that move, or why not. */
export function intent(
  state: MontanaState,
  from: PileRef,
  to: PileRef,
  _count?: number,
): Intent<MontanaMove> {
  if (!isPlace(state, from) || !isPlace(state, to))
    return { reason: "Montana has only the places of its four rows" };
  const card = at(state, from.index);
  if (card === null || card === undefined)
    return { reason: `There is no card at ${placeLabel(state, from.index)}` };
  const move: MontanaMove = { kind: "card", card, to: to.index };
  const reason = whyIllegal(state, move);
  return reason === undefined ? { move } : { reason: reason.charAt(0).toUpperCase() + reason.slice(1) };
}

/**
 * A click: on a card, the move to the gap it may fill (the first, when a 2 may go to several); on a gap, the card
 * that may fill it (the first 2 in row order, when several may).
 */
export function quickMove(state: MontanaState, pile: PileRef): Intent<MontanaMove> {
  if (!isPlace(state, pile)) return { reason: "Montana has only the places of its four rows" };
  const card = at(state, pile.index);
  if (card !== null && card !== undefined) {
    const moves = movesFrom(state, pile.index);
    if (moves.length > 0) return { move: moves[0] };
    return { reason: `The ${cardName(card)} has no gap to go to` };
  }
  const fills = legalMoves(state)
    .filter((m): m is Extract<MontanaMove, { kind: "card" }> => m.kind === "card" && m.to === pile.index)
    .sort((a, b) => placeOfCard(state, a.card) - placeOfCard(state, b.card));
  if (fills.length > 0) return { move: fills[0] };
  const takes = describeGapTakes(state, pile.index);
  if (takes === "nothing") {
    const left = at(state, pile.index - 1);
    return {
      reason:
        left === null
          ? "Nothing goes after a gap"
          : `Nothing goes after a king: this gap takes nothing until the king moves`,
    };
  }
  return { reason: `This gap takes ${takes}, which cannot move here now` };
}

/** "the five of hearts to row b, place 7 (after the four of hearts)"; "redeal: …". */
export function describe(state: MontanaState, move: MontanaMove): string {
  if (move.kind === "redeal") {
    const left = state.redealsLeft - 1;
    return `redeal: the cards not in place are gathered with the aces, shuffled and dealt again (${left} ${left === 1 ? "redeal" : "redeals"} left after it)`;
  }
  const n = columnsOf(state);
  const where = placeLabel(state, move.to);
  if (move.to % n === 0)
    return `the ${cardName(move.card)} to the head of row ${ROW_LETTERS[Math.floor(move.to / n)]}`;
  const left = at(state, move.to - 1);
  return `the ${cardName(move.card)} to ${where}${typeof left === "number" ? ` (after the ${cardName(left)})` : ""}`;
}

/**
 * Canonical key: the rows in any order are the same position when nothing tells them apart (no fixed suits and no
 * redeal left, a redeal dealing row by row).
 */
export function key(state: MontanaState): string {
  const rows = state.rows.map((row) => row.map((c) => (c === null ? "--" : formatCard(c))).join(""));
  const symmetric = !state.rules.fixedSuits && state.redealsLeft === 0;
  const body = (symmetric ? rows.slice().sort() : rows).join("/");
  return state.redealsLeft > 0 ? `${body}|${state.redealsLeft}|${state.seed}` : body;
}

/** Whether a card is the king of a deal of `columns` columns. */
export const isKing = (state: MontanaState, card: Card): boolean => rankOf(card) === columnsOf(state);
