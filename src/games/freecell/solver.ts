import { BestFirst } from "../../search/best-first.ts";
import { type Budget, BudgetMeter, type Clock } from "../../search/budget.ts";
import { DepthFirst } from "../../search/depth-first.ts";
import { codeMoves, lineMoves } from "../../search/domain.ts";
import { type Phase, type PlanOptions, SolverError, solveByPlan, type Verdict } from "../../search/kit.ts";
import type { Entry } from "../../search/portfolio.ts";
import type { SolveResult } from "../../search/result.ts";
import { Shortener } from "../../search/shorten.ts";
import { formatMove } from "./notation.ts";
import {
  type AutoPolicy,
  applyMove,
  applyUnchecked,
  canGoHome,
  cascade,
  cell,
  type FreeCellRules,
  type FreeCellState,
  isSafeHome,
  type Move,
  topCard,
} from "./rules.ts";
import {
  FORCE_ALL,
  FORCE_NONE,
  FORCE_SAFE,
  GEN_COMPLETE,
  GEN_FAST,
  LAZY_RESERVE,
  PackedPosition,
  RUNS,
  TIGHT,
  type Weights,
} from "./solver-packed.ts";

export type { Weights };

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
  /** Another portfolio than the game's own (benchmarks and experiments). */
  plan?: readonly Strategy[];
}

export type FreeCellSolveResult = SolveResult<Move>;

export { SolverError };

/**
 * The main search: greedy on the position, with a little weight on depth for shorter wins. On twice the others'
 * scale (home 24), so depth weighs half a card home's twelfth; found by an automated search over the weights
 * (docs/solver.md, eleventh round).
 */
export const FAST_WEIGHTS: Weights = {
  home: 24,
  disorder: 13,
  dig: 4,
  free: 12,
  empty: 18,
  depth: 1,
  under: 0,
  cramp: 4,
};
/**
 * The single-card search, the only one that may prove a deal lost: the main search's weights of the tenth
 * round with more on depth. Its order cannot change how many positions a lost deal takes (it stores them
 * all), but on the deals the fast searches do not win it wins in fewer positions and fewer moves than the
 * pure greedy weights it had before (twelfth round of docs/solver.md).
 */
export const COMPLETE_WEIGHTS: Weights = {
  home: 12,
  disorder: 9,
  dig: 3,
  free: 6,
  empty: 12,
  depth: 2,
  under: 0,
  cramp: 6,
};
/**
 * The --shortest search: heavy weights on depth (the moves made) and on cards below the top runs (each needs a
 * move or more), the rest near the plain greedy balance (home 4, disorder 3, dig 1); wins with fewer moves for
 * about six times the default's positions (the weights around it measured in docs/solver.md).
 */
export const SHORT_WEIGHTS: Weights = {
  home: 4,
  disorder: 3,
  dig: 1,
  free: 3,
  empty: 6,
  depth: 11,
  under: 9,
  cramp: 4,
};
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

/** One search of the portfolio: its move set, its weights, and its shares of positions. */
export interface Strategy {
  name: string;
  /** GEN_FAST or GEN_COMPLETE, with the flags LAZY_RESERVE, RUNS and TIGHT; only a GEN_COMPLETE search is exact. */
  mode: number;
  weights: Weights;
  /** Its share of each round, in positions. */
  quantum: number;
  /** The share of its first round (easy deals end there). */
  first: number;
  /**
   * A search that proves nothing keys its table on whole canonical keys anyway (smaller records than a hash
   * and a raw position) when set.
   */
  keyed?: boolean;
  /**
   * A depth-first search over the moves in the generator's order instead of a best-first one (GEN_COMPLETE
   * only: a depth-first search's running out proves). Cheaper a position; it finds other wins.
   */
  depthFirst?: boolean;
  /** A search that proves nothing stops (and gives its memory back) after this many positions. */
  limit?: number;
  /**
   * Searched under the same rules but with every card staying on its foundation, where the rules let cards come
   * back off them: a streamliner (Solvitaire's word). Its moves are moves of the rules in force, so its wins are
   * wins; its running out proves nothing.
   */
  stays?: boolean;
  /** A best-first search goes on for this many positions after its first win, for a shorter one. */
  after?: number;
}

