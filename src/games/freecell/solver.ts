import {
  type Budget,
  type BudgetKind,
  BudgetMeter,
  type Clock,
  describeBudget,
} from "../../search/budget.ts";
import type { ProtocolSolver } from "../../search/protocol.ts";
import { BucketQueue } from "../../search/queue.ts";
import type { PhaseStats, SolveResult, SolveStats } from "../../search/result.ts";
import { StateTable } from "../../search/state-table.ts";
import { formatMove } from "./notation.ts";
import {
  type AutoPolicy,
  applyMove,
  applyUnchecked,
  autoMoves,
  canGoHome,
  type FreeCellState,
  isSafeHome,
  type Move,
  topCard,
} from "./rules.ts";
import {
  CASCADE,
  CASCADE_STRIDE,
  CELL,
  FORCE_ALL,
  FORCE_NONE,
  FORCE_SAFE,
  FOUNDATION,
  GEN_COMPLETE,
  GEN_FAST,
  NO_CARD,
  PackedPosition,
  packMove,
} from "./solver-packed.ts";

export interface SolveOptions {
  /** The automatic foundation moves in force (default "safe"); the verdict is for this policy. */
  policy?: AutoPolicy;
  /** Limits; an exhausted budget gives `unknown` naming it. */
  budget?: Budget;
  /** Search longer for a shorter solution. */
  shortest?: boolean;
  /** A clock in ms, needed for a time budget and for `stats.ms` (performance.now at the edge). */
  now?: Clock;
  /** Called between turns of the searches (every few thousand positions), for progress reports. */
  onProgress?: (progress: { positions: number; ms: number }) => void;
}

export type FreeCellSolveResult = SolveResult<Move>;

export class SolverError extends Error {
  readonly code = "solver_internal";
  constructor(message: string) {
    super(message);
    this.name = "SolverError";
  }
}

/** Weights of the heuristic; lower scores are expanded first. */
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

/** The main search: greedy on the position, with a little weight on depth for shorter wins. */
export const FAST_WEIGHTS: Weights = {
  home: 12,
  disorder: 9,
  dig: 3,
  free: 6,
  empty: 12,
  depth: 1,
  under: 0,
  cramp: 6,
};
/** The single-card search, pure greedy: it must also run out of positions fast on lost deals. */
export const COMPLETE_WEIGHTS: Weights = {
  home: 4,
  disorder: 3,
  dig: 1,
  free: 2,
  empty: 4,
  depth: 0,
  under: 0,
  cramp: 0,
};
export const SHORT_WEIGHTS: Weights = {
  home: 4,
  disorder: 3,
  dig: 1,
  free: 2,
  empty: 4,
  depth: 3,
  under: 0,
  cramp: 0,
};

const BUCKETS = 4096;
const NO_DEST = 63;

/** A record: the packed key, then parent id, the move that led here (as cards, see moveCode), depth. */
const PARENT = 0;
const MOVE = 1;
const DEPTH = 2;

/**
 * A move named by cards rather than places, so it means the same in every ordering of cascades and cells:
 * the card at the base of what moves, how many, the kind of destination, and the card it lands on (63 for an
 * empty cascade; the suit for a foundation).
 */
function moveCode(pos: PackedPosition, m: number): number {
  const toKind = (m >> 10) & 3;
  const toIndex = (m >> 6) & 15;
  let dest = toIndex;
  if (toKind === CASCADE) dest = pos.len[toIndex] === 0 ? NO_DEST : pos.top(toIndex);
  return pos.movingCard(m) | ((m >> 12) << 6) | (toKind << 12) | (dest << 14);
}

