import type { Card } from "../../cards/card.ts";
import type { ResumableDomain, SearchDomain } from "../../search/domain.ts";
import type { PileKind, PileRef } from "../patience/contract.ts";
import type { FamilyTable } from "./deal.ts";
import type { FamilyMove, FamilyState } from "./engine.ts";
import { type Build, coveredBy, deckSize, type FamilyRules, foundationCount } from "./rules.ts";

/**
 * The family's packed search position: the table of engine.ts on typed arrays, moved through in place (apply and
 * undo) by the shared searches of src/search/. It plays exactly the engine's rules: `generate` in MODE_ENGINE
 * writes the very moves `legalMoves` lists; `apply` makes a move with what the rules then do by themselves
 * (turning a card up, filling a space at once), as engine.ts's `apply` does; `forced` makes the automatic moves
 * of its policy ("safe": the cards home `safeHome` proves never wrong; "all": every card home), in the order
 * engine.ts's `autoMoves` makes them.
 *
 * A move is a 32-bit integer: from kind (3 bits), from index (7), to kind (3), to index (7), count (8); it names
 * the engine's move alone (`plainMoves`).
 *
 * The canonical key counts alike exactly the positions key.ts counts alike, written compactly:
 * - tableau piles in a canonical order (sorted by content) unless the stock deals onto the piles; a pile as its
 *   face-down cards (an id of their content: they are always a bottom part of the pile as loaded, since
 *   face-down cards never move), the number of face-up cards and those cards;
 * - cells as cards, sorted under the same condition;
 * - a stacked reserve as its size (it only ever loses its top card, so what is left is a bottom part of the
 *   reserve as loaded); a spread reserve as which of its cards are left, counted by card when its piles are a set;
 * - each suit's foundations as their sizes (sorted for the two of a suit in a two-deck game);
 * - stock and waste as which cards of the loaded talon are left and how many lie in the waste: the waste, bottom
 *   first, followed by the stock, top first, is always a subsequence of that sequence as loaded (drawing,
 *   turning the waste over and dealing leave it as it is; playing a card takes one out), so the cards left (as
 *   the leftmost embedding of the subsequence, which two decks need) and the waste's size say both in full;
 * - the hole's top card (its size follows from the rest).
 *
 * The one way it is finer than key.ts: a spread reserve with spaces filled from it keeps its piles in order
 * (the rules fill from its first pile, so there its order is not a symmetry).
 */

export const K_PILE = 0;
export const K_CELL = 1;
export const K_RESERVE = 2;
export const K_WASTE = 3;
export const K_FOUNDATION = 4;
export const K_STOCK = 5;
export const K_HOLE = 6;
const KINDS: readonly PileKind[] = ["cascade", "cell", "reserve", "waste", "foundation", "stock", "hole"];

/** Every move the engine lists, in its order (for tests). */
export const MODE_ENGINE = 0;
/** The search's moves: one of several targets that lead to one canonical position, the likeliest moves first. */
export const MODE_SEARCH = 1;

export const packMove = (fk: number, fi: number, tk: number, ti: number, count: number): number =>
  fk | (fi << 3) | (tk << 10) | (ti << 13) | (count << 20);
const fromKind = (m: number) => m & 7;
const fromIndex = (m: number) => (m >>> 3) & 127;
const toKind = (m: number) => (m >>> 10) & 7;
const toIndex = (m: number) => (m >>> 13) & 127;
const countOf = (m: number) => (m >>> 20) & 255;

const BUILD_CODES: Record<Build, number> = { "alternate-colours": 0, suit: 1, "any-suit": 2, none: 3 };
const NO_CARD = 63;

const SP_ANY = 0;
const SP_KINGS = 1;
const SP_NONE = 2;
const SP_RESERVE_ANY = 3;
const SP_RESERVE_WASTE = 4;
const SP_WASTE_STOCK = 5;
const SPACE_CODES = {
  any: SP_ANY,
  kings: SP_KINGS,
  none: SP_NONE,
  "reserve-then-any": SP_RESERVE_ANY,
  "reserve-then-waste": SP_RESERVE_WASTE,
  "waste-then-stock": SP_WASTE_STOCK,
} as const;

const G_NONE = 0;
const G_ANY = 1;
const G_WHOLE = 2;
const G_MAXIMAL = 3;
const G_UNCOVER = 4;
const GROUP_CODES = {
  none: G_NONE,
  any: G_ANY,
  "whole-pile": G_WHOLE,
  maximal: G_MAXIMAL,
  "to-uncover": G_UNCOVER,
};

/** The buckets of the search's move order, tried in this order. */
const B_HOME = 0;
const B_UNCOVER = 1;
const B_GROUP = 2;
const B_ONTO = 3;
const B_REST = 4;
const BUCKETS = 5;

const bitsFor = (n: number): number => {
  let b = 0;
  while (1 << b <= n) b++;
  return b;
};

const isRedCard = (c: number) => (c & 3) === 1 || (c & 3) === 2;

/**
 * Why the packed position cannot stand for `state` (the plain solver then searches it), or undefined: rules it
 * does not play (Gaps, Accordion, whole suits that come back off the foundations, covering layouts, pairs, the
 * goal of clearing the table, a limited redeal), or a table the engine's deal and moves never make (a face-down
 * top card, a spread reserve pile of several cards, a foundation out of order).
 */
export function packedUnsupported(state: FamilyState): string | undefined {
  const { rules, table: t } = state;
  if (rules.sequences || rules.accordion) return "Gaps and Accordion";
  if (rules.foundations?.wholeSuits && rules.foundations.removable) return "whole suits that come back";
  if (rules.tableau.piles > 32 || deckSize(rules) > 104) return "too large";
  if (rules.tableau.covering || rules.pairs || rules.goal || rules.stock?.redealLimit !== undefined)
    return "covering layouts, pairs, a goal of clearing the table, a limited redeal (Pyramid, TriPeaks)";
  if (t.tableau.length !== rules.tableau.piles) return "piles";
  for (let p = 0; p < t.tableau.length; p++) {
    const fd = t.faceDown[p];
    if (fd < 0 || (fd > 0 && fd >= t.tableau[p].length)) return "a face-down top card";
  }
  if (rules.reserve && !rules.reserve.stacked && t.reserve.some((r) => r.length > 1))
    return "a spread reserve pile of several cards";
  const f = rules.foundations;
  if (f && !f.wholeSuits) {
    const n = rules.highestRank;
    for (let i = 0; i < t.foundations.length; i++) {
      const pile = t.foundations[i];
      if (pile.length > n) return "a foundation too high";
      for (let k = 0; k < pile.length; k++) {
        const rank = ((state.base - 1 + k) % n) + 1;
        if (pile[k] !== (rank - 1) * 4 + (i & 3)) return "a foundation out of order";
      }
    }
  }
  return undefined;
}

/** Weights of the family's best-first heuristic (PackedFamily.score): each per card or pile, lower is better. */
export interface FamilyWeights {
  readonly notHome: number;
  readonly faceDown: number;
  readonly loose: number;
  /** Per face-up card on its next card under the tableau's build but not under its group's (Spider: off suit). */
  readonly offGroup?: number;
  readonly cell: number;
  readonly stock: number;
  /**
   * Per card in the waste, in place of `stock`, where the stock is turned once (no redeal): a card turned there comes
   * back only after every card turned onto it, so the waste is a pile that only grows until its cards are played.
   */
  readonly waste?: number;
  /**
   * Per card in the waste that lies on a card it does not build on under the tableau's build: the two cannot leave
   * together (down a pile, or home, the upper first), so the lower waits for the upper to find a place.
   */
  readonly wasteOutOfOrder?: number;
  /** Per pile that holds cards (fewer is better: an empty pile takes any card the rules let it). */
  readonly occupied: number;
  readonly depth: number;
}

/** The tables of which card builds on which (PackedFamily.builds, read only), by builds, deck size and base rank. */
const BUILDS = new Map<string, Uint8Array>();

export class PackedFamily implements ResumableDomain<FamilyState, FamilyMove, FamilyWeights> {
  readonly keyWords: number;
  /** The automatic moves made after each move: those proved safe, or every card home the game sends. */
  readonly policy: "safe" | "all";
  readonly maxMoves: number;
  /** A move names the engine's move alone, except the search's moves from the waste (see `talonMoves`). */
  readonly plainMoves: boolean;

  private readonly rules: FamilyRules;
  private readonly n: number;
  private readonly deck: number;
  private readonly P: number;
  private readonly cap: number;
  private readonly C: number;
  private readonly F: number;
  private readonly R: number;
  private readonly rcap: number;
  private readonly build: number;
  private readonly spaces: number;
  private readonly groups: number;
  private readonly hasHole: boolean;
  private readonly holeWraps: boolean;
  private readonly hasFoundations: boolean;
  private readonly wholeSuits: boolean;
  /** Any face-up card moves with every card above it, built or not (Yukon, Scorpion). */
  private readonly unbuilt: boolean;
  private readonly removable: boolean;
  private readonly stockTo: number;
  private readonly draw: number;
  private readonly redeals: boolean;
  /** The stock deals onto the piles only when none is empty. */
  private readonly fullPiles: boolean;
  private readonly stacked: boolean;
  /** Piles and cells are sets (the stock does not deal onto the piles). */
  private readonly symmetric: boolean;
  /** A spread reserve's piles are a set. */
  private readonly reserveSet: boolean;
  private readonly fills: boolean;
  private readonly safeOnly: boolean;
  /**
   * The search plays the stock as Solvitaire's "k-plus" moves: any card the waste can be made to show by turning
   * the stock (and the waste over) goes straight where it goes, in one move; the stock is never turned alone.
   */
  readonly talonMoves: boolean;

  // The position.
  private readonly cards: Int8Array;
  private readonly len: Int32Array;
  private readonly down: Int32Array;
  private readonly cells: Int8Array;
  private readonly flen: Int32Array;
  /** The suit on each whole-suit foundation. */
  private readonly fsuit: Int8Array;
  private readonly stock: Int8Array;
  private slen = 0;
  private readonly waste: Int8Array;
  private wlen = 0;
  private readonly res: Int8Array;
  private readonly rlen: Int32Array;
  private readonly hole: Int8Array;
  private hlen = 0;
  private base = 1;

  // Tables of the loaded root.
  private readonly rel = new Int32Array(52);
  /** builds[lower * 52 + upper]: 1 when `upper` lies on `lower` under the tableau's build, 2 under the group build. */
  private builds: Uint8Array = new Uint8Array(52 * 52);
  /** The id of the content of pile p's bottom k cards as loaded: prefixId[p * cap + k] (0 for none). */
  private readonly prefixId: Int32Array;
  private prefixBits = 0;
  private readonly upBits: number;
  /** The talon as loaded: the waste bottom first, then the stock top first. */
  private readonly talon: Int8Array;
  private talonLen = 0;
  private readonly talonMask: Uint32Array;
  private readonly lenBits: number;
  /** A spread reserve counted by card: each group's first slot index into `groupSlots`, and its count's bits. */
  private readonly groupStart: Int32Array;
  private readonly groupSlots: Int32Array;
  private readonly groupBits: Int32Array;
  private groups_ = 0;
  private readonly resBits: number;

  // Scratch.
  private readonly order: Int32Array;
  private readonly cellCodes: Int32Array;
  private undoLog = new Int32Array(1 << 12);
  private undoTop = 0;
  private buckets: Int32Array[];
  private readonly bucketLen = new Int32Array(BUCKETS);
  private readonly scratchKey: Uint32Array;
  /** The key's words after the piles, as `hashBoth` writes them. */
  private readonly tailKey: Uint32Array;
  private ordered = false;
  private hashValue = 0;
  private hashValid = false;
  private acc = 0;
  private accBits = 0;
  private word = 0;
  private out: Uint32Array = new Uint32Array(0);

