import { type BudgetKind, BudgetMeter, describeBudget } from "../../search/budget.ts";
import { DepthFirst } from "../../search/depth-first.ts";
import { pathMoves } from "../../search/domain.ts";
import type { PhaseStats, SolveResult, SolveStats } from "../../search/result.ts";
import type { AutoPolicy, SolveOptions } from "../patience/contract.ts";
import { apply, autoMoves, type FamilyMove, type FamilyState, isWon, legalMoves } from "./engine.ts";
import { familyKey } from "./key.ts";
import { MODE_SEARCH, PackedFamily, packedUnsupported } from "./packed.ts";

/**
 * The family's solver for any rules: a complete depth-first search (src/search/depth-first.ts) over the packed
 * position of packed.ts, which plays the engine's own moves in place, every position remembered by its canonical
 * key (piles that differ only in order counted once) in a typed-array table. The only moves made without choice
 * are those the rules make (turning a card up, filling a space at once) and the automatic moves: under the
 * policies "none" and "safe" the cards going home that `safeHome` proves never wrong for the rules in force, under
 * "all" every card home as the game sends it. Nothing else is pruned; the moves are only tried in an order (home
 * first, then moves that turn a card up or empty a pile, then onto cards, then the rest). So when it runs out of
 * positions the deal is unsolvable under those rules; a budget met first gives unknown.
 *
 * The plain search of the engine's immutable states (`solveFamilyPlain`) stays as the reference the small-deck
 * tests hold this one to, and searches the rules the packed position does not play.
 */

/** Rough bytes a remembered position costs (its key as a string, and the set's entry). */
const BYTES_PER_KEY_CHAR = 2;
const BYTES_PER_ENTRY = 48;

interface Frame {
  state: FamilyState;
  moves: FamilyMove[];
  next: number;
  /** The moves that led here from the parent: the chosen move and the automatic moves after it. */
  path: FamilyMove[];
}

/** The automatic moves made after every move: the policy's, or, with none, those proved never wrong. */
function forcedAfter(state: FamilyState, policy: AutoPolicy): FamilyMove[] {
  return autoMoves(state, policy === "none" ? "safe" : policy);
}

function play(state: FamilyState, moves: readonly FamilyMove[]): FamilyState {
  let s = state;
  for (const m of moves) s = apply(s, m);
  return s;
}

/**
 * The plain search: kept as the reference the packed search is held to (and for the rules the packed position
 * does not play: Gaps, Accordion).
 */
export function solveFamilyPlain(start: FamilyState, options: SolveOptions = {}): SolveResult<FamilyMove> {
  const policy = options.policy ?? "none";
  const meter = new BudgetMeter(options.budget ?? {}, options.now);
  const searched = `every move of the rules (${policy === "none" ? "cards home only when proved safe" : `automatic moves: ${policy}`}), positions that differ only in the order of piles counted once`;
  const stats = (expanded: number) => ({
    positions: meter.positions,
    expanded,
    ms: meter.elapsed(),
    bytes: meter.bytesUsed,
    phases: [],
    searched,
  });
  const seen = new Set<string>();
  const remember = (state: FamilyState): boolean | "budget" => {
    const key = familyKey(state);
    if (seen.has(key)) return false;
    if (!meter.storePosition() || !meter.grow(key.length * BYTES_PER_KEY_CHAR + BYTES_PER_ENTRY))
      return "budget";
    seen.add(key);
    return true;
  };

  const firstForced = forcedAfter(start, policy);
  const root = play(start, firstForced);
  remember(root);
  const won = (stack: Frame[], last: FamilyMove[]): SolveResult<FamilyMove> => ({
    result: "solved",
    moves: [...firstForced, ...stack.slice(1).flatMap((f) => f.path), ...last],
    stats: stats(stack.length),
  });
  if (isWon(root)) return { result: "solved", moves: firstForced, stats: stats(0) };

  const stack: Frame[] = [{ state: root, moves: legalMoves(root), next: 0, path: [] }];
  let expanded = 1;
  while (stack.length > 0) {
    const frame = stack[stack.length - 1];
    if (frame.next === frame.moves.length) {
      stack.pop();
      continue;
    }
    if (!meter.tick()) break;
    const move = frame.moves[frame.next++];
    let state = apply(frame.state, move);
    const after = forcedAfter(state, policy);
    state = play(state, after);
    const fresh = remember(state);
    if (fresh === "budget") break;
    if (!fresh) continue;
    const path = [move, ...after];
    if (isWon(state)) return won(stack, path);
    expanded++;
    if ((expanded & 4095) === 0) options.onProgress?.({ positions: meter.positions, ms: meter.elapsed() });
    stack.push({ state, moves: legalMoves(state), next: 0, path });
  }
  if (meter.exceeded) {
    return {
      result: "unknown",
      moves: [],
      stats: { ...stats(expanded), budget: meter.exceeded },
      reason: describeBudget(meter.exceeded, meter),
    };
  }
  return {
    result: "unsolvable",
    moves: [],
    stats: stats(expanded),
    reason: `no position reached wins: ${meter.positions} searched`,
  };
}

/** Positions between progress reports. */
const REPORT_EVERY = 100_000;

/** The share of the budget (time, or else positions) the streamliner may use before the complete search. */
const STREAMLINE_SHARE = 0.1;
/** Positions the streamliner may store when the budget bounds neither time nor positions. */
const STREAMLINE_POSITIONS = 200_000;
/** Positions between the streamliner's looks at the clock. */
const STREAMLINE_STEP = 5_000;

