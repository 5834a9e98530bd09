/**
 * What moves could ever do from a position: a may-analysis. For each card, the places it could ever lie in; for
 * each place, whether it could ever be a gap; when every move is allowed except filling the gaps of a chosen set
 * ("frozen": they stay gaps). It over-approximates: along any sequence of such moves, every card lies in its set
 * and every gap is in the gap set (a card moves to a place that may be a gap right of a place its predecessor may
 * lie in, or a 2 to a first-column place that may be a gap; the place it leaves may then be a gap). So what the
 * analysis rules out cannot happen.
 *
 * It runs as events: a place that may newly be a gap offers itself to the cards that may fill it; a card that may
 * newly lie in a place may leave the places it may lie in, and offers its successor the place on its right. Each
 * (card, place) pair and each gap is handled once. Sets of places are two 32-bit words (places 0..31, 32..63);
 * sets of cards likewise (cards 0..31, 32..63).
 */

export interface Board {
  readonly cols: number;
  readonly places: number;
  readonly king: number;
  readonly board: Int8Array;
  /** Whether a 2 that lies in the first column may leave it (free twos). */
  readonly twosLeaveHeads: boolean;
  /** Whether a first-column gap in `row` takes the 2 of `suit`. */
  firstTakes(row: number, suit: number): boolean;
}

/** Facts to watch: places that keep their content, places never gaps, 2s (as card bits) that never move. */
export interface Watch {
  steadyLo: number;
  steadyHi: number;
  noGapLo: number;
  noGapHi: number;
  stayLo: number;
  stayHi: number;
}

export const NO_WATCH: Watch = { steadyLo: 0, steadyHi: 0, noGapLo: 0, noGapHi: 0, stayLo: 0, stayHi: 0 };

const has = (lo: number, hi: number, i: number): boolean =>
  i < 32 ? (lo & (1 << i)) !== 0 : (hi & (1 << (i - 32))) !== 0;

export class Reach {
  /** Places each card may lie in. */
  readonly atLo = new Int32Array(64);
  readonly atHi = new Int32Array(64);
  /** Cards each place may hold. */
  readonly holdLo = new Int32Array(64);
  readonly holdHi = new Int32Array(64);
  gapLo = 0;
  gapHi = 0;
  private readonly baseAtLo = new Int32Array(64);
  private readonly baseAtHi = new Int32Array(64);
  private readonly baseHoldLo = new Int32Array(64);
  private readonly baseHoldHi = new Int32Array(64);
  private baseGapLo = 0;
  private baseGapHi = 0;
  private cols = 0;
  private places = 0;
  private kingFirst = 0;
  private lastLo = 0;
  private lastHi = 0;
  /** Which 2s (by suit) each first-column place takes, as a 4-bit mask per row. */
  private readonly rowTwos = new Int8Array(4);
  private twosLeaveHeads = false;
  private readonly queue = new Int8Array(64);
  private qHead = 0;
  private qTail = 0;
  private frozenLo = 0;
  private frozenHi = 0;
  private w: Watch = NO_WATCH;
  private steps = 0;
  failed = false;

  /** Takes the position as the start of the runs to come (then `place` keeps it up to date). */
  load(b: Board): void {
    if (b.cols !== this.cols) {
      this.cols = b.cols;
      this.places = b.places;
      this.lastLo = 0;
      this.lastHi = 0;
      for (let row = 0; row < 4; row++) {
        const p = row * b.cols + b.cols - 1;
        if (p < 32) this.lastLo |= 1 << p;
        else this.lastHi |= 1 << (p - 32);
      }
    }
    this.kingFirst = (b.king - 1) * 4;
    this.twosLeaveHeads = b.twosLeaveHeads;
    for (let row = 0; row < 4; row++) {
      let mask = 0;
      for (let s = 0; s < 4; s++) if (b.firstTakes(row, s)) mask |= 1 << s;
      this.rowTwos[row] = mask;
    }
    const { baseAtLo, baseAtHi, baseHoldLo, baseHoldHi } = this;
    let gapLo = 0;
    let gapHi = 0;
    for (let p = 0; p < b.places; p++) {
      const v = b.board[p];
      if (v < 0) {
        if (p < 32) gapLo |= 1 << p;
        else gapHi |= 1 << (p - 32);
        baseHoldLo[p] = 0;
        baseHoldHi[p] = 0;
      } else {
        baseAtLo[v] = p < 32 ? 1 << p : 0;
        baseAtHi[v] = p < 32 ? 0 : 1 << (p - 32);
        baseHoldLo[p] = v < 32 ? 1 << v : 0;
        baseHoldHi[p] = v < 32 ? 0 : 1 << (v - 32);
      }
    }
    this.baseGapLo = gapLo;
    this.baseGapHi = gapHi;
  }

