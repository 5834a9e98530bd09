import { type Card, cardName, formatCard, parseCard, suitOf } from "../../cards/card.ts";
import type { Intent, PileRef, PileView, Viewer } from "../patience/contract.ts";
import {
  CELL_LETTERS,
  canGoHome,
  type FreeCellState,
  legalMoves,
  type Move,
  type Place,
  runLength,
  topCard,
  whyIllegal,
} from "./rules.ts";

/**
 * FreeCell's table as the platform sees it (King Albert's too): the piles a renderer draws, what a gesture
 * means, a move in words and the canonical key (the JSON form is in board-json.ts). Cells are "reserve" piles when the rules make
 * them a reserve.
 */

const SUIT_NAMES = ["clubs", "diamonds", "hearts", "spades"];

/** The engine's place for a pile of the table; undefined when the game has no such pile. */
export function placeOf(state: FreeCellState, pile: PileRef): Place | undefined {
  const cellKind = state.rules.reserve ? "reserve" : "cell";
  if (pile.kind === cellKind) return { kind: "cell", index: pile.index };
  if (pile.kind === "cascade" || pile.kind === "foundation") return { kind: pile.kind, index: pile.index };
  return undefined;
}

const samePlace = (a: Place, b: Place): boolean => a.kind === b.kind && a.index === b.index;

export function pileName(state: FreeCellState, place: Place): string {
  if (place.kind === "cascade") return `cascade ${place.index + 1}`;
  if (place.kind === "cell")
    return `${state.rules.reserve ? "reserve" : "free cell"} ${CELL_LETTERS[place.index]}`;
  return `the ${SUIT_NAMES[place.index]} foundation`;
}

export function piles(state: FreeCellState, _viewer: Viewer): PileView[] {
  const { rules } = state;
  const faceUp = (card: Card) => ({ card, faceUp: true });
  const out: PileView[] = [];
  state.cells.forEach((c, i) => {
    const ref: PileRef = { kind: rules.reserve ? "reserve" : "cell", index: i };
    out.push({
      ref,
      cards: c === null ? [] : [faceUp(c)],
      fan: "stack",
      label: pileName(state, { kind: "cell", index: i }),
      key: CELL_LETTERS[i],
      takes: rules.reserve ? "nothing" : "any card",
    });
  });
  state.foundations.forEach((rank, s) => {
    const cards: Card[] = [];
    for (let r = 1; r <= rank; r++) cards.push((r - 1) * 4 + s);
    out.push({
      ref: { kind: "foundation", index: s },
      cards: cards.map(faceUp),
      fan: "stack",
      label: pileName(state, { kind: "foundation", index: s }),
      key: "h",
      takes: `the ace of ${SUIT_NAMES[s]}`,
    });
  });
  state.cascades.forEach((col, i) => {
    out.push({
      ref: { kind: "cascade", index: i },
      cards: col.map(faceUp),
      fan: "down",
      label: pileName(state, { kind: "cascade", index: i }),
      key: String(i + 1),
      takes: rules.empty === "kings" ? "a king" : "any card",
    });
  });
  return out;
}

/** How many cards may be picked up from card `index` of a pile: a run in a cascade, one card elsewhere. */
export function lift(state: FreeCellState, pile: PileRef, index: number): number {
  const place = placeOf(state, pile);
  if (!place) return 0;
  if (place.kind === "cascade") {
    const col = state.cascades[place.index];
    if (!col) return 0;
    const count = col.length - index;
    if (count < 1 || count > runLength(state.rules, col)) return 0;
    return count > 1 && !state.rules.sequenceMoves ? 0 : count;
  }
  if (place.kind === "cell") return index === 0 && state.cells[place.index] != null ? 1 : 0;
  const rank = state.foundations[place.index];
  return state.rules.fromFoundation && rank > 0 && index === rank - 1 ? 1 : 0;
}

/**
 * The move from one pile to another that the player means: among the legal moves between the two places, the
 * one with `count` cards, else the largest that fits (onto a card only one count can fit). Any foundation stands
 * for the moving card's own. The reason when there is none.
 */
