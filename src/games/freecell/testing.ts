import { parseCard } from "../../cards/card.ts";
import { emptyState, type FreeCellRules, type FreeCellState, type Move, makeRules } from "./rules.ts";
import { GEN_ALL, PackedPosition } from "./solver-packed.ts";

/**
 * A position for tests: cascades as text (bottom card first, "" for empty), cells, foundation ranks by suit
 * (clubs, diamonds, hearts, spades). Unlike board text it need not hold all 52 cards.
 */
export function position(
  rules: Partial<FreeCellRules>,
  cascades: string[],
  cells: (string | null)[] = [],
  foundations = [0, 0, 0, 0],
): FreeCellState {
  const state = emptyState(makeRules(rules));
  cascades.forEach((line, i) => {
    state.cascades[i] = line ? line.split(" ").map(parseCard) : [];
  });
  cells.forEach((x, i) => {
    state.cells[i] = x === null ? null : parseCard(x);
  });
  state.foundations = foundations.slice();
  return state;
}

/** The solver's move generator (every move) in the engine's form, for the conformance suite's comparison. */
export function packedMoves(state: FreeCellState): Move[] {
  const pos = new PackedPosition(state.rules);
  pos.load(state);
  const out = new Int32Array(pos.maxMoves);
  const end = pos.generate(GEN_ALL, out, 0);
  return Array.from(out.subarray(0, end), (m) => pos.toMove(m));
}
