import { type Budget, BudgetMeter, describeBudget } from "./budget.ts";
import { type Entry, type Runner, runPortfolio } from "./portfolio.ts";
import type { PhaseStats, SolveOutcome, SolveResult, SolveStats } from "./result.ts";

/**
 * The solver kit: one way for any game's solver to run its plan of searches and answer with a `SolveResult`. A
 * solver brings what only it knows (its searches, how a win's packed moves become the engine's moves, how the
 * engine replays them, what a verdict rests on, in words); the kit runs the phases in order under the budget,
 * keeps the stats, and gives the verdict by the same rules for every game:
 *
 * - `solved` only with moves that `translate` wrote and `replay` played to a win; a win that does not replay is a
 *   bug of the solver, thrown as a `SolverError`, never an answer;
 * - `unsolvable` only when a complete search (`Runner.complete`, or its entry's `complete`) ran out of positions;
 * - `unknown` otherwise: the budget met (named by `describeBudget`, `stats.budget` set), or every search ended
 *   without a verdict (none of them complete), or a win found that the rules in force cannot play (`translate`
 *   said why).
 *
 * A phase is a portfolio (portfolio.ts: searches in turns, each for its share of positions, the first verdict
 * ends them). Phases run one after another, each from the root again: a phase with a budget of its own (a share:
 * a streamliner's first look, one thread before several) hands over to the next when its share is used up or its
 * searches all end without a verdict; the last phase has what is left of the plan's budget.
 */

/** A solver's bug found out: its answer would be wrong (a win that does not replay). Never a verdict. */
export class SolverError extends Error {
  readonly code = "solver_internal";
  constructor(message: string) {
    super(message);
    this.name = "SolverError";
  }
}

/** One phase of a plan: searches that take turns (a portfolio) from the root, under a share of the budget. */
export interface Phase<S, R extends Runner<S> = Runner<S>> {
  /**
   * The searches and their shares of positions (portfolio.ts). A function makes them when the phase begins, under
   * the meter the phase runs with (a phase with a `budget` has a meter of its own): searches that hold the meter
   * from their making, or threads started for the phase, are made there.
   */
  entries: readonly Entry<R>[] | ((meter: BudgetMeter) => readonly Entry<R>[]);
  /**
   * The phase's own limits, within what is left of the plan's budget (absolute: ms, positions, bytes). When a limit
   * of its own ends it, or its searches all end without a verdict, the next phase begins (with what is left); the
   * plan's budget met ends the solve. None: the phase may use all that is left (the usual last phase). A time limit
   * needs the meter's clock.
   */
  budget?: Budget;
  /**
   * Words for the phase once a later phase has run after it: put in brackets after its searches' names in
   * `stats.phases`, and in `stats.searched` ("after 1000 ms in one thread, searched again from the start"). E.g.
   * "in one thread", "as a streamliner". Default "first".
   */
  label?: string;
  /**
   * Work done for the phase outside its entries' runners (another thread's share of a search), read after `end`:
   * its records follow the runners' in `stats.phases`, their positions and expanded counted in the totals and in
   * progress reports (read then too).
   */
  elsewhere?: () => readonly PhaseStats[];
  /** Called once the phase's searches have stopped, whatever the end (stops the threads it started). */
  end?: () => void;
}

/** What a verdict was reached by: `searched` words are asked for with it. */
export interface Verdict<R> {
  result: SolveOutcome;
  /** The search that won (solved) or ran out (unsolvable). */
  by?: R;
}

/** Everything `solveByPlan` needs: the solver's own parts. */
export interface PlanOptions<S, M, R extends Runner<S> = Runner<S>> {
  /** The phases, in order (one is the usual plan: a portfolio of searches). */
  phases: readonly Phase<S, R>[];
  /** The position every phase starts from (what the searches `begin` at). */
  root: S;
  /**
   * The plan's budget: every phase's searches count into it (a phase with a budget of its own through a meter of
   * its own, whose positions are added to this one's when it ends). The caller makes it (its clock, how often the
   * clock is read) and may read it after.
   */
  meter: BudgetMeter;
  /**
   * The engine's moves of the win `by` found, from the position the game is in (not only `root`: the moves the
   * game made before the search begins, if any, written out first), or why the win cannot be played under the
   * rules in force (the answer is then unknown with that reason). Called once, after the searches stopped.
   */
  translate: (by: R) => M[] | string;
  /**
   * Replays the moves through the engine from the position the game is in: undefined when they win, otherwise why
   * not (see `replayer`). A win that does not replay is thrown as a `SolverError`. Called once, after `translate`.
   * Where the engine's replay costs a share of a solve that shows (FreeCell: 12% of its sub-millisecond solves,
   * docs/solver.md "Solver kit"), a solver may check in the packed position that played the win instead, and says
   * so where it does.
   */
  replay: (moves: readonly M[]) => string | undefined;
  /** What was searched, in words: the basis of the verdict (`stats.searched`, and an unsolvable answer's reason). */
  searched: string | ((verdict: Verdict<R>) => string);
  /** Called between turns of the searches, with every phase's positions so far and the ms since the meter began. */
  onProgress?: (progress: { positions: number; ms: number }) => void;
}

