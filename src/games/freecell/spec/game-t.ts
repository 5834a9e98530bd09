/**
 * The first FreeCell model specification (`000_cce27b5b578743e5.txt`: GameTypes, StackADT(T), CardADT, GameADT)
 * with the document's own names, as a thin layer over the rules engine.
 *
 * The layer keeps the document's state (`cols`: 8 cascades, 4 cells, 4 foundation slots, each a `Stack`) and
 * asks the engine (`whyIllegal` under {@link RULES_000}) for every move decision. The one thing the engine cannot
 * say is which foundation a slot is: the document's foundations are slots that take any ace, the engine's are
 * indexed by suit. The layer maps each query onto the engine (see `project`): a non-empty slot is the foundation
 * of its top card's suit; an empty slot is an empty foundation of the arriving card's suit.
 * docs/spec-conformance/freecell-000.md lists every access program, exception and reading.
 */
import {
  ACE,
  type Card,
  card as engineCard,
  formatCard,
  isRed,
  KING,
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
// GameTypes

export type RankT = number;
export const Ace: RankT = ACE;
export const Jack: RankT = 11;
export const Queen: RankT = 12;
export const King: RankT = KING;

export const PlacementT = { Cell: "Cell", Foundation: "Foundation", Cascade: "Cascade" } as const;
export type PlacementT = (typeof PlacementT)[keyof typeof PlacementT];

export const SuitT = { Spades: "Spades", Clubs: "Clubs", Hearts: "Hearts", Diamonds: "Diamonds" } as const;
export type SuitT = (typeof SuitT)[keyof typeof SuitT];

/** The engine's suit numbers (clubs 0, diamonds 1, hearts 2, spades 3). */
const ENGINE_SUIT: Record<SuitT, 0 | 1 | 2 | 3> = { Clubs: 0, Diamonds: 1, Hearts: 2, Spades: 3 };
const SUIT_OF_ENGINE: readonly SuitT[] = [SuitT.Clubs, SuitT.Diamonds, SuitT.Hearts, SuitT.Spades];

/** The engine's rules that reproduce this document: single cards only, any card fills an empty cascade, and a
 * card may leave a foundation for a cell or a cascade (its isValidMove allows p = Foundation, q ≠ Foundation). */
export const RULES_000: FreeCellRules = makeRules({
  cells: 4,
  cascades: 8,
  build: "alternate",
  empty: "any",
  fromFoundation: true,
  sequenceMoves: false,
});

// ---------------------------------------------------------------------------------------------------------------
// Errors: one class per exception of the document, `code` = the document's exception name.

export type GameTErrorCode =
  | "invalid capacity"
  | "full"
  | "empty"
  | "invalid placement"
  | "empty source"
  | "invalid move";

export class GameTError extends Error {
  constructor(
    readonly code: GameTErrorCode,
    message: string,
  ) {
    super(message);
    this.name = "GameTError";
  }
}

export class InvalidCapacityError extends GameTError {
  constructor(readonly requested: number) {
    super("invalid capacity", `invalid capacity: a stack holds at least one item, not ${requested}`);
    this.name = "InvalidCapacityError";
  }
}

export class FullError extends GameTError {
  constructor(capacity: number) {
    super("full", `full: the stack already holds its capacity of ${capacity}`);
    this.name = "FullError";
  }
}

export class EmptyError extends GameTError {
  constructor(operation: "peek" | "pop") {
    super("empty", `empty: cannot ${operation} an empty stack`);
    this.name = "EmptyError";
  }
}

export class InvalidPlacementError extends GameTError {
  constructor(
    readonly placement: unknown,
    readonly index: unknown,
  ) {
    super(
      "invalid placement",
      `invalid placement: there is no ${String(placement)} ${String(index)} (cascades 0-7, cells 0-3, foundations 0-3)`,
    );
    this.name = "InvalidPlacementError";
  }
}

export class EmptySourceError extends GameTError {
  constructor(p: PlacementT, i: number) {
    super("empty source", `empty source: ${p} ${i} holds no card to move`);
    this.name = "EmptySourceError";
  }
}

export class InvalidMoveError extends GameTError {
  constructor(
    readonly from: { p: PlacementT; i: number },
    readonly to: { q: PlacementT; j: number },
    readonly reason: string,
  ) {
    super("invalid move", `invalid move from ${from.p} ${from.i} to ${to.q} ${to.j}: ${reason}`);
    this.name = "InvalidMoveError";
  }
}

// ---------------------------------------------------------------------------------------------------------------
// StackADT(T): a mutable stack of bounded capacity.

export class Stack<T> {
  private s: T[] = [];
  private readonly cap: number;

  /** Stack(c). The document raises `invalid capacity` for c = 0; values outside N (negative, fractional) too. */
  constructor(c: number) {
    if (!Number.isInteger(c) || c <= 0) throw new InvalidCapacityError(c);
    this.cap = c;
  }

  isEmpty(): boolean {
    return this.s.length === 0;
  }

  isFull(): boolean {
    return this.s.length === this.cap;
  }

  capacity(): number {
    return this.cap;
  }

  push(v: T): void {
    if (this.s.length === this.cap) throw new FullError(this.cap);
    this.s.push(v);
  }

  peek(): T {
    if (this.s.length === 0) throw new EmptyError("peek");
    return this.s[this.s.length - 1];
  }

  /** Removes the top item; it is also returned (the document's table prints a T beside pop). */
  pop(): T {
    if (this.s.length === 0) throw new EmptyError("pop");
    return this.s.pop() as T;
  }

  /** The items from the bottom to the top, as a copy (a sequence is a value). */
  seq(): T[] {
    return this.s.slice();
  }
}

// ---------------------------------------------------------------------------------------------------------------
// CardADT

export class CardT {
  private readonly s: SuitT;
  private readonly r: RankT;

  constructor(s: SuitT, r: RankT) {
    // The document's types already exclude these values; a wrong one is a programming error, not an exception
    // of the specification.
    if (!(s in ENGINE_SUIT)) throw new TypeError(`not a SuitT: ${String(s)}`);
    if (!Number.isInteger(r) || r < Ace || r > King) throw new TypeError(`not a RankT (1..13): ${String(r)}`);
    this.s = s;
    this.r = r;
  }

  suit(): SuitT {
    return this.s;
  }

  rank(): RankT {
    return this.r;
  }

  isRed(): boolean {
    return isRed(this.toCard());
  }

  /** The engine's card number. */
  toCard(): Card {
    return engineCard(this.r, ENGINE_SUIT[this.s]);
  }

  static fromCard(c: Card): CardT {
    return new CardT(SUIT_OF_ENGINE[suitOf(c)], rankOf(c));
  }

  toString(): string {
    return formatCard(this.toCard());
  }
}

// ---------------------------------------------------------------------------------------------------------------
// GameADT

const CASCADES = 8;
const CELLS = 4;
const FOUNDATIONS = 4;
const CASCADE_CAPACITY = 19;
const CELL_CAPACITY = 1;
const FOUNDATION_CAPACITY = 13;
const COLUMNS = CASCADES + CELLS + FOUNDATIONS;

/** isValidPlacement(p, i): cells and foundations 0..3, cascades 0..7. */
export function isValidPlacement(p: PlacementT, i: number): boolean {
  if (!Number.isInteger(i) || i < 0) return false;
  if (p === PlacementT.Cell || p === PlacementT.Foundation) return i <= 3;
  if (p === PlacementT.Cascade) return i <= 7;
  return false;
}

/** Index into `cols` as getCol does: cascades 0-7, cells 8-11, foundations 12-15. */
function colIndex(p: PlacementT, i: number): number {
  if (p === PlacementT.Cascade) return i;
  if (p === PlacementT.Cell) return i + CASCADES;
  return i + CASCADES + CELLS;
}

function copyStack(stack: Stack<CardT>): Stack<CardT> {
  const out = new Stack<CardT>(stack.capacity());
  for (const c of stack.seq()) out.push(c);
  return out;
}

/** One of possibleCascades, drawn uniformly: a uniform shuffle cut into runs of 7, 7, 7, 7, 6, 6, 6, 6. */
function randomCascades(seed: number): Stack<CardT>[] {
  const deck = shuffle(orderedDeck(), mulberry32(seed));
  const cols: Stack<CardT>[] = [];
  let next = 0;
  for (let k = 0; k < CASCADES; k++) {
    const stack = new Stack<CardT>(CASCADE_CAPACITY);
    const size = k < 4 ? 7 : 6;
    for (let n = 0; n < size; n++) stack.push(CardT.fromCard(deck[next++]));
    cols.push(stack);
  }
  return cols;
}

/** Every valid placement, in getCol order. */
export const ALL_PLACEMENTS: readonly (readonly [PlacementT, number])[] = [
  ...Array.from({ length: CASCADES }, (_, k) => [PlacementT.Cascade, k] as const),
  ...Array.from({ length: CELLS }, (_, k) => [PlacementT.Cell, k] as const),
  ...Array.from({ length: FOUNDATIONS }, (_, k) => [PlacementT.Foundation, k] as const),
];

export class GameT {
  private readonly cols: Stack<CardT>[];
  /** The seed of the random deal (`new GameT(seed?)`); undefined for a game built from columns. */
  readonly seed: number | undefined;

  /**
   * `new GameT()` / `new GameT(seed)`: a random deal (seeded; a seed is drawn when none is given).
   * `new GameT(cols)`: the document's GameT(c), a board of 16 stacks as getCol indexes them. The stacks are
   * copied, so the new game never shares state with the game the columns came from.
   */
  constructor(arg?: number | readonly Stack<CardT>[]) {
    if (Array.isArray(arg)) {
      const cols = arg as readonly Stack<CardT>[];
      // The document assumes a valid board; a wrong shape is a programming error, not one of its exceptions.
      if (cols.length !== COLUMNS)
        throw new TypeError(`GameT(c) takes ${COLUMNS} stacks, not ${cols.length}`);
      this.cols = cols.map(copyStack);
      this.seed = undefined;
      return;
    }
    const seed = typeof arg === "number" ? arg : drawSeed();
    this.seed = seed;
    this.cols = randomCascades(seed);
    for (let k = 0; k < CELLS; k++) this.cols.push(new Stack<CardT>(CELL_CAPACITY));
    for (let k = 0; k < FOUNDATIONS; k++) this.cols.push(new Stack<CardT>(FOUNDATION_CAPACITY));
  }

  /** GameT(c) under a name of its own. */
  static fromColumns(cols: readonly Stack<CardT>[]): GameT {
    return new GameT(cols);
  }

  hasWon(): boolean {
    for (let k = 0; k < FOUNDATIONS; k++) {
      const slot = this.getCol(PlacementT.Foundation, k);
      if (slot.isEmpty() || slot.peek().rank() !== King) return false;
    }
    return true;
  }

  isValidMove(p: PlacementT, i: number, q: PlacementT, j: number): boolean {
    this.checkPlacements(p, i, q, j);
    if (this.getCol(p, i).isEmpty()) throw new EmptySourceError(p, i);
    return this.whyNot(p, i, q, j) === undefined;
  }

  /** No valid move from any non-empty source (an empty source is not a move, so this never raises). */
  noValidMoves(): boolean {
    for (const [p, i] of ALL_PLACEMENTS) {
      if (this.getCol(p, i).isEmpty()) continue;
      for (const [q, j] of ALL_PLACEMENTS) if (this.whyNot(p, i, q, j) === undefined) return false;
    }
    return true;
  }

  performMove(p: PlacementT, i: number, q: PlacementT, j: number): void {
    this.checkPlacements(p, i, q, j);
    const src = this.getCol(p, i);
    const reason = src.isEmpty() ? `${p} ${i} is empty` : this.whyNot(p, i, q, j);
    if (reason !== undefined) throw new InvalidMoveError({ p, i }, { q, j }, reason);
    const dst = this.getCol(q, j);
    dst.push(src.peek());
    src.pop();
  }

  /** The stack itself, as the document's getCol returns it. */
  getCol(p: PlacementT, i: number): Stack<CardT> {
    if (!isValidPlacement(p, i)) throw new InvalidPlacementError(p, i);
    return this.cols[colIndex(p, i)];
  }

  /** The engine's view of the board and of the move (p, i) → (q, j); the source must not be empty. */
  project(p: PlacementT, i: number, q: PlacementT, j: number): { state: FreeCellState; move: Move } {
    const moving = this.getCol(p, i).peek().toCard();
    const foundations = [0, 0, 0, 0];
    const place = (kind: PlacementT, k: number, source: boolean): Place => {
      if (kind === PlacementT.Cascade) return cascade(k);
      if (kind === PlacementT.Cell) return cell(k);
      const slot = this.getCol(PlacementT.Foundation, k);
      if (!slot.isEmpty()) {
        const top = slot.peek().toCard();
        foundations[suitOf(top)] = rankOf(top);
        return foundation(suitOf(top));
      }
      // An empty slot takes the arriving card's suit. A move out of a foundation into another one is refused by
      // the engine before it looks at the destination; give it a different suit so the engine says exactly that.
      const suit = source || p !== PlacementT.Foundation ? suitOf(moving) : (suitOf(moving) + 1) & 3;
      return foundation(suit as 0 | 1 | 2 | 3);
    };
    const from = place(p, i, true);
    const to = place(q, j, false);
    const state: FreeCellState = {
      rules: RULES_000,
      cascades: this.cols.slice(0, CASCADES).map((s) => s.seq().map((c) => c.toCard())),
      cells: this.cols.slice(CASCADES, CASCADES + CELLS).map((s) => (s.isEmpty() ? null : s.peek().toCard())),
      foundations,
    };
    return { state, move: { from, to, count: 1 } };
  }

  private whyNot(p: PlacementT, i: number, q: PlacementT, j: number): string | undefined {
    const { state, move } = this.project(p, i, q, j);
    return whyIllegal(state, move);
  }

  private checkPlacements(p: PlacementT, i: number, q: PlacementT, j: number): void {
    if (!isValidPlacement(p, i)) throw new InvalidPlacementError(p, i);
    if (!isValidPlacement(q, j)) throw new InvalidPlacementError(q, j);
  }
}
