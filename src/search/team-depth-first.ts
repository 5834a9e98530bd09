import type { BudgetMeter } from "./budget.ts";
import { DepthFirstWalk, type SearchOutcome } from "./depth-first.ts";
import type { SearchDomain } from "./domain.ts";
import type { VisitedTable } from "./key-set.ts";
import { StateTable } from "./state-table.ts";

/**
 * Several depth-first walks (depth-first.ts) that take turns over one table of positions: a team. Each member has
 * its own position (a domain of its own, sharing whatever the keys need) and its own stack, and asks `generate` for
 * its own move set (`modes[i]`: the same moves in another order, typically), so the members dive into different
 * parts of the space; a member skips every position any member has stored.
 *
 * It is complete like one depth-first search: a position is stored once, by the member that reached it first,
 * which expands it in full before it backs up, and members run until every one has emptied its stack. So when all
 * are done, every position reachable by the domain's moves and forced moves was expanded, and none is won. Nothing
 * is searched twice: a deal with no win costs what one search costs; a deal with one ends when the first member
 * finds it, which spares the heavy tail a single move order has (one bad first choice, a whole lost subtree).
 *
 * Teams in several threads may share one table (shared-table.ts): then a team whose members are all done while
 * positions another thread stored are not finished helps (a helper walk of depth-first.ts takes the moves the other
 * threads have not tried yet), and says "exhausted" only once every position stored by any thread is finished.
 */
export class TeamDepthFirst<S, M> {
  readonly table: VisitedTable;
  readonly members: DepthFirstWalk<S, M>[];
  meter: BudgetMeter | undefined;
  expanded = 0;
  ms = 0;
  outcome: SearchOutcome = "capped";
  /** The member that found the win. */
  winner = -1;
  /** Whether running out of positions proves that no win exists. */
  readonly complete = true;
  private turn = 0;
  private root: S | undefined;
  /** The walk that helps other threads once the members are done (a shared table). */
  private helper: DepthFirstWalk<S, M> | undefined;
  /** Positions stored and expanded by the helper walks that ended (the walk going on counts its own). */
  private helpedBefore = 0;
  private helpExpandedBefore = 0;
  /** Says when another thread has ended the search (a shared table). */
  private readonly stopped: (() => boolean) | undefined;

  constructor(
    domains: readonly SearchDomain<S, M>[],
    readonly name: string,
    modes: readonly number[],
    /** Positions a member stores in its turn before the next member goes on. */
    readonly quantum = 2000,
    options: {
      /** The table of positions seen (default a `StateTable` keyed on the domain's key). */
      table?: VisitedTable;
      /** Which members try their moves last first. */
      reversed?: readonly boolean[];
      /** With a shared table: whether another thread has ended the search (checked between turns). */
      stopped?: () => boolean;
    } = {},
  ) {
    const keyWords = domains[0].keyWords;
    this.table = options.table ?? new StateTable(keyWords, keyWords, undefined, 1024);
    this.members = domains.map(
      (d, i) => new DepthFirstWalk(d, modes[i], this.table, options.reversed?.[i] ?? false),
    );
    this.stopped = options.stopped;
  }

  /** Positions its helper walks stored (for tests and measures). */
  get helped(): number {
    return this.helpedBefore + (this.helper?.stored ?? 0);
  }

  get positions(): number {
    return this.table.count;
  }

  get bytes(): number {
    return this.table.bytes + this.members.reduce((sum, m) => sum + m.bytes, 0);
  }

  /** Starts every member at `root` (the first stores it). Returns false when the root cannot be stored (a budget). */
  begin(root: S, meter: BudgetMeter): boolean {
    this.meter = meter;
    this.expanded = 0;
    this.ms = 0;
    this.outcome = "capped";
    this.winner = -1;
    this.turn = 0;
    this.root = root;
    this.helper = undefined;
    this.helpedBefore = 0;
    this.helpExpandedBefore = 0;
    this.table.setMeter(meter);
    this.table.clear();
    for (let i = 0; i < this.members.length; i++) {
      const result = this.members[i].begin(root, meter, i === 0);
      if (result === "solved") {
        this.outcome = "solved";
        this.winner = i;
        return true;
      }
      if (result !== "capped") {
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
    const helping = this.helpExpandedBefore + (this.helper?.expanded ?? 0);
    this.expanded = this.members.reduce((sum, m) => sum + m.expanded, helping);
    return this.outcome;
  }

  private search(until: number): SearchOutcome {
    const { members, table } = this;
    while (table.count < until) {
      if (this.stopped?.()) return "capped";
      let live = 0;
      for (const m of members) if (!m.done) live++;
      if (live === 0) {
        if (!table.allFinished || table.allFinished()) return "exhausted";
        const outcome = this.help(until);
        if (outcome === "solved") {
          this.winner = members.length;
          return "solved";
        }
        if (outcome !== "capped" && outcome !== "exhausted") return outcome;
        // A walk that found nothing to take gives the turn back: the other threads have to move first.
        if (outcome === "exhausted" && (this.helper as DepthFirstWalk<S, M>).stored === 0) return "capped";
        continue;
      }
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

  /**
   * Runs a helper walk from the root until `until` positions or its end; a walk that ended having stored nothing is
   * followed by a pause (the other threads are deep in positions whose every move is taken) before the next.
   */
  private help(until: number): SearchOutcome {
    const meter = this.meter as BudgetMeter;
    let helper = this.helper;
    if (helper === undefined || helper.done) {
      if (helper !== undefined) {
        this.helpedBefore += helper.stored;
        this.helpExpandedBefore += helper.expanded;
        if (helper.stored === 0) pause(2);
      }
      if (helper === undefined) {
        const first = this.members[0];
        helper = new DepthFirstWalk(first.domain, first.mode, this.table, false, true);
        this.helper = helper;
      }
      const outcome = helper.begin(this.root as S, meter, false);
      if (outcome !== "capped") return outcome;
    }
    return helper.run(Math.min(until, this.table.count + this.quantum));
  }

  /** The packed moves from the root to the position won, and the domain that played them. */
  path(): { moves: number[]; domain: SearchDomain<S, M> } {
    const member =
      this.winner === this.members.length ? (this.helper as DepthFirstWalk<S, M>) : this.members[this.winner];
    return { moves: member.path(), domain: member.domain };
  }
}

/** A cell nothing writes, to pause on (made when first needed: a page that is not isolated has no shared memory). */
let cell: Int32Array | undefined;

/** Waits `ms` milliseconds (in a thread that may block: Node's, or a web worker). */
function pause(ms: number): void {
  cell ??= new Int32Array(new SharedArrayBuffer(4));
  Atomics.wait(cell, 0, 0, ms);
}
