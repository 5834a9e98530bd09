import type { BudgetMeter } from "./budget.ts";
import type { SearchOutcome } from "./depth-first.ts";
import type { ResumableDomain } from "./domain.ts";
import { BucketQueue } from "./queue.ts";
import { StateTable } from "./state-table.ts";

/** Priorities of the bucket queue: a domain's scores are clamped to 0..BUCKETS-1. */
export const BUCKETS = 4096;

/**
 * A record: the key (or a second hash), then parent id, the move that led here (see `plain`), depth, and (not
 * exact) where the position's raw form is kept once it has been expanded (NO_RAW until then).
 */
const PARENT = 0;
const MOVE = 1;
const DEPTH = 2;
const RAW = 3;
const NO_RAW = 0xffffffff;
/** The moves the search keeps to walk back up (see `walk`), and the most it walks down. */
const MAX_UP = 64;
const MAX_DOWN = 16;
/**
 * The depths at which an expanded position's raw form is kept (multiples of this): any other is its nearest
 * such ancestor's and at most RAW_EVERY - 1 moves. (Every expanded one while going on after a win.)
 */
const RAW_EVERY = 16;

/**
 * A best-first search that can stop after a share of positions and go on later where it stopped, so several
 * searches can take turns (a portfolio): the first to finish answers.
 *
 * An exact search keys its table on the whole canonical key, so running out of positions proves there is no
 * win. The others key it on a 64-bit hash: two positions with the same 64-bit hash would be taken for one,
 * which could only hide a win from that search, never make a wrong one (wins are replayed from their moves).
 * They keep a position in raw form (far cheaper than a canonical key), apart from the table, only for positions
 * expanded at every RAW_EVERY-th depth; most children are never expanded, so most records are five words.
 *
 * The next position to expand is reached from the one the domain holds by moves (`walk`: back up to a common
 * ancestor, then down), which is far cheaper than unpacking; only when it is too far is it unpacked (`load`:
 * its own key when exact, otherwise its nearest ancestor's raw form and the moves down from it).
 */
export class BestFirst<S, M, W> {
  table: StateTable;
  readonly queue = new BucketQueue(BUCKETS);
  private readonly key: Uint32Array;
  private readonly hashKey = new Uint32Array(1);
  private readonly moves: Int32Array;
  /** Words before parent, move and depth in a record: the key, or the second hash when not exact. */
  private readonly dataAt: number;
  /** The raw forms of the expanded positions (not exact), `domain.rawWords` words each. */
  private raws = new Uint32Array(0);
  private rawCount = 0;
  meter: BudgetMeter | undefined;
  expanded = 0;
  ms = 0;
  outcome: SearchOutcome = "capped";
  /** Set when solved: the moves that led to the win, as its records hold them (see `plain`). */
  private winPath: number[] = [];
  private winCodes: number[] | undefined;
  /**
   * Set when solved at the first win reached from the root by moves alone, no position but the root unpacked
   * on the way (the usual case on an easy deal): every packed move from the root as made, forced moves
   * included. A domain with `plainMoves` names them without playing them again.
   */
  line: Int32Array | undefined;
  /** Whether the domain's position was reached from the root by the trail's moves alone. */
  private rooted = false;
  /** The root's forced moves. */
  private rootForced = new Int32Array(0);
  /**
   * Positions to go on storing after the first win, for a shorter one (0: stop at the first win). The search
   * then also re-parents a stored position reached again by a shorter path, so the win (a position stored once)
   * takes the shortest path to it found; children that cannot lead to a shorter win are not queued.
   */
  after = 0;
  /** The won position's record once a win is found while going on (-1: none yet). */
  private win = -1;
  /** Where going on after the first win stops (positions stored). */
  private stopAt = 0;
  /**
   * Whether records hold the packed moves as they were made rather than their codes (`moveCode`): in a search
   * keyed on hashes that stops at its first win. There a stored position is only ever reached by one path from
   * the root, and each move of it is made in the order of cascades and cells its parent was expanded in: the
   * deal's, and after that only moves, their exact undoing, and the unpacking of a raw form kept as it was. So
   * a stored move fits its parent whenever the domain holds the parent, and needs no naming by cards.
   */
  private plain = false;
  /** The record whose position the domain holds between expansions (-1: none). */
  private current = -1;
  /** The first record stored as a child of `current`; its children follow in order. */
  private firstChild = 0;
  /** The move that led from `current` to each child it stored, by id - firstChild. */
  private readonly childMoves: Int32Array;
  /**
   * The moves made since the domain last unpacked a position, to undo (`walk`): each step's move and its forced
   * moves, step k's ending at `trailEnds[k]`.
   */
  private trail: Int32Array<ArrayBuffer> = new Int32Array(1024);
  private trailEnds: Int32Array<ArrayBuffer> = new Int32Array(256);
  private steps = 0;
  /** The records `walk` goes down through, nearest first. */
  private readonly downIds = new Int32Array(Math.max(MAX_DOWN, RAW_EVERY));
  /** The positions it had stored when its table was released (-1: not released). */
  private released = -1;