  /** Keeps the loaded position up to date: place p now holds card v (or a gap, v < 0). */
  place(p: number, v: number): void {
    if (v < 0) {
      this.baseHoldLo[p] = 0;
      this.baseHoldHi[p] = 0;
      if (p < 32) this.baseGapLo |= 1 << p;
      else this.baseGapHi |= 1 << (p - 32);
      return;
    }
    this.baseHoldLo[p] = v < 32 ? 1 << v : 0;
    this.baseHoldHi[p] = v < 32 ? 0 : 1 << (v - 32);
    this.baseAtLo[v] = p < 32 ? 1 << p : 0;
    this.baseAtHi[v] = p < 32 ? 0 : 1 << (p - 32);
    if (p < 32) this.baseGapLo &= ~(1 << p);
    else this.baseGapHi &= ~(1 << (p - 32));
  }

  /**
   * Runs the analysis from the loaded position with the gaps of `frozen` never filled, stopping as soon as a
   * watched fact fails or after `work` events (`failed` either way). Returns whether it settled with every watched
   * fact kept.
   */
  run(frozenLo: number, frozenHi: number, w: Watch, work: number): boolean {
    this.atLo.set(this.baseAtLo);
    this.atHi.set(this.baseAtHi);
    this.holdLo.set(this.baseHoldLo);
    this.holdHi.set(this.baseHoldHi);
    this.gapLo = this.baseGapLo;
    this.gapHi = this.baseGapHi;
    this.frozenLo = frozenLo;
    this.frozenHi = frozenHi;
    this.w = w;
    this.steps = work;
    this.failed = false;
    this.qHead = 0;
    this.qTail = 0;
    let lo = this.baseGapLo;
    let hi = this.baseGapHi;
    while (lo !== 0) {
      const bit = lo & -lo;
      lo ^= bit;
      this.queue[this.qTail++] = 31 - Math.clz32(bit);
    }
    while (hi !== 0) {
      const bit = hi & -hi;
      hi ^= bit;
      this.queue[this.qTail++] = 63 - Math.clz32(bit);
    }
    while (this.qHead < this.qTail && !this.failed) this.offer(this.queue[this.qHead++]);
    return !this.failed;
  }

  /** Place h may be a gap: each card that may fill it may come. */
  private offer(h: number): void {
    if (has(this.frozenLo, this.frozenHi, h)) return;
    if (--this.steps < 0) {
      this.failed = true;
      return;
    }
    const col = h % this.cols;
    if (col === 0) {
      const mask = this.rowTwos[(h / this.cols) | 0];
      for (let s = 0; s < 4; s++) if ((mask & (1 << s)) !== 0) this.arrive(4 + s, h);
      return;
    }
    let lo = this.holdLo[h - 1];
    let hi = this.holdHi[h - 1];
    while ((lo | hi) !== 0 && !this.failed) {
      let c: number;
      if (lo !== 0) {
        const bit = lo & -lo;
        lo ^= bit;
        c = 31 - Math.clz32(bit);
      } else {
        const bit = hi & -hi;
        hi ^= bit;
        c = 63 - Math.clz32(bit);
      }
      if (c < this.kingFirst) this.arrive(c + 4, h);
    }
  }