  constructor(
    rules: FamilyRules,
    policy: "safe" | "all" = "safe",
    /**
     * The search's order within each kind of move: as generated (by source, then target), or the other way round
     * (Solvitaire tries the last generated first). Deals whose win one order finds late the other often finds at
     * once, so the solver runs both.
     */
    private readonly moveOrder: "forward" | "reverse" = "forward",
    /**
     * Keys of the position as it lies, piles, cells and foundations in their places, not up to their order: two
     * positions have one key only when every card lies in the same place, so a move named by its places means
     * the same in both (the shortener's use: see `moveCode`).
     */
    private readonly physical = false,
  ) {
    this.rules = rules;
    this.n = rules.highestRank;
    this.deck = deckSize(rules);
    const t = rules.tableau;
    this.P = t.piles;
    this.cap = this.deck + 1;
    this.C = rules.cells.count;
    this.F = foundationCount(rules);
    const reserve = rules.reserve;
    this.stacked = reserve?.stacked ?? false;
    this.R = reserve ? (reserve.stacked ? 1 : reserve.size) : 0;
    this.rcap = reserve ? (reserve.stacked ? reserve.size : 1) : 1;
    this.build = BUILD_CODES[t.build];
    this.spaces = SPACE_CODES[t.spaces];
    this.groups = GROUP_CODES[t.groups];
    this.hasHole = rules.hole !== null;
    this.holeWraps = rules.hole?.wraps ?? false;
    this.hasFoundations = rules.foundations !== null;
    this.wholeSuits = rules.foundations?.wholeSuits ?? false;
    this.unbuilt = t.unbuilt === true;
    this.removable = rules.foundations?.removable ?? false;
    const stock = rules.stock;
    this.stockTo =
      stock === null ? -1 : stock.dealsTo === "waste" ? K_WASTE : stock.dealsTo === "hole" ? K_HOLE : K_PILE;
    this.draw = stock?.draw ?? 1;
    this.redeals = stock?.redeals ?? false;
    this.symmetric = stock?.dealsTo !== "piles";
    this.fullPiles = stock?.fullPiles === true;
    this.fills =
      this.spaces === SP_RESERVE_ANY || this.spaces === SP_RESERVE_WASTE || this.spaces === SP_WASTE_STOCK;
    this.reserveSet = this.symmetric && this.spaces !== SP_RESERVE_ANY && this.spaces !== SP_RESERVE_WASTE;
    this.safeOnly = policy === "safe";
    this.policy = policy;
    this.talonMoves = this.stockTo === K_WASTE && this.spaces !== SP_WASTE_STOCK;
    this.plainMoves = !this.talonMoves;

    this.cards = new Int8Array(this.P * this.cap);
    this.len = new Int32Array(this.P);
    this.down = new Int32Array(this.P);
    this.cells = new Int8Array(this.C);
    this.flen = new Int32Array(this.F);
    this.fsuit = new Int8Array(this.F);
    this.stock = new Int8Array(this.deck);
    this.waste = new Int8Array(this.deck);
    this.res = new Int8Array(Math.max(1, this.R * this.rcap));
    this.rlen = new Int32Array(this.R);
    this.hole = new Int8Array(this.deck + 1);
    this.prefixId = new Int32Array(this.P * this.cap);
    this.talon = new Int8Array(this.deck);
    this.talonMask = new Uint32Array(Math.ceil(this.deck / 32) + 1);
    this.groupStart = new Int32Array(this.R + 1);
    this.groupSlots = new Int32Array(this.R);
    this.groupBits = new Int32Array(this.R);
    this.order = new Int32Array(this.P);
    this.cellCodes = new Int32Array(Math.max(1, this.C));
    this.upBits = bitsFor(this.deck);
    this.lenBits = bitsFor(this.deck);
    this.resBits = this.stacked ? bitsFor(this.rcap) : this.R * 2;

    // The longest key: every card face up on the tableau, a pile's header each, the rest at their widths.
    const prefixMax = bitsFor(this.deck + this.P);
    const tailBits =
      6 * this.C +
      this.resBits +
      4 * this.F +
      (stock ? this.deck + this.lenBits : 0) +
      (this.hasHole ? 6 : 0);
    const maxBits = this.P * (prefixMax + this.upBits) + 6 * this.deck + tailBits;
    this.keyWords = Math.max(1, Math.ceil(maxBits / 32));
    this.scratchKey = new Uint32Array(this.keyWords);
    this.tailKey = new Uint32Array(Math.max(1, Math.ceil(tailBits / 32)));

    // Moves of one position: from each place, to each pile (one count onto a card, any count into a space),
    // each cell, home, the hole; the stock's move; then the forced moves (each takes a card home at least).
    // (The search's moves from the waste: each card of the talon is a place of its own.)
    const sources = this.P + this.C + this.R + 1 + this.F + (this.talonMoves ? this.deck : 0);
    this.maxMoves = sources * (this.P + this.C + 3) + this.P * this.P * this.cap + 1 + this.deck + 8;
    this.buckets = Array.from({ length: BUCKETS }, () => new Int32Array(Math.min(this.maxMoves, 64)));
  }

  // ---------------------------------------------------------------- loading

  load(state: FamilyState): void {
    const t = state.table;
    const { P, cap, n } = this;
    this.base = state.base;
    for (let c = 0; c < 52; c++) {
      const r = ((c >> 2) + 1 - (this.base - 1) + n) % n;
      this.rel[c] = r === 0 ? n : r;
    }
    const gb =
      this.rules.tableau.groupBuild === "as-built" ? this.build : BUILD_CODES[this.rules.tableau.groupBuild];
    // The table depends on the builds, the deck's size and the base rank alone: made once for all positions (a
    // solve loads several, and a survey many deals of one game).
    const which = `${this.build},${gb},${n},${this.base}`;
    let builds = BUILDS.get(which);
    if (builds === undefined) {
      builds = new Uint8Array(52 * 52);
      for (let lower = 0; lower < 52; lower++)
        for (let upper = 0; upper < 52; upper++) {
          let v = 0;
          if (this.buildsOn(this.build, lower, upper)) v |= 1;
          if (this.buildsOn(gb, lower, upper)) v |= 2;
          builds[lower * 52 + upper] = v;
        }
      BUILDS.set(which, builds);
    }
    this.builds = builds;
    const ids = new Map<string, number>();
    for (let p = 0; p < P; p++) {
      const pile = t.tableau[p];
      this.len[p] = pile.length;
      this.down[p] = t.faceDown[p];
      for (let i = 0; i < pile.length; i++) this.cards[p * cap + i] = pile[i];
      this.prefixId[p * cap] = 0;
      for (let k = 1; k <= t.faceDown[p]; k++) {
        const text = pile.slice(0, k).join(",");
        let id = ids.get(text);
        if (id === undefined) {
          id = ids.size + 1;
          ids.set(text, id);
        }
        this.prefixId[p * cap + k] = id;
      }
      this.order[p] = p;
    }
    this.prefixBits = bitsFor(ids.size);
    for (let i = 0; i < this.C; i++) this.cells[i] = t.cells[i] ?? -1;
    for (let i = 0; i < this.F; i++) {
      this.flen[i] = t.foundations[i].length;
      this.fsuit[i] = t.foundations[i].length > 0 ? t.foundations[i][0] & 3 : 0;
    }
    this.slen = t.stock.length;
    for (let i = 0; i < t.stock.length; i++) this.stock[i] = t.stock[i];
    this.wlen = t.waste.length;
    for (let i = 0; i < t.waste.length; i++) this.waste[i] = t.waste[i];
    this.talonLen = 0;
    for (let i = 0; i < this.wlen; i++) this.talon[this.talonLen++] = this.waste[i];
    for (let i = this.slen - 1; i >= 0; i--) this.talon[this.talonLen++] = this.stock[i];
    for (let r = 0; r < this.R; r++) {
      const pile = t.reserve[r] ?? [];
      this.rlen[r] = pile.length;
      for (let i = 0; i < pile.length; i++) this.res[r * this.rcap + i] = pile[i];
    }
    // A spread reserve as a set: its slots grouped by card (two decks may hold a card twice).
    if (this.R > 0 && !this.stacked) {
      const slots = Array.from({ length: this.R }, (_, r) => r).sort(
        (a, b) => this.slotCard(a, t) - this.slotCard(b, t),
      );
      let g = 0;
      for (let i = 0; i < slots.length; ) {
        let j = i;
        while (j < slots.length && this.slotCard(slots[j], t) === this.slotCard(slots[i], t)) j++;
        this.groupStart[g] = i;
        this.groupBits[g] = bitsFor(j - i);
        g++;
        i = j;
      }
      this.groupStart[g] = slots.length;
      this.groups_ = g;
      for (let i = 0; i < slots.length; i++) this.groupSlots[i] = slots[i];
    }
    this.hlen = t.hole.length;
    for (let i = 0; i < t.hole.length; i++) this.hole[i] = t.hole[i];
    this.undoTop = 0;
    this.hashValid = false;
  }

  private slotCard(r: number, t: FamilyTable): number {
    const pile = t.reserve[r] ?? [];
    return pile.length > 0 ? pile[0] : 99;
  }

  private buildsOn(build: number, lower: number, upper: number): boolean {
    if (build === 3) return false;
    if (build === 1 && (upper & 3) !== (lower & 3)) return false;
    if (build === 0 && isRedCard(upper) === isRedCard(lower)) return false;
    return this.rel[upper] + 1 === this.rel[lower];
  }

  /** The engine state of the position (for tests and checks). */
  toState(): FamilyState {
    const { P, cap } = this;
    const tableau: Card[][] = [];
    for (let p = 0; p < P; p++) tableau.push(Array.from(this.cards.subarray(p * cap, p * cap + this.len[p])));
    const foundations: Card[][] = [];
    for (let f = 0; f < this.F; f++) {
      const pile: Card[] = [];
      for (let k = 0; k < this.flen[f]; k++) pile.push(this.foundationCard(f, k));
      foundations.push(pile);
    }
    const reserve: Card[][] = [];
    for (let r = 0; r < this.R; r++)
      reserve.push(Array.from(this.res.subarray(r * this.rcap, r * this.rcap + this.rlen[r])));
    const table: FamilyTable = {
      tableau,
      faceDown: Array.from(this.down),
      foundations,
      cells: Array.from(this.cells, (c) => (c < 0 ? null : c)),
      stock: Array.from(this.stock.subarray(0, this.slen)),
      waste: Array.from(this.waste.subarray(0, this.wlen)),
      reserve,
      hole: Array.from(this.hole.subarray(0, this.hlen)),
      sequences: [],
      accordion: [],
    };
    return { rules: this.rules, table, base: this.base };
  }

  // ---------------------------------------------------------------- the rules

  /** Card k (0 at the bottom) of foundation f. */
  private foundationCard(f: number, k: number): number {
    if (this.wholeSuits) return k * 4 + this.fsuit[f];
    return ((this.base - 1 + k) % this.n) * 4 + (f & 3);
  }

  /** The foundation that takes `c` now, or -1 (engine.ts's foundationFor). */
  private foundationFor(c: number): number {
    if (!this.hasFoundations || this.wholeSuits) return -1;
    const want = this.rel[c] - 1;
    for (let i = c & 3; i < this.F; i += 4) if (this.flen[i] === want) return i;
    return -1;
  }

  private holeTakes(c: number): boolean {
    if (!this.hasHole || this.hlen === 0) return false;
    const a = (c >> 2) + 1;
    const b = (this.hole[this.hlen - 1] >> 2) + 1;
    if (a + 1 === b || a === b + 1) return true;
    const n = this.n;
    return this.holeWraps && ((a === n && b === 1) || (a === 1 && b === n));
  }

  private groupHeight(p: number): number {
    const l = this.len[p];
    if (l === 0) return 0;
    // Every face-up card, built or not (engine.ts's groupHeight).
    if (this.unbuilt) return l - Math.min(this.down[p], l - 1);
    const base = p * this.cap;
    const cards = this.cards;
    const builds = this.builds;
    const floor = this.down[p];
    let h = 1;
    while (
      h < l &&
      l - h - 1 >= floor &&
      (builds[cards[base + l - h - 1] * 52 + cards[base + l - h]] & 2) !== 0
    )
      h++;
    return h;
  }

  /** engine.ts's completeSuitOnTop. */
  private completeSuitOnTop(p: number): boolean {
    const n = this.n;
    const l = this.len[p];
    if (l < n || l - n < this.down[p]) return false;
    const base = p * this.cap + l - 1;
    const suit = this.cards[base] & 3;
    for (let i = 0; i < n; i++) if (this.cards[base - i] !== i * 4 + suit) return false;
    return true;
  }

