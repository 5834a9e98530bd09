import type { BudgetMeter } from "./budget.ts";
import type { SearchDomain } from "./domain.ts";
import type { VisitedTable } from "./key-set.ts";
import type { PhaseStats } from "./result.ts";
import { StateTable } from "./state-table.ts";

export type SearchOutcome = PhaseStats["outcome"];

/**
 * One depth-first walk with an explicit stack (solutions may be hundreds of thousands of moves deep) over a table
 * of positions it may share with other walks: a position found in the table is skipped, whoever stored it. A walk
 * expands in full every position it stores before it backs up past it, so walks that share a table and all run
 * until their stacks are empty have expanded every position reachable under the domain's moves and forced moves.
 * `DepthFirst` is one walk over a table of its own; `TeamDepthFirst` (team-depth-first.ts) is several over one.
 *
 * The stack lives in one Int32Array of moves: frame k generated its moves at [start, end); the move being
 * tried is moves[next - 1], and the forced moves after it sit at [end, forcedEnd), where frame k + 1 begins.
 */
export class DepthFirstWalk<S, M> {
  private moves = new Int32Array(1 << 12);
  private start = new Int32Array(1 << 10);
  private end = new Int32Array(1 << 10);
  private next = new Int32Array(1 << 10);
  private forcedEnd = new Int32Array(1 << 10);
  /**
   * The record of frame k's position: its id when this walk stored it (it expands it in full and then tells a
   * shared table so), -2 - id when it walks through a position another thread stored (a helper), -1 for a root it
   * did not store.
   */
  private ids = new Int32Array(1 << 10);
  private readonly key: Uint32Array;
  private depth = -1;
  private meter: BudgetMeter | undefined;
  /** Its stack is empty: every position it stored was expanded. */
  done = false;
  /** Its position is won (after `begin` or `run` answered "solved"). */
  won = false;
  expanded = 0;
  /** Positions it stored since it began. */
  stored = 0;

  constructor(
    readonly domain: SearchDomain<S, M>,
    /** The move set `generate` is asked for. */
    readonly mode: number,
    readonly table: VisitedTable,
    /** Tries each position's moves last first (a team's members may dive in opposite orders). */
    readonly reversed = false,
    /**
     * A helper of a table several threads search (shared-table.ts): besides the positions it stores, it walks
     * through those stored and not yet finished by the threads that stored them, to reach and take the moves
     * they have not tried yet. Its root is walked through whatever its state.
     */
    readonly helping = false,
  ) {
    this.key = new Uint32Array(domain.keyWords);
  }

  /** Bytes of the stack. */
  get bytes(): number {
    return this.moves.byteLength + this.start.byteLength * 4;
  }

  /**
   * Loads the root and opens its frame; with `store`, stores the root first (one walk of those sharing a table
   * does). Returns "capped" when the walk may run, "solved" when the stored root is won, or the budget met.
   */
  begin(root: S, meter: BudgetMeter, store: boolean): SearchOutcome {
    const { domain, table } = this;
    this.meter = meter;
    this.done = false;
    this.won = false;
    this.expanded = 0;
    this.stored = 0;
    this.depth = -1;
    domain.load(root);
    const rootForced = domain.forced(-1, this.moves, 0);
    let id = -1;
    if (store) {
      domain.encode(this.key);
      if (!meter.storePosition()) return "positions";
      const found = table.findOrInsert(this.key, domain.hash());
      if (found < 0) return meter.tableFull();
      if (table.inserted) id = found;
      if (domain.isWon()) {
        this.won = true;
        return "solved";
      }
    }
    return this.push(rootForced, id) ? "capped" : "memory";
  }

  /** Opens a frame whose moves start at `at`, for the position of record `id`; false when the stack cannot grow. */
  private push(at: number, id: number): boolean {
    const d = this.depth + 1;
    if (d >= this.start.length && !this.growFrames()) return false;
    if (at + this.domain.maxMoves > this.moves.length && !this.growMoves(at + this.domain.maxMoves))
      return false;
    this.depth = d;
    this.ids[d] = id;
    this.start[d] = at;
    this.next[d] = at;
    const end = this.domain.generate(this.mode, this.moves, at);
    this.end[d] = end;
    if (this.reversed) this.moves.subarray(at, end).reverse();
    this.expanded++;
    return true;
  }

  private growFrames(): boolean {
    const n = this.start.length * 2;
    if (!(this.meter as BudgetMeter).grow(n * 12)) return false;
    for (const name of ["start", "end", "next", "forcedEnd", "ids"] as const) {
      const bigger = new Int32Array(n);
      bigger.set(this[name]);
      this[name] = bigger;
    }
    return true;
  }

  private growMoves(need: number): boolean {
    let n = this.moves.length * 2;
    while (n < need) n *= 2;
    if (!(this.meter as BudgetMeter).grow((n - this.moves.length) * 4)) return false;
    const bigger = new Int32Array(n);
    bigger.set(this.moves);
    this.moves = bigger;
    return true;
  }

