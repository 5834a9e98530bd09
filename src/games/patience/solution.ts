import type { AutoPolicy, PatienceGame } from "./contract.ts";
import { IllegalMoveError } from "./errors.ts";
import { type Mover, playTurn, type Turn } from "./session.ts";

/**
 * A solver's moves (every move written out, automatic ones included, in the solver's order) as the turns a game
 * under `policy` plays: each player move with the automatic moves the game makes after it. A solver move that the
 * game has already made by itself is dropped. Done once here for every game, so hints, tips, the solve
 * animation, the terminal and the CLI agree. (The turns' `carried` lists are left empty: work out the cards a
 * turn carries with `movedCards` where an animation needs them.)
 *
 * `start` is the position as dealt: the policy's opening moves are made first, as a Session makes them.
 * The game's automatic moves and the solver's may come in a different order; they are matched as moves (the
 * same JSON), each used once. The turns are played through the engine, so a solution that does not fit throws.
 */
export function solutionTurns<S extends { rules: R }, M, R>(
  game: PatienceGame<S, M, R>,
  start: S,
  moves: readonly M[],
  policy: AutoPolicy,
  by: Mover = "computer",
): Turn<S, M>[] {
  const turns: Turn<S, M>[] = [];
  const done = new Map<string, number>();
  const count = (move: M) => {
    const key = JSON.stringify(move);
    done.set(key, (done.get(key) ?? 0) + 1);
  };
  // The game makes the policy's automatic moves on the deal itself, before any turn (as Session does).
  let state = start;
  for (const move of game.autoMoves(start, policy)) {
    count(move);
    state = game.apply(state, move);
  }
  for (const move of moves) {
    const id = JSON.stringify(move);
    const pending = done.get(id) ?? 0;
    if (pending > 0) {
      done.set(id, pending - 1);
      continue;
    }
    const turn = playTurn(game, state, move, policy, by, false);
    for (const a of turn.auto) count(a);
    turns.push(turn);
    state = turn.after;
  }
  return turns;
}

/** The first player move of a solution under `policy`, or undefined when the solution has none. */
export function firstPlayerMove<S extends { rules: R }, M, R>(
  game: PatienceGame<S, M, R>,
  start: S,
  moves: readonly M[],
  policy: AutoPolicy,
): M | undefined {
  if (moves.length === 0) return undefined;
  const [first] = solutionTurns(game, start, moves.slice(0, 1), policy);
  return first?.move;
}

/** Each move in the game's notation, written against the position it is played in (no automatic moves). */
export function movesNotation<S extends { rules: R }, M, R>(
  game: PatienceGame<S, M, R>,
  start: S,
  moves: readonly M[],
): string[] {
  const out: string[] = [];
  let state = start;
  for (const move of moves) {
    out.push(game.notation.format(state, move));
    state = game.apply(state, move);
  }
  return out;
}

/**
 * Solution length in the three counts of docs/solver.md: (a) `moves`, every move written out counts one (a run
 * moved as one counts one); (b) `cards`, every card moved counts; (c) `player`, the turns a player makes under
 * the safe policy (automatic moves not counted).
 */
export interface SolutionCounts {
  moves: number;
  cards: number;
  player: number;
}

export function countSolution<S extends { rules: R }, M, R>(
  game: PatienceGame<S, M, R>,
  start: S,
  moves: readonly M[],
  cardsMoved: (state: S, move: M) => number,
): SolutionCounts {
  let cards = 0;
  let state = start;
  for (const move of moves) {
    cards += cardsMoved(state, move);
    state = game.apply(state, move);
  }
  const policy: AutoPolicy = game.policies.includes("safe") ? "safe" : game.policies[0];
  if (!game.isWon(state)) throw new IllegalMoveError(undefined, "the moves do not win");
  return { moves: moves.length, cards, player: solutionTurns(game, start, moves, policy).length };
}
