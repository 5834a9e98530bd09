import type { PatienceGame } from "./contract.ts";

export interface NaiveResult<M> {
  result: "solved" | "unsolvable" | "unknown";
  moves: M[];
  positions: number;
}

/**
 * The reference search the tests hold a game's solver to: depth-first over the engine's own legal moves and states,
 * every position seen remembered by `text`, its full text (no symmetry), with no pruning and no automatic moves.
 * Slow, and only for small positions: it knows nothing clever, which is the point. Unknown after `limit` positions.
 */
export function naiveSolve<S extends { rules: R }, M, R>(
  game: PatienceGame<S, M, R>,
  start: S,
  text: (state: S) => string,
  limit: number,
): NaiveResult<M> {
  if (game.isWon(start)) return { result: "solved", moves: [], positions: 1 };
  const seen = new Set<string>([text(start)]);
  const stack: { state: S; moves: M[]; next: number }[] = [
    { state: start, moves: game.legalMoves(start), next: 0 },
  ];
  while (stack.length > 0) {
    const top = stack[stack.length - 1];
    if (top.next === top.moves.length) {
      stack.pop();
      continue;
    }
    const state = game.apply(top.state, top.moves[top.next++]);
    const key = text(state);
    if (seen.has(key)) continue;
    if (seen.size >= limit) return { result: "unknown", moves: [], positions: seen.size };
    seen.add(key);
    if (game.isWon(state))
      return { result: "solved", moves: stack.map((f) => f.moves[f.next - 1]), positions: seen.size };
    stack.push({ state, moves: game.legalMoves(state), next: 0 });
  }
  return { result: "unsolvable", moves: [], positions: seen.size };
}
