import { type Card, cardName, RANK_NAMES, rankOf, SUIT_NAMES, suitOf } from "../../cards/card.ts";
import type { CardView, Intent, PileRef, PileView, Viewer } from "../patience/contract.ts";
import {
  accordionPile,
  aRank,
  atPlace,
  type FamilyMove,
  type FamilyState,
  foundationFor,
  groupHeight,
  HOLE,
  holeTakes,
  isFree,
  isPairMove,
  legalMoves,
  legalMovesFrom,
  matchesWords,
  movesWords,
  placeRef,
  placeWords,
  ROW_LETTERS,
  rowLength,
  rowSuit,
  STOCK,
  WASTE,
  whyIllegal,
} from "./engine.ts";
import { CELL_LETTERS } from "./notation.ts";
import type { AccordionRules } from "./rules.ts";

/**
 * The family's table as the platform sees it: the piles a renderer draws (a player does not see face-down cards),
 * what a drag, a click or a double-click means, and a move in words.
 */

function spacesTake(state: FamilyState): string {
  switch (state.rules.tableau.spaces) {
    case "none":
      return "nothing";
    case "kings":
      return `a ${RANK_NAMES[state.rules.highestRank - 1]}`;
    case "reserve-then-any":
      return "the reserve's top card at once, then any card";
    case "reserve-then-waste":
      return "the reserve's top card at once, then a card from the waste";
    case "waste-then-stock":
      return "the waste's top card at once, else the stock's";
    default:
      return "any card";
  }
}

export function pileName(state: FamilyState, ref: PileRef): string {
  switch (ref.kind) {
    case "cascade":
      return `pile ${ref.index + 1}`;
    case "cell":
      return `cell ${CELL_LETTERS[ref.index]}`;
    case "foundation":
      return state.rules.foundations?.wholeSuits
        ? `foundation ${ref.index + 1}`
        : `the ${SUIT_NAMES[ref.index % 4]} foundation${state.rules.decks === 2 ? ` ${Math.floor(ref.index / 4) + 1}` : ""}`;
    case "reserve":
      return state.rules.reserve?.stacked ? "the reserve" : `reserve place ${ref.index + 1}`;
    case "stock":
      return "the stock";
    case "waste":
      return "the waste";
    case "hole":
      return state.rules.pairs ? "the discard" : "the hole";
    case "place":
      return placeWords(state, ref.index);
    case "accordion":
      return `pile ${ref.index + 1}`;
    default:
      return "that place";
  }
}

/** What an accordion pile takes: "a pile 1 or 3 to its right whose top card matches (same suit or same rank)". */
function accordionTakes(rules: AccordionRules): string {
  const turned = {
    ...rules,
    moves: rules.moves.map((m) => ({ ...m, direction: m.direction === "left" ? "right" : "left" }) as const),
  };
  return `a pile ${movesWords(turned).replace("onto the pile ", "")} whose top card matches (${matchesWords(rules)})`;
}

/** What a gap of Gaps' rows takes, in words, for its outline: "a 2", "the 5 of hearts", "nothing". */
function gapTakes(state: FamilyState, index: number): string {
  const seq = state.rules.sequences;
  if (!seq) return "nothing";
  const n = rowLength(state.rules);
  const r = Math.floor(index / n);
  const k = index % n;
  const row = state.table.sequences[r];
  const out: string[] = [];
  const heads = (rank: number) =>
    seq.fixedSuits ? `the ${RANK_NAMES[rank - 1]} of ${SUIT_NAMES[rowSuit(r)]}` : aRank(rank);
  const build =
    seq.build === "suit" ? " in suit" : seq.build === "alternate-colours" ? " in the other colour" : "";
  if (seq.direction !== "right") {
    if (k === 0) out.push(heads(2));
    else {
      const left = row[k - 1];
      if (
        left !== null &&
        left !== undefined &&
        rankOf(left) < state.rules.highestRank &&
        seq.build !== "none"
      )
        out.push(`the card one rank above the ${cardName(left)}${build}`);
    }
  }
  if (seq.direction !== "left") {
    if (k === row.length - 1) out.push(heads(state.rules.highestRank));
    else {
      const right = row[k + 1];
      if (right !== null && right !== undefined && rankOf(right) > 2 && seq.build !== "none")
        out.push(`the card one rank below the ${cardName(right)}${build}`);
    }
  }
  return out.length === 0 ? "nothing" : out.join(", or ");
}