/**
 * Runs the plan's phases and answers (see the head of kit.ts for the rules of the verdict). Throws `SolverError` on
 * a win whose moves do not replay to a win, and whatever the searches throw.
 *
 * @example A solver with a streamliner first (Solvitaire's way), then the complete search:
 * ```ts
 * const meter = new BudgetMeter(options.budget ?? {}, options.now, 1024);
 * return solveByPlan({
 *   root: start,
 *   meter,
 *   phases: [
 *     // An incomplete search gets a tenth of the time, if there is a time budget, and at most 1M positions.
 *     { label: "as a streamliner", budget: { ms: (options.budget?.ms ?? Infinity) / 10, positions: 1_000_000 },
 *       entries: [{ runner: new DepthFirst(streamlined, "streamliner", MODE_SEARCH), first: 100_000, quantum: 100_000, complete: false }] },
 *     { entries: [{ runner: new DepthFirst(domain, "complete", MODE_SEARCH), first: 100_000, quantum: 100_000 }] },
 *   ],
 *   // The packed path of the search that won, as the engine's moves (forced moves written out).
 *   translate: (by) => pathMoves(by.domain, start, by.path()),
 *   replay: replayer(start, apply, isWon),
 *   searched: "every move of the rules, positions that differ only in the order of piles counted once",
 *   onProgress: options.onProgress,
 * });
 * ```
 */
export function solveByPlan<S, M, R extends Runner<S>>(plan: PlanOptions<S, M, R>): SolveResult<M> {
  const { meter, phases, onProgress } = plan;
  const done: Done = { records: [], expanded: 0, elsewhere: 0, bytes: 0, after: "" };
  const { records } = done;
  for (let k = 0; k < phases.length; k++) {
    const phase = phases[k];
    const own = phase.budget ? shareOf(meter, phase.budget) : undefined;
    const m = own?.meter ?? meter;
    let entries: readonly Entry<R>[] = [];
    let end: ReturnType<typeof runPortfolio<S, R>>;
    try {
      entries = typeof phase.entries === "function" ? phase.entries(m) : phase.entries;
      const report =
        onProgress && (own || phase.elsewhere)
          ? () => onProgress({ positions: total(meter, m, phase, done.elsewhere), ms: meter.elapsed() })
          : onProgress;
      end = runPortfolio(entries, plan.root, m, report);
    } finally {
      phase.end?.();
    }
    if (own) meter.positions += own.meter.positions;
    const first = records.length;
    for (let i = 0; i < entries.length; i++) {
      const r = entries[i].runner;
      // A search kept from an earlier solve that did not begin in this one is not counted.
      if (r.meter !== m) continue;
      records.push({
        name: r.name,
        positions: r.positions,
        expanded: r.expanded,
        ms: r.ms,
        outcome: r.outcome,
      });
      done.expanded += r.expanded;
    }
    const more = phase.elsewhere?.();
    if (more) {
      for (const record of more) {
        records.push(record);
        done.expanded += record.expanded;
        done.elsewhere += record.positions;
      }
    }
    done.bytes = Math.max(done.bytes, end.maxBytes);
    if (end.kind === "solved") {
      const moves = plan.translate(end.by);
      if (typeof moves === "string")
        return {
          result: "unknown",
          moves: [],
          stats: stats(plan, done, { result: "unknown" }),
          reason: moves,
        };
      const why = plan.replay(moves);
      if (why !== undefined) throw new SolverError(`the ${end.by.name} search's win does not replay: ${why}`);
      return { result: "solved", moves, stats: stats(plan, done, { result: "solved", by: end.by }) };
    }
    if (end.kind === "unsolvable") {
      const s = stats(plan, done, { result: "unsolvable", by: end.by });
      return {
        result: "unsolvable",
        moves: [],
        stats: s,
        reason: `no sequence of moves wins: ${s.searched}`,
      };
    }
    const last = k === phases.length - 1;
    if (end.kind === "unknown" && !(own?.cuts[end.budget] && !last)) {
      // A phase's own limit describes itself only when it, not the plan's budget, ended the solve.
      const by = own?.cuts[end.budget] ? own.meter : meter;
      meter.exceeded = end.budget;
      return {
        result: "unknown",
        moves: [],
        stats: stats(plan, done, { result: "unknown" }, end.budget),
        reason: describeBudget(end.budget, by),
      };
    }
    if (last) {
      return {
        result: "unknown",
        moves: [],
        stats: stats(plan, done, { result: "unknown" }),
        reason: "every search ended without a verdict, and none of them was complete",
      };
    }
    // On to the next phase, from the root again: this one's records say where they came from.
    const label = phase.label ?? "first";
    for (let i = first; i < records.length; i++)
      records[i] = { ...records[i], name: `${records[i].name} (${label})` };
    done.after += ` (after ${Math.round(meter.elapsed())} ms ${label}, searched again from the start)`;
  }
  throw new RangeError("a plan needs at least one phase");
}

