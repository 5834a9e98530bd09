import type { Card } from "../../cards/card.ts";
import type { Numbering } from "../../cards/deals/layout.ts";
import type { Budget, Clock } from "../../search/budget.ts";
import type { SolveResult } from "../../search/result.ts";
import type { BlindPlayer, PlayerKnowledge } from "./knowledge.ts";
import type { RuleSet } from "./rules.ts";

/**
 * The contract every patience game fulfils. Front-ends (terminal, web) and tools (deal, check, solve, survey)
 * reach a game only through the registry and this interface: no rule lives outside the game's module.
 *
 * States and moves are plain JSON (they go through saves, workers and postMessage as they are). A state carries
 * its rules. Functions are pure: `apply` returns a new state and never changes the one given.
 */

/** Which automatic moves the game makes after each player move (to the foundations, in the games that have them). */
export type AutoPolicy = "none" | "safe" | "all";
export const AUTO_POLICIES: readonly AutoPolicy[] = ["none", "safe", "all"];

/**
 * A pile of the table. Indices are 0-based: cascades (FreeCell, King Albert) and Klondike's piles are "cascade";
 * free cells "cell"; a foundation is indexed by suit (0 clubs, 1 diamonds, 2 hearts, 3 spades); "reserve" is
 * one reserve card's place (King Albert: the deal's order, a..g); "stock" and "waste" have index 0; Montana's
 * 52 places are "place" with index row * 13 + column (the family engine's Gaps rows too: row * the row's length +
 * column); "hole" is the hole of Black Hole and Golf (index 0); "accordion" is a pile of the family's accordion,
 * counted from the left as the piles lie now.
 */
export type PileKind =
  | "cascade"
  | "cell"
  | "foundation"
  | "reserve"
  | "stock"
  | "waste"
  | "place"
  | "hole"
  | "accordion";
export interface PileRef {
  kind: PileKind;
  index: number;
}

export const samePile = (a: PileRef, b: PileRef): boolean => a.kind === b.kind && a.index === b.index;

/** A card as a viewer may see it: `card` is null when it is face down and the viewer is a player. */
export interface CardView {
  card: Card | null;
  faceUp: boolean;
}

/** What a renderer needs of one pile; bottom card first. */
export interface PileView {
  ref: PileRef;
  cards: CardView[];
  /** How the cards lie: only the top shows ("stack"), spread down the table ("down"), or across ("right"). */
  fan: "stack" | "down" | "right";
  /** The pile in words: "cascade 3", "free cell b", "the hearts foundation", "row b, place 7". */
  label: string;
  /** The key that names the pile in the notation and on the keyboard ("3", "b", "h", "w", "s"), if any. */
  key?: string;
  /** What an empty pile takes, for its outline: "any card", "a king", "a 2", "nothing" … */
  takes?: string;
}

export type Viewer = "player" | "solver";

/** What a player's gesture means: the move, or why there is none. */
export type Intent<M> = { move: M } | { reason: string };

export interface SolveOptions {
  /** The automatic moves in force; the verdict is for this policy. */
  policy?: AutoPolicy;
  /** Limits (time, positions, bytes); an exhausted budget gives `unknown`, naming it. */
  budget?: Budget;
  /** A clock in ms, needed for a time budget (performance.now at the edge). */
  now?: Clock;
  /** Search longer for a shorter solution. */
  shortest?: boolean;
  /** Called now and then during a long search. */
  onProgress?: (progress: { positions: number; ms: number }) => void;
  /** What to search for: a win (the default), or another of the game's `objectives` ("max-score"). */
  objective?: string;
  /**
   * Threads the search may use (default 1). A solver that can search in several threads (Montana's) shares its
   * table of positions among them; the others use one. Only with 2 or more cores does this go faster. A budget
   * of positions then holds for each thread. The other threads are started by `startThread`; without it the
   * search uses one thread.
   */
  threads?: number;
  /**
   * Starts one more thread of a search in several threads (the Node layer gives it, src/workers/typescript-thread.ts):
   * the thread runs the game's `searchThread` with `data`; `failed` is called if it cannot.
   */
  startThread?: (data: unknown, failed: () => void) => void;
}

/** A game's solver, loaded when first needed. Its moves are the engine's moves, every one written out. */
export interface PatienceSolver<S, M> {
  solve(state: S, options?: SolveOptions): SolveResult<M>;
  /** One of the other threads of a search in several threads (`threads`), with what `startThread` was given. */
  searchThread?(data: unknown, now: Clock): void;
}