export const DEFAULT_PLAN: Strategy[] = [
  { name: "fast", mode: GEN_FAST | TIGHT, weights: FAST_WEIGHTS, quantum: 2000, first: 24000 },
  { name: "fast-b", mode: GEN_FAST, weights: B_WEIGHTS, quantum: 2000, first: 2000 },
  { name: "fast-deep", mode: GEN_FAST, weights: DEEP_WEIGHTS, quantum: 2000, first: 2000 },
  { name: "fast-space", mode: GEN_FAST, weights: SPACE_WEIGHTS, quantum: 2000, first: 2000 },
  { name: "complete", mode: GEN_COMPLETE, weights: COMPLETE_WEIGHTS, quantum: 8000, first: 8000 },
];

/** --shortest: the short search first, going on for 1,000 positions after its first win; the portfolio behind. */
const SHORTEST_PLAN: Strategy[] = [
  { name: "short", mode: GEN_FAST, weights: SHORT_WEIGHTS, quantum: 20000, first: 100000, after: 1000 },
  ...DEFAULT_PLAN,
];

/** A game's plans: the portfolio, the one for short solutions, and the moves tried for shortcuts. */
interface Plans {
  plan: Strategy[];
  shortest: Strategy[];
  shortenMode: number;
  /** Whether the first search's wins are shortened too (they are nearly as short as they get in FreeCell). */
  shortenFirst: boolean;
  /** The longest shortcut tried (moves), without --shortest. */
  shortenDepth: number;
  /** The longest shortcut tried with --shortest. */
  shortestDepth: number;
  /** The plan instead of `plan` where cards may leave the foundations, when it differs. */
  worryPlan?: Strategy[];
}

const FREECELL_PLANS: Plans = {
  plan: DEFAULT_PLAN,
  shortest: SHORTEST_PLAN,
  shortenMode: GEN_FAST,
  shortenFirst: false,
  shortenDepth: 1,
  shortestDepth: 1,
};

/** King Albert's weights (no free cells: the reserve's emptied slots are worth nothing, see docs/solver.md). */
const KA_WEIGHTS: Weights = { home: 4, disorder: 3, dig: 1, free: 0, empty: 4, depth: 0, under: 0, cramp: 0 };
const KA_SPACE_WEIGHTS: Weights = { ...KA_WEIGHTS, empty: 8, dig: 2 };
const KA_SHORT_WEIGHTS: Weights = { ...KA_WEIGHTS, depth: 2 };

/**
 * King Albert (and any reserve game): every search lets the reserve wait (LAZY_RESERVE). Two fast searches
 * (cards on their parents stay put; one moves runs as one through the empty cascades, written out card by
 * card) find most wins; each stops at a million positions and gives its memory to the others. A best-first
 * search over every single-card move and whole runs finds others, and the depth-first search over every
 * single-card move (cheaper a position than a best-first search, and it finds other wins) proves; both are
 * complete. Measured against other plans in docs/solver.md ("King Albert").
 */
export const KING_ALBERT_PLAN: Strategy[] = [
  {
    name: "fast",
    mode: GEN_FAST | LAZY_RESERVE,
    weights: KA_WEIGHTS,
    quantum: 4000,
    first: 4000,
    keyed: true,
    limit: 1_000_000,
  },
  {
    name: "fast-runs",
    mode: GEN_FAST | LAZY_RESERVE | RUNS,
    weights: KA_SPACE_WEIGHTS,
    quantum: 4000,
    first: 4000,
    keyed: true,
    limit: 1_000_000,
  },
  {
    name: "complete-moves",
    mode: GEN_COMPLETE | LAZY_RESERVE | RUNS,
    weights: KA_WEIGHTS,
    quantum: 4000,
    first: 4000,
  },
  {
    name: "complete",
    mode: GEN_COMPLETE | LAZY_RESERVE,
    weights: KA_WEIGHTS,
    quantum: 8000,
    first: 8000,
    depthFirst: true,
  },
];

/**
 * Where cards may come back, the depth-first search over every single-card move is the one that proves a deal
 * lost, and on the hardest lost deals it needs tens of millions of positions alone (Solvitaire's 434: 55.8M,
 * 7578: 59.2M). With equal turns it had a fifth to a third of the budget there, and those deals stayed undecided at
 * 40,000,000 positions; it now has three times the turns of before (docs/solver.md, "Turns for the proof").
 */
const WORRY_PROOF_QUANTUM = 24000;
/** A streamliner's complete-kind search stops here: it proves nothing, and its wins come early. */
const STAY_LIMIT = 5_000_000;

/**
 * Where cards may come back off the foundations (Solvitaire's King Albert): the plan's searches, and beside them
 * the same searches under the paper's rules, where every card stays home (`stays`). A card is seldom worried back
 * in a win, and without those moves, and with the stronger safe moves home of those rules, the space is far
 * smaller: many deals the plan alone leaves undecided at 20,000,000 positions are won within a few million
 * (docs/solver.md, "Cards that stay home"). The streamliners prove nothing; each stops at its limit or when its
 * smaller space runs out, and gives its memory to the searches that go on.
 */