/** The packed move a code names in `pos`. */
function codeToMove(pos: PackedPosition, code: number): number {
  const card = code & 63;
  const count = (code >> 6) & 63;
  const toKind = (code >> 12) & 3;
  const dest = code >> 14;
  let fromKind = FOUNDATION;
  let fromIndex = card & 3;
  for (let i = 0; i < pos.cascadeCount; i++) {
    const n = pos.len[i];
    if (n >= count && pos.cards[i * CASCADE_STRIDE + n - count] === card) {
      fromKind = CASCADE;
      fromIndex = i;
    }
  }
  for (let i = 0; i < pos.cellCount; i++) {
    if (pos.cells[i] === card) {
      fromKind = CELL;
      fromIndex = i;
    }
  }
  let toIndex = dest;
  if (toKind === CELL) {
    toIndex = pos.cells.indexOf(NO_CARD);
  } else if (toKind === CASCADE) {
    toIndex = -1;
    for (let i = 0; i < pos.cascadeCount && toIndex < 0; i++) {
      if (dest === NO_DEST ? pos.len[i] === 0 : pos.len[i] > 0 && pos.top(i) === dest) toIndex = i;
    }
  }
  if (toIndex < 0) throw new SolverError(`move code ${code} does not fit the position`);
  return packMove(fromKind, fromIndex, toKind, toIndex, count);
}

function forceOf(policy: AutoPolicy, pos: PackedPosition): number {
  if (policy === "all") return FORCE_ALL;
  // Under "none" the safe moves are still taken as pruning: they lose nothing when cards never leave the
  // foundations. When they may leave, only the policy in force is applied.
  if (policy === "safe" || !pos.fromFoundation) return FORCE_SAFE;
  return FORCE_NONE;
}

const POLICY_OF_FORCE: AutoPolicy[] = ["none", "safe", "all"];

/** The score of a position under the weights: cards still to go home, how they are buried, space. */
function heuristic(pos: PackedPosition, w: Weights, depth: number): number {
  const f = pos.found;
  let score = w.home * (52 - f[0] - f[1] - f[2] - f[3]);
  let under = 0;
  if (w.under !== 0) {
    for (let i = 0; i < pos.cascadeCount; i++) {
      const n = pos.len[i];
      if (n > 0) under += n - pos.runLength(i);
    }
  }
  score +=
    w.disorder * pos.disorder +
    w.dig * pos.dig() +
    w.under * under -
    w.free * pos.freeCells -
    w.empty * pos.emptyCascades;
  const used = pos.cellCount - pos.freeCells;
  if (used > 1) score += (w.cramp * (used - 1) * used) >> 1;
  return score + w.depth * depth + 200;
}

type PhaseOutcome = PhaseStats["outcome"];

/** One search of the portfolio: its move set, its weights, and whether its exhaustion proves anything. */
export interface Strategy {
  name: string;
  mode: number;
  weights: Weights;
  /** Its share of each round, in positions. */
  quantum: number;
  /** The share of its first round (easy deals end there). */
  first: number;
}

/** What the portfolio needs of a search. */
interface Runner {
  readonly table: StateTable;
  readonly exact: boolean;
  strategy: Strategy | undefined;
  meter: BudgetMeter | undefined;
  expanded: number;
  ms: number;
  outcome: PhaseOutcome;
  codes: number[];
  readonly bytes: number;
  start(root: FreeCellState, strategy: Strategy, force: number, meter: BudgetMeter): boolean;
  resume(until: number): PhaseOutcome;
}

export const B_WEIGHTS: Weights = {
  home: 4,
  disorder: 2,
  dig: 1,
  free: 2,
  empty: 4,
  depth: 0,
  under: 2,
  cramp: 2,
};

/**
 * A best-first search that can stop after a share of positions and go on later where it stopped, so several
 * searches can take turns (a portfolio): the first to finish answers.
 *
 * An exact search (the complete one) keys its table on the whole packed position. The others key it on a
 * 64-bit hash and keep the position beside it in raw form (`encodeRaw`: cascades in their own order, copied a
 * word at a time, far cheaper than sorting them into a key): two positions with the same 64-bit hash
 * would be taken for one, which could only hide a win from that search, never make a wrong one (wins are
 * replayed from their moves), and saves packing every repeated position.
 */
class Search implements Runner {
  readonly pos: PackedPosition;
  readonly table: StateTable;
  readonly queue = new BucketQueue(BUCKETS);
  readonly keyWords: Uint32Array;
  readonly keyBytes: Uint8Array;
  private readonly hashKey = new Uint32Array(1);
  private readonly moves = new Int32Array(4096);
  private tableBytes: Uint8Array;
  /** Words before the packed position in a record (the second hash when not exact). */
  private readonly packedAt: number;
  /** Words before parent, move and depth in a record. */
  private readonly dataAt: number;
  meter: BudgetMeter | undefined;
  strategy: Strategy | undefined;
  force = FORCE_SAFE;
  expanded = 0;
  ms = 0;
  outcome: PhaseOutcome = "capped";
  /** Set when solved: the move codes from the root. */
  codes: number[] = [];
  /** The record whose position `pos` holds between expansions (-1: none). */
  private current = -1;

