import type { AutoPolicy } from "../patience/contract.ts";
import {
  bestBlindMove,
  DecisionLimit,
  type HindsightGame,
  playBlind,
  type SampleDecider,
  type Verdict,
} from "../patience/hindsight.ts";
import type { BlindOptions, BlindPlayer } from "../patience/knowledge.ts";
import {
  apply,
  autoMoves,
  type FamilyMove,
  type FamilyState,
  isWon,
  legalMoves,
  whyIllegal,
} from "./engine.ts";
import { familyKnowledge, remember, seen, unseenCount } from "./knowledge.ts";
import { solveFamily } from "./solver.ts";

/**
 * The blind player of every family game with hidden cards: the platform's hindsight optimisation
 * (src/games/patience/hindsight.ts) over the family engine's moves and what a player sees (knowledge.ts), each
 * sample decided by the family's solver (solveFamily) under a small budget of positions. Nothing here knows a game:
 * the rules say what is hidden and how the cards move. A decision's line ends with a move that reveals a card:
 * one turned up on a pile or the reserve, cards dealt or turned from the stock. Its games remember the stock once
 * the waste has been turned over (knowledge.ts's `remember`): a player with a perfect memory, as Klondike's.
 */

const DEFAULTS = {
  seed: 1,
  samples: 12,
  positions: 4000,
  exactPositions: 1_000_000,
  policy: "safe" as const,
};

/** A key of what a player sees of a position. */
const seenKey = (state: FamilyState): string => {
  const v = seen(state).position;
  return `${v.base} ${JSON.stringify(v.table)}`;
};

export const FAMILY_HINDSIGHT: HindsightGame<FamilyState, FamilyMove> = {
  knowledge: familyKnowledge,
  apply: (state, move) => remember(state, move, apply(state, move)),
  autoMoves,
  legalMoves,
  whyIllegal,
  isWon,
  unseenCount,
  seenKey,
  same: (a, b) => a.base === b.base && JSON.stringify(a.table) === JSON.stringify(b.table),
  defaults: DEFAULTS,
};

/** The family's solver deciding samples: a complete search within the budget, its win's moves when asked. */
export class FamilySampleSolver implements SampleDecider<FamilyState, FamilyMove> {
  solves = 0;
  positions = 0;
  private readonly clock: DecisionLimit;

  /** With a clock and a limit in ms (BlindOptions.ms): searches stop there, and none starts after it. */
  constructor(now?: () => number) {
    this.clock = new DecisionLimit(now);
  }

  /** Starts a decision's time limit (none without a clock or a limit). */
  limit(ms: number | undefined): this {
    this.clock.start(ms);
    return this;
  }

  decide(
    state: FamilyState,
    positions: number,
    policy: AutoPolicy,
    line = false,
  ): { verdict: Verdict; moves?: FamilyMove[] } {
    this.solves++;
    if (isWon(state)) return { verdict: "won", moves: [] };
    const now = this.clock.now;
    const left = this.clock.left();
    if (left !== undefined && left <= 0) return { verdict: "unknown" };
    const r = solveFamily(state, {
      policy,
      budget: left === undefined ? { positions } : { positions, ms: left },
      ...(now ? { now } : {}),
    });
    this.positions += r.stats.positions;
    if (r.result === "solved") return line ? { verdict: "won", moves: r.moves } : { verdict: "won" };
    return { verdict: r.result === "unsolvable" ? "lost" : "unknown" };
  }
}

export const familyBlindPlayer: BlindPlayer<FamilyState, FamilyMove> = {
  bestMove: (state, options: BlindOptions = {}) =>
    bestBlindMove(FAMILY_HINDSIGHT, state, options, new FamilySampleSolver(options.now).limit(options.ms)),
  // A whole game: no time limit (a limit is for one decision in play).
  play: (state, options: BlindOptions = {}) =>
    playBlind(FAMILY_HINDSIGHT, state, options, new FamilySampleSolver()),
};
