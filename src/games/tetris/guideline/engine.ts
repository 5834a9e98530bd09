/**
 * The guideline game: 10 x 40 field (20 or 22 rows shown), SRS with wall kicks, 7-bag (or uniform) pieces, hold,
 * a next queue, ghost, lock delay with move reset, gravity by level, and guideline scoring.
 *
 * The engine has no timers: the caller says what time it is (game milliseconds, paused time excluded) with
 * `advance(ms)` and `input(ms, action)`. Given the seed, the options and the list of timed inputs, a game is
 * reproduced exactly, which is what a replay file stores.
 */

import { drawSeed, normaliseSeed, type Seed } from "../random.ts";
import { makeRandomizer, type Randomizer, type RandomizerKind } from "./bag.ts";
import { type GameMode, isGameMode, MAX_LEVEL, MODE_RULES, type ModeRules } from "./modes.ts";
import {
  attackOf,
  type ClearEvent,
  HARD_DROP_POINTS_PER_CELL,
  type ScoreState,
  SOFT_DROP_POINTS_PER_CELL,
  scoreLock,
  secondsPerRow,
  type TSpin,
} from "./scoring.ts";
import { type Cell, kicks, type PieceId, type Rotation, rotateBy, SHAPES, spawnOrigin, T } from "./srs.ts";

export const FIELD_WIDTH = 10;
export const FIELD_HEIGHT = 40;
export const LOCK_DELAY_MS = 500;
export const MAX_LOCK_RESETS = 15;

export type Action =
  | "left"
  | "right"
  | "rotateCW"
  | "rotateCCW"
  | "rotate180"
  | "softDrop"
  | "hardDrop"
  | "hold";
export const ACTIONS: readonly Action[] = [
  "left",
  "right",
  "rotateCW",
  "rotateCCW",
  "rotate180",
  "softDrop",
  "hardDrop",
  "hold",
];

/** Topped out (block out, lock out), or the mode's end reached: its lines cleared ("goal") or its time up. */
export type GameOverReason = "block out" | "lock out" | "goal" | "time up";

/** What the game cleared, counted by kind, and the attack it would have sent (the versus table, `attackOf`). */
export interface ClearCounts {
  /** Clears without a T-spin, by lines: [unused, singles, doubles, triples, tetrises]. */
  clears: [number, number, number, number, number];
  /** Full T-spins by lines cleared, 0-3. */
  tSpins: [number, number, number, number];
  /** Mini T-spins by lines cleared, 0-2. */
  miniTSpins: [number, number, number];
  perfectClears: number;
  /** The longest combo (consecutive clearing locks minus one) and run of back-to-back bonuses. */
  maxCombo: number;
  maxBackToBack: number;
  attack: number;
  /** Zen only: times the stack reached the top and the field was emptied. */
  topOuts: number;
}

export interface LockInfo {
  id: PieceId;
  rotation: Rotation;
  x: number;
  y: number;
  /** The piece moved down by soft drop at some point (finesse is not judged then). */
  softDropped: boolean;
}

export interface GuidelineOptions {
  seed?: Seed;
  randomizer?: RandomizerKind;
  /** Level at the start, 1-20. Default 1. */
  startLevel?: number;
  /** Rows shown: 20 (the guideline) or 22 (as the classic model). Lock out is judged against this. Default 20. */
  visibleRows?: 20 | 22;
  /** Pieces shown in the next queue, 1-6. Default 5. */
  nextCount?: number;
  /** What ends the game and whether levels rise (see modes.ts). Default "endless". */
  gameMode?: GameMode;
}

/** The options a game was actually made with (a seed drawn when none was given), as a replay file keeps them. */
export interface ResolvedOptions {
  seed: number;
  randomizer: RandomizerKind;
  startLevel: number;
  visibleRows: 20 | 22;
  nextCount: number;
  gameMode: GameMode;
}

export interface ActivePiece {
  id: PieceId;
  rotation: Rotation;
  /** Origin of the piece's box: its bottom-left corner. */
  x: number;
  y: number;
}

export class InvalidOptionError extends Error {
  readonly code = "TETRIS_INVALID_OPTION";
  constructor(message: string) {
    super(message);
    this.name = "InvalidOptionError";
  }
}

export class TimeTravelError extends Error {
  readonly code = "TETRIS_TIME_GOES_BACK";
  constructor(now: number, asked: number) {
    super(`game time must not go back: it is ${now} ms, asked for ${asked} ms`);
    this.name = "TimeTravelError";
  }
}

