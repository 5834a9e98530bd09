/**
 * The classic engine: the VDM++ model of "Formal Modeling of a Tetris Game" (spec 002), section 3, class by
 * class. Names follow the model (Game, Board, Tetramino, getNextMino, getRotatedMino, checkRows...). Positions
 * are the model's `Board`Position`: `[row, column]`, 1-based, row 1 at the top, rows 1-2 hidden.
 *
 * The model's defects are fixed by default; `new ClassicTetris(seed, { faithful: true })` reproduces each of
 * them exactly. docs/spec-conformance/tetris-002.md lists them, with the tests that pin both behaviours.
 */

import { drawSeed, normaliseSeed, Prng, type Seed } from "./random.ts";

/** Board`maxRow: rows including the two hidden ones. */
export const MAX_ROW = 22;
/** Board`maxVisibleRow. */
export const MAX_VISIBLE_ROW = 20;
/** Board`maxColumn. */
export const MAX_COLUMN = 10;

/** 1 I, 2 J, 3 L, 4 O, 5 S, 6 T, 7 Z, as in Game`newTetramino. */
export type TetraminoId = 1 | 2 | 3 | 4 | 5 | 6 | 7;
/** Board`Position: `[row, column]`. */
export type Position = readonly [number, number];
export type Color = "Cyan" | "Blue" | "Orange" | "Yellow" | "Green" | "Purple" | "Red";

export const TETRAMINO_LETTERS = ["", "I", "J", "L", "O", "S", "T", "Z"] as const;
export const TETRAMINO_COLORS: readonly Color[] = [
  "Red",
  "Cyan",
  "Blue",
  "Orange",
  "Yellow",
  "Green",
  "Purple",
  "Red",
];
/** Spawn position of the first mino, from each subclass's constructor (`initialSetMinoes(game, [r, c])`). */
export const SPAWN_POSITIONS: readonly Position[] = [
  [0, 0],
  [2, 4],
  [1, 4],
  [1, 6],
  [1, 5],
  [1, 6],
  [1, 5],
  [1, 4],
];

type Delta = readonly [number, number];
type Four<T> = readonly [T, T, T, T];

/**
 * getNextMino, per tetramino id and orientation: the step from mino `index` to mino `index + 1` for index 1..4
 * (the model also computes a step after the fourth mino; it is never used).
 */
