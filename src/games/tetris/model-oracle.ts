/**
 * Test oracle: a direct, literal transliteration of the VDM++ Tetris model
 * (spec 002, section 3: classes Game, Board, Tetramino, TetraminoI..Z).
 *
 * This file deliberately keeps every quirk of the model, e.g.:
 *  - Tetramino.rotate advances the orientation even when the rotation fails;
 *  - Board.checkRow copies the rows above down but never empties row 1;
 *  - Tetramino.initialSetMinoes sets game over without advancing the probe
 *    position, and never places a piece once the game is over;
 *  - after a failed spawn the tetramino keeps the default minoes
 *    [[1,1],[1,2],[1,3],[1,4]] and later moves act on those cells.
 *
 * Sequences are 1-based (`seqAt`), the matrix is a map indexed by [row, column].
 * Where the model would stop with a run-time error (nil tetramino, sequence
 * index out of range, map application outside the domain, a violated
 * pre/post-condition or invariant) a {@link ModelRuntimeError} is thrown.
 *
 * Not in the model text (lost to OCR) and fixed here: Game`level starts at 1,
 * Board`maxColumn is 10, Board`print_bottomLine is " " followed by ten dashes.
 */

export class ModelRuntimeError extends Error {
  constructor(message: string) {
    super(message);
    this.name = "ModelRuntimeError";
  }
}

function check(condition: boolean, what: string): void {
  if (!condition) throw new ModelRuntimeError(what);
}

/** 1-based sequence application `s(i)`. */
function seqAt<T>(s: readonly T[], i: number): T {
  if (!Number.isInteger(i) || i < 1 || i > s.length) {
    throw new ModelRuntimeError(`sequence index ${i} out of range 1..${s.length}`);
  }
  return s[i - 1];
}

/** 1-based sequence modification `s(i) := v` (only legal on an existing index). */
function seqSet<T>(s: T[], i: number, v: T): void {
  if (!Number.isInteger(i) || i < 1 || i > s.length) {
    throw new ModelRuntimeError(`sequence update index ${i} out of range 1..${s.length}`);
  }
  s[i - 1] = v;
}

/** Board`Position = seq of int, inv len = 2. Values are copied on assignment (VDM value semantics). */
export type Position = readonly [number, number];
export type Minoes = readonly Position[];
export type Color = "Cyan" | "Blue" | "Orange" | "Yellow" | "Green" | "Purple" | "Red";

function pos(row: number, column: number): Position {
  return [row, column];
}

/** `result(k) := v` on a copy of a position. */
function withCoord(p: Position, k: 1 | 2, v: number): Position {
  return k === 1 ? [v, p[1]] : [p[0], v];
}

export type GameString = string;

// ---------------------------------------------------------------------------
// Board
// ---------------------------------------------------------------------------

export class Board {
  static readonly maxRow = 22;
  static readonly maxVisibleRow = 20;
  static readonly maxColumn = 10;

  private readonly print_startTag: GameString = "|";
  private readonly print_endTag: GameString = "|\n";
  private readonly print_bottomLine: GameString = " ----------";

  /** map Position to nat; a position [row, column] is keyed by one number (exact for |row|, |column| < 32). */
  private readonly matrix = new Map<number, number>();

  /** Sink for `IO`println`; the default discards the output. */
  constructor(private readonly println: (s: string) => void = () => {}) {
    this.initBoard();
  }

  private static key(p: Position): number {
    return (p[0] + 32) * 64 + (p[1] + 32);
  }

  /** Map application `matrix(p)`: a run-time error outside the domain. */
  private mapGet(p: Position): number {
    const v = this.matrix.get(Board.key(p));
    if (v === undefined) throw new ModelRuntimeError(`map application outside domain at [${p[0]},${p[1]}]`);
    return v;
  }

  private initBoard(): void {
    for (let i = 1; i <= Board.maxRow; i++) {
      for (let j = 1; j <= Board.maxColumn; j++) {
        this.matrix.set(Board.key(pos(i, j)), 0);
      }
    }
    check(
      this.mapGet(pos(1, 1)) === 0 && this.mapGet(pos(Board.maxRow, Board.maxColumn)) === 0,
      "post initBoard",
    );
  }