  /** Whether `count` of pile `from`'s group of `height` may go as one under the group rule (engine groupCounts). */
  private groupAllows(from: number, count: number, height: number, toEmpty: boolean): boolean {
    switch (this.groups) {
      case G_NONE:
        return count === 1;
      case G_ANY:
        return true;
      case G_WHOLE:
        return height === this.len[from] && count === height;
      case G_MAXIMAL:
        return count === height;
      default:
        return (
          count === height ||
          toEmpty ||
          this.foundationFor(this.cards[from * this.cap + this.len[from] - count - 1]) >= 0
        );
    }
  }

  /** engine.ts's nothingGoesOnto: cards never come back, and every card that could go onto c is home. */
  private nothingGoesOnto(c: number, f: number): boolean {
    if (this.rules.foundations?.removable !== false) return false;
    const build = this.build;
    const rank = this.rel[c];
    for (let i = 0; i < this.F; i++) {
      if (i === f || build === 3) continue;
      if (build === 1 && (i & 3) !== (c & 3)) continue;
      if (build === 0 && isRedCard(i) === isRedCard(c)) continue;
      if (this.flen[i] < rank - 1) return false;
    }
    return true;
  }

  private safeHome(c: number, f: number): boolean {
    const fr = this.rules.foundations;
    if (!fr || fr.wholeSuits) return false;
    const build = this.build;
    // Two decks (engine.ts's safeHome): only when no card can ever go onto c, for good.
    if (this.rules.decks !== 1) return !this.fills && this.stockTo !== K_PILE && this.nothingGoesOnto(c, f);
    if (build === 3 || build === 1) return true;
    const rank = this.rel[c];
    let same = 0;
    let other = 0;
    for (let i = 0; i < this.F; i++) {
      if (i === f) continue;
      const diff = rank - this.flen[i];
      if (build === 0 && isRedCard(i) === isRedCard(c)) same = diff;
      else if (diff > other) other = diff;
    }
    // With unbuilt groups (Yukon) a card that could take c's place as a target may head any cards, which need
    // not follow it home: only the rule that no card can ever be put on c holds (every card of the rank below
    // that builds on c home, for good). c is a pile's top card with nothing that can come onto it, so it only
    // ever blocks; any line of play with c left on the table plays with c home, its moves of c left out.
    if (this.unbuilt) return this.nothingGoesOnto(c, f);
    if (build === 0) return (other <= 2 && same <= 3) || (other <= 1 && !fr.removable);
    return other <= 2;
  }

  // ---------------------------------------------------------------- moves

  private emit(bucket: number, move: number): void {
    let b = this.buckets[bucket];
    const n = this.bucketLen[bucket];
    if (n === b.length) {
      // Buckets start small (a solve of a few positions should not zero five arrays of maxMoves) and grow.
      const bigger = new Int32Array(Math.min(this.maxMoves, b.length * 4));
      bigger.set(b);
      this.buckets[bucket] = b = bigger;
    }
    b[n] = move;
    this.bucketLen[bucket] = n + 1;
  }

  /** The bucket of a move of promise `k` (0 best): one bucket, in the engine's order, unless searching. */
  private bucketOf(k: number): number {
    return this.ordered ? k : 0;
  }

  generate(mode: number, out: Int32Array, at: number): number {
    const bl = this.bucketLen;
    bl.fill(0);
    const search = mode === MODE_SEARCH;
    this.ordered = search;
    const { P, cap, len, cards } = this;
    let closed = false;
    if (this.spaces === SP_RESERVE_WASTE) for (let p = 0; p < P; p++) if (len[p] === 0) closed = true;
    // Piles (and cells) are a set where no stock deals onto them one by one, or once such a stock is empty.
    const set = this.symmetric || this.slen === 0;
    const firstEmptyCell = search && set;
    const oneSpace = search && set;
    for (let p = 0; p < P; p++) {
      const l = len[p];
      if (l === 0 || this.down[p] >= l) continue;
      this.movesFrom(K_PILE, p, cards[p * cap + l - 1], closed, oneSpace, firstEmptyCell);
    }
    for (let i = 0; i < this.C; i++)
      if (this.cells[i] >= 0) this.movesFrom(K_CELL, i, this.cells[i], closed, oneSpace, firstEmptyCell);
    for (let r = 0; r < this.R; r++)
      if (this.rlen[r] > 0)
        this.movesFrom(
          K_RESERVE,
          r,
          this.res[r * this.rcap + this.rlen[r] - 1],
          closed,
          oneSpace,
          firstEmptyCell,
        );
    if (search && this.talonMoves) {
      // Every card the waste can be made to show, each as a move of its own (the waste's size when it shows).
      const w = this.wlen;
      const len = w + this.slen;
      const k = this.draw;
      for (let q = 1; q <= len; q++) {
        const forward = q >= w && (q === len || (q - w) % k === 0);
        const around = this.redeals && (q === len || q % k === 0);
        if (!forward && !around) continue;
        const c = q <= w ? this.waste[q - 1] : this.stock[this.slen - (q - w)];
        this.movesFrom(K_WASTE, q, c, closed, oneSpace, firstEmptyCell);
      }
    } else if (this.stockTo === K_WASTE && this.wlen > 0)
      this.movesFrom(K_WASTE, 0, this.waste[this.wlen - 1], closed, oneSpace, firstEmptyCell);
    if (this.removable)
      for (let f = 0; f < this.F; f++)
        if (this.flen[f] > 0)
          this.movesFrom(
            K_FOUNDATION,
            f,
            this.foundationCard(f, this.flen[f] - 1),
            closed,
            oneSpace,
            firstEmptyCell,
          );
    // The stock's move (the search's moves from the waste take the stock's turns with them).
    if (this.stockTo >= 0 && !(search && this.talonMoves)) {
      if (this.slen > 0) {
        if (this.stockTo === K_WASTE)
          this.emit(B_REST, packMove(K_STOCK, 0, K_WASTE, 0, Math.min(this.draw, this.slen)));
        else if (this.stockTo === K_HOLE) this.emit(B_REST, packMove(K_STOCK, 0, K_HOLE, 0, 1));
        else if (!this.fullPiles || !len.subarray(0, P).includes(0))
          this.emit(B_REST, packMove(K_STOCK, 0, K_PILE, 0, Math.min(P, this.slen)));
      } else if (this.redeals && this.wlen > 0)
        this.emit(B_REST, packMove(K_WASTE, 0, K_STOCK, 0, this.wlen));
    }
    if (!search) {
      // The engine's order: by source, the stock last (the buckets were filled in that order when not searching).
      const b = this.buckets[0];
      for (let i = 0; i < bl[0]; i++) out[at++] = b[i];
      const s = this.buckets[B_REST];
      for (let i = 0; i < bl[B_REST]; i++) out[at++] = s[i];
      return at;
    }
    const reverse = this.moveOrder === "reverse";
    for (let k = 0; k < BUCKETS; k++) {
      const b = this.buckets[k];
      if (reverse) for (let i = bl[k] - 1; i >= 0; i--) out[at++] = b[i];
      else for (let i = 0; i < bl[k]; i++) out[at++] = b[i];
    }
    return at;
  }

  /**
   * The moves from one place (engine.ts's legalMovesFrom, legal ones only). In search mode they go to buckets by
   * promise: home or to the hole; a move that turns a card up, empties a pile, or takes a card from a cell or the
   * reserve onto a card (Solvitaire tries those before moves between piles too); onto a card the moved cards then
   * form a group with (in Spider, the same suit); onto another card; the rest.
   */
  private movesFrom(
    sk: number,
    si: number,
    c: number,
    closed: boolean,
    oneSpace: boolean,
    firstEmptyCell: boolean,
  ): void {
    const { P, cap, len, cards, builds } = this;
    // Home.
    if (this.wholeSuits) {
      if (sk === K_PILE) {
        let empty = -1;
        for (let f = 0; f < this.F; f++)
          if (this.flen[f] === 0) {
            empty = f;
            break;
          }
        if (empty >= 0 && this.completeSuitOnTop(si))
          this.emit(this.bucketOf(B_HOME), packMove(sk, si, K_FOUNDATION, empty, this.n));
      }
    } else if (this.hasFoundations && sk !== K_FOUNDATION) {
      const f = this.foundationFor(c);
      if (f >= 0) this.emit(this.bucketOf(B_HOME), packMove(sk, si, K_FOUNDATION, f, 1));
    }
    if (this.hasHole && sk !== K_FOUNDATION && this.holeTakes(c))
      this.emit(this.bucketOf(B_HOME), packMove(sk, si, K_HOLE, 0, 1));
    // To the piles (none when they do not build: not even into a space).
    const build = this.build;
    const spaces = this.spaces;
    if (build === 3) {
      // Nothing.
    } else if (sk === K_PILE) {
      if (!closed) {
        const l = len[si];
        const height = this.groupHeight(si);
        const base = si * cap;
        const srcRel = this.rel[c];
        const uncovers = this.down[si] > 0 || this.fills;
        let spaceDone = false;
        for (let p = 0; p < P; p++) {
          if (p === si) continue;
          const lp = len[p];
          if (lp === 0) {
            if (spaces === SP_NONE || (oneSpace && spaceDone)) continue;
            spaceDone = true;
            for (let count = 1; count <= height; count++) {
              if (!this.groupAllows(si, count, height, true)) continue;
              const bottom = cards[base + l - count];
              if (count > 1) {
                if (spaces === SP_KINGS) {
                  // A king heads a built group, so it is the whole group; an unbuilt one may hold it anywhere.
                  if ((bottom >> 2) + 1 !== this.n || (count !== height && !this.unbuilt)) continue;
                } else if (spaces !== SP_ANY && spaces !== SP_RESERVE_ANY) continue;
              } else if (spaces === SP_KINGS && (bottom >> 2) + 1 !== this.n) continue;
              // A whole pile into a space changes nothing when the piles are a set and no space is refilled:
              // the position is the one it leaves, so the search does not make it.
              if (count === l && oneSpace && !this.fills) continue;
              this.emit(
                this.bucketOf(count === l - this.down[si] && uncovers ? B_UNCOVER : B_REST),
                packMove(K_PILE, si, K_PILE, p, count),
              );
            }
          } else if (this.unbuilt) {
            // Any face-up card may head the cards that go: each that builds on the destination's top.
            const top = cards[p * cap + lp - 1];
            for (let count = 1; count <= height; count++) {
              const b = builds[top * 52 + cards[base + l - count]];
              if ((b & 1) === 0) continue;
              this.emit(
                this.bucketOf(count === l - this.down[si] ? B_UNCOVER : (b & 2) !== 0 ? B_GROUP : B_ONTO),
                packMove(K_PILE, si, K_PILE, p, count),
              );
            }
          } else {
            // Ranks rise by one down a group, so only one count can put the right rank on the destination.
            const top = cards[p * cap + lp - 1];
            const count = this.rel[top] - srcRel;
            if (
              count >= 1 &&
              count <= height &&
              (builds[top * 52 + cards[base + l - count]] & 1) !== 0 &&
              this.groupAllows(si, count, height, false)
            )
              this.emit(
                this.bucketOf(
                  count === l - this.down[si]
                    ? B_UNCOVER
                    : (builds[top * 52 + cards[base + l - count]] & 2) !== 0
                      ? B_GROUP
                      : B_ONTO,
                ),
                packMove(K_PILE, si, K_PILE, p, count),
              );
          }
        }
      }
    } else if (!closed || sk === K_WASTE) {
      let spaceDone = false;
      const king = (c >> 2) + 1 === this.n;
      for (let p = 0; p < P; p++) {
        const lp = len[p];
        if (lp === 0) {
          if (spaces === SP_NONE || (spaces === SP_KINGS && !king) || (oneSpace && spaceDone)) continue;
          spaceDone = true;
          this.emit(this.bucketOf(B_REST), packMove(sk, si, K_PILE, p, 1));
        } else {
          const b = builds[cards[p * cap + lp - 1] * 52 + c];
          if ((b & 1) !== 0)
            this.emit(
              this.bucketOf(sk === K_CELL || sk === K_RESERVE ? B_UNCOVER : (b & 2) !== 0 ? B_GROUP : B_ONTO),
              packMove(sk, si, K_PILE, p, 1),
            );
        }
      }
    }
    // To the cells.
    if (sk !== K_CELL)
      for (let i = 0; i < this.C; i++)
        if (this.cells[i] < 0) {
          this.emit(this.bucketOf(B_REST), packMove(sk, si, K_CELL, i, 1));
          if (firstEmptyCell) break;
        }
  }

