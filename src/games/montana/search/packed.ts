import type { Card } from "../../../cards/card.ts";
import type { BudgetMeter } from "../../../search/budget.ts";
import type { SearchDomain } from "../../../search/domain.ts";
import type { VisitedTable } from "../../../search/key-set.ts";
import { mix32, StateTable } from "../../../search/state-table.ts";
import { shuffleForRedeal } from "../redeal.ts";
import { type MontanaMove, type MontanaRules, type MontanaState, ROW_SUITS, ROWS } from "../rules.ts";
import {
  arrangements,
  IDENTITY,
  inverse,
  openArrangement,
  sourceOf,
  swapsFor,
  transposition,
} from "./head-swaps.ts";
import { type Board, NO_WATCH, Reach } from "./reach.ts";

/**
 * Montana's packed position for the searches: the board as bytes, where each card lies, the four gaps, and the
 * rows as ids in a table of distinct rows, so that a position's key is four row ids (sorted when rows are
 * interchangeable: a key then stands for every order of the rows).
 *
 * A move is `from << 6 | to` (places below 64), or REDEAL. Places are row * columns + column.
 */
export const REDEAL = 1 << 12;
/**
 * A run of head swaps and the move that uses it (free twos; head-swaps.ts): HEAD_RUN | perm << 12 | from << 6 | to,
 * the first-column arrangement `perm` leaves, then the move from `from` to `to` there.
 */
export const HEAD_RUN = 1 << 20;

/** How far a team member's own order may move a move past the heuristic's penalties (not past a run's growth). */
const JITTER = 150;

/** Move sets `generate` is asked for (low 4 bits; above them, the move order of a team member). */
export const GEN_ALL = 0;
/** The moves of a strong stubborn set (docs/montana.md), best first: what the complete search expands. */
export const GEN_REDUCED = 1;

const GAP = -1;
/** Places a row word holds (6 bits each, so no place straddles two words). */
const PER_WORD = 5;
export const ROW_WORDS = 3;

export class MontanaPosition implements SearchDomain<MontanaState, MontanaMove>, Board {
  readonly keyWords: number;
  /**
   * Plain moves (at most 24), or under free twos the moves but head swaps (at most 16), 3s joining their 2s (at most
   * 12) and the last first-column gap filled after each arrangement (at most 23): room to spare.
   */
  readonly maxMoves = 160;
  readonly cols: number;
  readonly places: number;
  readonly king: number;
  /** Rows may be told apart only by their contents: the key sorts them. */
  readonly symmetric: boolean;
  readonly freeTwos: boolean;
  readonly fixedSuits: boolean;
  /** 2s at the head of their row never move (the default rules; fixed suits for a row's own 2). */
  readonly headsStay: boolean;
  /** A 2 heading a row may leave it (free twos; fixed suits for a 2 heading another suit's row). */
  readonly twosLeaveHeads: boolean;
  readonly board: Int8Array;
  /** Where each card lies (aces -1). */
  readonly where = new Int8Array(52).fill(-1);
  /** The gaps' places, in no order. */
  readonly gaps = new Int8Array(4);
  /** Length of each row's run from the first column that can never move (0 when the rules let runs move). */
  readonly fixedRun = new Int8Array(ROWS);
  redealsLeft = 0;
  seed = 0;
  private readonly rowWords = new Uint32Array(ROWS * ROW_WORDS);
  private readonly rowIds = new Int32Array(ROWS);
  private dirty = 0xf;
  /**
   * Rows whose head the key leaves out (a 2 or a gap while head swaps are open; the open heads after the entry), as
   * of the last key.
   */
  private openHeads = 0;
  private keyHash = 0;
  private readonly sortIds = new Int32Array(ROWS);
  private readonly rowKey = new Uint32Array(ROW_WORDS);
  /** Distinct rows seen, keyed on their packed contents; a position's key is its rows' ids. */
  readonly rows: VisitedTable;
  /** Boards before each redeal, for undo. */
  private readonly redealStack: { board: Int8Array; seed: number }[] = [];
  private readonly reach = new Reach();
  private readonly fillers = new Int32Array(4);
  private readonly scores = new Int32Array(64);
  private readonly okSuits = new Int32Array(ROWS);
  private readonly gapCounts = new Int32Array(4);
  private readonly masks = new Int32Array(16);
  private readonly maskCounts = new Int32Array(16);
  /** Under free twos, runs of head swaps are played only with the move that uses them (docs/montana.md). */
  readonly headRuns: boolean;
  private readonly heads = new Int32Array(ROWS);
  private readonly seconds = new Int32Array(ROWS);
  private readonly entryHeads = new Int32Array(ROWS);
  /** The classes entered from one position (`withHeadRuns`). */
  private readonly entries = new Set<number>();
  private readonly perms: number[] = [];
  /**
   * The root's first column is not all 2s (free twos): every position with all four rows headed by 2s was entered
   * by a 2 filling the last first-column gap, after any arrangement of the others, so the 2s heading rows their 3s
   * have not joined are left open (docs/montana.md, "Open heads").
   */
  private enteredHeads = false;
  /** Rows whose heads are open after the entry, as of the last `syncOpen`. */
  private openNow = 0;
  /** Positions expanded with runs of head swaps (for tests and measures). */
  headRunPositions = 0;
  /** Positions expanded with open heads (for tests and measures). */
  openHeadPositions = 0;
  /** The move order of a team member (0: the plain heuristic order). */
  private variant = 0;
  private readonly watch = { steadyLo: 0, steadyHi: 0, noGapLo: 0, noGapHi: 0, stayLo: 0, stayHi: 0 };
  /** The one fact `neverFollows` watches: a place never a gap. */
  private readonly followWatch = { steadyLo: 0, steadyHi: 0, noGapLo: 0, noGapHi: 0, stayLo: 0, stayHi: 0 };

