import { describe, expect, it } from "vitest";
import { BudgetMeter, TIMED_GROWTH } from "./budget.ts";
import { DepthFirst } from "./depth-first.ts";
import { pathMoves, type SearchDomain } from "./domain.ts";
import { TeamDepthFirst } from "./team-depth-first.ts";

/**
 * A toy domain: a counter from 0 that moves up by 3 or 5 while it stays at most `limit`; a counter ending in 9
 * is forced one further. Won at `target`. Moves are the step (3, 5, or 1 for the forced step). Mode 1 tries 5
 * before 3, so two members of a team dive differently.
 */
class Counter implements SearchDomain<number, string> {
  readonly keyWords = 1;
  readonly maxMoves = 3;
  n = 0;
  constructor(
    readonly target: number,
    readonly limit: number,
  ) {}
  load(state: number) {
    this.n = state;
  }
  generate(mode: number, out: Int32Array, at: number) {
    for (const step of mode === 1 ? [5, 3] : [3, 5]) if (this.n + step <= this.limit) out[at++] = step;
    return at;
  }
  apply(move: number) {
    this.n += move;
  }
  undo(move: number) {
    this.n -= move;
  }
  forced(_after: number, out: Int32Array, at: number) {
    if (this.n % 10 === 9 && this.n + 1 <= this.limit) {
      this.apply(1);
      out[at++] = 1;
    }
    return at;
  }
  isWon() {
    return this.n === this.target;
  }
  hash() {
    return Math.imul(this.n, 0x9e3779b1) >>> 0;
  }
  encode(out: Uint32Array) {
    out[0] = this.n;
  }
  toMove(move: number) {
    return `+${move}`;
  }
}

function run(target: number, limit: number, budget = {}) {
  const domain = new Counter(target, limit);
  const search = new DepthFirst(domain, "dfs", 0);
  const meter = new BudgetMeter(budget, undefined);
  search.begin(0, meter);
  let outcome = search.resume(Number.POSITIVE_INFINITY);
  while (outcome === "capped") outcome = search.resume(search.table.count + 3);
  return { outcome, search, domain };
}

describe("DepthFirst", () => {
  it("finds a path whose moves, forced ones written out, reach the target", () => {
    const { outcome, search, domain } = run(97, 100);
    expect(outcome).toBe("solved");
    const moves = pathMoves(domain, 0, search.path());
    const total = moves.reduce((sum, m) => sum + Number(m.slice(1)), 0);
    expect(total).toBe(97);
    // Every counter ending in 9 on the way was followed by the forced step.
    let n = 0;
    for (const m of moves) {
      expect(n % 10 === 9 ? m : "any").toBe(n % 10 === 9 ? "+1" : "any");
      n += Number(m.slice(1));
    }
  });

  it("runs out of positions when the target cannot be reached, every position stored once", () => {
    // 4 and 7 cannot be made of 3s and 5s.
    const { outcome, search } = run(7, 60);
    expect(outcome).toBe("exhausted");
    const reachable = new Set<number>();
    const walk = (n: number) => {
      if (reachable.has(n)) return;
      reachable.add(n);
      if (n % 10 === 9 && n + 1 <= 60) return walk(n + 1);
      for (const s of [3, 5]) if (n + s <= 60) walk(n + s);
    };
    walk(0);
    // The table holds the positions after forced moves: every reachable counter not ending in 9 (or 60's 59).
    const settled = [...reachable].filter((n) => n % 10 !== 9 || n + 1 > 60);
    expect(search.table.count).toBe(settled.length);
  });

  it("stops at the position budget with the outcome named, and goes on when resumed in shares", () => {
    const { outcome } = run(7, 1000, { positions: 10 });
    expect(outcome).toBe("positions");
    const shares = run(997, 1000);
    expect(shares.outcome).toBe("solved");
  });

  it("names the time budget, not memory, when its table would not grow in the time left", () => {
    let t = 0;
    const meter = new BudgetMeter({ ms: 10 }, () => t);
    const start = meter.growing();
    t = TIMED_GROWTH / 1024; // 1 ms a KiB: the table's first growth, 32 KiB, would take 32 ms
    meter.grown(start, TIMED_GROWTH);
    t = 0;
    const search = new DepthFirst(new Counter(-1, 100_000), "dfs", 0);
    search.begin(0, meter);
    let outcome = search.resume(Number.POSITIVE_INFINITY);
    while (outcome === "capped") outcome = search.resume(Number.POSITIVE_INFINITY);
    expect(outcome).toBe("time");
    expect(search.positions).toBe(1024);
    // With the time to grow, the same search runs out of positions.
    expect(run(-1, 100_000).outcome).toBe("exhausted");
  });

  it("answers at once when the root is already won", () => {
    const { outcome, search } = run(0, 10);
    expect(outcome).toBe("solved");
    expect(search.path()).toEqual([]);
  });
});

function team(target: number, limit: number, quantum = 3) {
  const search = new TeamDepthFirst(
    [new Counter(target, limit), new Counter(target, limit)],
    "team",
    [0, 1],
    quantum,
  );
  search.begin(0, new BudgetMeter({}, undefined));
  let outcome = search.resume(Number.POSITIVE_INFINITY);
  while (outcome === "capped") outcome = search.resume(search.positions + 5);
  return { outcome, search };
}

describe("TeamDepthFirst", () => {
  it("finds a path that one of its members played, and it reaches the target", () => {
    const { outcome, search } = team(97, 100);
    expect(outcome).toBe("solved");
    const { moves, domain } = search.path();
    const engine = pathMoves(domain, 0, moves);
    expect(engine.reduce((sum, m) => sum + Number(m.slice(1)), 0)).toBe(97);
  });

  it("runs out of positions when the target cannot be reached, having stored what one search stores", () => {
    const { outcome, search } = team(7, 60);
    expect(outcome).toBe("exhausted");
    const single = run(7, 60);
    expect(single.outcome).toBe("exhausted");
    // Every reachable number once: the members never store a position twice between them.
    expect(search.positions).toBe(single.search.table.count);
    expect(search.members.every((m) => m.done)).toBe(true);
  });

  it("has members try their moves last first when told: mode 0 reversed dives as mode 1 does", () => {
    const dive = (modes: number[], reversed: boolean[]) => {
      const search = new TeamDepthFirst(
        [new Counter(40, 100), new Counter(40, 100)],
        "team",
        modes,
        1_000_000,
        { reversed },
      );
      search.begin(0, new BudgetMeter({}, undefined));
      expect(search.resume(Number.POSITIVE_INFINITY)).toBe("solved");
      return search.path().moves;
    };
    const fivesFirst = dive([1, 1], [false, false]);
    expect(fivesFirst[0]).toBe(5);
    expect(dive([0, 0], [true, true])).toEqual(fivesFirst);
    expect(dive([0, 0], [false, false])[0]).toBe(3);
  });

  it("stops at a position budget", () => {
    const search = new TeamDepthFirst([new Counter(7, 600), new Counter(7, 600)], "team", [0, 1], 4);
    search.begin(0, new BudgetMeter({ positions: 20 }, undefined));
    expect(search.resume(Number.POSITIVE_INFINITY)).toBe("positions");
  });

  it("answers at once when the root is already won", () => {
    const { outcome, search } = team(0, 10);
    expect(outcome).toBe("solved");
    expect(search.path().moves).toEqual([]);
  });
});