export interface PatienceGame<S extends { rules: R }, M, R> {
  readonly id: string;
  readonly title: string;
  /** The rules in a few sentences, for `tsol games`, help screens and the web. */
  readonly about: string;
  readonly rules: RuleSet<R>;
  readonly numberings: readonly Numbering[];
  /** The automatic-move policies that mean something in this game; the first is the default. */
  readonly policies: readonly AutoPolicy[];
  /** What the solver can search for besides a win, e.g. `{ id: "max-score", about: "the highest score" }`. */
  readonly objectives?: readonly { id: string; about: string }[];

  /** Deal n of a numbering under the rules (every numbering in `numberings`). Throws DealNumberError. */
  deal(n: number, rules: R, numbering: Numbering): S;
  legalMoves(state: S): M[];
  /** Why the move is illegal, in words, or undefined when it is legal. */
  whyIllegal(state: S, move: M): string | undefined;
  /** The position after a legal move; an illegal one throws IllegalMoveError with the reason. */
  apply(state: S, move: M): S;
  isWon(state: S): boolean;
  /** The automatic moves the policy makes from `state`, in the order made (each after the previous one). */
  autoMoves(state: S, policy: AutoPolicy): M[];

  notation: {
    format(state: S, move: M): string;
    /** Reads one move against the position it is played in; throws NotationError. */
    parse(state: S, text: string): M;
  };
  board: {
    /** The game's board text; `parse(format(s))` is `s`. */
    format(state: S): string;
    /** Reads board text; accepts only a complete position of the game (every card once); throws BoardTextError. */
    parse(text: string, rules: R): S;
    /**
     * The position as JSON (the shape `tsol deal --format json` and `tsol check --print-board --format json`
     * print): `game` (the id), `deal` (its number when known, else null), then the game's piles.
     */
    toJson(state: S, deal?: number): Record<string, unknown>;
    /**
     * Reads that JSON back, strictly: the `game` key naming this game, no unknown key, every pile the game has,
     * each key of its type, as many piles and cells as `rules` have, every card once; `fromJson(toJson(s))` is
     * `s`. Throws BoardTextError naming the key or path (`cascades[2][5]`). The shared checks are in
     * board-json.ts; `parseBoardInput` (board-text.ts) reads either this or the board text.
     */
    fromJson(json: unknown, rules: R): S;
    /**
     * The position in the shape Solvitaire prints a deal (`solvitaire --deal-only`): its keys, each pile bottom
     * card first or "" when empty, face-down cards as "##", piles in Solvitaire's order. For the games
     * Solvitaire has; `fromJson` reads Solvitaire's own JSON deals (every card named) where this exists.
     */
    toSolvitaire?(state: S): Record<string, unknown>;
  };
  /**
   * For a game Solvitaire has that tsol plays with an engine of its own: the Solvitaire preset whose deal N, in
   * Solvitaire's numbering, puts the same cards in the same places as this game's under these rules (tested card
   * for card), so `tsol deal GAME N --numbering solvitaire --format solvitaire` prints it as that preset's deal.
   * Undefined where no preset deals these rules' layout.
   */
  solvitaireTwin?(rules: R): string | undefined;
  /** A canonical position key: equal for positions that are the same to the rules (caches, surveys). */
  key(state: S): string;
  /** Every card of the game once (on the foundations included): what conservation checks count. */
  cards(state: S): Card[];

  /** The piles as a renderer draws them; a player does not see face-down cards, the solver sees all. */
  piles(state: S, viewer: Viewer): PileView[];
  /** How many cards a player may pick up from `pile` starting at card `index` (0: none), for drags. */
  lift(state: S, pile: PileRef, index: number): number;
  /** The move a gesture means: from a pile to a pile, optionally with how many cards. */
  intent(state: S, from: PileRef, to: PileRef, count?: number): Intent<M>;
  /** A double-click (or Enter) on a pile: home if the card can go, else where the game says. */
  quickMove(state: S, pile: PileRef): Intent<M>;
  /** The move in words, cards named ("the ten of hearts to the jack of spades on cascade 3"). */
  describe(state: S, move: M): string;
  /** The game's score of a position, for games that keep one (Klondike). */
  score?(state: S): number;

  solver(): Promise<PatienceSolver<S, M>>;
  /**
   * For a game with hidden cards: what a player sees of a position and the deals consistent with it
   * (knowledge.ts), for players and hints that do not peek.
   */
  knowledge?: PlayerKnowledge<S>;
  /** A player that sees only what a player sees (for a game with `knowledge`), loaded when first needed. */
  blindPlayer?(): Promise<BlindPlayer<S, M>>;
}

/**
 * Any patience game, as the registry holds them: a front-end that takes a game from the registry treats its
 * states, moves and rules as opaque values it passes back to the same game.
 */
export type AnyPatienceGame = PatienceGame<{ rules: unknown }, unknown, unknown>;