export function piles(state: FamilyState, viewer: Viewer): PileView[] {
  const { rules, table: t } = state;
  const up = (card: Card): CardView => ({ card, faceUp: true });
  const down = (card: Card): CardView => ({ card: viewer === "solver" ? card : null, faceUp: false });
  const out: PileView[] = [];
  if (rules.stock) {
    const topUp = rules.stock.topInPlay === true;
    out.push({
      ref: STOCK,
      // Pyramid's stock shows its top card, in play as the waste's is.
      cards: t.stock.map((c, k) => (topUp && k === t.stock.length - 1 ? up(c) : down(c))),
      fan: "stack",
      label: "the stock",
      key: "s",
      takes: rules.stock.redeals ? "the waste, turned over, when it is empty" : "nothing",
    });
    if (rules.stock.dealsTo === "waste")
      out.push({
        ref: WASTE,
        cards: t.waste.map(up),
        fan: rules.stock.draw > 1 ? "right" : "stack",
        label: "the waste",
        key: "w",
        takes: "cards turned from the stock",
      });
  }
  if (rules.pairs)
    out.push({
      ref: HOLE,
      cards: t.hole.map(up),
      fan: "stack",
      label: "the discard",
      key: "o",
      takes: `${aRank(rules.pairs.total)} alone; pairs go out by choosing both cards`,
    });
  if (rules.hole)
    out.push({
      ref: { kind: "hole", index: 0 },
      cards: t.hole.map(up),
      fan: "stack",
      label: "the hole",
      key: "o",
      takes: `a card one rank above or below its top card${rules.hole.wraps ? " (king and ace meet)" : ""}`,
    });
  t.foundations.forEach((cards, i) => {
    const ref: PileRef = { kind: "foundation", index: i };
    // A stacked reserve (Canfield's) lies face down but for its top card; a spread one's places lie face up.
    const stacked = rules.reserve?.stacked === true;
    out.push({
      ref,
      cards: cards.map((c, k) => (!stacked || k === cards.length - 1 ? up(c) : down(c))),
      fan: "stack",
      label: pileName(state, ref),
      key: "h",
      takes: rules.foundations?.wholeSuits
        ? "a whole suit, king to ace, from a pile"
        : `the ${RANK_NAMES[state.base - 1]} of ${SUIT_NAMES[i % 4]}`,
    });
  });
  t.cells.forEach((c, i) => {
    out.push({
      ref: { kind: "cell", index: i },
      cards: c === null ? [] : [up(c)],
      fan: "stack",
      label: `cell ${CELL_LETTERS[i]}`,
      key: CELL_LETTERS[i],
      takes: "any one card",
    });
  });
  t.reserve.forEach((cards, i) => {
    const ref: PileRef = { kind: "reserve", index: i };
    // A stacked reserve (Canfield's) lies face down but for its top card; a spread one's places lie face up.
    const stacked = rules.reserve?.stacked === true;
    out.push({
      ref,
      cards: cards.map((c, k) => (!stacked || k === cards.length - 1 ? up(c) : down(c))),
      fan: "stack",
      label: pileName(state, ref),
      key: rules.reserve?.stacked ? "r" : `r${i + 1}`,
      takes: "nothing: it is played from only",
    });
  });
  const n = rowLength(rules);
  t.sequences.forEach((row, r) => {
    row.forEach((c, k) => {
      const index = r * n + k;
      out.push({
        ref: placeRef(index),
        cards: c === null ? [] : [up(c)],
        fan: "stack",
        label: placeWords(state, index),
        key: `${ROW_LETTERS[r]}${k + 1}`,
        ...(c === null ? { takes: gapTakes(state, index) } : {}),
      });
    });
  });
  t.accordion.forEach((cards, i) => {
    out.push({
      ref: accordionPile(i),
      cards: cards.map(up),
      fan: "stack",
      label: `pile ${i + 1}`,
      key: String(i + 1),
      takes: rules.accordion ? accordionTakes(rules.accordion) : "nothing",
    });
  });
  t.tableau.forEach((cards, i) => {
    out.push({
      ref: { kind: "cascade", index: i },
      cards: cards.map((c, k) => (k < t.faceDown[i] ? down(c) : up(c))),
      // A covering layout's piles are one card each, placed by the layout.
      fan: rules.tableau.covering ? "stack" : "down",
      label: `pile ${i + 1}`,
      key: String(i + 1),
      takes: spacesTake(state),
    });
  });
  return out;
}

