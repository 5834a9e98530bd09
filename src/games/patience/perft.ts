import type { PatienceGame } from "./contract.ts";

/**
 * The number of distinct sequences of `depth` legal moves from `state` (no automatic moves): the move
 * generator's oracle. Each game's counts are checked against an oracle computed independently (test/data).
 */
export function perft<S extends { rules: R }, M, R>(
  game: PatienceGame<S, M, R>,
  state: S,
  depth: number,
): number {
  if (depth === 0) return 1;
  const moves = game.legalMoves(state);
  if (depth === 1) return moves.length;
  let total = 0;
  for (const move of moves) total += perft(game, game.apply(state, move), depth - 1);
  return total;
}

/** Perft at depths 1..depth, as the oracle files list them. */
export function perftCounts<S extends { rules: R }, M, R>(
  game: PatienceGame<S, M, R>,
  state: S,
  depth: number,
): number[] {
  const out: number[] = [];
  for (let d = 1; d <= depth; d++) out.push(perft(game, state, d));
  return out;
}