/**
 * Whether sending every card home at once (policy "all") restricts the search under these rules: not when no card
 * goes home, nor when every card home is already proved safe (a suit-built or non-building tableau of one deck).
 */
function streamlines(start: FamilyState): boolean {
  const { rules } = start;
  const f = rules.foundations;
  if (f === null) return false;
  if (f.wholeSuits) return true;
  return (
    rules.decks === 2 || rules.tableau.build === "alternate-colours" || rules.tableau.build === "any-suit"
  );
}

/**
 * The streamliner (as Solvitaire's): a search that sends every card home the moment it can go, for a tenth of the
 * budget. Such a search can miss a win (a card may be needed on the tableau), so it only ever answers "solved",
 * with moves that are replayed through the engine before they are believed; running out proves nothing, and the
 * complete search then runs with what is left. Most winnable deals end here, in far fewer positions.
 */
function streamline(
  start: FamilyState,
  meter: BudgetMeter,
): { moves: FamilyMove[] | undefined; phase: PhaseStats } {
  const domain = new PackedFamily(start.rules, "all");
  const search = new DepthFirst(domain, "streamliner: every card home at once", MODE_SEARCH);
  const t0 = meter.elapsed();
  const p0 = meter.positions;
  const timeShare =
    meter.maxMs === Number.POSITIVE_INFINITY ? Number.POSITIVE_INFINITY : meter.maxMs * STREAMLINE_SHARE;
  const positionShare =
    meter.maxPositions !== Number.POSITIVE_INFINITY
      ? Math.floor(meter.maxPositions * STREAMLINE_SHARE)
      : timeShare === Number.POSITIVE_INFINITY
        ? STREAMLINE_POSITIONS
        : Number.POSITIVE_INFINITY;
  search.begin(start, meter);
  let outcome = search.outcome;
  while (outcome === "capped" && meter.elapsed() - t0 < timeShare && meter.positions - p0 < positionShare)
    outcome = search.resume(Math.min(search.positions + STREAMLINE_STEP, p0 + positionShare + 1));
  let moves: FamilyMove[] | undefined;
  if (outcome === "solved") {
    moves = pathMoves(domain, start, search.path());
    let s = start;
    for (const m of moves) s = apply(s, m);
    if (!isWon(s)) throw new Error("internal error: the family streamliner's moves do not win");
  }
  // Its table is dropped: its memory goes back to the budget.
  meter.bytesUsed = Math.max(0, meter.bytesUsed - search.bytes);
  if (meter.exceeded === "memory" || meter.exceeded === "positions") meter.exceeded = undefined;
  return {
    moves,
    phase: {
      name: search.name,
      positions: search.positions,
      expanded: search.expanded,
      ms: meter.elapsed() - t0,
      outcome,
    },
  };
}

export function solveFamily(start: FamilyState, options: SolveOptions = {}): SolveResult<FamilyMove> {
  if (packedUnsupported(start) !== undefined) return solveFamilyPlain(start, options);
  const policy = options.policy ?? "none";
  const meter = new BudgetMeter(options.budget ?? {}, options.now, 1024);
  const searched = `every move of the rules (${policy === "none" ? "cards home only when proved safe" : `automatic moves: ${policy}`}), positions that differ only in the order of piles counted once`;
  const phases: PhaseStats[] = [];
  let expandedBefore = 0;
  if (policy !== "all" && streamlines(start)) {
    const first = streamline(start, meter);
    phases.push(first.phase);
    expandedBefore = first.phase.expanded;
    if (first.moves !== undefined)
      return {
        result: "solved",
        moves: first.moves,
        stats: {
          positions: meter.positions,
          expanded: expandedBefore,
          ms: meter.elapsed(),
          bytes: meter.bytesUsed,
          phases,
          searched,
        },
      };
  }
  const domain = new PackedFamily(start.rules, policy === "all" ? "all" : "safe");
  const search = new DepthFirst(domain, "complete", MODE_SEARCH);
  const t0 = meter.elapsed();
  const p0 = meter.positions;
  const stats = (): SolveStats => ({
    positions: meter.positions,
    expanded: expandedBefore + search.expanded,
    ms: meter.elapsed(),
    bytes: meter.bytesUsed,
    phases: [
      ...phases,
      {
        name: search.name,
        positions: meter.positions - p0,
        expanded: search.expanded,
        ms: meter.elapsed() - t0,
        outcome: search.outcome,
      },
    ],
    searched,
  });
  const unknown = (budget: BudgetKind): SolveResult<FamilyMove> => ({
    result: "unknown",
    moves: [],
    stats: { ...stats(), budget },
    reason: describeBudget(budget, meter),
  });
  if (!search.begin(start, meter)) return unknown(search.outcome as BudgetKind);
  let outcome = search.outcome;
  while (outcome === "capped") {
    outcome = search.resume(search.positions + REPORT_EVERY);
    if (outcome === "capped") options.onProgress?.({ positions: meter.positions, ms: meter.elapsed() });
  }
  if (outcome === "solved") {
    const moves = pathMoves(domain, start, search.path());
    // The moves replay through the engine to a win, or the packed position is wrong: never answer on it.
    let s = start;
    for (const m of moves) s = apply(s, m);
    if (!isWon(s)) throw new Error("internal error: the family solver's moves do not win");
    return { result: "solved", moves, stats: stats() };
  }
  if (outcome === "exhausted")
    return {
      result: "unsolvable",
      moves: [],
      stats: stats(),
      reason: `no position reached wins: ${meter.positions} searched`,
    };
  return unknown(outcome as BudgetKind);
}
