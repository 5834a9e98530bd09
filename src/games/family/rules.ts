import { type Card, CLUBS, DIAMONDS, HEARTS, rankOf, SPADES, type Suit, suitOf } from "../../cards/card.ts";

/**
 * The rules of a patience game of the family, as data. One schema says every game Solvitaire's presets name and
 * the others of the catalogue: the parts a table may have (tableau piles, foundations, a hole, free cells, a
 * stock and its waste, a reserve, Gaps' sequences, an accordion), how each builds and what fills a space, and
 * the deck (one or two, possibly stopping below the king).
 *
 * The words are ours; docs/family.md maps them to Solvitaire's rule fields.
 */

/** How cards build on one another: down in alternate colours, down in suit, down in any suit, or not at all. */
export type Build = "alternate-colours" | "suit" | "any-suit" | "none";
export const BUILDS: readonly Build[] = ["alternate-colours", "suit", "any-suit", "none"];

/**
 * What may fill an empty tableau pile: any card, only a king (the highest rank), nothing; or it is filled at
 * once from the reserve and, once the reserve is empty, by the player with any card or from the waste alone;
 * or at once from the waste, then from the stock.
 */
export type Spaces =
  | "any"
  | "kings"
  | "none"
  | "reserve-then-any"
  | "reserve-then-waste"
  | "waste-then-stock";
export const SPACES: readonly Spaces[] = [
  "any",
  "kings",
  "none",
  "reserve-then-any",
  "reserve-then-waste",
  "waste-then-stock",
];

/**
 * Which built groups move as one: none (one card at a time), any group that is built, only a whole pile, only
 * the largest group on a pile, or a part of a group only when the card it uncovers can then go somewhere
 * (Solvitaire's rule for Klondike and Canfield). With `unbuilt` (TableauRules), "any" is any face-up card with
 * every card above it, built or not.
 */
export type Groups = "none" | "any" | "whole-pile" | "maximal" | "to-uncover";
export const GROUPS: readonly Groups[] = ["none", "any", "whole-pile", "maximal", "to-uncover"];

/**
 * A deal by counts (Yukon, Scorpion): pile i is dealt `down[i]` cards face down and then `up[i]` face up. The
 * face-down cards go first, row by row onto the piles that still take one, left to right; then the face-up ones
 * the same way. The counts use up the cards the other parts leave.
 */
export interface TableauLayout {
  down: readonly number[];
  up: readonly number[];
}

/**
 * Piles laid out in overlapping rows (Pyramid, TriPeaks): one card a pile, each pile at a place, its row counted
 * from the top and its column in half-card steps. A card is covered by the cards of the next row down whose
 * column is one step to either side of its own, and is free to play only when every card covering it is gone.
 * Nothing is played onto these piles.
 */
export interface Covering {
  /** Each pile's place: [row from the top, column in half-card steps from the left]. */
  places: readonly (readonly [number, number])[];
  /** A covered card lies face down until it is freed (TriPeaks); else every card lies face up (Pyramid). */
  hidden: boolean;
}

/** Free cards leave the table two at a time when their ranks add up to `total`; a card of rank `total` alone. */
export interface PairRules {
  total: number;
}

export interface TableauRules {
  piles: number;
  build: Build;
  spaces: Spaces;
  groups: Groups;
  /** How a group that moves as one must be built (Spider: in suit, though single cards build in any suit). */
  groupBuild: Build | "as-built";
  /** Pile i is dealt i + 1 cards (Klondike's triangle), dealt from the right. */
  diagonal: boolean;
  /** Only the top card of each pile is dealt face up. */
  faceDown: boolean;
  /**
   * With groups "any": any face-up card moves with all the cards above it, whether they are built or not (Yukon,
   * Scorpion); only the card at its bottom must build on the card it goes onto.
   */
  unbuilt?: boolean;
  /** The cards each pile is dealt, face down and face up, instead of rows over every pile (see TableauLayout). */
  layout?: TableauLayout;
  /** One card a pile, the piles overlapping in rows, each card free when the cards over it are gone (Covering). */
  covering?: Covering;
}

export interface FoundationRules {
  /** How many cards each foundation holds at the start: none, the base card of one suit, or every base card. */
  start: "none" | "one" | "all";
  /** The rank each foundation starts with: 1 (ace), or the rank of the deal's first card ("random"). */
  base: number | "random";
  /** Cards may be played back off the foundations. */
  removable: boolean;
  /** Only a whole suit, king to ace, built on a tableau pile may go up, all at once (Spider). */
  wholeSuits: boolean;
}