  constructor(
    readonly rules: MontanaRules,
    columns = 13,
    meter?: BudgetMeter,
    /** Forced moves and stubborn sets on (off: every move expanded, nothing forced; for tests). */
    readonly prune = true,
    /** The table of rows, shared by positions whose keys must agree (the members of a team). */
    rows?: VisitedTable,
    /**
     * Under free twos, a 2 heading a row leaves it only when the card on its right is not its successor: fewer
     * moves than the rules allow, for a search that looks for wins and proves nothing.
     */
    readonly runsKeepTheirTwos = false,
  ) {
    this.cols = columns;
    this.places = ROWS * columns;
    this.king = columns;
    this.board = new Int8Array(this.places);
    this.freeTwos = rules.freeTwos;
    this.fixedSuits = rules.fixedSuits;
    this.headsStay = !rules.freeTwos || rules.fixedSuits;
    this.twosLeaveHeads = rules.freeTwos || rules.fixedSuits;
    this.symmetric = !rules.fixedSuits && rules.redeals === 0;
    this.headRuns = prune && rules.freeTwos && !rules.fixedSuits && !runsKeepTheirTwos;
    this.keyWords = keyWordsOf(rules);
    this.rows = rows ?? new StateTable(ROW_WORDS, ROW_WORDS, meter, 1024);
  }

  setMeter(meter: BudgetMeter | undefined): void {
    this.rows.setMeter(meter);
  }

  load(state: MontanaState): void {
    if (state.rows[0].length !== this.cols) throw new RangeError("a position of another size");
    this.where.fill(-1);
    let g = 0;
    for (let r = 0; r < ROWS; r++) {
      for (let c = 0; c < this.cols; c++) {
        const card = state.rows[r][c];
        const p = r * this.cols + c;
        if (card === null) {
          this.board[p] = GAP;
          this.gaps[g++] = p;
        } else {
          this.board[p] = card;
          this.where[card] = p;
        }
      }
    }
    this.redealsLeft = state.redealsLeft;
    this.seed = state.seed;
    this.redealStack.length = 0;
    this.enteredHeads = this.headRuns && state.redealsLeft === 0 && !this.headsAllTwos();
    this.refresh();
  }

  /** The engine state of the position. */
  toState(): MontanaState {
    const rows: (Card | null)[][] = [];
    for (let r = 0; r < ROWS; r++) {
      const row: (Card | null)[] = [];
      for (let c = 0; c < this.cols; c++) {
        const v = this.board[r * this.cols + c];
        row.push(v === GAP ? null : v);
      }
      rows.push(row);
    }
    return { rules: this.rules, rows, redealsLeft: this.redealsLeft, seed: this.seed };
  }

  /** Row words and fixed runs from the board. */
  private refresh(): void {
    this.reach.load(this);
    for (let r = 0; r < ROWS; r++) this.packRow(r);
    this.dirty = 0xf;
    this.computeFixedRuns();
  }

  private packRow(r: number): void {
    const base = r * this.cols;
    for (let w = 0; w < ROW_WORDS; w++) {
      let word = 0;
      for (let k = 0; k < PER_WORD; k++) {
        const c = w * PER_WORD + k;
        if (c >= this.cols) break;
        word |= (this.board[base + c] + 1) << (k * 6);
      }
      this.rowWords[r * ROW_WORDS + w] = word >>> 0;
    }
  }

  private setPlace(p: number, v: number): void {
    this.board[p] = v;
    this.reach.place(p, v);
    const r = (p / this.cols) | 0;
    const c = p - r * this.cols;
    const w = r * ROW_WORDS + ((c / PER_WORD) | 0);
    const shift = (c % PER_WORD) * 6;
    this.rowWords[w] = ((this.rowWords[w] & ~(63 << shift)) | ((v + 1) << shift)) >>> 0;
    this.dirty |= 1 << r;
  }

  /** Runs from the first column that no move can ever take apart under the rules. */
  private computeFixedRuns(): void {
    for (let r = 0; r < ROWS; r++) this.fixedRun[r] = this.runAt(r);
  }

  private runAt(r: number): number {
    // Free twos: a 2 moves only to a first-column gap, and only a card leaving the first column makes one; once
    // every row is headed by a 2, no 2 moves again and the runs behind them are fixed.
    if (!this.headsStay && !this.headsAllTwos()) return 0;
    const base = r * this.cols;
    const first = this.board[base];
    if (first < 4 || first >= 8) return 0;
    if (this.fixedSuits && (first & 3) !== ROW_SUITS[r]) return 0;
    let k = 1;
    while (k < this.cols && this.board[base + k] === first + 4 * k) k++;
    return k;
  }

  /**
   * Rows whose heads are open (docs/montana.md, "Open heads"): after the entry (every row headed by a 2, the root's
   * first column not), the rows whose 3 has not joined their 2, when there are two or more (one alone is settled by
   * the others). A bit a row; 0 otherwise.
   */
  private openRows(): number {
    if (!this.enteredHeads || !this.headsAllTwos()) return 0;
    const b = this.board;
    const cols = this.cols;
    let open = 0;
    let n = 0;
    for (let r = 0; r < ROWS; r++) {
      const head = r * cols;
      if (b[head + 1] === b[head] + 4) continue;
      open |= 1 << r;
      n++;
    }
    return n >= 2 ? open : 0;
  }