  getBoardPrint(printNow: boolean, blackConsole: boolean, testPrint: boolean): GameString {
    let print_board: GameString = "\n";
    let start_row = 3;
    if (testPrint) start_row = 1;
    for (let i = start_row; i <= Board.maxRow; i++) {
      print_board = print_board + this.print_startTag;
      for (let j = 1; j <= Board.maxColumn; j++) {
        print_board = print_board + this.getCellPrint(this.mapGet(pos(i, j)), i, blackConsole);
      }
      print_board = print_board + this.print_endTag;
    }
    if (printNow) this.println(print_board + this.print_bottomLine);
    return print_board + this.print_bottomLine;
  }

  getCellPrint(id: number, row: number, blackConsole: boolean): GameString {
    if (blackConsole) {
      switch (id) {
        case 0:
          if (row < 3) return " ";
          return "#";
        default:
          return "*";
      }
    }
    switch (id) {
      case 0:
        if (row < 3) return " ";
        return " ";
      case 1:
        return "\u001B[38;5;51m*\u001B[0m";
      case 2:
        return "\u001B[38;5;21m*\u001B[0m";
      case 3:
        return "\u001B[38;5;208m*\u001B[0m";
      case 4:
        return "\u001B[38;5;226m*\u001B[0m";
      case 5:
        return "\u001B[38;5;34m*\u001B[0m";
      case 6:
        return "\u001B[38;5;165m*\u001B[0m";
      default:
        return "\u001B[38;5;196m*\u001B[0m";
    }
  }

  private checkRow(row: number): boolean {
    check(row >= 1 && row <= Board.maxRow, "pre checkRow");
    for (let column = 1; column <= Board.maxColumn; column++) {
      if (this.mapGet(pos(row, column)) === 0) return false;
    }
    for (let i = row - 1; i >= 1; i--) {
      for (let j = 1; j <= Board.maxColumn; j++) {
        this.matrix.set(Board.key(pos(i + 1, j)), this.mapGet(pos(i, j)));
      }
    }
    return true;
  }

  checkRows(): number {
    let result = 0;
    for (let row = 1; row <= Board.maxRow; row++) {
      if (this.checkRow(row)) result = result + 1;
    }
    check(result <= Board.maxRow, "post checkRows");
    return result;
  }

  setMatrixPosition(position: Position, value: number): void {
    check(Tetramino.checkPosition(position, 1, Board.maxRow, 1, Board.maxColumn), "pre setMatrixPosition");
    this.matrix.set(Board.key(position), value);
  }

  getMatrixPosition(position: Position): number {
    check(Tetramino.checkPosition(position, 1, Board.maxRow, 1, Board.maxColumn), "pre getMatrixPosition");
    return this.mapGet(position);
  }

  /** Test helper (not in the model): the matrix as rows[row-1][column-1]. */
  snapshot(): number[][] {
    const rows: number[][] = [];
    for (let i = 1; i <= Board.maxRow; i++) {
      const r: number[] = [];
      for (let j = 1; j <= Board.maxColumn; j++) r.push(this.mapGet(pos(i, j)));
      rows.push(r);
    }
    return rows;
  }
}

// ---------------------------------------------------------------------------
// Tetramino
// ---------------------------------------------------------------------------

export abstract class Tetramino {
  private color: Color | undefined = undefined;
  private id = 0;
  private orientation = 0;
  private minoes: Minoes = [pos(1, 1), pos(1, 2), pos(1, 3), pos(1, 4)];

  static checkPosition(position: Position, min1: number, max1: number, min2: number, max2: number): boolean {
    return (
      seqAt(position, 1) >= min1 &&
      seqAt(position, 1) <= max1 &&
      seqAt(position, 2) >= min2 &&
      seqAt(position, 2) <= max2
    );
  }

