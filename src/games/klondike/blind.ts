import type { Prng } from "../../cards/random.ts";
import { BudgetMeter } from "../../search/budget.ts";
import { KeySet } from "../../search/key-set.ts";
import { TeamDepthFirst } from "../../search/team-depth-first.ts";
import type { AutoPolicy } from "../patience/contract.ts";
import {
  bestBlindMove as bestHindsight,
  chooseLine as chooseHindsight,
  DecisionLimit,
  type HindsightGame,
  playBlind as playHindsight,
  type SampleDecider,
  type Verdict,
} from "../patience/hindsight.ts";
import type {
  BlindChoice,
  BlindGame,
  BlindOptions,
  BlindPlayer,
  SeenPosition,
} from "../patience/knowledge.ts";
import { blockedReason } from "./blocked.ts";
import { klondikeKnowledge, seen } from "./knowledge.ts";
import { KlondikePosition, type PackedMove } from "./packed.ts";
import {
  applyMove,
  autoMoves,
  isWon,
  type KlondikeMove,
  type KlondikeRules,
  type KlondikeState,
  legalMoves,
  whyIllegal,
} from "./rules.ts";
import { translate } from "./solver.ts";

/**
 * The blind player: Klondike played seeing only what a player sees (knowledge.ts), by hindsight optimisation, the
 * platform's player (src/games/patience/hindsight.ts says how it chooses) over Klondike's rules, with the
 * thoughtful solver's search deciding each sample (SampleSolver). A decision's line ends with a move that turns up
 * a face-down card or turns unseen stock cards.
 */

/**
 * The player's defaults. Many samples decided on small budgets play better than few on large ones: 32 samples of
 * 3,000 positions, up to twice as many where lines stay close, won more of deals 1..1000 (draw 3) than 16 of
 * 10,000 up to four times as many, at about the same time a game (docs/klondike.md).
 */
const DEFAULTS = {
  seed: 1,
  samples: 32,
  positions: 3_000,
  moreSamples: 2,
  exactPositions: 2_000_000,
  policy: "safe" as const,
  explore: 30,
};

/**
 * Slots the samples' table keeps when emptied (KeySet's `keepSlots`): enough for a search of 10,000 positions
 * (27,312 slots once grown; the default is 3,000), so that thousands of searches a game do not each grow it again
 * from 1,024 keys; a larger search (the exact one) lets its array go as before.
 */
const KEEP_SLOTS = 32_768;

/**
 * The thoughtful solver's search (solver.ts's, the same domain, table and walks), kept and reused across samples:
 * one table cleared between searches, no engine replay of a win unless its moves are asked for.
 */
export class SampleSolver implements SampleDecider<KlondikeState, KlondikeMove> {
  private readonly domains: KlondikePosition[];
  private readonly search: TeamDepthFirst<KlondikeState, PackedMove>;
  solves = 0;
  positions = 0;
  private readonly clock: DecisionLimit;

  /** With a clock (BlindOptions.now), a decision's time limit can be set (`limit`). */
  constructor(rules: KlondikeRules, now?: () => number) {
    this.clock = new DecisionLimit(now);
    this.domains = [new KlondikePosition(rules), new KlondikePosition(rules)];
    const table = new KeySet(
      this.domains[0].keyWords,
      undefined,
      1024,
      this.domains[0].nearField,
      KEEP_SLOTS,
    );
    this.search = new TeamDepthFirst(this.domains, "complete", [0, 0], 2000, {
      table,
      reversed: [false, true],
    });
    for (const d of this.domains) d.attach(table);
  }

  /** Starts a decision's time limit in ms (BlindOptions.ms): searches stop there, and none starts after it. */
  limit(ms: number | undefined): this {
    this.clock.start(ms);
    return this;
  }

