import {
  type Card,
  cardName,
  isRed,
  RANK_NAMES,
  rankOf,
  SUIT_NAMES,
  type Suit,
  suitOf,
} from "../../cards/card.ts";
import { SOLVITAIRE_SUITS } from "../../cards/deals/solvitaire.ts";
import type { AutoPolicy, PileRef } from "../patience/contract.ts";
import { IllegalMoveError } from "../patience/errors.ts";
import { dealFamily, type FamilyTable, hideCovered } from "./deal.ts";
import {
  type AccordionRules,
  type Build,
  type Covering,
  coveredBy,
  deckSize,
  type FamilyRules,
} from "./rules.ts";

/**
 * The play of the family engine: the legal moves of any family rules, a move's effect, the won position and the
 * automatic moves. Rules are data (rules.ts); nothing here knows a game by name.
 *
 * The moves follow Solvitaire's rules of play (Blake and Gent), where they are a rule and not a search device,
 * so that a verdict here and there mean the same game; docs/family.md lists where a player's rules go further.
 */
export interface FamilyState {
  rules: FamilyRules;
  table: FamilyTable;
  /** The rank every foundation starts with (the rules' base, or the rank the deal drew). */
  base: number;
}

/**
 * One move: `count` cards from `from` to `to`, top cards of `from`. The stock's own moves: stock -> waste turns
 * `count` cards; waste -> stock turns the waste over (count: the whole waste); stock -> cascade 0 deals a card
 * onto each of the first `count` piles (the stock deals onto the piles); stock -> hole plays the stock's top card
 * to the hole (Golf). Gaps: place -> place moves the card at a place into the gap at another (count 1). The
 * accordion: accordion -> accordion moves a whole pile onto another (count: the pile's cards).
 */
export interface FamilyMove {
  from: PileRef;
  to: PileRef;
  count: number;
}

export const tableauPile = (index: number): PileRef => ({ kind: "cascade", index });
export const STOCK: PileRef = { kind: "stock", index: 0 };
export const WASTE: PileRef = { kind: "waste", index: 0 };
export const HOLE: PileRef = { kind: "hole", index: 0 };
/** A place of Gaps' rows: index row * the rows' length + column. */
export const placeRef = (index: number): PileRef => ({ kind: "place", index });
/** A pile of the accordion, counted from the left as the piles lie now. */
export const accordionPile = (index: number): PileRef => ({ kind: "accordion", index });

/** Deal N of Solvitaire's numbering under the rules, with the automatic fills of spaces made. */
export function dealState(rules: FamilyRules, deal: number): FamilyState {
  const table = dealFamily(rules, deal);
  const f = rules.foundations;
  let base = 1;
  if (f) {
    if (f.base !== "random") base = f.base;
    else {
      const started = table.foundations.find((p) => p.length > 0);
      base = started ? rankOf(started[0]) : 1;
    }
  }
  const state: FamilyState = { rules, table, base };
  fillSpaces(state);
  return state;
}

/**
 * A copy of a list (a module-level function: under tsx, which keeps function names, an arrow made inside a
 * function costs a call to name it each time it is made, and this runs for every move a solution replays).
 */
const copy = <T>(list: readonly T[]): T[] => list.slice();

/** True when a pile is empty (module-level, as `copy`). */
const isEmpty = (pile: readonly unknown[]): boolean => pile.length === 0;

export function cloneTable(t: FamilyTable): FamilyTable {
  return {
    tableau: t.tableau.map(copy),
    faceDown: t.faceDown.slice(),
    foundations: t.foundations.map(copy),
    cells: t.cells.slice(),
    stock: t.stock.slice(),
    waste: t.waste.slice(),
    reserve: t.reserve.map(copy),
    hole: t.hole.slice(),
    sequences: t.sequences.map(copy),
    accordion: t.accordion.map(copy),
    ...(t.redealt !== undefined ? { redealt: t.redealt } : {}),
  };
}

const top = <T>(pile: readonly T[]): T | undefined => pile[pile.length - 1];

/** A rank counted from the foundations' base: the base is 1 and the rank below it the highest (Canfield). */
export function relativeRank(state: FamilyState, c: Card): number {
  const n = state.rules.highestRank;
  const r = (rankOf(c) - (state.base - 1) + n) % n;
  return r === 0 ? n : r;
}

/** Whether `upper` may lie on `lower` under a build rule: one rank lower, counted from the base, and the suit rule. */
export function buildsOn(state: FamilyState, build: Build, lower: Card, upper: Card): boolean {
  if (build === "none") return false;
  if (build === "suit" && suitOf(upper) !== suitOf(lower)) return false;
  if (build === "alternate-colours" && isRed(upper) === isRed(lower)) return false;
  return relativeRank(state, upper) + 1 === relativeRank(state, lower);
}

const groupBuild = (rules: FamilyRules): Build =>
  rules.tableau.groupBuild === "as-built" ? rules.tableau.build : rules.tableau.groupBuild;

/** How many cards on top of tableau pile `p` form a face-up group built by the group rule (1 for a lone card). */
export function groupHeight(state: FamilyState, p: number): number {
  const pile = state.table.tableau[p];
  if (pile.length === 0) return 0;
  // Any face-up card moves with the cards above it, built or not (Yukon).
  if (state.rules.tableau.unbuilt) return pile.length - Math.min(state.table.faceDown[p], pile.length - 1);
  const build = groupBuild(state.rules);
  let h = 1;
  while (
    h < pile.length &&
    pile.length - h - 1 >= state.table.faceDown[p] &&
    buildsOn(state, build, pile[pile.length - h - 1], pile[pile.length - h])
  )
    h++;
  return h;
}

/** The foundation that would take `c` now, or -1. */
export function foundationFor(state: FamilyState, c: Card): number {
  const f = state.rules.foundations;
  if (!f || f.wholeSuits) return -1;
  const foundations = state.table.foundations;
  for (let i = suitOf(c); i < foundations.length; i += 4) {
    const pile = foundations[i];
    if (pile.length >= state.rules.highestRank) continue;
    const t = top(pile);
    if (t === undefined ? rankOf(c) === state.base : relativeRank(state, c) === relativeRank(state, t) + 1)
      return i;
  }
  return -1;
}

/** Whether the hole takes `c`: one rank above or below its top card, wrapping king and ace when the rules say. */
export function holeTakes(state: FamilyState, c: Card): boolean {
  const hole = state.rules.hole;
  const t = top(state.table.hole);
  if (!hole || t === undefined) return false;
  const a = rankOf(c);
  const b = rankOf(t);
  if (a + 1 === b || a === b + 1) return true;
  const n = state.rules.highestRank;
  return hole.wraps && ((a === n && b === 1) || (a === 1 && b === n));
}

/** Whether tableau pile `p` is free: no covering layout, or every card covering it gone. */
export function isFree(state: FamilyState, p: number): boolean {
  const covering = state.rules.tableau.covering;
  if (!covering) return true;
  const t = state.table.tableau;
  for (const q of coveredBy(covering)[p] ?? []) if (t[q].length > 0) return false;
  return true;
}

