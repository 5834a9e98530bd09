import type { Card } from "../../cards/card.ts";
import type { ResumableDomain } from "../../search/domain.ts";
import { zobristWords } from "../../search/state-table.ts";
import type { FreeCellRules, FreeCellState, Move, Place, PlaceKind } from "./rules.ts";

/**
 * The solver's own position: cascades, cells and foundations in typed arrays, changed in place by a move and
 * changed back by its inverse, with a hash kept up to date as cards move. The hash and the packed key ignore
 * the order of cascades and of cells: positions that differ only in that order are one position.
 */

/** Room for one cascade: 52 cards at most, rounded up. */
export const CASCADE_STRIDE = 64;
const STRIDE_SHIFT = 6;
/** A free cell. */
export const NO_CARD = 255;

export const CASCADE = 0;
export const CELL = 1;
export const FOUNDATION = 2;

/** A move packed in one integer: from index, from kind, to index, to kind, count. */
export const packMove = (
  fromKind: number,
  fromIndex: number,
  toKind: number,
  toIndex: number,
  count: number,
) => fromIndex | (fromKind << 4) | (toIndex << 6) | (toKind << 10) | (count << 12);
export const moveFromIndex = (m: number) => m & 15;
export const moveFromKind = (m: number) => (m >> 4) & 3;
export const moveToIndex = (m: number) => (m >> 6) & 15;
export const moveToKind = (m: number) => (m >> 10) & 3;
export const moveCount = (m: number) => (m >> 12) & 63;
/**
 * A reserve move (see LAZY_RESERVE): the reserve card in cell `(m >> 18) - 1` goes first onto the destination
 * cascade, then the move in the low bits puts a card onto it. 0 for a plain move.
 */
export const moveReserve = (m: number) => m >> 18;
const PLAIN = (1 << 18) - 1;

const CASCADE_HOME = packMove(CASCADE, 0, FOUNDATION, 0, 1);
const CASCADE_CELL = packMove(CASCADE, 0, CELL, 0, 1);

/** For each card, the (at most two) cards it may lie on under each build rule (-1: none). */
const ALTERNATE_PARENTS = new Int8Array(104).fill(-1);
const SUIT_PARENTS = new Int8Array(104).fill(-1);
for (let c = 0; c < 48; c++) {
  const rank = c >> 2;
  const suit = c & 3;
  let a = 0;
  for (let s = 0; s < 4; s++) {
    if (((suit + 1) & 2) !== ((s + 1) & 2)) ALTERNATE_PARENTS[c * 2 + a++] = (rank + 1) * 4 + s;
  }
  SUIT_PARENTS[c * 2] = (rank + 1) * 4 + suit;
}

/** 1 at [u * 64 + l] when card u may lie on card l under each build rule: one look where parents take two. */
const ALTERNATE_ON = new Uint8Array(64 * 64);
const SUIT_ON = new Uint8Array(64 * 64);
for (let c = 0; c < 104; c++) {
  if (ALTERNATE_PARENTS[c] >= 0) ALTERNATE_ON[(c >> 1) * 64 + ALTERNATE_PARENTS[c]] = 1;
  if (SUIT_PARENTS[c] >= 0) SUIT_ON[(c >> 1) * 64 + SUIT_PARENTS[c]] = 1;
}

/** For each card, the (at most two) cards that may lie on it under each build rule (-1: none). */
const ALTERNATE_CHILDREN = new Int8Array(104).fill(-1);
const SUIT_CHILDREN = new Int8Array(104).fill(-1);
for (let c = 0; c < 104; c++) {
  const p = ALTERNATE_PARENTS[c];
  if (p >= 0) ALTERNATE_CHILDREN[p * 2 + (ALTERNATE_CHILDREN[p * 2] < 0 ? 0 : 1)] = c >> 1;
  const q = SUIT_PARENTS[c];
  if (q >= 0) SUIT_CHILDREN[q * 2] = c >> 1;
}

/**
 * Moves to cascades from the place `from` (index and kind bits), in the order of their destinations: onto
 * cascades ja and jb (count `run`), into the empty cascade je (count `most`); -1 for none.
 */
function emitOrdered(
  out: Int32Array,
  at: number,
  from: number,
  ja: number,
  jb: number,
  run: number,
  je: number,
  most: number,
): number {
  const onto = from | (run << 12);
  const empty = from | (most << 12);
  if (jb >= 0 && (ja < 0 || jb < ja)) {
    const t = ja;
    ja = jb;
    jb = t;
  }
  // Now ja < jb when both are set, ja set when either is.
  if (je >= 0 && (ja < 0 || je < ja)) out[at++] = empty | (je << 6);
  if (ja >= 0) out[at++] = onto | (ja << 6);
  if (je >= 0 && ja >= 0 && je > ja && (jb < 0 || je < jb)) out[at++] = empty | (je << 6);
  if (jb >= 0) out[at++] = onto | (jb << 6);
  if (je >= 0 && jb >= 0 && je > jb) out[at++] = empty | (je << 6);
  return at;
}

/** Which moves `generate` lists. */
export const GEN_ALL = 0;
/** Single-card moves, one representative of each set of moves equal up to the order of cells and cascades. */
export const GEN_COMPLETE = 1;
/** Runs as one move where the rules allow it; moves that cannot help left out (not complete). */
export const GEN_FAST = 2;

/**
 * A flag for GEN_COMPLETE and GEN_FAST when the cells are a reserve: a reserve card goes onto the cascades
 * only together with the card that comes onto it at once, as one move (a "reserve move"). Complete: a reserve
 * card on the cascades is of use only as a base, so in any win it can wait until a card comes onto it (see
 * docs/solver.md, "The reserve waits").
 */
export const LAZY_RESERVE = 4;
/**
 * A flag for GEN_COMPLETE and GEN_FAST: runs move as one as far as free cells and empty cascades could carry
 * them card by card, even where the rules move one card at a time (a run move is then a chain of single-card
 * moves, written out by the solver). GEN_COMPLETE keeps every single-card move and adds the whole top runs.
 */
export const RUNS = 8;
/**
 * A flag for GEN_FAST (FreeCell, not a reserve game): the last free cell goes to a card only when the card it
 * uncovers can then go home or onto another card (without it, also when that card is left alone in its
 * cascade or a top card or a cell's card can go onto it). For the main search; the other fast searches
 * keep the wider rule, so that they still win the deals where the main search is stuck.
 */
export const TIGHT = 16;

/** Which cards the automatic moves send home. */
export const FORCE_NONE = 0;
export const FORCE_SAFE = 1;
export const FORCE_ALL = 2;

const KINDS: PlaceKind[] = ["cascade", "cell", "foundation"];
/**
 * The places a packed move names (kind, then index up to 15), frozen and shared by every move `toMove` makes:
 * a solution of 90 moves would otherwise allocate 180 of them.
 */
const PLACES: readonly (readonly Readonly<Place>[])[] = KINDS.map((kind) =>
  Array.from({ length: 16 }, (_, index) => Object.freeze({ kind, index })),
);

/**
 * What a card lies on, in the canonical key: another card (0..51), or one of these. A position is the
 * set of these 52 facts, whatever the order of the cascades and cells: the key needs no sorting.
 */
const ON_BOTTOM = 52;
const ON_CELL = 53;
const ON_HOME = 54;
/** The canonical key: what each card lies on, six bits a card, five cards a word. */
export const KEY_WORDS = 11;
const FIELD_WORD = new Uint8Array(52);
const FIELD_SHIFT = new Uint8Array(52);
for (let c = 0; c < 52; c++) {
  FIELD_WORD[c] = Math.floor(c / 5);
  FIELD_SHIFT[c] = (c % 5) * 6;
}

