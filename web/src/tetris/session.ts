import { guidelineActions, type TetrisAi } from "../../../src/games/tetris/ai.ts";
import { type ClassicTetris, MAX_ROW } from "../../../src/games/tetris/classic.ts";
import { type Action, FIELD_WIDTH, type GuidelineGame } from "../../../src/games/tetris/guideline/engine.ts";
import type { GameMode } from "../../../src/games/tetris/guideline/modes.ts";
import { type ClearEvent, secondsPerRow } from "../../../src/games/tetris/guideline/scoring.ts";
import type { PieceId } from "../../../src/games/tetris/guideline/srs.ts";
import type { HandlingTarget } from "../../../src/games/tetris/handling.ts";
import { GuidelinePlay, type PlayResults } from "../../../src/games/tetris/play.ts";
import { ClassicRecorder, type ReplayFile } from "../../../src/games/tetris/replay.ts";

/** Rows drawn: the 20 of the field and the 2 above it where pieces appear. */
export const ROWS = 22;
export const COLUMNS = 10;

/** A frame's picture of the game, rows from the top; 0 empty, else the piece id (1 I … 7 Z). */
export interface TetrisPicture {
  cells: Uint8Array;
  /** Cells of the falling piece and of its ghost, as indices into `cells`. */
  piece: number[];
  ghost: number[];
  pieceId: number;
}

/** One game of either engine, driven by game time in ms. The engines decide everything. */
export interface TetrisSession extends HandlingTarget {
  readonly engine: "guideline" | "classic";
  /** The guideline game's mode, or "classic". */
  readonly mode: GameMode | "classic";
  readonly seed: number;
  /** Game time now (ms). */
  now(): number;
  tick(ms: number): void;
  act(ms: number, action: Action): boolean;
  picture(ghost: boolean): TetrisPicture;
  next(): PieceId[];
  hold(): PieceId | null;
  canHold(): boolean;
  score(): number;
  lines(): number;
  level(): number;
  over(): boolean;
  /** The AI's actions for the current piece, ending in a hard drop. */
  plan(ai: TetrisAi): Action[] | null;
  /** The last clear (guideline), and the rows it removed, top row 0 as drawn. */
  lastClear(): ClearEvent | null;
  lastClearedRows(): number[];
  /** The results screen (guideline modes). */
  results(): PlayResults | null;
  replay(): ReplayFile | null;
}

export class GuidelineSession implements TetrisSession {
  readonly engine = "guideline";
  readonly play: GuidelinePlay;
  readonly seed: number;
  readonly mode: GameMode;

  constructor(seed: number, mode: GameMode = "marathon", play?: GuidelinePlay) {
    this.play = play ?? new GuidelinePlay({ seed, visibleRows: 20, nextCount: 5, gameMode: mode });
    this.seed = this.game.options.seed;
    this.mode = this.game.options.gameMode;
  }

  get game(): GuidelineGame {
    return this.play.game;
  }

  now(): number {
    return this.game.now;
  }

  tick(ms: number): void {
    this.play.tick(ms);
  }

  act(ms: number, action: Action): boolean {
    return this.play.act(ms, action);
  }

  press(action: Action): void {
    this.play.press(action);
  }

  gravityMs(): number {
    return this.game.gravityMs();
  }

  pieces(): number {
    return this.game.getPieces();
  }

  lastClear(): ClearEvent | null {
    return this.game.getLastClear();
  }

  lastClearedRows(): number[] {
    return this.game.getLastClearedRows().map((y) => ROWS - 1 - y);
  }

  results(): PlayResults {
    return this.play.results();
  }

  replay(): ReplayFile {
    return this.play.replay();
  }

  picture(ghost: boolean): TetrisPicture {
    const cells = new Uint8Array(ROWS * COLUMNS);
    const rows = this.game.fieldRows();
    for (let y = 0; y < ROWS; y++) {
      const row = rows[y];
      for (let x = 0; x < FIELD_WIDTH; x++) cells[(ROWS - 1 - y) * COLUMNS + x] = row[x];
    }
    const index = ([x, y]: readonly [number, number]) => (ROWS - 1 - y) * COLUMNS + x;
    const inView = ([, y]: readonly [number, number]) => y < ROWS;
    return {
      cells,
      piece: this.game.pieceCells().filter(inView).map(index),
      ghost: ghost ? this.game.ghostCells().filter(inView).map(index) : [],
      pieceId: this.game.getPiece()?.id ?? 0,
    };
  }

  next(): PieceId[] {
    return this.game.getNext();
  }
  hold(): PieceId | null {
    return this.game.getHold();
  }
  canHold(): boolean {
    return this.game.canHold();
  }
  score(): number {
    return this.game.getScore();
  }
  lines(): number {
    return this.game.getLines();
  }
  level(): number {
    return this.game.getLevel();
  }
  over(): boolean {
    return this.game.getGameOver() !== null;
  }