  /** Sets `openNow` and tells the may-analysis which 2s lie open at which heads. */
  private syncOpen(): void {
    const open = this.openRows();
    this.openNow = open;
    const reach = this.reach;
    let twos = 0;
    let lo = 0;
    let hi = 0;
    for (let r = 0; r < ROWS; r++) {
      if ((open & (1 << r)) === 0) continue;
      const p = r * this.cols;
      twos |= 1 << this.board[p];
      lo |= reach.bitLo[p];
      hi |= reach.bitHi[p];
    }
    reach.openTwos = twos;
    reach.openLo = lo;
    reach.openHi = hi;
  }

  private headsAllTwos(): boolean {
    const b = this.board;
    const n = this.cols;
    return b[0] >> 2 === 1 && b[n] >> 2 === 1 && b[2 * n] >> 2 === 1 && b[3 * n] >> 2 === 1;
  }

  /** Whether the card at place p is in a run that never moves. */
  isFixed(p: number): boolean {
    const r = (p / this.cols) | 0;
    return p - r * this.cols < this.fixedRun[r];
  }

  apply(move: number): void {
    if (move === REDEAL) {
      this.applyRedeal();
      return;
    }
    if (move >= HEAD_RUN) {
      this.permuteHeads((move >> 12) & 255);
      this.apply(move & 4095);
      return;
    }
    const from = (move >> 6) & 63;
    const to = move & 63;
    const card = this.board[from];
    this.setPlace(to, card);
    this.setPlace(from, GAP);
    this.where[card] = to;
    const gaps = this.gaps;
    for (let i = 0; i < 4; i++) {
      if (gaps[i] === to) {
        gaps[i] = from;
        break;
      }
    }
    this.updateRuns(to);
    this.updateRuns(from);
  }

  undo(move: number): void {
    if (move === REDEAL) {
      this.undoRedeal();
      return;
    }
    if (move >= HEAD_RUN) {
      this.undo(move & 4095);
      this.permuteHeads(inverse((move >> 12) & 255));
      return;
    }
    const from = (move >> 6) & 63;
    const to = move & 63;
    const card = this.board[to];
    this.setPlace(from, card);
    this.setPlace(to, GAP);
    this.where[card] = from;
    const gaps = this.gaps;
    for (let i = 0; i < 4; i++) {
      if (gaps[i] === from) {
        gaps[i] = to;
        break;
      }
    }
    this.updateRuns(from);
    this.updateRuns(to);
  }

  /** Row r takes the head row `sourceOf(perm, r)` had (2s and gaps of the first column only). */
  private permuteHeads(perm: number): void {
    const heads = this.heads;
    const cols = this.cols;
    for (let r = 0; r < ROWS; r++) heads[r] = this.board[r * cols];
    let g = 0;
    for (let i = 0; i < 4; i++) if (this.gaps[i] % cols !== 0) this.gaps[g++] = this.gaps[i];
    for (let r = 0; r < ROWS; r++) {
      const v = heads[sourceOf(perm, r)];
      const p = r * cols;
      if (v === GAP) this.gaps[g++] = p;
      if (v === heads[r]) continue;
      this.setPlace(p, v);
      if (v !== GAP) this.where[v] = p;
    }
    this.computeFixedRuns();
  }

  /** A place's row may have gained or lost fixed cards. */
  private updateRuns(p: number): void {
    const r = (p / this.cols) | 0;
    const c = p - r * this.cols;
    if (c === 0 && !this.headsStay) this.computeFixedRuns();
    else if (c <= this.fixedRun[r]) this.fixedRun[r] = this.runAt(r);
  }

  private applyRedeal(): void {
    this.redealStack.push({ board: this.board.slice(), seed: this.seed });
    const runs = [0, 1, 2, 3].map((r) => this.plainRun(r));
    const gathered: Card[] = [0, 1, 2, 3];
    for (let r = 0; r < ROWS; r++) {
      for (let c = runs[r]; c < this.cols; c++) {
        const v = this.board[r * this.cols + c];
        if (v !== GAP) gathered.push(v);
      }
    }
    gathered.sort((a, b) => a - b);
    const { cards, seed } = shuffleForRedeal(gathered, this.seed);
    let next = 0;
    for (let r = 0; r < ROWS; r++) {
      for (let c = runs[r]; c < this.cols; c++) {
        const v = cards[next++];
        this.board[r * this.cols + c] = v < 4 ? GAP : v;
      }
    }
    this.seed = seed;
    this.redealsLeft--;
    this.reindex();
  }

  /** The engine's run from the first column (any 2), which a redeal keeps. */
  private plainRun(r: number): number {
    const base = r * this.cols;
    const first = this.board[base];
    if (first < 4 || first >= 8) return 0;
    let k = 1;
    while (k < this.cols && this.board[base + k] === first + 4 * k) k++;
    return k;
  }

  private undoRedeal(): void {
    const saved = this.redealStack.pop() as { board: Int8Array; seed: number };
    this.board.set(saved.board);
    this.seed = saved.seed;
    this.redealsLeft++;
    this.reindex();
  }

  private reindex(): void {
    this.where.fill(-1);
    let g = 0;
    for (let p = 0; p < this.places; p++) {
      const v = this.board[p];
      if (v === GAP) this.gaps[g++] = p;
      else this.where[v] = p;
    }
    this.refresh();
  }

  isWon(): boolean {
    for (let r = 0; r < ROWS; r++) if (this.plainRun(r) !== this.cols - 1) return false;
    return true;
  }