/** Zobrist keys for (card, what it lies on), two independent sets: a 64-bit hash kept up to date by XOR. */
const ON_KEYS = zobristWords(52 * 64, 0x5eed1234);
const ON_KEYS2 = zobristWords(52 * 64, 0x2badcafe);
/** Per suit s and foundation height f, at s * 14 + f: the XOR of the keys of the suit's f cards at home. */
const HOME_KEYS = new Uint32Array(56);
const HOME_KEYS2 = new Uint32Array(56);
for (let s = 0; s < 4; s++) {
  for (let f = 1; f <= 13; f++) {
    const z = (((f - 1) * 4 + s) << 6) | ON_HOME;
    HOME_KEYS[s * 14 + f] = HOME_KEYS[s * 14 + f - 1] ^ ON_KEYS[z];
    HOME_KEYS2[s * 14 + f] = HOME_KEYS2[s * 14 + f - 1] ^ ON_KEYS2[z];
  }
}

/** Weights of the heuristic (see `score`); lower scores are expanded first. */
export interface Weights {
  home: number;
  disorder: number;
  dig: number;
  free: number;
  empty: number;
  depth: number;
  /** Cards below the ordered run on top of each cascade. */
  under: number;
  /**
   * Crowded cells: with u cells in use, cramp * (u - 1) * u / 2 (0, 0, 1, 3, 6 … times the weight), so the
   * last free cells weigh more than the first.
   */
  cramp: number;
}

/** An empty cascade as a move code's destination. */
const NO_DEST = 63;

/** FreeCell's search domain (King Albert's too): see src/search/domain.ts. */
export class PackedPosition implements ResumableDomain<FreeCellState, Move, Weights> {
  /** Which cards the forced moves send home (FORCE_NONE, FORCE_SAFE, FORCE_ALL). */
  force = FORCE_SAFE;
  /**
   * Whether the game the solution is for makes automatic moves: then a run moved as one where the rules move
   * one card at a time must not let any card go home half way (see runMayMove).
   */
  runsWatched = true;
  /** Moves one position can list: every source to every destination, counts into empty cascades included. */
  readonly maxMoves = 1024;
  /** `toMove` and `toMoves` decode the move's number alone. */
  readonly plainMoves = true;
  readonly cascadeCount: number;
  readonly cellCount: number;
  readonly cards: Uint8Array;
  readonly len: Uint8Array;
  readonly cells: Uint8Array;
  readonly found: Uint8Array;
  /** Per card: what it lies on (a card, ON_BOTTOM, ON_CELL, ON_HOME). */
  readonly on = new Uint8Array(52);
  /** The canonical key (see KEY_WORDS), kept up to date as cards move unless `keyStale`. */
  private readonly key32 = new Uint32Array(KEY_WORDS);
  /** Whether `key32` is to be rebuilt from `on` before it is read (after a recount). */
  private keyStale = true;
  /** The two hashes of the key, kept up to date as cards move. */
  private h1 = 0;
  private h2 = 0;
  freeCells = 0;
  /** A bit for each free cell (cell j: bit j). */
  private freeMask = 0;
  emptyCascades = 0;
  /** Cards lying above a lower card of their cascade, kept counted as cards move. */
  disorder = 0;
  /** Per card: its place in the cascades (cascade * CASCADE_STRIDE + height), -1 elsewhere. */
  readonly where: Int16Array;
  /** Per cascade and height: the lowest rank at or below that height. */
  private readonly minRank: Uint8Array;
  /** Per cascade and height: the length of the ordered run that ends at that height. */
  private readonly runAt: Uint8Array;
  /** The may-lie-on table of the build rule. */
  private readonly lies: Uint8Array;
  readonly alternate: boolean;
  readonly kingsOnly: boolean;
  readonly sequenceMoves: boolean;
  readonly fromFoundation: boolean;
  /** The cells are a reserve (King Albert): no card goes to them, and an empty one is no free cell. */
  readonly reserve: boolean;
  /**
   * Whether the fast mode also leaves out a card's moves that another of its moves beats (FreeCell, not a
   * reserve game): a card that can go home goes nowhere else, a card or run that can go onto a card goes
   * neither to a cell nor into an empty cascade, a lone card in a cascade does not go to a cell, no part
   * of a cascade that is one ordered run goes into an empty cascade, and a card goes to the last free cell
   * only when the card it uncovers is of use (see `uncoversUse`).
   */
  readonly dominated: boolean;
  /**
   * Bytes of the byte key (encodeBytes, for people and tests): every card, a mark after each cascade, a mark
   * before the cells, the cells.
   */
  readonly keyBytes: number;
  readonly keyWords = KEY_WORDS;
  /** Words of a raw record (encodeRaw): a header of lengths and cells, then each cascade's cards, word-aligned. */
  readonly rawWords: number;
  private readonly headerWords: number;
  /** The cascades' cards four to a word, for copying. */
  private readonly cards32: Uint32Array;
  /** The words that hold `len` and then `cells`, copied whole into a raw record. */
  private readonly header32: Uint32Array;
  /** The non-empty cascades in the order of their bottom cards (the canonical order), `orderCount` of them. */
  private readonly order: Int32Array;
  private orderCount = 0;
  /** Whether a cascade was emptied or begun since `order` was sorted. */
  private orderStale = true;
  /** Scratch for decode: the card lying on each card, -1 for none. */
  private readonly above = new Int8Array(52);
  /** Scratch for generate: the top card of each cascade, -1 when empty. */
  private readonly tops: Int16Array;
  /** Scratch for generateSearch: the cascade each top card is on, -1 for other cards (left all -1). */
  private readonly topAt = new Int8Array(52).fill(-1);

  constructor(readonly rules: FreeCellRules) {
    this.cascadeCount = rules.cascades;
    this.cellCount = rules.cells;
    this.cards = new Uint8Array(this.cascadeCount * CASCADE_STRIDE);
    const lenWords = Math.ceil(this.cascadeCount / 4);
    this.headerWords = lenWords + Math.ceil(this.cellCount / 4);
    this.header32 = new Uint32Array(this.headerWords);
    this.len = new Uint8Array(this.header32.buffer, 0, this.cascadeCount);
    this.cells = new Uint8Array(this.header32.buffer, lenWords * 4, this.cellCount).fill(NO_CARD);
    this.found = new Uint8Array(4);
    this.where = new Int16Array(52).fill(-1);
    this.minRank = new Uint8Array(this.cascadeCount * CASCADE_STRIDE);
    this.runAt = new Uint8Array(this.cascadeCount * CASCADE_STRIDE);
    this.alternate = rules.build === "alternate";
    this.lies = this.alternate ? ALTERNATE_ON : SUIT_ON;
    this.kingsOnly = rules.empty === "kings";
    this.sequenceMoves = rules.sequenceMoves;
    this.fromFoundation = rules.fromFoundation;
    this.reserve = rules.reserve;
    this.dominated = !rules.reserve;
    this.keyBytes = Math.ceil((52 + this.cascadeCount + 1) / 4) * 4;
    this.rawWords = this.headerWords + Math.floor((52 + 3 * this.cascadeCount) / 4);
    this.cards32 = new Uint32Array(this.cards.buffer);
    this.order = new Int32Array(this.cascadeCount);
    this.tops = new Int16Array(this.cascadeCount);
  }

  load(state: FreeCellState): void {
    for (let i = 0; i < this.cascadeCount; i++) {
      const col = state.cascades[i];
      this.len[i] = col.length;
      for (let h = 0; h < col.length; h++) this.cards[i * CASCADE_STRIDE + h] = col[h];
    }
    for (let i = 0; i < this.cellCount; i++) this.cells[i] = state.cells[i] ?? NO_CARD;
    this.recount();
  }

  /** Sets what card c lies on, keeping the key and its hashes up to date. */
  private setOn(c: number, v: number): void {
    const old = this.on[c];
    if (old === v) return;
    this.on[c] = v;
    // A stale key is rebuilt when read (a search keyed on hashes never reads it).
    if (!this.keyStale) {
      const w = FIELD_WORD[c];
      const shift = FIELD_SHIFT[c];
      this.key32[w] = (this.key32[w] & ~(63 << shift)) | (v << shift);
    }
    const z = c << 6;
    this.h1 ^= ON_KEYS[z | old] ^ ON_KEYS[z | v];
    this.h2 ^= ON_KEYS2[z | old] ^ ON_KEYS2[z | v];
  }