export function intent(
  state: FreeCellState,
  fromPile: PileRef,
  toPile: PileRef,
  count?: number,
): Intent<Move> {
  const from = placeOf(state, fromPile);
  let to = placeOf(state, toPile);
  if (!from || !to) return { reason: "this game has no such pile" };
  const top = topCard(state, from);
  if (top === undefined) return { reason: `${sentence(pileName(state, from))} is empty` };
  if (to.kind === "foundation") to = { kind: "foundation", index: suitOf(top) };
  const wanted = count ?? (from.kind === "cascade" ? runLength(state.rules, state.cascades[from.index]) : 1);
  const candidates = legalMoves(state).filter((m) => samePlace(m.from, from) && samePlace(m.to, to));
  const exact = candidates.find((m) => m.count === wanted);
  if (exact) return { move: exact };
  const smaller = candidates.filter((m) => m.count < wanted).sort((a, b) => b.count - a.count)[0];
  if (smaller) return { move: smaller };
  const reason =
    whyIllegal(state, { from, to, count: wanted }) ??
    whyIllegal(state, { from, to, count: 1 }) ??
    "that move is not allowed";
  return { reason: sentence(reason) };
}

/** Messages start with a capital and name cards in words. */
function sentence(text: string): string {
  const words = text.replace(/\b([A2-9TJQK][CDHS])\b/g, (code) => `the ${cardName(parseCard(code))}`);
  return words.charAt(0).toUpperCase() + words.slice(1);
}

/**
 * A double-click: home if the card may go; else, in FreeCell, to the first free cell (the requirements
 * document's rule); with a reserve instead of cells, onto the first cascade it fits (a card before a space).
 */
export function quickMove(state: FreeCellState, pile: PileRef): Intent<Move> {
  const from = placeOf(state, pile);
  if (!from) return { reason: "this game has no such pile" };
  const top = topCard(state, from);
  if (top === undefined) return { reason: `${sentence(pileName(state, from))} is empty` };
  if (from.kind === "foundation") return { reason: `The ${cardName(top)} is already home` };
  if (canGoHome(state, top))
    return { move: { from, to: { kind: "foundation", index: suitOf(top) }, count: 1 } };
  if (!state.rules.reserve) {
    const free = state.cells.indexOf(null);
    if (from.kind === "cascade" && free >= 0)
      return { move: { from, to: { kind: "cell", index: free }, count: 1 } };
    return {
      reason:
        from.kind === "cascade"
          ? `The ${cardName(top)} cannot go home and there is no free cell`
          : `The ${cardName(top)} cannot go home yet`,
    };
  }
  const onto = legalMoves(state).filter(
    (m) => samePlace(m.from, from) && m.to.kind === "cascade" && m.count === 1,
  );
  const best = onto.find((m) => state.cascades[m.to.index].length > 0) ?? onto[0];
  if (best) return { move: best };
  return { reason: `The ${cardName(top)} cannot go home and fits on no cascade` };
}

/** A move in words: "the ten of hearts and 2 on it to the jack of spades (cascade 3)". */
export function describe(state: FreeCellState, move: Move): string {
  const col = move.from.kind === "cascade" ? state.cascades[move.from.index] : undefined;
  const base = col ? col[col.length - move.count] : topCard(state, move.from);
  const what =
    base === undefined
      ? pileName(state, move.from)
      : move.count > 1
        ? `the ${cardName(base)} and ${move.count - 1} on it`
        : `the ${cardName(base)}`;
  let where: string;
  if (move.to.kind === "foundation") where = "its foundation";
  else if (move.to.kind === "cell") where = pileName(state, move.to);
  else {
    const dest = state.cascades[move.to.index];
    where =
      dest.length === 0
        ? `empty cascade ${move.to.index + 1}`
        : `the ${cardName(dest[dest.length - 1])} (cascade ${move.to.index + 1})`;
  }
  return `${what} to ${where}`;
}

/** Cascades and cells in any order are the same position. */
export function key(state: FreeCellState): string {
  const cascades = state.cascades.map((col) => col.map(formatCard).join("")).sort();
  const cells = state.cells
    .filter((c): c is Card => c !== null)
    .map(formatCard)
    .sort();
  return `${cascades.join("/")}|${cells.join("")}|${state.foundations.join(",")}`;
}
