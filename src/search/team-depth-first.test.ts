import { describe, expect, it } from "vitest";
import { BudgetMeter } from "./budget.ts";
import { DepthFirst } from "./depth-first.ts";
import { pathMoves, type SearchDomain } from "./domain.ts";
import { TeamDepthFirst } from "./team-depth-first.ts";

/**
 * A toy domain: a counter from 0 that moves up by 3 or 5 while it stays at most `limit`. Mode 1 tries 5 before 3,
 * so two members dive differently. Won at `target`.
 */
class Counter implements SearchDomain<number, string> {
  readonly keyWords = 1;
  readonly maxMoves = 2;
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
  forced(_after: number, _out: Int32Array, at: number) {
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
    const single = new DepthFirst(new Counter(7, 60), "one", 0);
    single.begin(0, new BudgetMeter({}, undefined));
    expect(single.resume(Number.POSITIVE_INFINITY)).toBe("exhausted");
    // Every reachable number once: the members never store a position twice between them.
    expect(search.positions).toBe(single.table.count);
    expect(search.members.every((m) => m.done)).toBe(true);
  });

  it("stops at a position budget", () => {
    const search = new TeamDepthFirst([new Counter(7, 600), new Counter(7, 600)], "team", [0, 1], 4);
    search.begin(0, new BudgetMeter({ positions: 20 }, undefined));
    expect(search.resume(Number.POSITIVE_INFINITY)).toBe("positions");
  });
});
