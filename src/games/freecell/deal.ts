import { type Card, orderedDeck } from "../../cards/card.ts";
import { microsoftDealOrder } from "../../cards/microsoft.ts";
import { mulberry32, shuffle } from "../../cards/random.ts";
import { emptyState, type FreeCellRules, type FreeCellState, makeRules } from "./rules.ts";

/** Lays a deck out as the i-th card to cascade i mod n, each cascade from the bottom card up. */
export function layOut(order: readonly Card[], rules: FreeCellRules): FreeCellState {
  const state = emptyState(rules);
  order.forEach((c, i) => {
    state.cascades[i % rules.cascades].push(c);
  });
  return state;
}

/** Microsoft deal N (the numbering of Windows FreeCell, FreeCell Pro, KPatience and fc-solve) under `rules`. */
export function dealMicrosoft(deal: number, rules: Partial<FreeCellRules> = {}): FreeCellState {
  return layOut(microsoftDealOrder(deal), makeRules(rules));
}

/** A shuffled deal from a seed, for callers that want a deal outside the numbering. */
export function dealSeeded(seed: number, rules: Partial<FreeCellRules> = {}): FreeCellState {
  return layOut(shuffle(orderedDeck(), mulberry32(seed)), makeRules(rules));
}