  constructor(
    pos: PackedPosition,
    readonly exact: boolean,
  ) {
    this.pos = pos;
    this.packedAt = exact ? 0 : 1;
    this.dataAt = this.packedAt + (exact ? pos.keyWords : pos.rawWords);
    this.table = new StateTable(exact ? pos.keyWords : 1, this.dataAt + 3, undefined, 1024, 4);
    this.table.reservedBytes = BUCKETS * 4;
    this.keyWords = new Uint32Array(pos.keyWords);
    this.keyBytes = new Uint8Array(this.keyWords.buffer);
    this.tableBytes = new Uint8Array(this.table.words.buffer);
  }

  get bytes(): number {
    return this.table.bytes;
  }

  private recordBytes(): Uint8Array {
    // The table's words are replaced only when it grows, which changes their length.
    if (this.tableBytes.length !== this.table.words.length * 4)
      this.tableBytes = new Uint8Array(this.table.words.buffer);
    return this.tableBytes;
  }

  /** Looks the position `pos` holds up, storing it when new; -1 memory, -2 position budget. */
  private lookup(mayInsert: boolean): number {
    const { pos, table } = this;
    if (this.exact) {
      pos.encode(this.keyBytes);
      return table.findOrInsert(this.keyWords, pos.hash(), mayInsert);
    }
    const h = pos.hashBoth();
    this.hashKey[0] = pos.hash2Value;
    const id = table.findOrInsert(this.hashKey, h, mayInsert);
    if (id >= 0 && table.inserted) pos.encodeRaw(table.words, id * table.stride + this.packedAt);
    return id;
  }

  /** Starts from `root` (the forced moves made). Returns false when the root itself cannot be stored. */
  start(root: FreeCellState, strategy: Strategy, force: number, meter: BudgetMeter): boolean {
    const { pos, table, queue } = this;
    this.meter = meter;
    this.strategy = strategy;
    this.force = force;
    this.expanded = 0;
    this.ms = 0;
    this.outcome = "capped";
    this.codes = [];
    this.current = -1;
    table.setMeter(meter);
    table.clear();
    queue.clear();
    if (!meter.storePosition()) {
      this.outcome = "positions";
      return false;
    }
    pos.load(root);
    this.lookup(true);
    const data = this.dataAt;
    table.words[data + PARENT] = -1 >>> 0;
    table.words[data + MOVE] = 0;
    table.words[data + DEPTH] = 0;
    if (pos.isWon()) {
      this.outcome = "solved";
      return true;
    }
    queue.push(0, heuristic(pos, strategy.weights, 0));
    return true;
  }

  /** Searches on until `until` positions are stored (a soft limit), a win, exhaustion or a budget. */
  resume(until: number): PhaseOutcome {
    const meter = this.meter as BudgetMeter;
    const t0 = meter.elapsed();
    this.outcome = this.search(until);
    this.ms += meter.elapsed() - t0;
    return this.outcome;
  }

