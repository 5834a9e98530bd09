import type { Card } from "../../cards/card.ts";
import { mix32, zobristWords } from "../../search/state-table.ts";
import type { FreeCellRules, FreeCellState, Move, PlaceKind } from "./rules.ts";

/**
 * The solver's own position: cascades, cells and foundations in typed arrays, changed in place by a move and
 * changed back by its inverse, with a hash kept up to date as cards move. The hash and the packed key ignore
 * the order of cascades and of cells: positions that differ only in that order are one position.
 */

/** Room for one cascade: 52 cards at most, rounded up. */
export const CASCADE_STRIDE = 64;
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
export const moveCount = (m: number) => m >> 12;

/** Which moves `generate` lists. */
export const GEN_ALL = 0;
/** Single-card moves, one representative of each set of moves equal up to the order of cells and cascades. */
export const GEN_COMPLETE = 1;
/** Runs as one move where the rules allow it; moves that cannot help left out (not complete). */
export const GEN_FAST = 2;

/** Which cards the automatic moves send home. */
export const FORCE_NONE = 0;
export const FORCE_SAFE = 1;
export const FORCE_ALL = 2;

const KINDS: PlaceKind[] = ["cascade", "cell", "foundation"];

const ZOBRIST = zobristWords(CASCADE_STRIDE * 52 + 52, 0x5eed1234);
const CELL_KEYS = ZOBRIST.subarray(CASCADE_STRIDE * 52);
/** A second, independent set of keys: with the first, a 64-bit hash. */
const ZOBRIST2 = zobristWords(CASCADE_STRIDE * 52 + 52, 0x2badcafe);
const CELL_KEYS2 = ZOBRIST2.subarray(CASCADE_STRIDE * 52);

export class PackedPosition {
  readonly cascadeCount: number;
  readonly cellCount: number;
  readonly cards: Uint8Array;
  readonly len: Uint8Array;
  readonly cells: Uint8Array;
  readonly found: Uint8Array;
  /** Per cascade: the XOR of a key for each (height, card). */
  readonly colHash: Uint32Array;
  readonly colHash2: Uint32Array;
  /** The sum of the keys of the cards in cells. */
  cellHash = 0;
  cellHash2 = 0;
  freeCells = 0;
  emptyCascades = 0;
  readonly alternate: boolean;
  readonly kingsOnly: boolean;
  readonly sequenceMoves: boolean;
  readonly fromFoundation: boolean;
  /** Bytes of a packed key: every card, a mark after each cascade, a mark before the cells, the cells. */
  readonly keyBytes: number;
  readonly keyWords: number;
  private readonly order: Int32Array;
  /** Scratch for generate: the top card of each cascade, -1 when empty. */
  private readonly tops: Int16Array;

  constructor(readonly rules: FreeCellRules) {
    this.cascadeCount = rules.cascades;
    this.cellCount = rules.cells;
    this.cards = new Uint8Array(this.cascadeCount * CASCADE_STRIDE);
    this.len = new Uint8Array(this.cascadeCount);
    this.cells = new Uint8Array(this.cellCount).fill(NO_CARD);
    this.found = new Uint8Array(4);
    this.colHash = new Uint32Array(this.cascadeCount);
    this.colHash2 = new Uint32Array(this.cascadeCount);
    this.alternate = rules.build === "alternate";
    this.kingsOnly = rules.empty === "kings";
    this.sequenceMoves = rules.sequenceMoves;
    this.fromFoundation = rules.fromFoundation;
    this.keyWords = Math.ceil((52 + this.cascadeCount + 1) / 4);
    this.keyBytes = this.keyWords * 4;
    this.order = new Int32Array(this.cascadeCount);
    this.tops = new Int16Array(this.cascadeCount);
  }