/** The piles still covering tableau pile `p`, numbered from 1, in words: "piles 12 and 13". */
function coverersWords(state: FamilyState, p: number): string {
  const covering = state.rules.tableau.covering;
  const left = (covering ? coveredBy(covering)[p] : []).filter((q) => state.table.tableau[q].length > 0);
  return left.length === 1 ? `pile ${left[0] + 1}` : `piles ${left.map((q) => q + 1).join(" and ")}`;
}

/**
 * Pairs (Pyramid): the places a card of a pair comes from. Free tableau cards, the waste's top card, and the
 * stock's top card when the rules put it in play.
 */
function pairPlace(state: FamilyState, ref: PileRef): boolean {
  return (
    ref.kind === "cascade" ||
    ref.kind === "waste" ||
    (ref.kind === "stock" && state.rules.stock?.topInPlay === true)
  );
}

/**
 * Whether a move is a pair taken out (Pyramid): two cards, one from each of two places, neither the hole (the
 * discard) — and not the stock's own moves: a turn of one card, or the waste turned over when the stock is empty.
 */
export function isPairMove(state: FamilyState, move: FamilyMove): boolean {
  return (
    state.rules.pairs !== undefined &&
    move.count === 2 &&
    pairPlace(state, move.from) &&
    pairPlace(state, move.to) &&
    !(move.from.kind === "waste" && move.to.kind === "stock" && state.table.stock.length === 0)
  );
}

/** The card a pair's place offers, or why it offers none. */
function pairCard(state: FamilyState, ref: PileRef): Card | string {
  const t = state.table;
  if (ref.kind === "cascade") {
    const pile = t.tableau[ref.index];
    if (pile.length === 0) return `pile ${ref.index + 1} is empty`;
    if (!isFree(state, ref.index)) return `that card is covered by ${coverersWords(state, ref.index)}`;
    return pile[pile.length - 1];
  }
  if (ref.kind === "waste") return top(t.waste) ?? "the waste is empty";
  return top(t.stock) ?? "the stock is empty";
}

/** Why a pair (or a card of rank `total` alone, to the hole) may not go out, or undefined; null: not a pair's move. */
function whyNotPair(state: FamilyState, move: FamilyMove): string | undefined | null {
  const total = state.rules.pairs?.total;
  if (total === undefined) return null;
  const { from, to } = move;
  if (to.kind === "hole") {
    if (!pairPlace(state, from)) return "cards go out from the table, the waste or the stock";
    if (move.count !== 1) return "one card goes out alone";
    const c = pairCard(state, from);
    if (typeof c === "string") return c;
    return rankOf(c) === total
      ? undefined
      : `only ${aRank(total)} goes out alone; the ${cardName(c)} goes out with a card that makes ${total} with it`;
  }
  if (!isPairMove(state, move)) return null;
  if (from.kind === to.kind && from.index === to.index) return "a pair is two cards from two places";
  const a = pairCard(state, from);
  if (typeof a === "string") return a;
  const b = pairCard(state, to);
  if (typeof b === "string") return b;
  return rankOf(a) + rankOf(b) === total
    ? undefined
    : `the ${cardName(a)} and the ${cardName(b)} make ${rankOf(a) + rankOf(b)}, not ${total}`;
}

/** Under "reserve-then-waste", while a pile is empty, only the waste may play onto the tableau. */
function tableauClosed(state: FamilyState): boolean {
  return state.rules.tableau.spaces === "reserve-then-waste" && state.table.tableau.some(isEmpty);
}

/** Whether one card may go onto tableau pile `to` (as a card on its top, or into its space). */
function pileTakesCard(state: FamilyState, c: Card, to: number): string | undefined {
  const pile = state.table.tableau[to];
  const t = top(pile);
  // Piles that do not build take no card at all, not even into a space (Black Hole, Golf).
  if (state.rules.tableau.build === "none") return "nothing is played onto the piles";
  if (t !== undefined) {
    return buildsOn(state, state.rules.tableau.build, t, c) ? undefined : `it does not build on ${name(t)}`;
  }
  switch (state.rules.tableau.spaces) {
    case "none":
      return "nothing may fill a space";
    case "kings":
      return rankOf(c) === state.rules.highestRank ? undefined : "only a king may fill a space";
    default:
      return undefined;
  }
}

const name = (c: Card) => `${"A23456789TJQK"[rankOf(c) - 1]}${"CDHS"[suitOf(c)]}`;

/** The cards a pile offers to a move from it: its top card (or `count` top cards of a tableau pile). */
function sourceCard(state: FamilyState, from: PileRef): Card | undefined {
  const t = state.table;
  switch (from.kind) {
    case "cascade":
      return top(t.tableau[from.index] ?? []);
    case "cell":
      return t.cells[from.index] ?? undefined;
    case "reserve":
      return top(t.reserve[from.index] ?? []);
    case "waste":
      return top(t.waste);
    case "foundation":
      return top(t.foundations[from.index] ?? []);
    case "place":
      return atPlace(state, from.index) ?? undefined;
    case "accordion":
      return top(t.accordion[from.index] ?? []);
    default:
      return undefined;
  }
}

/** A reference's index names one of `n` places. */
function inRange(ref: PileRef, n: number): boolean {
  return Number.isInteger(ref.index) && ref.index >= 0 && ref.index < n;
}

function pileExists(state: FamilyState, ref: PileRef): boolean {
  const t = state.table;
  const r = state.rules;
  switch (ref.kind) {
    case "cascade":
      return inRange(ref, t.tableau.length);
    case "cell":
      return inRange(ref, t.cells.length);
    case "reserve":
      return inRange(ref, t.reserve.length);
    case "foundation":
      return inRange(ref, t.foundations.length);
    case "stock":
      return r.stock !== null && ref.index === 0;
    case "waste":
      return r.stock?.dealsTo === "waste" && ref.index === 0;
    case "hole":
      return (r.hole !== null || r.pairs !== undefined) && ref.index === 0;
    case "place": {
      if (!r.sequences || !Number.isInteger(ref.index) || ref.index < 0) return false;
      const n = rowLength(r);
      return (t.sequences[Math.floor(ref.index / n)]?.length ?? 0) > ref.index % n;
    }
    case "accordion":
      return r.accordion !== null && inRange(ref, t.accordion.length);
    default:
      return false;
  }
}

/**
 * Whether `count` cards of tableau pile `from`, whose group is `height` cards high, may move to pile `to` as one
 * under the group rule (still to be checked at the target).
 */
function groupAllows(state: FamilyState, from: number, to: number, count: number, height: number): boolean {
  if (count < 1 || count > height) return false;
  switch (state.rules.tableau.groups) {
    case "none":
      return count === 1;
    case "any":
      return true;
    case "whole-pile":
      return height === state.table.tableau[from].length && count === height;
    case "maximal":
      return count === height;
    case "to-uncover": {
      if (count === height || state.table.tableau[to].length === 0) return true;
      const pile = state.table.tableau[from];
      return foundationFor(state, pile[pile.length - count - 1]) >= 0;
    }
  }
}