  /** Row ids (looked up for the rows changed since), then the key's hash. Returns false when the row table is full. */
  private rowIdsReady(): boolean {
    // While head swaps are open, the key holds every arrangement of the first column's 2s and gaps: those heads are
    // written as one mark (63, which no card or gap writes), as the rest of the board says which 2s and gaps they are.
    // After the entry the open heads are written so (the class of every arrangement of the open 2s, "Open heads").
    let open = 0;
    if (this.headSwapsOpen()) {
      for (let r = 0; r < ROWS; r++) {
        const v = this.board[r * this.cols];
        if (v === GAP || v >> 2 === 1) open |= 1 << r;
      }
    } else open = this.openRows();
    this.dirty |= open ^ this.openHeads;
    this.openHeads = open;
    if (this.dirty === 0) return true;
    for (let r = 0; r < ROWS; r++) {
      if ((this.dirty & (1 << r)) === 0) continue;
      const k = this.rowKey;
      const base = r * ROW_WORDS;
      k[0] = this.rowWords[base];
      k[1] = this.rowWords[base + 1];
      k[2] = this.rowWords[base + 2];
      if ((open & (1 << r)) !== 0) k[0] |= 63;
      const h = mix32(k[0] ^ mix32(k[1] ^ mix32(k[2] + 0x9e3779b9)));
      const id = this.rows.findOrInsert(k, h);
      if (id < 0) return false;
      this.rowIds[r] = id;
    }
    this.dirty = 0;
    return true;
  }

  /** Row ids whose table would not grow are set to -1 so the key stays distinct; a full row table shows in keys. */
  encode(out: Uint32Array): void {
    if (!this.rowIdsReady()) throw new RowTableFull();
    const ids = this.sortIds;
    ids.set(this.rowIds);
    if (this.symmetric) {
      // Four ids: a sorting network.
      swapIfGreater(ids, 0, 1);
      swapIfGreater(ids, 2, 3);
      swapIfGreater(ids, 0, 2);
      swapIfGreater(ids, 1, 3);
      swapIfGreater(ids, 1, 2);
    }
    let h = 0x2545f491;
    for (let r = 0; r < ROWS; r++) {
      out[r] = ids[r];
      h = mix32(h ^ Math.imul(ids[r] + 1, 0x9e3779b1));
    }
    if (this.keyWords > ROWS) {
      out[ROWS] = this.redealsLeft;
      out[ROWS + 1] = this.seed;
      h = mix32(h ^ Math.imul(this.seed ^ (this.redealsLeft << 28), 0x85ebca6b));
    }
    this.keyHash = h;
  }

  hash(): number {
    return this.keyHash;
  }

  /**
   * A win's packed moves from `root` as moves of the game (docs/montana.md, "Open heads"): the arrangements of open
   * heads that commits make after the entry are made at the entry instead, by the run of head swaps before the last
   * 2 enters, so that the first column is from there on what the win ends with; the commits become plain moves.
   */
  gamePath(root: MontanaState, path: readonly number[]): number[] {
    this.load(root);
    if (!this.enteredHeads) return [...path];
    const buffer = new Int32Array(1 << 12);
    this.forced(-1, buffer, 0);
    const cols = this.cols;
    const before = new Int32Array(ROWS);
    let entry = -1;
    for (let k = 0; k < path.length; k++) {
      if (entry < 0) for (let r = 0; r < ROWS; r++) before[r] = this.board[r * cols];
      this.apply(path[k]);
      this.forced(path[k], buffer, 0);
      if (entry < 0 && this.headsAllTwos()) entry = k;
    }
    if (entry < 0) return [...path];
    // The 2 that entered, and the row whose head the win gives it.
    const move = path[entry] & 4095;
    const from = (move >> 6) & 63;
    let two = -1;
    for (let s = 4; s < 8; s++) if (!before.includes(s)) two = s;
    let perm = 0;
    let to = -1;
    for (let r = 0; r < ROWS; r++) {
      const last = this.board[r * cols];
      if (last === two) to = r;
      perm |= before.indexOf(last === two ? GAP : last) << (2 * r);
    }
    const out = path.slice(0, entry);
    out.push((perm === IDENTITY ? 0 : HEAD_RUN | (perm << 12)) | (from << 6) | (to * cols));
    for (let k = entry + 1; k < path.length; k++) out.push(path[k] & 4095);
    return out;
  }

  /** The engine's moves of a move: a run of head swaps is written out swap by swap. */
  toMoves(move: number): MontanaMove[] {
    if (move < HEAD_RUN) return [this.toMove(move)];
    for (let r = 0; r < ROWS; r++) this.heads[r] = this.board[r * this.cols];
    const moves: MontanaMove[] = swapsFor(this.heads, (move >> 12) & 255).map(([card, row]) => ({
      kind: "card",
      card,
      to: row * this.cols,
    }));
    // The last move's card is not one the swaps moved (an outside 2 or a 3): the board has it where it lies.
    moves.push(this.toMove(move & 4095));
    return moves;
  }

  toMove(move: number): MontanaMove {
    if (move === REDEAL) return { kind: "redeal" };
    if (move >= HEAD_RUN) throw new RangeError("a run of head swaps is several moves: toMoves");
    return { kind: "card", card: this.board[(move >> 6) & 63], to: move & 63 };
  }

  /** Whether a first-column gap in `row` takes the 2 of `suit`. */
  firstTakes(row: number, suit: number): boolean {
    return !this.fixedSuits || ROW_SUITS[row] === suit;
  }

  /** Whether the 2 at place p may leave it. */
  twoMayLeave(p: number): boolean {
    if (p % this.cols !== 0) return true;
    if (this.runsKeepTheirTwos) return this.board[p + 1] !== this.board[p] + 4;
    return this.freeTwos || this.fixedSuits;
  }