/** What the phases run so far did, for the stats. */
interface Done {
  records: PhaseStats[];
  expanded: number;
  /** Positions stored elsewhere (the phases' `elsewhere`). */
  elsewhere: number;
  bytes: number;
  /** Words for `searched` on the phases that handed over. */
  after: string;
}

function stats<S, M, R extends Runner<S>>(
  plan: PlanOptions<S, M, R>,
  done: Done,
  verdict: Verdict<R>,
  budget?: SolveStats["budget"],
): SolveStats {
  const words = typeof plan.searched === "string" ? plan.searched : plan.searched(verdict);
  const s: SolveStats = {
    positions: plan.meter.positions + done.elsewhere,
    expanded: done.expanded,
    ms: plan.meter.elapsed(),
    bytes: done.bytes,
    phases: done.records,
    searched: words + done.after,
  };
  if (budget) s.budget = budget;
  return s;
}

/** Positions so far for progress reports: earlier phases', this one's (its own meter's), and work elsewhere. */
function total<S, R extends Runner<S>>(
  meter: BudgetMeter,
  m: BudgetMeter,
  phase: Phase<S, R>,
  before: number,
): number {
  let positions = meter.positions + before + (m === meter ? 0 : m.positions);
  for (const record of phase.elsewhere?.() ?? []) positions += record.positions;
  return positions;
}

/**
 * A phase's meter: its own limits within what is left of the plan's, the same clock, and which budgets its own
 * limits cut short (those it meets hand over to the next phase).
 */
function shareOf(
  meter: BudgetMeter,
  budget: Budget,
): { meter: BudgetMeter; cuts: Record<"time" | "positions" | "memory", boolean> } {
  const leftMs = meter.maxMs - meter.elapsed();
  const leftPositions = Math.max(0, meter.maxPositions - meter.positions);
  const ms = Math.max(0, Math.min(budget.ms ?? Infinity, leftMs));
  const positions = Math.min(budget.positions ?? Infinity, leftPositions);
  const bytes = Math.min(budget.bytes ?? Infinity, meter.maxBytes);
  const own = new BudgetMeter(
    {
      ...(ms < Infinity ? { ms } : {}),
      ...(positions < Infinity ? { positions } : {}),
      bytes,
    },
    meter.now,
    meter.clockEvery,
  );
  return {
    meter: own,
    cuts: { time: ms < leftMs, positions: positions < leftPositions, memory: bytes < meter.maxBytes },
  };
}

/**
 * A `replay` through the engine from `start`: each move applied with `apply` (which throws on an illegal move),
 * then `isWon` at the end.
 */
export function replayer<S, M>(
  start: S,
  apply: (state: S, move: M) => S,
  isWon: (state: S) => boolean,
): (moves: readonly M[]) => string | undefined {
  return (moves) => {
    let s = start;
    for (let i = 0; i < moves.length; i++) {
      try {
        s = apply(s, moves[i]);
      } catch (error) {
        return `move ${i + 1}: ${(error as Error).message}`;
      }
    }
    return isWon(s) ? undefined : "the game is not won at the end";
  };
}
