import { type BudgetMeter, describeBudget, BudgetMeter as Meter } from "../../search/budget.ts";
import type { SearchOutcome } from "../../search/depth-first.ts";
import { pathMoves } from "../../search/domain.ts";
import { type Entry, portfolioStats, type Runner, runPortfolio } from "../../search/portfolio.ts";
import type { SolveResult } from "../../search/result.ts";
import { TeamDepthFirst } from "../../search/team-depth-first.ts";
import type { SolveOptions } from "../patience/contract.ts";
import { applyMove, isWon, type MontanaMove, type MontanaRules, type MontanaState } from "./rules.ts";
import { GEN_REDUCED, MontanaPosition, RowTableFull } from "./search/packed.ts";

/**
 * Montana's solver: a depth-first search with an explicit stack over the packed position, every position kept in a
 * table keyed on its rows (in any order when the rules cannot tell rows apart), expanding only the moves of a strong
 * stubborn set and making the moves proven never wrong at once (docs/montana.md). When it runs out of positions
 * the deal is unsolvable; a budget met first gives unknown.
 *
 * Under free twos two searches of fewer moves run in turns with it: one with the 2s heading rows kept in place, one
 * where a 2 heading a row leaves it only when no run follows it. Their solutions are free-two solutions too, and
 * they find many of them fast. Only the search of the real rules may say unsolvable.
 */

/**
 * A team of depth-first searches over one table (src/search/team-depth-first.ts), each member with its own packed
 * position and move order, all positions sharing one table of rows so that their keys agree.
 */
export class MontanaSearch implements Runner<MontanaState> {
  readonly search: TeamDepthFirst<MontanaState, MontanaMove>;
  readonly domains: MontanaPosition[];
  root: MontanaState | undefined;

  constructor(
    readonly name: string,
    /** Whether running out of positions proves the deal unsolvable under the rules being solved. */
    readonly complete: boolean,
    readonly rules: MontanaRules,
    columns: number,
    meter: BudgetMeter,
    members: number,
    prune = true,
    /** Under free twos, a 2 heading a run stays (a search for wins only). */
    runsKeepTheirTwos = false,
    /** Which members try their moves last first. */
    reversed?: readonly boolean[],
  ) {
    const first = new MontanaPosition(rules, columns, meter, prune, undefined, runsKeepTheirTwos);
    this.domains = [first];
    for (let i = 1; i < members; i++)
      this.domains.push(new MontanaPosition(rules, columns, meter, prune, first.rows, runsKeepTheirTwos));
    const modes = this.domains.map((_, i) => GEN_REDUCED | (i << 4));
    this.search = new TeamDepthFirst(this.domains, name, modes, undefined, { reversed });
  }

  get positions(): number {
    return this.search.positions;
  }
  get bytes(): number {
    return this.search.bytes + this.domains[0].rows.bytes;
  }
  get expanded(): number {
    return this.search.expanded;
  }
  set expanded(n: number) {
    this.search.expanded = n;
  }
  get ms(): number {
    return this.search.ms;
  }
  set ms(n: number) {
    this.search.ms = n;
  }
  get outcome(): SearchOutcome {
    return this.search.outcome;
  }
  set outcome(o: SearchOutcome) {
    this.search.outcome = o;
  }
  get meter(): BudgetMeter | undefined {
    return this.search.meter;
  }
  set meter(m: BudgetMeter | undefined) {
    this.search.meter = m;
  }

  begin(root: MontanaState, meter: BudgetMeter): boolean {
    this.root = { ...root, rules: this.rules };
    this.domains[0].setMeter(meter);
    return this.guard(meter, () => this.search.begin(this.root as MontanaState, meter)) === true;
  }

  resume(until: number): SearchOutcome {
    const meter = this.search.meter as BudgetMeter;
    this.guard(meter, () => this.search.resume(until));
    return this.search.outcome;
  }

  /** The row table filling the memory budget ends the search like its own table would. */
  private guard<T>(meter: BudgetMeter, run: () => T): T | false {
    try {
      return run();
    } catch (error) {
      if (!(error instanceof RowTableFull)) throw error;
      meter.exceeded = "memory";
      this.search.outcome = "memory";
      return false;
    }
  }

  /** The engine's moves of the win found. */
  solution(): MontanaMove[] {
    const { moves } = this.search.path();
    const root = this.root as MontanaState;
    const domain = this.domains[this.search.winner];
    return pathMoves(domain, root, domain.gamePath(root, moves));
  }
}

/** Members of a team: enough move orders to spare most deals the heavy tail of one. */
const MEMBERS = 4;

/** The complete team's members that try their moves last first under free twos: the last. */
const FREE_TWOS_REVERSED: readonly boolean[] = [false, false, false, true];