  /** Whether `state` (automatic moves made) can be won, within `positions`; with `line`, the win's engine moves. */
  decide(
    state: KlondikeState,
    positions: number,
    policy: AutoPolicy,
    line = false,
  ): {
    verdict: Verdict;
    moves?: KlondikeMove[];
  } {
    this.solves++;
    if (isWon(state)) return { verdict: "won", moves: [] };
    if (blockedReason(state) !== undefined) return { verdict: "lost" };
    const left = this.clock.left();
    if (left !== undefined && left <= 0) return { verdict: "unknown" };
    const meter =
      left === undefined
        ? new BudgetMeter({ positions }, undefined, 4096)
        : new BudgetMeter({ positions, ms: left }, this.clock.now, 4096);
    const search = this.search;
    search.begin(state, meter);
    let outcome = search.outcome;
    while (outcome === "capped") outcome = search.resume(meter.positions + 100_000);
    this.positions += search.positions;
    if (outcome === "solved") {
      if (!line) return { verdict: "won" };
      const { moves, domain } = search.path();
      try {
        return { verdict: "won", moves: translate(domain as KlondikePosition, state, moves, policy) };
      } catch (error) {
        // Under "all" the game sends home every card it can, which the win found may need on a pile (solver.ts
        // says the same): the sample is won, but its line cannot be followed.
        if (policy !== "all") throw error;
        return { verdict: "won" };
      }
    }
    return { verdict: outcome === "exhausted" ? "lost" : "unknown" };
  }
}

/** Cards unseen by the player in a position (face-down cards, and the stock before its first turn-over). */
const unseenCount = (state: KlondikeState): number =>
  state.faceDown.reduce((a, b) => a + b, 0) + (state.recycles > 0 ? 0 : state.stock.length);

/** A key of what a player sees (the passes made only where they are limited; the score left out). */
function seenKey(state: KlondikeState): string {
  const v = seen(state).position;
  const passes = state.rules.passes === null ? "" : `#${state.recycles}`;
  return `${JSON.stringify([v.piles, v.faceDown, v.stock, v.waste, v.foundations])}${passes}`;
}

/** Klondike as the platform's blind player (src/games/patience/hindsight.ts) takes a game. */
export const KLONDIKE_HINDSIGHT: HindsightGame<KlondikeState, KlondikeMove> = {
  knowledge: klondikeKnowledge,
  apply: applyMove,
  autoMoves,
  legalMoves,
  whyIllegal,
  isWon,
  unseenCount,
  seenKey,
  same: (a, b) => JSON.stringify(a) === JSON.stringify(b),
  // With unlimited passes a turn commits nothing: the first move of the list is the turn, when there is one.
  turn: (state) => {
    if (state.rules.passes !== null) return undefined;
    const m = legalMoves(state)[0];
    return m && (m.from.kind === "stock" || m.to.kind === "stock") ? m : undefined;
  },
  plays: (_state, move) => move.from.kind === "waste" && move.to.kind !== "stock",
  defaults: DEFAULTS,
};

/**
 * The blind player's choice in a position as a player sees it (never the position itself): the line to play,
 * with the chance to win from here. `prng` draws the samples; `solver` is reused across calls.
 */
export function chooseLine(
  view: SeenPosition<KlondikeState>,
  options: BlindOptions,
  prng: Prng,
  solver: SampleSolver = new SampleSolver(view.position.rules),
): BlindChoice<KlondikeMove> {
  return chooseHindsight(KLONDIKE_HINDSIGHT, view, options, prng, solver);
}

/**
 * The blind player's best move in a position (the API of hints that do not peek): the move, the line it begins,
 * and the chance to win from here with its sample count. Reads only what a player sees of `state`. The state is
 * taken as it stands (make the policy's automatic moves first, as the game does after every move).
 */
export function bestBlindMove(state: KlondikeState, options: BlindOptions = {}): BlindChoice<KlondikeMove> {
  const solver = new SampleSolver(state.rules, options.now).limit(options.ms);
  return bestHindsight(KLONDIKE_HINDSIGHT, state, options, solver);
}

/**
 * Plays a position to its end seeing only what a player sees: each decision's line is played on the real
 * position, then the next decision is made on what the player sees then. Ends won, or when the player has
 * nothing left worth playing (no sample can be won and no move reveals a card).
 */
export function playBlind(start: KlondikeState, options: BlindOptions = {}): BlindGame<KlondikeMove> {
  return playHindsight(KLONDIKE_HINDSIGHT, start, options, new SampleSolver(start.rules));
}

export const klondikeBlindPlayer: BlindPlayer<KlondikeState, KlondikeMove> = {
  bestMove: bestBlindMove,
  play: (state, options) => playBlind(state, options),
};