/** Why `count` cards of tableau pile `from` may not go to tableau pile `to`, or undefined. */
function whyNotPileToPile(state: FamilyState, from: number, to: number, count: number): string | undefined {
  if (from === to) return "a pile onto itself";
  if (state.rules.tableau.build === "none") return "nothing is played onto the piles";
  if (tableauClosed(state)) return "a space must first be filled from the waste";
  const pile = state.table.tableau[from];
  if (pile.length === 0) return "the pile is empty";
  const height = groupHeight(state, from);
  if (count > height)
    return count > pile.length - state.table.faceDown[from]
      ? `there are not ${count} face-up cards there`
      : `the top ${count} cards are not a built group`;
  if (!groupAllows(state, from, to, count, height)) {
    switch (state.rules.tableau.groups) {
      case "none":
        return "cards move one at a time";
      case "whole-pile":
        return "only a whole pile moves, when it is all one group";
      case "maximal":
        return "only the whole group on top moves";
      default:
        return "part of a group moves only when the card it uncovers can then go home";
    }
  }
  const bottom = pile[pile.length - count];
  if (state.table.tableau[to].length === 0 && count > 1) {
    const spaces = state.rules.tableau.spaces;
    if (spaces === "kings") {
      // A built group headed by a king is the whole group (nothing builds on a king); a face-up group may
      // hold a king anywhere, and moves from it up.
      if (rankOf(bottom) !== state.rules.highestRank || (count !== height && !state.rules.tableau.unbuilt))
        return "only a king may fill a space";
    } else if (spaces !== "any" && spaces !== "reserve-then-any") return "a group may not fill a space";
    return undefined;
  }
  return pileTakesCard(state, bottom, to);
}

/** Why the move is illegal, in words, or undefined when it is legal. */
export function whyIllegal(state: FamilyState, move: FamilyMove): string | undefined {
  const { from, to, count } = move;
  const t = state.table;
  const rules = state.rules;
  if (!pileExists(state, from)) return "there is no such pile to move from";
  if (!pileExists(state, to)) return "there is no such pile to move to";
  if (!Number.isInteger(count) || count < 1) return "a move takes one card or more";
  const pair = whyNotPair(state, move);
  if (pair !== null) return pair;
  if (from.kind === "place" || to.kind === "place") {
    if (from.kind !== "place" || to.kind !== "place")
      return "a card of the rows moves only into a gap of the rows";
    return whyNotIntoGap(state, from.index, to.index, count);
  }
  if (from.kind === "accordion" || to.kind === "accordion") {
    if (from.kind !== "accordion" || to.kind !== "accordion")
      return "a pile of the accordion moves only onto another of its piles";
    return whyNotOntoPile(state, from.index, to.index, count);
  }

  if (from.kind === "stock") {
    const stock = rules.stock;
    if (!stock) return "there is no stock";
    if (t.stock.length === 0) return "the stock is empty";
    if (stock.dealsTo === "waste") {
      if (to.kind !== "waste") return "the stock deals to the waste";
      return count === Math.min(stock.draw, t.stock.length)
        ? undefined
        : `the stock turns ${Math.min(stock.draw, t.stock.length)} at a time`;
    }
    if (stock.dealsTo === "hole") {
      if (to.kind !== "hole") return "the stock deals to the hole";
      return count === 1 ? undefined : "the stock deals one card to the hole";
    }
    if (to.kind !== "cascade" || to.index !== 0) return "the stock deals a card onto every pile";
    if (stock.fullPiles && t.tableau.some((p) => p.length === 0))
      return "the stock deals only when every pile holds a card";
    const dealt = Math.min(t.tableau.length, t.stock.length);
    return count === dealt ? undefined : `the stock deals ${dealt} cards, one a pile`;
  }
  if (from.kind === "waste" && to.kind === "stock") {
    if (!rules.stock?.redeals) return "the waste is never turned over";
    if (t.stock.length > 0) return "the stock is not empty yet";
    const limit = rules.stock.redealLimit;
    if (limit !== undefined && (t.redealt ?? 0) >= limit)
      return `the waste turns over ${limit === 1 ? "once" : limit === 2 ? "twice" : `${limit} times`} at most, and has`;
    if (t.waste.length === 0) return "the waste is empty";
    return count === t.waste.length ? undefined : "the whole waste turns over";
  }
  if (to.kind === "stock" || to.kind === "waste" || to.kind === "reserve")
    return `nothing is played to the ${to.kind}`;
  if (from.kind === "hole") return "cards in the hole stay there";
  if (from.kind === "foundation" && !rules.foundations?.removable)
    return "cards on the foundations stay there";

  // A whole suit home from a pile (Spider).
  if (to.kind === "foundation" && rules.foundations?.wholeSuits) {
    if (from.kind !== "cascade") return "only a whole suit built on a pile goes home";
    if (t.foundations[to.index].length > 0) return "that foundation is full";
    return completeSuitOnTop(state, from.index) && count === rules.highestRank
      ? undefined
      : "only a whole suit, king to ace, goes home";
  }

  if (rules.pairs) return "cards go out in pairs, or a card alone to the discard (o)";
  if (from.kind === "cascade" && !isFree(state, from.index) && t.tableau[from.index].length > 0)
    return `that card is covered by ${coverersWords(state, from.index)}`;
  if (from.kind === "cascade" && to.kind === "cascade")
    return whyNotPileToPile(state, from.index, to.index, count);
  if (count !== 1) return "one card at a time";
  const c = sourceCard(state, from);
  if (c === undefined) return "there is no card there";
  if (from.kind === "cascade" && t.faceDown[from.index] >= t.tableau[from.index].length)
    return "that card is face down";

  switch (to.kind) {
    case "foundation": {
      if (from.kind === "foundation") return "from a foundation to a foundation";
      const f = t.foundations[to.index];
      if (to.index % 4 !== suitOf(c))
        return `that is not a ${["club", "diamond", "heart", "spade"][to.index % 4]} foundation`;
      if (f.length >= rules.highestRank) return "that foundation is full";
      const ft = top(f);
      if (ft === undefined)
        return rankOf(c) === state.base ? undefined : "the foundation starts with its base card";
      return relativeRank(state, c) === relativeRank(state, ft) + 1
        ? undefined
        : "it is not the next card of the foundation";
    }
    case "cell":
      if (from.kind === "cell") return "from a cell to a cell";
      return t.cells[to.index] === null ? undefined : "that cell is taken";
    case "hole":
      if (from.kind === "foundation") return "from a foundation to the hole";
      return holeTakes(state, c) ? undefined : "the hole takes a card one rank above or below its top card";
    case "cascade": {
      if (tableauClosed(state) && from.kind !== "waste") return "a space must first be filled from the waste";
      return pileTakesCard(state, c, to.index);
    }
    default:
      return "there is no such move";
  }
}