  // ---------------------------------------------------------------- apply and undo

  private log(v: number): void {
    if (this.undoTop === this.undoLog.length) {
      const bigger = new Int32Array(this.undoLog.length * 2);
      bigger.set(this.undoLog);
      this.undoLog = bigger;
    }
    this.undoLog[this.undoTop++] = v;
  }

  apply(m: number): void {
    this.hashValid = false;
    const fk = fromKind(m);
    const fi = fromIndex(m);
    const tk = toKind(m);
    const ti = toIndex(m);
    const count = countOf(m);
    const { cap, cards, len } = this;
    if (fk === K_STOCK) {
      if (tk === K_WASTE) for (let k = 0; k < count; k++) this.waste[this.wlen++] = this.stock[--this.slen];
      else if (tk === K_HOLE) this.hole[this.hlen++] = this.stock[--this.slen];
      else for (let p = 0; p < count; p++) cards[p * cap + len[p]++] = this.stock[--this.slen];
    } else if (fk === K_WASTE && tk === K_STOCK) {
      for (let k = 0; k < count; k++) this.stock[this.slen++] = this.waste[--this.wlen];
    } else if (fk === K_PILE && tk === K_PILE) {
      const from = fi * cap + len[fi] - count;
      const to = ti * cap + len[ti];
      for (let k = 0; k < count; k++) cards[to + k] = cards[from + k];
      len[fi] -= count;
      len[ti] += count;
    } else {
      let c: number;
      switch (fk) {
        case K_PILE:
          len[fi] -= count;
          c = cards[fi * cap + len[fi]];
          break;
        case K_CELL:
          c = this.cells[fi];
          this.cells[fi] = -1;
          break;
        case K_RESERVE:
          c = this.res[fi * this.rcap + --this.rlen[fi]];
          break;
        case K_WASTE:
          // A move of the search's from the waste at size fi: the stock turned until the waste is that size.
          if (fi > 0) {
            this.log(this.wlen);
            this.splitTalon(fi);
          }
          c = this.waste[--this.wlen];
          break;
        default:
          c = this.foundationCard(fi, --this.flen[fi]);
      }
      switch (tk) {
        case K_PILE:
          cards[ti * cap + len[ti]++] = c;
          break;
        case K_FOUNDATION:
          if (this.wholeSuits) this.fsuit[ti] = c & 3;
          this.flen[ti] += count;
          break;
        case K_CELL:
          this.cells[ti] = c;
          break;
        default:
          this.hole[this.hlen++] = c;
      }
    }
    // What the rules do by themselves: turn a card up, fill the spaces.
    let turned = 0;
    if (fk === K_PILE && this.down[fi] > 0 && this.down[fi] >= len[fi]) {
      turned = this.down[fi] + 1;
      this.down[fi] = len[fi] - 1;
    }
    let filled = 0;
    if (this.fills) filled = this.fillSpaces();
    this.log(filled | (turned << 8));
  }

  /** engine.ts's fillSpaces; logs each fill (pile, and where from) and returns how many. */
  private fillSpaces(): number {
    const { P, cap, cards, len } = this;
    let filled = 0;
    for (let p = 0; p < P; p++) {
      if (len[p] > 0) continue;
      if (this.spaces === SP_WASTE_STOCK) {
        if (this.wlen > 0) {
          cards[p * cap + len[p]++] = this.waste[--this.wlen];
          this.log(p | (K_WASTE << 8));
          filled++;
        } else if (this.slen > 0) {
          cards[p * cap + len[p]++] = this.stock[--this.slen];
          this.log(p | (K_STOCK << 8));
          filled++;
        }
      } else {
        for (let r = 0; r < this.R; r++)
          if (this.rlen[r] > 0) {
            cards[p * cap + len[p]++] = this.res[r * this.rcap + --this.rlen[r]];
            this.log(p | (K_RESERVE << 8) | (r << 12));
            filled++;
            break;
          }
      }
    }
    return filled;
  }

  undo(m: number): void {
    this.hashValid = false;
    const fk = fromKind(m);
    const fi = fromIndex(m);
    const tk = toKind(m);
    const ti = toIndex(m);
    const count = countOf(m);
    const { cap, cards, len } = this;
    const head = this.undoLog[--this.undoTop];
    const filled = head & 255;
    for (let k = 0; k < filled; k++) {
      const e = this.undoLog[--this.undoTop];
      const p = e & 255;
      const kind = (e >> 8) & 15;
      const c = cards[p * cap + --len[p]];
      if (kind === K_WASTE) this.waste[this.wlen++] = c;
      else if (kind === K_STOCK) this.stock[this.slen++] = c;
      else {
        const r = e >>> 12;
        this.res[r * this.rcap + this.rlen[r]++] = c;
      }
    }
    const turned = head >>> 8;
    if (turned > 0) this.down[fi] = turned - 1;
    if (fk === K_STOCK) {
      if (tk === K_WASTE) for (let k = 0; k < count; k++) this.stock[this.slen++] = this.waste[--this.wlen];
      else if (tk === K_HOLE) this.stock[this.slen++] = this.hole[--this.hlen];
      else for (let p = count - 1; p >= 0; p--) this.stock[this.slen++] = cards[p * cap + --len[p]];
      return;
    }
    if (fk === K_WASTE && tk === K_STOCK) {
      for (let k = 0; k < count; k++) this.waste[this.wlen++] = this.stock[--this.slen];
      return;
    }
    if (fk === K_PILE && tk === K_PILE) {
      const from = ti * cap + len[ti] - count;
      const to = fi * cap + len[fi];
      for (let k = 0; k < count; k++) cards[to + k] = cards[from + k];
      len[ti] -= count;
      len[fi] += count;
      return;
    }
    if (tk === K_FOUNDATION && this.wholeSuits) {
      // A whole suit comes back king first.
      this.flen[ti] -= count;
      const suit = this.fsuit[ti];
      const base = fi * cap + len[fi];
      for (let k = 0; k < count; k++) cards[base + k] = (this.n - 1 - k) * 4 + suit;
      len[fi] += count;
      return;
    }
    let c: number;
    switch (tk) {
      case K_PILE:
        c = cards[ti * cap + --len[ti]];
        break;
      case K_FOUNDATION:
        c = this.foundationCard(ti, --this.flen[ti]);
        break;
      case K_CELL:
        c = this.cells[ti];
        this.cells[ti] = -1;
        break;
      default:
        c = this.hole[--this.hlen];
    }
    switch (fk) {
      case K_PILE:
        cards[fi * cap + len[fi]++] = c;
        break;
      case K_CELL:
        this.cells[fi] = c;
        break;
      case K_RESERVE:
        this.res[fi * this.rcap + this.rlen[fi]++] = c;
        break;
      case K_WASTE:
        this.waste[this.wlen++] = c;
        if (fi > 0) this.splitTalon(this.undoLog[--this.undoTop]);
        break;
      default:
        this.flen[fi]++;
    }
  }

  /**
   * Turns the stock (and the waste over) until the waste holds `q` cards: the waste, bottom first, then the stock,
   * top first, is one sequence that turning only splits in another place.
   */
  private splitTalon(q: number): void {
    while (this.wlen < q) this.waste[this.wlen++] = this.stock[--this.slen];
    while (this.wlen > q) this.stock[this.slen++] = this.waste[--this.wlen];
  }

  /** The next automatic move of the policy, or -1 (engine.ts's nextAutoMove). */
  private nextAuto(): number {
    const { P, cap, len, cards } = this;
    if (this.wholeSuits) {
      if (this.safeOnly) return -1;
      let empty = -1;
      for (let f = 0; f < this.F; f++)
        if (this.flen[f] === 0) {
          empty = f;
          break;
        }
      if (empty < 0) return -1;
      for (let p = 0; p < P; p++)
        if (this.completeSuitOnTop(p)) return packMove(K_PILE, p, K_FOUNDATION, empty, this.n);
      return -1;
    }
    if (!this.hasFoundations) return -1;
    for (let p = 0; p < P; p++) {
      const l = len[p];
      if (l === 0 || this.down[p] >= l) continue;
      const m = this.autoFrom(K_PILE, p, cards[p * cap + l - 1]);
      if (m >= 0) return m;
    }
    for (let i = 0; i < this.C; i++) {
      if (this.cells[i] < 0) continue;
      const m = this.autoFrom(K_CELL, i, this.cells[i]);
      if (m >= 0) return m;
    }
    for (let r = 0; r < this.R; r++) {
      if (this.rlen[r] === 0) continue;
      const m = this.autoFrom(K_RESERVE, r, this.res[r * this.rcap + this.rlen[r] - 1]);
      if (m >= 0) return m;
    }
    if (!this.safeOnly && this.stockTo === K_WASTE && this.wlen > 0) {
      const m = this.autoFrom(K_WASTE, 0, this.waste[this.wlen - 1]);
      if (m >= 0) return m;
    }
    return -1;
  }

  private autoFrom(kind: number, index: number, c: number): number {
    const f = this.foundationFor(c);
    if (f < 0) return -1;
    if (!this.safeOnly || this.safeHome(c, f)) return packMove(kind, index, K_FOUNDATION, f, 1);
    return -1;
  }

  forced(_move: number, out: Int32Array, at: number): number {
    for (;;) {
      const m = this.nextAuto();
      if (m < 0) return at;
      this.apply(m);
      out[at++] = m;
    }
  }

  isWon(): boolean {
    if (this.hasFoundations) {
      let home = 0;
      for (let f = 0; f < this.F; f++) home += this.flen[f];
      return home === this.deck;
    }
    if (this.hasHole) return this.hlen === this.deck;
    return false;
  }

  /**
   * The engine's moves of `m` in the current position: a search's move from the waste at size q is the stock's
   * turns (and the waste turned over) that bring the waste to q cards, then the move of its top card.
   */
  toMoves(m: number): FamilyMove[] {
    const q = fromIndex(m);
    if (fromKind(m) !== K_WASTE || q === 0) return [this.toMove(m)];
    const out: FamilyMove[] = [];
    const stock: PileRef = { kind: "stock", index: 0 };
    const waste: PileRef = { kind: "waste", index: 0 };
    let w = this.wlen;
    let left = this.slen;
    const len = w + left;
    // Forward when turning reaches q from here; else to the end, the waste over, and on from none.
    const forward = q >= w && (q === len || (q - w) % this.draw === 0);
    if (!forward) {
      while (left > 0) {
        const n = Math.min(this.draw, left);
        out.push({ from: stock, to: waste, count: n });
        w += n;
        left -= n;
      }
      out.push({ from: waste, to: stock, count: w });
      left = w;
      w = 0;
    }
    while (w < q) {
      const n = Math.min(this.draw, left);
      out.push({ from: stock, to: waste, count: n });
      w += n;
      left -= n;
    }
    out.push(this.toMove(m & ~(127 << 3)));
    return out;
  }

  toMove(m: number): FamilyMove {
    return {
      from: { kind: KINDS[fromKind(m)], index: fromKind(m) === K_WASTE ? 0 : fromIndex(m) } as PileRef,
      to: { kind: KINDS[toKind(m)], index: toIndex(m) } as PileRef,
      count: countOf(m),
    };
  }

  // ---------------------------------------------------------------- the key

  private put(v: number, bits: number): void {
    // bits <= 30
    const have = this.accBits;
    this.acc |= v << have;
    if (have + bits >= 32) {
      this.flush(this.acc);
      this.acc = have === 0 ? 0 : v >>> (32 - have);
      this.accBits = have + bits - 32;
    } else this.accBits = have + bits;
  }

  private flush(w: number): void {
    this.out[this.word++] = w;
  }

