/**
 * What the threads of one search share besides its table (shared-table.ts): whether the search is over, which
 * thread won and with what moves (the packed moves of its domain, from the root), how many positions the other
 * threads stored, and whether one of them failed. The thread that runs the search's verdict (thread 0) reads it;
 * the others write it.
 */
export class ThreadControl {
  readonly memory: SharedArrayBuffer;
  private readonly cells: Int32Array;

  constructor(memory?: SharedArrayBuffer) {
    this.memory = memory ?? new SharedArrayBuffer((CELLS + MAX_PATH) * 4);
    this.cells = new Int32Array(this.memory);
  }

  /** The search is over: a thread won, or thread 0 ended it (a verdict, a budget). */
  get over(): boolean {
    return Atomics.load(this.cells, OVER) !== 0;
  }

  /** Thread 0 ends the search; the other threads stop at their next turn. */
  end(): void {
    Atomics.compareExchange(this.cells, OVER, 0, ENDED);
  }

  /**
   * Thread `thread` (1 or more) has won with `path`: kept when the search was not over yet and the path fits.
   * Returns whether it was kept.
   */
  win(thread: number, path: readonly number[]): boolean {
    if (path.length > MAX_PATH) return false;
    // Claimed first, so that one winner writes the moves; they are read once the claim says "won".
    if (Atomics.compareExchange(this.cells, OVER, 0, CLAIMED) !== 0) return false;
    for (let i = 0; i < path.length; i++) this.cells[CELLS + i] = path[i];
    this.cells[LENGTH] = path.length;
    this.cells[WINNER] = thread;
    Atomics.store(this.cells, OVER, WON);
    return true;
  }

  /** The thread that won (0 when none did), and its moves. */
  get winner(): number {
    return Atomics.load(this.cells, OVER) === WON ? this.cells[WINNER] : 0;
  }

  path(): number[] {
    return Array.from(this.cells.subarray(CELLS, CELLS + this.cells[LENGTH]));
  }

  /** What the other threads did: each adds the positions it stored and expanded and its ms since it last said. */
  add(positions: number, expanded: number, ms: number): void {
    Atomics.add(this.cells, POSITIONS, positions);
    Atomics.add(this.cells, EXPANDED, expanded);
    Atomics.add(this.cells, MS, Math.round(ms));
  }

  get positions(): number {
    return Atomics.load(this.cells, POSITIONS);
  }

  get expanded(): number {
    return Atomics.load(this.cells, EXPANDED);
  }

  get ms(): number {
    return Atomics.load(this.cells, MS);
  }

  /** A thread failed: the positions it stored may never be finished, so no thread may say that no win exists. */
  fail(): void {
    Atomics.store(this.cells, FAILED, 1);
  }

  get failed(): boolean {
    return Atomics.load(this.cells, FAILED) === 1;
  }
}

const OVER = 0;
const WINNER = 1;
const LENGTH = 2;
const POSITIONS = 3;
const FAILED = 4;
const EXPANDED = 5;
const MS = 6;
const CELLS = 8;
const WON = 1;
const ENDED = 2;
const CLAIMED = 3;
/** Moves a win may have (a million: far deeper than any solution these games have). */
const MAX_PATH = 1 << 20;