/** Whether the top cards of tableau pile `p` are a whole suit, king at the bottom to ace on top, face up. */
export function completeSuitOnTop(state: FamilyState, p: number): boolean {
  const n = state.rules.highestRank;
  const pile = state.table.tableau[p];
  if (pile.length < n || pile.length - n < state.table.faceDown[p]) return false;
  const suit = suitOf(pile[pile.length - 1]);
  for (let i = 0; i < n; i++) {
    const c = pile[pile.length - 1 - i];
    if (suitOf(c) !== suit || rankOf(c) !== i + 1) return false;
  }
  return true;
}

/** The places moves start from, in the order legalMoves lists them (the stock's own move comes last). */
function sourcesOf(state: FamilyState): PileRef[] {
  const t = state.table;
  const rules = state.rules;
  const sources: PileRef[] = [
    ...t.tableau.map((_, i): PileRef => ({ kind: "cascade", index: i })),
    ...t.cells.map((_, i): PileRef => ({ kind: "cell", index: i })),
    ...t.reserve.map((_, i): PileRef => ({ kind: "reserve", index: i })),
  ];
  if (rules.stock?.dealsTo === "waste") sources.push(WASTE);
  if (rules.foundations?.removable)
    sources.push(...t.foundations.map((_, i): PileRef => ({ kind: "foundation", index: i })));
  return sources;
}

/** Every legal move, in a fixed order. */
export function legalMoves(state: FamilyState): FamilyMove[] {
  const out: FamilyMove[] = [];
  if (state.rules.pairs) {
    pairMoves(state, undefined, out);
    stockMoves(state, out);
    return out;
  }
  for (const from of sourcesOf(state)) legalMovesFrom(state, from, out);
  if (state.rules.sequences) sequenceMoves(state, undefined, out);
  if (state.rules.accordion)
    for (let p = 0; p < state.table.accordion.length; p++) accordionMoves(state, p, out);
  stockMoves(state, out);
  return out;
}

/**
 * Pairs' moves (Pyramid), only those with a card from `only` when given: first each card of rank `total` alone
 * to the discard, then each pair of places whose cards add up to `total`, the earlier place (piles, then the
 * waste, then the stock) as the move's source, so each pair is listed once.
 */
function pairMoves(state: FamilyState, only: PileRef | undefined, out: FamilyMove[]): void {
  const total = state.rules.pairs?.total;
  if (total === undefined) return;
  const t = state.table;
  const places: PileRef[] = [];
  const cards: Card[] = [];
  const offer = (ref: PileRef, c: Card | undefined) => {
    if (c === undefined) return;
    places.push(ref);
    cards.push(c);
  };
  for (let p = 0; p < t.tableau.length; p++)
    if (t.tableau[p].length > 0 && isFree(state, p)) offer(tableauPile(p), top(t.tableau[p]));
  offer(WASTE, top(t.waste));
  if (state.rules.stock?.topInPlay) offer(STOCK, top(t.stock));
  const wanted = (ref: PileRef) => only === undefined || (ref.kind === only.kind && ref.index === only.index);
  for (let i = 0; i < places.length; i++)
    if (rankOf(cards[i]) === total && wanted(places[i])) out.push({ from: places[i], to: HOLE, count: 1 });
  for (let i = 0; i < places.length; i++)
    for (let j = i + 1; j < places.length; j++)
      if (rankOf(cards[i]) + rankOf(cards[j]) === total && (wanted(places[i]) || wanted(places[j])))
        out.push({ from: places[i], to: places[j], count: 2 });
}

/** The stock's move (deal, or turn the waste over), when there is one. */
function stockMoves(state: FamilyState, out: FamilyMove[]): void {
  const t = state.table;
  const stock = state.rules.stock;
  const push = (m: FamilyMove) => {
    if (whyIllegal(state, m) === undefined) out.push(m);
  };
  if (stock && t.stock.length > 0) {
    if (stock.dealsTo === "waste")
      push({ from: STOCK, to: WASTE, count: Math.min(stock.draw, t.stock.length) });
    else if (stock.dealsTo === "hole") push({ from: STOCK, to: HOLE, count: 1 });
    else push({ from: STOCK, to: tableauPile(0), count: Math.min(t.tableau.length, t.stock.length) });
  } else if (stock?.redeals && t.waste.length > 0) push({ from: WASTE, to: STOCK, count: t.waste.length });
}

/** The legal moves from one place, appended to `out` (the stock's own move when `from` is the stock). */
export function legalMovesFrom(state: FamilyState, from: PileRef, out: FamilyMove[] = []): FamilyMove[] {
  const t = state.table;
  const rules = state.rules;
  if (rules.pairs) {
    if (pileExists(state, from)) pairMoves(state, from, out);
    if (from.kind === "stock") stockMoves(state, out);
    return out;
  }
  if (from.kind === "stock") {
    stockMoves(state, out);
    return out;
  }
  if (!pileExists(state, from)) return out;
  if (from.kind === "place") return sequenceMoves(state, from.index, out);
  if (from.kind === "accordion") return accordionMoves(state, from.index, out);
  const c = sourceCard(state, from);
  if (c === undefined) return out;
  const push = (m: FamilyMove) => {
    if (whyIllegal(state, m) === undefined) out.push(m);
  };
  // One move home a card: the two foundations of a suit in a two-deck game are alike, so the first that
  // takes it stands for both (and the first empty one for a whole suit).
  if (rules.foundations?.wholeSuits) {
    const empty = t.foundations.findIndex((f) => f.length === 0);
    if (from.kind === "cascade" && empty >= 0)
      push({ from, to: { kind: "foundation", index: empty }, count: rules.highestRank });
  } else if (rules.foundations && from.kind !== "foundation") {
    const f = foundationFor(state, c);
    if (f >= 0) push({ from, to: { kind: "foundation", index: f }, count: 1 });
  }
  if (rules.hole) push({ from, to: HOLE, count: 1 });
  const build = rules.tableau.build;
  const pile = from.kind === "cascade" ? t.tableau[from.index] : [];
  const height = from.kind === "cascade" ? groupHeight(state, from.index) : 1;
  // Piles that do not build take nothing, not even into a space (whyIllegal would refuse each).
  for (let p = 0; build === "none" ? false : p < t.tableau.length; p++) {
    const to = tableauPile(p);
    const dest = t.tableau[p];
    const top = dest[dest.length - 1];
    if (from.kind === "cascade") {
      if (from.index === p) continue;
      if (top === undefined) {
        for (let count = 1; count <= height; count++)
          if (groupAllows(state, from.index, p, count, height)) push({ from, to, count });
      } else if (build !== "none") {
        // Only the card one rank below the destination's top can head the group that moves.
        for (let count = 1; count <= height; count++)
          if (buildsOn(state, build, top, pile[pile.length - count])) push({ from, to, count });
      }
    } else if (top === undefined || (build !== "none" && buildsOn(state, build, top, c)))
      push({ from, to, count: 1 });
  }
  if (from.kind !== "cell")
    for (let i = 0; i < t.cells.length; i++) {
      if (t.cells[i] === null) push({ from, to: { kind: "cell", index: i }, count: 1 });
    }
  return out;
}