export const NEXT_MINO_STEPS: readonly Four<Four<Delta>>[] = [
  [
    [
      [0, 0],
      [0, 0],
      [0, 0],
      [0, 0],
    ],
    [
      [0, 0],
      [0, 0],
      [0, 0],
      [0, 0],
    ],
    [
      [0, 0],
      [0, 0],
      [0, 0],
      [0, 0],
    ],
    [
      [0, 0],
      [0, 0],
      [0, 0],
      [0, 0],
    ],
  ],
  // I: every index alike
  [
    [
      [0, 1],
      [0, 1],
      [0, 1],
      [0, 1],
    ],
    [
      [1, 0],
      [1, 0],
      [1, 0],
      [1, 0],
    ],
    [
      [0, -1],
      [0, -1],
      [0, -1],
      [0, -1],
    ],
    [
      [-1, 0],
      [-1, 0],
      [-1, 0],
      [-1, 0],
    ],
  ],
  // J: index 1 differs, others alike
  [
    [
      [1, 0],
      [0, 1],
      [0, 1],
      [0, 1],
    ],
    [
      [0, -1],
      [1, 0],
      [1, 0],
      [1, 0],
    ],
    [
      [-1, 0],
      [0, -1],
      [0, -1],
      [0, -1],
    ],
    [
      [0, 1],
      [-1, 0],
      [-1, 0],
      [-1, 0],
    ],
  ],
  // L
  [
    [
      [1, 0],
      [0, -1],
      [0, -1],
      [0, -1],
    ],
    [
      [0, -1],
      [-1, 0],
      [-1, 0],
      [-1, 0],
    ],
    [
      [-1, 0],
      [0, 1],
      [0, 1],
      [0, 1],
    ],
    [
      [0, 1],
      [1, 0],
      [1, 0],
      [1, 0],
    ],
  ],
  // O: indexes 1 and 2 differ, others alike
  [
    [
      [0, 1],
      [1, 0],
      [0, -1],
      [0, -1],
    ],
    [
      [1, 0],
      [0, -1],
      [-1, 0],
      [-1, 0],
    ],
    [
      [0, -1],
      [-1, 0],
      [0, 1],
      [0, 1],
    ],
    [
      [-1, 0],
      [0, 1],
      [1, 0],
      [1, 0],
    ],
  ],
  // S: index 2 differs, others alike
  [
    [
      [0, -1],
      [1, 0],
      [0, -1],
      [0, -1],
    ],
    [
      [-1, 0],
      [0, -1],
      [-1, 0],
      [-1, 0],
    ],
    [
      [0, 1],
      [-1, 0],
      [0, 1],
      [0, 1],
    ],
    [
      [1, 0],
      [0, 1],
      [1, 0],
      [1, 0],
    ],
  ],
  // T: index 1 is a diagonal step, others alike
  [
    [
      [1, -1],
      [0, 1],
      [0, 1],
      [0, 1],
    ],
    [
      [-1, -1],
      [1, 0],
      [1, 0],
      [1, 0],
    ],
    [
      [-1, 1],
      [0, -1],
      [0, -1],
      [0, -1],
    ],
    [
      [1, 1],
      [-1, 0],
      [-1, 0],
      [-1, 0],
    ],
  ],
  // Z: index 2 differs, others alike
  [
    [
      [0, 1],
      [1, 0],
      [0, 1],
      [0, 1],
    ],
    [
      [1, 0],
      [0, -1],
      [1, 0],
      [1, 0],
    ],
    [
      [0, -1],
      [-1, 0],
      [0, -1],
      [0, -1],
    ],
    [
      [-1, 0],
      [0, 1],
      [-1, 0],
      [-1, 0],
    ],
  ],
];

/** getRotatedMino, per id and the orientation *before* the rotation: where the first mino goes. */
export const ROTATED_MINO_STEPS: readonly Four<Delta>[] = [
  [
    [0, 0],
    [0, 0],
    [0, 0],
    [0, 0],
  ],
  [
    [-1, 2],
    [2, 1],
    [1, -2],
    [-2, -1],
  ],
  [
    [0, 2],
    [2, 0],
    [0, -2],
    [-2, 0],
  ],
  [
    [2, 0],
    [0, -2],
    [-2, 0],
    [0, 2],
  ],
  [
    [0, 1],
    [1, 0],
    [0, -1],
    [-1, 0],
  ],
  [
    [2, 0],
    [0, -2],
    [-2, 0],
    [0, 2],
  ],
  [
    [1, 1],
    [1, -1],
    [-1, -1],
    [-1, 1],
  ],
  [
    [0, 2],
    [2, 0],
    [0, -2],
    [-2, 0],
  ],
];

/** Game`lineScores. */
export const LINE_SCORES: readonly number[] = [100, 300, 400, 800];

const ANSI_COLOR_CODES = [0, 51, 21, 208, 226, 34, 165, 196];

export class InvalidTetraminoIdError extends Error {
  readonly code = "TETRIS_INVALID_TETRAMINO_ID";
  constructor(id: unknown) {
    super(`newTetramino: id ${String(id)} is not a tetramino; use 1 I, 2 J, 3 L, 4 O, 5 S, 6 T or 7 Z`);
    this.name = "InvalidTetraminoIdError";
  }
}

export class PositionOutOfBoardError extends Error {
  readonly code = "TETRIS_POSITION_OUT_OF_BOARD";
  constructor(position: Position) {
    super(
      `position [${position[0]}, ${position[1]}] is outside the board (rows 1-${MAX_ROW}, columns 1-${MAX_COLUMN})`,
    );
    this.name = "PositionOutOfBoardError";
  }
}