  static checkMinoes(minoes: Minoes, min1: number, max1: number, min2: number, max2: number): boolean {
    const elems = new Set(minoes.map((m) => `${m[0]},${m[1]}`));
    return elems.size === 4 && minoes.every((m) => Tetramino.checkPosition(m, min1, max1, min2, max2));
  }

  /** inv id <= 7 and orientation < 4 */
  private checkInv(): void {
    check(this.id <= 7 && this.orientation < 4, "Tetramino invariant");
  }

  protected setColor(c: Color): void {
    this.color = c;
  }

  protected setId(i: number): void {
    check(i >= 1 && i <= 7, "pre setId");
    this.id = i;
    this.checkInv();
  }

  getOrientation(): number {
    const r = this.orientation;
    check(r < 4, "post getOrientation");
    return r;
  }

  /** Test helpers (not operations of the model). */
  getId(): number {
    return this.id;
  }
  getColor(): Color | undefined {
    return this.color;
  }
  getMinoes(): Minoes {
    return this.minoes.map((m) => pos(m[0], m[1]));
  }

  private minoesOk(): boolean {
    return Tetramino.checkMinoes(this.minoes, 1, Board.maxRow, 1, Board.maxColumn);
  }

  private setMinoes(board: Board, position: Position): boolean {
    check(Tetramino.checkPosition(position, -1, Board.maxRow + 2, -1, Board.maxColumn + 2), "pre setMinoes");
    const tempMinoes: Position[] = [...this.minoes];
    let tempPosition: Position = position;
    this.removeTetramino(board);
    for (let i = 1; i <= 4; i++) {
      if (this.validPosition(board, tempPosition)) {
        seqSet(tempMinoes, i, tempPosition);
      } else {
        this.addTetramino(board);
        check(this.minoesOk(), "post setMinoes");
        return false;
      }
      tempPosition = this.getNextMino(tempPosition, i);
    }
    this.minoes = tempMinoes;
    this.addTetramino(board);
    check(this.minoesOk(), "post setMinoes");
    return true;
  }

  protected initialSetMinoes(game: Game, position: Position): void {
    check(Tetramino.checkPosition(position, 1, Board.maxRow, 1, Board.maxColumn), "pre initialSetMinoes");
    let tempPosition: Position = position;
    const tempMinoes: Position[] = [...this.minoes];
    for (let i = 1; i <= 4; i++) {
      if (this.validPosition(game.getBoard(), tempPosition)) {
        seqSet(tempMinoes, i, tempPosition);
        tempPosition = this.getNextMino(tempPosition, i);
      } else {
        game.setGameOver();
      }
    }
    if (!game.getGameOver()) {
      this.minoes = tempMinoes;
      this.addTetramino(game.getBoard());
    }
    check(this.minoesOk(), "post initialSetMinoes");
  }

  protected abstract getNextMino(position: Position, index: number): Position;

  protected abstract getRotatedMino(position: Position): Position;

  protected validPosition(board: Board, position: Position): boolean {
    // VDM `and` is conditional: the matrix is only consulted inside the board.
    return (
      Tetramino.checkPosition(position, 1, Board.maxRow, 1, Board.maxColumn) &&
      board.getMatrixPosition(position) === 0
    );
  }

  protected removeTetramino(board: Board): void {
    check(this.minoesOk(), "pre removeTetramino");
    for (const mino of this.minoes) board.setMatrixPosition(mino, 0);
  }

  protected addTetramino(board: Board): void {
    check(this.minoesOk(), "pre addTetramino");
    for (const mino of this.minoes) board.setMatrixPosition(mino, this.id);
  }

  moveDown(board: Board): boolean {
    check(this.minoesOk(), "pre moveDown");
    const m1 = seqAt(this.minoes, 1);
    const r = this.setMinoes(board, pos(seqAt(m1, 1) + 1, seqAt(m1, 2)));
    check(this.minoesOk(), "post moveDown");
    return r;
  }

  moveLeft(board: Board): boolean {
    check(this.minoesOk(), "pre moveLeft");
    const m1 = seqAt(this.minoes, 1);
    const r = this.setMinoes(board, pos(seqAt(m1, 1), seqAt(m1, 2) - 1));
    check(this.minoesOk(), "post moveLeft");
    return r;
  }