export interface HoleRules {
  /** The card in the hole at the start, or the deal's first card ("random"). */
  base: Card | "random";
  /** A king goes on an ace and an ace on a king (Black Hole); not in Golf. */
  wraps: boolean;
}

export interface CellRules {
  count: number;
  /** How many cells are dealt a card. */
  filled: number;
}

export interface StockRules {
  size: number;
  /** Where the stock deals: to a waste, one card onto every tableau pile, or to the hole (Golf). */
  dealsTo: "waste" | "piles" | "hole";
  /** Cards turned to the waste at a time. */
  draw: number;
  /** The waste may be turned over into a new stock, as often as the player likes. */
  redeals: boolean;
  /** A stock that deals onto the piles deals only when every pile holds a card (Microsoft's Spider). */
  fullPiles?: boolean;
  /** With redeals: how many times the waste may be turned over (as often as the player likes when absent). */
  redealLimit?: number;
  /** The stock's top card lies face up and is in play, as the waste's is (Pyramid's pairs). */
  topInPlay?: boolean;
}

export interface ReserveRules {
  size: number;
  /** One pile, only its top card playable (Canfield); else every card lies apart and is playable. */
  stacked: boolean;
}

export interface SequenceRules {
  /** Rows of Gaps. */
  rows: number;
  /** Which way a card builds into a gap: after the card to its left, before the card to its right, or both. */
  direction: "left" | "right" | "both";
  build: Build;
  /** A row's suit is fixed by the card that begins it. */
  fixedSuits: boolean;
}

export interface AccordionMove {
  direction: "left" | "right";
  distance: number;
}

export interface AccordionRules {
  size: number;
  /** Where a pile may move onto another: one to the left, three to the left (the classic game). */
  moves: readonly AccordionMove[];
  /** When a pile may move onto another: same rank, same suit, and so on. */
  matches: readonly ("same-rank" | "same-suit" | "alternate-colours" | "any-suit")[];
}

export interface FamilyRules {
  decks: 1 | 2;
  /**
   * How many suits the deck holds (4 unless told): 2, spades and hearts; 1, spades. The deck keeps its size, so
   * each card of a deck of fewer suits has more copies (Spider with one suit: eight of each spade). Only with
   * whole-suit foundations or none, where no foundation belongs to a suit.
   */
  suits?: 1 | 2 | 4;
  /** The highest rank of the deck (13; 8 in Thirty). */
  highestRank: number;
  tableau: TableauRules;
  /** null: the game has no foundations (Black Hole, Golf, Accordion, Gaps). */
  foundations: FoundationRules | null;
  hole: HoleRules | null;
  cells: CellRules;
  stock: StockRules | null;
  reserve: ReserveRules | null;
  sequences: SequenceRules | null;
  accordion: AccordionRules | null;
  /**
   * Cards leave the table in pairs that add up to a total (Pyramid): the pairs go out of play, to a discard pile
   * (the table's `hole` list, as no hole rule is then in force).
   */
  pairs?: PairRules;
  /**
   * What wins: every card home, in the hole, or in order (unless told), or "clear-tableau": every tableau pile
   * emptied (Pyramid and TriPeaks, where the stock's cards need not all go).
   */
  goal?: "clear-tableau";
}

/** The rules every part starts from: eight piles in any suit, any card in a space, single cards, foundations. */
export const BASE_RULES: FamilyRules = {
  decks: 1,
  highestRank: 13,
  tableau: {
    piles: 8,
    build: "any-suit",
    spaces: "any",
    groups: "none",
    groupBuild: "as-built",
    diagonal: false,
    faceDown: false,
  },
  foundations: { start: "none", base: 1, removable: false, wholeSuits: false },
  hole: null,
  cells: { count: 0, filled: 0 },
  stock: null,
  reserve: null,
  sequences: null,
  accordion: null,
};

/** How many cards the deck holds. */
export function deckSize(rules: FamilyRules): number {
  return rules.decks * 4 * rules.highestRank;
}

/** The suits of the deck, in card.ts's codes: every suit, or spades and hearts, or spades. */
export function deckSuits(rules: FamilyRules): readonly Suit[] {
  const n = rules.suits ?? 4;
  return n === 4 ? [CLUBS, DIAMONDS, HEARTS, SPADES] : n === 2 ? [HEARTS, SPADES] : [SPADES];
}

