import type { Budget } from "../../search/budget.ts";
import type { SolveResult, SolveStats } from "../../search/result.ts";
import type { FreeCellRules, FreeCellState } from "../freecell/rules.ts";
import { solve as solveFreeCell } from "../freecell/solver.ts";
import type { SolveOptions } from "../patience/contract.ts";
import { apply, type FamilyMove, type FamilyState, isWon } from "./engine.ts";
import type { FamilyRules } from "./rules.ts";

/**
 * The FreeCell-like presets, solved by tsol's FreeCell solver. FreeCell's engine plays, as options of one engine,
 * cells from 0 to 10, 1 to 9 cascades building down in alternating colours or in suit, spaces taking any card or
 * only kings, and cards back off the foundations or not (src/games/freecell/rules.ts); with single-card moves
 * those are the family's rules of one deck of 52 cards dealt face up onto at most 9 piles with free cells,
 * foundations built up in suit from the ace, one card moved at a time, and nothing else (no stock, reserve, hole
 * or groups that move as one), but for a move FreeCell allows and the family does not, a card from one free cell to
 * another, which changes nothing its search counts (cells are a set) and which its complete search never makes:
 * Solvitaire's `free-cell` and its cell and pile variants, `bakers-game`,
 * `eight-off`, `fore-cell` and their variants, `british-canister`. FreeCell's solver decides such deals at
 * fc-solve's speed (docs/solver.md) where the family's own search leaves some undecided at millions of positions,
 * and its `unsolvable` rests on its complete search of every single-card move, whose pruning (cards home by its
 * `isSafeHome`, the same rule as the family's `safeHome` for these builds; cells and cascades counted as sets) is
 * proved for all these rules. Its win, written out as single-card moves, is played back through the family's
 * engine, which must end won (freecell-twin.test.ts holds its verdicts to the family's own search on every such
 * preset; verdicts.test.ts holds FreeCell's game's to the family's on `free-cell`). solveFamily hands it only those
 * whose spaces take any card, and half of a budget (solver.ts).
 */

/** FreeCell's rules for family rules that are FreeCell's with single-card moves, else undefined. */
export function freecellTwin(rules: FamilyRules): FreeCellRules | undefined {
  const t = rules.tableau;
  const f = rules.foundations;
  if (rules.decks !== 1 || (rules.suits ?? 4) !== 4 || rules.highestRank !== 13) return undefined;
  if (rules.stock || rules.reserve || rules.hole || rules.accordion || rules.sequences || rules.pairs)
    return undefined;
  if (rules.goal || t.covering || t.layout || t.diagonal || t.faceDown || t.unbuilt) return undefined;
  if (t.piles < 1 || t.piles > 9 || rules.cells.count > 10) return undefined;
  if (t.build !== "alternate-colours" && t.build !== "suit") return undefined;
  if (t.spaces !== "any" && t.spaces !== "kings") return undefined;
  if (t.groups !== "none") return undefined;
  if (!f || f.wholeSuits || f.base !== 1) return undefined;
  return {
    cells: rules.cells.count,
    cascades: t.piles,
    build: t.build === "suit" ? "suit" : "alternate",
    empty: t.spaces,
    fromFoundation: f.removable,
    sequenceMoves: false,
    reserve: false,
  };
}

/**
 * The family's position as FreeCell's, or undefined when it is not one FreeCell's engine holds (a face-down card,
 * a foundation not its suit's run from the ace).
 */
function asFreeCell(state: FamilyState, rules: FreeCellRules): FreeCellState | undefined {
  const t = state.table;
  if (state.base !== 1 || t.faceDown.some((d) => d > 0) || t.foundations.length !== 4) return undefined;
  const foundations: number[] = [];
  for (let suit = 0; suit < 4; suit++) {
    const pile = t.foundations[suit];
    if (pile.some((c, k) => c !== k * 4 + suit)) return undefined;
    foundations.push(pile.length);
  }
  return { rules, cascades: t.tableau.map((p) => [...p]), cells: [...t.cells], foundations };
}