  /**
   * Searches on until the table holds `until` positions (a soft limit), a win, an empty stack ("exhausted"), or a
   * budget.
   */
  run(until: number): SearchOutcome {
    if (this.done) return "exhausted";
    const { domain, table, key } = this;
    const meter = this.meter as BudgetMeter;
    while (table.count < until) {
      if (!meter.tick()) return "time";
      const d = this.depth;
      const moves = this.moves;
      if (this.next[d] === this.end[d]) {
        // Every move of this frame tried: back to the parent, taking back the move that led here.
        if (this.ids[d] >= 0) table.finish?.(this.ids[d]);
        if (d === 0) {
          this.done = true;
          return "exhausted";
        }
        this.depth = d - 1;
        this.takeBack(d - 1);
        continue;
      }
      const m = moves[this.next[d]++];
      domain.apply(m);
      const forcedEnd = domain.forced(m, moves, this.end[d]);
      this.forcedEnd[d] = forcedEnd;
      domain.encode(key);
      const mayInsert = meter.positions < meter.maxPositions;
      const id = table.findOrInsert(key, table.ownHash ? 0 : domain.hash(), mayInsert);
      if (id >= 0 && !table.inserted) {
        if (this.helping && this.walksThrough(id)) {
          if (!this.push(forcedEnd, -2 - id)) return "memory";
          continue;
        }
        this.takeBack(d);
        continue;
      }
      if (id === -1) return meter.tableFull();
      if (id === -2) {
        meter.storePosition();
        return "positions";
      }
      meter.positions++;
      this.stored++;
      if (domain.isWon()) {
        this.won = true;
        return "solved";
      }
      if (!this.push(forcedEnd, id)) return "memory";
    }
    return "capped";
  }

  /** A helper walks through a position stored and not finished, unless it is on its own stack already. */
  private walksThrough(id: number): boolean {
    if (this.table.isFinished?.(id) ?? true) return false;
    for (let k = 0; k <= this.depth; k++) if (this.ids[k] === id || this.ids[k] === -2 - id) return false;
    return true;
  }

  /** Undoes the forced moves and the move tried in frame d. */
  private takeBack(d: number): void {
    const { domain, moves } = this;
    for (let i = this.forcedEnd[d] - 1; i >= this.end[d]; i--) domain.undo(moves[i]);
    domain.undo(moves[this.next[d] - 1]);
  }

  /** The packed moves from the root to the position won (none before a win). */
  path(): number[] {
    const out: number[] = [];
    if (!this.won) return out;
    // The winning move is the last frame's move: no frame is opened for the position won.
    for (let d = 0; d <= this.depth; d++) out.push(this.moves[this.next[d] - 1]);
    return out;
  }
}

/**
 * Depth-first search: one walk over a table of every position seen, keyed on the whole canonical key: when it
 * runs out of positions, no position reachable under the domain's moves and forced moves is won. It can stop
 * after a share of positions and go on later where it stopped, so a portfolio can run it in turns with other
 * searches.
 */
export class DepthFirst<S, M> {
  readonly table: VisitedTable;
  private readonly walk: DepthFirstWalk<S, M>;
  private root: S | undefined;
  ms = 0;
  outcome: SearchOutcome = "capped";
  meter: BudgetMeter | undefined;

  /** Running out of positions proves that no win exists (every position is stored under its whole key). */
  readonly complete = true;

  constructor(
    readonly domain: SearchDomain<S, M>,
    readonly name: string,
    /** The move set `generate` is asked for. */
    readonly mode: number,
    /** The table of positions seen (default a `StateTable` keyed on the domain's key). */
    table?: VisitedTable,
  ) {
    this.table = table ?? new StateTable(domain.keyWords, domain.keyWords, undefined, 1024);
    this.walk = new DepthFirstWalk(domain, mode, this.table);
  }

  get positions(): number {
    return this.table.count;
  }

  get expanded(): number {
    return this.walk.expanded;
  }
  set expanded(n: number) {
    this.walk.expanded = n;
  }

  /** Bytes of the table and the stack. */
  get bytes(): number {
    return this.table.bytes + this.walk.bytes;
  }

  /** Starts at `root`. Returns false when the root cannot be stored (a budget). */
  begin(root: S, meter: BudgetMeter): boolean {
    this.meter = meter;
    this.root = root;
    this.ms = 0;
    this.outcome = "capped";
    this.table.setMeter(meter);
    this.table.clear();
    const outcome = this.walk.begin(root, meter, true);
    if (outcome === "capped") return true;
    this.outcome = outcome;
    return outcome === "solved";
  }

  /** Searches on until `until` positions are stored (a soft limit), a win, exhaustion or a budget. */
  resume(until: number): SearchOutcome {
    const meter = this.meter as BudgetMeter;
    const t0 = meter.elapsed();
    if (this.outcome === "capped") this.outcome = this.walk.run(until);
    this.ms += meter.elapsed() - t0;
    return this.outcome;
  }

  /** The packed moves from the root to the position won (after `resume` returned "solved"). */
  path(): number[] {
    return this.outcome === "solved" ? this.walk.path() : [];
  }

  get rootState(): S | undefined {
    return this.root;
  }
}