  moveRight(board: Board): boolean {
    check(this.minoesOk(), "pre moveRight");
    const m1 = seqAt(this.minoes, 1);
    const r = this.setMinoes(board, pos(seqAt(m1, 1), seqAt(m1, 2) + 1));
    check(this.minoesOk(), "post moveRight");
    return r;
  }

  rotate(board: Board): boolean {
    check(this.minoesOk(), "pre rotate");
    const position = this.getRotatedMino(seqAt(this.minoes, 1));
    this.orientation = (this.orientation + 1) % 4;
    this.checkInv();
    const r = this.setMinoes(board, position);
    check(this.minoesOk(), "post rotate");
    return r;
  }

  drop(board: Board): number {
    check(this.minoesOk(), "pre drop");
    let result = 0;
    while (this.moveDown(board)) result = result + 1;
    check(this.minoesOk() && result < Board.maxRow, "post drop");
    return result;
  }

  /** Shared pre/post-conditions of getNextMino / getRotatedMino in every subclass. */
  protected nextPre(position: Position, index: number): void {
    check(
      index >= 1 && index <= 4 && Tetramino.checkPosition(position, 1, Board.maxRow, 1, Board.maxColumn),
      "pre getNextMino",
    );
  }
  protected nextPost(result: Position): Position {
    check(Tetramino.checkPosition(result, 0, Board.maxRow + 1, 0, Board.maxColumn + 1), "post getNextMino");
    return result;
  }
  protected rotatedPre(position: Position): void {
    check(Tetramino.checkPosition(position, 1, Board.maxRow, 1, Board.maxColumn), "pre getRotatedMino");
  }
  protected rotatedPost(result: Position): Position {
    check(
      Tetramino.checkPosition(result, -1, Board.maxRow + 2, -1, Board.maxColumn + 2),
      "post getRotatedMino",
    );
    return result;
  }
}

// ---------------------------------------------------------------------------
// The seven subclasses
// ---------------------------------------------------------------------------

export class TetraminoI extends Tetramino {
  constructor(game: Game) {
    super();
    this.setColor("Cyan");
    this.setId(1);
    this.initialSetMinoes(game, pos(2, 4));
  }

  protected getNextMino(position: Position, _index: number): Position {
    // TetraminoI's pre-condition does not mention the index.
    check(Tetramino.checkPosition(position, 1, Board.maxRow, 1, Board.maxColumn), "pre getNextMino");
    let result = position;
    switch (this.getOrientation()) {
      case 0:
        result = withCoord(result, 2, position[1] + 1);
        break;
      case 1:
        result = withCoord(result, 1, position[0] + 1);
        break;
      case 2:
        result = withCoord(result, 2, position[1] - 1);
        break;
      case 3:
        result = withCoord(result, 1, position[0] - 1);
        break;
    }
    return this.nextPost(result);
  }

  protected getRotatedMino(position: Position): Position {
    this.rotatedPre(position);
    let result = position;
    switch (this.getOrientation()) {
      case 0:
        result = withCoord(result, 1, position[0] - 1);
        result = withCoord(result, 2, position[1] + 2);
        break;
      case 1:
        result = withCoord(result, 1, position[0] + 2);
        result = withCoord(result, 2, position[1] + 1);
        break;
      case 2:
        result = withCoord(result, 1, position[0] + 1);
        result = withCoord(result, 2, position[1] - 2);
        break;
      case 3:
        result = withCoord(result, 1, position[0] - 2);
        result = withCoord(result, 2, position[1] - 1);
        break;
    }
    return this.rotatedPost(result);
  }
}

export class TetraminoJ extends Tetramino {
  constructor(game: Game) {
    super();
    this.setColor("Blue");
    this.setId(2);
    this.initialSetMinoes(game, pos(1, 4));
  }

