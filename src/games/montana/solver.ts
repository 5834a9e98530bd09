import { type Budget, type BudgetMeter, type Clock, BudgetMeter as Meter } from "../../search/budget.ts";
import type { SearchOutcome } from "../../search/depth-first.ts";
import { pathMoves } from "../../search/domain.ts";
import { type Phase, replayer, solveByPlan } from "../../search/kit.ts";
import type { Entry, Runner } from "../../search/portfolio.ts";
import type { SolveResult } from "../../search/result.ts";
import { SharedStateTable, type SharedTableMemory } from "../../search/shared-table.ts";
import { TeamDepthFirst } from "../../search/team-depth-first.ts";
import { ThreadControl } from "../../search/thread-control.ts";
import type { SolveOptions } from "../patience/contract.ts";
import { applyMove, isWon, type MontanaMove, type MontanaRules, type MontanaState } from "./rules.ts";
import { GEN_REDUCED, keyWordsOf, MontanaPosition, ROW_WORDS, RowTableFull } from "./search/packed.ts";

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
 * The tables and control a search shares with the same search in other threads (`threads` of the solve options):
 * positions and rows in shared memory, so that every thread's keys agree and a position is searched by one thread.
 */
export interface MontanaShared {
  positions: SharedStateTable;
  rows: SharedStateTable;
  control: ThreadControl;
  /** This search's thread: 0 says the verdict, the others help it. */
  thread: number;
  /** The move orders (team members) this thread runs: the team's members are dealt out to the threads. */
  orders: readonly number[];
}

/**
 * A team of depth-first searches over one table (src/search/team-depth-first.ts), each member with its own packed
 * position and move order, all positions sharing one table of rows so that their keys agree. With `shared`, the
 * team is one of several in other threads over shared tables, the members' move orders its thread's own.
 */
export class MontanaSearch implements Runner<MontanaState> {
  readonly search: TeamDepthFirst<MontanaState, MontanaMove>;
  readonly domains: MontanaPosition[];
  root: MontanaState | undefined;
  /** The moves of the win another thread found (thread 0). */
  private foreign: number[] | undefined;

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
    readonly shared?: MontanaShared,
  ) {
    const first = new MontanaPosition(rules, columns, meter, prune, shared?.rows, runsKeepTheirTwos);
    this.domains = [first];
    for (let i = 1; i < members; i++)
      this.domains.push(new MontanaPosition(rules, columns, meter, prune, first.rows, runsKeepTheirTwos));
    const modes = this.domains.map((_, i) => GEN_REDUCED | ((shared?.orders[i] ?? i) << 4));
    // Thread 0 stops when another thread has won (or failed); the others when thread 0 ends the search.
    const control = shared?.control;
    const stopped =
      control === undefined
        ? undefined
        : shared?.thread === 0
          ? () => control.winner > 0 || control.failed
          : () => control.over;
    this.search = new TeamDepthFirst(this.domains, name, modes, undefined, {
      reversed,
      table: shared?.positions,
      stopped,
    });
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
    this.foreign = undefined;
    this.domains[0].setMeter(meter);
    return this.guard(meter, () => this.search.begin(this.root as MontanaState, meter)) === true;
  }

  resume(until: number): SearchOutcome {
    const meter = this.search.meter as BudgetMeter;
    this.guard(meter, () => this.search.resume(until));
    const control = this.shared?.control;
    if (control && this.shared?.thread === 0 && this.search.outcome === "capped") {
      if (control.failed) throw new Error("a search thread failed: the search cannot say that no win exists");
      if (control.winner > 0) {
        this.foreign = control.path();
        this.search.outcome = "solved";
      }
    }
    return this.search.outcome;
  }

  /** The row table filling the memory budget ends the search like its own table would. */
  private guard<T>(meter: BudgetMeter, run: () => T): T | false {
    try {
      return run();
    } catch (error) {
      if (!(error instanceof RowTableFull)) throw error;
      // (A growth refused for the time budget has said so.)
      const full = meter.tableFull();
      meter.exceeded = full;
      this.search.outcome = full;
      return false;
    }
  }

  /** The engine's moves of the win found. */
  solution(): MontanaMove[] {
    const root = this.root as MontanaState;
    if (this.foreign) return pathMoves(this.domains[0], root, this.domains[0].gamePath(root, this.foreign));
    const { moves, domain } = this.search.path();
    const position = domain as MontanaPosition;
    return pathMoves(position, root, position.gamePath(root, moves));
  }
}

