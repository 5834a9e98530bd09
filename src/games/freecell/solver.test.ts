import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { type Card, rankOf } from "../../cards/card.ts";
import { mulberry32, shuffle } from "../../cards/random.ts";
import { KING_ALBERT_RULES, kingAlbert } from "../king-albert/index.ts";
import { solutionTurns } from "../patience/solution.ts";
import { checkSolution } from "../patience/verify.ts";
import { parseBoard } from "./board-text.ts";
import { dealMicrosoft } from "./deal.ts";
import { freecell } from "./index.ts";
import {
  type AutoPolicy,
  applyMove,
  applyUnchecked,
  autoMoves,
  canGoHome,
  emptyState,
  type FreeCellRules,
  type FreeCellState,
  isWon,
  legalMoves,
  type Move,
  makeRules,
  topCard,
} from "./rules.ts";
import {
  countSolution,
  nextMove,
  SHORT_WEIGHTS,
  type Strategy,
  solutionNotation,
  solve,
  writeOutRuns,
} from "./solver.ts";
import { GEN_FAST } from "./solver-packed.ts";

const clock = () => performance.now();

/** Replays through the engine with no automatic moves at all: every move must be legal and the game won. */
function expectWins(state: FreeCellState, moves: readonly Move[]): void {
  let s = state;
  for (const move of moves) s = applyMove(s, move);
  expect(isWon(s)).toBe(true);
  const report = checkSolution(freecell, state, solutionNotation(state, moves), "none");
  expect(report).toMatchObject({ valid: true, won: true });
}

describe("solve", () => {
  it("solves Microsoft deals 1-12 with solutions that replay to a win with automatic moves off", () => {
    for (let n = 1; n <= 12; n++) {
      const state = dealMicrosoft(n);
      const result = solve(state, { now: clock });
      expect(result.result).toBe("solved");
      expectWins(state, result.moves);
      expect(result.stats.positions).toBeGreaterThan(0);
    }
  });

  it("proves the eight impossible deals below one million impossible", () => {
    for (const n of [11982, 146692, 186216, 455889, 495505, 512118, 517776, 781948]) {
      const result = solve(dealMicrosoft(n), { now: clock });
      expect(result.result, `deal ${n}`).toBe("unsolvable");
      expect(result.moves).toEqual([]);
      expect(result.stats.searched).toMatch(/complete search .* every single-card move/);
      expect(result.reason).toMatch(/safe automatic foundation moves as the only pruning/);
    }
  });

  it("solves 739671, which fc-solve's grouped moves call impossible", () => {
    const state = dealMicrosoft(739671);
    const result = solve(state, { now: clock });
    expect(result.result).toBe("solved");
    expectWins(state, result.moves);
  });

  it("solves 1941 and 98714, which forcing every playable card home would lose", () => {
    for (const n of [1941, 98714]) {
      const state = dealMicrosoft(n);
      const result = solve(state, { now: clock });
      expect(result.result).toBe("solved");
      expectWins(state, result.moves);
    }
  });

  it("finds deal 11982 solvable with 5 cells, and the swapped board needing all 4 cells", () => {
    const five = dealMicrosoft(11982, { cells: 5 });
    const result = solve(five, { now: clock });
    expect(result.result).toBe("solved");
    expectWins(five, result.moves);
    const text = readFileSync(
      new URL("../../../test/data/11982-th-8h-swapped.board", import.meta.url),
      "utf8",
    );
    const four = parseBoard(text, { cells: 4 });
    const solved = solve(four, { now: clock });
    expect(solved.result).toBe("solved");
    expectWins(four, solved.moves);
    expect(solve(parseBoard(text, { cells: 3 }), { now: clock }).result).toBe("unsolvable");
  });

  it("solves variants and writes moves the variant allows", () => {
    const cases: [number, Partial<FreeCellRules>][] = [
      [1, { sequenceMoves: false }],
      [2, { cells: 3 }],
      [3, { cascades: 9 }],
      [4, { cascades: 7 }],
      [5, { empty: "kings" }],
      [6, { fromFoundation: true }],
      [7, { cells: 6 }],
      [8, { build: "suit", cells: 6 }],
    ];
    for (const [n, rules] of cases) {
      const state = dealMicrosoft(n, rules);
      const result = solve(state, { now: clock, budget: { positions: 2_000_000 } });
      expect(result.result, `deal ${n} ${JSON.stringify(rules)}`).toBe("solved");
      expectWins(state, result.moves);
      if (!state.rules.sequenceMoves) expect(result.moves.every((m) => m.count === 1)).toBe(true);
    }
  });

  it("under the 'all' policy sends every card home as soon as it can go", () => {
    const state = dealMicrosoft(3);
    const result = solve(state, { policy: "all", now: clock });
    expect(result.result).toBe("solved");
    expectWins(state, result.moves);
    let s = state;
    for (const move of result.moves) {
      const waiting = [...s.cells, ...s.cascades.map((c) => c[c.length - 1] ?? null)].some(
        (c) => c !== null && canGoHome(s, c),
      );
      if (waiting) expect(move.to.kind).toBe("foundation");
      s = applyMove(s, move);
    }
  });

  it("counts solutions three ways", () => {
    const state = dealMicrosoft(1);
    const result = solve(state, { now: clock });
    const counts = countSolution(state, result.moves);
    expect(counts.moves).toBe(result.moves.length);
    expect(counts.cards).toBeGreaterThanOrEqual(counts.moves);
    expect(counts.player).toBeLessThan(counts.moves);
    expect(result.moves.filter((m) => m.to.kind === "foundation")).toHaveLength(52);
  });

  it("gives a next move for a player, skipping what the policy does by itself", () => {
    const state = autoMoves(dealMicrosoft(1), "safe").state;
    const { move, result } = nextMove(state, { now: clock });
    expect(result.result).toBe("solved");
    expect(move).toBeDefined();
    expect(legalMoves(state).some((m) => JSON.stringify(m) === JSON.stringify(move))).toBe(true);
  });
});