  load(state: FreeCellState): void {
    this.len.fill(0);
    this.colHash.fill(0);
    this.colHash2.fill(0);
    this.cells.fill(NO_CARD);
    this.cellHash = 0;
    this.cellHash2 = 0;
    for (let i = 0; i < this.cascadeCount; i++) {
      const col = state.cascades[i];
      for (const c of col) this.push(i, c);
    }
    for (let i = 0; i < this.cellCount; i++) {
      const c = state.cells[i];
      if (c !== null) {
        this.cells[i] = c;
        this.cellHash = (this.cellHash + CELL_KEYS[c]) >>> 0;
        this.cellHash2 = (this.cellHash2 + CELL_KEYS2[c]) >>> 0;
      }
    }
    for (let s = 0; s < 4; s++) this.found[s] = state.foundations[s];
    this.countSpaces();
  }

  private countSpaces(): void {
    let free = 0;
    for (let i = 0; i < this.cellCount; i++) if (this.cells[i] === NO_CARD) free++;
    let empty = 0;
    for (let i = 0; i < this.cascadeCount; i++) if (this.len[i] === 0) empty++;
    this.freeCells = free;
    this.emptyCascades = empty;
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
    this.cards[i * CASCADE_STRIDE + h] = c;
    this.colHash[i] ^= ZOBRIST[h * 52 + c];
    this.colHash2[i] ^= ZOBRIST2[h * 52 + c];
  }

  private pop(i: number): number {
    const h = --this.len[i];
    const c = this.cards[i * CASCADE_STRIDE + h];
    this.colHash[i] ^= ZOBRIST[h * 52 + c];
    this.colHash2[i] ^= ZOBRIST2[h * 52 + c];
    return c;
  }

  /** The hash of the position, the same for any order of cascades and of cells. */
  hash(): number {
    let h = this.cellHash;
    for (let i = 0; i < this.cascadeCount; i++) h = (h + mix32(this.colHash[i])) >>> 0;
    return h;
  }

  /** A second hash, independent of the first. */
  hash2(): number {
    let h = this.cellHash2;
    for (let i = 0; i < this.cascadeCount; i++) h = (h + mix32(this.colHash2[i] ^ 0x5bd1e995)) >>> 0;
    return h;
  }

  top(i: number): number {
    return this.cards[i * CASCADE_STRIDE + this.len[i] - 1];
  }

  /** Whether `upper` may lie on `lower` under the build rule. */
  canStack(upper: number, lower: number): boolean {
    if (lower >> 2 !== (upper >> 2) + 1) return false;
    if (this.alternate) return (((upper + 1) & 2) ^ ((lower + 1) & 2)) !== 0;
    return (upper & 3) === (lower & 3);
  }

  /** Length of the ordered run on top of cascade i. */
  runLength(i: number): number {
    const n = this.len[i];
    if (n === 0) return 0;
    const base = i * CASCADE_STRIDE;
    let k = n - 1;
    while (k > 0 && this.canStack(this.cards[base + k], this.cards[base + k - 1])) k--;
    return n - k;
  }

  /**
   * Moves `count` cards as the move says without checking it, so the inverse move (to and from swapped)
   * puts them back. Free cells and empty cascades are kept counted.
   */
  apply(m: number): void {
    const fromKind = (m >> 4) & 3;
    const fromIndex = m & 15;
    const toKind = (m >> 10) & 3;
    const toIndex = (m >> 6) & 15;
    const count = m >> 12;
    if (fromKind === CASCADE && toKind === CASCADE) {
      const from = fromIndex * CASCADE_STRIDE;
      const start = this.len[fromIndex] - count;
      if (this.len[toIndex] === 0) this.emptyCascades--;
      for (let k = 0; k < count; k++) {
        const c = this.cards[from + start + k];
        this.push(toIndex, c);
      }
      for (let k = 0; k < count; k++) this.pop(fromIndex);
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
      this.cellHash = (this.cellHash - CELL_KEYS[c]) >>> 0;
      this.cellHash2 = (this.cellHash2 - CELL_KEYS2[c]) >>> 0;
      this.freeCells++;
    } else {
      c = (this.found[fromIndex] - 1) * 4 + fromIndex;
      this.found[fromIndex]--;
    }
    if (toKind === CASCADE) {
      if (this.len[toIndex] === 0) this.emptyCascades--;
      this.push(toIndex, c);
    } else if (toKind === CELL) {
      this.cells[toIndex] = c;
      this.cellHash = (this.cellHash + CELL_KEYS[c]) >>> 0;
      this.cellHash2 = (this.cellHash2 + CELL_KEYS2[c]) >>> 0;
      this.freeCells--;
    } else {
      this.found[toIndex]++;
    }
  }