/** How many cards a player may pick up from card `index` of a pile: a built group on a pile, else the top card. */
export function lift(state: FamilyState, ref: PileRef, index: number): number {
  const t = state.table;
  if (!Number.isInteger(index) || index < 0) return 0;
  switch (ref.kind) {
    case "cascade": {
      const cards = t.tableau[ref.index];
      if (!cards || index >= cards.length) return 0;
      if (!isFree(state, ref.index) || goesAlone(state, cards[index])) return 0;
      const count = cards.length - index;
      return count <= groupHeight(state, ref.index) ? count : 0;
    }
    case "cell":
      return t.cells[ref.index] != null && index === 0 ? 1 : 0;
    case "reserve": {
      const cards = t.reserve[ref.index];
      return cards && cards.length > 0 && index === cards.length - 1 ? 1 : 0;
    }
    case "waste":
      return t.waste.length > 0 && index === t.waste.length - 1 && !goesAlone(state, t.waste[index]) ? 1 : 0;
    case "foundation": {
      const cards = t.foundations[ref.index];
      return state.rules.foundations?.removable && cards && cards.length > 0 && index === cards.length - 1
        ? 1
        : 0;
    }
    case "place": {
      const c = atPlace(state, ref.index);
      return c !== null && c !== undefined && index === 0 ? 1 : 0;
    }
    case "accordion": {
      // A pile moves whole. It lies stacked, its top card the one in sight: picked up there (one card is lifted
      // from the top) or from its bottom card (all of them); either way the move carries the whole pile.
      const cards = t.accordion[ref.index];
      if (!cards || cards.length === 0) return 0;
      return index === 0 ? cards.length : index === cards.length - 1 ? 1 : 0;
    }
    default:
      return 0;
  }
}

/**
 * A card that goes out alone (Pyramid's king) is not picked up: a click on it plays it out. The stock's top card
 * is never picked up either (a click turns the stock); a pair with it is chosen from its partner.
 */
const goesAlone = (state: FamilyState, c: Card | undefined): boolean =>
  c !== undefined && state.rules.pairs !== undefined && rankOf(c) === state.rules.pairs.total;

const samePile = (a: PileRef, b: PileRef) => a.kind === b.kind && a.index === b.index;
const sentence = (text: string): string => text.charAt(0).toUpperCase() + text.slice(1);

/** The stock's move now (deal, or turn the waste over); the reason when there is none. */
function stockMove(state: FamilyState): Intent<FamilyMove> {
  const move = legalMovesFrom(state, STOCK)[0];
  if (move) return { move };
  return { reason: state.table.stock.length === 0 ? "The stock is empty" : "The stock cannot deal now" };
}