  toState(): FreeCellState {
    const cascades: Card[][] = [];
    for (let i = 0; i < this.cascadeCount; i++) {
      cascades.push(Array.from(this.cards.subarray(i * CASCADE_STRIDE, i * CASCADE_STRIDE + this.len[i])));
    }
    const cells: (Card | null)[] = Array.from(this.cells, (c) => (c === NO_CARD ? null : c));
    return { rules: this.rules, cascades, cells, foundations: Array.from(this.found) };
  }

  private push(i: number, c: number): void {
    const h = this.len[i]++;
    const at = i * CASCADE_STRIDE + h;
    this.cards[at] = c;
    this.where[c] = at;
    const r = c >> 2;
    if (h === 0) {
      this.minRank[at] = r;
      this.runAt[at] = 1;
      this.orderStale = true;
      this.setOn(c, ON_BOTTOM);
    } else {
      const below = this.cards[at - 1];
      this.runAt[at] = this.lies[c * 64 + below] === 1 ? this.runAt[at - 1] + 1 : 1;
      this.setOn(c, below);
      const low = this.minRank[at - 1];
      if (r > low) {
        this.disorder++;
        this.minRank[at] = low;
      } else {
        this.minRank[at] = r;
      }
    }
  }

  private pop(i: number): number {
    const h = --this.len[i];
    const at = i * CASCADE_STRIDE + h;
    const c = this.cards[at];
    this.where[c] = -1;
    if (h === 0) this.orderStale = true;
    else if (c >> 2 > this.minRank[at - 1]) this.disorder--;
    return c;
  }

  /** For each suit, the cards above its next card to go home (when that card is in a cascade). */
  dig(): number {
    const { found, where, len } = this;
    let dig = 0;
    for (let s = 0; s < 4; s++) {
      const f = found[s];
      if (f === 13) continue;
      const at = where[f * 4 + s];
      if (at >= 0) dig += len[at >> STRIDE_SHIFT] - 1 - (at & (CASCADE_STRIDE - 1));
    }
    return dig;
  }

  /** The hash of the position, the same for any order of cascades and of cells. */
  hash(): number {
    return this.h1 >>> 0;
  }

  /** The value of `hash2` as the last `hashBoth` found it. */
  hash2Value = 0;

  /** `hash()`, with `hash2()` left in `hash2Value`. */
  hashBoth(): number {
    this.hash2Value = this.h2 >>> 0;
    return this.h1 >>> 0;
  }

  /** A second hash, independent of the first. */
  hash2(): number {
    return this.h2 >>> 0;
  }

  top(i: number): number {
    return this.cards[i * CASCADE_STRIDE + this.len[i] - 1];
  }

  /** Whether `upper` may lie on `lower` under the build rule. */
  canStack(upper: number, lower: number): boolean {
    return (this.alternate ? ALTERNATE_ON : SUIT_ON)[upper * 64 + lower] === 1;
  }

  /** Length of the ordered run on top of cascade i. */
  runLength(i: number): number {
    const n = this.len[i];
    return n === 0 ? 0 : this.runAt[i * CASCADE_STRIDE + n - 1];
  }

  /**
   * Moves `count` cards as the move says without checking it, so the inverse move (to and from swapped)
   * puts them back. Free cells and empty cascades are kept counted.
   */
  apply(m: number): void {
    if (m > PLAIN) {
      this.apply(packMove(CELL, (m >> 18) - 1, CASCADE, (m >> 6) & 15, 1));
      m &= PLAIN;
    }
    const fromKind = (m >> 4) & 3;
    const fromIndex = m & 15;
    const toKind = (m >> 10) & 3;
    const toIndex = (m >> 6) & 15;
    const count = (m >> 12) & 63;
    if (fromKind === CASCADE && toKind === CASCADE) {
      const from = fromIndex * CASCADE_STRIDE;
      const start = this.len[fromIndex] - count;
      if (this.len[toIndex] === 0) this.emptyCascades--;
      // Popping leaves the cards in place: they are pushed from there.
      for (let k = 0; k < count; k++) this.pop(fromIndex);
      for (let k = 0; k < count; k++) this.push(toIndex, this.cards[from + start + k]);
      if (this.len[fromIndex] === 0) this.emptyCascades++;
      return;
    }
    let c: number;
    if (fromKind === CASCADE) {
      c = this.pop(fromIndex);
      if (this.len[fromIndex] === 0) this.emptyCascades++;
    } else if (fromKind === CELL) {
      c = this.cells[fromIndex];
      this.cells[fromIndex] = NO_CARD;
      this.freeCells++;
      this.freeMask |= 1 << fromIndex;
    } else {
      c = (this.found[fromIndex] - 1) * 4 + fromIndex;
      this.found[fromIndex]--;
    }
    if (toKind === CASCADE) {
      if (this.len[toIndex] === 0) this.emptyCascades--;
      this.push(toIndex, c);
    } else if (toKind === CELL) {
      this.cells[toIndex] = c;
      this.setOn(c, ON_CELL);
      this.freeCells--;
      this.freeMask &= ~(1 << toIndex);
    } else {
      this.found[toIndex]++;
      this.setOn(c, ON_HOME);
    }
  }

  /** Takes a move back. */
  undo(m: number): void {
    this.apply(
      ((m >> 6) & 15) |
        (((m >> 10) & 3) << 4) |
        ((m & 15) << 6) |
        (((m >> 4) & 3) << 10) |
        (((m >> 12) & 63) << 12),
    );
    if (m > PLAIN) this.apply(packMove(CASCADE, (m >> 6) & 15, CELL, (m >> 18) - 1, 1));
  }

  /**
   * Whether the card under the top card of cascade i (topAt set) is of use once uncovered: it is left alone in
   * its cascade, or it can go home, or onto the top card of a cascade, or a top card or a cell's card can go
   * onto it; `tight` (see TIGHT): only the second and third. (The fast mode's last free cell goes to a card
   * only then: on deals 1..2000 the main search's moves to the last cell that uncover nothing of use were
   * 127,000 of its 1.18M positions and 14 moves of its wins.)
   */
  private uncoversUse(i: number, parents: Int8Array, children: Int8Array, tight: boolean): boolean {
    const n = this.len[i];
    if (n === 2 && !tight) return true;
    const u = this.cards[i * CASCADE_STRIDE + n - 2];
    if (this.found[u & 3] === u >> 2) return true;
    const { topAt, on } = this;
    const pa = parents[u * 2];
    const pb = parents[u * 2 + 1];
    const ja = pa >= 0 ? topAt[pa] : -1;
    const jb = pb >= 0 ? topAt[pb] : -1;
    // Tight: not onto the card that leaves (the top of cascade i, when it is a parent of the card under it).
    if (tight) return (ja >= 0 && ja !== i) || (jb >= 0 && jb !== i);
    if (ja >= 0 || jb >= 0) return true;
    const a = children[u * 2];
    const b = children[u * 2 + 1];
    return (
      (a >= 0 && (topAt[a] >= 0 || on[a] === ON_CELL)) || (b >= 0 && (topAt[b] >= 0 || on[b] === ON_CELL))
    );
  }

  /** Whether card c may go to its foundation now. */
  canGoHome(c: number): boolean {
    return this.found[c & 3] === c >> 2;
  }

  /** Whether card c goes home under the forcing rule (see isSafeHome in rules.ts for why the safe rule is safe). */
  sendsHome(c: number, force: number): boolean {
    const suit = c & 3;
    const rank = (c >> 2) + 1;
    if (this.found[suit] !== rank - 1) return false;
    if (force === FORCE_ALL || rank <= 2 || !this.alternate) return force !== FORCE_NONE;
    if (force === FORCE_NONE) return false;
    const f = this.found;
    const red = suit === 1 || suit === 2;
    const a = red ? f[0] : f[1];
    const b = red ? f[3] : f[2];
    const low = Math.min(a, b);
    // With cards allowed back off the foundations only the second case is safe (see isSafeHome).
    if (this.fromFoundation) return low >= rank - 2 && f[suit ^ 3] >= rank - 3;
    return low >= rank - 1 || (low >= rank - 2 && f[suit ^ 3] >= rank - 3);
  }

