import type { Card } from "../../cards/card.ts";
import type { SolveResult } from "../../search/result.ts";
import { FULL_COLUMNS, type MontanaRules, type MontanaState, ROWS } from "../montana/rules.ts";
import { solveMontana } from "../montana/solver.ts";
import type { SolveOptions } from "../patience/contract.ts";
import { apply, type FamilyMove, type FamilyState, isWon, placeRef } from "./engine.ts";
import type { FamilyRules } from "./rules.ts";

/**
 * Gaps, solved by tsol's Montana solver. Solvitaire's two Gaps presets are Montana's rules exactly
 * (specialised.test.ts: the same legal moves in every position of many deals, the same wins): four rows, a gap
 * taking the card one above its left neighbour in suit, nothing after a king or a gap; `gaps-one-deal` is Montana
 * with free twos (any 2 to any first-column gap), `gaps-basic-variant` Montana with fixed suits (row a clubs, b
 * hearts, c spades, d diamonds). Montana's solver, with its packed rows, stubborn sets and the forced moves proved
 * in docs/montana.md, decides in milliseconds deals the family's plain search of immutable states leaves undecided
 * at 20,000 positions, and its `unsolvable` rests on those proofs, made for exactly these rules. So the family
 * solves a position of these rules by handing it to Montana's solver and playing the win it finds back through the
 * family's own engine, which must win; any other rules of rows (building right or both ways, two decks, redeals)
 * stay with the family's own search.
 */

/** Montana's rules for family rules that are Gaps as Montana plays it, else undefined. */
export function montanaTwin(rules: FamilyRules): MontanaRules | undefined {
  const s = rules.sequences;
  if (!s || s.rows !== ROWS || s.direction !== "left" || s.build !== "suit") return undefined;
  if (rules.decks !== 1 || (rules.suits ?? 4) !== 4) return undefined;
  // Montana plays decks cut to ranks 1..n for 3 <= n <= 13, each row n places.
  if (rules.highestRank < 3 || rules.highestRank > FULL_COLUMNS) return undefined;
  if (rules.foundations !== null || rules.hole || rules.accordion || rules.stock || rules.reserve)
    return undefined;
  if (rules.cells.count > 0 || rules.tableau.piles > 0) return undefined;
  return { freeTwos: !s.fixedSuits, fixedSuits: s.fixedSuits, redeals: 0 };
}

/** The family's position as Montana's: the same rows (a gap is null in both), no redeals. */
function asMontana(state: FamilyState, rules: MontanaRules): MontanaState {
  return { rules, rows: state.table.sequences.map((row) => [...row]), redealsLeft: 0, seed: 0 };
}

/** The place of a card in the family's rows (row * the rows' length + column), or -1. */
function placeOf(state: FamilyState, card: Card): number {
  const rows = state.table.sequences;
  for (let r = 0; r < rows.length; r++) {
    const c = rows[r].indexOf(card);
    if (c >= 0) return r * rows[r].length + c;
  }
  return -1;
}

/**
 * Solves a position of Gaps as Montana plays it (montanaTwin says which) with Montana's solver, in one thread. The
 * win comes back as the family's moves, each replayed through the family's engine; the deal must end won.
 */
export function solveByMontana(
  start: FamilyState,
  twin: MontanaRules,
  options: SolveOptions = {},
): SolveResult<FamilyMove> {
  const { threads: _threads, startThread: _startThread, ...oneThread } = options;
  const found = solveMontana(asMontana(start, twin), oneThread);
  const searched = `Montana's solver, the same rules (docs/montana.md): ${found.stats.searched}`;
  const stats = { ...found.stats, searched };
  if (found.result !== "solved") return { ...found, moves: [], stats };
  const moves: FamilyMove[] = [];
  let state = start;
  for (const m of found.moves) {
    const from = m.kind === "card" ? placeOf(state, m.card) : -1;
    if (m.kind !== "card" || from < 0)
      return { result: "unknown", moves: [], stats, reason: "Montana's win does not replay as Gaps' moves" };
    const move: FamilyMove = { from: placeRef(from), to: placeRef(m.to), count: 1 };
    try {
      state = apply(state, move);
    } catch {
      return { result: "unknown", moves: [], stats, reason: "Montana's win does not replay as Gaps' moves" };
    }
    moves.push(move);
  }
  if (!isWon(state))
    return { result: "unknown", moves: [], stats, reason: "Montana's win does not replay as Gaps' moves" };
  return { result: "solved", moves, stats };
}
