import { type Card, cardName, formatCard, SUIT_NAMES, suitOf } from "../../cards/card.ts";
import type { CardView, Intent, PileRef, PileView, Viewer } from "../patience/contract.ts";
import {
  canGoHome,
  foundation,
  foundationTop,
  type KlondikeMove,
  type KlondikeState,
  legalMoves,
  pile,
  pileName,
  runStart,
  STOCK,
  WASTE,
  whyIllegal,
} from "./rules.ts";

/**
 * Klondike's table as the platform sees it: the piles a renderer draws (a player does not see face-down cards),
 * what a drag, a click or a double-click means, a move in words, and the canonical key.
 */

export function piles(state: KlondikeState, viewer: Viewer): PileView[] {
  const up = (card: Card): CardView => ({ card, faceUp: true });
  const down = (card: Card): CardView => ({ card: viewer === "solver" ? card : null, faceUp: false });
  const out: PileView[] = [
    {
      ref: STOCK,
      cards: state.stock.map(down),
      fan: "stack",
      label: "the stock",
      key: "s",
      takes: "nothing (the waste turns over into it when it is empty)",
    },
    {
      ref: WASTE,
      cards: state.waste.map(up),
      fan: state.rules.draw > 1 ? "right" : "stack",
      label: "the waste",
      key: "w",
      takes: "cards turned from the stock",
    },
  ];
  state.foundations.forEach((rank, s) => {
    const cards: Card[] = [];
    for (let r = 1; r <= rank; r++) cards.push((r - 1) * 4 + s);
    out.push({
      ref: foundation(s),
      cards: cards.map(up),
      fan: "stack",
      label: `the ${SUIT_NAMES[s]} foundation`,
      key: "h",
      takes: `the ace of ${SUIT_NAMES[s]}`,
    });
  });
  state.piles.forEach((cards, i) => {
    out.push({
      ref: pile(i),
      cards: cards.map((c, k) => (k < state.faceDown[i] ? down(c) : up(c))),
      fan: "down",
      label: `pile ${i + 1}`,
      key: String(i + 1),
      takes: "a king",
    });
  });
  return out;
}

/** How many cards a player may pick up from card `index` of a pile: a face-up run on a pile, else the top card. */
export function lift(state: KlondikeState, ref: PileRef, index: number): number {
  if (ref.kind === "cascade") {
    const cards = state.piles[ref.index];
    if (!cards || !Number.isInteger(index) || index < 0 || index >= cards.length) return 0;
    return index >= runStart(state, ref.index) ? cards.length - index : 0;
  }
  if (ref.kind === "waste") return state.waste.length > 0 && index === state.waste.length - 1 ? 1 : 0;
  if (ref.kind === "foundation") {
    const rank = state.foundations[ref.index];
    return state.rules.fromFoundation && rank !== undefined && rank > 0 && index === rank - 1 ? 1 : 0;
  }
  return 0;
}

const samePile = (a: PileRef, b: PileRef) => a.kind === b.kind && a.index === b.index;

/** Messages start with a capital letter. */
const sentence = (text: string): string => text.charAt(0).toUpperCase() + text.slice(1);

/** The stock's move now: turn cards, or turn the waste over; the reason when there is none. */
function stockMove(state: KlondikeState): Intent<KlondikeMove> {
  const move =
    state.stock.length > 0
      ? { from: STOCK, to: WASTE, count: Math.min(state.rules.draw, state.stock.length) }
      : { from: WASTE, to: STOCK, count: state.waste.length };
  const why = whyIllegal(state, move);
  return why === undefined ? { move } : { reason: sentence(why) };
}

/**
 * The move a gesture means. Clicking the stock (stock to waste, or waste to stock) turns cards or the waste
 * over; from a pile to a pile, the run that fits (`count`, when given, must be its size); any foundation stands
 * for the moving card's own.
 */
export function intent(
  state: KlondikeState,
  from: PileRef,
  to: PileRef,
  count?: number,
): Intent<KlondikeMove> {
  if (
    (from.kind === "stock" && (to.kind === "waste" || to.kind === "stock")) ||
    (from.kind === "waste" && to.kind === "stock")
  ) {
    return stockMove(state);
  }
  if (from.kind === "stock") return { reason: "Cards from the stock go only to the waste: click the stock" };
  if (to.kind === "stock" || to.kind === "waste") return { reason: `Cards do not go to ${pileName(to)}` };
  let dest = to;
  if (to.kind === "foundation") {
    const moving =
      from.kind === "cascade"
        ? state.piles[from.index]?.[state.piles[from.index].length - 1]
        : from.kind === "waste"
          ? state.waste[state.waste.length - 1]
          : foundationTop(state, from.index);
    if (moving !== undefined) dest = foundation(suitOf(moving));
  }
  const candidates = legalMoves(state).filter((m) => samePile(m.from, from) && samePile(m.to, dest));
  const chosen = count === undefined ? candidates[0] : candidates.find((m) => m.count === count);
  if (chosen) return { move: chosen };
  const tried: KlondikeMove = { from, to: dest, count: count ?? 1 };
  return { reason: sentence(whyIllegal(state, tried) ?? "that move is not allowed") };
}