  /** Appends the moves into gap g. */
  private movesInto(g: number, out: Int32Array, at: number): number {
    const col = g % this.cols;
    if (col === 0) {
      const row = (g / this.cols) | 0;
      for (let suit = 0; suit < 4; suit++) {
        if (this.fixedSuits && ROW_SUITS[row] !== suit) continue;
        const from = this.where[4 + suit];
        if (from < 0 || !this.twoMayLeave(from)) continue;
        out[at++] = (from << 6) | g;
      }
      return at;
    }
    const left = this.board[g - 1];
    if (left === GAP || left >> 2 === this.king - 1) return at;
    if (col === 1 && (this.openNow & (1 << ((g - 1) / this.cols))) !== 0) return this.commitsInto(g, out, at);
    out[at++] = (this.where[left + 4] << 6) | g;
    return at;
  }

  /**
   * The commits into gap g, right of an open head: for each open 2 (with a 3 in the deck), that 3 into g after an
   * arrangement of the open heads that brings the 2 to g's row and joins no other open row to its 3 (a position of
   * the same class), when there is one (docs/montana.md, "Open heads").
   */
  private commitsInto(g: number, out: Int32Array, at: number): number {
    const cols = this.cols;
    const heads = this.heads;
    const seconds = this.seconds;
    for (let r = 0; r < ROWS; r++) {
      heads[r] = this.board[r * cols];
      seconds[r] = this.board[r * cols + 1];
    }
    const row = (g - 1) / cols;
    for (let r = 0; r < ROWS; r++) {
      if ((this.openNow & (1 << r)) === 0) continue;
      const three = heads[r] + 4;
      if (three >> 2 >= this.king) continue;
      const perm = openArrangement(heads, seconds, this.openNow, row, r);
      if (perm < 0) continue;
      const move = (this.where[three] << 6) | g;
      out[at++] = perm === IDENTITY ? move : HEAD_RUN | (perm << 12) | move;
    }
    return at;
  }

  generate(mode: number, out: Int32Array, at: number): number {
    this.variant = mode >> 4;
    this.syncOpen();
    if (this.openNow !== 0) this.openHeadPositions++;
    if ((mode & 15) === GEN_REDUCED) return this.generateReduced(out, at);
    return this.generateAll(out, at);
  }

  private generateAll(out: Int32Array, at: number): number {
    for (let i = 0; i < 4; i++) at = this.movesInto(this.gaps[i], out, at);
    if (this.redealsLeft > 0) out[at++] = REDEAL;
    return at;
  }

  /**
   * Forced moves: a card whose predecessor lies in a run that never moves (or a 2 that alone will ever fill a
   * first-column gap, and can go nowhere else) goes straight to the gap when it is a king, or the card after it
   * already lies on its right or can never come there, or it lies in the last column (proof in docs/montana.md).
   * Writes the moves made to `out`.
   */
  forced(_move: number, out: Int32Array, at: number): number {
    // With a redeal left, where a card lies decides what the redeal gathers: no move is forced.
    if (!this.prune || this.redealsLeft > 0) return at;
    for (let again = true; again; ) {
      again = false;
      this.syncOpen();
      for (let i = 0; i < 4; i++) {
        const g = this.gaps[i];
        const r = (g / this.cols) | 0;
        const c = g - r * this.cols;
        let x: number;
        if (c === 0) {
          x = this.onlyTwoFor(r);
          if (x < 0) continue;
        } else {
          // The gap right of an open head takes a commit, which chooses the row's 2: never a forced move.
          if (c !== this.fixedRun[r] || (c === 1 && (this.openNow & (1 << r)) !== 0)) continue;
          x = this.board[g - 1] + 4;
          if (x >> 2 >= this.king) continue;
        }
        const p = this.where[x];
        const king = x >> 2 === this.king - 1;
        const lastColumn = p % this.cols === this.cols - 1;
        if (king || lastColumn || this.board[p + 1] === x + 4 || this.neverFollows(g, x, p + 1)) {
          const m = (p << 6) | g;
          this.apply(m);
          out[at++] = m;
          again = true;
          break;
        }
      }
    }
    return at;
  }

  /**
   * The 2 that alone may ever fill the first-column gap of `row`, and may ever go nowhere else; -1 when there is
   * none. Under fixed suits it is the row's own 2 (a row's first gap takes only it, and it goes only there). Under
   * the default rules, 2s in the first column never move: when only one 2 lies outside it and this is the only
   * first-column gap, no other first-column place holds a card that could leave, so this gap is the only one there
   * will ever be, and that 2 the only card for it.
   */
  private onlyTwoFor(row: number): number {
    if (this.fixedSuits) return 4 + ROW_SUITS[row];
    if (!this.headsStay) return -1;
    let two = -1;
    for (let s = 0; s < 4; s++) {
      if (this.where[4 + s] % this.cols === 0) continue;
      if (two >= 0) return -1;
      two = 4 + s;
    }
    for (let r = 0; r < ROWS; r++) if (r !== row && this.board[r * this.cols] === GAP) return -1;
    return two;
  }

  /**
   * Whether card x + 1 can never come to place q (right of x, which lies at q - 1 and never moves: it waits for g)
   * by moves that leave gap g unfilled: the may-analysis with g frozen, settled, keeps x + 1 out of q (and q does
   * not hold it now). As x may lie at q - 1, x + 1 may come to q exactly when q may be a gap (q is not g: g's left
   * holds x's predecessor), so the analysis watches q and stops as soon as it may be a gap.
   */
  private neverFollows(g: number, x: number, q: number): boolean {
    const v = this.board[q];
    if (v === x + 4 || v === GAP) return false;
    const w = this.followWatch;
    const reach = this.reach;
    w.noGapLo = reach.bitLo[q];
    w.noGapHi = reach.bitHi[q];
    return reach.run(reach.bitLo[g], reach.bitHi[g], w);
  }

