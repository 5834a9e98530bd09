import type { Card } from "../../cards/card.ts";
import type { Prng } from "../../cards/random.ts";
import type { AutoPolicy } from "./contract.ts";

/**
 * What a player knows of a position, for games with hidden cards (Klondike's face-down cards and unturned stock;
 * Spider, Canfield and the others as they come). A game that has hidden cards offers a `PlayerKnowledge` in its
 * contract (`knowledge`), and the platform builds on it: the deals consistent with what a player sees, sampled
 * uniformly or listed in full, for players and hints that do not peek.
 *
 * The model is a player with a perfect memory who has watched every move: a card once seen stays known where it
 * went (in Klondike, the stock turned over after a pass is known card by card). Any order of the unseen cards in
 * the unseen places is a deal consistent with what is seen, and each is as likely as any other.
 */

/** The placeholder of a card the player has not seen, in a `SeenPosition`'s position. */
export const UNSEEN = -1;

/** A position as a player sees it. Plain JSON: safe to hand to anything that must not peek. */
export interface SeenPosition<S> {
  /**
   * The position with every card the player has not seen replaced by `UNSEEN`, in the game's own shape. Not a
   * playable position: `PlayerKnowledge.fill` makes one.
   */
  position: S;
  /** The cards the player has not seen, in card order (two decks: a card twice when both copies are unseen). */
  unseen: Card[];
}

export interface PlayerKnowledge<S> {
  /** What a player sees of `state`. */
  seen(state: S): SeenPosition<S>;
  /**
   * The position `seen` stands for with its unseen places holding `cards`, in the game's fixed order of the
   * unseen places; `cards` is an arrangement of `seen.unseen`. Every arrangement gives a position of the game.
   */
  fill(seen: SeenPosition<S>, cards: readonly Card[]): S;
}

/** A deal consistent with what is seen, the unseen cards in an order drawn uniformly (Fisher-Yates). */
export function sampleDeal<S>(knowledge: PlayerKnowledge<S>, seen: SeenPosition<S>, prng: Prng): S {
  const cards = seen.unseen.slice();
  for (let i = cards.length - 1; i > 0; i--) {
    const j = prng.nextInt(i + 1);
    const t = cards[i];
    cards[i] = cards[j];
    cards[j] = t;
  }
  return knowledge.fill(seen, cards);
}

/** How many arrangements of the unseen cards there are (n! for distinct cards), as a float. */
export function arrangements(seen: SeenPosition<unknown>): number {
  let n = 1;
  for (let i = 2; i <= seen.unseen.length; i++) n *= i;
  const counts = new Map<Card, number>();
  for (const c of seen.unseen) counts.set(c, (counts.get(c) ?? 0) + 1);
  for (const k of counts.values()) for (let i = 2; i <= k; i++) n /= i;
  return n;
}

/**
 * Every deal consistent with what is seen, each once (repeated cards give one deal per distinct order), in a
 * fixed order; for small cases only (the count is `arrangements`).
 */
export function* consistentDeals<S>(knowledge: PlayerKnowledge<S>, seen: SeenPosition<S>): Generator<S> {
  const cards = seen.unseen.slice().sort((a, b) => a - b);
  // Lexicographic permutations of a sorted multiset: each distinct order once.
  for (;;) {
    yield knowledge.fill(seen, cards);
    let i = cards.length - 2;
    while (i >= 0 && cards[i] >= cards[i + 1]) i--;
    if (i < 0) return;
    let j = cards.length - 1;
    while (cards[j] <= cards[i]) j--;
    [cards[i], cards[j]] = [cards[j], cards[i]];
    for (let a = i + 1, b = cards.length - 1; a < b; a++, b--) [cards[a], cards[b]] = [cards[b], cards[a]];
  }
}

/**
 * A player that sees only what a player sees (a game's `blindPlayer`), and what it answers. The defaults of the
 * numbers are the game's player's own.
 */
export interface BlindOptions {
  /** The seed of the samples (default 1): the same seed and position give the same choice. */
  seed?: number;
  /** Samples drawn at each decision (the game's player's default: Klondike's 32, the family's 12). */
  samples?: number;
  /**
   * Samples at most, drawn where the best two lines stay close (the game's player's default multiple of
   * `samples`: Klondike's twice, the family's 4 times).
   */
  maxSamples?: number;
  /** Positions the solver may store deciding one sample (Klondike's default 3,000, the family's 4,000). */
  positions?: number;
  /**
   * Positions reached without a reveal to look for commitments in (every reveal from each, by its shortest line);
   * 0: only the reveals that can be made now, beside the lines the samples' wins begin with. The default is the
   * game's player's: 30 for Klondike, 0 for the family's games.
   */
  explore?: number;
  /** What a sample left undecided counts for in a line's score, between 0 (lost) and 1 (won); default 0. */
  undecidedWeight?: number;
  /** Positions for the one deal left once every card is seen (default 2,000,000). */
  exactPositions?: number;
  /** The automatic moves in force (default the game's first policy). */
  policy?: AutoPolicy;
  /** The clock of `stats.ms` (the games have none of their own: callers pass one, performance.now); else 0. */
  now?: () => number;
  /**
   * A soft limit of one decision's time in ms, read on `now` (for hints in play, which must answer at once): once
   * it is reached, the samples not yet decided count as undecided, without a search. Where it is reached the answer
   * depends on the machine's speed; without it (the default) the same seed and position give the same answer.
   * Both players honour it (in their bestMove; a whole game has no limit).
   */
  ms?: number;
}

/**
 * A share of samples: won, undecided, drawn; and a 95% Wilson interval of the won share that counts the undecided
 * samples lost at its low end and won at its high end.
 */
export interface SampleShare {
  wins: number;
  unknown: number;
  samples: number;
  low: number;
  high: number;
}

export interface BlindChoice<M> {
  /** The move to play now, or undefined when no sample can be won and nothing is left to reveal. */
  move: M | undefined;
  /** The line it begins: player moves (the automatic moves come after each) up to the first reveal, or the win. */
  line: M[];
  /**
   * The chance to win from here: the share of the samples (of the ways the unseen cards may lie) in which the
   * position can be won by a player who knew them. Exact (every sample the same deal) when nothing is unseen.
   */
  chance: SampleShare;
  /** The same share after the chosen line (its score among the candidates). */
  lineChance: SampleShare;
  /** Candidate lines weighed, searches run, positions they stored. */
  candidates: number;
  solves: number;
  positions: number;
}

export interface BlindGame<M> {
  won: boolean;
  /** Every engine move played, the automatic moves written out (they replay with or without the policy). */
  moves: M[];
  stats: {
    /** Decisions made (one per reveal); searches run; positions stored by them all. */
    decisions: number;
    solves: number;
    positions: number;
    /** The chance to win the player saw at the start, from its samples. */
    startChance: SampleShare;
    ms: number;
  };
}

export interface BlindPlayer<S, M> {
  /**
   * The best move in `state` as far as a player can know (the hints that do not peek): the move, the line it
   * begins, and the chance to win from here with its sample count. Reads only what a player sees of `state`.
   */
  bestMove(state: S, options?: BlindOptions): BlindChoice<M>;
  /** Plays `state` to its end, each decision made on what the player sees then. */
  play(state: S, options?: BlindOptions): BlindGame<M>;
}