  /** The loop of `resume`, returning how it ended. */
  private search(until: number): PhaseOutcome {
    const { pos, table, queue, moves } = this;
    const meter = this.meter as BudgetMeter;
    const strategy = this.strategy as Strategy;
    const { mode, weights } = strategy;
    const force = this.force;
    const stride = table.stride;
    const data = this.dataAt;
    while (table.count < until) {
      const id = queue.pop();
      if (id < 0) return "exhausted";
      if (!meter.tick()) {
        queue.push(id, 0);
        return "time";
      }
      const base = id * stride;
      if (this.current >= 0 && table.words[base + data + PARENT] === this.current) {
        // The child of the position just expanded (a greedy search mostly goes on from there): one move
        // from it is cheaper than unpacking.
        const m = codeToMove(pos, table.words[base + data + MOVE]);
        pos.apply(m);
        pos.autoplayAfter(m, force, moves, 0);
      } else {
        if (this.exact) pos.decode(this.recordBytes(), (base + this.packedAt) * 4);
        else pos.decodeRaw(table.words, base + this.packedAt);
      }
      this.current = id;
      const depth = table.words[base + data + DEPTH];
      this.expanded++;
      const n = pos.generate(mode, moves, 0);
      for (let k = 0; k < n; k++) {
        const m = moves[k];
        const code = moveCode(pos, m);
        pos.apply(m);
        const end = pos.autoplayAfter(m, force, moves, n);
        const child = this.lookup(meter.positions < meter.maxPositions);
        let won = false;
        if (child >= 0 && table.inserted) {
          meter.positions++;
          const cb = child * stride + data;
          table.words[cb + PARENT] = id;
          table.words[cb + MOVE] = code;
          table.words[cb + DEPTH] = depth + 1;
          if (pos.isWon()) won = true;
          else queue.push(child, heuristic(pos, weights, depth + 1));
        }
        for (let a = end - 1; a >= n; a--) pos.undo(moves[a]);
        pos.undo(m);
        if (won) {
          this.codes = this.path(child);
          return "solved";
        }
        if (child === -1) return "memory";
        if (child === -2) {
          meter.storePosition();
          return "positions";
        }
      }
    }
    return "capped";
  }

  private path(id: number): number[] {
    const { table } = this;
    const codes: number[] = [];
    while (id !== 0) {
      const base = id * table.stride + this.dataAt;
      codes.push(table.words[base + MOVE]);
      id = table.words[base + PARENT];
    }
    return codes.reverse();
  }
}

/** Words of the shortening's filter of path hashes (a power of two): 16,384 bits. */
const FILTER_MASK = 511;

/** Path work after a win: shortcuts, and the engine's moves. */
class PathTools {
  private readonly moves = new Int32Array(4096);
  private readonly keyWords: Uint32Array;
  private readonly keyBytes: Uint8Array;
  private readonly table: StateTable;
  private pathKeys = new Uint8Array(0);

  constructor(readonly pos: PackedPosition) {
    this.keyWords = new Uint32Array(pos.keyWords);
    this.keyBytes = new Uint8Array(this.keyWords.buffer);
    this.table = new StateTable(1, 2, undefined, 256);
  }

  private readonly hashKey = new Uint32Array(1);
  /** A bit per value of the low bits of the hash of each path position. */
  private readonly filter = new Uint32Array(FILTER_MASK + 1);

  /** Whether `pos` is path position j (its hashes matched: the packed keys decide). */
  private isPathPosition(j: number): boolean {
    const { keyBytes, pathKeys } = this;
    const kb = this.pos.keyBytes;
    this.pos.encode(keyBytes);
    const at = j * kb;
    for (let b = 0; b < kb; b++) if (keyBytes[b] !== pathKeys[at + b]) return false;
    return true;
  }

  private gain = 0;
  private bestEnd = 0;
  private readonly chain = new Int32Array(8);
  private readonly bestChain = new Int32Array(8);
  private bestLength = 0;

  /**
   * Shortcuts: from each position of the path, up to `depth` moves that reach a later position of the path
   * replace the moves between when they are fewer. Repeated until nothing changes (once is enough with one move).
   */
  shorten(root: FreeCellState, codes: number[], force: number, depth: number): number[] {
    const { pos, moves, keyBytes, table, hashKey } = this;
    const kb = pos.keyBytes;
    const filter = this.filter;
    for (;;) {
      table.clear();
      filter.fill(0);
      if (this.pathKeys.length < (codes.length + 1) * kb)
        this.pathKeys = new Uint8Array((codes.length + 1) * kb * 2);
      const keys = this.pathKeys;
      pos.load(root);
      for (let i = 0; i <= codes.length; i++) {
        pos.encode(keyBytes);
        keys.set(keyBytes, i * kb);
        hashKey[0] = pos.hash2();
        const h = pos.hash();
        filter[(h >>> 5) & FILTER_MASK] |= 1 << (h & 31);
        const id = table.findOrInsert(hashKey, h);
        table.words[id * table.stride + 1] = i;
        if (i < codes.length) {
          const m = codeToMove(pos, codes[i]);
          pos.apply(m);
          pos.autoplayAfter(m, force, moves, 0);
        }
      }
      const out: number[] = [];
      let i = 0;
      let changed = false;
      // Walks the path forward by moves (named by cards, so they fit whatever order the cascades are in).
      pos.load(root);
      while (i < codes.length) {
        this.gain = 0;
        this.bestEnd = i + 1;
        this.bestChain[0] = codes[i];
        this.bestLength = 1;
        this.explore(i, 0, depth, 0, force);
        if (this.bestEnd > i + 1) changed = true;
        for (let k = 0; k < this.bestLength; k++) {
          const code = this.bestChain[k];
          out.push(code);
          if (this.bestEnd < codes.length) {
            const m = codeToMove(pos, code);
            pos.apply(m);
            pos.autoplayAfter(m, force, moves, 0);
          }
        }
        i = this.bestEnd;
      }
      codes = out;
      // With single moves a second pass finds nothing new: it visits the same positions (each the farthest
      // jump of the one before) and the same jumps from them. Longer chains add positions, so they repeat.
      if (!changed || depth === 1) return codes;
    }
  }