describe("shortest", () => {
  it("wins deals 1-20 with wins that replay, each no longer than the default's, 40 player moves or fewer on average", () => {
    let total = 0;
    for (let n = 1; n <= 20; n++) {
      const state = dealMicrosoft(n);
      const short = solve(state, { shortest: true, now: clock });
      expect(short.result).toBe("solved");
      expectWins(state, short.moves);
      const length = countSolution(state, short.moves).player;
      expect(length, `deal ${n}`).toBeLessThanOrEqual(countSolution(state, solve(state).moves).player);
      total += length;
    }
    expect(total / 20).toBeLessThanOrEqual(40);
  });

  it("going on after the first win only ever shortens it, and a budget met meanwhile ends with the win found", () => {
    const plan: Strategy[] = [
      { name: "short", mode: GEN_FAST, weights: SHORT_WEIGHTS, quantum: 20000, first: 100000, after: 1000 },
    ];
    let gained = 0;
    for (const n of [2, 4, 5, 10]) {
      const state = dealMicrosoft(n);
      const all = solve(state, { plan }).stats.positions;
      // The first win comes 1,000 positions before the end: budgets met after it cut the going on short.
      const lengths = [all - 990, all - 600, all - 200, all].map((positions) => {
        const cut = solve(state, { plan, budget: { positions } });
        expect(cut.result, `deal ${n} at ${positions} positions`).toBe("solved");
        expectWins(state, cut.moves);
        return countSolution(state, cut.moves).player;
      });
      for (let k = 1; k < lengths.length; k++) expect(lengths[k]).toBeLessThanOrEqual(lengths[k - 1]);
      gained += lengths[0] - lengths[lengths.length - 1];
    }
    expect(gained).toBeGreaterThan(0);
  });
});

describe("budgets", () => {
  it("a tiny position budget gives unknown, naming it, and is never passed", () => {
    const result = solve(dealMicrosoft(11982), { budget: { positions: 50 } });
    expect(result.result).toBe("unknown");
    expect(result.stats.budget).toBe("positions");
    expect(result.reason).toMatch(/position budget of 50/);
    expect(result.stats.positions).toBeLessThanOrEqual(50);
    const exact = solve(dealMicrosoft(11982), { budget: { positions: 60_000 } });
    expect(exact.result).toBe("unknown");
    expect(exact.stats.positions).toBe(60_000);
  });

  it("a time budget read through the injected clock gives unknown, naming it", () => {
    let t = 0;
    const result = solve(dealMicrosoft(11982), { budget: { ms: 50 }, now: () => t++ });
    expect(result.result).toBe("unknown");
    expect(result.stats.budget).toBe("time");
  });

  it("a memory budget gives unknown, naming it, with the tables inside it", () => {
    const result = solve(dealMicrosoft(11982), { budget: { bytes: 2_000_000 } });
    expect(result.result).toBe("unknown");
    expect(result.stats.budget).toBe("memory");
    expect(result.stats.bytes).toBeLessThanOrEqual(2_000_000);
    const tiny = solve(dealMicrosoft(1), { budget: { bytes: 1000 } });
    expect(tiny.result).toBe("unknown");
    expect(tiny.stats.budget).toBe("memory");
  });
});