export const KING_ALBERT_WORRY_PLAN: Strategy[] = [
  ...KING_ALBERT_PLAN.map((p) => (p.depthFirst ? { ...p, quantum: WORRY_PROOF_QUANTUM } : p)),
  ...KING_ALBERT_PLAN.map((p) => ({
    ...p,
    name: `${p.name}, cards stay home`,
    stays: true,
    limit: p.limit ?? STAY_LIMIT,
  })),
];

const KING_ALBERT_PLANS: Plans = {
  plan: KING_ALBERT_PLAN,
  shortest: [
    {
      name: "short",
      mode: GEN_FAST | LAZY_RESERVE | RUNS,
      weights: KA_SHORT_WEIGHTS,
      quantum: 20000,
      first: 50000,
    },
    ...KING_ALBERT_PLAN,
  ],
  shortenMode: GEN_COMPLETE | LAZY_RESERVE | RUNS,
  shortenFirst: true,
  shortenDepth: 1,
  shortestDepth: 3,
  worryPlan: KING_ALBERT_WORRY_PLAN,
};

type Search = BestFirst<FreeCellState, Move, Weights> | DepthFirst<FreeCellState, Move>;

/** The move codes of a search's win (forced moves left out), whatever kind of search it is. */
function winCodes(search: Search, start: FreeCellState): number[] {
  if (search instanceof BestFirst) return search.codes;
  const domain = search.domain as PackedPosition;
  const buffer = new Int32Array(domain.maxMoves * 2);
  domain.load(start);
  domain.forced(-1, buffer, 0);
  return search.path().map((m) => {
    const code = domain.moveCode(m);
    domain.apply(m);
    domain.forced(m, buffer, 0);
    return code;
  });
}

/** The searches kept for one shape of rules and plan, reused from solve to solve (their tables stay allocated). */
interface Searches {
  entries: Entry<Search>[];
  shortener: Shortener<FreeCellState, Move, Weights>;
  /** The entries' runners, in order. */
  runners: Search[];
  /** Every search's domain and the shortener's. */
  domains: PackedPosition[];
  /** The streamliners (`stays`), and the shortener of their wins, under their rules. */
  stays: { runners: Set<Search>; shortener: Shortener<FreeCellState, Move, Weights> } | undefined;
}

/** The searches kept, by plan (the plan's own array), then by rules. */
let kept = new WeakMap<readonly Strategy[], Map<string, Searches>>();

function rulesKey(r: FreeCellRules): string {
  return `${r.cells}/${r.cascades}/${r.build}/${r.empty}/${r.fromFoundation}/${r.sequenceMoves}/${r.reserve}`;
}

/** Tables above this size are not kept for the next solve. */
const KEEP_BYTES = 64 * 1024 * 1024;

function searchesFor(
  rules: FreeCellRules,
  plan: readonly Strategy[],
  shortenMode: number,
  maxBytes: number,
): Searches {
  const key = rulesKey(rules);
  let byRules = kept.get(plan);
  if (!byRules) {
    byRules = new Map();
    kept.set(plan, byRules);
  }
  let searches = byRules.get(key);
  if (searches) {
    let bytes = 0;
    for (let i = 0; i < searches.runners.length; i++) bytes += searches.runners[i].bytes;
    if (bytes > maxBytes) searches = undefined;
  }
  if (!searches) {
    const entries = plan.map((p) => ({
      runner: runnerFor(p, rules),
      first: p.first,
      quantum: p.quantum,
      limit: p.limit,
      complete: p.stays ? false : undefined,
    }));
    const shortener = new Shortener(new PackedPosition(rules), shortenMode);
    const runners = entries.map((e) => e.runner);
    const stayers = runners.filter((_, i) => plan[i].stays);
    const stays =
      stayers.length > 0
        ? {
            runners: new Set(stayers),
            shortener: new Shortener(new PackedPosition(staying(rules)), shortenMode),
          }
        : undefined;
    const domains = [
      ...runners.map((r) => r.domain as PackedPosition),
      shortener.domain as PackedPosition,
      ...(stays ? [stays.shortener.domain as PackedPosition] : []),
    ];
    searches = { entries, shortener, runners, domains, stays };
    byRules.set(key, searches);
  }
  return searches;
}

/** The rules with every card staying on its foundation. */
function staying(rules: FreeCellRules): FreeCellRules {
  return { ...rules, fromFoundation: false };
}