  /** Tries every move sequence of up to `depth` moves from path position `from`, keeping the best jump. */
  private explore(from: number, level: number, depth: number, offset: number, force: number): void {
    const { pos, moves, table, hashKey } = this;
    const n = pos.generate(GEN_FAST, moves, offset);
    for (let k = offset; k < n; k++) {
      const m = moves[k];
      this.chain[level] = moveCode(pos, m);
      pos.apply(m);
      const end = pos.autoplayAfter(m, force, moves, n);
      // Most moves reach no position of the path: one hash and the filter say so.
      const h = pos.hash();
      let id = -2;
      if ((this.filter[(h >>> 5) & FILTER_MASK] & (1 << (h & 31))) !== 0) {
        hashKey[0] = pos.hash2();
        id = table.findOrInsert(hashKey, h, false);
      }
      if (id >= 0) {
        const j = table.words[id * table.stride + 1];
        const gain = j - from - (level + 1);
        if (gain > this.gain && this.isPathPosition(j)) {
          this.gain = gain;
          this.bestEnd = j;
          this.bestLength = level + 1;
          this.bestChain.set(this.chain.subarray(0, level + 1));
        }
      } else if (level + 1 < depth) {
        this.explore(from, level + 1, depth, end, force);
      }
      for (let a = end - 1; a >= n; a--) pos.undo(moves[a]);
      pos.undo(m);
    }
  }

  /** Plays the codes from the engine's state, writing every foundation move out. */
  toEngineMoves(start: FreeCellState, codes: readonly number[], force: number): Move[] {
    const { pos, moves } = this;
    const out: Move[] = [];
    pos.load(start);
    let end = pos.autoplay(force, moves, 0);
    for (let a = 0; a < end; a++) out.push(pos.toMove(moves[a]));
    for (const code of codes) {
      const m = codeToMove(pos, code);
      out.push(pos.toMove(m));
      pos.apply(m);
      end = pos.autoplay(force, moves, 0);
      for (let a = 0; a < end; a++) out.push(pos.toMove(moves[a]));
    }
    if (!pos.isWon()) throw new SolverError("the solution found does not win");
    return out;
  }
}

/** The searches kept for one shape of rules, reused from solve to solve. */
interface Kit {
  searches: Runner[];
  tools: PathTools;
}

const kits = new Map<string, Kit>();

function cacheKey(state: FreeCellState): string {
  const r = state.rules;
  return `${r.cells}/${r.cascades}/${r.build}/${r.empty}/${r.fromFoundation}/${r.sequenceMoves}`;
}

/** Tables above this size are not kept for the next solve. */
const KEEP_BYTES = 64 * 1024 * 1024;

function kitFor(state: FreeCellState, plan: readonly Strategy[], maxBytes: number): Kit {
  const key = `${cacheKey(state)}/${plan.map((p) => p.mode).join("")}`;
  let kit = kits.get(key);
  if (kit && kit.searches.reduce((sum, s) => sum + s.bytes, 0) > maxBytes) kit = undefined;
  if (!kit) {
    kit = { searches: [], tools: new PathTools(new PackedPosition(state.rules)) };
    kits.set(key, kit);
  }
  while (kit.searches.length < plan.length) {
    const exact = plan[kit.searches.length].mode === GEN_COMPLETE;
    kit.searches.push(new Search(new PackedPosition(state.rules), exact));
  }
  return kit;
}

