import { describe, expect, it } from "vitest";
import { BudgetMeter } from "./budget.ts";
import { DepthFirst } from "./depth-first.ts";
import { pathMoves, type SearchDomain } from "./domain.ts";
import { type Phase, type PlanOptions, replayer, SolverError, solveByPlan } from "./kit.ts";

/**
 * A toy game: a counter from 0 that moves up by 3 or 5 while it stays at most `limit`, won at `target`. Mode
 * STREAMLINED moves by 5 only (a streamliner: fewer moves than the rules allow). Moves are the steps.
 */
const FULL = 0;
const STREAMLINED = 1;

class Counter implements SearchDomain<number, number> {
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
    for (const step of mode === STREAMLINED ? [5] : [3, 5]) if (this.n + step <= this.limit) out[at++] = step;
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
    return move;
  }
}

/** The game's engine: a step of 3 or 5 within the limit, or it throws. */
function engine(target: number, limit: number) {
  const apply = (n: number, step: number) => {
    if ((step !== 3 && step !== 5) || n + step > limit) throw new RangeError(`no step of ${step} from ${n}`);
    return n + step;
  };
  return replayer(0, apply, (n: number) => n === target);
}

type Search = DepthFirst<number, number>;

function search(target: number, limit: number, name: string, mode = FULL): Search {
  return new DepthFirst(new Counter(target, limit), name, mode);
}

/** A plan over the counter game: the searches' wins translated by their packed path, replayed by the engine. */
function plan(
  target: number,
  limit: number,
  phases: Phase<number, Search>[],
  more: Partial<PlanOptions<number, number, Search>> = {},
): PlanOptions<number, number, Search> {
  return {
    phases,
    root: 0,
    meter: new BudgetMeter({}, undefined),
    translate: (by) => pathMoves(by.domain, 0, by.path()),
    replay: engine(target, limit),
    searched: "every step of 3 or 5",
    ...more,
  };
}

const entry = (runner: Search, share = 4, complete?: boolean) => ({
  runner,
  first: share,
  quantum: share,
  complete,
});