  protected getNextMino(position: Position, index: number): Position {
    this.nextPre(position, index);
    let result = position;
    switch (this.getOrientation()) {
      case 0:
        result = index === 1 ? withCoord(result, 1, position[0] + 1) : withCoord(result, 2, position[1] + 1);
        break;
      case 1:
        result = index === 1 ? withCoord(result, 2, position[1] - 1) : withCoord(result, 1, position[0] + 1);
        break;
      case 2:
        result = index === 1 ? withCoord(result, 1, position[0] - 1) : withCoord(result, 2, position[1] - 1);
        break;
      case 3:
        result = index === 1 ? withCoord(result, 2, position[1] + 1) : withCoord(result, 1, position[0] - 1);
        break;
    }
    return this.nextPost(result);
  }

  protected getRotatedMino(position: Position): Position {
    this.rotatedPre(position);
    let result = position;
    switch (this.getOrientation()) {
      case 0:
        result = withCoord(result, 2, position[1] + 2);
        break;
      case 1:
        result = withCoord(result, 1, position[0] + 2);
        break;
      case 2:
        result = withCoord(result, 2, position[1] - 2);
        break;
      case 3:
        result = withCoord(result, 1, position[0] - 2);
        break;
    }
    return this.rotatedPost(result);
  }
}

export class TetraminoL extends Tetramino {
  constructor(game: Game) {
    super();
    this.setColor("Orange");
    this.setId(3);
    this.initialSetMinoes(game, pos(1, 6));
  }

  protected getNextMino(position: Position, index: number): Position {
    this.nextPre(position, index);
    let result = position;
    switch (this.getOrientation()) {
      case 0:
        result = index === 1 ? withCoord(result, 1, position[0] + 1) : withCoord(result, 2, position[1] - 1);
        break;
      case 1:
        result = index === 1 ? withCoord(result, 2, position[1] - 1) : withCoord(result, 1, position[0] - 1);
        break;
      case 2:
        result = index === 1 ? withCoord(result, 1, position[0] - 1) : withCoord(result, 2, position[1] + 1);
        break;
      case 3:
        result = index === 1 ? withCoord(result, 2, position[1] + 1) : withCoord(result, 1, position[0] + 1);
        break;
    }
    return this.nextPost(result);
  }

  protected getRotatedMino(position: Position): Position {
    this.rotatedPre(position);
    let result = position;
    switch (this.getOrientation()) {
      case 0:
        result = withCoord(result, 1, position[0] + 2);
        break;
      case 1:
        result = withCoord(result, 2, position[1] - 2);
        break;
      case 2:
        result = withCoord(result, 1, position[0] - 2);
        break;
      case 3:
        result = withCoord(result, 2, position[1] + 2);
        break;
    }
    return this.rotatedPost(result);
  }
}

export class TetraminoO extends Tetramino {
  constructor(game: Game) {
    super();
    this.setColor("Yellow");
    this.setId(4);
    this.initialSetMinoes(game, pos(1, 5));
  }

  protected getNextMino(position: Position, index: number): Position {
    this.nextPre(position, index);
    let result = position;
    switch (this.getOrientation()) {
      case 0:
        if (index === 1) result = withCoord(result, 2, position[1] + 1);
        else if (index === 2) result = withCoord(result, 1, position[0] + 1);
        else result = withCoord(result, 2, position[1] - 1);
        break;
      case 1:
        if (index === 1) result = withCoord(result, 1, position[0] + 1);
        else if (index === 2) result = withCoord(result, 2, position[1] - 1);
        else result = withCoord(result, 1, position[0] - 1);
        break;
      case 2:
        if (index === 1) result = withCoord(result, 2, position[1] - 1);
        else if (index === 2) result = withCoord(result, 1, position[0] - 1);
        else result = withCoord(result, 2, position[1] + 1);
        break;
      case 3:
        if (index === 1) result = withCoord(result, 1, position[0] - 1);
        else if (index === 2) result = withCoord(result, 2, position[1] + 1);
        else result = withCoord(result, 1, position[0] + 1);
        break;
    }
    return this.nextPost(result);
  }