/** Weights of the other fast searches: a different balance each, so one is rarely lost where all are. */
const DEEP_WEIGHTS: Weights = {
  home: 4,
  disorder: 3,
  dig: 1,
  free: 2,
  empty: 4,
  depth: 3,
  under: 0,
  cramp: 2,
};
const SPACE_WEIGHTS: Weights = {
  home: 4,
  disorder: 3,
  dig: 1,
  free: 6,
  empty: 12,
  depth: 0,
  under: 0,
  cramp: 2,
};

export const DEFAULT_PLAN: Strategy[] = [
  { name: "fast", mode: GEN_FAST, weights: FAST_WEIGHTS, quantum: 2000, first: 8000 },
  { name: "fast-b", mode: GEN_FAST, weights: B_WEIGHTS, quantum: 2000, first: 2000 },
  { name: "fast-deep", mode: GEN_FAST, weights: DEEP_WEIGHTS, quantum: 2000, first: 2000 },
  { name: "fast-space", mode: GEN_FAST, weights: SPACE_WEIGHTS, quantum: 2000, first: 2000 },
  { name: "complete", mode: GEN_COMPLETE, weights: COMPLETE_WEIGHTS, quantum: 8000, first: 8000 },
];

const SHORTEST_PLAN: Strategy[] = [
  { name: "short", mode: GEN_FAST, weights: SHORT_WEIGHTS, quantum: 20000, first: 100000 },
  ...DEFAULT_PLAN,
];

function describeSearch(state: FreeCellState, policy: AutoPolicy, force: number): string {
  const r = state.rules;
  const pruning =
    force === FORCE_ALL
      ? "every card that can go home sent home at once (the 'all' policy in force)"
      : force === FORCE_SAFE
        ? "safe automatic foundation moves as the only pruning"
        : "no pruning at all";
  return (
    `every single-card move (${r.cells} cells, ${r.cascades} cascades, build ${r.build}, empty cascades take ` +
    `${r.empty === "any" ? "any card" : "kings only"}${r.fromFoundation ? ", cards may leave the foundations" : ""}), ` +
    `${pruning}, positions that differ only in the order of cascades or cells counted once; policy ${policy}`
  );
}

/**
 * Solves a FreeCell position. `solved` comes with every move, foundation moves written out; `unsolvable`
 * only after a complete search of single-card moves; `unknown` when a budget ran out (stats.budget says which).
 *
 * Several best-first searches take turns (see docs/solver.md): four over grouped moves with different
 * heuristics, which find most wins fast, and one over every single-card move, which alone may prove a deal
 * lost by running out of positions. The budgets bound the searches; the shortening of a win found afterwards
 * is bounded by the length of the win.
 */