/**
 * A run-time error of the model itself, raised only in faithful mode where the VDM interpreter would stop:
 * an operation on the nil tetramino, or lineScores indexed past its fourth entry.
 */
export class ModelRuntimeError extends Error {
  constructor(
    readonly code: "TETRIS_MODEL_NO_TETRAMINO" | "TETRIS_MODEL_LINE_SCORE_INDEX",
    message: string,
  ) {
    super(message);
    this.name = "ModelRuntimeError";
  }
}

/** The one-based step rule of getNextMino for tetramino `id` in `orientation`. */
export function getNextMino(
  id: TetraminoId,
  orientation: number,
  position: Position,
  index: number,
): Position {
  const step = NEXT_MINO_STEPS[id]![orientation]![index - 1]!;
  return [position[0] + step[0], position[1] + step[1]];
}

/** getRotatedMino: the first mino's position after a rotation from `orientation`. */
export function getRotatedMino(id: TetraminoId, orientation: number, position: Position): Position {
  const step = ROTATED_MINO_STEPS[id]![orientation]!;
  return [position[0] + step[0], position[1] + step[1]];
}

/** The four minoes a tetramino has when its first mino is at `first`, built as setMinoes builds them. */
export function minoesFrom(id: TetraminoId, orientation: number, first: Position): Position[] {
  const minoes: Position[] = [first];
  let position = first;
  for (let index = 1; index < 4; index++) {
    position = getNextMino(id, orientation, position, index);
    minoes.push(position);
  }
  return minoes;
}

/** Tetramino`checkPosition. */
export function checkPosition(
  position: Position,
  min1: number,
  max1: number,
  min2: number,
  max2: number,
): boolean {
  return position[0] >= min1 && position[0] <= max1 && position[1] >= min2 && position[1] <= max2;
}

function onBoard(position: Position): boolean {
  return checkPosition(position, 1, MAX_ROW, 1, MAX_COLUMN);
}

/** The model's Board: a 22 x 10 matrix of tetramino ids, 0 for empty. */
export class ClassicBoard {
  private readonly matrix: number[];

  constructor(
    private readonly faithful: boolean,
    cells?: readonly number[],
  ) {
    this.matrix = cells ? [...cells] : new Array<number>(MAX_ROW * MAX_COLUMN).fill(0);
  }

  clone(): ClassicBoard {
    return new ClassicBoard(this.faithful, this.matrix);
  }

  getMatrixPosition(position: Position): number {
    if (!onBoard(position)) throw new PositionOutOfBoardError(position);
    return this.matrix[(position[0] - 1) * MAX_COLUMN + position[1] - 1]!;
  }

  setMatrixPosition(position: Position, value: number): void {
    if (!onBoard(position)) throw new PositionOutOfBoardError(position);
    if (!Number.isInteger(value) || value < 0)
      throw new RangeError(`setMatrixPosition: ${value} is not a nat`);
    this.matrix[(position[0] - 1) * MAX_COLUMN + position[1] - 1] = value;
  }

  /** The matrix as rows 1..22 of columns 1..10 (a copy; index 0 is row 1). */
  rows(): number[][] {
    const rows: number[][] = [];
    for (let r = 0; r < MAX_ROW; r++) rows.push(this.matrix.slice(r * MAX_COLUMN, (r + 1) * MAX_COLUMN));
    return rows;
  }

  /**
   * Board`checkRow: a full row is removed by copying every row above it one row down. The model never empties
   * row 1, so its contents stay and are also copied into row 2; fixed mode empties it.
   */
  private checkRow(row: number): boolean {
    for (let column = 1; column <= MAX_COLUMN; column++) {
      if (this.getMatrixPosition([row, column]) === 0) return false;
    }
    for (let i = row - 1; i >= 1; i--) {
      for (let j = 1; j <= MAX_COLUMN; j++)
        this.setMatrixPosition([i + 1, j], this.getMatrixPosition([i, j]));
    }
    if (!this.faithful) for (let j = 1; j <= MAX_COLUMN; j++) this.setMatrixPosition([1, j], 0);
    return true;
  }