export function resolveOptions(options: GuidelineOptions = {}): ResolvedOptions {
  const startLevel = options.startLevel ?? 1;
  if (!Number.isInteger(startLevel) || startLevel < 1 || startLevel > 20) {
    throw new InvalidOptionError(`start level ${startLevel} is not a whole number from 1 to 20`);
  }
  const nextCount = options.nextCount ?? 5;
  if (!Number.isInteger(nextCount) || nextCount < 1 || nextCount > 6) {
    throw new InvalidOptionError(`next queue length ${nextCount} is not a whole number from 1 to 6`);
  }
  const visibleRows = options.visibleRows ?? 20;
  if (visibleRows !== 20 && visibleRows !== 22) throw new InvalidOptionError("visible rows must be 20 or 22");
  const randomizer = options.randomizer ?? "bag";
  if (randomizer !== "bag" && randomizer !== "uniform") {
    throw new InvalidOptionError(`randomizer "${String(randomizer)}" is neither "bag" nor "uniform"`);
  }
  const gameMode = options.gameMode ?? "endless";
  if (!isGameMode(gameMode)) throw new InvalidOptionError(`game mode "${String(gameMode)}" is not known`);
  const seed = options.seed === undefined ? drawSeed() : normaliseSeed(options.seed);
  return { seed, randomizer, startLevel, visibleRows, nextCount, gameMode };
}

export class GuidelineGame {
  readonly options: ResolvedOptions;
  /** field[y * 10 + x]: 0 empty, else the id of the piece that locked there. */
  private readonly field = new Uint8Array(FIELD_WIDTH * FIELD_HEIGHT);
  private readonly randomizer: Randomizer;
  private readonly queue: PieceId[] = [];
  private piece: ActivePiece | null = null;
  private holdPiece: PieceId | null = null;
  private holdUsed = false;
  private time = 0;
  private score = 0;
  private lines = 0;
  private pieces = 0;
  private over: GameOverReason | null = null;
  private readonly scoreState: ScoreState = { combo: -1, backToBack: false };
  private lastClearEvent: ClearEvent | null = null;
  // Gravity and lock delay.
  private nextFallAt = 0;
  private lockStartedAt: number | null = null;
  private touchedDown = false;
  private resets = 0;
  private lowestY = 0;
  // For T-spins: the last successful action was a rotation, and which kick test it used (0-4).
  private lastWasRotation = false;
  private lastKickIndex = 0;
  private readonly log: Array<[number, Action]> = [];
  private readonly rules: ModeRules;
  private readonly counts: ClearCounts = {
    clears: [0, 0, 0, 0, 0],
    tSpins: [0, 0, 0, 0],
    miniTSpins: [0, 0, 0],
    perfectClears: 0,
    maxCombo: 0,
    maxBackToBack: 0,
    attack: 0,
    topOuts: 0,
  };
  private backToBackRun = 0;
  private softDropped = false;
  private lastLock: LockInfo | null = null;
  private clearedRows: number[] = [];

  constructor(options: GuidelineOptions = {}) {
    this.options = resolveOptions(options);
    this.rules = MODE_RULES[this.options.gameMode];
    this.randomizer = makeRandomizer(this.options.randomizer, this.options.seed);
    this.spawn(this.takeNext());
  }

  // ---- reading the game ----

  get now(): number {
    return this.time;
  }

  getScore(): number {
    return this.score;
  }

  getLines(): number {
    return this.lines;
  }

  /** Level: the start level plus one for every 10 lines, at most 20; in modes without level-ups, the start level. */
  getLevel(): number {
    if (!this.rules.levelUp) return this.options.startLevel;
    return Math.min(MAX_LEVEL, this.options.startLevel + Math.floor(this.lines / 10));
  }

  /** The game reached its mode's end (lines or time) rather than topping out. */
  isComplete(): boolean {
    return this.over === "goal" || this.over === "time up";
  }

  /** Clears by kind, attack, and zen's top-outs so far. */
  getCounts(): ClearCounts {
    return structuredClone(this.counts);
  }

  /** The rows (y from the floor, as they were before the clear) the last clearing lock removed. */
  getLastClearedRows(): number[] {
    return [...this.clearedRows];
  }

  /** Where the last piece locked, and whether it was soft dropped; null before the first lock. */
  getLastLock(): LockInfo | null {
    return this.lastLock ? { ...this.lastLock } : null;
  }

  /** Pieces locked so far. */
  getPieces(): number {
    return this.pieces;
  }

  getGameOver(): GameOverReason | null {
    return this.over;
  }

