import { formatCard } from "../../cards/card.ts";
import { type NaiveResult, naiveSolve as search } from "../patience/naive.ts";
import { klondike } from "./index.ts";
import type { KlondikeMove, KlondikeState } from "./rules.ts";

/** Every pile with its face-down count, the stock, the waste, the foundations and the passes made: in full. */
const text = (s: KlondikeState) =>
  `${s.piles.map((p, i) => `${s.faceDown[i]}:${p.map(formatCard).join("")}`).join("/")}|${s.stock.map(formatCard).join("")}|${s.waste.map(formatCard).join("")}|${s.foundations.join(",")}|${s.rules.passes === null ? 0 : s.recycles}`;

/**
 * The naive search (src/games/patience/naive.ts) over Klondike's engine, the tests' reference for the real solver:
 * each turn of the stock a move of its own; only for small positions.
 */
export function naiveSolve(start: KlondikeState, limit = 2_000_000): NaiveResult<KlondikeMove> {
  return search(klondike, start, text, limit);
}