export function solve(state: MontanaState, options: SolveOptions = {}): SolveResult<MontanaMove> {
  return solveMontana(state, options);
}

/** The solver, with `prune: false` for a plain search of every move (the tests' cross-check). */
export function solveMontana(
  state: MontanaState,
  options: SolveOptions = {},
  prune = true,
): SolveResult<MontanaMove> {
  const meter = new Meter(options.budget ?? {}, options.now);
  const columns = state.rows[0].length;
  const { rules } = state;
  const entries: Entry<MontanaSearch>[] = [];
  if (rules.freeTwos && !rules.fixedSuits && prune) {
    const stay = new MontanaSearch(
      "twos stay",
      false,
      { ...rules, freeTwos: false },
      columns,
      meter,
      MEMBERS,
    );
    entries.push({ runner: stay, first: 400_000, quantum: 400_000 });
    const runsKeepTwos = new MontanaSearch(
      "runs keep their 2s",
      false,
      rules,
      columns,
      meter,
      MEMBERS,
      true,
      true,
    );
    entries.push({ runner: runsKeepTwos, first: 200_000, quantum: 400_000 });
  }
  // Under free twos the complete team's last member tries its moves last first (docs/montana.md: deals 3 and 54
  // won in 7.5 s and 47 s of CPU instead of over 60 s and 92 s). A team is complete whatever its members' orders:
  // the prunings and the proof of a lost deal are unchanged, only the time to a win moves.
  const reversed = rules.freeTwos && !rules.fixedSuits && prune ? FREE_TWOS_REVERSED : undefined;
  const main = new MontanaSearch(
    "complete",
    true,
    rules,
    columns,
    meter,
    prune ? MEMBERS : 1,
    prune,
    false,
    reversed,
  );
  entries.push({ runner: main, first: 100_000, quantum: 400_000 });
  const end = runPortfolio(entries, state, meter, options.onProgress);
  const runners = entries.map((e) => e.runner);
  const searched = searchedWords(state);
  if (end.kind === "solved") {
    const moves = end.by.solution();
    checkWin(state, moves);
    return { result: "solved", moves, stats: portfolioStats(runners, meter, end.maxBytes, searched) };
  }
  if (end.kind === "unsolvable") {
    return {
      result: "unsolvable",
      moves: [],
      stats: portfolioStats(runners, meter, end.maxBytes, searched),
      reason: "no sequence of moves wins this deal: every position that can be reached was searched",
    };
  }
  return {
    result: "unknown",
    moves: [],
    stats: portfolioStats(runners, meter, end.maxBytes, searched, end.budget),
    reason: describeBudget(end.budget, meter),
  };
}

/** What a verdict of this solver rests on, in words. */
function searchedWords(state: MontanaState): string {
  const { rules } = state;
  const rows =
    rules.fixedSuits || rules.redeals > 0 ? "rows kept apart" : "rows in any order taken as one position";
  const twos = rules.fixedSuits
    ? "each 2 only to its own row's first place"
    : rules.freeTwos
      ? "any 2 to any first-column gap"
      : "a 2 heading a row staying there";
  const redeals = state.redealsLeft > 0 ? `, ${state.redealsLeft} redeals with their shuffles known` : "";
  return (
    `every position reachable with single-card moves (${twos}${redeals}), ${rows}` +
    (state.redealsLeft > 0 ? "; every move expanded while a redeal is left, and after the last" : "") +
    ("; only the moves of a strong stubborn set expanded; positions whose every future lacks what a win needs " +
      "left out; a card joining a run that can never move again (or a 2 that alone can fill a first-column gap) " +
      "placed at once when it is a king, its successor lies on its right or can never come there, or it lies in " +
      "the last column") +
    (rules.freeTwos && !rules.fixedSuits
      ? "; head swaps (a 2 from the first column to a first-column gap) played only in runs with the move that uses " +
        "them, every arrangement of the first column's 2s and gaps taken as one position"
      : "") +
    (rules.freeTwos &&
    !rules.fixedSuits &&
    state.redealsLeft === 0 &&
    state.rows.some((r) => r[0] === null || r[0] >> 2 !== 1)
      ? "; once every row is headed by a 2, every arrangement of the 2s no 3 has joined taken as one position until a 3 " +
        "joins one"
      : "") +
    " (docs/montana.md)"
  );
}

/** Replays the moves through the engine; a solution that does not win is a bug, never an answer. */
function checkWin(start: MontanaState, moves: readonly MontanaMove[]): void {
  let s = start;
  for (const m of moves) s = applyMove(s, m);
  if (!isWon(s)) throw new Error("internal error: the solver's moves do not win the deal");
}
