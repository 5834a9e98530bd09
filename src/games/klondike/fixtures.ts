import { parseCard } from "../../cards/card.ts";
import { emptyState, type KlondikeRules, type KlondikeState, makeRules } from "./rules.ts";

/**
 * A position for tests, not necessarily holding all 52 cards: piles as text bottom card first with the face-down
 * cards before a `|` ("4C 9H | AS QD"), "" for an empty pile; stock and waste bottom card first; foundation ranks
 * by suit (clubs, diamonds, hearts, spades).
 */
export function position(
  rules: Partial<KlondikeRules>,
  piles: string[],
  options: { stock?: string; waste?: string; foundations?: number[]; recycles?: number; score?: number } = {},
): KlondikeState {
  const state = emptyState(makeRules(rules));
  const cards = (text: string | undefined) =>
    text ? text.trim().split(/\s+/).filter(Boolean).map(parseCard) : [];
  piles.forEach((line, i) => {
    const [down, up] = line.includes("|") ? line.split("|") : ["", line];
    state.piles[i] = [...cards(down), ...cards(up)];
    state.faceDown[i] = cards(down).length;
  });
  state.stock = cards(options.stock);
  state.waste = cards(options.waste);
  state.foundations = options.foundations?.slice() ?? [0, 0, 0, 0];
  state.recycles = options.recycles ?? 0;
  if (options.score !== undefined) state.score = options.score;
  return state;
}

/** Foundation ranks that put on the foundations every card not listed (clubs, diamonds, hearts, spades). */
export function homeAllBut(listed: string): number[] {
  const out = [13, 13, 13, 13];
  for (const text of listed.split(/[\s|]+/).filter(Boolean)) {
    const c = parseCard(text);
    const suit = c & 3;
    out[suit] = Math.min(out[suit], (c >> 2) + 1 - 1);
  }
  return out;
}