  /** Takes a move back. */
  undo(m: number): void {
    this.apply(
      ((m >> 6) & 15) | (((m >> 10) & 3) << 4) | ((m & 15) << 6) | (((m >> 4) & 3) << 10) | ((m >> 12) << 12),
    );
  }

  /** Whether card c may go to its foundation now. */
  canGoHome(c: number): boolean {
    return this.found[c & 3] === c >> 2;
  }

  /** Whether card c goes home under the forcing rule (see isSafeHome in rules.ts for why the safe rule is safe). */
  forced(c: number, force: number): boolean {
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
    return low >= rank - 1 || (low >= rank - 2 && f[suit ^ 3] >= rank - 3);
  }

  /**
   * Sends home every card the forcing rule sends, cells first, writing the moves to `out` from `at`; returns
   * the new end. Undo them in reverse order.
   */
  autoplay(force: number, out: Int32Array, at: number): number {
    if (force === FORCE_NONE) return at;
    let changed = true;
    while (changed) {
      changed = false;
      for (let i = 0; i < this.cellCount; i++) {
        const c = this.cells[i];
        if (c !== NO_CARD && this.forced(c, force)) {
          const m = packMove(CELL, i, FOUNDATION, c & 3, 1);
          this.apply(m);
          out[at++] = m;
          changed = true;
        }
      }
      for (let i = 0; i < this.cascadeCount; i++) {
        while (this.len[i] > 0) {
          const c = this.top(i);
          if (!this.forced(c, force)) break;
          const m = packMove(CASCADE, i, FOUNDATION, c & 3, 1);
          this.apply(m);
          out[at++] = m;
          changed = true;
        }
      }
    }
    return at;
  }

  isWon(): boolean {
    const f = this.found;
    return f[0] === 13 && f[1] === 13 && f[2] === 13 && f[3] === 13;
  }

  /** How many cards may move as one onto a cascade (empty or not): the rule of rules.ts. */
  capacity(destEmpty: boolean): number {
    if (!this.sequenceMoves) return 1;
    const empty = this.emptyCascades - (destEmpty ? 1 : 0);
    return (this.freeCells + 1) * 2 ** empty;
  }