  /**
   * Pile a's content before pile b's in the canonical order (any fixed total order of contents): by the id of the
   * face-down part, then the face-up cards bottom first, a pile that is the start of the other first. One deck's
   * piles differ in their first face-up card, so one comparison mostly decides.
   */
  private pileLess(a: number, b: number): boolean {
    const { cap, cards, len, down, prefixId } = this;
    const da = down[a];
    const db = down[b];
    const pa = prefixId[a * cap + da];
    const pb = prefixId[b * cap + db];
    if (pa !== pb) return pa < pb;
    const ua = len[a] - da;
    const ub = len[b] - db;
    const ba = a * cap + da;
    const bb = b * cap + db;
    const n = Math.min(ua, ub);
    for (let i = 0; i < n; i++) {
      const x = cards[ba + i];
      const y = cards[bb + i];
      if (x !== y) return x < y;
    }
    return ua < ub;
  }

  /**
   * Whether the key counts the piles (and cells) as sets, their order sorted away: where the rules treat them alike
   * and no stock deals onto them one by one. `encode`, its tail and `hashBoth` must agree on it.
   */
  private piecesAreSets(): boolean {
    return (this.symmetric || this.slen === 0) && !this.physical;
  }

  encode(out: Uint32Array): void {
    this.out = out;
    this.word = 0;
    this.acc = 0;
    this.accBits = 0;
    const { P, cap, cards, len, down, order } = this;
    const sorted = this.piecesAreSets();
    if (sorted) {
      // Insertion sort from the last order: a move changes one or two piles.
      for (let i = 1; i < P; i++) {
        const x = order[i];
        let j = i - 1;
        while (j >= 0 && this.pileLess(x, order[j])) {
          order[j + 1] = order[j];
          j--;
        }
        order[j + 1] = x;
      }
    }
    // The piles, the bulk of the key: the bit writer's state in locals.
    const pbits = this.prefixBits;
    const ubits = this.upBits;
    const prefixId = this.prefixId;
    let acc = 0;
    let have = 0;
    let word = 0;
    for (let i = 0; i < P; i++) {
      const p = sorted ? order[i] : i;
      const d = down[p];
      const l = len[p];
      const head = pbits > 0 ? (prefixId[p * cap + d] << ubits) | (l - d) : l - d;
      const headBits = pbits + ubits;
      acc |= head << have;
      have += headBits;
      if (have >= 32) {
        out[word++] = acc;
        have -= 32;
        acc = have === 0 ? 0 : head >>> (headBits - have);
      }
      const base = p * cap;
      for (let k = base + d; k < base + l; k++) {
        const c = cards[k];
        acc |= c << have;
        have += 6;
        if (have >= 32) {
          out[word++] = acc;
          have -= 32;
          acc = have === 0 ? 0 : c >>> (6 - have);
        }
      }
    }
    this.acc = acc;
    this.accBits = have;
    this.word = word;
    this.encodeTail(this.keyWords, true);
    let h = 0x2545f491;
    for (let k = 0; k < this.keyWords; k++) {
      h = Math.imul(h ^ out[k], 0x9e3779b1);
      h ^= h >>> 15;
    }
    h ^= h >>> 16;
    h = Math.imul(h, 0x85ebca6b);
    h ^= h >>> 13;
    this.hashValue = h >>> 0;
    this.hashValid = true;
  }

  /**
   * The key after the piles (cells, reserve, foundations, talon, hole), written on at `out`'s word `word` with
   * the bit writer's state, and padded with zeros to `words` words: shared by `encode` and `hashBoth`.
   */
  private encodeTail(words: number, withTalon: boolean): void {
    const sorted = this.piecesAreSets();
    if (this.C > 0) {
      const codes = this.cellCodes;
      for (let i = 0; i < this.C; i++) {
        const c = this.cells[i] < 0 ? NO_CARD : this.cells[i];
        if (sorted) {
          let j = i - 1;
          while (j >= 0 && codes[j] > c) {
            codes[j + 1] = codes[j];
            j--;
          }
          codes[j + 1] = c;
        } else codes[i] = c;
      }
      for (let i = 0; i < this.C; i++) this.put(codes[i], 6);
    }
    if (this.R > 0) {
      if (this.stacked) this.put(this.rlen[0], this.resBits);
      else if (this.reserveSet && !this.physical) {
        for (let g = 0; g < this.groups_; g++) {
          let k = 0;
          for (let i = this.groupStart[g]; i < this.groupStart[g + 1]; i++)
            k += this.rlen[this.groupSlots[i]];
          this.put(k, this.groupBits[g]);
        }
      } else for (let r = 0; r < this.R; r++) this.put(this.rlen[r], 1);
    }
    if (this.F > 0) {
      const two = this.F > 4 && !this.physical;
      for (let s = 0; s < 4 && s < this.F; s++) {
        if (two) {
          const a = this.flen[s];
          const b = this.flen[s + 4];
          this.put(Math.min(a, b), 4);
          this.put(Math.max(a, b), 4);
        } else this.put(this.flen[s], 4);
      }
      if (this.physical) for (let s = 4; s < this.F; s++) this.put(this.flen[s], 4);
    }
    if (this.stockTo >= 0 && withTalon) {
      // The cards of the loaded talon left, as the leftmost embedding of waste (bottom first) then stock (top first).
      const mask = this.talonMask;
      mask.fill(0);
      const talon = this.talon;
      let j = 0;
      for (let i = 0; i < this.wlen; i++) {
        const x = this.waste[i];
        while (talon[j] !== x) j++;
        mask[j >> 5] |= 1 << (j & 31);
        j++;
      }
      for (let i = this.slen - 1; i >= 0; i--) {
        const x = this.stock[i];
        while (talon[j] !== x) j++;
        mask[j >> 5] |= 1 << (j & 31);
        j++;
      }
      for (let k = 0; k < this.talonLen; k += 16) {
        const bits = Math.min(16, this.talonLen - k);
        this.put((mask[k >> 5] >>> (k & 31)) & ((1 << bits) - 1), bits);
      }
      // With the waste turned over as often as one likes, the waste's sizes the stock's turns pass through
      // (multiples of the draw, and all of it) reach one another by turning alone: one position, counted as none.
      // (The search's moves from the waste reach from any of them the same cards.)
      this.put(this.talonNormal(), this.lenBits);
    }
    if (this.hasHole) this.put(this.hlen === 0 ? NO_CARD : this.hole[this.hlen - 1], 6);
    if (this.accBits > 0) this.flush(this.acc);
    while (this.word < words) this.flush(0);
  }

  hash(): number {
    if (!this.hashValid) this.encode(this.scratchKey);
    return this.hashValue;
  }

  /** A second hash of the key, independent of `hash`, made from the key last encoded (the shortener's use). */
  hash2(): number {
    if (!this.hashValid) this.encode(this.scratchKey);
    const out = this.out;
    let h = 0x6a09e667;
    for (let k = 0; k < this.keyWords; k++) {
      h = Math.imul(h ^ out[k], 0xcc9e2d51);
      h = (h << 13) | (h >>> 19);
    }
    h ^= h >>> 16;
    h = Math.imul(h, 0xc2b2ae35);
    return (h ^ (h >>> 15)) >>> 0;
  }

  /** The waste's size as the key counts it (0 where turning alone reaches the waste's other sizes). */
  private talonNormal(): number {
    return this.talonMoves && this.redeals && (this.slen === 0 || this.wlen % this.draw === 0)
      ? 0
      : this.wlen;
  }

  /**
   * Two independent 32-bit hashes of the canonical key, the first returned and the second left in `hash2Value`:
   * what a search keyed on hashes stores. Not `hash()` and `hash2()` (a table keyed on hashes takes one kind
   * only), and cheaper: no key is written for the piles. Each pile is hashed on its own (its face-down part's
   * id, its face-up count and cards) and the piles' hashes are added, so the order of piles that the key sorts
   * away does not count; where the key keeps the piles in place, each pile's hash takes its index. The rest of
   * the key (cells, reserve, foundations, talon, hole) is written as `encode` writes it and hashed.
   */
  hashBoth(): number {
    const { P, cap, cards, len, down, prefixId } = this;
    const sorted = this.piecesAreSets();
    let s1 = 0;
    let s2 = 0;
    for (let p = 0; p < P; p++) {
      const d = down[p];
      const l = len[p];
      let a = Math.imul(prefixId[p * cap + d] + 1, 0x9e3779b1) ^ (l - d) ^ (sorted ? 0 : (p + 1) << 24);
      let b = Math.imul(a ^ 0x6a09e667, 0xcc9e2d51);
      for (let k = p * cap + d; k < p * cap + l; k++) {
        const c = cards[k] + 1;
        a = Math.imul(a ^ c, 0x85ebca6b);
        a ^= a >>> 15;
        b = Math.imul(b + c, 0xc2b2ae35);
        b ^= b >>> 13;
      }
      a = Math.imul(a ^ (a >>> 16), 0x27d4eb2f);
      b = Math.imul(b ^ (b >>> 15), 0x165667b1);
      s1 = (s1 + (a ^ (a >>> 13))) | 0;
      s2 = (s2 + (b ^ (b >>> 16))) | 0;
    }
    const out = this.tailKey;
    this.out = out;
    this.word = 0;
    this.acc = 0;
    this.accBits = 0;
    this.encodeTail(out.length, false);
    let h1 = s1 ^ 0x2545f491;
    let h2 = s2 ^ 0x6a09e667;
    if (this.stockTo >= 0) {
      // The talon's cards left, waste bottom first then stock top first (what the key's mask of the loaded talon
      // stands for), and the waste's size as the key counts it.
      for (let i = 0; i < this.wlen; i++) {
        h1 = Math.imul(h1 ^ (this.waste[i] + 1), 0x9e3779b1);
        h2 = Math.imul(h2 + this.waste[i] + 1, 0xcc9e2d51);
      }
      for (let i = this.slen - 1; i >= 0; i--) {
        h1 = Math.imul(h1 ^ (this.stock[i] + 1), 0x9e3779b1);
        h2 = Math.imul(h2 + this.stock[i] + 1, 0xcc9e2d51);
      }
      h1 = Math.imul(h1 ^ (h1 >>> 15) ^ this.talonNormal(), 0x85ebca6b);
      h2 = Math.imul(h2 ^ (h2 >>> 13) ^ this.talonNormal(), 0xc2b2ae35);
    }
    for (let k = 0; k < out.length; k++) {
      h1 = Math.imul(h1 ^ out[k], 0x9e3779b1);
      h1 ^= h1 >>> 15;
      h2 = Math.imul(h2 ^ out[k], 0xcc9e2d51);
      h2 = (h2 << 13) | (h2 >>> 19);
    }
    h1 ^= h1 >>> 16;
    h1 = Math.imul(h1, 0x85ebca6b);
    h1 ^= h1 >>> 13;
    h2 ^= h2 >>> 16;
    h2 = Math.imul(h2, 0xc2b2ae35);
    this.hash2Value = (h2 ^ (h2 >>> 15)) >>> 0;
    return h1 >>> 0;
  }

  hash2Value = 0;

  /**
   * Words of a raw record: the position as it lies (bytes: each pile's length, face-down count and cards; the
   * cells; the foundations' sizes and suits; the stock, the waste, the reserve and the hole with their sizes).
   * Every card lies in one place or is counted by a foundation's size, so a deck's worth of cards and the sizes
   * bound it.
   */
  get rawWords(): number {
    return Math.ceil((2 * this.P + this.C + 2 * this.F + 3 + this.R + this.deck) / 4);
  }

  private rawAt = 0;
  private rawWord = 0;
  private rawShift = 0;
  private rawOut: Uint32Array = new Uint32Array(0);

  private putByte(b: number): void {
    this.rawWord |= (b & 255) << this.rawShift;
    this.rawShift += 8;
    if (this.rawShift === 32) {
      this.rawOut[this.rawAt++] = this.rawWord;
      this.rawWord = 0;
      this.rawShift = 0;
    }
  }

  private getByte(): number {
    if (this.rawShift === 0) this.rawWord = this.rawOut[this.rawAt++];
    const b = (this.rawWord >>> this.rawShift) & 255;
    this.rawShift = (this.rawShift + 8) & 31;
    return b;
  }