/** Members of a team: enough move orders to spare most deals the heavy tail of one. */
const MEMBERS = 4;

/** The complete team's members that try their moves last first under free twos: the last. */
const FREE_TWOS_REVERSED: readonly boolean[] = [false, false, false, true];

export function solve(state: MontanaState, options: SolveOptions = {}): SolveResult<MontanaMove> {
  return solveMontana(state, options);
}

/**
 * The solver, with `prune: false` for a plain search of every move (the tests' cross-check). With `threads` above 1
 * and a clock, a deal is first searched in one thread for `ALONE_MS`: most deals are decided by then, and a search
 * in threads has costs of its own (the threads start, and the shared tables, made for the whole budget, take their
 * pages from the system as they are first written). A deal still undecided is searched again from the start in the
 * threads, with the budget left.
 */
export function solveMontana(
  state: MontanaState,
  options: SolveOptions = {},
  prune = true,
): SolveResult<MontanaMove> {
  const threads = prune && options.startThread ? Math.max(1, Math.floor(options.threads ?? 1)) : 1;
  const meter = new Meter(options.budget ?? {}, options.now);
  const phases: Phase<MontanaState, MontanaSearch>[] = [];
  if (threads > 1 && options.now !== undefined && meter.maxMs > ALONE_MS)
    phases.push({
      budget: { ms: ALONE_MS },
      label: "in one thread",
      entries: (m) => entriesOf(state, m, prune),
    });
  let helpers: ReturnType<typeof startHelpers> | undefined;
  let main: MontanaSearch | undefined;
  phases.push({
    entries: (m) => {
      helpers = threads > 1 ? startHelpers(state, options, m, threads) : undefined;
      const entries = entriesOf(state, m, prune, helpers?.shared);
      main = entries[entries.length - 1].runner;
      return entries;
    },
    // What the other threads did, as one more phase, ending as thread 0's complete search did.
    elsewhere: () => {
      if (!helpers) return [];
      const { control } = helpers.shared;
      const outcome = control.winner > 0 ? "solved" : (main as MontanaSearch).outcome;
      const { positions, expanded, ms } = control;
      return [{ name: `complete, threads 2..${threads}`, positions, expanded, ms, outcome }];
    },
    end: () => helpers?.end(),
  });
  return solveByPlan({
    phases,
    root: state,
    meter,
    translate: (by) => by.solution(),
    replay: replayer(state, applyMove, isWon),
    searched: () => searchedWords(state) + (helpers ? `; the complete search in ${threads} threads` : ""),
    onProgress: options.onProgress,
  });
}

/** How long a deal is searched in one thread before a search in several (`threads`) takes it over. */
const ALONE_MS = 1000;

/**
 * The searches of one phase under `meter`: under free twos the two searches of fewer moves, then the complete one
 * (last), its team in several threads with `shared`.
 */