  /** Board`checkRows: scans rows 1..22 from the top and returns how many were removed. */
  checkRows(): number {
    let result = 0;
    for (let row = 1; row <= MAX_ROW; row++) if (this.checkRow(row)) result++;
    return result;
  }

  /** Board`getBoardPrint, without the printing (`printNow` belongs to front-ends). */
  getBoardPrint(blackConsole: boolean, testPrint: boolean): string {
    let printBoard = "\n";
    const startRow = testPrint ? 1 : 3;
    for (let i = startRow; i <= MAX_ROW; i++) {
      printBoard += "|";
      for (let j = 1; j <= MAX_COLUMN; j++)
        printBoard += getCellPrint(this.getMatrixPosition([i, j]), i, blackConsole);
      printBoard += "|\n";
    }
    return `${printBoard} ----------`;
  }
}

/** Board`getCellPrint. */
export function getCellPrint(id: number, row: number, blackConsole: boolean): string {
  if (blackConsole) {
    if (id === 0) return row < 3 ? " " : "#";
    return "*";
  }
  if (id === 0) return " ";
  const code = ANSI_COLOR_CODES[id] ?? 196;
  return `\u001B[38;5;${code}m*\u001B[0m`;
}

/** The current tetramino as a front-end sees it. */
export interface TetraminoView {
  id: TetraminoId;
  color: Color;
  orientation: number;
  minoes: Position[];
  /** False once the tetramino no longer moves (fixed mode: the game ended, or checkLines took it into the stack). */
  active: boolean;
}

class Tetramino {
  orientation = 0;
  /** The model's initial value, kept by a tetramino whose spawn failed. */
  minoes: Position[] = [
    [1, 1],
    [1, 2],
    [1, 3],
    [1, 4],
  ];
  active = false;

  constructor(readonly id: TetraminoId) {}

  clone(): Tetramino {
    const copy = new Tetramino(this.id);
    copy.orientation = this.orientation;
    copy.minoes = this.minoes.map((m) => [m[0], m[1]] as const);
    copy.active = this.active;
    return copy;
  }
}

export interface ClassicOptions {
  /** Reproduce the model's defects exactly instead of fixing them. */
  faithful?: boolean;
  /** Where `printBoard(true, …)` sends its text (the model's IO`println); without it printNow prints nothing. */
  print?: (text: string) => void;
}

export interface PrintOptions {
  /** Each tetramino in the model's ANSI colour, every empty cell a space. Default false: `#` and `*`. */
  color?: boolean;
  /** Include the two hidden rows (the model's testPrint). Default false. */
  showHidden?: boolean;
}

/** The model's Game class. */
export class ClassicTetris {
  readonly faithful: boolean;
  private readonly seed: number;
  private prng: Prng;
  private readonly print?: (text: string) => void;
  private board: ClassicBoard;
  private tetramino: Tetramino | null = null;
  private gameOver = false;
  private score = 0;
  private lines = 0;
  // The OCR'd model declares `level : nat1` without its initial value; the issue and the model's own output
  // ("Level 1") say a game starts at level 1.
  private level = 1;

  constructor(seed?: Seed, options: ClassicOptions = {}) {
    this.seed = seed === undefined ? drawSeed() : normaliseSeed(seed);
    this.prng = new Prng(this.seed);
    this.faithful = options.faithful ?? false;
    this.print = options.print;
    this.board = new ClassicBoard(this.faithful);
  }

  /** The seed actually used (drawn once when none was given), so a game can be replayed. */
  getSeed(): number {
    return this.seed;
  }

  /** An independent copy: same board, piece, counters and random sequence. */
  clone(): ClassicTetris {
    const copy = new ClassicTetris(this.seed, { faithful: this.faithful, print: this.print });
    copy.board = this.board.clone();
    copy.tetramino = this.tetramino?.clone() ?? null;
    copy.gameOver = this.gameOver;
    copy.score = this.score;
    copy.lines = this.lines;
    copy.level = this.level;
    copy.prng = this.prng.clone();
    return copy;
  }