  /**
   * Sends home every card the forcing rule sends, suit by suit, writing the moves to `out` from `at`; returns
   * the new end. Undo them in reverse order.
   */
  autoplay(force: number, out: Int32Array, at: number): number {
    if (force === FORCE_NONE) return at;
    // Only a suit's next card can go home: four looks a pass (where each lies is kept), not every top card.
    const { found, where, len } = this;
    let changed = true;
    while (changed) {
      changed = false;
      for (let s = 0; s < 4; s++) {
        const f = found[s];
        if (f === 13) continue;
        const c = f * 4 + s;
        const at0 = where[c];
        let m: number;
        if (at0 >= 0) {
          const i = at0 >> STRIDE_SHIFT;
          if ((at0 & (CASCADE_STRIDE - 1)) !== len[i] - 1 || !this.sendsHome(c, force)) continue;
          m = packMove(CASCADE, i, FOUNDATION, s, 1);
        } else {
          if (!this.sendsHome(c, force)) continue;
          const j = this.cellOf(c);
          if (j < 0) continue;
          m = packMove(CELL, j, FOUNDATION, s, 1);
        }
        this.apply(m);
        out[at++] = m;
        changed = true;
      }
    }
    return at;
  }

  /**
   * `autoplay` after move `m` from a position the forcing rule had already played out (every search position
   * is): a move that leaves the foundations alone can only make the card it uncovers go home, so only that
   * card is looked at unless it goes. Same result as `autoplay`.
   */
  autoplayAfter(m: number, force: number, out: Int32Array, at: number): number {
    if (force === FORCE_NONE) return at;
    const fromKind = (m >> 4) & 3;
    if (fromKind === FOUNDATION || ((m >> 10) & 3) === FOUNDATION) return this.autoplay(force, out, at);
    if (fromKind === CELL) return at;
    const i = m & 15;
    if (this.len[i] === 0 || !this.sendsHome(this.cards[i * CASCADE_STRIDE + this.len[i] - 1], force))
      return at;
    return this.autoplay(force, out, at);
  }

  isWon(): boolean {
    const f = this.found;
    return f[0] === 13 && f[1] === 13 && f[2] === 13 && f[3] === 13;
  }

  /** How many cards may move as one onto a cascade (empty or not): the rule of rules.ts. */
  capacity(destEmpty: boolean): number {
    if (!this.sequenceMoves) return 1;
    const free = this.reserve ? 0 : this.freeCells;
    if (this.kingsOnly) return free + 1;
    const empty = this.emptyCascades - (destEmpty ? 1 : 0);
    // (Asked for an empty destination when there is none, it says half a card, as 2 ** -1 did: never used.)
    return empty < 0 ? (free + 1) / 2 : (free + 1) << empty;
  }

  /** Writes the moves of the given kind (GEN_ALL, GEN_COMPLETE, GEN_FAST) to `out` from `at`; returns the new end. */
  generate(mode: number, out: Int32Array, at: number): number {
    const kind = mode & 3;
    return kind === GEN_ALL
      ? this.generateAll(kind, out, at)
      : this.generateSearch(
          kind === GEN_FAST,
          (mode & LAZY_RESERVE) !== 0 && this.reserve,
          (mode & RUNS) !== 0,
          (mode & TIGHT) !== 0,
          out,
          at,
        );
  }

  /** How many cards free cells and empty cascades could carry one by one onto a cascade (empty or not). */
  runCapacity(destEmpty: boolean): number {
    const free = this.reserve ? 0 : this.freeCells;
    if (this.kingsOnly) return free + 1;
    const empty = this.emptyCascades - (destEmpty ? 1 : 0);
    return empty < 0 ? (free + 1) / 2 : (free + 1) << empty;
  }

  /** The first cell holding card c (NO_CARD: the first free one, or a reserve's first empty slot), -1 when none. */
  private cellOf(c: number): number {
    // A loop: a typed array's indexOf is a builtin call that costs more than these few cells.
    for (let j = 0; j < this.cellCount; j++) if (this.cells[j] === c) return j;
    return -1;
  }

  /** The first free cell, -1 when none. */
  private firstFreeCell(): number {
    const m = this.freeMask;
    return this.reserve || m === 0 ? -1 : 31 - Math.clz32(m & -m);
  }

  /** `generate` in every mode, written for clarity; the search's modes go through `generateSearch`. */
  generateAll(flags: number, out: Int32Array, at: number): number {
    const mode = flags & 3;
    const tight = (flags & TIGHT) !== 0;
    const all = mode === GEN_ALL;
    const nCasc = this.cascadeCount;
    const nCells = this.cellCount;
    const { cards, len, cells, tops } = this;
    const firstFree = this.firstFreeCell();
    let firstEmpty = -1;
    for (let j = nCasc - 1; j >= 0; j--) {
      const n = len[j];
      if (n === 0) {
        firstEmpty = j;
        tops[j] = -1;
      } else {
        tops[j] = cards[j * CASCADE_STRIDE + n - 1];
      }
    }
    const capEmpty = this.capacity(true);
    const capFull = this.capacity(false);
    const prune = mode === GEN_FAST && this.dominated;
    // With no free cell no cascade card goes into the last empty cascade (see generateSearch).
    const lastEmpty = prune && this.cellCount > 0 && this.freeCells === 0 && this.emptyCascades === 1;
    const parents = this.alternate ? ALTERNATE_PARENTS : SUIT_PARENTS;
    const children = this.alternate ? ALTERNATE_CHILDREN : SUIT_CHILDREN;
    for (let j = 0; j < nCasc; j++) if (tops[j] >= 0) this.topAt[tops[j]] = j;
    for (let i = 0; i < nCasc; i++) {
      const n = len[i];
      if (n === 0) continue;
      const base = i * CASCADE_STRIDE;
      const top = tops[i];
      const run = mode === GEN_COMPLETE ? 1 : this.runLength(i);
      if (this.canGoHome(top)) {
        out[at++] = packMove(CASCADE, i, FOUNDATION, top & 3, 1);
        if (prune && run === 1) continue;
      }
      let ontoCard = false;
      if (prune && (run === 1 || run <= capFull)) {
        const moving = cards[base + n - run];
        for (let j = 0; j < nCasc; j++) if (tops[j] >= 0 && this.canStack(moving, tops[j])) ontoCard = true;
      }
      if (all) {
        for (let j = 0; j < nCells; j++)
          if (cells[j] === NO_CARD && !this.reserve) out[at++] = packMove(CASCADE, i, CELL, j, 1);
      } else if (
        firstFree >= 0 &&
        (mode !== GEN_FAST || n === 1 || !this.canStack(top, cards[base + n - 2])) &&
        !ontoCard &&
        !(prune && (n === 1 || (this.freeCells === 1 && !this.uncoversUse(i, parents, children, tight))))
      ) {
        // In fast mode a card that lies on its parent does not go to a cell: its run moves whole instead.
        out[at++] = packMove(CASCADE, i, CELL, firstFree, 1);
      }
      const topRank = top >> 2;
      for (let j = 0; j < nCasc; j++) {
        const target = tops[j];
        if (target < 0) {
          if (all) {
            const most = Math.min(run, capEmpty);
            for (let k = 1; k <= most; k++) {
              if (this.kingsOnly && cards[base + n - k] >> 2 !== 12) continue;
              out[at++] = packMove(CASCADE, i, CASCADE, j, k);
            }
          } else if (j === firstEmpty && !ontoCard && !(prune && run === n) && !lastEmpty) {
            let most = Math.min(run, capEmpty);
            // Moving a whole cascade into an empty one changes nothing.
            if (most === n) most--;
            if (this.kingsOnly) {
              let k = 1;
              while (k <= most && cards[base + n - k] >> 2 !== 12) k++;
              if (k <= most) out[at++] = packMove(CASCADE, i, CASCADE, j, k);
            } else if (most >= 1) {
              out[at++] = packMove(CASCADE, i, CASCADE, j, most);
            }
          }
          continue;
        }
        const need = (target >> 2) - topRank;
        if (need < 1 || need > run) continue;
        const moving = cards[base + n - need];
        if (!this.canStack(moving, target)) continue;
        if (need > 1 && need > capFull) continue;
        // In fast mode a run does not leave one parent for another of the same rank and colour.
        if (mode === GEN_FAST && need < n && this.canStack(moving, cards[base + n - need - 1])) continue;
        out[at++] = packMove(CASCADE, i, CASCADE, j, need);
      }
    }
    for (let i = 0; i < nCells; i++) {
      const c = this.cells[i];
      if (c === NO_CARD) continue;
      if (this.canGoHome(c)) {
        out[at++] = packMove(CELL, i, FOUNDATION, c & 3, 1);
        if (prune) continue;
      }
      if (all) {
        for (let j = 0; j < nCells; j++)
          if (j !== i && this.cells[j] === NO_CARD && !this.reserve)
            out[at++] = packMove(CELL, i, CELL, j, 1);
      }
      at = this.toCascades(CELL, i, c, all, firstEmpty, out, at);
    }
    if (this.fromFoundation) {
      for (let s = 0; s < 4; s++) {
        if (this.found[s] === 0) continue;
        const c = (this.found[s] - 1) * 4 + s;
        if (all) {
          for (let j = 0; j < nCells; j++)
            if (this.cells[j] === NO_CARD && !this.reserve) out[at++] = packMove(FOUNDATION, s, CELL, j, 1);
        } else if (firstFree >= 0) {
          out[at++] = packMove(FOUNDATION, s, CELL, firstFree, 1);
        }
        at = this.toCascades(FOUNDATION, s, c, all, firstEmpty, out, at);
      }
    }
    for (let j = 0; j < nCasc; j++) if (tops[j] >= 0) this.topAt[tops[j]] = -1;
    return at;
  }