  constructor(
    readonly domain: ResumableDomain<S, M, W>,
    readonly name: string,
    /** Whether the table is keyed on whole keys: only then may running out of positions prove anything. */
    readonly exact: boolean,
    /** The move set `generate` is asked for. */
    readonly mode: number,
    readonly weights: W,
    /**
     * Whether running out of positions proves that no win exists: a search keyed on whole keys whose moves are
     * not all the moves (a subset, or a streamliner's) keeps whole keys for their size only and proves nothing.
     */
    readonly proves: boolean = exact,
  ) {
    this.dataAt = exact ? domain.keyWords : 1;
    this.table = this.newTable();
    this.key = new Uint32Array(domain.keyWords);
    this.moves = new Int32Array(Math.max(4096, domain.maxMoves * 4));
    this.childMoves = new Int32Array(domain.maxMoves);
  }

  private newTable(): StateTable {
    const table = new StateTable(
      this.exact ? this.domain.keyWords : 1,
      this.dataAt + (this.exact ? 3 : 4),
      undefined,
      1024,
      4,
    );
    this.raws = new Uint32Array(this.exact ? 0 : 256 * this.domain.rawWords);
    table.reservedBytes = BUCKETS * 4 + this.raws.byteLength;
    return table;
  }

  /**
   * Gives the table's memory back to the budget (a search that has run out and is dropped): a fresh small table
   * takes its place, and the old arrays are left to the garbage collector.
   */
  release(): void {
    const meter = this.meter;
    const before = this.table.bytes;
    this.released = this.table.count;
    this.table = this.newTable();
    if (meter) meter.bytesUsed = Math.max(0, meter.bytesUsed - before + this.table.bytes);
  }

  /** Whether running out of positions proves that no win exists. */
  get complete(): boolean {
    return this.exact && this.proves;
  }

  get positions(): number {
    return this.released >= 0 ? this.released : this.table.count;
  }

  get bytes(): number {
    return this.table.bytes;
  }

  /** Looks the position the domain holds up, storing it when new; -1 memory, -2 position budget. */
  private lookup(mayInsert: boolean): number {
    const { domain, table } = this;
    if (this.exact) {
      domain.encode(this.key);
      return table.findOrInsert(this.key, domain.hash(), mayInsert);
    }
    const h = domain.hashBoth();
    this.hashKey[0] = domain.hash2Value;
    return table.findOrInsert(this.hashKey, h, mayInsert);
  }

  /** Fills in record `child`, just stored, reached from record `parent` by move `m` (kept as `move`). */
  private newChild(child: number, parent: number, m: number, move: number, depth: number): void {
    (this.meter as BudgetMeter).positions++;
    this.childMoves[child - this.firstChild] = m;
    const words = this.table.words;
    const at = child * this.table.stride + this.dataAt;
    words[at + PARENT] = parent;
    words[at + MOVE] = move;
    words[at + DEPTH] = depth;
    if (!this.exact) words[at + RAW] = NO_RAW;
  }

  /** Keeps the raw form of the position the domain holds, as record `id`'s; false when memory runs out. */
  private keepRaw(id: number): boolean {
    const { domain, table } = this;
    const size = domain.rawWords;
    if ((this.rawCount + 1) * size > this.raws.length) {
      const raws = new Uint32Array(this.raws.length * 2);
      const meter = this.meter;
      if (meter && !meter.grow(raws.byteLength - this.raws.byteLength)) return false;
      raws.set(this.raws);
      table.reservedBytes += raws.byteLength - this.raws.byteLength;
      this.raws = raws;
    }
    domain.encodeRaw(this.raws, this.rawCount * size);
    table.words[id * table.stride + this.dataAt + RAW] = this.rawCount++;
    return true;
  }