  getBoard(): ClassicBoard {
    return this.board;
  }

  setGameOver(): void {
    this.gameOver = true;
  }

  getGameOver(): boolean {
    return this.gameOver;
  }

  getScore(): number {
    return this.score;
  }

  getLines(): number {
    return this.lines;
  }

  getLevel(): number {
    return this.level;
  }

  /** The current tetramino, or null before the first one. */
  getTetramino(): TetraminoView | null {
    const t = this.tetramino;
    if (!t) return null;
    return {
      id: t.id,
      color: TETRAMINO_COLORS[t.id]!,
      orientation: t.orientation,
      minoes: t.minoes.map((m) => [m[0], m[1]] as const),
      active: this.faithful ? !this.gameOver : t.active && !this.gameOver,
    };
  }

  /** Game`newTetramino: 1 I, 2 J, 3 L, 4 O, 5 S, 6 T, 7 Z. */
  newTetramino(id: number): void {
    if (!Number.isInteger(id) || id < 1 || id > 7) throw new InvalidTetraminoIdError(id);
    const tetramino = new Tetramino(id as TetraminoId);
    this.tetramino = tetramino;
    this.initialSetMinoes(tetramino, SPAWN_POSITIONS[id]!);
  }

  /** Game`newRandomTetramino: MATH`rand(7) + 1 from the game's seeded generator. */
  newRandomTetramino(): void {
    this.newTetramino(this.prng.nextInt(7) + 1);
  }

  /** The id the next newRandomTetramino will produce, without drawing it (a preview the model lacks). */
  previewRandomTetramino(): TetraminoId {
    return (this.prng.clone().nextInt(7) + 1) as TetraminoId;
  }

  down(): boolean {
    const t = this.movable();
    if (!t) return false;
    return this.setMinoes(t, [t.minoes[0]![0] + 1, t.minoes[0]![1]]);
  }

  left(): boolean {
    const t = this.movable();
    if (!t) return false;
    return this.setMinoes(t, [t.minoes[0]![0], t.minoes[0]![1] - 1]);
  }

  right(): boolean {
    const t = this.movable();
    if (!t) return false;
    return this.setMinoes(t, [t.minoes[0]![0], t.minoes[0]![1] + 1]);
  }

  /**
   * Tetramino`rotate: the first mino goes where getRotatedMino says (for the old orientation), the orientation
   * advances, and setMinoes rebuilds the shape for the new one. The model keeps the advanced orientation when
   * setMinoes fails; fixed mode puts it back.
   */
  rotate(): boolean {
    const t = this.movable();
    if (!t) return false;
    const position = getRotatedMino(t.id, t.orientation, t.minoes[0]!);
    const previous = t.orientation;
    t.orientation = (t.orientation + 1) % 4;
    const moved = this.setMinoes(t, position);
    if (!moved && !this.faithful) t.orientation = previous;
    return moved;
  }

  /** Game`drop: moves down while it can; adds distance x level to the score and returns the distance. */
  drop(): number {
    const t = this.movable();
    if (!t) return 0;
    let dropDistance = 0;
    while (this.setMinoes(t, [t.minoes[0]![0] + 1, t.minoes[0]![1]])) dropDistance++;
    this.score += dropDistance * this.level;
    return dropDistance;
  }

  /** Game`checkLines: clears full rows, scores 100/300/400/800 x level, then level := 1 + lines div 10. */
  checkLines(): number {
    const newLines = this.board.checkRows();
    this.lines += newLines;
    if (newLines > 0) {
      if (newLines > LINE_SCORES.length && this.faithful) {
        throw new ModelRuntimeError(
          "TETRIS_MODEL_LINE_SCORE_INDEX",
          `checkLines: ${newLines} rows cleared at once, but lineScores has only ${LINE_SCORES.length} entries`,
        );
      }
      this.score += lineScore(newLines) * this.level;
    }
    this.level = 1 + Math.floor(this.lines / 10);
    return newLines;
  }