  plan(ai: TetrisAi): Action[] | null {
    const plan = ai.planGuideline(this.game);
    return plan ? guidelineActions(plan) : null;
  }
}

/**
 * The model's game driven as its Java Main drives it, with gravity: a `down` that fails locks the piece. Every
 * model operation goes through a recorder, so the game is its replay. `watching` wraps a replay's game instead
 * (drawn, never played).
 */
export class ClassicSession implements TetrisSession {
  readonly engine = "classic";
  readonly mode = "classic";
  readonly game: ClassicTetris;
  readonly seed: number;
  private readonly recorder: ClassicRecorder | null;
  private nextFallAt: number;
  private time = 0;
  private locks = 0;

  constructor(seed: number, watched?: ClassicTetris) {
    this.recorder = watched ? null : new ClassicRecorder(seed);
    this.game = watched ?? this.recorder!.game;
    this.seed = this.game.getSeed();
    if (this.recorder) this.recorder.call(0, "newRandomTetramino");
    this.nextFallAt = this.gravityMs();
  }

  static watching(game: ClassicTetris): ClassicSession {
    return new ClassicSession(game.getSeed(), game);
  }

  /** A model operation, recorded at game time `ms`. */
  private call(ms: number, operation: Parameters<ClassicRecorder["call"]>[1]): boolean {
    return this.recorder ? this.recorder.call(ms, operation) !== false : false;
  }

  gravityMs(): number {
    return secondsPerRow(this.game.getLevel()) * 1000;
  }

  now(): number {
    return this.time;
  }

  press(): void {}

  pieces(): number {
    return this.locks;
  }

  lastClear(): ClearEvent | null {
    return null;
  }

  lastClearedRows(): number[] {
    return [];
  }

  results(): null {
    return null;
  }

  replay(): ReplayFile | null {
    return this.recorder?.replay() ?? null;
  }

  private lock(ms: number): void {
    this.locks++;
    this.call(ms, "checkLines");
    this.call(ms, "newRandomTetramino");
    this.nextFallAt = ms + this.gravityMs();
  }

  tick(ms: number): void {
    if (!this.recorder) return;
    this.time = Math.max(this.time, ms);
    while (!this.over() && this.nextFallAt <= ms) {
      const at = this.nextFallAt;
      this.nextFallAt += this.gravityMs();
      if (!this.call(at, "down")) this.lock(at);
    }
  }

  act(ms: number, action: Action): boolean {
    if (this.over() || !this.recorder) return false;
    this.time = Math.max(this.time, ms);
    switch (action) {
      case "left":
        return this.call(ms, "left");
      case "right":
        return this.call(ms, "right");
      case "rotateCW":
        return this.call(ms, "rotate");
      case "softDrop":
        if (this.call(ms, "down")) {
          this.nextFallAt = ms + this.gravityMs();
          return true;
        }
        this.lock(ms);
        return true;
      case "hardDrop":
        this.call(ms, "drop");
        this.lock(ms);
        return true;
      default:
        return false; // the model has no counter-rotation and no hold
    }
  }

  picture(ghost: boolean): TetrisPicture {
    const rows = this.game.getBoard().rows();
    const cells = new Uint8Array(ROWS * COLUMNS);
    for (let r = 0; r < Math.min(ROWS, MAX_ROW); r++) {
      for (let c = 0; c < COLUMNS; c++) cells[r * COLUMNS + c] = rows[r][c];
    }
    const t = this.game.getTetramino();
    const piece = t?.active ? t.minoes.map(([r, c]) => (r - 1) * COLUMNS + (c - 1)) : [];
    let ghostCells: number[] = [];
    if (ghost && t?.active) {
      const copy = this.game.clone();
      copy.drop();
      const landed = copy.getTetramino();
      if (landed) ghostCells = landed.minoes.map(([r, c]) => (r - 1) * COLUMNS + (c - 1));
    }
    return { cells, piece, ghost: ghostCells, pieceId: t?.id ?? 0 };
  }

  next(): PieceId[] {
    return [this.game.previewRandomTetramino()];
  }
  hold(): PieceId | null {
    return null;
  }
  canHold(): boolean {
    return false;
  }
  score(): number {
    return this.game.getScore();
  }
  lines(): number {
    return this.game.getLines();
  }
  level(): number {
    return this.game.getLevel();
  }
  over(): boolean {
    return this.game.getGameOver();
  }

  plan(ai: TetrisAi): Action[] | null {
    const plan = ai.planClassic(this.game);
    if (!plan) return null;
    const moves: Action[] = [...plan.moves];
    while (moves.length > 0 && moves[moves.length - 1] === "softDrop") moves.pop();
    return [...moves, "hardDrop"];
  }
}

export function newSession(
  engine: "guideline" | "classic",
  seed: number,
  mode: GameMode = "marathon",
): TetrisSession {
  return engine === "classic" ? new ClassicSession(seed) : new GuidelineSession(seed, mode);
}