  /**
   * The moves of a strong stubborn set (docs/montana.md): the fills of one gap that must be filled, when no move
   * outside them could ever change the card on the gap's left, empty the place right of a card (not a king) that
   * fills it, or take a 2 that fills it elsewhere. Of the gaps that qualify, the one with the fewest fills; every
   * move when none does.
   */
  private generateReduced(out: Int32Array, at: number): number {
    const start = at;
    const all = this.generateAll(out, at);
    // A redeal changes every place at once: with one left, no set is smaller than every move.
    if (this.redealsLeft > 0 || !this.prune) return this.order(out, start, all);
    // Under free twos, with a 2 and a gap in the first column the key stands for every arrangement of them: the moves
    // are a stubborn set of fills of gaps outside the first column, or else the runs of head swaps with the moves
    // that use them (docs/montana.md, "Head swaps").
    const open = this.headSwapsOpen();
    const reach = this.reach;
    if (all - start <= 1 && !open) return this.order(out, start, all);
    const cols = this.cols;
    // Candidate sets: the fills of some of the gaps, fewest fills first; the first that is stubborn wins.
    const counts = this.gapCounts;
    for (let i = 0; i < 4; i++) {
      const g = this.gaps[i];
      let count = 0;
      for (let k = start; k < all; k++) if ((out[k] & 63) === g) count++;
      counts[i] = count;
    }
    const total = all - start;
    // Each set of gaps (a 4-bit mask) holding a landmark, by fewest fills: the first that is stubborn wins.
    const masks = this.masks;
    const maskCounts = this.maskCounts;
    let n = 0;
    for (let mask = 1; mask < 15; mask++) {
      let count = 0;
      let landmark = false;
      let first = false;
      for (let i = 0; i < 4; i++) {
        if ((mask & (1 << i)) === 0) continue;
        count += counts[i];
        if (this.gaps[i] % cols !== cols - 1) landmark = true;
        if (this.gaps[i] % cols === 0) first = true;
      }
      if (open && first) continue;
      // A set with no fill would prove the position lost; on deals 1..100 the lost-position test above found every
      // position such a set did (docs/montana.md), so they are not tried.
      if (!landmark || count === 0 || (count >= total && !open)) continue;
      let j = n++;
      while (j > 0 && maskCounts[j - 1] > count) {
        masks[j] = masks[j - 1];
        maskCounts[j] = maskCounts[j - 1];
        j--;
      }
      masks[j] = mask;
      maskCounts[j] = count;
    }
    let best = 0;
    for (let k = 0; k < n && best === 0; k++) {
      const mask = masks[k];
      if (!this.setWatch(mask, out, start, all)) continue;
      let frozenLo = 0;
      let frozenHi = 0;
      for (let i = 0; i < 4; i++) {
        if ((mask & (1 << i)) === 0) continue;
        const g = this.gaps[i];
        frozenLo |= reach.bitLo[g];
        frozenHi |= reach.bitHi[g];
      }
      if (reach.run(frozenLo, frozenHi, this.watch)) best = mask;
    }
    if (best === 0) return this.unlessLost(out, start, open ? this.withHeadRuns(out, start, all) : all);
    let end = start;
    for (let k = start; k < all; k++) {
      const to = out[k] & 63;
      for (let i = 0; i < 4; i++) {
        if ((best & (1 << i)) !== 0 && this.gaps[i] === to) {
          out[end++] = out[k];
          break;
        }
      }
    }
    return this.unlessLost(out, start, end);
  }

  /**
   * The moves of a position whose first column holds a gap and a 2 (free twos), which the key takes together with
   * every arrangement of those 2s and gaps (docs/montana.md, "Head swaps"): every move but the head swaps, then the
   * moves that use a run of head swaps: a 3 into the gap right of a 2 the run brings to its row's head, and when
   * one first-column gap is left, a 2 from outside the first column into it after every arrangement the run can
   * leave. Returns the new end.
   */
  private withHeadRuns(moves: Int32Array, start: number, end: number): number {
    this.headRunPositions++;
    const cols = this.cols;
    let at = start;
    for (let k = start; k < end; k++) {
      const m = moves[k];
      if ((m & 63) % cols === 0 && ((m >> 6) & 63) % cols === 0) continue;
      moves[at++] = m;
    }
    const heads = this.heads;
    let gaps = 0;
    let twos = 0;
    for (let r = 0; r < ROWS; r++) {
      heads[r] = this.board[r * cols];
      if (heads[r] === GAP) gaps++;
      else if (heads[r] >> 2 === 1) twos++;
    }
    // A 3 joins its 2 brought to the head of a row whose second place is a gap (the 2 heading it now is a plain move).
    for (let y = 0; y < ROWS; y++) {
      if (this.board[y * cols + 1] !== GAP || (heads[y] !== GAP && (heads[y] < 4 || heads[y] >= 8))) continue;
      for (let x = 4; x < 8; x++) {
        const from2 = this.where[x];
        if (from2 < 0 || from2 % cols !== 0 || from2 === y * cols || x + 4 >= this.king * 4) continue;
        const row2 = from2 / cols;
        const perm = transposition(y, row2);
        moves[at++] = HEAD_RUN | (perm << 12) | (this.where[x + 4] << 6) | (y * cols + 1);
      }
    }
    // The last first-column gap filled from outside: which row each 2 heads is settled, so every arrangement counts;
    // but when the 2 entering makes every row headed by a 2, arrangements that differ only in open heads lead to one
    // class (docs/montana.md, "Open heads"), entered once.
    if (gaps === 1) {
      const entries = this.entries;
      entries.clear();
      const entering = this.enteredHeads && twos === 3;
      if (entering) {
        for (let s = 0; s < 4; s++) {
          const from = this.where[4 + s];
          if (from >= 0 && from % cols !== 0) entries.add(this.entryClass(IDENTITY, 4 + s, from));
        }
      }
      const perms = this.perms;
      const count = arrangements(heads, perms);
      for (let i = 0; i < count; i++) {
        const perm = perms[i];
        let g = 0;
        while (heads[sourceOf(perm, g)] !== GAP) g++;
        for (let s = 0; s < 4; s++) {
          const from = this.where[4 + s];
          if (from < 0 || from % cols === 0) continue;
          if (entering) {
            const entry = this.entryClass(perm, 4 + s, from);
            if (entries.has(entry)) continue;
            entries.add(entry);
          }
          moves[at++] = HEAD_RUN | (perm << 12) | (from << 6) | (g * cols);
        }
      }
    }
    return at;
  }