  /**
   * Game`printBoard. Either the issue's options, or the model's three booleans
   * `(printNow, blackConsole, testPrint)`.
   */
  printBoard(options?: PrintOptions): string;
  printBoard(printNow: boolean, blackConsole: boolean, testPrint: boolean): string;
  printBoard(first?: PrintOptions | boolean, blackConsole?: boolean, testPrint?: boolean): string {
    if (typeof first === "boolean") {
      const text = this.board.getBoardPrint(blackConsole ?? true, testPrint ?? false);
      if (first) this.print?.(text);
      return text;
    }
    return this.board.getBoardPrint(!(first?.color ?? false), first?.showHidden ?? false);
  }

  /**
   * The tetramino an operation acts on. Before the first one the model stops with an error (faithful mode throws
   * it; fixed mode answers that nothing moved). After a failed spawn, and after checkLines, operations act on the
   * current tetramino exactly as section 3 says, in both modes: front-ends spawn a new piece instead of calling
   * them, and the model's validation scenario runs them (see docs/spec-conformance/tetris-002.md).
   */
  private movable(): Tetramino | null {
    const t = this.tetramino;
    if (!t && this.faithful) {
      throw new ModelRuntimeError("TETRIS_MODEL_NO_TETRAMINO", "no tetramino yet: call newTetramino first");
    }
    return t ?? null;
  }

  private validPosition(position: Position): boolean {
    return onBoard(position) && this.board.getMatrixPosition(position) === 0;
  }

  private removeTetramino(t: Tetramino): void {
    for (const mino of t.minoes) this.board.setMatrixPosition(mino, 0);
  }

  private addTetramino(t: Tetramino): void {
    for (const mino of t.minoes) this.board.setMatrixPosition(mino, t.id);
  }

  /** Tetramino`setMinoes. */
  private setMinoes(t: Tetramino, position: Position): boolean {
    const tempMinoes = [...t.minoes];
    let tempPosition = position;
    this.removeTetramino(t);
    for (let i = 1; i <= 4; i++) {
      if (this.validPosition(tempPosition)) tempMinoes[i - 1] = tempPosition;
      else {
        this.addTetramino(t);
        return false;
      }
      if (i < 4) tempPosition = getNextMino(t.id, t.orientation, tempPosition, i);
    }
    t.minoes = tempMinoes;
    this.addTetramino(t);
    return true;
  }

  /** Tetramino`initialSetMinoes: a spawn that overlaps (or leaves the board) ends the game. */
  private initialSetMinoes(t: Tetramino, position: Position): void {
    let tempPosition = position;
    const tempMinoes = [...t.minoes];
    for (let i = 1; i <= 4; i++) {
      if (this.validPosition(tempPosition)) {
        tempMinoes[i - 1] = tempPosition;
        tempPosition = getNextMino(t.id, t.orientation, tempPosition, i);
      } else this.setGameOver();
    }
    if (!this.gameOver) {
      t.minoes = tempMinoes;
      this.addTetramino(t);
      t.active = true;
    }
  }
}

/** The score for `n` rows cleared at once, before the level multiplier. Past four rows (possible only when
 * checkLines was skipped), fixed mode scores each four as 800 and the rest from the table. */
export function lineScore(n: number): number {
  if (n <= 0) return 0;
  if (n <= LINE_SCORES.length) return LINE_SCORES[n - 1]!;
  const fours = Math.floor(n / 4);
  return fours * LINE_SCORES[3]! + lineScore(n % 4);
}

/** Letters to ids and back, for notation and replay files. */
export function tetraminoIdFromLetter(letter: string): TetraminoId {
  const id = TETRAMINO_LETTERS.indexOf(letter.toUpperCase() as (typeof TETRAMINO_LETTERS)[number]);
  if (id < 1) throw new InvalidTetraminoIdError(letter);
  return id as TetraminoId;
}