  /**
   * Makes `move` and its forced moves (written to `moves` from 0) in the position the domain holds, and keeps
   * them on the trail to undo.
   */
  private step(move: number): void {
    const { domain, moves } = this;
    domain.apply(move);
    const end = domain.forced(move, moves, 0);
    const from = this.steps > 0 ? this.trailEnds[this.steps - 1] : 0;
    if (from + end + 1 > this.trail.length) this.trail = grown(this.trail, from + end + 1);
    if (this.steps === this.trailEnds.length) this.trailEnds = grown(this.trailEnds, this.steps + 1);
    const trail = this.trail;
    trail[from] = move;
    for (let k = 0; k < end; k++) trail[from + 1 + k] = moves[k];
    this.trailEnds[this.steps++] = from + end + 1;
  }

  /**
   * Goes from the position the domain holds (record `current`) to record `id`'s by undoing the trail's last
   * moves up to a common ancestor and making the moves down from it, when both are short: cheaper than
   * unpacking, and the usual case (a greedy search mostly turns to a sibling or a near cousin). False when it
   * is too far; the domain is then unchanged. While going on after a win, a position moved under a shorter path
   * is never on the trail (its depth was above the expanded one's, and depths rise along every path), so the
   * trail still follows the parents; its descendants keep depths above their new ones, which can only make a
   * walk give up, as it never climbs further than the trail.
   */
  private walk(id: number): boolean {
    const { domain, table } = this;
    const stride = table.stride;
    const at = this.dataAt;
    const words = table.words;
    let a = this.current;
    let b = id;
    let up = 0;
    let down = 0;
    const da = words[a * stride + at + DEPTH];
    const db = words[b * stride + at + DEPTH];
    const most = Math.min(this.steps, MAX_UP);
    if (da - db > most || db - da > MAX_DOWN) return false;
    for (let d = da; d > db; d--) {
      a = words[a * stride + at + PARENT];
      up++;
    }
    for (let d = db; d > da; d--) {
      this.downIds[down++] = b;
      b = words[b * stride + at + PARENT];
    }
    while (a !== b) {
      if (up + 1 > most || down + 1 > MAX_DOWN) return false;
      a = words[a * stride + at + PARENT];
      this.downIds[down++] = b;
      b = words[b * stride + at + PARENT];
      up++;
    }
    const { trail, trailEnds } = this;
    for (let k = 0; k < up; k++) {
      const step = --this.steps;
      const from = step > 0 ? trailEnds[step - 1] : 0;
      for (let i = trailEnds[step] - 1; i >= from; i--) domain.undo(trail[i]);
    }
    for (let k = down - 1; k >= 0; k--) {
      this.step(this.moveTo(this.downIds[k]));
    }
    return true;
  }

  /**
   * Loads record `id`'s position, which is not near the one the domain holds: unpacks the nearest ancestor
   * (or itself) whose raw form is kept, then makes the moves down from it (see `moveTo`).
   */
  private load(id: number): void {
    const { domain, table } = this;
    const { words, stride } = table;
    const at = this.dataAt;
    this.steps = 0;
    if (this.exact) {
      this.rooted = false;
      domain.decode(words, id * stride);
      return;
    }
    let n = 0;
    let a = id;
    while (words[a * stride + at + RAW] === NO_RAW) {
      this.downIds[n++] = a;
      a = words[a * stride + at + PARENT];
    }
    domain.decodeRaw(this.raws, words[a * stride + at + RAW] * domain.rawWords);
    // The root's raw form is the position as the deal was loaded and played out, so the moves made from it
    // still go from the deal (an exact search unpacks the canonical order instead).
    this.rooted = a === 0;
    for (let k = n - 1; k >= 0; k--) this.step(this.moveTo(this.downIds[k]));
  }

