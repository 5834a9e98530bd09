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
    } = {},
  ) {
    const keyWords = domains[0].keyWords;
    this.table = options.table ?? new StateTable(keyWords, keyWords, undefined, 1024);
    this.members = domains.map(
      (d, i) => new DepthFirstWalk(d, modes[i], this.table, options.reversed?.[i] ?? false),
    );
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