  /**
   * `generate` for GEN_COMPLETE and GEN_FAST, the moves in the same order, with everything in locals: the
   * search calls it once per position expanded.
   */
  private generateSearch(
    fast: boolean,
    lazy: boolean,
    runs: boolean,
    tight: boolean,
    out: Int32Array,
    at: number,
  ): number {
    const nCasc = this.cascadeCount;
    const nCells = this.cellCount;
    const { cards, len, cells, found, topAt } = this;
    const parents = this.alternate ? ALTERNATE_PARENTS : SUIT_PARENTS;
    const children = this.alternate ? ALTERNATE_CHILDREN : SUIT_CHILDREN;
    const kingsOnly = this.kingsOnly;
    const prune = fast && this.dominated;
    // With the pruning and no free cell no cascade card goes into the last empty cascade: it could only be
    // one card, and on deals 1..2000 such moves were 29,000 of the main search's 431,000 positions expanded
    // and 344 moves of its wins.
    const lastEmpty = prune && this.cellCount > 0 && this.freeCells === 0 && this.emptyCascades === 1;
    const firstFree = this.firstFreeCell();
    let firstEmpty = -1;
    for (let j = nCasc - 1; j >= 0; j--) {
      const n = len[j];
      if (n === 0) firstEmpty = j;
      else topAt[cards[j * CASCADE_STRIDE + n - 1]] = j;
    }
    const capEmpty = runs ? this.runCapacity(true) : this.capacity(true);
    const capFull = runs ? this.runCapacity(false) : this.capacity(false);
    for (let i = 0; i < nCasc; i++) {
      const n = len[i];
      if (n === 0) continue;
      const base = i * CASCADE_STRIDE;
      const top = cards[base + n - 1];
      if (found[top & 3] === top >> 2) out[at++] = CASCADE_HOME | i | ((top & 3) << 6);
      // The ordered run on top (fast mode; single cards in complete mode).
      let k = n - 1;
      if (fast || runs) k = n - this.runAt[base + n - 1];
      const run = fast ? n - k : 1;
      if (prune && run === 1 && found[top & 3] === top >> 2) continue;
      // Onto a card: only the whole run (in fast mode a run does not leave one parent for another of the
      // same rank and colour, so a part of it never moves onto a card), at most two places.
      let ja = -1;
      let jb = -1;
      if (run === 1 || (run <= capFull && (!runs || this.runMayMove(i, run)))) {
        const moving = cards[base + n - run];
        const pa = parents[moving * 2];
        const pb = parents[moving * 2 + 1];
        if (pa >= 0) ja = topAt[pa];
        if (pb >= 0) jb = topAt[pb];
      }
      const ontoCard = prune && (ja >= 0 || jb >= 0);
      // In fast mode a card that lies on its parent does not go to a cell: its run moves whole instead. With
      // the pruning a lone card stays in its cascade rather than trade it for a cell, and a card takes the
      // last free cell only when the card it uncovers is of use.
      if (
        firstFree >= 0 &&
        (!fast || run === 1) &&
        !ontoCard &&
        !(prune && (n === 1 || (this.freeCells === 1 && !this.uncoversUse(i, parents, children, tight))))
      )
        out[at++] = CASCADE_CELL | i | (firstFree << 6);
      // Into the first empty cascade: the longest run that may go.
      let je = -1;
      let most = 0;
      // With the pruning a cascade that is one ordered run is not split into an empty cascade: where the
      // capacity lets it, the whole run goes onto a card instead.
      if (firstEmpty >= 0 && !ontoCard && !(prune && run === n) && !lastEmpty) {
        most = Math.min(run, capEmpty);
        // Moving a whole cascade into an empty one changes nothing.
        if (most === n) most--;
        if (kingsOnly) {
          let q = 1;
          while (q <= most && cards[base + n - q] >> 2 !== 12) q++;
          most = q <= most ? q : 0;
        }
        if (most >= 1 && (most === 1 || !runs || this.runMayMove(i, most))) je = firstEmpty;
      }
      at = emitOrdered(out, at, i | (CASCADE << 4), ja, jb, run, je, most);
      if (runs && !fast && n - k > 1)
        at = this.wholeRun(i, n - k, parents, firstEmpty, capEmpty, capFull, out, at);
    }
    for (let i = 0; i < nCells; i++) {
      const c = cells[i];
      if (c === NO_CARD) continue;
      if (found[c & 3] === c >> 2) {
        out[at++] = packMove(CELL, i, FOUNDATION, c & 3, 1);
        if (prune) continue;
      }
      if (!lazy) at = this.toCascadesFast(CELL, i, c, parents, firstEmpty, out, at);
    }
    if (lazy) at = this.reserveMoves(fast, runs, parents, firstEmpty, capEmpty, capFull, out, at);
    if (this.fromFoundation) {
      for (let s = 0; s < 4; s++) {
        if (found[s] === 0) continue;
        const c = (found[s] - 1) * 4 + s;
        if (firstFree >= 0) out[at++] = packMove(FOUNDATION, s, CELL, firstFree, 1);
        at = this.toCascadesFast(FOUNDATION, s, c, parents, firstEmpty, out, at);
      }
    }
    for (let j = 0; j < nCasc; j++) {
      const n = len[j];
      if (n > 0) topAt[cards[j * CASCADE_STRIDE + n - 1]] = -1;
    }
    return at;
  }