  /**
   * The class 2 `two` entering from `from` after arrangement `perm` leads to, as a number: the heads with the open
   * ones alike (`heads` holds the first column with its one gap).
   */
  private entryClass(perm: number, two: number, from: number): number {
    const cols = this.cols;
    let open = 0;
    let n = 0;
    for (let r = 0; r < ROWS; r++) {
      const source = this.heads[sourceOf(perm, r)];
      const head = source === GAP ? two : source;
      const second = r * cols + 1 === from ? GAP : this.board[r * cols + 1];
      this.entryHeads[r] = head;
      if (second !== head + 4) {
        open |= 1 << r;
        n++;
      }
    }
    let code = two;
    for (let r = 0; r < ROWS; r++)
      code = code * 64 + (n >= 2 && (open & (1 << r)) !== 0 ? 63 : this.entryHeads[r] + 1);
    return code;
  }

  /**
   * Whether a head swap may be played: the first column holds a 2 and a gap (free twos), with no redeal left (a
   * redeal deals from the board as it lies, so there the arrangement matters).
   */
  private headSwapsOpen(): boolean {
    if (!this.headRuns || this.redealsLeft > 0) return false;
    const b = this.board;
    const cols = this.cols;
    let twos = false;
    let gap = false;
    for (let r = 0; r < ROWS; r++) {
      const v = b[r * cols];
      if (v === GAP) gap = true;
      else if (v >> 2 === 1) twos = true;
    }
    return twos && gap;
  }

  /**
   * The moves out[start..end), best first, unless the position is lost: what any moves could ever do from it (the
   * may-analysis with nothing frozen) never holds a win. A position with a single move is not tested: its child
   * is, and the analysis of a child lies inside its parent's, so the child of a lost position is found lost.
   */
  private unlessLost(out: Int32Array, start: number, end: number): number {
    if (end - start >= 2 && this.reach.run(0, 0, NO_WATCH) && this.cannotWin(this.reach)) return start;
    return this.order(out, start, end);
  }

  /**
   * Whether no position this analysis allows can be won: a row's fixed run can never get its next cards, a place
   * can never hold a card of the rank a won row has there, a card can never lie right of its predecessor, or a
   * last-column place can never be a gap.
   */
  private cannotWin(r: Reach): boolean {
    const cols = this.cols;
    // The suits each row could still be completed in: every place may hold that suit's card for it, and the last
    // place may be a gap; a row with a fixed run has its suit. The rows need distinct suits.
    const okSuits = this.okSuits;
    // An open head is any of the open 2s.
    const openSuits = (r.openTwos >> 4) & 15;
    for (let row = 0; row < ROWS; row++) {
      const base = row * cols;
      okSuits[row] = 0;
      if (!r.mayBeGap(base + cols - 1)) return true;
      const k = this.fixedRun[row];
      const headSuits = (this.openNow & (1 << row)) !== 0 ? openSuits : 1 << (this.board[base] & 3);
      for (let s = 0; s < 4; s++) {
        if (k > 0 && (headSuits & (1 << s)) === 0) continue;
        let c = k;
        while (c < cols - 1 && r.mayHold(base + c, (c + 1) * 4 + s)) c++;
        if (c === cols - 1) okSuits[row] |= 1 << s;
      }
      if (okSuits[row] === 0) return true;
    }
    if (!hasMatching(okSuits)) return true;
    for (let y = 8; y < this.cols * 4; y++) if (!r.mayFollow(y)) return true;
    return false;
  }

