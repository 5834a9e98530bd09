import { cardName, suitOf } from "../../../src/cards/card.ts";
import {
  canGoHome,
  type FreeCellState,
  legalMoves,
  type Move,
  type Place,
  placeName,
  runLength,
  topCard,
  whyIllegal,
} from "../../../src/games/freecell/rules.ts";

export const samePlace = (a: Place, b: Place): boolean => a.kind === b.kind && a.index === b.index;

export const placeId = (p: Place): string => `${p.kind}-${p.index}`;

/**
 * The move from `from` to `to` that the player means, asked of the engine: among the legal moves between the
 * two places, the one with `wanted` cards, else the largest that fits (onto a card only one count can fit).
 * Any foundation stands for the moving card's own. Returns the reason when there is none.
 */
export function findMove(
  state: FreeCellState,
  from: Place,
  to: Place,
  wanted: number,
): { move: Move } | { reason: string } {
  let target = to;
  if (to.kind === "foundation") {
    const top = topCard(state, from);
    if (top !== undefined) target = { kind: "foundation", index: suitOf(top) };
  }
  const candidates = legalMoves(state).filter((m) => samePlace(m.from, from) && samePlace(m.to, target));
  const exact = candidates.find((m) => m.count === wanted);
  if (exact) return { move: exact };
  const smaller = candidates.filter((m) => m.count < wanted).sort((a, b) => b.count - a.count)[0];
  if (smaller) return { move: smaller };
  const reason =
    whyIllegal(state, { from, to: target, count: wanted }) ??
    whyIllegal(state, { from, to: target, count: 1 }) ??
    `that move is not allowed`;
  return { reason };
}

/** Double-click: home if it may go, else the first free cell (the requirements document's rule). */
export function doubleClickMove(state: FreeCellState, from: Place): { move: Move } | { reason: string } {
  const top = topCard(state, from);
  if (top === undefined) return { reason: `${placeName(from)} is empty` };
  if (from.kind !== "foundation" && canGoHome(state, top)) {
    return { move: { from, to: { kind: "foundation", index: suitOf(top) }, count: 1 } };
  }
  if (from.kind === "cascade") {
    const free = state.cells.indexOf(null);
    if (free >= 0) return { move: { from, to: { kind: "cell", index: free }, count: 1 } };
    return { reason: `the ${cardName(top)} cannot go home and there is no free cell` };
  }
  return { reason: `the ${cardName(top)} cannot go home yet` };
}

/** How many cards from `index` up in a cascade may be picked up together (0 when they are not a run). */
export function pickable(state: FreeCellState, cascadeIndex: number, index: number): number {
  const col = state.cascades[cascadeIndex];
  const count = col.length - index;
  return count >= 1 && count <= runLength(state.rules, col) ? count : 0;
}

/** A move in words, as the hint list shows it. */
export function describeMove(state: FreeCellState, move: Move): string {
  const from =
    move.from.kind === "cascade"
      ? state.cascades[move.from.index][state.cascades[move.from.index].length - move.count]
      : topCard(state, move.from);
  const what =
    from === undefined
      ? placeName(move.from)
      : move.count > 1
        ? `${cardName(from)} and ${move.count - 1} on it`
        : cardName(from);
  let where: string;
  if (move.to.kind === "foundation") where = "its foundation";
  else if (move.to.kind === "cell") where = `free cell ${"abcdefgijk"[move.to.index]}`;
  else {
    const dest = state.cascades[move.to.index];
    where =
      dest.length === 0
        ? `empty cascade ${move.to.index + 1}`
        : `the ${cardName(dest[dest.length - 1])} (cascade ${move.to.index + 1})`;
  }
  return `${what} to ${where}`;
}
