/**
 * The second FreeCell model specification (`001_93e127167f85223c.txt`: CardTypes, GameBoardTypes, CardADT,
 * Stack(T), CardStack, GameBoardT, CardDeckUtils) with the document's own names, as a thin layer over the rules
 * engine.
 *
 * The layer keeps the document's state (T, F, H: sequences of immutable stacks) and asks the engine
 * (`whyIllegal` under {@link RULES_001}) for every move decision. The engine indexes foundations by suit while a
 * HomeCell takes any ace and then only that suit; the layer maps each query (see `project`): a non-empty
 * HomeCell is the foundation of its top card's suit, an empty one an empty foundation of the arriving card's suit.
 * docs/spec-conformance/freecell-001.md lists every access program, exception and reading.
 */
import {
  type Card,
  card as engineCard,
  formatCard,
  isRed,
  orderedDeck,
  rankOf,
  suitOf,
} from "../../../cards/card.ts";
import { drawSeed } from "../../../cards/entropy.ts";
import { mulberry32, shuffle } from "../../../cards/random.ts";
import {
  cascade,
  cell,
  type FreeCellRules,
  type FreeCellState,
  foundation,
  type Move,
  makeRules,
  type Place,
  whyIllegal,
} from "../rules.ts";

// ---------------------------------------------------------------------------------------------------------------
// CardTypes and GameBoardTypes

export const SuitT = { H: "H", D: "D", C: "C", S: "S" } as const;
export type SuitT = (typeof SuitT)[keyof typeof SuitT];

export const RankT = {
  A: "A",
  C2: "C2",
  C3: "C3",
  C4: "C4",
  C5: "C5",
  C6: "C6",
  C7: "C7",
  C8: "C8",
  C9: "C9",
  C10: "C10",
  J: "J",
  Q: "Q",
  K: "K",
} as const;
export type RankT = (typeof RankT)[keyof typeof RankT];

/** The document's `sts`: the ranks in order, as oneLess and oneMore read them. */
export const RANKS: readonly RankT[] = Object.values(RankT);

export const ColourT = { Red: "Red", Black: "Black" } as const;
export type ColourT = (typeof ColourT)[keyof typeof ColourT];

export const CellT = { FreeCell: "FreeCell", HomeCell: "HomeCell", Tableau: "Tableau" } as const;
export type CellT = (typeof CellT)[keyof typeof CellT];

const ENGINE_SUIT: Record<SuitT, 0 | 1 | 2 | 3> = { C: 0, D: 1, H: 2, S: 3 };
const SUIT_OF_ENGINE: readonly SuitT[] = [SuitT.C, SuitT.D, SuitT.H, SuitT.S];

/** The engine's rules that reproduce this document: single cards only, any card fills an empty Tableau, and
 * nothing leaves a HomeCell (its isValidMove is false for every c0 = HomeCell). */
export const RULES_001: FreeCellRules = makeRules({
  cells: 4,
  cascades: 8,
  build: "alternate",
  empty: "any",
  fromFoundation: false,
  sequenceMoves: false,
});

// ---------------------------------------------------------------------------------------------------------------
// Errors: one class per exception of the document, `code` = the document's exception name.

export type GameBoardErrorCode =
  | "invalid_argument"
  | "stack_full"
  | "stack_empty"
  | "invalid_config"
  | "invalid_cell"
  | "invalid_move";

export class GameBoardError extends Error {
  constructor(
    readonly code: GameBoardErrorCode,
    message: string,
  ) {
    super(message);
    this.name = "GameBoardError";
  }
}

export class InvalidArgumentError extends GameBoardError {
  constructor(message: string) {
    super("invalid_argument", `invalid_argument: ${message}`);
    this.name = "InvalidArgumentError";
  }
}

export class StackFullError extends GameBoardError {
  constructor(maxSize: number) {
    super("stack_full", `stack_full: the stack already holds its maximum of ${maxSize}`);
    this.name = "StackFullError";
  }
}

export class StackEmptyError extends GameBoardError {
  constructor(operation: "pop" | "top") {
    super("stack_empty", `stack_empty: cannot ${operation} an empty stack`);
    this.name = "StackEmptyError";
  }
}