  /**
   * The reserve moves (topAt set): each reserve card onto one of its parents or into the first empty cascade,
   * with a card put onto it at once: a top card (in fast mode the whole ordered run on top, when it does not
   * lie on a parent already), another reserve card, or a card off a foundation when the rules allow it.
   */
  private reserveMoves(
    fast: boolean,
    runs: boolean,
    parents: Int8Array,
    firstEmpty: number,
    capEmpty: number,
    capFull: number,
    out: Int32Array,
    at: number,
  ): number {
    const { cards, len, cells, found, where, topAt } = this;
    const children = this.alternate ? ALTERNATE_CHILDREN : SUIT_CHILDREN;
    const lies = this.alternate ? ALTERNATE_ON : SUIT_ON;
    for (let a = 0; a < this.cellCount; a++) {
      const r = cells[a];
      if (r === NO_CARD || r < 4) continue;
      const pa = parents[r * 2];
      const pb = parents[r * 2 + 1];
      let ja = pa >= 0 ? topAt[pa] : -1;
      let jb = pb >= 0 ? topAt[pb] : -1;
      const je = firstEmpty >= 0 && (!this.kingsOnly || r >> 2 === 12) ? firstEmpty : -1;
      if (ja < 0 && jb < 0 && je < 0) continue;
      if (jb >= 0 && (ja < 0 || jb < ja)) {
        const t = ja;
        ja = jb;
        jb = t;
      }
      const tag = (a + 1) << 18;
      for (let k = 0; k < 2; k++) {
        const y = children[r * 2 + k];
        if (y < 0) continue;
        let from = -1;
        let count = 1;
        const place = where[y];
        if (place >= 0) {
          const i = place >> STRIDE_SHIFT;
          const h = place & (CASCADE_STRIDE - 1);
          count = len[i] - h;
          if (count > 1) {
            if (!fast && !runs) continue;
            // Only an ordered run, and (fast mode) only a whole one.
            let ordered = true;
            const base = i * CASCADE_STRIDE;
            for (let q = h + 1; q < len[i] && ordered; q++)
              ordered = lies[cards[base + q] * 64 + cards[base + q - 1]] === 1;
            if (!ordered || !this.runMayMove(i, count)) continue;
          }
          if (fast && h > 0) {
            if (lies[y * 64 + cards[i * CASCADE_STRIDE + h - 1]] === 1) continue;
          }
          from = i | (CASCADE << 4) | (count << 12);
        } else {
          for (let b = 0; b < this.cellCount; b++) if (cells[b] === y) from = b | (CELL << 4) | (1 << 12);
          if (from < 0 && this.fromFoundation && found[y & 3] === (y >> 2) + 1)
            from = (y & 3) | (FOUNDATION << 4) | (1 << 12);
          if (from < 0) continue;
        }
        if (count > 1 ? count <= capFull : true) {
          if (ja >= 0) out[at++] = tag | from | (CASCADE << 10) | (ja << 6);
          if (jb >= 0) out[at++] = tag | from | (CASCADE << 10) | (jb << 6);
        }
        if (je >= 0 && count <= capEmpty) out[at++] = tag | from | (CASCADE << 10) | (je << 6);
      }
    }
    return at;
  }

  /**
   * Whether the top `count` cards of cascade i may move as one in a search with runs. Where the rules move one
   * card at a time, the solver writes such a move out as single-card moves through empty cascades (and free
   * cells), and a game that makes automatic moves (`runsWatched`) must not send a card home half way: the
   * card it took would be one the next moves name, or the cascade of automatic moves it starts would take
   * parked cards of the run. So no card of the run may go home now, nor the card it uncovers (uncovered as
   * the base of the run lands, while the cards above it wait elsewhere). Nothing else is uncovered on the
   * way, so no foundation moves until the run is in place.
   */
  runMayMove(i: number, count: number): boolean {
    if (count === 1 || this.sequenceMoves || !this.runsWatched) return true;
    const { cards, found } = this;
    const base = i * CASCADE_STRIDE;
    const n = this.len[i];
    for (let h = n - count - 1; h < n; h++) {
      if (h < 0) continue;
      const c = cards[base + h];
      if (found[c & 3] === c >> 2) return false;
    }
    return true;
  }

  /**
   * Complete mode with runs: the whole ordered run of `run` cards on top of cascade i onto a card, and the
   * longest part of it that may go into the first empty cascade, as single moves (topAt set).
   */
  private wholeRun(
    i: number,
    run: number,
    parents: Int8Array,
    firstEmpty: number,
    capEmpty: number,
    capFull: number,
    out: Int32Array,
    at: number,
  ): number {
    const { cards, len, topAt } = this;
    const base = i * CASCADE_STRIDE;
    const n = len[i];
    let ja = -1;
    let jb = -1;
    if (run <= capFull && this.runMayMove(i, run)) {
      const moving = cards[base + n - run];
      const pa = parents[moving * 2];
      const pb = parents[moving * 2 + 1];
      if (pa >= 0) ja = topAt[pa];
      if (pb >= 0) jb = topAt[pb];
    }
    let je = -1;
    let most = 0;
    if (firstEmpty >= 0 && !this.kingsOnly) {
      most = Math.min(run, capEmpty);
      if (most === n) most--;
      if (most >= 2 && this.runMayMove(i, most)) je = firstEmpty;
    }
    return emitOrdered(out, at, i | (CASCADE << 4), ja, jb, run, je, most);
  }

  /** A single card onto the cascades (topAt set): its parents and the first empty cascade, in cascade order. */
  private toCascadesFast(
    kind: number,
    index: number,
    c: number,
    parents: Int8Array,
    firstEmpty: number,
    out: Int32Array,
    at: number,
  ): number {
    const pa = parents[c * 2];
    const pb = parents[c * 2 + 1];
    const ja = pa >= 0 ? this.topAt[pa] : -1;
    const jb = pb >= 0 ? this.topAt[pb] : -1;
    const je = firstEmpty >= 0 && (!this.kingsOnly || c >> 2 === 12) ? firstEmpty : -1;
    return emitOrdered(out, at, index | (kind << 4), ja, jb, 1, je, 1);
  }

  private toCascades(
    kind: number,
    index: number,
    c: number,
    all: boolean,
    firstEmpty: number,
    out: Int32Array,
    at: number,
  ): number {
    for (let j = 0; j < this.cascadeCount; j++) {
      const dn = this.len[j];
      if (dn === 0) {
        if ((all || j === firstEmpty) && (!this.kingsOnly || c >> 2 === 12)) {
          out[at++] = packMove(kind, index, CASCADE, j, 1);
        }
      } else if (this.canStack(c, this.cards[j * CASCADE_STRIDE + dn - 1])) {
        out[at++] = packMove(kind, index, CASCADE, j, 1);
      }
    }
    return at;
  }

  /**
   * Writes the canonical key: the non-empty cascades in the order of their bottom cards, each followed by 254,
   * then 253, then the cards in cells in increasing order, then 255 to the end. The foundations follow from
   * the cards that are missing.
   */
  /** Sorts the non-empty cascades by bottom card when a cascade was emptied or begun since the last sort. */
  private sortOrder(): void {
    if (!this.orderStale) return;
    const { order, cards, len } = this;
    let k = 0;
    for (let i = 0; i < this.cascadeCount; i++) {
      if (len[i] === 0) continue;
      const bottom = cards[i * CASCADE_STRIDE];
      let p = k++;
      while (p > 0 && cards[order[p - 1] * CASCADE_STRIDE] > bottom) {
        order[p] = order[p - 1];
        p--;
      }
      order[p] = i;
    }
    this.orderCount = k;
    this.orderStale = false;
  }

  encodeBytes(out: Uint8Array): void {
    const { order, cards, len, cells } = this;
    this.sortOrder();
    const k = this.orderCount;
    let at = 0;
    for (let o = 0; o < k; o++) {
      const base = order[o] * CASCADE_STRIDE;
      const end = base + len[order[o]];
      for (let h = base; h < end; h++) out[at++] = cards[h];
      out[at++] = 254;
    }
    out[at++] = 253;
    const cellStart = at;
    for (let i = 0; i < this.cellCount; i++) {
      const c = cells[i];
      if (c === NO_CARD) continue;
      let p = at++;
      while (p > cellStart && out[p - 1] > c) {
        out[p] = out[p - 1];
        p--;
      }
      out[p] = c;
    }
    while (at < this.keyBytes) out[at++] = 255;
  }