/** The cards of a move, taken off their pile. */
function take(table: FamilyTable, from: PileRef, count: number): Card[] {
  switch (from.kind) {
    case "cascade": {
      const pile = table.tableau[from.index];
      return pile.splice(pile.length - count, count);
    }
    case "cell": {
      const c = table.cells[from.index] as Card;
      table.cells[from.index] = null;
      return [c];
    }
    case "reserve":
      return table.reserve[from.index].splice(-count, count);
    case "waste":
      return table.waste.splice(-count, count);
    case "stock":
      return table.stock.splice(-count, count);
    case "foundation":
      return table.foundations[from.index].splice(-count, count);
    default:
      throw new RangeError(`no cards are taken from ${from.kind}`);
  }
}

/** The position after a legal move; an illegal one throws IllegalMoveError with the reason. */
export function apply(state: FamilyState, move: FamilyMove): FamilyState {
  const next: FamilyState = { rules: state.rules, table: cloneTable(state.table), base: state.base };
  playInPlace(next, move);
  return next;
}

/** A copy of a position, to play moves on in place (`playInPlace`). */
export function copyState(state: FamilyState): FamilyState {
  return { rules: state.rules, table: cloneTable(state.table), base: state.base };
}

/**
 * Plays a move on the position itself (apply's work without the copy: a replay of a long win copies the table
 * once, not once a move). Throws IllegalMoveError, leaving the position as it was, when the move is not legal.
 */
export function playInPlace(next: FamilyState, move: FamilyMove): void {
  const reason = whyIllegal(next, move);
  if (reason !== undefined) throw new IllegalMoveError(move, reason);
  const t = next.table;
  const { from, to, count } = move;
  if (isPairMove(next, move)) {
    // Both cards out of play, to the discard (the hole's list).
    const a = take(t, from, 1)[0];
    const b = take(t, to, 1)[0];
    t.hole.push(a, b);
  } else if (from.kind === "stock" && to.kind === "waste") {
    // Turned one at a time, so the last turned is on top.
    for (const c of take(t, STOCK, count).reverse()) t.waste.push(c);
  } else if (from.kind === "waste" && to.kind === "stock") {
    for (const c of take(t, WASTE, count).reverse()) t.stock.push(c);
    // Kept under every redeal rule: where the rules limit the passes, their count, part of the position (key.ts);
    // elsewhere 1 once the waste has been turned over, what the player has seen (knowledge.ts) and nothing more
    // (a count there would grow with every round of the stock and make a repeated position look new to the
    // blind player's loop guard), which no key reads and the packed search never holds.
    t.redealt = next.rules.stock?.redealLimit !== undefined ? (t.redealt ?? 0) + 1 : 1;
  } else if (from.kind === "stock" && to.kind === "cascade") {
    for (let p = 0; p < count; p++) t.tableau[p].push(take(t, STOCK, 1)[0]);
  } else if (from.kind === "place") {
    const n = rowLength(next.rules);
    const c = t.sequences[Math.floor(from.index / n)][from.index % n];
    t.sequences[Math.floor(from.index / n)][from.index % n] = null;
    t.sequences[Math.floor(to.index / n)][to.index % n] = c;
  } else if (from.kind === "accordion") {
    t.accordion[to.index].push(...t.accordion[from.index]);
    t.accordion.splice(from.index, 1);
  } else {
    const cards = take(t, from, count);
    switch (to.kind) {
      case "cascade":
        t.tableau[to.index].push(...cards);
        break;
      case "foundation":
        // A whole suit goes up ace first.
        t.foundations[to.index].push(...cards.reverse());
        break;
      case "cell":
        t.cells[to.index] = cards[0];
        break;
      case "hole":
        t.hole.push(cards[0]);
        break;
      default:
        throw new RangeError(`nothing is played to ${to.kind}`);
    }
  }
  turnUp(next);
  fillSpaces(next);
}

/** A tableau pile whose face-up cards are all gone turns its top card up. */
function turnUp(state: FamilyState): void {
  const t = state.table;
  if (state.rules.tableau.covering) {
    // A covering layout's card turns up when the last card over it goes (TriPeaks); its piles hold one card.
    hideCovered(state.rules, t);
    return;
  }
  for (let p = 0; p < t.tableau.length; p++) {
    if (t.faceDown[p] > 0 && t.faceDown[p] >= t.tableau[p].length) t.faceDown[p] = t.tableau[p].length - 1;
  }
}

/**
 * The spaces the rules fill at once: from the reserve while it lasts ("reserve-then-…"), or from the waste and
 * then the stock ("waste-then-stock"), leftmost space first.
 */
export function fillSpaces(state: FamilyState): void {
  const t = state.table;
  const spaces = state.rules.tableau.spaces;
  for (let p = 0; p < t.tableau.length; p++) {
    if (t.tableau[p].length > 0) continue;
    if (spaces === "reserve-then-any" || spaces === "reserve-then-waste") {
      const reserve = t.reserve.find((r) => r.length > 0);
      if (reserve) t.tableau[p].push(reserve.pop() as Card);
    } else if (spaces === "waste-then-stock") {
      if (t.waste.length > 0) t.tableau[p].push(t.waste.pop() as Card);
      else if (t.stock.length > 0) t.tableau[p].push(t.stock.pop() as Card);
    }
  }
}

/**
 * Whether the game is won: every card home, or in the hole; in Gaps every row a run from its 2 to its highest rank
 * with its gap at the end; in the accordion one pile left (Solvitaire's rule, Knuth's 18 cards too).
 */
export function isWon(state: FamilyState): boolean {
  const t = state.table;
  const rules = state.rules;
  if (rules.goal === "clear-tableau") return t.tableau.every(isEmpty);
  if (rules.foundations) return t.foundations.reduce((n, f) => n + f.length, 0) === deckSize(rules);
  if (rules.hole) return t.hole.length === deckSize(rules);
  if (rules.sequences) return t.sequences.every((_, r) => rowComplete(state, r));
  if (rules.accordion) return t.accordion.length === 1;
  return false;
}

/**
 * Whether no card can ever go onto c, going home to foundation f: cards never come back off the foundations, and
 * every card of the rank below of a suit the build takes is home (each foundation of such a suit at least there).
 */
function nothingGoesOnto(state: FamilyState, c: Card, f: number): boolean {
  if (state.rules.foundations?.removable !== false) return false;
  const build = state.rules.tableau.build;
  const below = relativeRank(state, c) - 1;
  const foundations = state.table.foundations;
  for (let i = 0; i < foundations.length; i++) {
    if (i === f || build === "none") continue;
    if (build === "suit" && (i & 3) !== suitOf(c)) continue;
    if (build === "alternate-colours" && isRed(i) === isRed(c)) continue;
    const ft = top(foundations[i]);
    if ((ft === undefined ? 0 : relativeRank(state, ft)) < below) return false;
  }
  return true;
}