  /** Card y may come to place h (a place that may be a gap, right of a place its predecessor may lie in). */
  private arrive(y: number, h: number): void {
    const oldLo = this.atLo[y];
    const oldHi = this.atHi[y];
    if (has(oldLo, oldHi, h)) return;
    // A 2 that may only lie at heads never moves under the default rules.
    if (y < 8 && !this.twosLeaveHeads && (oldLo & ~this.headLo()) === 0 && (oldHi & ~this.headHi()) === 0)
      return;
    if (--this.steps < 0) {
      this.failed = true;
      return;
    }
    const w = this.w;
    // A watched 2 that may move, or a steady place that may take another card, fails the watch.
    if (has(w.stayLo, w.stayHi, y) || has(w.steadyLo, w.steadyHi, h)) {
      this.failed = true;
      return;
    }
    const aLo = h < 32 ? oldLo | (1 << h) : oldLo;
    const aHi = h < 32 ? oldHi : oldHi | (1 << (h - 32));
    this.atLo[y] = aLo;
    this.atHi[y] = aHi;
    if (y < 32) this.holdLo[h] |= 1 << y;
    else this.holdHi[h] |= 1 << (y - 32);
    // Every place y may lie in may now be left (a 2 under the default rules never leaves a head).
    let vLo = aLo;
    let vHi = aHi;
    if (y < 8 && !this.twosLeaveHeads) {
      vLo &= ~this.headLo();
      vHi &= ~this.headHi();
    }
    this.mayEmpty(vLo & ~this.gapLo, vHi & ~this.gapHi);
    if (this.failed) return;
    // Its successor may come to the place on its right, if that may be a gap.
    if (y < this.kingFirst && !has(this.lastLo, this.lastHi, h) && has(this.gapLo, this.gapHi, h + 1)) {
      if (!has(this.frozenLo, this.frozenHi, h + 1)) this.arrive(y + 4, h + 1);
    }
  }

  private headLoMask = 0;
  private headHiMask = 0;
  private headCols = 0;
  private headLo(): number {
    if (this.headCols !== this.cols) this.heads();
    return this.headLoMask;
  }
  private headHi(): number {
    if (this.headCols !== this.cols) this.heads();
    return this.headHiMask;
  }
  private heads(): void {
    this.headLoMask = 0;
    this.headHiMask = 0;
    for (let row = 0; row < 4; row++) {
      const p = row * this.cols;
      if (p < 32) this.headLoMask |= 1 << p;
      else this.headHiMask |= 1 << (p - 32);
    }
    this.headCols = this.cols;
  }

  /** Places that may newly be gaps: watched ones fail; the others are offered to their fillers. */
  private mayEmpty(lo: number, hi: number): void {
    if ((lo | hi) === 0) return;
    const w = this.w;
    if ((lo & (w.noGapLo | w.steadyLo)) !== 0 || (hi & (w.noGapHi | w.steadyHi)) !== 0) {
      this.failed = true;
      return;
    }
    this.gapLo |= lo;
    this.gapHi |= hi;
    while (lo !== 0) {
      const bit = lo & -lo;
      lo ^= bit;
      this.queue[this.qTail++] = 31 - Math.clz32(bit);
    }
    while (hi !== 0) {
      const bit = hi & -hi;
      hi ^= bit;
      this.queue[this.qTail++] = 63 - Math.clz32(bit);
    }
  }

  /** Whether place p may ever be a gap. */
  mayBeGap(p: number): boolean {
    return has(this.gapLo, this.gapHi, p);
  }

  /** Whether place p may ever hold card y. */
  mayHold(p: number, y: number): boolean {
    return has(this.atLo[y], this.atHi[y], p);
  }

  /** Whether place p may ever hold a card of `rank`. */
  mayHoldRank(p: number, rank: number): boolean {
    const y = (rank - 1) * 4;
    const lo = this.holdLo[p];
    const hi = this.holdHi[p];
    return y < 32 ? (lo & (0xf << y)) !== 0 : (hi & (0xf << (y - 32))) !== 0;
  }

  /** Whether card y may ever lie right of its predecessor. */
  mayFollow(y: number): boolean {
    const pLo = this.atLo[y - 4] & ~this.lastLo;
    const pHi = this.atHi[y - 4] & ~this.lastHi;
    return ((pLo << 1) & this.atLo[y]) !== 0 || (((pHi << 1) | (pLo >>> 31)) & this.atHi[y]) !== 0;
  }
}