export function solve(state: FreeCellState, options: SolveOptions = {}): FreeCellSolveResult {
  const policy = options.policy ?? "safe";
  const meter = new BudgetMeter(options.budget ?? {}, options.now);
  const plan = options.shortest ? SHORTEST_PLAN : DEFAULT_PLAN;
  const kit = kitFor(state, plan, meter.maxBytes);
  const searches = kit.searches.slice(0, plan.length);
  const force = forceOf(policy, kit.tools.pos);
  const phases = (): PhaseStats[] =>
    searches
      .filter((s) => s.strategy !== undefined && s.meter === meter)
      .map((s) => ({
        name: (s.strategy as Strategy).name,
        positions: s.table.count,
        expanded: s.expanded,
        ms: s.ms,
        outcome: s.outcome,
      }));
  let maxBytes = 0;
  const stats = (searched: string, budget?: BudgetKind): SolveStats => ({
    positions: meter.positions,
    expanded: searches.reduce((sum, s) => sum + (s.meter === meter ? s.expanded : 0), 0),
    ms: meter.elapsed(),
    bytes: maxBytes,
    phases: phases(),
    searched,
    ...(budget ? { budget } : {}),
  });
  const unknown = (kind: BudgetKind): FreeCellSolveResult => ({
    result: "unknown",
    moves: [],
    stats: stats("the search stopped before a verdict", kind),
    reason: describeBudget(kind, meter),
  });
  try {
    meter.bytesUsed = searches.reduce((sum, s) => sum + s.bytes, 0);
    maxBytes = meter.bytesUsed;
    if (meter.bytesUsed > meter.maxBytes) {
      meter.exceeded = "memory";
      return unknown("memory");
    }
    const start = autoMoves(state, POLICY_OF_FORCE[force]).state;
    const live: Runner[] = [];
    for (let i = 0; i < plan.length; i++) {
      if (!searches[i].start(start, plan[i], force, meter)) return unknown("positions");
      live.push(searches[i]);
    }
    for (let round = 0; ; round++) {
      for (const search of live) {
        const strategy = search.strategy as Strategy;
        const share = round === 0 ? strategy.first : strategy.quantum;
        const outcome = search.outcome === "solved" ? "solved" : search.resume(search.table.count + share);
        maxBytes = Math.max(maxBytes, meter.bytesUsed);
        if (outcome === "solved") {
          // The main search's wins are already short move by move: shortcuts of one move take 0.03 moves a
          // deal off them (deals 1..2000) for 15% of the time. The other searches' wins are shortened.
          const short =
            options.shortest || search !== searches[0]
              ? kit.tools.shorten(start, search.codes, force, options.shortest ? 3 : 1)
              : search.codes;
          const moves = kit.tools.toEngineMoves(state, short, force);
          return { result: "solved", moves, stats: stats(`the ${strategy.name} search found a win`) };
        }
        if (outcome === "exhausted" && strategy.mode === GEN_COMPLETE) {
          const searched = `complete search of ${search.table.count} positions: ${describeSearch(state, policy, force)}`;
          return {
            result: "unsolvable",
            moves: [],
            stats: stats(searched),
            reason: `no sequence of moves wins: ${searched}`,
          };
        }
        if (outcome !== "exhausted" && outcome !== "capped") return unknown(outcome);
        options.onProgress?.({ positions: meter.positions, ms: meter.elapsed() });
      }
      for (let i = live.length - 1; i >= 0; i--) if (live[i].outcome === "exhausted") live.splice(i, 1);
      if (live.length === 0) throw new SolverError("every search ended without a verdict");
    }
  } finally {
    if (meter.bytesUsed > KEEP_BYTES) kits.clear();
  }
}

/** The moves in standard notation, each written against the position it is played in. */
export function solutionNotation(state: FreeCellState, moves: readonly Move[]): string[] {
  const out: string[] = [];
  for (const move of moves) {
    out.push(formatMove(move, state));
    state = applyMove(state, move);
  }
  return out;
}

/** Solution length in the three counts of docs/solver.md. */
export interface SolutionCounts {
  /** A run moved as one counts one; every foundation move counts. */
  moves: number;
  /** Every card moved counts. */
  cards: number;
  /** A run counts one; foundation moves that the safe policy makes by itself are not counted. */
  player: number;
}

export function countSolution(state: FreeCellState, moves: readonly Move[]): SolutionCounts {
  let cards = 0;
  let player = 0;
  for (const move of moves) {
    cards += move.count;
    if (!isAutomatic(state, move, "safe")) player++;
    state = applyUnchecked(state, move);
  }
  return { moves: moves.length, cards, player };
}

/** Whether the policy would make this foundation move by itself. */
export function isAutomatic(state: FreeCellState, move: Move, policy: AutoPolicy): boolean {
  if (policy === "none" || move.to.kind !== "foundation") return false;
  const card = topCard(state, move.from);
  if (card === undefined) return false;
  return policy === "all" ? canGoHome(state, card) : isSafeHome(state, card);
}

/**
 * The next move a player should make for a win (the automatic foundation moves of `policy` left to the game),
 * with the verdict. Undefined move when the position is lost, unknown or already won.
 */
export function nextMove(
  state: FreeCellState,
  options: SolveOptions = {},
): { move?: Move; result: FreeCellSolveResult } {
  const result = solve(state, options);
  const policy = options.policy ?? "safe";
  let s = state;
  for (const move of result.moves) {
    if (!isAutomatic(s, move, policy)) return { move, result };
    s = applyUnchecked(s, move);
  }
  return { result };
}

/** `solve` in the shape the worker protocol calls (src/search/protocol.ts): plain state and options in. */
export const freecellProtocolSolver: ProtocolSolver = (state, options) =>
  solve(state as unknown as FreeCellState, options as SolveOptions);
