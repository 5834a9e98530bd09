import { formatCard } from "../../cards/card.ts";
import { applyMove, isWon, type KlondikeMove, type KlondikeState, legalMoves } from "./rules.ts";

/**
 * A naive solver, the tests' reference for the real one: a depth-first search over every legal engine move (each
 * turn of the stock a move of its own), no pruning, no automatic moves, no symmetry, and a set of every position
 * seen written out in full. Only for small positions: it knows nothing clever, which is the point.
 */
export function naiveSolve(
  start: KlondikeState,
  limit = 2_000_000,
): { result: "solved" | "unsolvable" | "unknown"; moves: KlondikeMove[]; positions: number } {
  const seen = new Set<string>();
  const id = (s: KlondikeState) =>
    `${s.piles.map((p, i) => `${s.faceDown[i]}:${p.map(formatCard).join("")}`).join("/")}|${s.stock.map(formatCard).join("")}|${s.waste.map(formatCard).join("")}|${s.foundations.join(",")}|${s.rules.passes === null ? 0 : s.recycles}`;
  interface Frame {
    state: KlondikeState;
    moves: KlondikeMove[];
    next: number;
  }
  if (isWon(start)) return { result: "solved", moves: [], positions: 1 };
  seen.add(id(start));
  const stack: Frame[] = [{ state: start, moves: legalMoves(start), next: 0 }];
  while (stack.length > 0) {
    const top = stack[stack.length - 1];
    if (top.next === top.moves.length) {
      stack.pop();
      continue;
    }
    const move = top.moves[top.next++];
    const state = applyMove(top.state, move);
    const key = id(state);
    if (seen.has(key)) continue;
    if (seen.size >= limit) return { result: "unknown", moves: [], positions: seen.size };
    seen.add(key);
    if (isWon(state)) {
      const moves = stack.map((f) => f.moves[f.next - 1]);
      return { result: "solved", moves, positions: seen.size };
    }
    stack.push({ state, moves: legalMoves(state), next: 0 });
  }
  return { result: "unsolvable", moves: [], positions: seen.size };
}
