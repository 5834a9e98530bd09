/**
 * What moves outside a set of gaps could ever do: a may-analysis over places. For each place, the cards (and the
 * gap) it could ever hold, and for each card the places it could ever lie in, when every move is allowed except
 * filling the gaps of a chosen set ("frozen": they stay gaps). It over-approximates: every sequence of such moves
 * keeps each place's content within its set (a move fills a place that may be a gap with a card that may lie
 * elsewhere, next to a card that may lie on its left), so what it rules out cannot happen.
 *
 * Sets of cards are two 32-bit words: cards 0..31, then cards 32..51 in bits 0..19 and the gap in bit 20. Sets
 * of places likewise: places 0..31, then 32..51.
 */
export const GAP_BIT = 1 << 20;

export interface Board {
  readonly cols: number;
  readonly places: number;
  readonly king: number;
  readonly board: Int8Array;
  readonly where: Int8Array;
  /** Whether the 2 at place p may leave it (under the rules). */
  twoMayLeave(p: number): boolean;
  /** Whether a first-column gap in `row` takes the 2 of `suit`. */
  firstTakes(row: number, suit: number): boolean;
}

export class Reach {
  /** Cards (and the gap) each place may hold. */
  readonly holdLo = new Int32Array(64);
  readonly holdHi = new Int32Array(64);
  /** Places each card may lie in. */
  readonly atLo = new Int32Array(52);
  readonly atHi = new Int32Array(52);
  private readonly queue = new Int32Array(4096);
  private readonly queued = new Uint8Array(64);
  private head = 0;
  private tail = 0;
  private frozenLo = 0;
  private frozenHi = 0;
  /** Places that must never hold anything else (as a set), that must never be gaps, cards that must stay put. */
  private steadyLo = 0;
  private steadyHi = 0;
  private noGapLo = 0;
  private noGapHi = 0;
  private stayLo = 0;
  private stayHi = 0;
  /** Set when a watched fact fails or the work cap is met: the analysis stops there. */
  failed = false;
  private budget = 0;
  /** The position's sets, copied at the start of each run. */
  private readonly baseHoldLo = new Int32Array(64);
  private readonly baseHoldHi = new Int32Array(64);
  private readonly baseAtLo = new Int32Array(52);
  private readonly baseAtHi = new Int32Array(52);

  /** Takes the position's contents as the start of the runs to come. */
  load(b: Board): void {
    const { baseHoldLo, baseHoldHi, baseAtLo, baseAtHi } = this;
    baseAtLo.fill(0);
    baseAtHi.fill(0);
    for (let p = 0; p < b.places; p++) {
      const v = b.board[p];
      if (v < 0) {
        baseHoldLo[p] = 0;
        baseHoldHi[p] = GAP_BIT;
      } else {
        baseHoldLo[p] = v < 32 ? 1 << v : 0;
        baseHoldHi[p] = v < 32 ? 0 : 1 << (v - 32);
        if (p < 32) baseAtLo[v] |= 1 << p;
        else baseAtHi[v] |= 1 << (p - 32);
      }
    }
  }

  /**
   * Runs the analysis from the loaded position with the gaps of `frozen` never filled, watching facts: the places
   * of `steady` keep their content, the places of `noGap` are never gaps, the cards of `stay` (2s) never move.
   * Stops as soon as one fails (`failed`), or after `work` steps (also `failed`). Returns whether all held.
   */
  run(
    b: Board,
    frozenLo: number,
    frozenHi: number,
    watch: {
      steadyLo: number;
      steadyHi: number;
      noGapLo: number;
      noGapHi: number;
      stayLo: number;
      stayHi: number;
    },
    work = 1 << 30,
  ): boolean {
    this.frozenLo = frozenLo;
    this.frozenHi = frozenHi;
    this.steadyLo = watch.steadyLo;
    this.steadyHi = watch.steadyHi;
    this.noGapLo = watch.noGapLo;
    this.noGapHi = watch.noGapHi;
    this.stayLo = watch.stayLo;
    this.stayHi = watch.stayHi;
    this.failed = false;
    this.budget = work;
    this.holdLo.set(this.baseHoldLo);
    this.holdHi.set(this.baseHoldHi);
    this.atLo.set(this.baseAtLo);
    this.atHi.set(this.baseAtHi);
    this.head = 0;
    this.tail = 0;
    this.queued.fill(0);
    for (let p = 0; p < b.places; p++) if (b.board[p] < 0) this.push(p);
    while (this.head < this.tail && !this.failed) {
      if (--this.budget < 0) {
        this.failed = true;
        break;
      }
      const h = this.queue[this.head++];
      this.queued[h] = 0;
      this.process(b, h);
    }
    return !this.failed;
  }