function runnerFor(p: Strategy, ruleSet: FreeCellRules): Search {
  const rules = p.stays ? staying(ruleSet) : ruleSet;
  const complete = (p.mode & 3) === GEN_COMPLETE;
  if (p.depthFirst) {
    if (!complete)
      throw new SolverError("a depth-first search proves what it does not find: GEN_COMPLETE only");
    return new DepthFirst(new PackedPosition(rules), p.name, p.mode);
  }
  const search = new BestFirst(
    new PackedPosition(rules),
    p.name,
    complete || p.keyed === true,
    p.mode,
    p.weights,
    complete,
  );
  search.after = p.after ?? 0;
  return search;
}

function forceOf(policy: AutoPolicy, rules: { fromFoundation: boolean }): number {
  if (policy === "all") return FORCE_ALL;
  // Under "none" the safe moves are still taken as pruning: they lose nothing (the safe rule allows for
  // cards coming back off the foundations when the rules let them). When cards may come back, only the
  // policy in force is applied, so "none" prunes nothing.
  if (policy === "safe" || !rules.fromFoundation) return FORCE_SAFE;
  return FORCE_NONE;
}

function describeSearch(state: FreeCellState, policy: AutoPolicy, force: number): string {
  const r = state.rules;
  const waits = r.reserve
    ? ", and a reserve card played to the cascades only with a card put onto it at once (proven to lose no win)"
    : "";
  const pruning =
    force === FORCE_ALL
      ? `every card that can go home sent home at once (the 'all' policy in force)${waits}`
      : force === FORCE_SAFE
        ? r.reserve
          ? `safe automatic foundation moves${waits} as the only pruning`
          : "safe automatic foundation moves as the only pruning"
        : r.reserve
          ? `no pruning but a reserve card played to the cascades only with a card put onto it at once`
          : "no pruning at all";
  const spaces = r.reserve ? `a reserve of ${r.cells}` : `${r.cells} cells`;
  return (
    `every single-card move (${spaces}, ${r.cascades} cascades, build ${r.build}, empty cascades take ` +
    `${r.empty === "any" ? "any card" : "kings only"}${r.fromFoundation ? ", cards may leave the foundations" : ""}), ` +
    `${pruning}, positions that differ only in the order of cascades or ${r.reserve ? "reserve cards" : "cells"} counted once; policy ${policy}`
  );
}

/**
 * Solves a FreeCell position (King Albert's too). `solved` comes with every move, foundation moves written
 * out; `unsolvable` only after a complete search of single-card moves; `unknown` when a budget ran out
 * (stats.budget says which).
 *
 * Several best-first searches take turns (see docs/solver.md): four over grouped moves with different
 * heuristics, which find most wins fast, and one over every single-card move, which alone may prove a deal
 * lost by running out of positions. The budgets bound the searches; the shortening of a win found afterwards
 * is bounded by the length of the win.
 */
export function solve(state: FreeCellState, options: SolveOptions = {}): FreeCellSolveResult {
  const plan = new FreeCellPlan(state, options);
  try {
    return solveByPlan(plan);
  } finally {
    if (plan.meter.bytesUsed > KEEP_BYTES) kept = new WeakMap();
  }
}

/**
 * One solve's plan for the kit: the searches kept for the rules and plan, and how a win is written out, checked
 * and described. A class, so that its functions are made once, not as closures each solve: under tsx (keepNames)
 * naming a closure costs microseconds, and a solve takes a few hundred.
 */
class FreeCellPlan implements PlanOptions<FreeCellState, Move, Search> {
  readonly meter: BudgetMeter;
  readonly phases: Phase<FreeCellState, Search>[];
  readonly onProgress: SolveOptions["onProgress"];
  private readonly plans: Plans;
  private readonly searches: Searches;
  /** Whether the packed position that played the win out was won at its end. */
  private packedWon = true;

  constructor(
    readonly root: FreeCellState,
    private readonly options: SolveOptions,
  ) {
    this.meter = new BudgetMeter(options.budget ?? {}, options.now);
    this.plans = root.rules.reserve ? KING_ALBERT_PLANS : FREECELL_PLANS;
    const { plans } = this;
    const plan =
      options.plan ??
      (options.shortest
        ? plans.shortest
        : root.rules.fromFoundation && plans.worryPlan
          ? plans.worryPlan
          : plans.plan);
    this.searches = searchesFor(root.rules, plan, this.plans.shortenMode, this.meter.maxBytes);
    const policy = options.policy ?? "safe";
    // Every search loads the deal and makes its forced moves first (`forced(-1)`), the automatic moves of the
    // policy in force (FORCE_SAFE sends home what isSafeHome does, FORCE_ALL what canGoHome does): the cards
    // they send home are the same in any order, so the deal as given is their root. A streamliner's domain has
    // its own rules (cards stay home), and so its own safe moves.
    const { domains } = this.searches;
    for (let i = 0; i < domains.length; i++) {
      domains[i].force = forceOf(policy, domains[i]);
      domains[i].runsWatched = policy !== "none";
    }
    this.phases = [{ entries: this.searches.entries }];
    this.onProgress = options.onProgress;
  }