/**
 * Solves a position of FreeCell's rules (freecellTwin says which) with FreeCell's solver, or answers undefined when
 * the position is not one FreeCell's engine holds. The policy "all" stays with the family's own search.
 */
export function solveByFreeCell(
  start: FamilyState,
  twin: FreeCellRules,
  options: SolveOptions = {},
): SolveResult<FamilyMove> | undefined {
  const policy = options.policy ?? "none";
  if (policy === "all") return undefined;
  const position = asFreeCell(start, twin);
  if (!position) return undefined;
  const found = solveFreeCell(position, {
    policy: "none",
    ...(options.budget ? { budget: options.budget } : {}),
    ...(options.now ? { now: options.now } : {}),
    ...(options.shortest ? { shortest: true } : {}),
    ...(options.onProgress ? { onProgress: options.onProgress } : {}),
  });
  const searched = `FreeCell's solver, the same rules (docs/solver.md): ${found.stats.searched}`;
  const stats = { ...found.stats, searched };
  if (found.result !== "solved") return { ...found, moves: [], stats };
  // FreeCell's places are the family's: cascade i is pile i, cell i cell i, the foundation of a suit its own.
  const moves: FamilyMove[] = found.moves.map((m) => ({
    from: { kind: m.from.kind, index: m.from.index },
    to: { kind: m.to.kind, index: m.to.index },
    count: m.count,
  }));
  return playedBack(start, moves, stats);
}

/**
 * FreeCell's win played back through the family's engine move by move: answered `solved` only when every move is
 * legal here and the deal ends won, else `unknown` with the reason (a twin's win is never taken on its word).
 */
function playedBack(
  start: FamilyState,
  moves: readonly FamilyMove[],
  stats: SolveResult<FamilyMove>["stats"],
): SolveResult<FamilyMove> {
  const refused: SolveResult<FamilyMove> = {
    result: "unknown",
    moves: [],
    stats,
    reason: "FreeCell's win does not replay as the family's moves",
  };
  let state = start;
  for (const move of moves) {
    try {
      state = apply(state, move);
    } catch {
      return refused;
    }
  }
  return isWon(state) ? { result: "solved", moves: [...moves], stats } : refused;
}

/**
 * FreeCell's solver with half the budget (of positions and of time; the whole when there is none), then `own` (the
 * family's own search, passed in by solver.ts) with what is left, when FreeCell's solver did not decide: its win
 * refused, its tables full, or its half spent. The stats count both.
 */
export function solveFreeCellFirst(
  start: FamilyState,
  twin: FreeCellRules,
  options: SolveOptions,
  own: (start: FamilyState, options: SolveOptions) => SolveResult<FamilyMove>,
): SolveResult<FamilyMove> {
  const budget: Budget = options.budget ?? {};
  const { positions, ms } = budget;
  const t0 = options.now?.();
  const half: Budget = {
    ...budget,
    ...(positions !== undefined ? { positions: Math.ceil(positions / 2) } : {}),
    ...(ms !== undefined ? { ms: ms / 2 } : {}),
  };
  const first = solveByFreeCell(start, twin, { ...options, budget: half });
  if (!first) return own(start, options);
  if (first.result !== "unknown") return first;
  const spent = t0 !== undefined && options.now ? options.now() - t0 : 0;
  const rest: Budget = {
    ...budget,
    ...(positions !== undefined ? { positions: Math.max(0, positions - first.stats.positions) } : {}),
    ...(ms !== undefined ? { ms: Math.max(0, ms - spent) } : {}),
  };
  const second = own(start, { ...options, budget: rest });
  const a = first.stats;
  const b = second.stats;
  const stats: SolveStats = {
    ...b,
    positions: a.positions + b.positions,
    expanded: a.expanded + b.expanded,
    ms: a.ms + b.ms,
    bytes: Math.max(a.bytes, b.bytes),
    phases: [...a.phases, ...b.phases],
    searched: `FreeCell's solver (${a.positions} positions), then ${b.searched}`,
  };
  return { ...second, stats };
}