  /** Starts from `root` with its forced moves made. Returns false when the root cannot be stored. */
  begin(root: S, meter: BudgetMeter): boolean {
    const { domain, table, queue } = this;
    this.meter = meter;
    this.expanded = 0;
    this.ms = 0;
    this.outcome = "capped";
    this.winPath = [];
    this.winCodes = undefined;
    this.line = undefined;
    this.plain = !this.exact && this.after === 0;
    this.win = -1;
    this.current = -1;
    this.released = -1;
    this.rawCount = 0;
    this.steps = 0;
    table.setMeter(meter);
    table.clear();
    queue.clear();
    if (!meter.storePosition()) {
      this.outcome = "positions";
      return false;
    }
    domain.load(root);
    const forced = domain.forced(-1, this.moves, 0);
    this.rootForced = this.moves.slice(0, forced);
    this.rooted = true;
    if (this.lookup(true) < 0 || (!this.exact && !this.keepRaw(0))) {
      this.outcome = "memory";
      return false;
    }
    const data = this.dataAt;
    table.words[data + PARENT] = -1 >>> 0;
    table.words[data + MOVE] = 0;
    table.words[data + DEPTH] = 0;
    if (domain.isWon()) {
      this.outcome = "solved";
      this.line = this.rootForced;
      return true;
    }
    queue.push(0, domain.score(this.weights, 0));
    return true;
  }

  /** Searches on until `until` positions are stored (a soft limit), a win, exhaustion or a budget. */
  resume(until: number): SearchOutcome {
    const meter = this.meter as BudgetMeter;
    const t0 = meter.elapsed();
    if (this.outcome === "capped") this.outcome = this.search(until);
    this.ms += meter.elapsed() - t0;
    return this.outcome;
  }

  private search(until: number): SearchOutcome {
    const { domain, table, queue, moves, weights, mode } = this;
    const meter = this.meter as BudgetMeter;
    // A child's hashes and score may be had without making it (`peekChild`) only in a search keyed on hashes
    // (a key would need the move made) that stops at its first win (going on, a child reached again may be
    // re-parented, which keeps its raw form: the child made).
    const peek = !this.exact && this.after === 0 && domain.peekChild !== undefined;
    const stride = table.stride;
    const data = this.dataAt;
    // Every way out goes through the one return at the end, which a win (every easy deal's end) runs: so the
    // optimising compiler has seen it run before a search first stops at its share, and need not throw away
    // the code it made for this loop then.
    let outcome: SearchOutcome = "capped";
    expanding: while (table.count < until && (this.win < 0 || table.count < this.stopAt)) {
      const id = queue.pop();
      if (id < 0) {
        outcome = "exhausted";
        break;
      }
      if (!meter.tick()) {
        if (this.win < 0) queue.push(id, 0);
        outcome = "time";
        break;
      }
      const base = id * stride;
      if (this.current >= 0 && table.words[base + data + PARENT] === this.current) {
        // The child of the position just expanded (a greedy search mostly goes on from there): one move
        // from it is cheaper than unpacking. (A position re-parented while going on has an older id.)
        this.step(id >= this.firstChild ? this.childMoves[id - this.firstChild] : this.moveTo(id));
      } else if (this.current < 0 || !this.walk(id)) {
        this.load(id);
      }
      const depth = table.words[base + data + DEPTH];
      if (
        !this.exact &&
        (this.after > 0 || depth % RAW_EVERY === 0) &&
        table.words[base + data + RAW] === NO_RAW &&
        !this.keepRaw(id)
      ) {
        queue.push(id, 0);
        outcome = "memory";
        break;
      }
      this.current = id;
      this.firstChild = table.count;
      this.expanded++;
      const n = domain.generate(mode, moves, 0);
      for (let k = 0; k < n; k++) {
        const m = moves[k];
        if (peek && domain.peekChild?.(m, weights, depth + 1)) {
          // The child's hashes and score without making it (no forced move follows, and it is no win).
          this.hashKey[0] = domain.peekHash2 as number;
          const child = table.findOrInsert(
            this.hashKey,
            domain.peekHash as number,
            meter.positions < meter.maxPositions,
          );
          if (child >= 0 && table.inserted) {
            this.newChild(child, id, m, this.plain ? m : domain.moveCode(m), depth + 1);
            queue.push(child, domain.peekScore as number);
          }
          if (child < 0) {
            if (child === -2) meter.storePosition();
            outcome = child === -1 ? meter.tableFull() : "positions";
            break expanding;
          }
          continue;
        }
        domain.apply(m);
        const end = domain.forced(m, moves, n);
        const child = this.lookup(meter.positions < meter.maxPositions);
        const fresh = child >= 0 && table.inserted;
        let won = false;
        let reparent = false;
        if (child >= 0 && !table.inserted && this.after > 0) {
          // A shorter path to a stored position: it becomes the position's path (below, once the move is
          // undone). Depths only fall and a position's depth is above its parent's, so parents never make a
          // cycle. A position never expanded is loaded from its parent: keep its raw form before the parent
          // changes, so that it never depends on the move from the new parent naming the same position.
          const cb = child * stride + data;
          reparent =
            table.words[cb + DEPTH] > depth + 1 &&
            (this.exact || table.words[cb + RAW] !== NO_RAW || this.keepRaw(child));
        }
        if (fresh) {
          if (domain.isWon()) {
            won = true;
            if (this.rooted && this.after === 0) this.line = this.lineTo(m, moves, n, end);
          } else if (this.win < 0 || depth + 2 < table.words[this.win * stride + data + DEPTH])
            queue.push(child, domain.score(weights, depth + 1));
        }
        for (let a = end - 1; a >= n; a--) domain.undo(moves[a]);
        domain.undo(m);
        // A move is named (`moveCode` reads the position it is made in) only for a child stored or
        // re-parented (most children are met again), and only where records hold codes.
        if (fresh) this.newChild(child, id, m, this.plain ? m : domain.moveCode(m), depth + 1);
        if (reparent) {
          const cb = child * stride + data;
          table.words[cb + PARENT] = id;
          table.words[cb + MOVE] = domain.moveCode(m);
          table.words[cb + DEPTH] = depth + 1;
        }
        if (won) {
          this.win = child;
          if (this.after === 0) break expanding;
          this.stopAt = table.count + this.after;
        }
        if (child < 0) {
          // (A budget met while going on after a win ends with that win, below.)
          if (child === -2 && this.win < 0) meter.storePosition();
          outcome = child === -1 ? meter.tableFull() : "positions";
          break expanding;
        }
      }
    }
    return this.win >= 0 ? this.solved(this.win) : outcome;
  }