  /**
   * Sets the facts the fills of gap g (among moves[start..end)) need to form a strong stubborn set: the place on
   * g's left keeps its content, the place right of each filler is never a gap, a filling 2 never goes elsewhere.
   * False when one already fails: a move into another gap right now breaks it.
   */
  private setWatch(set: number, moves: Int32Array, start: number, end: number): boolean {
    const cols = this.cols;
    const fillers = this.fillers;
    let inLo = 0;
    let inHi = 0;
    for (let i = 0; i < 4; i++) {
      const h = this.gaps[i];
      const inSet = (set & (1 << i)) !== 0;
      fillers[i] = inSet ? -2 : this.fillerOf(h);
      if (!inSet) continue;
      if (h < 32) inLo |= 1 << h;
      else inHi |= 1 << (h - 32);
    }
    const w = this.watch;
    w.steadyLo = 0;
    w.steadyHi = 0;
    w.noGapLo = 0;
    w.noGapHi = 0;
    w.stayLo = 0;
    w.stayHi = 0;
    for (let i = 0; i < 4; i++) {
      const g = this.gaps[i];
      if ((set & (1 << i)) === 0 || g % cols === 0) continue;
      const left = g - 1;
      if (this.board[left] !== GAP && hasFiller(fillers, this.board[left])) return false;
      w.steadyLo |= this.reach.bitLo[left];
      w.steadyHi |= this.reach.bitHi[left];
    }
    // Commits into the set's gaps right of open heads: no move outside the set may touch an open row's second place
    // (a commit there would compete for the same 2s, and a card leaving one could make more of the set's commits
    // playable), so every other open row's second place must be filled and stay so.
    let commits = false;
    for (let i = 0; i < 4; i++) {
      const g = this.gaps[i];
      if ((set & (1 << i)) !== 0 && g % cols === 1 && (this.openNow & (1 << ((g - 1) / cols))) !== 0)
        commits = true;
    }
    if (commits) {
      for (let r = 0; r < ROWS; r++) {
        const second = r * cols + 1;
        if ((this.openNow & (1 << r)) === 0) continue;
        if (this.board[second] === GAP) {
          if (second < 32 ? (inLo & (1 << second)) === 0 : (inHi & (1 << (second - 32))) === 0) return false;
          continue;
        }
        w.noGapLo |= this.reach.bitLo[second];
        w.noGapHi |= this.reach.bitHi[second];
      }
    }
    for (let k = start; k < end; k++) {
      const m = moves[k];
      const to = m & 63;
      if (to < 32 ? (inLo & (1 << to)) === 0 : (inHi & (1 << (to - 32))) === 0) continue;
      const p = (m >> 6) & 63;
      // The fill disables only the move of the filler's successor to its right: a king has none.
      if (p % cols !== cols - 1 && this.board[p] >> 2 !== this.king - 1) {
        const q = p + 1;
        if (this.board[q] === GAP) {
          // Filling it is one of the set's moves; any other gap there breaks the set.
          if (q < 32 ? (inLo & (1 << q)) === 0 : (inHi & (1 << (q - 32))) === 0) return false;
        } else {
          if (hasFiller(fillers, this.board[q])) return false;
          w.noGapLo |= this.reach.bitLo[q];
          w.noGapHi |= this.reach.bitHi[q];
        }
      }
      const y = this.board[p];
      if (y < 8) {
        if (hasFiller(fillers, -3)) return false;
        w.stayLo |= 1 << y;
      }
    }
    return true;
  }

  /** The card that may fill gap h now (-3 for "any 2", -1 for none). */
  private fillerOf(h: number): number {
    if (h % this.cols === 0) return -3;
    const left = this.board[h - 1];
    if (left === GAP || left >> 2 === this.king - 1) return -1;
    return left + 4;
  }

  /** Orders moves best first: a card joining a fixed run, then by what the gap it leaves can take. */
  private order(out: Int32Array, start: number, end: number): number {
    const scores = this.scores;
    for (let k = start; k < end; k++) scores[k - start] = this.score(out[k]);
    // Insertion sort, best first (a handful of moves).
    for (let k = start + 1; k < end; k++) {
      const m = out[k];
      const sc = scores[k - start];
      let j = k - 1;
      while (j >= start && scores[j - start] < sc) {
        out[j + 1] = out[j];
        scores[j + 1 - start] = scores[j - start];
        j--;
      }
      out[j + 1] = m;
      scores[j + 1 - start] = sc;
    }
    return end;
  }

  /**
   * A move's place in the order: a card joining a fixed run first; a move that leaves a gap nothing can fill (right
   * of a king or of a gap) last.
   */
  private score(m: number): number {
    if (m === REDEAL) return -1_000_000;
    const cols = this.cols;
    const to = m & 63;
    const from = (m >> 6) & 63;
    const r = (to / cols) | 0;
    let s = 0;
    if (to - r * cols === this.fixedRun[r]) s += 1000;
    if (from % cols !== 0) {
      const left = from - 1 === to ? this.board[from] : this.board[from - 1];
      if (left === GAP || left >> 2 === this.king - 1) s -= 100;
    }
    // Members of a team order ties (and near ties) their own way.
    if (this.variant !== 0) s += mix32(m ^ Math.imul(this.variant, 0x9e3779b9)) % JITTER;
    return s;
  }
}

function hasMatching(ok: Int32Array): boolean {
  // Subsets of suits the first k rows can take, one each.
  let reach = 1;
  for (let row = 0; row < ROWS; row++) {
    let next = 0;
    for (let used = 0; used < 16; used++) {
      if ((reach & (1 << used)) === 0) continue;
      for (let s = 0; s < 4; s++)
        if ((ok[row] & (1 << s)) !== 0 && (used & (1 << s)) === 0) next |= 1 << (used | (1 << s));
    }
    if (next === 0) return false;
    reach = next;
  }
  return true;
}

function hasFiller(fillers: Int32Array, card: number): boolean {
  return fillers[0] === card || fillers[1] === card || fillers[2] === card || fillers[3] === card;
}

function swapIfGreater(a: Int32Array, i: number, j: number): void {
  if (a[i] > a[j]) {
    const t = a[i];
    a[i] = a[j];
    a[j] = t;
  }
}

/** Words of a position's key: four row ids, and with redeals in the rules the redeals left and the seed. */
export function keyWordsOf(rules: MontanaRules): number {
  return rules.redeals > 0 ? ROWS + 2 : ROWS;
}

/** The table of rows could not grow within the memory budget (or the time budget, which the meter then names). */
export class RowTableFull extends Error {
  constructor() {
    super("the row table is full");
    this.name = "RowTableFull";
  }
}