  /** Writes the position as it lies (`rawWords` words) to `out` from `at` (a best-first search's record). */
  encodeRaw(out: Uint32Array, at: number): void {
    const { P, cap, cards, len, down } = this;
    this.rawOut = out;
    this.rawAt = at;
    this.rawWord = 0;
    this.rawShift = 0;
    for (let p = 0; p < P; p++) {
      this.putByte(len[p]);
      this.putByte(down[p]);
      for (let i = 0; i < len[p]; i++) this.putByte(cards[p * cap + i]);
    }
    for (let i = 0; i < this.C; i++) this.putByte(this.cells[i] + 1);
    for (let f = 0; f < this.F; f++) {
      this.putByte(this.flen[f]);
      this.putByte(this.fsuit[f]);
    }
    this.putByte(this.slen);
    for (let i = 0; i < this.slen; i++) this.putByte(this.stock[i]);
    this.putByte(this.wlen);
    for (let i = 0; i < this.wlen; i++) this.putByte(this.waste[i]);
    for (let r = 0; r < this.R; r++) {
      this.putByte(this.rlen[r]);
      for (let i = 0; i < this.rlen[r]; i++) this.putByte(this.res[r * this.rcap + i]);
    }
    this.putByte(this.hlen);
    for (let i = 0; i < this.hlen; i++) this.putByte(this.hole[i]);
    if (this.rawShift > 0) this.rawOut[this.rawAt++] = this.rawWord;
  }

  /** Sets the position from a raw record `encodeRaw` wrote (the deal's tables as loaded stay). */
  decodeRaw(words: Uint32Array, at: number): void {
    const { P, cap, cards, len, down } = this;
    this.rawOut = words;
    this.rawAt = at;
    this.rawShift = 0;
    for (let p = 0; p < P; p++) {
      len[p] = this.getByte();
      down[p] = this.getByte();
      for (let i = 0; i < len[p]; i++) cards[p * cap + i] = this.getByte();
    }
    for (let i = 0; i < this.C; i++) this.cells[i] = this.getByte() - 1;
    for (let f = 0; f < this.F; f++) {
      this.flen[f] = this.getByte();
      this.fsuit[f] = this.getByte();
    }
    this.slen = this.getByte();
    for (let i = 0; i < this.slen; i++) this.stock[i] = this.getByte();
    this.wlen = this.getByte();
    for (let i = 0; i < this.wlen; i++) this.waste[i] = this.getByte();
    for (let r = 0; r < this.R; r++) {
      this.rlen[r] = this.getByte();
      for (let i = 0; i < this.rlen[r]; i++) this.res[r * this.rcap + i] = this.getByte();
    }
    this.hlen = this.getByte();
    for (let i = 0; i < this.hlen; i++) this.hole[i] = this.getByte();
    this.undoTop = 0;
    this.hashValid = false;
  }

  /**
   * Only a search keyed on hashes takes positions up again here (from raw records): the canonical key does not
   * say which pile lies where, and the moves of a record name places.
   */
  decode(): void {
    throw new RangeError("the family's packed position is taken up from raw records only");
  }

  /**
   * The best-first heuristic (lower is expanded first): cards not yet home, face-down cards, face-up cards that
   * do not lie on a card they move with as a group (in Spider, a card not on the next of its suit; those on their
   * next card under the tableau's build but off the group weighed apart when `offGroup` is given), filled cells,
   * cards in the stock and waste (the waste weighed apart when `waste` is given, and its cards out of order when
   * `wasteOutOfOrder` is), piles that hold cards; and the depth. Clamped to the queue's 0..4095.
   */
  score(w: FamilyWeights, depth: number): number {
    const { P, cap, cards, len, down, builds } = this;
    let home = this.hlen;
    for (let f = 0; f < this.F; f++) home += this.flen[f];
    let faceDown = 0;
    let loose = 0;
    let offGroup = 0;
    let empty = 0;
    for (let p = 0; p < P; p++) {
      const l = len[p];
      if (l === 0) {
        empty++;
        continue;
      }
      const d = down[p];
      faceDown += d;
      const base = p * cap;
      for (let i = d + 1; i < l; i++) {
        const b = builds[cards[base + i - 1] * 52 + cards[base + i]];
        if ((b & 2) === 0) {
          if ((b & 1) === 0) loose++;
          else offGroup++;
        }
      }
    }
    let cells = 0;
    for (let i = 0; i < this.C; i++) if (this.cells[i] >= 0) cells++;
    let outOfOrder = 0;
    if (w.wasteOutOfOrder)
      for (let i = 1; i < this.wlen; i++)
        if ((builds[this.waste[i - 1] * 52 + this.waste[i]] & 1) === 0) outOfOrder++;
    const v =
      w.notHome * (this.deck - home) +
      w.faceDown * faceDown +
      w.loose * loose +
      (w.offGroup ?? w.loose) * offGroup +
      w.cell * cells +
      w.stock * this.slen +
      (w.waste ?? w.stock) * this.wlen +
      (w.wasteOutOfOrder ?? 0) * outOfOrder +
      w.occupied * (P - empty) +
      w.depth * depth;
    return v < 0 ? 0 : v > 4095 ? 4095 : v | 0;
  }

  /**
   * A move named so that it means the same in any position with the same key: with physical keys (every card
   * in its place), the packed move itself.
   */
  moveCode(move: number): number {
    return move;
  }

  codeToMove(code: number): number {
    return code;
  }
}

// ---- Covering layouts (Pyramid, TriPeaks) and the accordion: positions of their own, a few words each ----

const popcount = (x: number): number => {
  let v = x - ((x >>> 1) & 0x55555555);
  v = (v & 0x33333333) + ((v >>> 2) & 0x33333333);
  return (Math.imul((v + (v >>> 4)) & 0x0f0f0f0f, 0x01010101) >>> 24) & 63;
};

/** A 32-bit hash of `n` key words (murmur3's mixing). */
function mixWords(out: Uint32Array, n: number): number {
  let h = 0x2545f491;
  for (let k = 0; k < n; k++) {
    h = Math.imul(h ^ out[k], 0x9e3779b1);
    h = (h << 15) | (h >>> 17);
  }
  h ^= h >>> 16;
  h = Math.imul(h, 0x85ebca6b);
  h ^= h >>> 13;
  return (h ^ (h >>> 16)) >>> 0;
}

/**
 * Why the covering position (PackedCovering) cannot stand for `state`, or undefined: it plays a covering layout
 * of at most 32 piles of one card whose cards leave either in pairs (Pyramid: pairs from the table, the waste and
 * the stock, a stock turned one card at a time, any redeal rule) or to a hole one rank up or down (TriPeaks: the
 * stock dealt to the hole), with no foundations, cells or reserve, and a talon of at most 31 cards.
 */
export function coveringUnsupported(state: FamilyState): string | undefined {
  const { rules, table: t } = state;
  const covering = rules.tableau.covering;
  if (!covering) return "no covering layout";
  if (rules.tableau.piles > 32 || t.tableau.length !== rules.tableau.piles) return "piles";
  if (rules.foundations || rules.cells.count > 0 || rules.reserve || rules.sequences || rules.accordion)
    return "foundations, cells, a reserve";
  if (t.tableau.some((p) => p.length > 1)) return "a pile of several cards";
  const s = rules.stock;
  if (rules.pairs) {
    if (rules.hole) return "pairs and a hole";
    if (s && (s.dealsTo !== "waste" || s.draw !== 1)) return "a stock that does not turn one card to a waste";
    if (t.stock.length + t.waste.length > 31) return "a talon of over 31 cards";
    if (s?.redealLimit !== undefined && (t.redealt ?? 0) > s.redealLimit) return "too many redeals";
  } else if (rules.hole) {
    if (s && s.dealsTo !== "hole") return "a stock that does not deal to the hole";
    if (t.hole.length === 0) return "an empty hole";
    if (t.stock.length > 255 || t.waste.length > 0) return "a waste";
  } else return "neither pairs nor a hole";
  return undefined;
}

/** A place of a pair's card: tableau pile p is p, talon card i is TALON + i. */
const TALON = 32;
const CM_SINGLE = 0;
const CM_PAIR = 1;
const CM_DRAW = 2;
const CM_REDEAL = 3;
const CM_TO_HOLE = 0;
const CM_STOCK_HOLE = 1;

/**
 * The packed position of a covering layout (Pyramid, TriPeaks), moved through in place by the shared searches
 * (src/search/depth-first.ts). Every pile holds one card or none, so the table is a bitmask of the places still
 * holding their card; the cards stay where the deal put them.
 *
 * Pairs (Pyramid): the talon, the waste bottom first and then the stock top first, is always the talon as loaded
 * with cards taken out (turning a card, turning the waste over and taking a card out keep the order), so it is a
 * mask of the cards gone and where the waste ends (just past its top card, kept so: one number for each talon),
 * and the redeals made where they are limited. The discard plays no more and is no part of the key.
 * The hole (TriPeaks): the cards dealt from the stock and the hole's top card.
 *
 * Its moves are the engine's moves of these rules (MODE_ENGINE: the very list `legalMoves` writes, in its order;
 * MODE_SEARCH: the same moves, pairs of two table cards first); its forced moves are Pyramid's automatic moves
 * (engine.ts's `autoMoves`: a king in play out, a pair neither of whose cards has another partner left). In
 * MODE_SEARCH it makes no move in a position `provedLost` proves lost (Pyramid's bound, computed here on the
 * masks): no win lies below it.
 *
 * A move is a 32-bit integer: its type (2 bits), its places (6 bits each), and what undoing needs (the waste's end
 * before it, the hole's top card).
 */
export class PackedCovering implements SearchDomain<FamilyState, FamilyMove> {
  readonly keyWords: number;
  readonly maxMoves: number;
  private readonly rules: FamilyRules;
  private readonly P: number;
  private readonly pairs: boolean;
  private readonly total: number;
  private readonly topInPlay: boolean;
  private readonly redeals: boolean;
  /** The redeals the rules allow (-1: as many as the player likes). */
  private readonly limit: number;
  /** Pairs under a limited redeal: the key's last word holds the redeals made from bit 8. */
  readonly limitedRedeals: boolean;
  private readonly clearOnly: boolean;
  /** The card at each place (-1: none from the start). */
  private readonly place: Int8Array;
  /** The places covering each place, as a mask. */
  private readonly cover: Uint32Array;
  /** Every place over each place, however far up, as a mask. */
  private readonly over: Uint32Array;
  /** adjacent[a * 64 + b]: the hole whose top is b takes a. */
  private readonly adjacent: Uint8Array;
  /** The places holding a card of each rank, as masks. */
  private readonly rankPlaces: Uint32Array;

  // The position.
  private present = 0;
  private talon = new Int8Array(32);
  private T = 0;
  private gone = 0;
  /** The waste is the talon's cards left below this index. */
  private wend = 0;
  private redealt = 0;
  private holeTop = 0;
  /** The stock's cards still to deal to the hole: talon[dealt..T). */
  private dealt = 0;
  /** Cards of each rank left on the table and in the talon. */
  private readonly left: Int32Array;

  private hashValue = 0;
  private hashValid = false;
  private readonly scratch: Uint32Array;
  private readonly listA = new Int32Array(8);
  /** The places each place lies over, however far down (the converse of `over`). */
  private readonly under: Uint32Array;
  /** The deadlock bound's work: each place's cards that must be gone before it leaves, its table partners. */
  private readonly before: Uint32Array;
  private readonly partners: Uint32Array;
  private readonly talonPartner: Uint8Array;