  /** The moves from the root to the position the domain holds: the trail's, then `m` and `moves[from..to)`. */
  private lineTo(m: number, moves: Int32Array, from: number, to: number): Int32Array {
    const made = this.steps > 0 ? this.trailEnds[this.steps - 1] : 0;
    const rootCount = this.rootForced.length;
    const line = new Int32Array(rootCount + made + 1 + to - from);
    line.set(this.rootForced);
    line.set(this.trail.subarray(0, made), rootCount);
    line[rootCount + made] = m;
    line.set(moves.subarray(from, to), rootCount + made + 1);
    return line;
  }

  private solved(id: number): SearchOutcome {
    this.winPath = this.path(id);
    return "solved";
  }

  /**
   * The move from record `id`'s parent to it, fit for the parent's position as the domain holds it: as made
   * (`plain`), or named by its cards, which fits whatever order of cascades and cells the parent was unpacked in.
   */
  private moveTo(id: number): number {
    const move = this.table.words[id * this.table.stride + this.dataAt + MOVE];
    return this.plain ? move : this.domain.codeToMove(move);
  }

  /**
   * Once solved, the move codes from the root to the win (forced moves not included), until the next `begin`.
   * Where the records hold moves as made, they are named by making them again from the root: the search has
   * ended, so its position is free.
   */
  get codes(): number[] {
    if (!this.plain || this.winPath.length === 0) return this.winPath;
    if (this.winCodes) return this.winCodes;
    const { domain } = this;
    this.load(0);
    this.current = -1;
    const codes = this.winPath.map((m) => {
      const code = domain.moveCode(m);
      this.step(m);
      return code;
    });
    this.winCodes = codes;
    return codes;
  }

  /** The moves from the root to record `id`, as the records hold them. */
  private path(id: number): number[] {
    const { table } = this;
    const moves: number[] = [];
    while (id !== 0) {
      const base = id * table.stride + this.dataAt;
      moves.push(table.words[base + MOVE]);
      id = table.words[base + PARENT];
    }
    return moves.reverse();
  }
}

/** A copy of `array` at least `size` long (twice as long, or more). */
function grown(array: Int32Array, size: number): Int32Array<ArrayBuffer> {
  const out = new Int32Array(Math.max(size, array.length * 2));
  out.set(array);
  return out;
}