/** A small position: most cards home, the rest shuffled over the cascades and maybe a cell. */
function smallPosition(seed: number, rules: FreeCellRules, inPlay: number): FreeCellState {
  const random = mulberry32(seed);
  const state = emptyState(rules);
  const left = [0, 0, 0, 0];
  for (let k = 0; k < inPlay; k++) left[Math.floor(random() * 4)]++;
  const cards: Card[] = [];
  for (let s = 0; s < 4; s++) {
    const n = Math.min(left[s], 13);
    state.foundations[s] = 13 - n;
    for (let r = 14 - n; r <= 13; r++) cards.push((r - 1) * 4 + s);
  }
  const dealt = shuffle(cards, random);
  if (rules.cells > 0 && dealt.length > 0 && random() < 0.5) state.cells[0] = dealt.pop() as Card;
  dealt.forEach((c, i) => {
    state.cascades[i % rules.cascades].push(c);
  });
  return state;
}

/** A naive search over the engine's own moves: no symmetry, no pruning beyond the policy's own moves. */
function bruteForce(start: FreeCellState, policy: AutoPolicy): boolean {
  const seen = new Set<string>();
  const stack: FreeCellState[] = [autoMoves(start, policy).state];
  while (stack.length > 0) {
    const state = stack.pop() as FreeCellState;
    if (isWon(state)) return true;
    const key = JSON.stringify([state.cascades, state.cells, state.foundations]);
    if (seen.has(key)) continue;
    seen.add(key);
    for (const move of legalMoves(state)) stack.push(autoMoves(applyUnchecked(state, move), policy).state);
    if (seen.size > 200_000) throw new Error("position too large for brute force");
  }
  return false;
}

describe("verdicts agree with brute force on small positions", () => {
  const cases: [Partial<FreeCellRules>, AutoPolicy, number][] = [
    [{ cells: 0, cascades: 3 }, "none", 9],
    [{ cells: 1, cascades: 3 }, "none", 10],
    [{ cells: 1, cascades: 3 }, "safe", 11],
    [{ cells: 1, cascades: 2 }, "all", 10],
    [{ cells: 0, cascades: 4, build: "suit" }, "none", 10],
    [{ cells: 1, cascades: 3, empty: "kings" }, "none", 10],
    [{ cells: 1, cascades: 3, sequenceMoves: false }, "none", 10],
    [{ cells: 1, cascades: 3, fromFoundation: true }, "safe", 8],
    [{ cells: 0, cascades: 3, fromFoundation: true }, "none", 6],
    // A reserve (King Albert's): its plan, and where cards leave the foundations its streamliners beside it.
    [{ cells: 2, cascades: 3, reserve: true, sequenceMoves: false }, "safe", 10],
    [{ cells: 2, cascades: 3, reserve: true, sequenceMoves: false, fromFoundation: true }, "safe", 9],
    [{ cells: 2, cascades: 3, reserve: true, sequenceMoves: false, fromFoundation: true }, "none", 8],
  ];
  for (const [partial, policy, inPlay] of cases) {
    it(`${JSON.stringify(partial)} policy ${policy}`, () => {
      const rules = makeRules(partial);
      const verdicts = { solved: 0, unsolvable: 0 };
      for (let seed = 1; seed <= 14; seed++) {
        const state = smallPosition(seed * 7919 + inPlay, rules, inPlay);
        const expected = bruteForce(state, policy);
        const result = solve(state, { policy, budget: { positions: 1_000_000 } });
        expect(result.result, `seed ${seed}`).toBe(expected ? "solved" : "unsolvable");
        verdicts[result.result as "solved" | "unsolvable"]++;
        if (expected) {
          expectWins(state, result.moves);
        }
      }
      expect(verdicts.solved + verdicts.unsolvable).toBe(14);
    });
  }

  it("finds both outcomes among the small positions", () => {
    const rules = makeRules({ cells: 1, cascades: 3 });
    const results = new Set<string>();
    for (let seed = 1; seed <= 14; seed++) {
      results.add(solve(smallPosition(seed * 7919 + 10, rules, 10), { policy: "none" }).result);
    }
    expect(results).toEqual(new Set(["solved", "unsolvable"]));
  });

  it("puts every card of a small position home at the end", () => {
    const state = smallPosition(5, makeRules({ cells: 2, cascades: 3 }), 8);
    const result = solve(state, { policy: "none" });
    expect(result.result).toBe("solved");
    const last = result.moves.reduce((s, m) => applyMove(s, m), state);
    expect(last.foundations.every((r) => r === 13)).toBe(true);
    expect(topCard(last, { kind: "foundation", index: 0 })).toBeDefined();
    expect(rankOf(topCard(last, { kind: "foundation", index: 3 }) as Card)).toBe(13);
  });
});