  constructor(rules: FamilyRules) {
    const covering = rules.tableau.covering;
    if (!covering) throw new RangeError("a covering layout");
    this.rules = rules;
    this.P = rules.tableau.piles;
    this.pairs = rules.pairs !== undefined;
    this.total = rules.pairs?.total ?? 0;
    this.topInPlay = rules.stock?.topInPlay === true;
    this.redeals = rules.stock?.redeals === true;
    this.limit = !this.redeals ? 0 : (rules.stock?.redealLimit ?? -1);
    this.limitedRedeals = this.pairs && this.limit > 0;
    this.clearOnly = rules.goal === "clear-tableau";
    this.place = new Int8Array(this.P).fill(-1);
    const direct = coveredBy(covering);
    this.cover = new Uint32Array(this.P);
    this.over = new Uint32Array(this.P);
    for (let p = 0; p < this.P; p++) for (const q of direct[p]) this.cover[p] |= 1 << q;
    // The closure of `cover`, taken to a fixed point (no order of the places is assumed).
    this.over.set(this.cover);
    for (let changed = true; changed; ) {
      changed = false;
      for (let p = 0; p < this.P; p++) {
        let m = this.over[p];
        for (let q = 0; q < this.P; q++) if ((m >>> q) & 1) m |= this.over[q];
        if (m !== this.over[p]) {
          this.over[p] = m;
          changed = true;
        }
      }
    }
    this.under = new Uint32Array(this.P);
    for (let p = 0; p < this.P; p++)
      for (let q = 0; q < this.P; q++) if ((this.over[q] >>> p) & 1) this.under[p] |= 1 << q;
    this.before = new Uint32Array(this.P);
    this.partners = new Uint32Array(this.P);
    this.talonPartner = new Uint8Array(this.P);
    const n = rules.highestRank;
    const wraps = rules.hole?.wraps === true;
    this.adjacent = new Uint8Array(64 * 64);
    for (let a = 0; a < 64; a++)
      for (let b = 0; b < 64; b++) {
        const ra = (a >> 2) + 1;
        const rb = (b >> 2) + 1;
        this.adjacent[a * 64 + b] =
          ra + 1 === rb || ra === rb + 1 || (wraps && ((ra === n && rb === 1) || (ra === 1 && rb === n)))
            ? 1
            : 0;
      }
    this.rankPlaces = new Uint32Array(2 * n + 2);
    this.left = new Int32Array(2 * n + 2);
    this.keyWords = this.pairs ? 3 : 2;
    this.scratch = new Uint32Array(this.keyWords);
    // Singles and pairs among the places in play, the stock's move, and the forced moves after one move.
    const inPlay = this.P + 2;
    this.maxMoves = inPlay + (inPlay * (inPlay - 1)) / 2 + 2 + this.P + 34;
  }

  load(state: FamilyState): void {
    const t = state.table;
    this.present = 0;
    this.place.fill(-1);
    this.rankPlaces.fill(0);
    this.left.fill(0);
    for (let p = 0; p < this.P; p++) {
      const pile = t.tableau[p];
      if (pile.length === 0) continue;
      this.place[p] = pile[0];
      this.present |= 1 << p;
      const r = (pile[0] >> 2) + 1;
      this.rankPlaces[r] |= 1 << p;
      this.left[r]++;
    }
    if (this.pairs) {
      const seq = [...t.waste, ...t.stock.slice().reverse()];
      this.T = seq.length;
      this.talon = Int8Array.from(seq);
      for (const c of seq) this.left[(c >> 2) + 1]++;
      this.gone = 0;
      this.wend = t.waste.length;
      this.redealt = this.limit > 0 ? (t.redealt ?? 0) : 0;
    } else {
      const seq = t.stock.slice().reverse();
      this.T = seq.length;
      this.talon = Int8Array.from(seq);
      this.dealt = 0;
      this.holeTop = t.hole[t.hole.length - 1];
    }
    this.hashValid = false;
  }

  /** The waste's top card's talon index, or -1. */
  private wasteTop(): number {
    for (let i = this.wend - 1; i >= 0; i--) if (!((this.gone >>> i) & 1)) return i;
    return -1;
  }

  /** The stock's top card's talon index, or -1. */
  private stockTop(): number {
    for (let i = this.wend; i < this.T; i++) if (!((this.gone >>> i) & 1)) return i;
    return -1;
  }

  private isFreePlace(p: number): boolean {
    return ((this.present >>> p) & 1) === 1 && (this.present & this.cover[p]) === 0;
  }

  private cardAt(at: number): number {
    return at >= TALON ? this.talon[at - TALON] : this.place[at];
  }

  private rankAt(at: number): number {
    return (this.cardAt(at) >> 2) + 1;
  }

  generate(mode: number, out: Int32Array, at: number): number {
    let k = at;
    if (!this.pairs) {
      // The engine's order: each free table card that the hole takes, then the stock's card.
      for (let p = 0; p < this.P; p++)
        if (this.isFreePlace(p) && this.adjacent[this.place[p] * 64 + this.holeTop] === 1)
          out[k++] = CM_TO_HOLE | (p << 2) | (this.holeTop << 14);
      if (this.dealt < this.T) out[k++] = CM_STOCK_HOLE | (this.holeTop << 14);
      return k;
    }
    if (mode === MODE_SEARCH && this.provedLost()) return k;
    const places = this.inPlay();
    const total = this.total;
    const old = this.wend << 20;
    for (let i = 0; i < places.length; i++)
      if (this.rankAt(places[i]) === total) out[k++] = CM_SINGLE | (places[i] << 2) | old;
    for (let i = 0; i < places.length; i++) {
      const ri = this.rankAt(places[i]);
      for (let j = i + 1; j < places.length; j++)
        if (ri + this.rankAt(places[j]) === total)
          out[k++] = CM_PAIR | (places[i] << 2) | (places[j] << 8) | old;
    }
    const s = this.stockTop();
    if (s >= 0) out[k++] = CM_DRAW | (s << 2) | old;
    else if (
      this.redeals &&
      this.wend > 0 &&
      this.wasteTop() >= 0 &&
      (this.limit < 0 || this.redealt < this.limit)
    )
      out[k++] = CM_REDEAL | old;
    return k;
  }

  /** Takes the card at a place out (a table card or a talon card); the waste's end follows its top card. */
  private takeOut(at: number): void {
    const r = this.rankAt(at);
    this.left[r]--;
    if (at < TALON) {
      this.present &= ~(1 << at);
      this.rankPlaces[r] &= ~(1 << at);
    } else this.gone |= 1 << (at - TALON);
  }

  private putBack(at: number): void {
    const r = this.rankAt(at);
    this.left[r]++;
    if (at < TALON) {
      this.present |= 1 << at;
      this.rankPlaces[r] |= 1 << at;
    } else this.gone &= ~(1 << (at - TALON));
  }

  apply(move: number): void {
    this.hashValid = false;
    const type = move & 3;
    if (!this.pairs) {
      if (type === CM_TO_HOLE) {
        const p = (move >>> 2) & 63;
        this.present &= ~(1 << p);
        this.holeTop = this.place[p];
      } else this.holeTop = this.talon[this.dealt++];
      return;
    }
    if (type === CM_SINGLE || type === CM_PAIR) {
      this.takeOut((move >>> 2) & 63);
      if (type === CM_PAIR) this.takeOut((move >>> 8) & 63);
      this.wend = this.wasteTop() + 1;
    } else if (type === CM_DRAW) this.wend = ((move >>> 2) & 63) + 1;
    else {
      this.wend = 0;
      this.redealt++;
    }
  }

  undo(move: number): void {
    this.hashValid = false;
    const type = move & 3;
    if (!this.pairs) {
      if (type === CM_TO_HOLE) this.present |= 1 << ((move >>> 2) & 63);
      else this.dealt--;
      this.holeTop = (move >>> 14) & 63;
      return;
    }
    if (type === CM_SINGLE || type === CM_PAIR) {
      this.putBack((move >>> 2) & 63);
      if (type === CM_PAIR) this.putBack((move >>> 8) & 63);
    } else if (type === CM_REDEAL) this.redealt--;
    this.wend = (move >>> 20) & 63;
  }

  /**
   * Pyramid's automatic moves, as engine.ts's `autoMoves` makes them: a card of the total's rank in play goes out
   * alone; two cards in play that make the total go out when neither rank has another card left.
   */
  forced(_move: number, out: Int32Array, at: number): number {
    if (!this.pairs) return at;
    let k = at;
    for (;;) {
      const m = this.nextForced();
      if (m < 0) return k;
      out[k++] = m;
      this.apply(m);
    }
  }

  /** The cards in play, in the engine's order: the free table places, then the waste's top, then the stock's when it plays. */
  private inPlay(): number[] {
    const places: number[] = [];
    for (let p = 0; p < this.P; p++) if (this.isFreePlace(p)) places.push(p);
    const w = this.wasteTop();
    if (w >= 0) places.push(TALON + w);
    const s = this.stockTop();
    if (this.topInPlay && s >= 0) places.push(TALON + s);
    return places;
  }

  private nextForced(): number {
    const places = this.inPlay();
    const old = this.wend << 20;
    const total = this.total;
    for (let i = 0; i < places.length; i++)
      if (this.rankAt(places[i]) === total) return CM_SINGLE | (places[i] << 2) | old;
    for (let i = 0; i < places.length; i++) {
      const ri = this.rankAt(places[i]);
      if (ri >= total || this.left[ri] !== 1 || this.left[total - ri] !== 1) continue;
      for (let j = i + 1; j < places.length; j++)
        if (ri + this.rankAt(places[j]) === total) return CM_PAIR | (places[i] << 2) | (places[j] << 8) | old;
    }
    return -1;
  }

  /**
   * Whether the position is proved lost (pairs and the goal of clearing the table; false under other rules):
   * engine.ts's `provedLost` on the masks (a table card whose every partner left lies over it, or none is left),
   * then, for each rank and its partner rank, Hall's condition (`unmatched`), then the order bound (`deadlocked`).
   * Each holds of a position alone, so a search may cut it: no win lies below (docs/catalogue.md).
   */
  provedLost(): boolean {
    if (!this.pairs || !this.clearOnly) return false;
    const total = this.total;
    const n = this.rules.highestRank;
    let m = this.present;
    while (m !== 0) {
      const p = 31 - Math.clz32(m);
      m &= ~(1 << p);
      const r = (this.place[p] >> 2) + 1;
      if (r === total) continue;
      const want = total - r;
      if (want < 1 || want > n) return true;
      const partners =
        this.left[want] -
        (want === r ? 1 : 0) -
        popcount(this.over[p] & this.present & this.rankPlaces[want]);
      if (partners <= 0) return true;
    }
    for (let r = 1; 2 * r < total; r++) if (total - r <= n && this.unmatched(r, total - r)) return true;
    return this.deadlocked();
  }

  /**
   * The order bound: what must be gone before each table card leaves. A card over another is gone before it; a
   * card whose partners (of the rank that makes the total with it) are neither in the talon nor more than one
   * table card leaves with that one card, so the two leave at once, after everything that must precede either;
   * a partner that must be gone before the card, or after it, is no partner. Lost when a card must be gone
   * before itself, or has no partner left.
   */
  deadlocked(): boolean {
    if (!this.pairs || !this.clearOnly) return false;
    const { before, partners, talonPartner, present, total } = this;
    for (let m = present; m !== 0; m &= m - 1) {
      const p = 31 - Math.clz32(m & -m);
      before[p] = this.over[p] & present;
      const r = (this.place[p] >> 2) + 1;
      if (r === total) {
        partners[p] = 0;
        talonPartner[p] = 1;
        continue;
      }
      const want = total - r;
      const onTable = present & this.rankPlaces[want] & ~(1 << p);
      talonPartner[p] = this.left[want] - popcount(present & this.rankPlaces[want]) > 0 ? 1 : 0;
      partners[p] = onTable & ~this.over[p] & ~this.under[p];
    }
    for (let changed = true; changed; ) {
      changed = false;
      for (let m = present; m !== 0; m &= m - 1) {
        const p = 31 - Math.clz32(m & -m);
        // Everything that must precede a card that must precede p must precede p.
        let b = before[p];
        for (let x = b; x !== 0; x &= x - 1) b |= before[31 - Math.clz32(x & -x)];
        if ((b >>> p) & 1) return true;
        if (b !== before[p]) {
          before[p] = b;
          changed = true;
        }
        if (talonPartner[p] === 1 && partners[p] === 0) continue;
        let c = partners[p] & ~b;
        for (let x = c; x !== 0; x &= x - 1) {
          const q = 31 - Math.clz32(x & -x);
          if ((before[q] >>> p) & 1) c &= ~(1 << q);
        }
        if (c !== partners[p]) {
          partners[p] = c;
          changed = true;
        }
        if (talonPartner[p] === 1) continue;
        if (c === 0) return true;
        if ((c & (c - 1)) === 0) {
          // One partner left, on the table: the two leave together.
          const q = 31 - Math.clz32(c);
          const both = before[p] | before[q];
          if (both !== before[p] || both !== before[q]) {
            before[p] = both;
            before[q] = both;
            changed = true;
          }
        }
      }
    }
    return false;
  }