describe("solveByPlan", () => {
  it("answers solved with the moves translated and replayed, and the stats of every search that ran", () => {
    const result = solveByPlan(plan(13, 40, [{ entries: [entry(search(13, 40, "complete"))] }]));
    expect(result.result).toBe("solved");
    expect(result.moves.reduce((a, b) => a + b, 0)).toBe(13);
    expect(result.stats.phases.map((p) => [p.name, p.outcome])).toEqual([["complete", "solved"]]);
    expect(result.stats.positions).toBe(result.stats.phases[0].positions);
    expect(result.stats.expanded).toBe(result.stats.phases[0].expanded);
    expect(result.stats.searched).toBe("every step of 3 or 5");
    expect(result.stats.budget).toBeUndefined();
  });

  it("says unsolvable when a complete search runs out, with what it searched as the reason", () => {
    // 1, 2, 4 and 7 are never reached by steps of 3 and 5.
    const result = solveByPlan(plan(7, 40, [{ entries: [entry(search(7, 40, "complete"))] }]));
    expect(result.result).toBe("unsolvable");
    expect(result.moves).toEqual([]);
    expect(result.reason).toBe("no sequence of moves wins: every step of 3 or 5");
    expect(result.stats.phases[0].outcome).toBe("exhausted");
  });

  it("never says unsolvable when only an incomplete search ran out", () => {
    // 13 needs a step of 3: the streamliner (steps of 5 only) runs out without it.
    const streamliner = search(13, 40, "streamliner", STREAMLINED);
    const result = solveByPlan(plan(13, 40, [{ entries: [entry(streamliner, 4, false)] }]));
    expect(result.result).toBe("unknown");
    expect(result.reason).toMatch(/none of them was complete/);
    expect(result.stats.budget).toBeUndefined();
    expect(result.stats.phases[0].outcome).toBe("exhausted");
  });

  it("answers unknown naming the budget when one runs out, never unsolvable", () => {
    // A lost game with more positions than the budget: a complete search cut short proves nothing.
    const meter = new BudgetMeter({ positions: 5 }, undefined);
    const result = solveByPlan(plan(7, 40, [{ entries: [entry(search(7, 40, "complete"))] }], { meter }));
    expect(result.result).toBe("unknown");
    expect(result.stats.budget).toBe("positions");
    expect(result.reason).toBe("position budget of 5 positions used up");
    expect(result.stats.positions).toBeLessThanOrEqual(5);
    let t = 0;
    const timed = new BudgetMeter({ ms: 3 }, () => t++, 1);
    const late = solveByPlan(
      plan(7, 4000, [{ entries: [entry(search(7, 4000, "complete"))] }], { meter: timed }),
    );
    expect(late.result).toBe("unknown");
    expect(late.stats.budget).toBe("time");
    expect(late.reason).toBe("time budget of 3 ms used up");
  });

  it("throws on a win that does not replay, and answers unknown on one the rules cannot play", () => {
    const wrong = plan(13, 40, [{ entries: [entry(search(13, 40, "complete"))] }], {
      translate: (by) => pathMoves(by.domain, 0, by.path()).slice(1),
    });
    expect(() => solveByPlan(wrong)).toThrow(SolverError);
    expect(() => solveByPlan(wrong)).toThrow(/complete search's win does not replay: the game is not won/);
    const illegal = plan(13, 40, [{ entries: [entry(search(13, 40, "complete"))] }], {
      translate: (by) => [1, ...pathMoves(by.domain, 0, by.path())],
    });
    expect(() => solveByPlan(illegal)).toThrow(/move 1: no step of 1 from 0/);
    const unplayable = solveByPlan(
      plan(13, 40, [{ entries: [entry(search(13, 40, "complete"))] }], {
        translate: () => "not under these rules",
      }),
    );
    expect(unplayable).toMatchObject({ result: "unknown", moves: [], reason: "not under these rules" });
  });

  it("asks for the words of what was searched with the verdict and the search that reached it", () => {
    const asked: string[] = [];
    const result = solveByPlan(
      plan(7, 40, [{ entries: [entry(search(7, 40, "complete"))] }], {
        searched: ({ result, by }) => {
          asked.push(`${result} ${by?.name}`);
          return `${by?.positions} positions`;
        },
      }),
    );
    expect(asked).toEqual(["unsolvable complete"]);
    expect(result.reason).toBe(`no sequence of moves wins: ${result.stats.positions} positions`);
  });
});

describe("a plan of phases", () => {
  /** A streamliner with a share of positions, then the complete search. */
  const twoPhases = (target: number, share: number): Phase<number, Search>[] => [
    {
      label: "as a streamliner",
      budget: { positions: share },
      entries: [entry(search(target, 400, "streamliner", STREAMLINED), 2, false)],
    },
    { entries: [entry(search(target, 400, "complete"))] },
  ];

  it("hands over to the next phase when a streamliner runs out, its records first and named", () => {
    const result = solveByPlan(plan(13, 400, twoPhases(13, 1000)));
    expect(result.result).toBe("solved");
    expect(result.stats.phases.map((p) => [p.name, p.outcome])).toEqual([
      ["streamliner (as a streamliner)", "exhausted"],
      ["complete", "solved"],
    ]);
    expect(result.stats.positions).toBe(result.stats.phases[0].positions + result.stats.phases[1].positions);
    expect(result.stats.searched).toMatch(
      /^every step of 3 or 5 \(after \d+ ms as a streamliner, searched again/,
    );
  });

  it("hands over when the phase's own share is used up, not when the plan's budget is", () => {
    // Steps of 5 reach 400 in 81 positions: a share of 10 cuts the streamliner short.
    const cut = solveByPlan(plan(13, 400, twoPhases(13, 10)));
    expect(cut.result).toBe("solved");
    expect(cut.stats.phases.map((p) => p.outcome)).toEqual(["positions", "solved"]);
    // The plan's budget smaller than the share: it ends the solve in the first phase, and is the one named.
    const meter = new BudgetMeter({ positions: 6 }, undefined);
    const ended = solveByPlan(plan(13, 400, twoPhases(13, 10), { meter }));
    expect(ended.result).toBe("unknown");
    expect(ended.reason).toBe("position budget of 6 positions used up");
    expect(ended.stats.phases.map((p) => p.name)).toEqual(["streamliner"]);
    // A second share larger than what the first phase left of the plan's 15 positions: the plan's budget named.
    const three = [twoPhases(13, 10)[0], { ...twoPhases(13, 100)[0], label: "again" }, twoPhases(13, 10)[1]];
    const left = solveByPlan(plan(13, 400, three, { meter: new BudgetMeter({ positions: 15 }, undefined) }));
    expect(left).toMatchObject({ result: "unknown", reason: "position budget of 15 positions used up" });
    expect(left.stats.phases.map((p) => p.name)).toEqual(["streamliner (as a streamliner)", "streamliner"]);
    expect(left.stats.positions).toBe(15);
    // A lost game: only the complete phase may say so.
    expect(solveByPlan(plan(7, 400, twoPhases(7, 10))).result).toBe("unsolvable");
  });

  it("ends at the first phase's win, counting its positions once, and names its own budget when last", () => {
    const streamliner = search(15, 400, "streamliner", STREAMLINED);
    const meter = new BudgetMeter({}, undefined);
    const won = solveByPlan(
      plan(15, 400, [{ budget: { positions: 100 }, entries: [entry(streamliner, 2, false)] }], { meter }),
    );
    expect(won).toMatchObject({ result: "solved", moves: [5, 5, 5] });
    expect(won.stats.phases.map((p) => p.name)).toEqual(["streamliner"]);
    expect(meter.positions).toBe(streamliner.positions);
    const short = solveByPlan(
      plan(400, 400, [
        { budget: { positions: 10 }, entries: [entry(search(400, 400, "s", STREAMLINED), 2, false)] },
      ]),
    );
    expect(short).toMatchObject({ result: "unknown", reason: "position budget of 10 positions used up" });
  });

  it("makes a phase's searches under its meter, counts work done elsewhere, reports progress, ends each phase", () => {
    const meters: BudgetMeter[] = [];
    const ended: string[] = [];
    const reports: number[] = [];
    const phase = (name: string, budget?: { positions: number }): Phase<number, Search> => ({
      budget,
      label: "first",
      entries: (m) => {
        meters.push(m);
        return [entry(search(7, 400, name), 4)];
      },
      elsewhere: () => [
        { name: `${name}, elsewhere`, positions: 1000, expanded: 10, ms: 0, outcome: "capped" },
      ],
      end: () => ended.push(name),
    });
    const meter = new BudgetMeter({}, undefined);
    const result = solveByPlan(
      plan(7, 400, [phase("a", { positions: 20 }), phase("b")], {
        meter,
        onProgress: ({ positions }) => reports.push(positions),
      }),
    );
    expect(result.result).toBe("unsolvable");
    expect(meters[0]).not.toBe(meter);
    expect(meters[1]).toBe(meter);
    expect(ended).toEqual(["a", "b"]);
    expect(result.stats.phases.map((p) => p.name)).toEqual([
      "a (first)",
      "a, elsewhere (first)",
      "b",
      "b, elsewhere",
    ]);
    const own = result.stats.phases[0].positions + result.stats.phases[2].positions;
    expect(result.stats.positions).toBe(own + 2000);
    // Progress counts every phase's positions, and the work elsewhere.
    for (let i = 1; i < reports.length; i++) expect(reports[i]).toBeGreaterThanOrEqual(reports[i - 1]);
    expect(reports[0]).toBeGreaterThan(1000);
    expect(reports.at(-1)).toBeGreaterThan(2000 + result.stats.phases[0].positions);
  });

  it("ends a phase whose search throws, and passes the error on", () => {
    const ended: string[] = [];
    const failing = search(13, 40, "complete");
    failing.resume = () => {
      throw new Error("a thread failed");
    };
    expect(() =>
      solveByPlan(plan(13, 40, [{ entries: [entry(failing)], end: () => ended.push("ended") }])),
    ).toThrow("a thread failed");
    expect(ended).toEqual(["ended"]);
  });
});
