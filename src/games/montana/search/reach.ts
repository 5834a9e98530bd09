/**
 * What moves could ever do from a position: a may-analysis. For each card, the places it could ever lie in; for
 * each place, whether it could ever be a gap; when every move is allowed except filling the gaps of a chosen set
 * ("frozen": they stay gaps). It over-approximates: along any sequence of such moves, every card lies in its set
 * and every gap is in the gap set (a card moves to a place that may be a gap right of a place its predecessor may
 * lie in, or a 2 to a first-column place that may be a gap; the place it leaves may then be a gap). So what the
 * analysis rules out cannot happen.
 *
 * It is the least fixpoint of three rules, computed in sweeps over the cards with sets of places as two bit words,
 * 16 bits a row (rows a and b in the low word, c and d in the high one; place c of row r is bit 16r + c), so the
 * places right of a set are the set shifted by one bit, a row's last place shifted into bits no place uses:
 * - a 2 that may leave its place may come to every first-column place that may be a gap and takes it;
 * - a card of rank 3 or more may come to every place that may be a gap right of a place (not in the last column)
 *   its predecessor may lie in;
 * - every place a card that has come somewhere may lie in may be a gap (a 2 under the default rules never leaves
 *   the first column).
 * A sweep takes the 2s, then the cards by rank upwards, so a card sees its predecessor's places of the same sweep;
 * only a new gap needs another sweep. The gap set grows in every sweep but the last, so there are at most as many
 * sweeps as places.
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

export class Reach {
  /** The bit of each place in the sets (see above): in the low word, or in the high one. */
  readonly bitLo = new Int32Array(64);
  readonly bitHi = new Int32Array(64);
  /** Places each card may lie in. */
  readonly atLo = new Int32Array(64);
  readonly atHi = new Int32Array(64);
  gapLo = 0;
  gapHi = 0;
  private readonly baseAtLo = new Int32Array(64);
  private readonly baseAtHi = new Int32Array(64);
  private baseGapLo = 0;
  private baseGapHi = 0;
  private cols = 0;
  /** Cards 4..lastCard lie on the board (the 2s up to the kings). */
  private lastCard = 0;
  private headLo = 0;
  private headHi = 0;
  /** The first-column places that take the 2 of each suit. */
  private readonly twoLo = new Int32Array(4);
  private readonly twoHi = new Int32Array(4);
  private twosLeaveHeads = false;
  /**
   * Free twos, once every row is headed by a 2: the 2s (card bits) whose rows the search leaves open (docs/montana.md,
   * "Open heads"), each taken to lie at every one of those heads (`openLo`, `openHi`), so a run covers every way of
   * heading those rows with them.
   */
  openTwos = 0;
  openLo = 0;
  openHi = 0;
  failed = false;

  /** Takes the position as the start of the runs to come (then `place` keeps it up to date). */
  load(b: Board): void {
    if (b.cols > 16) throw new RangeError("rows of more than 16 places");
    this.cols = b.cols;
    this.lastCard = b.king * 4 - 1;
    for (let p = 0; p < b.places; p++) {
      const row = (p / b.cols) | 0;
      const bit = row * 16 + p - row * b.cols;
      this.bitLo[p] = bit < 32 ? 1 << bit : 0;
      this.bitHi[p] = bit < 32 ? 0 : 1 << (bit - 32);
    }
    this.headLo = 0;
    this.headHi = 0;
    this.twoLo.fill(0);
    this.twoHi.fill(0);
    for (let row = 0; row < 4; row++) {
      const head = row * b.cols;
      this.headLo |= this.bitLo[head];
      this.headHi |= this.bitHi[head];
      for (let s = 0; s < 4; s++) {
        if (!b.firstTakes(row, s)) continue;
        this.twoLo[s] |= this.bitLo[head];
        this.twoHi[s] |= this.bitHi[head];
      }
    }
    this.twosLeaveHeads = b.twosLeaveHeads;
    this.baseGapLo = 0;
    this.baseGapHi = 0;
    for (let p = 0; p < b.places; p++) this.place(p, b.board[p]);
  }

  /** Keeps the loaded position up to date: place p now holds card v (or a gap, v < 0). */
  place(p: number, v: number): void {
    const lo = this.bitLo[p];
    const hi = this.bitHi[p];
    if (v < 0) {
      this.baseGapLo |= lo;
      this.baseGapHi |= hi;
      return;
    }
    this.baseAtLo[v] = lo;
    this.baseAtHi[v] = hi;
    this.baseGapLo &= ~lo;
    this.baseGapHi &= ~hi;
  }

  /**
   * Runs the analysis from the loaded position with the gaps of `frozen` never filled, stopping as soon as a
   * watched fact fails (`failed`). Returns whether it settled with every watched fact kept.
   */
  run(frozenLo: number, frozenHi: number, w: Watch): boolean {
    const { atLo, atHi, baseAtLo, baseAtHi, twoLo, twoHi } = this;
    const last = this.lastCard;
    atLo.set(baseAtLo);
    atHi.set(baseAtHi);
    if (this.openTwos !== 0) {
      for (let y = 4; y < 8; y++) {
        if ((this.openTwos & (1 << y)) === 0) continue;
        atLo[y] |= this.openLo;
        atHi[y] |= this.openHi;
      }
    }
    let gapLo = this.baseGapLo;
    let gapHi = this.baseGapHi;
    const steadyLo = w.steadyLo;
    const steadyHi = w.steadyHi;
    // Places that fail the watch when they may become gaps.
    const badGapLo = w.noGapLo | steadyLo;
    const badGapHi = w.noGapHi | steadyHi;
    const openLo = ~frozenLo;
    const openHi = ~frozenHi;
    // The places a 2 that has moved may leave: under the default rules it never leaves the first column.
    const leaveLo = this.twosLeaveHeads ? -1 : ~this.headLo;
    const leaveHi = this.twosLeaveHeads ? -1 : ~this.headHi;
    this.failed = true;
    for (let grew = true; grew; ) {
      grew = false;
      // Where a card may come: places that may be gaps and are not frozen.
      let fillLo = gapLo & openLo;
      let fillHi = gapHi & openHi;
      // The 2s, then the other cards: one loop for both, with a branch on the card, took 10% more time.
      for (let s = 0; s < 4; s++) {
        const y = 4 + s;
        // Under the default rules a 2 dealt to the first column never moves.
        if ((baseAtLo[y] & leaveLo) === 0 && (baseAtHi[y] & leaveHi) === 0) continue;
        const addLo = fillLo & twoLo[s] & ~atLo[y];
        const addHi = fillHi & twoHi[s] & ~atHi[y];
        if ((addLo | addHi) === 0) continue;
        if (y < 32 ? (w.stayLo & (1 << y)) !== 0 : (w.stayHi & (1 << (y - 32))) !== 0) return false;
        if ((addLo & steadyLo) !== 0 || (addHi & steadyHi) !== 0) return false;
        const aLo = atLo[y] | addLo;
        const aHi = atHi[y] | addHi;
        atLo[y] = aLo;
        atHi[y] = aHi;
        const newLo = aLo & leaveLo & ~gapLo;
        const newHi = aHi & leaveHi & ~gapHi;
        if ((newLo | newHi) === 0) continue;
        if ((newLo & badGapLo) !== 0 || (newHi & badGapHi) !== 0) return false;
        gapLo |= newLo;
        gapHi |= newHi;
        fillLo |= newLo & openLo;
        fillHi |= newHi & openHi;
        grew = true;
      }
      for (let y = 8; y <= last; y++) {
        // The places right of those the predecessor may lie in (a row's last place shifts to no place).
        const addLo = (atLo[y - 4] << 1) & fillLo & ~atLo[y];
        const addHi = (atHi[y - 4] << 1) & fillHi & ~atHi[y];
        if ((addLo | addHi) === 0) continue;
        if ((addLo & steadyLo) !== 0 || (addHi & steadyHi) !== 0) return false;
        const aLo = atLo[y] | addLo;
        const aHi = atHi[y] | addHi;
        atLo[y] = aLo;
        atHi[y] = aHi;
        const newLo = aLo & ~gapLo;
        const newHi = aHi & ~gapHi;
        if ((newLo | newHi) === 0) continue;
        if ((newLo & badGapLo) !== 0 || (newHi & badGapHi) !== 0) return false;
        gapLo |= newLo;
        gapHi |= newHi;
        fillLo |= newLo & openLo;
        fillHi |= newHi & openHi;
        grew = true;
      }
    }
    this.gapLo = gapLo;
    this.gapHi = gapHi;
    this.failed = false;
    return true;
  }

  /** Whether place p may ever be a gap. */
  mayBeGap(p: number): boolean {
    return (this.gapLo & this.bitLo[p]) !== 0 || (this.gapHi & this.bitHi[p]) !== 0;
  }

  /** Whether place p may ever hold card y. */
  mayHold(p: number, y: number): boolean {
    return (this.atLo[y] & this.bitLo[p]) !== 0 || (this.atHi[y] & this.bitHi[p]) !== 0;
  }

  /** Whether card y may ever lie right of its predecessor. */
  mayFollow(y: number): boolean {
    return ((this.atLo[y - 4] << 1) & this.atLo[y]) !== 0 || ((this.atHi[y - 4] << 1) & this.atHi[y]) !== 0;
  }
}
