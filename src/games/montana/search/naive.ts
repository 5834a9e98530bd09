import { applyMove, isWon, legalMoves, type MontanaMove, type MontanaState } from "../rules.ts";

/**
 * The reference search the tests hold the solver to: depth-first over the engine's own moves and states, every
 * position remembered by its full text (no symmetry, no pruning, no forced moves). Slow; for cut-down decks.
 */
export function naiveSolve(
  start: MontanaState,
  maxPositions = 5_000_000,
): { result: "solved" | "unsolvable" | "unknown"; moves: MontanaMove[]; positions: number } {
  const text = (s: MontanaState) => `${s.rows.map((r) => r.join(",")).join("/")}|${s.redealsLeft}|${s.seed}`;
  const seen = new Set<string>([text(start)]);
  const stack: { state: MontanaState; moves: MontanaMove[]; next: number }[] = [];
  if (isWon(start)) return { result: "solved", moves: [], positions: 1 };
  stack.push({ state: start, moves: legalMoves(start), next: 0 });
  while (stack.length > 0) {
    const top = stack[stack.length - 1];
    if (top.next === top.moves.length) {
      stack.pop();
      continue;
    }
    const move = top.moves[top.next++];
    const state = applyMove(top.state, move);
    const key = text(state);
    if (seen.has(key)) continue;
    seen.add(key);
    if (isWon(state)) {
      return { result: "solved", moves: [...stack.map((f) => f.moves[f.next - 1])], positions: seen.size };
    }
    if (seen.size >= maxPositions) return { result: "unknown", moves: [], positions: seen.size };
    stack.push({ state, moves: legalMoves(state), next: 0 });
  }
  return { result: "unsolvable", moves: [], positions: seen.size };
}