/** How many copies of card `c` the deck holds: one a deck, times 4 / suits for a deck of fewer suits; 0 for a card not in it. */
export function copiesOf(rules: FamilyRules, c: Card): number {
  if (rankOf(c) > rules.highestRank || !deckSuits(rules).includes(suitOf(c))) return 0;
  return (rules.decks * 4) / (rules.suits ?? 4);
}

const COVERED_BY = new WeakMap<Covering, readonly (readonly number[])[]>();

/**
 * For each pile of a covering layout, the piles covering it: those of the next row down whose column is one
 * half-card step either side of its own (made once a layout).
 */
export function coveredBy(covering: Covering): readonly (readonly number[])[] {
  let out = COVERED_BY.get(covering);
  if (out === undefined) {
    const places = covering.places;
    out = places.map(([row, column]) =>
      places.flatMap(([r, c], q) => (r === row + 1 && Math.abs(c - column) === 1 ? [q] : [])),
    );
    COVERED_BY.set(covering, out);
  }
  return out;
}

/** How many foundations the table has: one a suit and deck. */
export function foundationCount(rules: FamilyRules): number {
  return rules.foundations ? 4 * rules.decks : 0;
}

export class FamilyRulesError extends Error {
  readonly code = "family_rules";
  constructor(message: string) {
    super(message);
    this.name = "FamilyRulesError";
  }
}

const whole = (n: unknown, low: number, high: number) =>
  typeof n === "number" && Number.isInteger(n) && n >= low && n <= high;

/**
 * Refuses rules the engine cannot deal or play, naming the field: counts out of range, a deck that the parts do
 * not use up exactly, a stock that deals to a hole the game lacks.
 */