export class InvalidConfigError extends GameBoardError {
  constructor(cell: CellT, i: number, maxSize: number) {
    super("invalid_config", `invalid_config: ${cell} ${i} is full (${maxSize} cards); place no more on it`);
    this.name = "InvalidConfigError";
  }
}

export class InvalidCellError extends GameBoardError {
  constructor(
    readonly cell: unknown,
    readonly index: unknown,
  ) {
    super(
      "invalid_cell",
      `invalid_cell: there is no ${String(cell)} ${String(index)} (Tableau 0-7, FreeCell 0-3, HomeCell 0-3)`,
    );
    this.name = "InvalidCellError";
  }
}

export class InvalidMoveError extends GameBoardError {
  constructor(c0: CellT, n0: number, c1: CellT, n1: number, reason: string) {
    super("invalid_move", `invalid_move from ${c0} ${n0} to ${c1} ${n1}: ${reason}`);
    this.name = "InvalidMoveError";
  }
}

// ---------------------------------------------------------------------------------------------------------------
// CardADT

export class CardT {
  private readonly suit: SuitT;
  private readonly rank: RankT;

  constructor(s: SuitT, r: RankT) {
    // The document's types already exclude these values; a wrong one is a programming error, not an exception
    // of the specification.
    if (!(s in ENGINE_SUIT)) throw new TypeError(`not a SuitT: ${String(s)}`);
    if (!RANKS.includes(r)) throw new TypeError(`not a RankT: ${String(r)}`);
    this.suit = s;
    this.rank = r;
  }

  getSuit(): SuitT {
    return this.suit;
  }

  getColour(): ColourT {
    return isRed(this.toCard()) ? ColourT.Red : ColourT.Black;
  }

  getRank(): RankT {
    return this.rank;
  }

  /** The engine's card number. */
  toCard(): Card {
    return engineCard(RANKS.indexOf(this.rank) + 1, ENGINE_SUIT[this.suit]);
  }

  static fromCard(c: Card): CardT {
    return new CardT(SUIT_OF_ENGINE[suitOf(c)], RANKS[rankOf(c) - 1]);
  }

  toString(): string {
    return formatCard(this.toCard());
  }
}

// ---------------------------------------------------------------------------------------------------------------
// Stack(T): immutable; push and pop return new stacks.

export class Stack<T> {
  private readonly S: readonly T[];
  private readonly maxSize: number;

  /**
   * Stack(sze, s). `invalid_argument` when sze = 0 or |s| > sze (and for a size outside N). The invariant
   * `|S| < max_size` is read as |S| ≤ max_size: push fills a stack up to max_size, and a full stack is valid.
   */
  constructor(sze: number, s: readonly T[] = []) {
    if (!Number.isInteger(sze) || sze <= 0)
      throw new InvalidArgumentError(`a stack's size is at least 1, not ${sze}`);
    if (s.length > sze)
      throw new InvalidArgumentError(`${s.length} items do not fit in a stack of size ${sze}`);
    this.S = s.slice();
    this.maxSize = sze;
  }

  push(e: T): Stack<T> {
    if (this.S.length === this.maxSize) throw new StackFullError(this.maxSize);
    return new Stack(this.maxSize, [...this.S, e]);
  }

  pop(): Stack<T> {
    if (this.S.length === 0) throw new StackEmptyError("pop");
    return new Stack(this.maxSize, this.S.slice(0, -1));
  }

  top(): T {
    if (this.S.length === 0) throw new StackEmptyError("top");
    return this.S[this.S.length - 1];
  }

  getSize(): number {
    return this.S.length;
  }

  getMaxSize(): number {
    return this.maxSize;
  }

  /** From the bottom to the top, as a copy. */
  toSeq(): T[] {
    return this.S.slice();
  }
}

/** CardStack: CardStackT is Stack(CardT). */
export type CardStackT = Stack<CardT>;

// ---------------------------------------------------------------------------------------------------------------
// CardDeckUtils

/** deckSet(): every CardT, in the engine's order (AC AD AH AS 2C …). */
export function deckSet(): CardT[] {
  return orderedDeck().map(CardT.fromCard);
}

