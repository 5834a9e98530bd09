import {
  type Card,
  CLUBS,
  cardName,
  DIAMONDS,
  HEARTS,
  rankOf,
  SPADES,
  SUIT_NAMES,
  type Suit,
  suitOf,
} from "../../cards/card.ts";
import { IllegalMoveError } from "../patience/errors.ts";
import { shuffleForRedeal } from "./redeal.ts";

/**
 * Montana (Gaps): four rows of 13 places hold the 52 cards with the aces taken out, leaving four gaps. A gap in
 * the first column takes a 2; any other gap takes the card one higher and of the same suit as the card on its left;
 * a gap right of a king or of another gap takes nothing. Won when every row runs 2 to king in one suit from the
 * first column, its gap at the end.
 *
 * The engine also plays cut-down decks (ranks 1..n for 3 <= n <= 13, rows of n places, rank n the "king") so that
 * tests can compare the solver with a naive search on small games; the row length is the rows' length.
 */

export interface MontanaRules {
  /** Any 2 may move to any first-column gap; off, a 2 that heads a row stays there. */
  freeTwos: boolean;
  /**
   * Basic Gaps: each row's suit is fixed from the start (Solvitaire's "gaps-basic-variant": row a clubs, b hearts,
   * c spades, d diamonds); a first-column gap takes only its row's 2, which may come from anywhere.
   */
  fixedSuits: boolean;
  /** Redeals a player may make: the cards not in place are gathered with the aces, shuffled and dealt again. */
  redeals: number;
}

export const DEFAULT_RULES: MontanaRules = { freeTwos: false, fixedSuits: false, redeals: 0 };
export const MAX_REDEALS = 3;
export const ROWS = 4;
export const FULL_COLUMNS = 13;
export const ROW_LETTERS = "abcd";

/** The suit of each row under fixed suits: Solvitaire's suit order (clubs, hearts, spades, diamonds). */
export const ROW_SUITS: readonly Suit[] = [CLUBS, HEARTS, SPADES, DIAMONDS];

export interface MontanaState {
  rules: MontanaRules;
  /** Four rows, left to right; null is a gap. */
  rows: (Card | null)[][];
  /** Redeals still to be had (0 when the rules have none). */
  redealsLeft: number;
  /** The redeal shuffle's PRNG state (mulberry32), part of the position so that a game replays; 0 without redeals. */
  seed: number;
}

/** A card to a gap (`to` is the place, row * columns + column), or a redeal. */
export type MontanaMove = { kind: "card"; card: Card; to: number } | { kind: "redeal" };

export const columnsOf = (state: MontanaState): number => state.rows[0].length;

/** Row and column of a place index. */
export function placeRowCol(state: MontanaState, place: number): [number, number] {
  const n = columnsOf(state);
  return [Math.floor(place / n), place % n];
}

export function placeName(state: MontanaState, place: number): string {
  const [r, c] = placeRowCol(state, place);
  return `${ROW_LETTERS[r]}${c + 1}`;
}

export function at(state: MontanaState, place: number): Card | null | undefined {
  const n = columnsOf(state);
  return state.rows[Math.floor(place / n)]?.[place % n];
}

/** Where a card lies, or -1 when it is not on the table (an ace). */
export function placeOfCard(state: MontanaState, card: Card): number {
  const n = columnsOf(state);
  for (let r = 0; r < ROWS; r++) {
    const c = state.rows[r].indexOf(card);
    if (c >= 0) return r * n + c;
  }
  return -1;
}

/** The places that are gaps, in row-major order. */
export function gapsOf(state: MontanaState): number[] {
  const n = columnsOf(state);
  const out: number[] = [];
  state.rows.forEach((row, r) => {
    row.forEach((c, col) => {
      if (c === null) out.push(r * n + col);
    });
  });
  return out;
}

/** Whether a 2 lying at `place` may leave it under the rules. */
export function twoMayLeave(state: MontanaState, place: number): boolean {
  const { rules } = state;
  if (place % columnsOf(state) !== 0) return true;
  // Fixed suits: a 2 heading another suit's row may go to its own row (Solvitaire); heading its own row, no other
  // place takes it anyway.
  return rules.freeTwos || rules.fixedSuits;
}

/** Whether a first-column gap in `row` takes the 2 of `suit`. */
export const firstGapTakes = (rules: MontanaRules, row: number, suit: Suit): boolean =>
  !rules.fixedSuits || ROW_SUITS[row] === suit;

/**
 * What a gap takes, as a card, or a reason in words when it takes none ("after a king", "after a gap"); a
 * first-column gap gives "twos".
 */
export function gapTakes(state: MontanaState, place: number): Card | "twos" | "after a king" | "after a gap" {
  const n = columnsOf(state);
  if (place % n === 0) return "twos";
  const left = at(state, place - 1);
  if (left === null || left === undefined) return "after a gap";
  if (rankOf(left) === n) return "after a king";
  return left + 4;
}

/** The card moves of a position, gap by gap in row-major order (2s in card order), then a redeal if one is left. */
export function legalMoves(state: MontanaState): MontanaMove[] {
  const out: MontanaMove[] = [];
  for (const gap of gapsOf(state)) {
    const takes = gapTakes(state, gap);
    if (takes === "twos") {
      const row = Math.floor(gap / columnsOf(state));
      for (let suit = 0; suit < 4; suit++) {
        const two = 4 + suit;
        const from = placeOfCard(state, two);
        if (from < 0 || !twoMayLeave(state, from) || !firstGapTakes(state.rules, row, suit as Suit)) continue;
        out.push({ kind: "card", card: two, to: gap });
      }
    } else if (typeof takes === "number") {
      out.push({ kind: "card", card: takes, to: gap });
    }
  }
  if (state.redealsLeft > 0) out.push({ kind: "redeal" });
  return out;
}