/** The move a gesture means: a click on the stock deals; a drag moves what fits (`count` when given). */
export function intent(state: FamilyState, from: PileRef, to: PileRef, count?: number): Intent<FamilyMove> {
  if (state.rules.pairs) return pairIntent(state, from, to);
  if (from.kind === "stock" || to.kind === "stock") return stockMove(state);
  if (from.kind === "place" || from.kind === "accordion") {
    // One move at most from a place, or a pile of the accordion, to another: that one, or why not.
    const size = from.kind === "accordion" ? (state.table.accordion[from.index]?.length ?? 1) : 1;
    const move: FamilyMove = { from, to, count: size };
    const why = whyIllegal(state, move);
    return why === undefined ? { move } : { reason: sentence(why) };
  }
  const moves = legalMovesFrom(state, from).filter((m) =>
    to.kind === "foundation" ? m.to.kind === "foundation" : samePile(m.to, to),
  );
  const chosen =
    count === undefined ? moves.sort((a, b) => b.count - a.count)[0] : moves.find((m) => m.count === count);
  if (chosen) return { move: chosen };
  const tried: FamilyMove = { from, to, count: count ?? 1 };
  return { reason: sentence(whyIllegal(state, tried) ?? "that move is not allowed") };
}

/**
 * Pairs (Pyramid): a card chosen then another is the pair of the two; a card onto the discard, or onto itself,
 * goes out alone (a king); the stock onto itself, or onto the discard with no king on top, turns a card.
 */
function pairIntent(state: FamilyState, from: PileRef, to: PileRef): Intent<FamilyMove> {
  if (samePile(from, to) || to.kind === "hole") {
    const alone: FamilyMove = { from, to: HOLE, count: 1 };
    const why = whyIllegal(state, alone);
    if (why === undefined) return { move: alone };
    if (from.kind === "stock") return stockMove(state);
    return { reason: sentence(why) };
  }
  if (from.kind === "hole") return { reason: "The discard's cards stay out" };
  const pair: FamilyMove = { from, to, count: 2 };
  if (!isPairMove(state, pair))
    return { reason: "A pair is two cards in play: the table's, the waste's, the stock's top" };
  const why = whyIllegal(state, pair);
  return why === undefined ? { move: pair } : { reason: sentence(why) };
}

/** A double-click: home when the card can go, else into the hole, else the best fit on a pile, else a cell. */
export function quickMove(state: FamilyState, ref: PileRef): Intent<FamilyMove> {
  if (state.rules.pairs && ref.kind !== "hole") {
    // A king goes out alone; the stock turns; else the card's first pair in play (the table's partner first).
    const moves = legalMovesFrom(state, ref);
    const alone = moves.find((m) => m.to.kind === "hole");
    if (alone) return { move: alone };
    if (ref.kind === "stock") return stockMove(state);
    const pairs = moves.filter((m) => isPairMove(state, m));
    if (pairs.length > 0) return { move: pairs[0] };
    return { reason: `Nothing in play pairs with the card on ${pileName(state, ref)}` };
  }
  if (ref.kind === "stock") return stockMove(state);
  if (ref.kind === "place" && atPlace(state, ref.index) === null) {
    // A gap: filled by the first card that fits.
    const into = legalMoves(state).find((m) => samePile(m.to, ref));
    return into
      ? { move: into }
      : { reason: `The gap at ${pileName(state, ref)} takes ${gapTakes(state, ref.index)} now` };
  }
  const moves = legalMovesFrom(state, ref);
  if (moves.length === 0) return { reason: `Nothing can move from ${pileName(state, ref)}` };
  const rank = (m: FamilyMove) => {
    if (m.to.kind === "foundation") return 5;
    if (m.to.kind === "hole") return 4;
    if (m.to.kind === "cascade") {
      const destEmpty = state.table.tableau[m.to.index].length === 0;
      if (ref.kind === "cascade") {
        const left = state.table.tableau[ref.index].length - m.count;
        if (left === 0 && destEmpty) return -1;
        if (left === state.table.faceDown[ref.index]) return 3;
      }
      return destEmpty ? 1 : 2;
    }
    return 0;
  };
  const best = moves.filter((m) => rank(m) >= 0).sort((a, b) => rank(b) - rank(a) || b.count - a.count)[0];
  return best ? { move: best } : { reason: `Nothing useful can move from ${pileName(state, ref)}` };
}

const plural = (n: number, word: string) => `${n} ${word}${n === 1 ? "" : "s"}`;