  protected getRotatedMino(position: Position): Position {
    this.rotatedPre(position);
    let result = position;
    switch (this.getOrientation()) {
      case 0:
        result = withCoord(result, 2, position[1] + 1);
        break;
      case 1:
        result = withCoord(result, 1, position[0] + 1);
        break;
      case 2:
        result = withCoord(result, 2, position[1] - 1);
        break;
      case 3:
        result = withCoord(result, 1, position[0] - 1);
        break;
    }
    return this.rotatedPost(result);
  }
}

export class TetraminoS extends Tetramino {
  constructor(game: Game) {
    super();
    this.setColor("Green");
    this.setId(5);
    this.initialSetMinoes(game, pos(1, 6));
  }

  protected getNextMino(position: Position, index: number): Position {
    this.nextPre(position, index);
    let result = position;
    switch (this.getOrientation()) {
      case 0:
        result = index === 2 ? withCoord(result, 1, position[0] + 1) : withCoord(result, 2, position[1] - 1);
        break;
      case 1:
        result = index === 2 ? withCoord(result, 2, position[1] - 1) : withCoord(result, 1, position[0] - 1);
        break;
      case 2:
        result = index === 2 ? withCoord(result, 1, position[0] - 1) : withCoord(result, 2, position[1] + 1);
        break;
      case 3:
        result = index === 2 ? withCoord(result, 2, position[1] + 1) : withCoord(result, 1, position[0] + 1);
        break;
    }
    return this.nextPost(result);
  }

  protected getRotatedMino(position: Position): Position {
    this.rotatedPre(position);
    let result = position;
    switch (this.getOrientation()) {
      case 0:
        result = withCoord(result, 1, position[0] + 2);
        break;
      case 1:
        result = withCoord(result, 2, position[1] - 2);
        break;
      case 2:
        result = withCoord(result, 1, position[0] - 2);
        break;
      case 3:
        result = withCoord(result, 2, position[1] + 2);
        break;
    }
    return this.rotatedPost(result);
  }
}

export class TetraminoT extends Tetramino {
  constructor(game: Game) {
    super();
    // The class header is lost in the OCR; appendix A gives T the colour purple.
    this.setColor("Purple");
    this.setId(6);
    this.initialSetMinoes(game, pos(1, 5));
  }

  protected getNextMino(position: Position, index: number): Position {
    this.nextPre(position, index);
    let result = position;
    switch (this.getOrientation()) {
      case 0:
        if (index === 1) {
          result = withCoord(result, 1, position[0] + 1);
          result = withCoord(result, 2, position[1] - 1);
        } else result = withCoord(result, 2, position[1] + 1);
        break;
      case 1:
        if (index === 1) {
          result = withCoord(result, 1, position[0] - 1);
          result = withCoord(result, 2, position[1] - 1);
        } else result = withCoord(result, 1, position[0] + 1);
        break;
      case 2:
        if (index === 1) {
          result = withCoord(result, 1, position[0] - 1);
          result = withCoord(result, 2, position[1] + 1);
        } else result = withCoord(result, 2, position[1] - 1);
        break;
      case 3:
        if (index === 1) {
          result = withCoord(result, 1, position[0] + 1);
          result = withCoord(result, 2, position[1] + 1);
        } else result = withCoord(result, 1, position[0] - 1);
        break;
    }
    return this.nextPost(result);
  }

  protected getRotatedMino(position: Position): Position {
    this.rotatedPre(position);
    let result = position;
    switch (this.getOrientation()) {
      case 0:
        result = withCoord(result, 1, position[0] + 1);
        result = withCoord(result, 2, position[1] + 1);
        break;
      case 1:
        result = withCoord(result, 1, position[0] + 1);
        result = withCoord(result, 2, position[1] - 1);
        break;
      case 2:
        result = withCoord(result, 1, position[0] - 1);
        result = withCoord(result, 2, position[1] - 1);
        break;
      case 3:
        result = withCoord(result, 1, position[0] - 1);
        result = withCoord(result, 2, position[1] + 1);
        break;
    }
    return this.rotatedPost(result);
  }
}