/**
 * A double-click: the stock turns cards (or the waste over); a card goes home when it can; else the best move
 * onto a pile: a run that uncovers a face-down card or empties a pile for a king, else the first fit, preferring
 * a pile with cards to an empty one.
 */
export function quickMove(state: KlondikeState, ref: PileRef): Intent<KlondikeMove> {
  if (ref.kind === "stock") return stockMove(state);
  if (ref.kind === "cascade" || ref.kind === "waste") {
    const cards = ref.kind === "cascade" ? state.piles[ref.index] : state.waste;
    if (!cards) return { reason: "This game has no such pile" };
    const top = cards[cards.length - 1];
    if (top === undefined) return { reason: `${sentence(pileName(ref))} is empty` };
    if (canGoHome(state, top)) return { move: { from: ref, to: foundation(suitOf(top)), count: 1 } };
    const moves = legalMoves(state).filter((m) => samePile(m.from, ref) && m.to.kind === "cascade");
    const score = (m: KlondikeMove) => {
      const destEmpty = state.piles[m.to.index].length === 0;
      if (ref.kind === "waste") return destEmpty ? 1 : 2;
      const left = cards.length - m.count;
      // Moving a king that already lies at the bottom of its pile to an empty pile changes nothing.
      if (left === 0 && destEmpty) return -1;
      if (left === 0 || left === state.faceDown[ref.index]) return 4;
      return destEmpty ? 1 : 2;
    };
    const best = moves.filter((m) => score(m) >= 0).sort((a, b) => score(b) - score(a))[0];
    if (best) return { move: best };
    return { reason: `The ${cardName(top)} cannot go home and fits on no pile` };
  }
  if (ref.kind === "foundation") {
    const top = foundationTop(state, ref.index);
    if (top === undefined) return { reason: `${sentence(pileName(ref))} is empty` };
    if (!state.rules.fromFoundation)
      return { reason: `The ${cardName(top)} is home: cards stay on the foundations` };
    const move = legalMoves(state).find((m) => samePile(m.from, ref));
    return move ? { move } : { reason: `The ${cardName(top)} fits on no pile` };
  }
  return { reason: "This game has no such pile" };
}

const plural = (n: number, word: string) => `${n} ${word}${n === 1 ? "" : "s"}`;

/** A move in words, cards named: "the ten of hearts and 2 cards on it from pile 3 to the jack of spades on pile 5". */
export function describe(state: KlondikeState, move: KlondikeMove): string {
  const { from, to, count } = move;
  if (from.kind === "stock") return `turn ${plural(count, "card")} from the stock onto the waste`;
  if (to.kind === "stock") return `turn the waste over into the stock (pass ${state.recycles + 2})`;
  let base: Card | undefined;
  if (from.kind === "cascade") {
    const cards = state.piles[from.index];
    base = cards[cards.length - count];
  } else if (from.kind === "waste") base = state.waste[state.waste.length - 1];
  else base = foundationTop(state, from.index);
  const what =
    base === undefined
      ? "nothing"
      : count > 1
        ? `the ${cardName(base)} and ${plural(count - 1, "card")} on it`
        : `the ${cardName(base)}`;
  const source = from.kind === "foundation" ? "its foundation" : pileName(from);
  if (to.kind === "foundation") return `${what} from ${source} to its foundation`;
  const dest = state.piles[to.index];
  const onto =
    dest.length === 0
      ? `empty pile ${to.index + 1}`
      : `the ${cardName(dest[dest.length - 1])} on pile ${to.index + 1}`;
  const left = from.kind === "cascade" ? state.piles[from.index].length - count : -1;
  const turns = from.kind === "cascade" && left > 0 && left === state.faceDown[from.index];
  return `${what} from ${source} to ${onto}${turns ? `, turning up the card beneath` : ""}`;
}

/**
 * The canonical key: piles in any order are the same position (the rules treat them alike); the stock and the
 * waste as they lie; the foundations; the passes made when the rules limit them. The score is not part of it.
 */
export function key(state: KlondikeState): string {
  const pileKeys = state.piles
    .map((cards, i) => {
      const down = cards.slice(0, state.faceDown[i]).map(formatCard).join("");
      const up = cards.slice(state.faceDown[i]).map(formatCard).join("");
      return `${down}|${up}`;
    })
    .sort();
  const talon = `${state.stock.map(formatCard).join("")}/${state.waste.map(formatCard).join("")}`;
  const passes = state.rules.passes === null ? "" : `#${state.recycles}`;
  return `${pileKeys.join(",")};${talon};${state.foundations.join(",")}${passes}`;
}