/** A move in words, cards named. */
export function describe(state: FamilyState, move: FamilyMove): string {
  const { from, to, count } = move;
  const t = state.table;
  if (state.rules.pairs && (isPairMove(state, move) || to.kind === "hole")) {
    const cardAt = (ref: PileRef): string => {
      const pile = ref.kind === "cascade" ? t.tableau[ref.index] : ref.kind === "waste" ? t.waste : t.stock;
      const c = pile?.[pile.length - 1];
      const where = ref.kind === "stock" ? "the stock's top" : pileName(state, ref);
      return c === undefined ? `nothing on ${where}` : `the ${cardName(c)} (${where})`;
    };
    if (to.kind === "hole") return `${cardAt(from)} out alone`;
    return `${cardAt(from)} and ${cardAt(to)} out as a pair`;
  }
  if (from.kind === "stock") {
    if (to.kind === "waste") return `turn ${plural(count, "card")} from the stock onto the waste`;
    if (to.kind === "hole") return "play the stock's top card to the hole";
    return `deal a card from the stock onto ${count === t.tableau.length ? "every pile" : `piles 1 to ${count}`}`;
  }
  if (to.kind === "stock") return "turn the waste over into the stock";
  if (from.kind === "place" && to.kind === "place") {
    const c = atPlace(state, from.index);
    const n = rowLength(state.rules);
    const left = to.index % n > 0 ? atPlace(state, to.index - 1) : undefined;
    const what = c === null || c === undefined ? "nothing" : `the ${cardName(c)}`;
    const after = left !== null && left !== undefined ? ` (after the ${cardName(left)})` : "";
    return `${what} from ${placeWords(state, from.index)} to the gap at ${placeWords(state, to.index)}${after}`;
  }
  if (from.kind === "accordion" && to.kind === "accordion") {
    const piles = t.accordion;
    const moving = piles[from.index] ?? [];
    const onto = piles[to.index] ?? [];
    const topOf = (p: Card[]) => (p.length === 0 ? "nothing" : `the ${cardName(p[p.length - 1])}`);
    const size = moving.length > 1 ? ` and ${plural(moving.length - 1, "card")} under it` : "";
    return `pile ${from.index + 1} (${topOf(moving)}${size}) onto pile ${to.index + 1} (${topOf(onto)})`;
  }
  let base: Card | undefined;
  switch (from.kind) {
    case "cascade":
      base = t.tableau[from.index]?.[t.tableau[from.index].length - count];
      break;
    case "cell":
      base = t.cells[from.index] ?? undefined;
      break;
    case "reserve":
      base = t.reserve[from.index]?.[t.reserve[from.index].length - 1];
      break;
    case "waste":
      base = t.waste[t.waste.length - 1];
      break;
    case "foundation":
      base = t.foundations[from.index]?.[t.foundations[from.index].length - 1];
      break;
  }
  if (to.kind === "foundation" && state.rules.foundations?.wholeSuits && base !== undefined)
    return `the whole suit of ${SUIT_NAMES[suitOf(base)]} from ${pileName(state, from)} to a foundation`;
  const what =
    base === undefined
      ? "nothing"
      : count > 1
        ? `the ${cardName(base)} and ${plural(count - 1, "card")} on it`
        : `the ${cardName(base)}`;
  const source = pileName(state, from);
  if (to.kind === "foundation") return `${what} from ${source} to its foundation`;
  if (to.kind === "hole") return `${what} from ${source} to the hole`;
  if (to.kind === "cell") return `${what} from ${source} to cell ${CELL_LETTERS[to.index]}`;
  const dest = t.tableau[to.index] ?? [];
  const onto =
    dest.length === 0
      ? `empty pile ${to.index + 1}`
      : `the ${cardName(dest[dest.length - 1])} on pile ${to.index + 1}`;
  return `${what} from ${source} to ${onto}`;
}

/** Whether a card may go home or into the hole now: for hints and the terminal's marks. */
export function playable(state: FamilyState, c: Card): boolean {
  return foundationFor(state, c) >= 0 || holeTakes(state, c);
}
