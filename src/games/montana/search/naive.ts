import { type NaiveResult, naiveSolve as search } from "../../patience/naive.ts";
import { montana } from "../index.ts";
import type { MontanaMove, MontanaState } from "../rules.ts";

/** Every place, the redeals left and the seed: the position in full, rows in their order. */
const text = (s: MontanaState) => `${s.rows.map((r) => r.join(",")).join("/")}|${s.redealsLeft}|${s.seed}`;

/** The naive search (src/games/patience/naive.ts) over Montana's engine, for the tests' cut-down decks. */
export function naiveSolve(start: MontanaState, maxPositions = 5_000_000): NaiveResult<MontanaMove> {
  return search(montana, start, text, maxPositions);
}