/**
 * A card that may go home now with no loss: nothing still to be played could need it (Solvitaire's proved
 * rule). With piles built in suit or not at all, any card; in alternate colours, when the foundations of the
 * other colour are at most two ranks lower and the other of its own colour at most three (or, with cards that
 * never come back, the other colour at most one lower); in any suit, when every other is at most two lower.
 * Never with whole-suit foundations, where the proof does not hold. With unbuilt groups (Yukon) only
 * when every card that could go on it is home for good (cards that never come back, every foundation it could
 * build on at most one lower): a card of the rank below could otherwise go onto it carrying cards that do not
 * follow it home, which the looser rules' proofs assume they do.
 *
 * With two decks, by that last rule alone: every copy of every card that could go onto it (the rank below, of a
 * suit the build takes) is home, and cards never come back, so no card can ever go onto it; nor do spaces fill
 * by themselves, nor the stock deal onto the piles (a space left where it lay could change what those do).
 * Then it only ever stands in the way: any line of play that leaves it on the table plays as well with it home,
 * its own moves left out (it leaves a space or a waste card sooner, and its foundation takes the next card
 * sooner). Where the two foundations of its suit take it, either does: the key counts them as a pair.
 */
export function safeHome(state: FamilyState, c: Card, f: number): boolean {
  const rules = state.rules;
  const fr = rules.foundations;
  if (!fr || fr.wholeSuits) return false;
  const build = rules.tableau.build;
  if (rules.decks !== 1) {
    const spaces = rules.tableau.spaces;
    if (rules.stock?.dealsTo === "piles") return false;
    if (spaces !== "any" && spaces !== "kings" && spaces !== "none") return false;
    return nothingGoesOnto(state, c, f);
  }
  if (build === "none" || build === "suit") return true;
  const rank = relativeRank(state, c);
  let same = 0;
  let other = 0;
  for (let i = 0; i < state.table.foundations.length; i++) {
    if (i === f) continue;
    const ft = top(state.table.foundations[i]);
    const diff = rank - (ft === undefined ? 0 : relativeRank(state, ft));
    if (build === "alternate-colours" && isRed(i) === isRed(c)) same = diff;
    else other = Math.max(other, diff);
  }
  if (rules.tableau.unbuilt) return nothingGoesOnto(state, c, f);
  if (build === "alternate-colours") return (other <= 2 && same <= 3) || (other <= 1 && !fr.removable);
  return other <= 2;
}

/**
 * Pairs' automatic move (Pyramid, under "safe" and "all"): a card of the total's rank (a king) in play goes out
 * alone, and two cards in play that make the total go out together when neither has any other partner left
 * anywhere (no other card of either rank is left on the table, the stock or the waste). Proved never wrong: such
 * cards can only ever leave as this move, so the position without them allows every move the position with them
 * allows (their places in the pyramid only cover cards; in the stock and the waste they only stand between
 * cards), with as many redeals left or more; and a pyramid cleared with them is cleared without them.
 */
function nextPairOut(state: FamilyState): FamilyMove | undefined {
  const total = state.rules.pairs?.total as number;
  const moves: FamilyMove[] = [];
  pairMoves(state, undefined, moves);
  const alone = moves.find((m) => m.to.kind === "hole");
  if (alone) return alone;
  if (moves.length === 0) return undefined;
  // How many cards of each rank are left anywhere.
  const left = new Array<number>(state.rules.highestRank + 2).fill(0);
  const t = state.table;
  for (const pile of t.tableau) for (const c of pile) left[rankOf(c)]++;
  for (const c of t.stock) left[rankOf(c)]++;
  for (const c of t.waste) left[rankOf(c)]++;
  return moves.find((m) => {
    const a = pairCard(state, m.from) as Card;
    return left[rankOf(a)] === 1 && left[total - rankOf(a)] === 1;
  });
}

/**
 * Whether the position is proved lost by a bound of the rules, for a search to cut (Pyramid: pairs and the goal of
 * clearing the table). A card of the table that is not of the total's rank must go out with a partner (a card of
 * the rank that makes the total with it) that is in play at the same time; every card covering it, and every card
 * covering those, is gone before it is free. So when every partner left anywhere (the table, the stock, the
 * waste) lies over it in that sense, or none is left, it can never go and the table is never cleared. This stays
 * true of every position after (partners only leave, and what covers a card goes on covering it), so the bound
 * cuts whole subtrees with no win in them. False whenever it proves nothing, and for every other kind of rules.
 */
export function provedLost(state: FamilyState): boolean {
  const total = state.rules.pairs?.total;
  const covering = state.rules.tableau.covering;
  if (total === undefined || !covering || state.rules.goal !== "clear-tableau") return false;
  const t = state.table;
  const above = overAll(covering);
  const left = new Array<number>(2 * state.rules.highestRank + 2).fill(0);
  for (const pile of t.tableau) for (const c of pile) left[rankOf(c)]++;
  for (const c of t.stock) left[rankOf(c)]++;
  for (const c of t.waste) left[rankOf(c)]++;
  for (let p = 0; p < t.tableau.length; p++) {
    if (t.tableau[p].length === 0) continue;
    const r = rankOf(t.tableau[p][0]);
    if (r === total) continue;
    const want = total - r;
    if (want < 1 || want > state.rules.highestRank) return true;
    // Partners left anywhere, less the card itself (a rank that pairs with itself) and those over it.
    let partners = left[want] - (want === r ? 1 : 0);
    const over = above[p];
    for (let i = 0; i < over.length && partners > 0; i++) {
      const pile = t.tableau[over[i]];
      if (pile.length > 0 && rankOf(pile[0]) === want) partners--;
    }
    if (partners <= 0) return true;
  }
  return false;
}

const OVER_ALL = new WeakMap<Covering, readonly (readonly number[])[]>();

/** Every place over each place, however far up (the closure of `coveredBy`), each once; made once per layout. */
function overAll(covering: Covering): readonly (readonly number[])[] {
  let out = OVER_ALL.get(covering);
  if (out === undefined) {
    const direct = coveredBy(covering);
    out = direct.map((first) => {
      const seen = new Set<number>();
      const stack = [...first];
      while (stack.length > 0) {
        const q = stack.pop() as number;
        if (seen.has(q)) continue;
        seen.add(q);
        stack.push(...direct[q]);
      }
      return [...seen];
    });
    OVER_ALL.set(covering, out);
  }
  return out;
}

/** The automatic moves of a policy from `state`, each after the previous one: cards home from the table. */
export function autoMoves(state: FamilyState, policy: AutoPolicy): FamilyMove[] {
  if (policy === "none") return [];
  const out: FamilyMove[] = [];
  let s = state;
  for (;;) {
    const move = nextAutoMove(s, policy);
    if (!move) return out;
    out.push(move);
    s = apply(s, move);
  }
}