/** CardDeckUtils_randomDeck(): a random permutation of deckSet(); seeded, a seed drawn when none is given. */
export function randomDeck(seed: number = drawSeed()): CardT[] {
  return shuffle(orderedDeck(), mulberry32(seed)).map(CardT.fromCard);
}

export const CardDeckUtils_randomDeck = randomDeck;

// ---------------------------------------------------------------------------------------------------------------
// GameBoardT

const TABLEAUS = 8;
const FREE_CELLS = 4;
const HOME_CELLS = 4;

/** stackSeq(l, n): l empty stacks of size n. */
function stackSeq(l: number, n: number): CardStackT[] {
  return Array.from({ length: l }, () => new Stack<CardT>(n));
}

/** tableauDeck(deck): contiguous runs deck[0..6], [7..13], [14..20], [21..27] in stacks of size 19, then
 * deck[28..33], [34..39], [40..45], [46..51] in stacks of size 18. */
export function tableauDeck(deck: readonly CardT[]): CardStackT[] {
  const runs: [number, number, number][] = [
    [0, 6, 19],
    [7, 13, 19],
    [14, 20, 19],
    [21, 27, 19],
    [28, 33, 18],
    [34, 39, 18],
    [40, 45, 18],
    [46, 51, 18],
  ];
  return runs.map(([first, last, size]) => new Stack<CardT>(size, deck.slice(first, last + 1)));
}

/** isValidCell(c, n): Tableau 0 ≤ n < 8, FreeCell and HomeCell 0 ≤ n < 4. */
export function isValidCell(c: CellT, n: number): boolean {
  if (!Number.isInteger(n) || n < 0) return false;
  if (c === CellT.Tableau) return n < TABLEAUS;
  if (c === CellT.FreeCell) return n < FREE_CELLS;
  if (c === CellT.HomeCell) return n < HOME_CELLS;
  return false;
}

/** isWinningHomeCell(i) over a HomeCell's cards: an ace first, 13 cards, each rank one less than the next. */
function isWinningHomeCell(stSeq: readonly CardT[]): boolean {
  if (stSeq.length !== 13 || stSeq[0].getRank() !== RankT.A) return false;
  for (let i = 0; i + 1 < stSeq.length; i++) {
    if (RANKS.indexOf(stSeq[i].getRank()) + 1 !== RANKS.indexOf(stSeq[i + 1].getRank())) return false;
  }
  return true;
}

/** Every valid cell, Tableau, FreeCell, HomeCell. */
export const ALL_CELLS: readonly (readonly [CellT, number])[] = [
  ...Array.from({ length: TABLEAUS }, (_, k) => [CellT.Tableau, k] as const),
  ...Array.from({ length: FREE_CELLS }, (_, k) => [CellT.FreeCell, k] as const),
  ...Array.from({ length: HOME_CELLS }, (_, k) => [CellT.HomeCell, k] as const),
];

export class GameBoardT {
  private T: CardStackT[];
  private F: CardStackT[];
  private H: CardStackT[];
  /** The seed of a random deal (`new GameBoardT(seed)`, `GameBoardT.random(seed?)`); undefined otherwise. */
  readonly seed: number | undefined;

  /**
   * `new GameBoardT()`: the document's GameBoard(), an empty board (T 8 × 19, F 4 × 1, H 4 × 13).
   * `new GameBoardT(deck)`: GameBoard(deck), the deck dealt by tableauDeck; `invalid_argument` unless |deck| = 52.
   * `new GameBoardT(seed)`: GameBoard(randomDeck(seed)), a reproducible random deal.
   */
  constructor(deckOrSeed?: readonly CardT[] | number) {
    this.F = stackSeq(FREE_CELLS, 1);
    this.H = stackSeq(HOME_CELLS, 13);
    if (deckOrSeed === undefined) {
      this.T = stackSeq(TABLEAUS, 19);
      this.seed = undefined;
      return;
    }
    let deck: readonly CardT[];
    if (typeof deckOrSeed === "number") {
      this.seed = deckOrSeed;
      deck = randomDeck(deckOrSeed);
    } else {
      this.seed = undefined;
      deck = deckOrSeed;
    }
    if (deck.length !== 52) throw new InvalidArgumentError(`a deck has 52 cards, not ${deck.length}`);
    this.T = tableauDeck(deck);
  }