  getPiece(): ActivePiece | null {
    return this.piece ? { ...this.piece } : null;
  }

  getHold(): PieceId | null {
    return this.holdPiece;
  }

  canHold(): boolean {
    return !this.holdUsed && this.piece !== null;
  }

  /** The next pieces, first to come first. */
  getNext(): PieceId[] {
    return this.queue.slice(0, this.options.nextCount);
  }

  getLastClear(): ClearEvent | null {
    return this.lastClearEvent;
  }

  getCombo(): number {
    return this.scoreState.combo;
  }

  getBackToBack(): boolean {
    return this.scoreState.backToBack;
  }

  /** The timed inputs applied so far, for a replay file. */
  getInputs(): Array<[number, Action]> {
    return this.log.map(([t, a]) => [t, a]);
  }

  /** 0 or the id locked at (x, y); outside the field counts as a wall (-1). */
  cellAt(x: number, y: number): number {
    if (x < 0 || x >= FIELD_WIDTH || y < 0 || y >= FIELD_HEIGHT) return -1;
    return this.field[y * FIELD_WIDTH + x]!;
  }

  /** Rows from the floor up: row y is an array of ten ids. */
  fieldRows(): number[][] {
    const rows: number[][] = [];
    for (let y = 0; y < FIELD_HEIGHT; y++) rows.push(Array.from(this.field.subarray(y * 10, y * 10 + 10)));
    return rows;
  }

  /** The current piece's cells on the field. */
  pieceCells(): Cell[] {
    return this.piece ? cellsOf(this.piece) : [];
  }

  /** Where the current piece would land: the ghost. */
  ghostCells(): Cell[] {
    if (!this.piece) return [];
    const ghost = { ...this.piece };
    while (this.fits(ghost.id, ghost.rotation, ghost.x, ghost.y - 1)) ghost.y--;
    return cellsOf(ghost);
  }

  /** Milliseconds a piece takes to fall one row at the current level. */
  gravityMs(): number {
    return secondsPerRow(this.getLevel()) * 1000;
  }

  /** For tests and the AI: whether piece `id` in `rotation` fits with its origin at (x, y). */
  fits(id: PieceId, rotation: Rotation, x: number, y: number): boolean {
    for (const [dx, dy] of SHAPES[id][rotation]!) {
      const cx = x + dx;
      const cy = y + dy;
      if (cx < 0 || cx >= FIELD_WIDTH || cy < 0 || cy >= FIELD_HEIGHT) return false;
      if (this.field[cy * FIELD_WIDTH + cx] !== 0) return false;
    }
    return true;
  }

  /** Puts cells on the field directly, for setting up positions in tests and puzzles. */
  setCell(x: number, y: number, id: number): void {
    if (x < 0 || x >= FIELD_WIDTH || y < 0 || y >= FIELD_HEIGHT) throw new RangeError(`no cell (${x}, ${y})`);
    this.field[y * FIELD_WIDTH + x] = id;
  }

  /** Replaces the current piece (for tests and puzzles); it spawns as a new piece would. */
  setPiece(id: PieceId): void {
    this.spawn(id);
  }

  /** Puts the current piece at a given place (for tests and puzzles); false, and no change, if it does not fit. */
  setPieceAt(id: PieceId, rotation: Rotation, x: number, y: number): boolean {
    if (this.over || !this.fits(id, rotation, x, y)) return false;
    this.piece = { id, rotation, x, y };
    this.resetPieceState();
    return true;
  }

  // ---- time and inputs ----

  /** Runs gravity and lock delay up to game time `ms`. */
  advance(ms: number): void {
    if (ms < this.time) throw new TimeTravelError(this.time, ms);
    if (this.over) return;
    const limit = this.rules.timeMs;
    const until = limit === undefined ? ms : Math.min(ms, limit);
    while (this.piece && !this.over) {
      if (this.onGround()) {
        if (this.lockStartedAt === null) this.lockStartedAt = this.time;
        const lockAt = this.lockStartedAt + LOCK_DELAY_MS;
        if (lockAt > until) break;
        this.time = lockAt;
        this.lock();
      } else {
        if (this.nextFallAt > until) break;
        this.time = Math.max(this.time, this.nextFallAt);
        this.nextFallAt += this.gravityMs();
        this.piece.y--;
        this.afterFall();
      }
    }
    if (this.over) return;
    this.time = until;
    if (limit !== undefined && ms >= limit) {
      this.over = "time up";
      this.piece = null;
    }
  }