function nextAutoMove(state: FamilyState, policy: AutoPolicy): FamilyMove | undefined {
  const t = state.table;
  if (state.rules.pairs) return nextPairOut(state);
  const sources: PileRef[] = [
    ...t.tableau.map((_, i): PileRef => ({ kind: "cascade", index: i })),
    ...t.cells.map((_, i): PileRef => ({ kind: "cell", index: i })),
    ...t.reserve.map((_, i): PileRef => ({ kind: "reserve", index: i })),
  ];
  if (state.rules.foundations?.wholeSuits) {
    if (policy !== "all") return undefined;
    const empty = t.foundations.findIndex((f) => f.length === 0);
    for (let p = 0; p < t.tableau.length; p++)
      if (empty >= 0 && completeSuitOnTop(state, p))
        return {
          from: tableauPile(p),
          to: { kind: "foundation", index: empty },
          count: state.rules.highestRank,
        };
    return undefined;
  }
  if (policy === "all" && state.rules.stock?.dealsTo === "waste") sources.push(WASTE);
  for (const from of sources) {
    const c = sourceCard(state, from);
    if (c === undefined) continue;
    if (from.kind === "cascade" && t.faceDown[from.index] >= t.tableau[from.index].length) continue;
    const f = foundationFor(state, c);
    if (f < 0) continue;
    if (policy === "all" || safeHome(state, c, f))
      return { from, to: { kind: "foundation", index: f }, count: 1 };
  }
  return undefined;
}

// Gaps: rows of places, a card or a gap (null) in each; the aces are out of play, one gap for each.

/** How many places a row of Gaps has (the longest row: the deck dealt over the rows, 13 for 52 cards in 4). */
export function rowLength(rules: FamilyRules): number {
  return rules.sequences ? Math.ceil(deckSize(rules) / rules.sequences.rows) : 0;
}

/** How many places row `r` has: the deal gives card t to row t mod rows, aces included. */
export function rowLengthOf(rules: FamilyRules, r: number): number {
  return rules.sequences ? Math.ceil((deckSize(rules) - r) / rules.sequences.rows) : 0;
}

/** The card at a place, null for a gap, undefined for no such place. */
export function atPlace(state: FamilyState, index: number): Card | null | undefined {
  const n = rowLength(state.rules);
  if (n === 0) return undefined;
  return state.table.sequences[Math.floor(index / n)]?.[index % n];
}

/** The suit of row `r` when the rows' suits are fixed: Solvitaire's suit order, clubs, hearts, spades, diamonds. */
export const rowSuit = (r: number): Suit => SOLVITAIRE_SUITS[r % 4] as Suit;

const sequenceLowest = 2;

/** A rank's name with its article: "a two", "an eight". */
export const aRank = (rank: number): string =>
  `${/^[aeiou]/.test(RANK_NAMES[rank - 1]) ? "an" : "a"} ${RANK_NAMES[rank - 1]}`;

/**
 * Why the card at place `from` may not go into place `to`, or undefined. A gap takes, building left (from the card
 * on its left), the next card up of that card by the build rule, and in the first column a 2 (the lowest card, the
 * aces being out); building right (from the card on its right), the next card down, and in the last column the
 * highest rank; building both ways, either. A gap after the highest rank or after a gap takes nothing. With fixed
 * suits a row's first card is of the row's suit (Solvitaire's basic variant: row a clubs, b hearts, c spades, d
 * diamonds); a 2 may come from anywhere, even from heading another row (Solvitaire's rule, Montana's free twos).
 */
function whyNotIntoGap(state: FamilyState, from: number, to: number, count: number): string | undefined {
  if (count !== 1) return "one card at a time";
  const c = atPlace(state, from);
  if (c === null || c === undefined) return "there is no card there";
  if (atPlace(state, to) !== null) return `${placeWords(state, to)} is not a gap`;
  return gapRefuses(state, c, to);
}

/** Whether the gap at place `to` takes card `c` (see whyNotIntoGap; sequenceMoves finds the same cards its way). */
function gapTakes(state: FamilyState, c: Card, to: number): boolean {
  const seq = state.rules.sequences;
  if (!seq) return false;
  const n = rowLength(state.rules);
  const r = Math.floor(to / n);
  const k = to % n;
  const row = state.table.sequences[r];
  if (seq.direction !== "right") {
    if (k === 0) {
      if (rankOf(c) === sequenceLowest && (!seq.fixedSuits || suitOf(c) === rowSuit(r))) return true;
    } else {
      const left = row[k - 1];
      if (left !== null && buildsOn(state, seq.build, c, left)) return true;
    }
  }
  if (seq.direction !== "left") {
    if (k === row.length - 1) {
      if (rankOf(c) === state.rules.highestRank && (!seq.fixedSuits || suitOf(c) === rowSuit(r))) return true;
    } else {
      const right = row[k + 1];
      if (right !== null && buildsOn(state, seq.build, right, c)) return true;
    }
  }
  return false;
}

/** Why the gap at place `to` does not take card `c`, or undefined when it does (see whyNotIntoGap). */
function gapRefuses(state: FamilyState, c: Card, to: number): string | undefined {
  const seq = state.rules.sequences;
  if (!seq) return "there are no rows";
  if (gapTakes(state, c, to)) return undefined;
  const n = rowLength(state.rules);
  const r = Math.floor(to / n);
  const k = to % n;
  const row = state.table.sequences[r];
  const highest = state.rules.highestRank;
  const reasons: string[] = [];
  const heads = (rank: number, where: string): string | undefined => {
    if (rankOf(c) !== rank) return `${where} takes ${aRank(rank)}`;
    if (seq.fixedSuits && suitOf(c) !== rowSuit(r))
      return `${where} takes the ${RANK_NAMES[rank - 1]} of ${SUIT_NAMES[rowSuit(r)]}, the suit of row ${ROW_LETTERS[r]}`;
    return undefined;
  };
  const next = (neighbour: Card | null | undefined, side: "left" | "right"): string | undefined => {
    if (neighbour === null || neighbour === undefined) return `nothing goes next to a gap on its ${side}`;
    const [lower, upper] = side === "left" ? [c, neighbour] : [neighbour, c];
    if (side === "left" && rankOf(neighbour) === highest) return `nothing goes after ${aRank(highest)}`;
    if (side === "right" && rankOf(neighbour) === sequenceLowest)
      return `nothing goes before ${aRank(sequenceLowest)}`;
    if (buildsOn(state, seq.build, lower, upper)) return undefined;
    return `the gap takes the card one rank ${side === "left" ? "above" : "below"} the ${cardName(neighbour)} on its ${side}${seq.build === "suit" ? ", in suit" : seq.build === "alternate-colours" ? ", in the other colour" : ""}, not the ${cardName(c)}`;
  };
  if (seq.direction !== "right") {
    const why = k === 0 ? heads(sequenceLowest, "a gap in the first column") : next(row[k - 1], "left");
    if (why === undefined) return undefined;
    reasons.push(why);
  }
  if (seq.direction !== "left") {
    const why = k === row.length - 1 ? heads(highest, "a gap in the last column") : next(row[k + 1], "right");
    if (why === undefined) return undefined;
    reasons.push(why);
  }
  return reasons.join("; and ");
}

export const ROW_LETTERS = "abcdefgh";

/** A place in words: "row b, place 7". */
export function placeWords(state: FamilyState, index: number): string {
  const n = rowLength(state.rules);
  return `row ${ROW_LETTERS[Math.floor(index / n)]}, place ${(index % n) + 1}`;
}