  /** A random deal; a seed is drawn when none is given and kept as `.seed`. */
  static random(seed: number = drawSeed()): GameBoardT {
    return new GameBoardT(seed);
  }

  place(cell: CellT, i: number, card: CardT): void {
    if (!isValidCell(cell, i)) throw new InvalidCellError(cell, i);
    const stacks = this.stacks(cell);
    const stack = stacks[i];
    if (stack.getSize() === stack.getMaxSize()) throw new InvalidConfigError(cell, i, stack.getMaxSize());
    stacks[i] = stack.push(card);
  }

  isValidMove(c0: CellT, n0: number, c1: CellT, n1: number): boolean {
    this.checkCells(c0, n0, c1, n1);
    return this.whyNot(c0, n0, c1, n1) === undefined;
  }

  makeMove(c0: CellT, n0: number, c1: CellT, n1: number): void {
    this.checkCells(c0, n0, c1, n1);
    const reason = this.whyNot(c0, n0, c1, n1);
    if (reason !== undefined) throw new InvalidMoveError(c0, n0, c1, n1, reason);
    const from = this.stacks(c0);
    const to = this.stacks(c1);
    const card = from[n0].top();
    const pushed = to[n1].push(card);
    from[n0] = from[n0].pop();
    to[n1] = pushed;
  }

  getCell(cell: CellT, n: number): CardStackT {
    if (!isValidCell(cell, n)) throw new InvalidCellError(cell, n);
    return this.stacks(cell)[n];
  }

  validMoveExists(): boolean {
    for (const [c0, n0] of ALL_CELLS) {
      for (const [c1, n1] of ALL_CELLS) if (this.whyNot(c0, n0, c1, n1) === undefined) return true;
    }
    return false;
  }

  isInWinState(): boolean {
    return this.H.every((h) => isWinningHomeCell(h.toSeq()));
  }

  /** The engine's view of the board and of the move (c0, n0) → (c1, n1). */
  project(c0: CellT, n0: number, c1: CellT, n1: number): { state: FreeCellState; move: Move } {
    const source = this.getCell(c0, n0);
    const moving = source.getSize() > 0 ? source.top().toCard() : undefined;
    const foundations = [0, 0, 0, 0];
    const place = (c: CellT, n: number, isSource: boolean): Place => {
      if (c === CellT.Tableau) return cascade(n);
      if (c === CellT.FreeCell) return cell(n);
      const home = this.H[n];
      if (home.getSize() > 0) {
        const top = home.top().toCard();
        foundations[suitOf(top)] = rankOf(top);
        return foundation(suitOf(top));
      }
      // An empty HomeCell takes the arriving card's suit; as a source, or for a card leaving another HomeCell
      // (which the engine refuses before it looks at the destination), any other suit does.
      if (moving === undefined) return foundation(isSource ? 0 : 1);
      const suit = isSource || c0 !== CellT.HomeCell ? suitOf(moving) : (suitOf(moving) + 1) & 3;
      return foundation(suit as 0 | 1 | 2 | 3);
    };
    const from = place(c0, n0, true);
    const to = place(c1, n1, false);
    const state: FreeCellState = {
      rules: RULES_001,
      cascades: this.T.map((s) => s.toSeq().map((c) => c.toCard())),
      cells: this.F.map((s) => (s.getSize() === 0 ? null : s.top().toCard())),
      foundations,
    };
    return { state, move: { from, to, count: 1 } };
  }

  private whyNot(c0: CellT, n0: number, c1: CellT, n1: number): string | undefined {
    const { state, move } = this.project(c0, n0, c1, n1);
    return whyIllegal(state, move);
  }

  private stacks(cell: CellT): CardStackT[] {
    return cell === CellT.Tableau ? this.T : cell === CellT.FreeCell ? this.F : this.H;
  }

  private checkCells(c0: CellT, n0: number, c1: CellT, n1: number): void {
    if (!isValidCell(c0, n0)) throw new InvalidCellError(c0, n0);
    if (!isValidCell(c1, n1)) throw new InvalidCellError(c1, n1);
  }
}
