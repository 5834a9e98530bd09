import type { BudgetMeter } from "./budget.ts";
import type { SearchOutcome } from "./depth-first.ts";
import type { SearchDomain } from "./domain.ts";
import { StateTable } from "./state-table.ts";

/**
 * Several depth-first searches that take turns over one table of positions: a team. Each member has its own
 * position (a domain of its own, sharing whatever the keys need) and its own stack, and asks `generate` for its own
 * move set (`modes[i]`: the same moves in another order, typically), so the members dive into different parts of
 * the space; a member skips every position any member has stored.
 *
 * It is complete like one depth-first search: a position is stored once, by the member that reached it first,
 * which expands it in full before it backs up, and members run until every one has emptied its stack. So when all
 * are done, every position reachable by the domain's moves and forced moves was expanded, and none is won. Nothing
 * is searched twice: a deal with no win costs what one search costs; a deal with one ends when the first member
 * finds it, which spares the heavy tail a single move order has (one bad first choice, a whole lost subtree).
 */
export class TeamDepthFirst<S, M> {
  readonly table: StateTable;
  readonly members: Member<S, M>[];
  meter: BudgetMeter | undefined;
  expanded = 0;
  ms = 0;
  outcome: SearchOutcome = "capped";
  /** The member that found the win. */
  winner = -1;
  /** Whether running out of positions proves that no win exists. */
  readonly complete = true;
  private turn = 0;

  constructor(
    domains: readonly SearchDomain<S, M>[],
    readonly name: string,
    modes: readonly number[],
    /** Positions a member stores in its turn before the next member goes on. */
    readonly quantum = 2000,
  ) {
    const keyWords = domains[0].keyWords;
    this.table = new StateTable(keyWords, keyWords, undefined, 1024);
    this.members = domains.map((d, i) => new Member(d, modes[i], this.table));
  }

  get positions(): number {
    return this.table.count;
  }

  get bytes(): number {
    return this.table.bytes + this.members.reduce((sum, m) => sum + m.bytes, 0);
  }

  /** Starts every member at `root`. Returns false when the root cannot be stored (a budget). */
  begin(root: S, meter: BudgetMeter): boolean {
    this.meter = meter;
    this.expanded = 0;
    this.ms = 0;
    this.outcome = "capped";
    this.winner = -1;
    this.turn = 0;
    this.table.setMeter(meter);
    this.table.clear();
    for (let i = 0; i < this.members.length; i++) {
      const result = this.members[i].begin(root, meter, i === 0);
      if (result === "solved") {
        this.outcome = "solved";
        this.winner = i;
        return true;
      }
      if (result !== "capped" && result !== "exhausted") {
        this.outcome = result;
        return false;
      }
    }
    return true;
  }

  /** Searches on until `until` positions are stored (a soft limit), a win, exhaustion or a budget. */
  resume(until: number): SearchOutcome {
    const meter = this.meter as BudgetMeter;
    const t0 = meter.elapsed();
    if (this.outcome === "capped") this.outcome = this.search(until);
    this.ms += meter.elapsed() - t0;
    this.expanded = this.members.reduce((sum, m) => sum + m.expanded, 0);
    return this.outcome;
  }

  private search(until: number): SearchOutcome {
    const { members } = this;
    while (this.table.count < until) {
      let live = 0;
      for (const m of members) if (!m.done) live++;
      if (live === 0) return "exhausted";
      const member = members[this.turn];
      this.turn = (this.turn + 1) % members.length;
      if (member.done) continue;
      const outcome = member.run(Math.min(until, this.table.count + this.quantum));
      if (outcome === "solved") {
        this.winner = members.indexOf(member);
        return "solved";
      }
      if (outcome !== "capped" && outcome !== "exhausted") return outcome;
    }
    return "capped";
  }

  /** The packed moves from the root to the position won, and the domain that played them. */
  path(): { moves: number[]; domain: SearchDomain<S, M> } {
    const member = this.members[this.winner];
    return { moves: member.path(), domain: member.domain };
  }
}

/**
 * One member: a depth-first search on an explicit stack. Frame k generated its moves at [start, end); the move
 * being tried is moves[next - 1], and the forced moves after it sit at [end, forcedEnd), where frame k + 1 begins.
 */
class Member<S, M> {
  private moves = new Int32Array(1 << 12);
  private start = new Int32Array(1 << 10);
  private end = new Int32Array(1 << 10);
  private next = new Int32Array(1 << 10);
  private forcedEnd = new Int32Array(1 << 10);
  private readonly key: Uint32Array;
  private depth = -1;
  private meter: BudgetMeter | undefined;
  done = false;
  won = false;
  expanded = 0;

  constructor(
    readonly domain: SearchDomain<S, M>,
    readonly mode: number,
    readonly table: StateTable,
  ) {
    this.key = new Uint32Array(domain.keyWords);
  }

  get bytes(): number {
    return this.moves.byteLength + this.start.byteLength * 4;
  }

  /** Loads the root; the first member stores it. */
  begin(root: S, meter: BudgetMeter, first: boolean): SearchOutcome {
    const { domain, table } = this;
    this.meter = meter;
    this.done = false;
    this.won = false;
    this.expanded = 0;
    this.depth = -1;
    domain.load(root);
    const rootForced = domain.forced(-1, this.moves, 0);
    if (first) {
      domain.encode(this.key);
      if (!meter.storePosition()) return "positions";
      if (table.findOrInsert(this.key, domain.hash()) < 0) return "memory";
      if (domain.isWon()) {
        this.won = true;
        return "solved";
      }
    }
    return this.push(rootForced) ? "capped" : "memory";
  }

  private push(at: number): boolean {
    const d = this.depth + 1;
    if (d >= this.start.length && !this.growFrames()) return false;
    if (at + this.domain.maxMoves > this.moves.length && !this.growMoves(at + this.domain.maxMoves))
      return false;
    this.depth = d;
    this.start[d] = at;
    this.next[d] = at;
    this.end[d] = this.domain.generate(this.mode, this.moves, at);
    this.expanded++;
    return true;
  }

  private growFrames(): boolean {
    const n = this.start.length * 2;
    if (!(this.meter as BudgetMeter).grow(n * 8)) return false;
    for (const name of ["start", "end", "next", "forcedEnd"] as const) {
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

  /** Searches on until the table holds `until` positions, a win, the end of this member's search, or a budget. */
  run(until: number): SearchOutcome {
    if (this.done) return "exhausted";
    const { domain, table, key } = this;
    const meter = this.meter as BudgetMeter;
    while (table.count < until) {
      if (!meter.tick()) return "time";
      const d = this.depth;
      const moves = this.moves;
      if (this.next[d] === this.end[d]) {
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
      const id = table.findOrInsert(key, domain.hash(), mayInsert);
      if (id >= 0 && !table.inserted) {
        this.takeBack(d);
        continue;
      }
      if (id === -1) return "memory";
      if (id === -2) {
        meter.storePosition();
        return "positions";
      }
      meter.positions++;
      if (domain.isWon()) {
        this.won = true;
        return "solved";
      }
      if (!this.push(forcedEnd)) return "memory";
    }
    return "capped";
  }

  private takeBack(d: number): void {
    const { domain, moves } = this;
    for (let i = this.forcedEnd[d] - 1; i >= this.end[d]; i--) domain.undo(moves[i]);
    domain.undo(moves[this.next[d] - 1]);
  }

  /** The packed moves from the root to the position won. */
  path(): number[] {
    const out: number[] = [];
    if (!this.won) return out;
    for (let d = 0; d <= this.depth; d++) out.push(this.moves[this.next[d] - 1]);
    return out;
  }
}