/** The cards a build rule lets lie next to `c`, one rank away (`step` +1 above it, -1 below it), any copy. */
function neighbours(state: FamilyState, build: Build, c: Card, step: 1 | -1): Card[] {
  const rank = rankOf(c) + step;
  if (build === "none" || rank < 1 || rank > state.rules.highestRank) return [];
  const out: Card[] = [];
  for (let suit = 0; suit < 4; suit++) {
    if (build === "suit" && suit !== suitOf(c)) continue;
    if (build === "alternate-colours" && isRed(suit) === isRed(c)) continue;
    out.push((rank - 1) * 4 + suit);
  }
  return out;
}

/**
 * The moves of Gaps, gap by gap in row order, for each gap the cards it takes in the order of their places; only
 * from place `from` when given. Each gap's candidates come from its neighbours (a handful of cards), found by an
 * index of the places.
 */
function sequenceMoves(state: FamilyState, from: number | undefined, out: FamilyMove[]): FamilyMove[] {
  const seq = state.rules.sequences;
  if (!seq) return out;
  const n = rowLength(state.rules);
  const rows = state.table.sequences;
  const placesOf = new Map<Card, number[]>();
  for (let r = 0; r < rows.length; r++)
    for (let k = 0; k < rows[r].length; k++) {
      const c = rows[r][k];
      if (c === null) continue;
      const at = r * n + k;
      if (from !== undefined && at !== from) continue;
      const list = placesOf.get(c);
      if (list) list.push(at);
      else placesOf.set(c, [at]);
    }
  const heads = (rank: number, r: number): Card[] =>
    seq.fixedSuits ? [(rank - 1) * 4 + rowSuit(r)] : [0, 1, 2, 3].map((suit) => (rank - 1) * 4 + suit);
  for (let r = 0; r < rows.length; r++)
    for (let k = 0; k < rows[r].length; k++) {
      if (rows[r][k] !== null) continue;
      const wanted: Card[] = [];
      if (seq.direction !== "right") {
        const left = rows[r][k - 1];
        if (k === 0) wanted.push(...heads(sequenceLowest, r));
        else if (left !== null) wanted.push(...neighbours(state, seq.build, left, 1));
      }
      if (seq.direction !== "left") {
        const right = rows[r][k + 1];
        if (k === rows[r].length - 1) wanted.push(...heads(state.rules.highestRank, r));
        else if (right !== null) wanted.push(...neighbours(state, seq.build, right, -1));
      }
      const sources: number[] = [];
      for (const c of new Set(wanted)) sources.push(...(placesOf.get(c) ?? []));
      sources.sort((a, b) => a - b);
      for (const at of sources) out.push({ from: placeRef(at), to: placeRef(r * n + k), count: 1 });
    }
  return out;
}

/**
 * Whether row `r` is done: its cards a run from the 2 up to the highest rank by the build rule, left to right, and
 * its one gap at the end the cards build from (the right end building left, the left end building right, either
 * building both ways). Solvitaire's test, which knows only rows building left; the rows' suits are not checked
 * even when fixed (neither Solvitaire nor Montana does: a 2 of another suit heading a row may stay there).
 */
function rowComplete(state: FamilyState, r: number): boolean {
  const seq = state.rules.sequences;
  const row = state.table.sequences[r];
  if (!seq || row.length === 0) return false;
  const last = row.length - 1;
  const gapLeft = row[0] === null && seq.direction !== "left";
  const gapRight = row[last] === null && seq.direction !== "right";
  if (!gapLeft && !gapRight) return false;
  const cards = gapRight ? row.slice(0, last) : row.slice(1);
  if (cards.some((c) => c === null) || cards.length === 0 || rankOf(cards[0] as Card) !== sequenceLowest)
    return false;
  for (let i = 1; i < cards.length; i++)
    if (!buildsOn(state, seq.build, cards[i] as Card, cards[i - 1] as Card)) return false;
  return true;
}

// The accordion: piles in a row, each moving whole onto the pile a rule's distance away when their top cards match.

/** Whether a pile whose top card is `moving` may go onto one whose top card is `onto`, under the rules' matches. */
export function accordionMatches(rules: AccordionRules, onto: Card, moving: Card): boolean {
  return rules.matches.some((m) => {
    switch (m) {
      case "same-rank":
        return rankOf(onto) === rankOf(moving);
      case "same-suit":
        return suitOf(onto) === suitOf(moving);
      case "alternate-colours":
        return isRed(onto) !== isRed(moving);
      default:
        return true;
    }
  });
}

/** The pile a move rule sends pile `from` onto, or -1 past either end. */
function accordionTarget(from: number, move: { direction: "left" | "right"; distance: number }, n: number) {
  const to = move.direction === "left" ? from - move.distance : from + move.distance;
  return to >= 0 && to < n && to !== from ? to : -1;
}

function whyNotOntoPile(state: FamilyState, from: number, to: number, count: number): string | undefined {
  const rules = state.rules.accordion;
  const piles = state.table.accordion;
  if (!rules) return "there is no accordion";
  if (!rules.moves.some((m) => accordionTarget(from, m, piles.length) === to))
    return `a pile moves only ${movesWords(rules)}`;
  if (count !== piles[from].length) return "the whole pile moves";
  const onto = top(piles[to]) as Card;
  const moving = top(piles[from]) as Card;
  return accordionMatches(rules, onto, moving)
    ? undefined
    : `the ${cardName(moving)} does not match the ${cardName(onto)} (${matchesWords(rules)})`;
}

/** The accordion's moves from pile `from`, in the order of the rules' moves. */
function accordionMoves(state: FamilyState, from: number, out: FamilyMove[]): FamilyMove[] {
  const rules = state.rules.accordion;
  const piles = state.table.accordion;
  if (!rules || from < 0 || from >= piles.length) return out;
  const seen: number[] = [];
  for (const m of rules.moves) {
    const to = accordionTarget(from, m, piles.length);
    if (to < 0 || seen.includes(to)) continue;
    seen.push(to);
    if (accordionMatches(rules, top(piles[to]) as Card, top(piles[from]) as Card))
      out.push({ from: accordionPile(from), to: accordionPile(to), count: piles[from].length });
  }
  return out;
}

/** The accordion's moves in words: "onto the pile 1 or 3 to its left". */
export function movesWords(rules: AccordionRules): string {
  const sides = (["left", "right"] as const)
    .map((side) => {
      const distances = rules.moves.filter((m) => m.direction === side).map((m) => m.distance);
      if (distances.length === 0) return "";
      const list =
        distances.length === 1
          ? String(distances[0])
          : `${distances.slice(0, -1).join(", ")} or ${distances[distances.length - 1]}`;
      return `${list} to its ${side}`;
    })
    .filter((x) => x !== "");
  return `onto the pile ${sides.join(" or ")}`;
}

/** The accordion's matches in words: "same suit or same rank". */
export function matchesWords(rules: AccordionRules): string {
  const words: Record<string, string> = {
    "same-rank": "same rank",
    "same-suit": "same suit",
    "alternate-colours": "other colour",
    "any-suit": "any card",
  };
  return rules.matches.map((m) => words[m]).join(" or ");
}