/**
 * Why a move is illegal, in words, or undefined when it is legal. Like every game's reason, it starts in lower case:
 * it follows a colon ("move 3 \"r\": these rules have no redeal"); the table's answers make it a sentence.
 */
export function whyIllegal(state: MontanaState, move: MontanaMove): string | undefined {
  if (typeof move !== "object" || move === null) return "that is not a move";
  if (move.kind === "redeal") {
    if (state.rules.redeals === 0) return "these rules have no redeal (play with --redeals K)";
    return state.redealsLeft > 0 ? undefined : "no redeal is left";
  }
  if (move.kind !== "card") return "that is not a move";
  const n = columnsOf(state);
  const { card, to } = move;
  if (!Number.isInteger(card) || card < 0 || card >= n * 4) return "there is no such card";
  if (rankOf(card) === 1) return "the aces are out of play in Montana";
  if (!Number.isInteger(to) || to < 0 || to >= ROWS * n) return "there is no such place";
  const target = at(state, to);
  const where = `${ROW_LETTERS[Math.floor(to / n)]}${(to % n) + 1}`;
  if (target !== null) return `place ${where} holds the ${cardName(target as Card)}, not a gap`;
  const from = placeOfCard(state, card);
  if (from < 0) return `the ${cardName(card)} is not on the table`;
  const takes = gapTakes(state, to);
  if (takes === "twos") {
    if (rankOf(card) !== 2) return `the gap at ${where} heads a row: it takes a 2, not the ${cardName(card)}`;
    const row = Math.floor(to / n);
    if (!firstGapTakes(state.rules, row, suitOf(card))) {
      return `row ${ROW_LETTERS[row]} is the ${SUIT_NAMES[ROW_SUITS[row]]} row: its first place takes the two of ${SUIT_NAMES[ROW_SUITS[row]]}`;
    }
    if (!twoMayLeave(state, from)) {
      return `the ${cardName(card)} heads row ${ROW_LETTERS[Math.floor(from / n)]} and stays there (free twos would let it move)`;
    }
    return undefined;
  }
  if (takes === "after a gap") return `nothing goes after a gap: the gap at ${where} takes nothing`;
  if (takes === "after a king") return `nothing goes after a king: the gap at ${where} takes nothing`;
  if (takes !== card) {
    return `the gap at ${where} takes the ${cardName(takes)} (after the ${cardName(takes - 4)}), not the ${cardName(card)}`;
  }
  return undefined;
}

/** The position after a legal move (a new state; `state` is unchanged). */
export function applyMove(state: MontanaState, move: MontanaMove): MontanaState {
  const reason = whyIllegal(state, move);
  if (reason !== undefined) throw new IllegalMoveError(move, reason);
  if (move.kind === "redeal") return redeal(state);
  const n = columnsOf(state);
  const from = placeOfCard(state, move.card);
  const rows = state.rows.map((row) => row.slice());
  rows[Math.floor(from / n)][from % n] = null;
  rows[Math.floor(move.to / n)][move.to % n] = move.card;
  return { ...state, rows };
}

/** How many places from the first column hold a run: a 2, then the next card of its suit, and so on. */
export function runLength(row: readonly (Card | null)[]): number {
  const first = row[0];
  if (first === null || rankOf(first) !== 2) return 0;
  let k = 1;
  while (k < row.length && row[k] === first + 4 * k) k++;
  return k;
}

export function isWon(state: MontanaState): boolean {
  const n = columnsOf(state);
  return state.rows.every((row) => runLength(row) === n - 1 && row[n - 1] === null);
}

/**
 * A redeal: every card not in a run from the first column is gathered with the aces, the lot sorted by card and
 * shuffled with the position's PRNG, then dealt row by row into the places not in a run; the aces are taken out
 * again, leaving four gaps.
 */
export function redeal(state: MontanaState): MontanaState {
  const n = columnsOf(state);
  const runs = state.rows.map(runLength);
  const gathered: Card[] = [];
  for (let suit = 0; suit < 4; suit++) gathered.push(suit);
  state.rows.forEach((row, r) => {
    for (let c = runs[r]; c < n; c++) if (row[c] !== null) gathered.push(row[c] as Card);
  });
  gathered.sort((a, b) => a - b);
  const { cards, seed } = shuffleForRedeal(gathered, state.seed);
  let next = 0;
  const rows = state.rows.map((row, r) =>
    row.map((card, c) => {
      if (c < runs[r]) return card;
      const dealt = cards[next++];
      return rankOf(dealt) === 1 ? null : dealt;
    }),
  );
  return { ...state, rows, redealsLeft: state.redealsLeft - 1, seed };
}

/** Every card of the game once: the cards on the table and the aces set aside (what conservation checks count). */
export function cardsInState(state: MontanaState): Card[] {
  const out: Card[] = [0, 1, 2, 3];
  for (const row of state.rows) for (const c of row) if (c !== null) out.push(c);
  return out;
}

export function describeGapTakes(state: MontanaState, place: number): string {
  const takes = gapTakes(state, place);
  if (takes === "twos") {
    if (state.rules.fixedSuits) {
      const row = Math.floor(place / columnsOf(state));
      return `the two of ${SUIT_NAMES[ROW_SUITS[row]]}`;
    }
    return "a 2";
  }
  if (typeof takes === "number") return `the ${cardName(takes)}`;
  return "nothing";
}