  /**
   * The main search's wins are already short move by move: shortcuts of one move take 0.03 moves a deal off them
   * (deals 1..2000) for 15% of the time. The other searches' wins are shortened.
   */
  translate(by: Search): Move[] {
    const { root, options, plans, searches } = this;
    const shortens = options.shortest || plans.shortenFirst || by !== searches.runners[0];
    // A win made move by move from the root (the search's own position was won) is named as it was made.
    const line = by instanceof BestFirst ? by.line : undefined;
    if (!shortens && line) return writeOutRuns(root, lineMoves(by.domain, line));
    const codes = winCodes(by, root);
    // A streamliner's win is shortened and played out under its own rules: its moves are moves of the rules in
    // force too, and the engine checks each as it writes the runs out.
    const shortener = searches.stays?.runners.has(by) ? searches.stays.shortener : searches.shortener;
    const short = shortens
      ? shortener.shorten(root, codes, options.shortest ? plans.shortestDepth : plans.shortenDepth)
      : codes;
    const moves = writeOutRuns(root, codeMoves(shortener.domain, root, short));
    this.packedWon = (shortener.domain as PackedPosition).isWon();
    return moves;
  }

  /**
   * The win checked in the packed position that played it, not replayed through the engine: applyMove over the
   * moves took 12% of a solve (docs/solver.md, "Solver kit"); the tests and benchmarks replay every win so.
   */
  replay(): string | undefined {
    return this.packedWon ? undefined : "the packed position is not won at the end";
  }

  searched({ result, by }: Verdict<Search>): string {
    if (result !== "unsolvable")
      return result === "solved"
        ? `the ${by?.name} search found a win`
        : "the search stopped before a verdict";
    const policy = this.options.policy ?? "safe";
    return `complete search of ${by?.positions} positions: ${describeSearch(this.root, policy, forceOf(policy, this.root.rules))}`;
  }
}

/**
 * Where the rules move one card at a time, each run a search moved as one (`RUNS`) written out as single-card
 * moves through the free cells and empty cascades, every one checked by the engine. The card at the base of
 * a run goes straight from its cascade to the destination, so the card it uncovers is uncovered as the run
 * lands, as in the search (see `runMayMove` for why no automatic move can take a card of the run half way).
 */
export function writeOutRuns(state: FreeCellState, moves: readonly Move[]): Move[] {
  if (state.rules.sequenceMoves || moves.every((m) => m.count === 1)) return [...moves];
  const out: Move[] = [];
  let s = state;
  const play = (move: Move) => {
    s = applyMove(s, move);
    out.push(move);
  };
  const carry = (k: number, from: number, to: number, cells: number[], empties: number[]): void => {
    if (k - 1 <= cells.length) {
      for (let q = 0; q < k - 1; q++) play({ from: cascade(from), to: cell(cells[q]), count: 1 });
      play({ from: cascade(from), to: cascade(to), count: 1 });
      for (let q = k - 2; q >= 0; q--) play({ from: cell(cells[q]), to: cascade(to), count: 1 });
      return;
    }
    const [parking, ...rest] = empties;
    if (parking === undefined) throw new SolverError(`a run of ${k} cards has no room to move`);
    const park = Math.min(k - 1, (cells.length + 1) * 2 ** rest.length);
    carry(park, from, parking, cells, rest);
    carry(k - park, from, to, cells, rest);
    carry(park, parking, to, cells, rest);
  };
  for (const move of moves) {
    if (move.count === 1) {
      play(move);
      continue;
    }
    if (move.from.kind !== "cascade" || move.to.kind !== "cascade")
      throw new SolverError("only a run from a cascade to a cascade moves as one");
    const cells = s.rules.reserve ? [] : s.cells.flatMap((c, i) => (c === null ? [i] : []));
    const empties = s.cascades.flatMap((c, i) => (c.length === 0 && i !== move.to.index ? [i] : []));
    carry(move.count, move.from.index, move.to.index, cells, empties);
  }
  return out;
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