  /**
   * Whether a rank and its partner rank leave some table card of either without a partner to go with: the pairs
   * that clear the table take each table card of rank r with a card of rank s = total - r, one card to one pair,
   * two table cards only when neither lies over the other (both are in play at once). So there must be a
   * matching of the cards of rank r left (table and talon) with those of rank s left that pairs every table card
   * of either rank with an allowed partner (Hall's condition; the talon's cards go with any card).
   */
  private unmatched(r: number, s: number): boolean {
    const tableR = this.present & this.rankPlaces[r];
    const tableS = this.present & this.rankPlaces[s];
    const k = popcount(tableR);
    const m = popcount(tableS);
    const talonR = this.left[r] - k;
    const talonS = this.left[s] - m;
    if (k <= talonS && m <= talonR) return false;
    if (k > 8 || m > 8) return false;
    const aList = this.listA;
    let i = 0;
    for (let x = tableR; x !== 0; x &= x - 1) aList[i++] = 31 - Math.clz32(x & -x);
    return !this.matchFrom(0, k, tableS, 0, talonS, talonR, m);
  }

  /**
   * Matches table cards listA[i..k) of one rank, each with a table card of the other rank still in `free` that
   * neither lies over nor under it, or with one of the `talonS - usedS` talon cards of that rank; true when the
   * table cards of the other rank left unmatched then number at most `talonR`.
   */
  private matchFrom(
    i: number,
    k: number,
    free: number,
    usedS: number,
    talonS: number,
    talonR: number,
    m: number,
  ): boolean {
    if (i === k) return popcount(free) <= talonR;
    const a = this.listA[i];
    if (usedS < talonS && this.matchFrom(i + 1, k, free, usedS + 1, talonS, talonR, m)) return true;
    for (let x = free & ~this.over[a]; x !== 0; x &= x - 1) {
      const b = 31 - Math.clz32(x & -x);
      if ((this.over[b] >>> a) & 1) continue;
      if (this.matchFrom(i + 1, k, free & ~(1 << b), usedS, talonS, talonR, m)) return true;
    }
    return false;
  }

  isWon(): boolean {
    if (this.present !== 0) return false;
    if (this.clearOnly) return true;
    return this.pairs ? false : this.dealt === this.T;
  }

  encode(out: Uint32Array): void {
    out[0] = this.present >>> 0;
    if (this.pairs) {
      out[1] = this.gone >>> 0;
      out[2] = this.wend | (this.redealt << 8);
    } else out[1] = this.dealt | (this.holeTop << 16);
    this.hashValue = mixWords(out, this.keyWords);
    this.hashValid = true;
  }

  hash(): number {
    if (!this.hashValid) this.encode(this.scratch);
    return this.hashValue;
  }

  /** A place as the engine names it: a tableau pile, or the waste's or the stock's top. */
  private ref(at: number): PileRef {
    if (at < TALON) return { kind: "cascade", index: at };
    return at - TALON >= this.wend ? { kind: "stock", index: 0 } : { kind: "waste", index: 0 };
  }

  toMove(move: number): FamilyMove {
    const type = move & 3;
    if (!this.pairs)
      return type === CM_TO_HOLE
        ? { from: { kind: "cascade", index: (move >>> 2) & 63 }, to: { kind: "hole", index: 0 }, count: 1 }
        : { from: { kind: "stock", index: 0 }, to: { kind: "hole", index: 0 }, count: 1 };
    if (type === CM_SINGLE)
      return { from: this.ref((move >>> 2) & 63), to: { kind: "hole", index: 0 }, count: 1 };
    if (type === CM_PAIR)
      return { from: this.ref((move >>> 2) & 63), to: this.ref((move >>> 8) & 63), count: 2 };
    if (type === CM_DRAW)
      return { from: { kind: "stock", index: 0 }, to: { kind: "waste", index: 0 }, count: 1 };
    let waste = 0;
    for (let i = 0; i < this.wend; i++) if (!((this.gone >>> i) & 1)) waste++;
    return { from: { kind: "waste", index: 0 }, to: { kind: "stock", index: 0 }, count: waste };
  }
}

/**
 * Why the accordion position (PackedAccordion) cannot stand for `state`, or undefined: it plays any accordion of
 * one deck's card codes (a card is under 64), up to 104 piles.
 */
export function accordionUnsupported(state: FamilyState): string | undefined {
  const { rules, table: t } = state;
  if (!rules.accordion) return "no accordion";
  if (rules.tableau.piles > 0 || rules.sequences || rules.stock || rules.foundations || rules.hole)
    return "an accordion and other parts";
  if (t.accordion.length > Math.min(104, rules.accordion.size) || t.accordion.length === 0) return "piles";
  if (t.accordion.some((p) => p.length === 0 || p.length > 127)) return "an empty pile";
  return undefined;
}

/**
 * The accordion's packed position: its piles' top cards and sizes, left to right (the cards under a top card never
 * play again, and a pile moves whole, so the top cards are the position, as key.ts counts it; the sizes only name
 * the moves). A move is its pile, the pile it goes onto, that pile's top card before and the moving pile's size
 * (what undoing needs). MODE_ENGINE lists the moves in `legalMoves`' order; MODE_SEARCH the piles left to
 * right too, but each pile's farthest target first, and none in a position `provedLost` proves lost.
 */
export class PackedAccordion implements SearchDomain<FamilyState, FamilyMove> {
  readonly keyWords: number;
  readonly maxMoves: number;
  readonly plainMoves = false;
  private readonly size: number;
  private readonly targets: Int32Array;
  /** matches[onto * 64 + moving]: a pile whose top is `moving` goes onto one whose top is `onto`. */
  private readonly matches: Uint8Array;
  private readonly tops: Int8Array;
  private readonly sizes: Int16Array;
  private readonly matchLow: Uint32Array;
  private readonly matchHigh: Uint32Array;
  private readonly oneDeck: boolean;
  private n = 0;
  private hashValue = 0;
  private hashValid = false;
  private readonly scratch: Uint32Array;

  constructor(rules: FamilyRules) {
    const acc = rules.accordion;
    if (!acc) throw new RangeError("an accordion");
    this.size = Math.max(acc.size, 1);
    const offsets: number[] = [];
    for (const m of acc.moves) {
      const d = m.direction === "left" ? -m.distance : m.distance;
      if (d !== 0 && !offsets.includes(d)) offsets.push(d);
    }
    this.targets = Int32Array.from(offsets);
    this.matches = new Uint8Array(64 * 64);
    for (let a = 0; a < 64; a++)
      for (let b = 0; b < 64; b++) this.matches[a * 64 + b] = accordionMatch(acc.matches, a, b) ? 1 : 0;
    // The cards each card matches either way, as masks of cards 0-31 and 32-63 (the bound of `provedLost`).
    this.matchLow = new Uint32Array(64);
    this.matchHigh = new Uint32Array(64);
    for (let a = 0; a < 64; a++)
      for (let b = 0; b < 64; b++)
        if (a !== b && (this.matches[a * 64 + b] === 1 || this.matches[b * 64 + a] === 1)) {
          if (b < 32) this.matchLow[a] |= 1 << b;
          else this.matchHigh[a] |= 1 << (b - 32);
        }
    this.oneDeck = rules.decks === 1;
    this.tops = new Int8Array(104);
    this.sizes = new Int16Array(104);
    this.keyWords = Math.ceil(this.size / 5);
    this.scratch = new Uint32Array(this.keyWords);
    this.maxMoves = 104 * Math.max(1, offsets.length);
  }

  load(state: FamilyState): void {
    const piles = state.table.accordion;
    this.n = piles.length;
    for (let i = 0; i < this.n; i++) {
      this.tops[i] = piles[i][piles[i].length - 1];
      this.sizes[i] = piles[i].length;
    }
    this.hashValid = false;
  }

  generate(mode: number, out: Int32Array, at: number): number {
    let k = at;
    const n = this.n;
    const targets = this.targets;
    if (mode === MODE_ENGINE) {
      for (let i = 0; i < n; i++)
        for (let t = 0; t < targets.length; t++) {
          const j = i + targets[t];
          if (j >= 0 && j < n && this.matches[this.tops[j] * 64 + this.tops[i]] === 1)
            out[k++] = this.pack(i, j);
        }
      return k;
    }
    if (this.provedLost()) return k;
    // The search's order: piles left to right, the farthest target first (on deals 1..100 at 20,000 positions
    // it wins 49, the engine's order 43, right to left 21).
    for (let i = 0; i < n; i++)
      for (let t = targets.length - 1; t >= 0; t--) {
        const j = i + targets[t];
        if (j >= 0 && j < n && this.matches[this.tops[j] * 64 + this.tops[i]] === 1)
          out[k++] = this.pack(i, j);
      }
    return k;
  }

  private pack(from: number, to: number): number {
    return from | (to << 7) | (this.tops[to] << 14) | (this.sizes[from] << 20);
  }

  apply(move: number): void {
    const from = move & 127;
    const to = (move >>> 7) & 127;
    this.tops[to] = this.tops[from];
    this.sizes[to] += this.sizes[from];
    this.tops.copyWithin(from, from + 1, this.n);
    this.sizes.copyWithin(from, from + 1, this.n);
    this.n--;
    this.hashValid = false;
  }

  undo(move: number): void {
    const from = move & 127;
    const to = (move >>> 7) & 127;
    const size = (move >>> 20) & 127;
    this.tops.copyWithin(from + 1, from, this.n);
    this.sizes.copyWithin(from + 1, from, this.n);
    this.n++;
    this.tops[from] = this.tops[to];
    this.sizes[from] = size;
    this.tops[to] = (move >>> 14) & 63;
    this.sizes[to] -= size;
    this.hashValid = false;
  }

  forced(_move: number, _out: Int32Array, at: number): number {
    return at;
  }

  isWon(): boolean {
    return this.n === 1;
  }

  /**
   * Whether the top cards fall apart into groups no card of which matches a card of another (either way): then
   * the accordion never comes down to one pile (docs/catalogue.md). One deck only (two copies of a card may not
   * match each other).
   */
  provedLost(): boolean {
    if (!this.oneDeck || this.n < 2) return false;
    let low = 0;
    let high = 0;
    for (let i = 0; i < this.n; i++) {
      const c = this.tops[i];
      if (c < 32) low |= 1 << c;
      else high |= 1 << (c - 32);
    }
    // The cards reached from the first top along matches, a wave at a time.
    const first = this.tops[0];
    let seenLow = first < 32 ? 1 << first : 0;
    let seenHigh = first < 32 ? 0 : 1 << (first - 32);
    let waveLow = seenLow;
    let waveHigh = seenHigh;
    while ((waveLow | waveHigh) !== 0) {
      let nextLow = 0;
      let nextHigh = 0;
      for (let x = waveLow; x !== 0; x &= x - 1) {
        const c = 31 - Math.clz32(x & -x);
        nextLow |= this.matchLow[c];
        nextHigh |= this.matchHigh[c];
      }
      for (let x = waveHigh; x !== 0; x &= x - 1) {
        const c = 32 + 31 - Math.clz32(x & -x);
        nextLow |= this.matchLow[c];
        nextHigh |= this.matchHigh[c];
      }
      waveLow = nextLow & low & ~seenLow;
      waveHigh = nextHigh & high & ~seenHigh;
      seenLow |= waveLow;
      seenHigh |= waveHigh;
    }
    return seenLow !== low || seenHigh !== high;
  }

  /** The top cards, five to a word (card + 1, 0 past the last pile). */
  encode(out: Uint32Array): void {
    out.fill(0);
    for (let i = 0; i < this.n; i++) out[(i / 5) | 0] |= (this.tops[i] + 1) << (6 * (i % 5));
    this.hashValue = mixWords(out, this.keyWords);
    this.hashValid = true;
  }

  hash(): number {
    if (!this.hashValid) this.encode(this.scratch);
    return this.hashValue;
  }

  toMove(move: number): FamilyMove {
    const from = move & 127;
    return {
      from: { kind: "accordion", index: from },
      to: { kind: "accordion", index: (move >>> 7) & 127 },
      count: this.sizes[from],
    };
  }
}

/** engine.ts's `accordionMatches` on card codes. */
function accordionMatch(matches: readonly string[], onto: number, moving: number): boolean {
  return matches.some((m) =>
    m === "same-rank"
      ? onto >> 2 === moving >> 2
      : m === "same-suit"
        ? (onto & 3) === (moving & 3)
        : m === "alternate-colours"
          ? isRedCard(onto) !== isRedCard(moving)
          : true,
  );
}