export class TetraminoZ extends Tetramino {
  constructor(game: Game) {
    super();
    this.setColor("Red");
    this.setId(7);
    this.initialSetMinoes(game, pos(1, 4));
  }

  protected getNextMino(position: Position, index: number): Position {
    this.nextPre(position, index);
    let result = position;
    switch (this.getOrientation()) {
      case 0:
        result = index === 2 ? withCoord(result, 1, position[0] + 1) : withCoord(result, 2, position[1] + 1);
        break;
      case 1:
        result = index === 2 ? withCoord(result, 2, position[1] - 1) : withCoord(result, 1, position[0] + 1);
        break;
      case 2:
        result = index === 2 ? withCoord(result, 1, position[0] - 1) : withCoord(result, 2, position[1] - 1);
        break;
      case 3:
        result = index === 2 ? withCoord(result, 2, position[1] + 1) : withCoord(result, 1, position[0] - 1);
        break;
    }
    return this.nextPost(result);
  }

  protected getRotatedMino(position: Position): Position {
    this.rotatedPre(position);
    let result = position;
    switch (this.getOrientation()) {
      case 0:
        result = withCoord(result, 2, position[1] + 2);
        break;
      case 1:
        result = withCoord(result, 1, position[0] + 2);
        break;
      case 2:
        result = withCoord(result, 2, position[1] - 2);
        break;
      case 3:
        result = withCoord(result, 1, position[0] - 2);
        break;
    }
    return this.rotatedPost(result);
  }
}

// ---------------------------------------------------------------------------
// Game
// ---------------------------------------------------------------------------

export class Game {
  private readonly board: Board;
  private tetramino: Tetramino | undefined = undefined;
  private gameOver = false;
  private score = 0;
  private lines = 0;
  /** nat1; the initial value is lost in the OCR, taken as 1 (= 1 + lines div 10). */
  private level = 1;
  private static readonly lineScores: readonly number[] = [100, 300, 400, 800];

  /** `println` receives what the model would write with IO`println (printBoard with printNow). */
  constructor(println?: (s: string) => void) {
    this.board = new Board(println);
  }

  getBoard(): Board {
    return this.board;
  }

  setGameOver(): void {
    this.gameOver = true;
  }

  getGameOver(): boolean {
    return this.gameOver;
  }

  newTetramino(id: number): void {
    check(id >= 1 && id <= 7, "pre newTetramino");
    switch (id) {
      case 1:
        this.tetramino = new TetraminoI(this);
        break;
      case 2:
        this.tetramino = new TetraminoJ(this);
        break;
      case 3:
        this.tetramino = new TetraminoL(this);
        break;
      case 4:
        this.tetramino = new TetraminoO(this);
        break;
      case 5:
        this.tetramino = new TetraminoS(this);
        break;
      case 6:
        this.tetramino = new TetraminoT(this);
        break;
      case 7:
        this.tetramino = new TetraminoZ(this);
        break;
    }
  }

  private current(): Tetramino {
    if (this.tetramino === undefined) throw new ModelRuntimeError("nil tetramino");
    return this.tetramino;
  }

  /** Test helper (not in the model): the current tetramino or nil. */
  getTetramino(): Tetramino | undefined {
    return this.tetramino;
  }

  down(): boolean {
    return this.current().moveDown(this.board);
  }

  left(): boolean {
    return this.current().moveLeft(this.board);
  }

  right(): boolean {
    return this.current().moveRight(this.board);
  }

  rotate(): boolean {
    return this.current().rotate(this.board);
  }

  drop(): number {
    const dropDistance = this.current().drop(this.board);
    this.score = this.score + dropDistance * this.level;
    return dropDistance;
  }

  checkLines(): number {
    const newLines = this.board.checkRows();
    this.lines = this.lines + newLines;
    if (newLines > 0) this.score = this.score + seqAt(Game.lineScores, newLines) * this.level;
    this.level = 1 + Math.floor(this.lines / 10);
    return newLines;
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

  printBoard(printNow: boolean, blackConsole: boolean, testPrint: boolean): GameString {
    return this.board.getBoardPrint(printNow, blackConsole, testPrint);
  }
}