export function checkFamilyRules(rules: FamilyRules): void {
  const fail = (message: string) => {
    throw new FamilyRulesError(message);
  };
  if (rules.decks !== 1 && rules.decks !== 2) fail("decks: 1 or 2");
  if (!whole(rules.highestRank, 1, 13)) fail("highest rank: 1 (ace) to 13 (king)");
  const t = rules.tableau;
  if (!whole(t.piles, 0, 32)) fail("tableau piles: 0 to 32");
  if (!BUILDS.includes(t.build)) fail(`tableau build: one of ${BUILDS.join(", ")}`);
  if (!SPACES.includes(t.spaces)) fail(`tableau spaces: one of ${SPACES.join(", ")}`);
  if (!GROUPS.includes(t.groups)) fail(`tableau groups: one of ${GROUPS.join(", ")}`);
  if (t.groupBuild !== "as-built" && !BUILDS.includes(t.groupBuild)) fail("tableau group build");
  if (t.unbuilt && t.groups !== "any") fail("tableau unbuilt groups: only with groups that move any group");
  const suits = rules.suits ?? 4;
  if (suits !== 1 && suits !== 2 && suits !== 4) fail("suits: 1, 2 or 4");
  if (suits !== 4 && rules.foundations && !rules.foundations.wholeSuits)
    fail(
      "a deck of fewer suits needs whole-suit foundations (or none): a foundation of one suit would not know its copies",
    );
  if (suits !== 4 && (rules.hole || rules.sequences || rules.accordion))
    fail("a deck of fewer suits is dealt to tableau piles, a stock, cells and a reserve only");
  if (!whole(rules.cells.count, 0, 16)) fail("cells: 0 to 16");
  if (!whole(rules.cells.filled, 0, rules.cells.count)) fail("cells filled: 0 to the number of cells");
  const f = rules.foundations;
  if (f && f.base !== "random" && !whole(f.base, 1, rules.highestRank)) fail("foundation base: a rank");
  if (rules.hole && rules.hole.base !== "random" && !whole(rules.hole.base, 0, 51)) fail("hole base: a card");
  const s = rules.stock;
  if (s) {
    if (!whole(s.size, 1, deckSize(rules))) fail("stock size: 1 to the deck's size");
    if (!whole(s.draw, 1, 52)) fail("stock draw: 1 or more");
    if (s.dealsTo === "hole" && !rules.hole) fail("a stock that deals to the hole needs a hole");
    if (s.dealsTo === "piles" && t.piles === 0) fail("a stock that deals onto the piles needs piles");
    if (s.fullPiles && s.dealsTo !== "piles")
      fail("stock fullPiles: only for a stock that deals onto the piles");
  }
  if (rules.reserve && !whole(rules.reserve.size, 1, deckSize(rules))) fail("reserve size");
  if (rules.sequences && !whole(rules.sequences.rows, 1, 8)) fail("sequence rows: 1 to 8");
  if (rules.accordion && !whole(rules.accordion.size, 1, deckSize(rules))) fail("accordion size");
  if (s?.redealLimit !== undefined && (!s.redeals || !whole(s.redealLimit, 1, 100)))
    fail("stock redeal limit: 1 or more, with redeals");
  if (s?.topInPlay && (s.dealsTo !== "waste" || s.draw !== 1))
    fail("stock top in play: only for a stock turned one card at a time onto a waste");
  const pairs = rules.pairs;
  if (pairs) {
    if (!whole(pairs.total, 2, 2 * rules.highestRank)) fail("pairs total: 2 to twice the highest rank");
    if (rules.hole || f) fail("pairs: the pairs go out of play, in a game with no hole and no foundations");
    if (rules.cells.count > 0 || rules.reserve || rules.sequences || rules.accordion)
      fail("pairs: from the tableau, the waste and the stock only");
    if (s && (s.dealsTo !== "waste" || s.draw !== 1)) fail("pairs: a stock turned one card at a time");
  }
  if (rules.goal !== undefined && rules.goal !== "clear-tableau") fail("goal: clear-tableau, or none");
  if (rules.goal === "clear-tableau" && t.piles === 0) fail("goal clear-tableau: a game with tableau piles");
  const dealtElsewhere =
    (rules.hole ? 1 : 0) +
    (f?.start === "one" ? 1 : f?.start === "all" ? 4 * rules.decks : 0) +
    rules.cells.filled +
    (s?.size ?? 0) +
    (rules.reserve?.size ?? 0) +
    (rules.accordion?.size ?? 0);
  const left = deckSize(rules) - dealtElsewhere;
  if (left < 0) fail(`the parts take ${dealtElsewhere} cards of a deck of ${deckSize(rules)}`);
  // An accordion of fewer cards than the deck leaves the rest out of the game (Knuth's 18-card accordion).
  if (left > 0 && t.piles === 0 && !rules.sequences && !rules.accordion)
    fail(`${left} cards are left for tableau piles, and the game has none`);
  const layout = t.layout;
  if (layout) {
    const counts = [...layout.down, ...layout.up];
    if (
      layout.down.length !== t.piles ||
      layout.up.length !== t.piles ||
      counts.some((n) => !whole(n, 0, 104))
    )
      fail("tableau layout: a count of face-down and of face-up cards for each pile");
    if (layout.up.some((n, i) => n === 0 && layout.down[i] > 0))
      fail("tableau layout: a pile's top card is face up");
    if (t.diagonal || t.faceDown) fail("tableau layout: neither diagonal nor face-down rows besides");
    if (rules.sequences || rules.accordion) fail("tableau layout: the cards left go to the piles");
    const dealt = counts.reduce((a, b) => a + b, 0);
    if (dealt !== left) fail(`tableau layout: ${dealt} cards for the piles, and the deal leaves ${left}`);
  }
  const covering = t.covering;
  if (covering) {
    const places = covering.places;
    if (!Array.isArray(places) || places.length !== t.piles) fail("tableau covering: a place for each pile");
    if (
      places.some((x) => !Array.isArray(x) || x.length !== 2 || !whole(x[0], 0, 31) || !whole(x[1], 0, 127))
    )
      fail("tableau covering: each place a row (0 to 31) and a column (0 to 127)");
    if (new Set(places.map(([r, c]) => `${r},${c}`)).size !== places.length)
      fail("tableau covering: two piles at one place");
    if (t.layout || t.diagonal || t.faceDown) fail("tableau covering: one card a pile, dealt pile by pile");
    if (t.build !== "none" || t.spaces !== "none") fail("tableau covering: nothing builds on the piles");
    if (left !== t.piles) fail(`tableau covering: ${t.piles} piles of one card, and the deal leaves ${left}`);
    if (rules.sequences || rules.accordion) fail("tableau covering: the cards left go to the piles");
  }
  if (pairs && !covering && t.piles > 0) fail("pairs: the tableau is a covering layout");
}