  /** Advances to `ms`, then applies the action; returns whether it did something. Every input is logged. */
  input(ms: number, action: Action): boolean {
    this.advance(ms);
    if (this.over) return false;
    this.log.push([ms, action]);
    return this.act(action);
  }

  /** Applies an action at the current time. */
  act(action: Action): boolean {
    if (!this.piece || this.over) return false;
    switch (action) {
      case "left":
        return this.shift(-1);
      case "right":
        return this.shift(1);
      case "rotateCW":
        return this.rotate(1);
      case "rotateCCW":
        return this.rotate(-1);
      case "rotate180":
        return this.rotate(2);
      case "softDrop":
        return this.softDrop();
      case "hardDrop":
        return this.hardDrop();
      case "hold":
        return this.hold();
    }
  }

  // ---- actions ----

  private shift(dx: number): boolean {
    const p = this.piece!;
    if (!this.fits(p.id, p.rotation, p.x + dx, p.y)) return false;
    p.x += dx;
    this.lastWasRotation = false;
    this.afterMoveOrRotate();
    return true;
  }

  private rotate(turns: number): boolean {
    const p = this.piece!;
    const to = rotateBy(p.rotation, turns);
    const tests = kicks(p.id, p.rotation, to);
    for (let i = 0; i < tests.length; i++) {
      const [dx, dy] = tests[i]!;
      if (this.fits(p.id, to, p.x + dx, p.y + dy)) {
        p.rotation = to;
        p.x += dx;
        p.y += dy;
        this.lastWasRotation = true;
        this.lastKickIndex = turns === 2 ? 0 : i;
        if (p.y < this.lowestY) {
          this.lowestY = p.y;
          this.resets = 0;
        }
        this.afterMoveOrRotate();
        return true;
      }
    }
    return false;
  }

  private softDrop(): boolean {
    const p = this.piece!;
    if (!this.fits(p.id, p.rotation, p.x, p.y - 1)) return false;
    p.y--;
    this.softDropped = true;
    this.score += SOFT_DROP_POINTS_PER_CELL;
    this.afterFall();
    this.nextFallAt = this.time + this.gravityMs();
    return true;
  }

  private hardDrop(): boolean {
    const p = this.piece!;
    let distance = 0;
    while (this.fits(p.id, p.rotation, p.x, p.y - 1)) {
      p.y--;
      distance++;
    }
    if (distance > 0) this.lastWasRotation = false;
    this.score += HARD_DROP_POINTS_PER_CELL * distance;
    this.lock();
    return true;
  }

  private hold(): boolean {
    if (this.holdUsed) return false;
    const current = this.piece!.id;
    const next = this.holdPiece ?? this.takeNext();
    this.holdPiece = current;
    this.spawn(next);
    this.holdUsed = true;
    return true;
  }

  // ---- gravity and lock delay ----

  private onGround(): boolean {
    const p = this.piece!;
    return !this.fits(p.id, p.rotation, p.x, p.y - 1);
  }

  /** After the piece moved down one row (gravity or soft drop). */
  private afterFall(): void {
    const p = this.piece!;
    this.lastWasRotation = false;
    if (p.y < this.lowestY) {
      this.lowestY = p.y;
      this.resets = 0;
    }
    if (this.onGround()) {
      this.lockStartedAt = this.time;
      this.touchedDown = true;
      if (this.resets >= MAX_LOCK_RESETS) this.lock();
    }
  }

  /** After a successful shift or rotation: the move reset of the lock delay, at most 15 times a piece. */
  private afterMoveOrRotate(): void {
    const grounded = this.onGround();
    if (this.touchedDown) {
      if (this.resets >= MAX_LOCK_RESETS && grounded) {
        this.lock();
        return;
      }
      this.resets = Math.min(MAX_LOCK_RESETS, this.resets + 1);
    }
    if (grounded) {
      this.lockStartedAt = this.time;
      this.touchedDown = true;
    } else if (this.lockStartedAt !== null) {
      // Moved off a ledge: gravity takes over again from now.
      this.lockStartedAt = null;
      this.nextFallAt = this.time + this.gravityMs();
    }
  }

  // ---- locking and spawning ----

