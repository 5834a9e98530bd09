import type { BudgetKind } from "./budget.ts";

export type SolveOutcome = "solved" | "unsolvable" | "unknown";

/** What one phase of a solve did. */
export interface PhaseStats {
  /** Which search: "fast" (grouped moves, heuristic), "complete" (every single-card move), "shorten" … */
  name: string;
  positions: number;
  expanded: number;
  ms: number;
  /** "solved", "exhausted" (nothing left to search), "capped" (the phase's own share ran out), or a budget. */
  outcome: "solved" | "exhausted" | "capped" | BudgetKind;
}

export interface SolveStats {
  /** Distinct positions stored, all phases together. */
  positions: number;
  /** Positions whose moves were generated. */
  expanded: number;
  /** Wall time in ms (0 when no clock was given). */
  ms: number;
  /** The most bytes the solver's own tables took. */
  bytes: number;
  phases: PhaseStats[];
  /** What was searched, in words: the basis of a verdict. */
  searched: string;
  /** The budget that stopped the search, when the result is unknown because of one. */
  budget?: BudgetKind;
}

/** The answer of any solver: the moves when solved, a reason when not. */
export interface SolveResult<M> {
  result: SolveOutcome;
  moves: M[];
  stats: SolveStats;
  /** Why the result is unsolvable or unknown, for people. */
  reason?: string;
  /** When unsolvable by an argument rather than a search (Klondike's blocked positions): the argument, in words. */
  proof?: string;
  /** The value of the objective searched for, when not a plain win (e.g. the highest score). */
  value?: number;
}