  private push(p: number): void {
    if (this.queued[p] !== 0) return;
    this.queued[p] = 1;
    this.queue[this.tail++] = p;
    if (this.tail === this.queue.length) {
      // Compact: the queue holds each place at most once.
      this.queue.copyWithin(0, this.head, this.tail);
      this.tail -= this.head;
      this.head = 0;
    }
  }

  private isFrozen(p: number): boolean {
    return p < 32 ? (this.frozenLo & (1 << p)) !== 0 : (this.frozenHi & (1 << (p - 32))) !== 0;
  }

  /** Place h may be a gap: every card that may fill it may come there from wherever it may lie. */
  private process(b: Board, h: number): void {
    if ((this.holdHi[h] & GAP_BIT) === 0 || this.isFrozen(h)) return;
    const col = h % b.cols;
    if (col === 0) {
      const row = (h / b.cols) | 0;
      for (let suit = 0; suit < 4; suit++) if (b.firstTakes(row, suit)) this.arrive(b, 4 + suit, h);
      return;
    }
    // The cards that may lie on the left, kings excepted; their successors may fill h.
    let lo = this.holdLo[h - 1];
    let hi = this.holdHi[h - 1] & ~GAP_BIT;
    const kingBase = (b.king - 1) * 4;
    while (lo !== 0) {
      const bit = lo & -lo;
      lo ^= bit;
      const c = 31 - Math.clz32(bit);
      if (c < kingBase) this.arrive(b, c + 4, h);
    }
    while (hi !== 0) {
      const bit = hi & -hi;
      hi ^= bit;
      const c = 32 + 31 - Math.clz32(bit);
      if (c < kingBase) this.arrive(b, c + 4, h);
    }
  }

  /** Card y may move to place h from each place it may lie in. */
  private arrive(b: Board, y: number, h: number): void {
    let lo = this.atLo[y];
    let hi = this.atHi[y];
    let moved = false;
    while (lo !== 0 || hi !== 0) {
      let q: number;
      if (lo !== 0) {
        const bit = lo & -lo;
        lo ^= bit;
        q = 31 - Math.clz32(bit);
      } else {
        const bit = hi & -hi;
        hi ^= bit;
        q = 32 + 31 - Math.clz32(bit);
      }
      if (q === h) continue;
      if (y < 8 && !b.twoMayLeave(q)) continue;
      moved = true;
      if (this.failed) return;
      // q may be left empty.
      if ((this.holdHi[q] & GAP_BIT) === 0) {
        this.holdHi[q] |= GAP_BIT;
        if (
          q < 32
            ? ((this.noGapLo | this.steadyLo) & (1 << q)) !== 0
            : ((this.noGapHi | this.steadyHi) & (1 << (q - 32))) !== 0
        ) {
          this.failed = true;
          return;
        }
        this.push(q);
      }
    }
    if (!moved || this.failed) return;
    // y may lie at h.
    const isNew = y < 32 ? (this.holdLo[h] & (1 << y)) === 0 : (this.holdHi[h] & (1 << (y - 32))) === 0;
    if (!isNew) return;
    if (y < 32) this.holdLo[h] |= 1 << y;
    else this.holdHi[h] |= 1 << (y - 32);
    if (h < 32) this.atLo[y] |= 1 << h;
    else this.atHi[y] |= 1 << (h - 32);
    if (
      (h < 32 ? (this.steadyLo & (1 << h)) !== 0 : (this.steadyHi & (1 << (h - 32))) !== 0) ||
      (y < 32 ? (this.stayLo & (1 << y)) !== 0 : (this.stayHi & (1 << (y - 32))) !== 0)
    ) {
      this.failed = true;
      return;
    }
    // The place on h's right may take y's successor now; y may go on from h to where it may go.
    if ((h + 1) % b.cols !== 0) this.push(h + 1);
    if (y < 8) {
      for (let row = 0; row < 4; row++) this.push(row * b.cols);
    } else {
      let plo = this.atLo[y - 4];
      let phi = this.atHi[y - 4];
      while (plo !== 0) {
        const bit = plo & -plo;
        plo ^= bit;
        const z = 31 - Math.clz32(bit);
        if ((z + 1) % b.cols !== 0) this.push(z + 1);
      }
      while (phi !== 0) {
        const bit = phi & -phi;
        phi ^= bit;
        const z = 32 + 31 - Math.clz32(bit);
        if ((z + 1) % b.cols !== 0) this.push(z + 1);
      }
    }
  }

  /** Whether place p may ever be a gap. */
  mayBeGap(p: number): boolean {
    return (this.holdHi[p] & GAP_BIT) !== 0;
  }
}