  /**
   * Writes the position into `rawWords` words from `at`, cascades and cells in their own order (not a key: the
   * same position may be written differently), for `decodeRaw`: the cascade lengths and the cells as bytes,
   * then each cascade's cards copied four to a word.
   */
  encodeRaw(out: Uint32Array, at: number): void {
    const { len, header32, cards32 } = this;
    const nCasc = this.cascadeCount;
    for (let w = 0; w < this.headerWords; w++) out[at++] = header32[w];
    for (let i = 0; i < nCasc; i++) {
      const from = i * (CASCADE_STRIDE >> 2);
      const end = from + ((len[i] + 3) >> 2);
      for (let w = from; w < end; w++) out[at++] = cards32[w];
    }
  }

  /** Loads a position `encodeRaw` wrote at `at`. */
  decodeRaw(words: Uint32Array, at: number): void {
    const { len, header32, cards32 } = this;
    for (let w = 0; w < this.headerWords; w++) header32[w] = words[at++];
    for (let i = 0; i < this.cascadeCount; i++) {
      const from = i * (CASCADE_STRIDE >> 2);
      const end = from + ((len[i] + 3) >> 2);
      for (let w = from; w < end; w++) cards32[w] = words[at++];
    }
    this.recount();
  }

  /**
   * Everything kept counted, from the cards, lengths and cells alone (after a decode): where each card is, what
   * it lies on, the lowest ranks, disorder, the hashes, the foundations (the cards missing), free cells and empty
   * cascades, in one pass over the cards in play. The key's words are left to `encode`, which rebuilds them
   * only when asked (the fast searches never ask).
   */
  private recount(): void {
    const { cards, len, cells, found, where, minRank, runAt, lies, on } = this;
    this.orderStale = true;
    this.keyStale = true;
    found[0] = found[1] = found[2] = found[3] = 13;
    where.fill(-1);
    on.fill(ON_HOME);
    let h1 = 0;
    let h2 = 0;
    let disorder = 0;
    let empty = 0;
    for (let i = 0; i < this.cascadeCount; i++) {
      const n = len[i];
      if (n === 0) empty++;
      const base = i * CASCADE_STRIDE;
      let low = 99;
      let below = ON_BOTTOM;
      for (let h = 0; h < n; h++) {
        const b = cards[base + h];
        where[b] = base + h;
        on[b] = below;
        h1 ^= ON_KEYS[(b << 6) | below];
        h2 ^= ON_KEYS2[(b << 6) | below];
        below = b;
        const r = b >> 2;
        if (r > low) disorder++;
        else low = r;
        minRank[base + h] = low;
        runAt[base + h] = h > 0 && lies[b * 64 + cards[base + h - 1]] === 1 ? runAt[base + h - 1] + 1 : 1;
        if (r < found[b & 3]) found[b & 3] = r;
      }
    }
    this.emptyCascades = empty;
    this.disorder = disorder;
    let free = 0;
    let freeMask = 0;
    for (let j = 0; j < this.cellCount; j++) {
      const c = cells[j];
      if (c === NO_CARD) {
        free++;
        freeMask |= 1 << j;
        continue;
      }
      on[c] = ON_CELL;
      h1 ^= ON_KEYS[(c << 6) | ON_CELL];
      h2 ^= ON_KEYS2[(c << 6) | ON_CELL];
      if (c >> 2 < found[c & 3]) found[c & 3] = c >> 2;
    }
    this.freeCells = free;
    this.freeMask = freeMask;
    // The cards at home: each suit's first found[s] cards, their keys XORed ahead of time.
    for (let s = 0; s < 4; s++) {
      h1 ^= HOME_KEYS[s * 14 + found[s]];
      h2 ^= HOME_KEYS2[s * 14 + found[s]];
    }
    this.h1 = h1;
    this.h2 = h2;
  }

  /** Loads a position from a canonical key (the inverse of encode, cascades and cells in canonical order). */
  decodeBytes(bytes: Uint8Array, offset: number): void {
    const { cards, len, cells } = this;
    let at = offset;
    let i = 0;
    let b = bytes[at++];
    while (b !== 253) {
      const base = i * CASCADE_STRIDE;
      let h = 0;
      while (b !== 254) {
        cards[base + h++] = b;
        b = bytes[at++];
      }
      len[i++] = h;
      b = bytes[at++];
    }
    for (; i < this.cascadeCount; i++) len[i] = 0;
    let j = 0;
    const end = offset + this.keyBytes;
    while (at < end && bytes[at] !== 255) cells[j++] = bytes[at++];
    for (; j < this.cellCount; j++) cells[j] = NO_CARD;
    this.recount();
  }

  /** The forced moves after `m` (all the rule sends home when m is -1), for the search machinery. */
  forced(m: number, out: Int32Array, at: number): number {
    return m < 0 ? this.autoplay(this.force, out, at) : this.autoplayAfter(m, this.force, out, at);
  }

  /** The canonical key (KEY_WORDS words: what each card lies on) into `out`. */
  encode(out: Uint32Array): void {
    const k = this.key32;
    if (this.keyStale) {
      k.fill(0);
      for (let c = 0; c < 52; c++) k[FIELD_WORD[c]] |= this.on[c] << FIELD_SHIFT[c];
      this.keyStale = false;
    }
    for (let w = 0; w < KEY_WORDS; w++) out[w] = k[w];
  }

  /**
   * Loads a position from a key `encode` wrote at word `at` of `words`: each cascade is the chain of cards
   * from a card on the bottom (cascades in the order of their bottom cards), the cells in increasing order.
   */
  decode(words: Uint32Array, at: number): void {
    const { on, above, cards, len, cells } = this;
    above.fill(-1);
    for (let c = 0; c < 52; c++) {
      const v = (words[at + FIELD_WORD[c]] >>> FIELD_SHIFT[c]) & 63;
      on[c] = v;
      if (v < 52) above[v] = c;
    }
    let i = 0;
    let j = 0;
    for (let c = 0; c < 52; c++) {
      const v = on[c];
      if (v === ON_BOTTOM) {
        const base = i * CASCADE_STRIDE;
        let h = 0;
        for (let x = c; x >= 0; x = above[x]) cards[base + h++] = x;
        len[i++] = h;
      } else if (v === ON_CELL) {
        cells[j++] = c;
      }
    }
    for (; i < this.cascadeCount; i++) len[i] = 0;
    for (; j < this.cellCount; j++) cells[j] = NO_CARD;
    this.recount();
    for (let w = 0; w < KEY_WORDS; w++) this.key32[w] = words[at + w];
    this.keyStale = false;
  }

  /**
   * A move named by cards rather than places, so it means the same in every ordering of cascades and cells:
   * the card at the base of what moves, how many, the kind of destination, and the card it lands on (63 for an
   * empty cascade; the suit for a foundation).
   */
  moveCode(m: number): number {
    const reserve = m > PLAIN ? (this.cells[(m >> 18) - 1] + 1) << 20 : 0;
    m &= PLAIN;
    const toKind = (m >> 10) & 3;
    const toIndex = (m >> 6) & 15;
    let dest = toIndex;
    if (toKind === CASCADE) dest = this.len[toIndex] === 0 ? NO_DEST : this.top(toIndex);
    return this.movingCard(m) | ((m >> 12) << 6) | (toKind << 12) | (dest << 14) | reserve;
  }

