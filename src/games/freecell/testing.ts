import { parseCard } from "../../cards/card.ts";
import { emptyState, type FreeCellRules, type FreeCellState, makeRules } from "./rules.ts";

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