/** A small King Albert-like position: a reserve of `reserve` cards, the rest of the cards in play on the cascades. */
function smallReservePosition(
  seed: number,
  rules: FreeCellRules,
  inPlay: number,
  reserve: number,
): FreeCellState {
  const state = smallPosition(seed, { ...rules, reserve: false }, inPlay);
  const cards = [...state.cascades.flat(), ...state.cells.filter((c): c is Card => c !== null)];
  const random = mulberry32(seed ^ 0x5a5a);
  const dealt = shuffle(cards, random);
  const cells: (Card | null)[] = Array.from({ length: rules.cells }, (_, i) =>
    i < reserve ? (dealt.pop() ?? null) : null,
  );
  const cascades: Card[][] = Array.from({ length: rules.cascades }, () => []);
  dealt.forEach((c, i) => {
    cascades[i % rules.cascades].push(c);
  });
  return { ...state, rules, cells, cascades };
}

describe("King Albert", () => {
  // Solvitaire-numbered deals 1..30 under the paper's rules; a plain depth-first search of every single-card
  // move (written apart from this solver) finds these impossible and the others won.
  const impossible = new Set([15, 16, 18, 20, 21, 24, 25, 27, 28, 29]);

  it("decides Solvitaire-numbered deals 1..30, with wins that replay and play as turns under every policy", () => {
    const rules = kingAlbert.rules.make({});
    for (let n = 1; n <= 30; n++) {
      const state = kingAlbert.deal(n, rules, "solvitaire");
      for (const policy of ["safe", "all", "none"] as const) {
        if (policy !== "safe" && n % 3 !== 0) continue;
        const result = solve(state, { policy, budget: { positions: 3_000_000 } });
        if (policy === "safe")
          expect(result.result, `deal ${n}`).toBe(impossible.has(n) ? "unsolvable" : "solved");
        if (result.result !== "solved") continue;
        expectWins(state, result.moves);
        expect(result.moves.every((m) => m.count === 1)).toBe(true);
        const turns = solutionTurns(kingAlbert, state, result.moves, policy);
        expect(kingAlbert.isWon(turns[turns.length - 1].after)).toBe(true);
      }
    }
  });

  it("writes a run moved as one out as single-card moves through empty cascades", () => {
    const rules = makeRules({ ...KING_ALBERT_RULES, cells: 7 });
    const state: FreeCellState = {
      ...emptyState(rules),
      // Cascade 1: 9S 8H 7C 6D 5S (a run of five on 9S's cascade), cascade 2: TD; cascades 3..5 empty.
      cascades: [[35, 30, 24, 21, 19], [38], [], [], [], [0], [1], [2], [3]],
      cells: [4, 5, 6, 7, null, null, null],
      foundations: [0, 0, 0, 0],
    };
    const moves = writeOutRuns(state, [
      { from: { kind: "cascade", index: 0 }, to: { kind: "cascade", index: 1 }, count: 5 },
    ]);
    expect(moves.every((m) => m.count === 1)).toBe(true);
    const after = moves.reduce((s, m) => applyMove(s, m), state);
    expect(after.cascades[1]).toEqual([38, 35, 30, 24, 21, 19]);
    expect(after.cascades[0]).toEqual([]);
  });

  describe("verdicts agree with brute force on small positions with a reserve", () => {
    const cases: [Partial<FreeCellRules>, AutoPolicy, number, number][] = [
      [{ cells: 3, cascades: 3 }, "safe", 11, 3],
      [{ cells: 2, cascades: 3 }, "none", 10, 2],
      [{ cells: 4, cascades: 4 }, "safe", 15, 4],
      [{ cells: 2, cascades: 3, fromFoundation: true }, "safe", 9, 2],
      [{ cells: 3, cascades: 3, sequenceMoves: true }, "safe", 11, 3],
    ];
    for (const [partial, policy, inPlay, reserve] of cases) {
      it(`${JSON.stringify(partial)} policy ${policy}`, () => {
        const rules = makeRules({ ...KING_ALBERT_RULES, sequenceMoves: false, ...partial });
        const verdicts = { solved: 0, unsolvable: 0 };
        for (let seed = 1; seed <= 40; seed++) {
          const state = smallReservePosition(seed * 7919 + inPlay, rules, inPlay, reserve);
          const expected = bruteForce(state, policy);
          const result = solve(state, { policy, budget: { positions: 1_000_000 } });
          expect(result.result, `seed ${seed}`).toBe(expected ? "solved" : "unsolvable");
          verdicts[result.result as "solved" | "unsolvable"]++;
          if (expected) expectWins(state, result.moves);
        }
        expect(verdicts.solved).toBeGreaterThan(0);
        expect(verdicts.unsolvable).toBeGreaterThan(0);
      });
    }
  });
});