  /** Writes the moves of the given kind (GEN_ALL, GEN_COMPLETE, GEN_FAST) to `out` from `at`; returns the new end. */
  generate(mode: number, out: Int32Array, at: number): number {
    const all = mode === GEN_ALL;
    const nCasc = this.cascadeCount;
    const nCells = this.cellCount;
    const { cards, len, cells, tops } = this;
    let firstFree = -1;
    for (let j = 0; j < nCells; j++) {
      if (cells[j] === NO_CARD) {
        firstFree = j;
        break;
      }
    }
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
    for (let i = 0; i < nCasc; i++) {
      const n = len[i];
      if (n === 0) continue;
      const base = i * CASCADE_STRIDE;
      const top = tops[i];
      if (this.canGoHome(top)) out[at++] = packMove(CASCADE, i, FOUNDATION, top & 3, 1);
      if (all) {
        for (let j = 0; j < nCells; j++)
          if (cells[j] === NO_CARD) out[at++] = packMove(CASCADE, i, CELL, j, 1);
      } else if (
        firstFree >= 0 &&
        (mode !== GEN_FAST || n === 1 || !this.canStack(top, cards[base + n - 2]))
      ) {
        // In fast mode a card that lies on its parent does not go to a cell: its run moves whole instead.
        out[at++] = packMove(CASCADE, i, CELL, firstFree, 1);
      }
      const run = mode === GEN_COMPLETE ? 1 : this.runLength(i);
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
          } else if (j === firstEmpty) {
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
      if (this.canGoHome(c)) out[at++] = packMove(CELL, i, FOUNDATION, c & 3, 1);
      if (all) {
        for (let j = 0; j < nCells; j++)
          if (j !== i && this.cells[j] === NO_CARD) out[at++] = packMove(CELL, i, CELL, j, 1);
      }
      at = this.toCascades(CELL, i, c, all, firstEmpty, out, at);
    }
    if (this.fromFoundation) {
      for (let s = 0; s < 4; s++) {
        if (this.found[s] === 0) continue;
        const c = (this.found[s] - 1) * 4 + s;
        if (all) {
          for (let j = 0; j < nCells; j++)
            if (this.cells[j] === NO_CARD) out[at++] = packMove(FOUNDATION, s, CELL, j, 1);
        } else if (firstFree >= 0) {
          out[at++] = packMove(FOUNDATION, s, CELL, firstFree, 1);
        }
        at = this.toCascades(FOUNDATION, s, c, all, firstEmpty, out, at);
      }
    }
    return at;
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
  encode(out: Uint8Array): void {
    const { order, cards, len, cells } = this;
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

  /** Loads a position from a canonical key (the inverse of encode, cascades and cells in canonical order). */
  decode(bytes: Uint8Array, offset: number): void {
    const { cards, len, colHash, colHash2, cells, found } = this;
    found[0] = found[1] = found[2] = found[3] = 13;
    let at = offset;
    let i = 0;
    let b = bytes[at++];
    while (b !== 253) {
      const base = i * CASCADE_STRIDE;
      let h = 0;
      let x = 0;
      let y = 0;
      while (b !== 254) {
        cards[base + h] = b;
        const z = h * 52 + b;
        x ^= ZOBRIST[z];
        y ^= ZOBRIST2[z];
        if (b >> 2 < found[b & 3]) found[b & 3] = b >> 2;
        h++;
        b = bytes[at++];
      }
      len[i] = h;
      colHash[i] = x;
      colHash2[i] = y;
      i++;
      b = bytes[at++];
    }
    this.emptyCascades = this.cascadeCount - i;
    for (; i < this.cascadeCount; i++) {
      len[i] = 0;
      colHash[i] = 0;
      colHash2[i] = 0;
    }
    let j = 0;
    let ch = 0;
    let ch2 = 0;
    const end = offset + this.keyBytes;
    while (at < end && bytes[at] !== 255) {
      const c = bytes[at++];
      cells[j++] = c;
      ch = (ch + CELL_KEYS[c]) >>> 0;
      ch2 = (ch2 + CELL_KEYS2[c]) >>> 0;
      if (c >> 2 < found[c & 3]) found[c & 3] = c >> 2;
    }
    this.freeCells = this.cellCount - j;
    for (; j < this.cellCount; j++) cells[j] = NO_CARD;
    this.cellHash = ch;
    this.cellHash2 = ch2;
  }

  /** The engine's form of a packed move. */
  toMove(m: number): Move {
    return {
      from: { kind: KINDS[moveFromKind(m)], index: moveFromIndex(m) },
      to: { kind: KINDS[moveToKind(m)], index: moveToIndex(m) },
      count: moveCount(m),
    };
  }

  /** The card at the base of the cards a packed move takes. */
  movingCard(m: number): number {
    const kind = (m >> 4) & 3;
    const index = m & 15;
    if (kind === CASCADE) return this.cards[index * CASCADE_STRIDE + this.len[index] - (m >> 12)];
    if (kind === CELL) return this.cells[index];
    return (this.found[index] - 1) * 4 + index;
  }
}
