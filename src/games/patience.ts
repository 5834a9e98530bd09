/** The shape every patience engine shares (see docs/architecture.md). */
export type AutoPolicy = "none" | "safe" | "all";

export interface Patience<State, Move, Rules> {
  readonly id: string;
  readonly title: string;
  /** A numbered, reproducible deal. */
  deal(deal: number, rules?: Partial<Rules>): State;
  legalMoves(state: State): Move[];
  /** Pure; an illegal move throws an error with a `code` and the reason. */
  apply(state: State, move: Move): State;
  isWon(state: State): boolean;
  autoMoves(state: State, policy: AutoPolicy): Move[];
  formatMove(move: Move, state: State): string;
  parseMove(text: string, state: State): Move;
  formatBoard(state: State): string;
  parseBoard(text: string, rules?: Partial<Rules>): State;
}