  private lock(): void {
    const p = this.piece!;
    const cells = cellsOf(p);
    const tSpin = this.detectTSpin(p);
    for (const [x, y] of cells) this.field[y * FIELD_WIDTH + x] = p.id;
    this.lastLock = { ...p, softDropped: this.softDropped };
    this.piece = null;
    this.pieces++;
    this.holdUsed = false;
    if (cells.every(([, y]) => y >= this.options.visibleRows)) {
      if (this.rules.topOut) {
        this.over = "lock out";
        return;
      }
      this.emptyField();
      this.spawn(this.takeNext());
      return;
    }
    const level = this.getLevel();
    const cleared = this.clearRows();
    const perfectClear = cleared > 0 && this.field.every((v) => v === 0);
    const event = scoreLock(this.scoreState, cleared, tSpin, level, perfectClear);
    this.score += event.points;
    this.lines += cleared;
    if (cleared > 0 || tSpin !== "none") this.lastClearEvent = event;
    this.count(event);
    if (this.rules.lines !== undefined && this.lines >= this.rules.lines) {
      this.over = "goal";
      return;
    }
    this.spawn(this.takeNext());
  }

  private count(event: ClearEvent): void {
    const c = this.counts;
    if (event.tSpin === "full") c.tSpins[event.lines]! += 1;
    else if (event.tSpin === "mini") c.miniTSpins[event.lines]! += 1;
    else if (event.lines > 0) c.clears[event.lines]! += 1;
    if (event.lines === 0) return;
    if (event.perfectClear) c.perfectClears++;
    c.maxCombo = Math.max(c.maxCombo, event.combo);
    this.backToBackRun = event.backToBack ? this.backToBackRun + 1 : 0;
    c.maxBackToBack = Math.max(c.maxBackToBack, this.backToBackRun);
    c.attack += attackOf(event);
  }

  /** Zen's top-out: the field is emptied and play goes on. */
  private emptyField(): void {
    this.field.fill(0);
    this.counts.topOuts++;
  }

  /** The three-corner rule, with mini T-spins, upgraded to full by the last kick test. */
  private detectTSpin(p: ActivePiece): TSpin {
    if (p.id !== T || !this.lastWasRotation) return "none";
    const corners: Cell[] = [
      [0, 2],
      [2, 2],
      [2, 0],
      [0, 0],
    ]; // clockwise from top-left
    const filled = corners.map(([dx, dy]) => this.cellAt(p.x + dx, p.y + dy) !== 0);
    if (filled.filter(Boolean).length < 3) return "none";
    // The two corners on the side the T points to: up (0), right (1), down (2), left (3).
    const front = [
      [0, 1],
      [1, 2],
      [2, 3],
      [3, 0],
    ][p.rotation]!;
    if (filled[front[0]!] && filled[front[1]!]) return "full";
    return this.lastKickIndex === 4 ? "full" : "mini";
  }

  private clearRows(): number {
    let cleared = 0;
    let write = 0;
    this.clearedRows = [];
    for (let y = 0; y < FIELD_HEIGHT; y++) {
      const row = this.field.subarray(y * FIELD_WIDTH, (y + 1) * FIELD_WIDTH);
      if (row.every((v) => v !== 0)) {
        cleared++;
        this.clearedRows.push(y);
        continue;
      }
      if (write !== y) this.field.copyWithin(write * FIELD_WIDTH, y * FIELD_WIDTH, (y + 1) * FIELD_WIDTH);
      write++;
    }
    this.field.fill(0, write * FIELD_WIDTH);
    return cleared;
  }

  private takeNext(): PieceId {
    while (this.queue.length < 7) this.queue.push(this.randomizer.next());
    return this.queue.shift()!;
  }

  /** A new piece at its spawn position; it drops one row at once if it can. Overlapping there is block out. */
  private spawn(id: PieceId): void {
    const [x, y] = spawnOrigin(id);
    while (this.queue.length < 7) this.queue.push(this.randomizer.next());
    if (!this.fits(id, 0, x, y)) {
      if (this.rules.topOut) {
        this.piece = null;
        this.over = "block out";
        return;
      }
      this.emptyField();
    }
    this.piece = { id, rotation: 0, x, y };
    if (this.fits(id, 0, x, y - 1)) this.piece.y--;
    this.resetPieceState();
  }

  private resetPieceState(): void {
    this.lowestY = this.piece!.y;
    this.resets = 0;
    this.touchedDown = false;
    this.lockStartedAt = null;
    this.lastWasRotation = false;
    this.lastKickIndex = 0;
    this.softDropped = false;
    this.nextFallAt = this.time + this.gravityMs();
    if (this.onGround()) {
      this.lockStartedAt = this.time;
      this.touchedDown = true;
    }
  }
}

export function cellsOf(p: ActivePiece): Cell[] {
  return SHAPES[p.id][p.rotation]!.map(([dx, dy]) => [p.x + dx, p.y + dy] as const);
}
