import type { AutoPolicy, FreeCellRules, FreeCellState, Move } from "../../../src/games/freecell/rules.ts";
import type { SolveOutcome } from "../../../src/search/result.ts";

/** Messages to the solver worker. Every request carries an id; the answer repeats it. */
export type SolverRequest =
  | { type: "analyse"; id: number; state: FreeCellState; policy: AutoPolicy; budgetMs: number }
  | {
      type: "pick-deal";
      id: number;
      kind: "winnable" | "easy";
      seed: number;
      rules: FreeCellRules;
      policy: AutoPolicy;
      budgetMs: number;
    };

export interface Analysis {
  result: SolveOutcome;
  /** The winning moves from the position (foundation moves written out), when solved. */
  moves: Move[];
  reason?: string;
  /** Time the search took in the worker. */
  ms: number;
  /** The budget it had: an unknown verdict under a small budget may be retried under a larger one. */
  budgetMs: number;
}

export interface PickedDeal {
  deal: number;
  /** Player moves of the solution found (foundation moves the policy makes not counted). */
  playerMoves: number;
  tried: number;
}

export type SolverResponse =
  | { type: "analysis"; id: number; analysis: Analysis }
  | { type: "picked"; id: number; picked: PickedDeal | null }
  | { type: "error"; id: number; message: string };