  /** The packed move a code names in this position. */
  codeToMove(code: number): number {
    let reserve = 0;
    if (code >= 1 << 20) {
      const slot = this.cellOf((code >> 20) - 1);
      if (slot < 0) throw new RangeError(`move code ${code} does not fit the position`);
      reserve = (slot + 1) << 18;
      code &= (1 << 20) - 1;
    }
    const card = code & 63;
    const count = (code >> 6) & 63;
    const toKind = (code >> 12) & 3;
    const dest = code >> 14;
    // Where the card lies (`where` keeps each cascade card's place): the base of the cards moved in a cascade,
    // a cell, or else the foundations.
    let fromKind = FOUNDATION;
    let fromIndex = card & 3;
    const at = this.where[card];
    const inCell = at >= 0 ? -1 : this.cellOf(card);
    if (at >= 0) {
      const i = at >> STRIDE_SHIFT;
      if (this.len[i] - count === (at & (CASCADE_STRIDE - 1))) {
        fromKind = CASCADE;
        fromIndex = i;
      }
    } else if (inCell >= 0) {
      fromKind = CELL;
      fromIndex = inCell;
    }
    let toIndex = dest;
    if (toKind === CELL) {
      toIndex = this.cellOf(NO_CARD);
    } else if (toKind === CASCADE) {
      toIndex = -1;
      if (dest === NO_DEST) {
        for (let i = 0; i < this.cascadeCount && toIndex < 0; i++) if (this.len[i] === 0) toIndex = i;
      } else {
        const d = this.where[dest];
        const i = d >> STRIDE_SHIFT;
        if (d >= 0 && (d & (CASCADE_STRIDE - 1)) === this.len[i] - 1) toIndex = i;
      }
    }
    if (toIndex < 0) throw new RangeError(`move code ${code} does not fit the position`);
    return packMove(fromKind, fromIndex, toKind, toIndex, count) | reserve;
  }

  peekHash = 0;
  peekHash2 = 0;
  peekScore = 0;

  /**
   * For a card or a run moved between the cascades and the cells, or a card sent home, when no automatic move
   * follows and the score has no `under` term (no reserve, nothing off the foundations): the child's hashes and
   * score from what the move changes, without making it. Only the base card of the cards moved changes what it
   * lies on; a card of the run is out of order where a lower card lies below it; each suit's next card below
   * the run, or under its new place, has that many cards more or fewer above it (one in the run keeps its
   * count). A card sent home makes its suit's next card the one above it, and may let any suit's next card
   * go home: the peek declines when one would, as when the card a move uncovers would. A test holds the peek
   * to `apply` on random positions of several rule sets under three policies.
   */
  peekChild(m: number, w: Weights, depth: number): boolean {
    if (m > PLAIN || this.reserve || w.under !== 0) return false;
    const fromKind = (m >> 4) & 3;
    const toKind = (m >> 10) & 3;
    if (fromKind === FOUNDATION) return false;
    const count = (m >> 12) & 63;
    const { cards, len, minRank, found, where } = this;
    const home = toKind === FOUNDATION;
    let disorder = this.disorder;
    let free = this.freeCells;
    let empty = this.emptyCascades;
    let from = -1;
    let base = 0;
    let c: number;
    if (fromKind === CASCADE) {
      from = m & 15;
      const n = len[from];
      base = n - count;
      const at = from * CASCADE_STRIDE + base;
      c = cards[at];
      if (!home && base >= 1 && this.force !== FORCE_NONE && this.sendsHome(cards[at - 1], this.force))
        return false;
      for (let h = Math.max(base, 1); h < n; h++) {
        const q = from * CASCADE_STRIDE + h;
        if (cards[q] >> 2 > minRank[q - 1]) disorder--;
      }
      if (base === 0) empty++;
    } else {
      c = this.cells[m & 15];
      free++;
    }
    let to = -1;
    let on: number;
    if (home) {
      on = ON_HOME;
      // The last card home is a win, which the search sees only once the move is made.
      if (found[0] + found[1] + found[2] + found[3] === 51) return false;
    } else if (toKind === CELL) {
      on = ON_CELL;
      free--;
    } else {
      to = (m >> 6) & 15;
      const n = len[to];
      if (n === 0) {
        on = ON_BOTTOM;
        empty--;
      } else {
        const t = to * CASCADE_STRIDE + n - 1;
        on = cards[t];
        const low = minRank[t];
        if (fromKind === CASCADE) {
          for (let h = base; h < base + count; h++)
            if (cards[from * CASCADE_STRIDE + h] >> 2 > low) disorder++;
        } else if (c >> 2 > low) disorder++;
      }
    }
    // Each suit's next card (the one after c in its suit once c is home) and the cards above it afterwards.
    if (home) found[c & 3]++;
    let dig = 0;
    let goes = false;
    for (let s = 0; s < 4; s++) {
      const f = found[s];
      if (f === 13) continue;
      const next = f * 4 + s;
      const at = where[next];
      if (at < 0) {
        // In a cell (not c, which has gone home): after a card went home it may follow.
        if (home && this.force !== FORCE_NONE && this.sendsHome(next, this.force)) goes = true;
        continue;
      }
      const k = at >> STRIDE_SHIFT;
      const h = at & (CASCADE_STRIDE - 1);
      let above = len[k] - 1 - h;
      if (k === from && h < base) above -= count;
      else if (k === to) above += count;
      dig += above;
      if (home && above === 0 && this.force !== FORCE_NONE && this.sendsHome(next, this.force)) goes = true;
    }
    if (home) found[c & 3]--;
    if (goes) return false;
    const z = c << 6;
    const old = this.on[c];
    this.peekHash = (this.h1 ^ ON_KEYS[z | old] ^ ON_KEYS[z | on]) >>> 0;
    this.peekHash2 = (this.h2 ^ ON_KEYS2[z | old] ^ ON_KEYS2[z | on]) >>> 0;
    const homeCount = found[0] + found[1] + found[2] + found[3] + (home ? 1 : 0);
    this.peekScore = this.weigh(w, homeCount, disorder, dig, 0, free, empty, depth);
    return true;
  }

  /** The heuristic under the weights: cards still to go home, how they are buried, space. */
  score(w: Weights, depth: number): number {
    const f = this.found;
    let under = 0;
    if (w.under !== 0) {
      for (let i = 0; i < this.cascadeCount; i++) {
        const n = this.len[i];
        if (n > 0) under += n - this.runLength(i);
      }
    }
    const home = f[0] + f[1] + f[2] + f[3];
    return this.weigh(w, home, this.disorder, this.dig(), under, this.freeCells, this.emptyCascades, depth);
  }

  /** The score of a position with these counts (`score` for the one held, `peekChild` for a child). */
  private weigh(
    w: Weights,
    home: number,
    disorder: number,
    dig: number,
    under: number,
    free: number,
    empty: number,
    depth: number,
  ): number {
    let score =
      w.home * (52 - home) +
      w.disorder * disorder +
      w.dig * dig +
      w.under * under -
      w.free * free -
      w.empty * empty;
    const used = this.cellCount - free;
    if (used > 1) score += (w.cramp * (used - 1) * used) >> 1;
    return score + w.depth * depth + 200;
  }

  /** The engine's form of a packed move (a reserve move is two: see toMoves). */
  toMove(m: number): Move {
    if (m > PLAIN) throw new RangeError("a reserve move is two engine moves: use toMoves");
    return {
      from: PLACES[moveFromKind(m)][moveFromIndex(m)],
      to: PLACES[moveToKind(m)][moveToIndex(m)],
      count: moveCount(m),
    };
  }

  /** The engine's moves for a packed move: a reserve move is the reserve card's, then the move onto it. */
  toMoves(m: number): Move[] {
    if (m <= PLAIN) return [this.toMove(m)];
    return [this.toMove(packMove(CELL, (m >> 18) - 1, CASCADE, (m >> 6) & 15, 1)), this.toMove(m & PLAIN)];
  }

  /** The card at the base of the cards a packed move takes. */
  movingCard(m: number): number {
    const kind = (m >> 4) & 3;
    const index = m & 15;
    if (kind === CASCADE) return this.cards[index * CASCADE_STRIDE + this.len[index] - ((m >> 12) & 63)];
    if (kind === CELL) return this.cells[index];
    return (this.found[index] - 1) * 4 + index;
  }
}
