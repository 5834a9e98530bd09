import type { AutoPolicy, PatienceGame } from "./contract.ts";

/** What replaying a list of moves found. */
export interface CheckReport<S = unknown> {
  valid: boolean;
  won: boolean;
  /** Moves applied, automatic ones included. */
  moves: number;
  /** 1-based index of the first move that could not be read or played, when there is one. */
  index?: number;
  move?: string;
  reason?: string;
  /** The position the moves reach (automatic moves after the last one included), when every move was played. */
  position?: S;
}

/**
 * The verifier: replays moves in the game's notation exactly as given. With policy "none" nothing else
 * happens; otherwise the policy's automatic moves are played after each move (and at the start), as a game would.
 */
export function checkSolution<S extends { rules: R }, M, R>(
  game: PatienceGame<S, M, R>,
  start: S,
  moves: readonly string[],
  policy: AutoPolicy,
): CheckReport<S> {
  let count = 0;
  const settle = (state: S): S => {
    for (const a of game.autoMoves(state, policy)) {
      state = game.apply(state, a);
      count++;
    }
    return state;
  };
  let state = settle(start);
  for (let i = 0; i < moves.length; i++) {
    try {
      state = game.apply(state, game.notation.parse(state, moves[i]));
    } catch (error) {
      // The reason without the move (a notation error carries it apart), so that a caller names the move once.
      const e = error as Error & { reason?: string };
      return {
        valid: false,
        won: false,
        moves: count,
        index: i + 1,
        move: moves[i],
        reason: e.reason ?? e.message,
      };
    }
    count++;
    state = settle(state);
  }
  return { valid: true, won: game.isWon(state), moves: count, position: state };
}

/**
 * The table as the solver sees it, to tell whether two engines dealt the same cards to the same places: every
 * pile that holds a card, as "kind index: cards" (a face-down card followed by #), sorted.
 */
export function solverTable<S extends { rules: R }, M, R>(game: PatienceGame<S, M, R>, state: S): string[] {
  return game
    .piles(state, "solver")
    .filter((p) => p.cards.length > 0)
    .map(
      (p) =>
        `${p.ref.kind} ${p.ref.index}: ${p.cards.map((c) => `${c.card}${c.faceUp ? "" : "#"}`).join(" ")}`,
    )
    .sort();
}