function entriesOf(
  state: MontanaState,
  meter: BudgetMeter,
  prune: boolean,
  shared?: MontanaShared,
): Entry<MontanaSearch>[] {
  const columns = state.rows[0].length;
  const { rules } = state;
  const entries: Entry<MontanaSearch>[] = [];
  const freeTwos = rules.freeTwos && !rules.fixedSuits && prune;
  if (freeTwos) {
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
  const reversed = freeTwos ? FREE_TWOS_REVERSED : undefined;
  const orders = shared?.orders;
  const main = new MontanaSearch(
    "complete",
    true,
    rules,
    columns,
    meter,
    orders ? orders.length : prune ? MEMBERS : 1,
    prune,
    false,
    orders ? orders.map((i) => reversed?.[i] ?? false) : reversed,
    shared,
  );
  entries.push({ runner: main, first: 100_000, quantum: 400_000 });
  return entries;
}

/** The share of the memory budget the tables shared by the threads take (the rest for the smaller searches). */
const SHARED_SHARE = 0.8;
/** Rows the shared row table holds a position (deals 20 and 96 of free twos use 0.06 and 0.15). */
const ROWS_A_POSITION = 0.25;

/**
 * The complete search in `threads` threads: the tables in shared memory, sized once from the memory budget, and
 * `threads - 1` more threads (`searchThread`). The complete team's members are dealt out to the threads (with two,
 * members 0 and 2 in this thread, which also runs the smaller searches, and 1 and 3 in the other), so that the team
 * searches in the order one thread would, only sooner. `end` tells the threads to stop (after any verdict, or a
 * budget met).
 */
function startHelpers(
  state: MontanaState,
  options: SolveOptions,
  meter: BudgetMeter,
  threads: number,
): { shared: MontanaShared; end: () => void } {
  const keyWords = keyWordsOf(state.rules);
  const room = meter.maxBytes * SHARED_SHARE;
  // The other threads have what is left of the budget.
  const ms = meter.maxMs - meter.elapsed();
  const positions = meter.maxPositions - meter.positions;
  const budget = {
    ms: ms < Infinity ? ms : undefined,
    positions: positions < Infinity ? positions : undefined,
  };
  let records = 1024;
  while (
    SharedStateTable.bytesFor(keyWords, records * 2) +
      SharedStateTable.bytesFor(ROW_WORDS, records * 2 * ROWS_A_POSITION, false) <=
    room
  )
    records *= 2;
  const table = SharedStateTable.create(keyWords, records);
  const rows = SharedStateTable.create(ROW_WORDS, Math.ceil(records * ROWS_A_POSITION), false);
  const control = new ThreadControl();
  const start = options.startThread as NonNullable<SolveOptions["startThread"]>;
  for (let thread = 1; thread < threads; thread++) {
    const data: MontanaThreadData = {
      state,
      positions: table.memory,
      rows: rows.memory,
      control: control.memory,
      thread,
      orders: ordersOf(thread, threads),
      reversed: state.rules.freeTwos && !state.rules.fixedSuits,
      budget,
    };
    start(data, () => control.fail());
  }
  return {
    shared: { positions: table, rows, control, thread: 0, orders: ordersOf(0, threads) },
    end: () => control.end(),
  };
}

/** The team members thread `thread` of `threads` runs: every `threads`-th of them (at least one a thread). */
function ordersOf(thread: number, threads: number): number[] {
  const orders: number[] = [];
  for (let i = thread; i < Math.max(MEMBERS, threads); i += threads) orders.push(i);
  return orders;
}

/**
 * Another thread of a search in several threads (`threads`): the complete team over the tables thread 0 shares,
 * with move orders of its own, until a thread wins or thread 0 ends the search. A win is handed to thread 0 through
 * the thread control; a failure is reported there, so that thread 0 never says that no win exists while positions
 * this thread stored wait unfinished.
 */
export function searchThread(input: unknown, now: Clock): void {
  const data = input as MontanaThreadData;
  const control = new ThreadControl(data.control);
  if (control.over) return;
  try {
    const { state } = data;
    const meter = new Meter(data.budget, now);
    const team = new MontanaSearch(
      `complete, thread ${data.thread}`,
      true,
      state.rules,
      state.rows[0].length,
      meter,
      data.orders.length,
      true,
      false,
      data.reversed ? data.orders.map((i) => FREE_TWOS_REVERSED[i] ?? false) : undefined,
      {
        positions: SharedStateTable.attach(data.positions),
        rows: SharedStateTable.attach(data.rows),
        control,
        thread: data.thread,
        orders: data.orders,
      },
    );
    const said = { positions: 0, expanded: 0, ms: 0 };
    team.begin(state, meter);
    while (team.outcome === "capped" && !control.over) {
      team.resume(team.positions + THREAD_SHARE);
      control.add(meter.positions - said.positions, team.expanded - said.expanded, team.ms - said.ms);
      said.positions = meter.positions;
      said.expanded = team.expanded;
      said.ms = team.ms;
    }
    if (team.outcome === "solved") control.win(data.thread, team.search.path().moves);
  } catch (error) {
    control.fail();
    throw error;
  }
}

/** Positions stored (by every thread) between two reports of another thread's count. */
const THREAD_SHARE = 100_000;

/** What thread 0 hands another thread of the search (`searchThread`). */
export interface MontanaThreadData {
  state: MontanaState;
  positions: SharedTableMemory;
  rows: SharedTableMemory;
  control: SharedArrayBuffer;
  thread: number;
  orders: number[];
  /** The members' orders are free twos' (some members reversed). */
  reversed: boolean;
  budget: Budget;
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
