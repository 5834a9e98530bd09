/**
 * A placement AI for both Tetris engines. For the current piece it searches every placement the piece can reach
 * with the engine's own moves (breadth-first over shifts, soft drops and rotations, with SRS kicks in guideline
 * mode and the model's kick-less rotation in classic mode), scores each resulting board with a weighted feature
 * function (Dellacherie's features: landing height, eroded cells, row and column transitions, holes, wells),
 * and looks one piece ahead with the next queue: the best few placements are re-scored by the best placement of
 * the next piece on the board they leave. In guideline mode it also weighs holding. That is the "survive"
 * objective; the guideline game also has "attack" (`planAttack`: a beam search over the queue for the lines its
 * clears send, T-spins judged by the engine, see ai-attack.ts), and `AiPilot` plays either against a live game
 * whose gravity runs (the demos).
 *
 * The plan it returns is a list of the engine's own actions; playing it through the engine is how it plays, so
 * nothing is placed that the rules would not allow.
 */

import {
  ATTACK_WEIGHTS,
  type AttackWeights,
  attackBoardValue,
  attackFeatures,
  clearKind,
  DOWNSTACK_WEIGHTS,
  stackHeight,
} from "./ai-attack.ts";
import {
  ClassicTetris,
  MAX_ROW,
  minoesFrom,
  ROTATED_MINO_STEPS,
  SPAWN_POSITIONS,
  type TetraminoId,
} from "./classic.ts";
import type { RandomizerKind } from "./guideline/bag.ts";
import { type Action, type ActivePiece, GuidelineGame } from "./guideline/engine.ts";
import { attackOf, type ClearEvent, type ScoreState, scoreLock, type TSpin } from "./guideline/scoring.ts";
import { kicks, type PieceId, type Rotation, SHAPES, spawnOrigin, T } from "./guideline/srs.ts";

const WIDTH = 10;
const FULL_ROW = (1 << WIDTH) - 1;

export interface Weights {
  landingHeight: number;
  erodedCells: number;
  rowTransitions: number;
  columnTransitions: number;
  holes: number;
  wells: number;
}

/** Pierre Dellacherie's hand-tuned weights, as published for his one-piece player. */
export const DEFAULT_WEIGHTS: Weights = {
  landingHeight: -1,
  erodedCells: 1,
  rowTransitions: -1,
  columnTransitions: -1,
  holes: -4,
  wells: -1,
};

/** A move in the AI's search, named after the guideline actions (classic maps them onto the model's). */
export type AiMove = "left" | "right" | "softDrop" | "rotateCW" | "rotateCCW";

/** How one engine's pieces move, in the AI's coordinates: x from the left, y up from the floor (row 0). */
interface Rules {
  /** Rows kept in the bitboard. */
  height: number;
  /** OFFSETS[id][rot]: dx0, dy0, ..., dx3, dy3 relative to the piece's origin. */
  offsets: Int8Array[][];
  rotationMoves: AiMove[];
  /** Rotation tests for (id, from, direction): list of [dx, dy] tried in order. */
  rotationTests(
    id: number,
    from: number,
    move: AiMove,
  ): { to: number; tests: readonly (readonly [number, number])[] };
  /** Where a new piece appears (origin and rotation) on this board, or null when it cannot. */
  spawn(board: Int32Array, id: number): [number, number, number] | null;
  /** A piece locked entirely at or above this row ends the game (guideline lock out); Infinity when none. */
  lockOutRow: number;
}

function guidelineRules(visibleRows: number): Rules {
  const offsets: Int8Array[][] = [[]];
  for (let id = 1; id <= 7; id++) {
    offsets.push(SHAPES[id as PieceId].map((cells) => Int8Array.from(cells.flat())));
  }
  const rules: Rules = {
    height: 40,
    offsets,
    rotationMoves: ["rotateCW", "rotateCCW"],
    rotationTests(id, from, move) {
      const to = (from + (move === "rotateCW" ? 1 : 3)) % 4;
      return { to, tests: kicks(id as PieceId, from as Rotation, to as Rotation) };
    },
    spawn(board, id) {
      const [x, y] = spawnOrigin(id as PieceId);
      if (!fits(board, rules.height, offsets[id]![0]!, x, y)) return null;
      return fits(board, rules.height, offsets[id]![0]!, x, y - 1) ? [x, y - 1, 0] : [x, y, 0];
    },
    lockOutRow: visibleRows,
  };
  return rules;
}

function classicRules(): Rules {
  // The model's first mino is the origin; model rows go down, the AI's y goes up: y = 22 - row.
  const offsets: Int8Array[][] = [[]];
  const rotationDeltas: (readonly [number, number])[][] = [[]];
  for (let id = 1 as TetraminoId; id <= 7; id++) {
    const perRotation: Int8Array[] = [];
    for (let o = 0; o < 4; o++) {
      perRotation.push(Int8Array.from(minoesFrom(id, o, [0, 0]).flatMap(([r, c]) => [c, -r])));
    }
    offsets.push(perRotation);
    rotationDeltas.push(ROTATED_MINO_STEPS[id]!.map(([dr, dc]) => [dc, -dr] as const));
  }
  const rules: Rules = {
    height: MAX_ROW,
    offsets,
    rotationMoves: ["rotateCW"],
    rotationTests(id, from) {
      return { to: (from + 1) % 4, tests: [rotationDeltas[id]![from]!] };
    },
    spawn(board, id) {
      const [row, column] = SPAWN_POSITIONS[id]!;
      const x = column - 1;
      const y = MAX_ROW - row;
      return fits(board, rules.height, offsets[id]![0]!, x, y) ? [x, y, 0] : null;
    },
    lockOutRow: Number.POSITIVE_INFINITY,
  };
  return rules;
}

function fits(board: Int32Array, height: number, cells: Int8Array, x: number, y: number): boolean {
  for (let i = 0; i < 8; i += 2) {
    const cx = x + cells[i]!;
    const cy = y + cells[i + 1]!;
    if (cx < 0 || cx >= WIDTH || cy < 0 || cy >= height) return false;
    if ((board[cy]! >> cx) & 1) return false;
  }
  return true;
}

function popcount(v: number): number {
  v -= (v >>> 1) & 0x55555555;
  v = (v & 0x33333333) + ((v >>> 2) & 0x33333333);
  return (((v + (v >>> 4)) & 0x0f0f0f0f) * 0x01010101) >>> 24;
}

// The search space: x from -3 to 12, y from -3 to height + 4, four rotations.
const X_OFFSET = 3;
const X_SPAN = 16;
const Y_OFFSET = 3;
const Y_SPAN = 48;
const STATES = X_SPAN * Y_SPAN * 4;
const MOVE_NAMES: AiMove[] = ["left", "right", "softDrop", "rotateCW", "rotateCCW"];

export interface Placement {
  id: number;
  x: number;
  y: number;
  rot: number;
  /** Search state, to rebuild the path. */
  key: number;
  /** Attack search, T only: the T-spin the engine gives when the piece turns into this place last. */
  tSpin?: TSpin;
  /** The state the last turn starts from, and that turn (for a T-spin, the path ends with it). */
  via?: number;
  viaMove?: AiMove;
}

/** A turn into a resting place from a state the last search reached: where from, which way, which kick test. */
interface TurnInto {
  key: number;
  x: number;
  y: number;
  rot: number;
  move: AiMove;
  kick: number;
}

/**
 * Breadth-first search over one piece's reachable states; reusable buffers, one search at a time.
 *
 * Above the stack every row is empty, so there every (rotation, column) the piece can turn and shift to at its
 * starting height is reachable, and dropping it straight down to just above the stack loses nothing: the search
 * starts from all those states at once (their moves are rebuilt by `path`) and only explores the rows where
 * the stack can get in the way.
 */
class Search {
  private readonly stamp = new Int32Array(STATES);
  private generation = 0;
  private readonly parent = new Int32Array(STATES);
  private readonly parentMove = new Int8Array(STATES);
  private readonly queue = new Int32Array(STATES);
  private readonly qx = new Int8Array(STATES);
  private readonly qy = new Int8Array(STATES);
  private readonly qr = new Int8Array(STATES);
  /** Flat kick tests: for id, from, move (0 CW, 1 CCW): [to, count, dx, dy, dx, dy, ...]. */
  private readonly kickTable: Int8Array[][][] = [];
  /** For each rotation, the origin after turning at the start height (null when a turn failed there). */
  private readonly turned: Array<[number, number, AiMove[]] | null> = [null, null, null, null];

  constructor(
    private readonly rules: Rules,
    /** False: search from the start state only (slower; the tests compare both). */
    private readonly seedAboveStack = true,
  ) {
    for (let id = 0; id <= 7; id++) {
      const perRot: Int8Array[][] = [];
      for (let rot = 0; rot < 4; rot++) {
        const perMove: Int8Array[] = [];
        if (id > 0) {
          for (const move of rules.rotationMoves) {
            const { to, tests } = rules.rotationTests(id, rot, move);
            perMove.push(Int8Array.from([to, tests.length, ...tests.flat()]));
          }
        }
        perRot.push(perMove);
      }
      this.kickTable.push(perRot);
    }
  }

  /**
   * Every resting placement reachable from `start`, one per distinct set of cells. With `fall` > 0 the piece
   * drops up to that many rows after every move (gravity between two inputs), and the search starts from `start`
   * alone.
   */
  placements(board: Int32Array, id: number, start: [number, number, number], fall = 0): Placement[] {
    const rules = this.rules;
    const height = rules.height;
    const offsets = rules.offsets[id]!;
    const kickTable = this.kickTable[id]!;
    const stamp = this.stamp;
    const parent = this.parent;
    const parentMove = this.parentMove;
    const queue = this.queue;
    const qx = this.qx;
    const qy = this.qy;
    const qr = this.qr;
    this.generation++;
    const gen = this.generation;
    const out: Placement[] = [];
    const seen = new Set<number>();
    let head = 0;
    let tail = 0;
    const push = (x: number, y0: number, rot: number, from: number, move: number) => {
      let y = y0;
      if (fall > 0) {
        const c = offsets[rot]!;
        for (let n = fall; n > 0 && fits(board, height, c, x, y - 1); n--) y--;
      }
      const k = (rot * Y_SPAN + (y + Y_OFFSET)) * X_SPAN + (x + X_OFFSET);
      if (stamp[k] === gen) return;
      stamp[k] = gen;
      parent[k] = from;
      parentMove[k] = move;
      queue[tail] = k;
      qx[tail] = x;
      qy[tail] = y;
      qr[tail] = rot;
      tail++;
    };
    this.seed(board, id, start, push, fall > 0);
    while (head < tail) {
      const key = queue[head]!;
      const x = qx[head]!;
      const y = qy[head]!;
      const rot = qr[head]!;
      head++;
      const cells = offsets[rot]!;
      if (fits(board, height, cells, x - 1, y)) push(x - 1, y, rot, key, 0);
      if (fits(board, height, cells, x + 1, y)) push(x + 1, y, rot, key, 1);
      if (fits(board, height, cells, x, y - 1)) push(x, y - 1, rot, key, 2);
      else {
        // Resting: a placement. Distinct cell sets only (S, Z, I and O repeat theirs in other rotations).
        let a = (y + cells[1]!) * WIDTH + x + cells[0]!;
        let b = (y + cells[3]!) * WIDTH + x + cells[2]!;
        let c = (y + cells[5]!) * WIDTH + x + cells[4]!;
        let d = (y + cells[7]!) * WIDTH + x + cells[6]!;
        // A sorting network for the four cell indexes.
        if (a > b) [a, b] = [b, a];
        if (c > d) [c, d] = [d, c];
        if (a > c) [a, c] = [c, a];
        if (b > d) [b, d] = [d, b];
        if (b > c) [b, c] = [c, b];
        const id4 = ((a * 512 + b) * 512 + c) * 512 + d;
        if (!seen.has(id4)) {
          seen.add(id4);
          out.push({ id, x, y, rot, key });
        }
      }
      const moves = kickTable[rot]!;
      for (let m = 0; m < moves.length; m++) {
        const t = moves[m]!;
        const to = t[0]!;
        const count = t[1]!;
        const toCells = offsets[to]!;
        for (let i = 0; i < count; i++) {
          const dx = t[2 + 2 * i]!;
          const dy = t[3 + 2 * i]!;
          if (fits(board, height, toCells, x + dx, y + dy)) {
            push(x + dx, y + dy, to, key, m === 0 ? 3 : 4);
            break;
          }
        }
      }
    }
    return out;
  }

  /** Seeds the search: the start alone, or, above the stack, every turn and shift dropped to the stack. */
  private seed(
    board: Int32Array,
    id: number,
    start: [number, number, number],
    push: (x: number, y: number, rot: number, from: number, move: number) => void,
    fromStartOnly: boolean,
  ): void {
    const rules = this.rules;
    const height = rules.height;
    const offsets = rules.offsets[id]!;
    let top = 0;
    for (let y = height - 1; y >= 0; y--) {
      if (board[y] !== 0) {
        top = y + 1;
        break;
      }
    }
    const [sx, sy, srot] = start;
    // Turn at the start height, by the shortest way round, without kicks (there is room up here).
    for (let r = 0; r < 4; r++) this.turned[r] = null;
    this.turned[srot] = [sx, sy, []];
    const tryTurns = (move: AiMove, m: number) => {
      let x = sx;
      let y = sy;
      let rot = srot;
      const path: AiMove[] = [];
      for (let i = 0; i < 2; i++) {
        const t = this.kickTable[id]![rot]![m];
        if (!t) return;
        const to = t[0]!;
        x += t[2]!;
        y += t[3]!;
        if (!fits(board, height, offsets[to]!, x, y) || minCellY(offsets[to]!, y) < top) return;
        rot = to;
        path.push(move);
        if (!this.turned[rot]) this.turned[rot] = [x, y, [...path]];
        if (rules.rotationMoves.length === 1) continue;
        if (i === 0 && m === 1) return; // one counter-clockwise turn is enough
      }
      if (rules.rotationMoves.length === 1) {
        const t = this.kickTable[id]![rot]![m]!;
        x += t[2]!;
        y += t[3]!;
        const to = t[0]!;
        if (fits(board, height, offsets[to]!, x, y) && minCellY(offsets[to]!, y) >= top && !this.turned[to]) {
          this.turned[to] = [x, y, [...path, move]];
        }
      }
    };
    if (fromStartOnly || !this.seedAboveStack || minCellY(offsets[srot]!, sy) < top) {
      push(sx, sy, srot, -1, 0);
      this.turned[srot] = null;
      return;
    }
    tryTurns("rotateCW", 0);
    if (rules.rotationMoves.length > 1) tryTurns("rotateCCW", 1);
    for (let rot = 0; rot < 4; rot++) {
      const t = this.turned[rot];
      if (!t) continue;
      const [tx, ty] = t;
      const cells = offsets[rot]!;
      const dropTo = Math.min(ty, top - minDy(cells));
      for (const step of [-1, 1]) {
        for (let x = step === -1 ? tx : tx + 1; fits(board, height, cells, x, ty); x += step) {
          push(x, dropTo, rot, -1, 0);
        }
      }
    }
  }

  /** The states the last search reached from which a turn (with the kick test it takes) lands on `p`. */
  turnsInto(board: Int32Array, p: Placement): TurnInto[] {
    const height = this.rules.height;
    const offsets = this.rules.offsets[p.id]!;
    const found: TurnInto[] = [];
    for (let from = 0; from < 4; from++) {
      const moves = this.kickTable[p.id]![from]!;
      for (let m = 0; m < moves.length; m++) {
        const t = moves[m]!;
        if (t[0] !== p.rot) continue;
        const count = t[1]!;
        for (let i = 0; i < count; i++) {
          const x = p.x - t[2 + 2 * i]!;
          const y = p.y - t[3 + 2 * i]!;
          if (x + X_OFFSET < 0 || x + X_OFFSET >= X_SPAN || y + Y_OFFSET < 0 || y + Y_OFFSET >= Y_SPAN)
            continue;
          const key = (from * Y_SPAN + (y + Y_OFFSET)) * X_SPAN + (x + X_OFFSET);
          if (this.stamp[key] !== this.generation) continue;
          // The turn from there takes the first test that fits: it must be this one.
          let earlier = false;
          for (let j = 0; j < i && !earlier; j++) {
            earlier = fits(board, height, offsets[p.rot]!, x + t[2 + 2 * j]!, y + t[3 + 2 * j]!);
          }
          if (!earlier) found.push({ key, x, y, rot: from, move: MOVE_NAMES[3 + m]!, kick: i });
        }
      }
    }
    return found;
  }

  /** The moves from the start to a state found by the last search. */
  path(key: number): AiMove[] {
    const moves: AiMove[] = [];
    let k = key;
    while (this.parent[k]! !== -1) {
      moves.push(MOVE_NAMES[this.parentMove[k]!]!);
      k = this.parent[k]!;
    }
    moves.reverse();
    const x = (k % X_SPAN) - X_OFFSET;
    const y = (Math.floor(k / X_SPAN) % Y_SPAN) - Y_OFFSET;
    const rot = Math.floor(k / (X_SPAN * Y_SPAN));
    const turned = this.turned[rot];
    if (!turned) return moves; // the search started from the start itself
    const [tx, ty, turns] = turned;
    const prefix: AiMove[] = [...turns];
    for (let i = 0; i < Math.abs(x - tx); i++) prefix.push(x < tx ? "left" : "right");
    for (let i = 0; i < ty - y; i++) prefix.push("softDrop");
    return [...prefix, ...moves];
  }
}

function minDy(cells: Int8Array): number {
  let m = 99;
  for (let i = 1; i < 8; i += 2) if (cells[i]! < m) m = cells[i]!;
  return m;
}

function minCellY(cells: Int8Array, y: number): number {
  return y + minDy(cells);
}

/**
 * Which T-spin a turn makes, as the engine judges it: a spare guideline game is given the board, the T where
 * the turn starts, the turn and a hard drop (which, the T resting, keeps the turn as its last move), and its
 * clear event read. The three-corner test runs first here only to skip the turns that cannot be a spin.
 */
class SpinJudge {
  private game = new GuidelineGame({ seed: 1 });
  /** The rows the spare game's field holds now, as bits. */
  private readonly loaded = new Int32Array(40);

  /** Three of the T's four corners (walls and floor included) filled: the engine's first condition. */
  static mayBeSpin(board: Int32Array, p: Placement): boolean {
    let corners = 0;
    for (const [dx, dy] of [
      [0, 0],
      [2, 0],
      [0, 2],
      [2, 2],
    ] as const) {
      const x = p.x + dx;
      const y = p.y + dy;
      if (x < 0 || x >= WIDTH || y < 0 || (board[y]! >> x) & 1) corners++;
    }
    return corners >= 3;
  }

  judge(board: Int32Array, p: Placement, turn: TurnInto): TSpin {
    if (this.game.getGameOver() !== null) {
      this.game = new GuidelineGame({ seed: 1 });
      this.loaded.fill(0);
    }
    const game = this.game;
    for (let y = 0; y < 40; y++) {
      const want = board[y]!;
      if (this.loaded[y] === want) continue;
      for (let x = 0; x < WIDTH; x++) game.setCell(x, y, (want >> x) & 1 ? 8 : 0);
      this.loaded[y] = want;
    }
    let tSpin: TSpin = "none";
    if (game.setPieceAt(T, turn.rot as Rotation, turn.x, turn.y)) {
      const before = game.getLastClear();
      game.act(turn.move);
      const piece = game.getPiece();
      if (piece && piece.x === p.x && piece.y === p.y && piece.rotation === p.rot) {
        game.act("hardDrop");
        const event = game.getLastClear();
        if (event !== before && event) tSpin = event.tSpin;
      }
    }
    const top = Math.min(40, stackHeight(board) + 4);
    for (let y = 0; y < top; y++) {
      let row = 0;
      for (let x = 0; x < WIDTH; x++) if (game.cellAt(x, y) !== 0) row |= 1 << x;
      this.loaded[y] = row;
    }
    return tSpin;
  }
}

/** The cells a placement covers, as one number (pieces whose turns repeat cells compare equal). */
function cellsKey(rules: Rules, p: Placement): number {
  const cells = rules.offsets[p.id]![p.rot]!;
  const idx: number[] = [];
  for (let i = 0; i < 8; i += 2) idx.push((p.y + cells[i + 1]!) * WIDTH + p.x + cells[i]!);
  idx.sort((a, b) => a - b);
  return ((idx[0]! * 512 + idx[1]!) * 512 + idx[2]!) * 512 + idx[3]!;
}

/** A hash of a search position: its board, what is held and where in the queue it is. */
function positionKey(node: Node): number {
  const board = node.board!;
  let h = Math.imul(node.hold + 1, 0x9e3779b1) ^ node.next;
  for (let y = 0; y < board.length; y++) {
    const row = board[y]!;
    if (row === 0) break;
    h = Math.imul(h ^ row, 0x01000193) + y;
  }
  return h;
}

/** The board of a guideline game as rows of bits (the falling piece left out). */
function boardOf(game: GuidelineGame, height: number): Int32Array {
  const board = new Int32Array(height);
  for (let y = 0; y < height; y++) {
    let row = 0;
    for (let x = 0; x < WIDTH; x++) if (game.cellAt(x, y) !== 0) row |= 1 << x;
    board[y] = row;
  }
  return board;
}

/**
 * The board with the piece placed and full rows cleared (in `into`, a copy of the board, or a new copy); dead
 * when it locks out.
 */
function placeAndClear(
  rules: Rules,
  board: Int32Array,
  p: Placement,
  into?: Int32Array,
): { board: Int32Array; lines: number; dead: boolean } {
  const next = into ?? board.slice();
  const cells = rules.offsets[p.id]![p.rot]!;
  let minY = 99;
  let maxY = -1;
  for (let i = 0; i < 8; i += 2) {
    const cy = p.y + cells[i + 1]!;
    next[cy]! |= 1 << (p.x + cells[i]!);
    if (cy < minY) minY = cy;
    if (cy > maxY) maxY = cy;
  }
  // Only the piece's rows can have filled up.
  let lines = 0;
  for (let y = minY; y <= maxY; y++) if (next[y] === FULL_ROW) lines++;
  if (lines > 0) {
    let write = minY;
    for (let y = minY; y < next.length; y++) {
      const row = next[y]!;
      if (row !== FULL_ROW) next[write++] = row;
    }
    next.fill(0, write);
  }
  return { board: next, lines, dead: minY >= rules.lockOutRow };
}

interface Evaluated {
  board: Int32Array;
  score: number;
  lines: number;
  dead: boolean;
}

/** Places a piece on a copy of the board, clears full rows and scores the result with the weights. */
function evaluate(rules: Rules, weights: Weights, board: Int32Array, p: Placement): Evaluated {
  const height = rules.height;
  const next = board.slice();
  const cells = rules.offsets[p.id]![p.rot]!;
  let minY = 99;
  let maxY = -1;
  for (let i = 0; i < 8; i += 2) {
    const cy = p.y + cells[i + 1]!;
    next[cy]! |= 1 << (p.x + cells[i]!);
    if (cy < minY) minY = cy;
    if (cy > maxY) maxY = cy;
  }
  const dead = minY >= rules.lockOutRow;
  // Clear full rows, counting the piece's cells in them (eroded cells).
  let cleared = 0;
  let pieceCellsCleared = 0;
  let write = 0;
  for (let y = 0; y < height; y++) {
    const row = next[y]!;
    if (row === FULL_ROW) {
      cleared++;
      for (let i = 1; i < 8; i += 2) if (p.y + cells[i]! === y) pieceCellsCleared++;
      continue;
    }
    next[write++] = row;
  }
  for (let y = write; y < height; y++) next[y] = 0;
  // Features, over the rows up to the top of the stack.
  let top = 0;
  for (let y = height - 1; y >= 0; y--) {
    if (next[y] !== 0) {
      top = y + 1;
      break;
    }
  }
  let rowTransitions = 0;
  let columnTransitions = 0;
  let holes = 0;
  let wells = 0;
  let below = FULL_ROW;
  for (let y = 0; y < top; y++) {
    const row = next[y]!;
    const walled = (row << 1) | 1 | (1 << (WIDTH + 1));
    rowTransitions += popcount((walled ^ (walled >> 1)) & ((1 << (WIDTH + 1)) - 1));
    columnTransitions += popcount(row ^ below);
    below = row;
  }
  columnTransitions += popcount(below); // the top of the stack against the empty rows above
  let covered = 0;
  const depth = [0, 0, 0, 0, 0, 0, 0, 0, 0, 0];
  for (let y = top - 1; y >= 0; y--) {
    const row = next[y]!;
    holes += popcount(covered & ~row & FULL_ROW);
    covered |= row;
    const well = ~row & ((row << 1) | 1) & ((row >> 1) | (1 << (WIDTH - 1))) & FULL_ROW;
    for (let x = 0; x < WIDTH; x++) {
      if ((well >> x) & 1) {
        depth[x]!++;
        wells += depth[x]!;
      } else if (!((~row >> x) & 1) || !((covered >> x) & 1)) depth[x] = 0;
    }
  }
  const landingHeight = (minY + maxY) / 2;
  const score =
    weights.landingHeight * landingHeight +
    weights.erodedCells * cleared * pieceCellsCleared +
    weights.rowTransitions * rowTransitions +
    weights.columnTransitions * columnTransitions +
    weights.holes * holes +
    weights.wells * wells;
  return { board: next, score, lines: cleared, dead };
}

export interface AiOptions {
  weights?: Weights;
  /** Look one piece ahead with the next queue. Default true. */
  lookahead?: boolean;
  /** How many of the best placements get the lookahead. Default 6. */
  candidates?: number;
  /** Guideline: consider holding. Default true. */
  hold?: boolean;
  /**
   * Guideline: what to play for. "survive" (the default) keeps the stack low and clean with the weights above;
   * "attack" plays for the lines a clear sends (see ai-attack.ts): tetrises, T-spin doubles, back-to-back.
   */
  objective?: Objective;
  /** Attack: pieces searched (the current one and the queue's), default 4; positions kept a step, default 12. */
  depth?: number;
  beam?: number;
  /** Attack: weights while building, and while downstacking (see `Switches`). */
  attackWeights?: AttackWeights;
  downstackWeights?: AttackWeights;
  /** Attack: when to downstack and when to play to survive, for each randomizer (default `SWITCHES`). */
  switches?: Partial<Record<RandomizerKind, Partial<Switches>>>;
}

/**
 * When the attack objective gives way, by the board of the current piece: from `downstackAt` rows of stack it
 * scores with the downstacking weights; from `surviveAt` rows, or with `surviveHoleRows` rows holding holes (T-spin
 * slots are not holes), it plays the survive objective's placements (clear at once, keep the stack clean) until
 * the board is tidy again. Infinity for never.
 */
export interface Switches {
  downstackAt: number;
  surviveAt: number;
  surviveHoleRows: number;
}

/**
 * The switches for each randomizer. The 7-bag brings every piece once in seven (an I within 12 pieces, never
 * more than two S or Z in a row), so it builds to row 14. Uniform pieces can bring floods of S and Z and long
 * droughts of I: its stack turns to holes under overhangs at 7-12 rows faster than the survive objective, called
 * at row 14, could dig them out, so it gives way earlier, and on holes.
 */
export const SWITCHES: Record<RandomizerKind, Switches> = {
  bag: { downstackAt: 10, surviveAt: 14, surviveHoleRows: Number.POSITIVE_INFINITY },
  uniform: { downstackAt: 7, surviveAt: 10, surviveHoleRows: 2 },
};

export type Objective = "survive" | "attack";
export const OBJECTIVES: readonly Objective[] = ["survive", "attack"];

/** A position in the attack search: the board after some pieces, what is held, what comes next. */
interface Node {
  /** The board, made only for the positions kept in the beam (null until then). */
  board: Int32Array | null;
  /** The board before this node's piece, and where the piece went. */
  parentBoard: Int32Array | null;
  placement: Placement | null;
  hold: number;
  /** Index in the queue of the next piece to come. */
  next: number;
  state: ScoreState;
  /** Sum of the clears' rewards on the way here. */
  reward: number;
  value: number;
  first: { hold: boolean; placement: Placement } | null;
}

export interface Plan {
  hold: boolean;
  moves: AiMove[];
  /** Where the piece will rest, in the AI's coordinates. */
  placement: Placement;
}

const DEAD = -1e12;
/** Attack search: the weight of a clear one piece later than another. */
const LATER = 0.9;

export class TetrisAi {
  private readonly weights: Weights;
  private readonly lookahead: boolean;
  private readonly candidates: number;
  private readonly useHold: boolean;
  private readonly rules: Rules;
  private readonly search: Search;
  private readonly judge = new SpinJudge();
  /** The attack search's board for scoring a placement before it is known to be worth keeping. */
  private readonly scratch: Int32Array;
  readonly mode: "classic" | "guideline";
  readonly objective: Objective;
  private readonly depth: number;
  private readonly beam: number;
  private readonly attackWeights: AttackWeights;
  private readonly downstackWeights: AttackWeights;
  private readonly switches: Record<RandomizerKind, Switches>;
  /** Rows the current piece falls between two inputs (0: time stands still), for this plan. */
  private fall = 0;

  constructor(mode: "classic" | "guideline", options: AiOptions = {}, visibleRows = 20) {
    this.mode = mode;
    this.objective = options.objective ?? "survive";
    this.depth = options.depth ?? 4;
    this.beam = options.beam ?? 12;
    this.attackWeights = options.attackWeights ?? ATTACK_WEIGHTS;
    this.downstackWeights = options.downstackWeights ?? DOWNSTACK_WEIGHTS;
    this.switches = {
      bag: { ...SWITCHES.bag, ...options.switches?.bag },
      uniform: { ...SWITCHES.uniform, ...options.switches?.uniform },
    };
    this.weights = options.weights ?? DEFAULT_WEIGHTS;
    this.lookahead = options.lookahead ?? true;
    this.candidates = options.candidates ?? 6;
    this.useHold = options.hold ?? true;
    this.rules = mode === "classic" ? classicRules() : guidelineRules(visibleRows);
    this.search = new Search(this.rules);
    this.scratch = new Int32Array(this.rules.height);
  }

  /** The best placement of piece `id` from `start` (or its spawn), with its value, looking ahead at `next`. */
  private best(
    board: Int32Array,
    id: number,
    start: [number, number, number] | null,
    next: number | undefined,
  ): { value: number; placement: Placement | null } {
    const from = start ?? this.rules.spawn(board, id);
    if (!from) return { value: DEAD, placement: null };
    const placements = this.search.placements(board, id, from, this.fall);
    const scored = placements.map((p) => {
      const e = evaluate(this.rules, this.weights, board, p);
      return { p, e, value: e.dead ? DEAD : e.score };
    });
    scored.sort((a, b) => b.value - a.value);
    if (scored.length === 0) return { value: DEAD, placement: null };
    if (!this.lookahead || next === undefined) return { value: scored[0]!.value, placement: scored[0]!.p };
    let bestValue = Number.NEGATIVE_INFINITY;
    let bestPlacement: Placement | null = null;
    for (const { p, e, value } of scored.slice(0, this.candidates)) {
      if (value <= DEAD) continue;
      const second = this.oneDeep(e.board, next);
      const total = value + second;
      if (total > bestValue) {
        bestValue = total;
        bestPlacement = p;
      }
    }
    if (!bestPlacement) return { value: scored[0]!.value, placement: scored[0]!.p };
    return { value: bestValue, placement: bestPlacement };
  }

  private oneDeep(board: Int32Array, id: number): number {
    const from = this.rules.spawn(board, id);
    if (!from) return DEAD;
    let best = DEAD;
    for (const p of this.search.placements(board, id, from)) {
      const e = evaluate(this.rules, this.weights, board, p);
      if (!e.dead && e.score > best) best = e.score;
    }
    return best;
  }

  /** Redoes the search for the chosen piece so its path can be read (a T-spin's ends with its turn). */
  private pathTo(board: Int32Array, placement: Placement, start: [number, number, number]): AiMove[] {
    this.search.placements(board, placement.id, start, this.fall);
    if (placement.via !== undefined) return [...this.search.path(placement.via), placement.viaMove!];
    return this.search.path(placement.key);
  }

  /** The placements of a piece, T-spins judged by the engine for the attack objective. */
  private attackPlacements(
    board: Int32Array,
    id: number,
    start: [number, number, number],
    fall: number,
  ): Placement[] {
    const found = this.search.placements(board, id, start, fall);
    if (id !== T) return found;
    for (const p of found) {
      if (!SpinJudge.mayBeSpin(board, p)) continue;
      for (const turn of this.search.turnsInto(board, p)) {
        const tSpin = this.judge.judge(board, p, turn);
        if (tSpin === "none" || (tSpin === "mini" && p.tSpin === "mini")) continue;
        p.tSpin = tSpin;
        p.via = turn.key;
        p.viaMove = turn.move;
        if (tSpin === "full") break;
      }
    }
    return found;
  }

  /**
   * The attack objective: a beam search over the current piece and the queue (holding allowed at every step),
   * each placement scored by the lines its clear sends and the shape of the board it leaves; the first step of
   * the best line is played.
   */
  private planAttack(
    board: Int32Array,
    piece: ActivePiece,
    hold: number,
    canHold: boolean,
    queue: readonly number[],
    state: ScoreState,
    downstack: boolean,
  ): { hold: boolean; placement: Placement } | null {
    const weights = downstack ? this.downstackWeights : this.attackWeights;
    let beam: Node[] = [
      { board, parentBoard: null, placement: null, hold, next: 0, state, reward: 0, value: 0, first: null },
    ];
    let best: Node | null = null;
    for (let depth = 0; depth < this.depth; depth++) {
      const children: Node[] = [];
      for (const node of beam) {
        const current = depth === 0 ? piece.id : queue[node.next];
        if (current === undefined) continue;
        const next = depth === 0 ? node.next : node.next + 1;
        const start: [number, number, number] | null =
          depth === 0 ? [piece.x, piece.y, piece.rotation] : null;
        this.expand(node, depth, current, start, false, node.hold, next, weights, children);
        if (!this.useHold || (depth === 0 && !canHold)) continue;
        if (node.hold !== 0) {
          if (node.hold !== current) {
            this.expand(node, depth, node.hold, null, true, current, next, weights, children);
          }
        } else if (queue[next] !== undefined && queue[next] !== current) {
          this.expand(node, depth, queue[next]!, null, true, current, next + 1, weights, children);
        }
      }
      if (children.length === 0) break;
      children.sort((a, b) => b.value - a.value);
      best = children[0]!;
      // The same position reached in another order is kept once (its best way).
      beam = [];
      const seen = new Set<number>();
      for (const child of children) {
        child.board = placeAndClear(this.rules, child.parentBoard!, child.placement!).board;
        const key = positionKey(child);
        if (seen.has(key)) continue;
        seen.add(key);
        beam.push(child);
        if (beam.length === this.beam) break;
      }
    }
    return best?.first ?? null;
  }

  /** Adds to `out` every child of `node` placing piece `id` (from `start`, or its spawn). */
  private expand(
    node: Node,
    depth: number,
    id: number,
    start: [number, number, number] | null,
    held: boolean,
    hold: number,
    next: number,
    w: AttackWeights,
    out: Node[],
  ): void {
    const board = node.board!;
    const from = start ?? this.rules.spawn(board, id);
    if (!from) return;
    // Only the piece played now falls as planned: the later ones are placed from their spawn, time standing still.
    const placements = this.attackPlacements(board, id, from, node.first === null ? this.fall : 0);
    const scratch = this.scratch;
    for (const p of placements) {
      scratch.set(board);
      const after = placeAndClear(this.rules, board, p, scratch);
      if (after.dead) continue;
      const tSpin = p.tSpin ?? "none";
      const state = { ...node.state };
      const perfectClear = after.lines > 0 && after.board[0] === 0;
      const event = scoreLock(state, after.lines, tSpin, 1, perfectClear);
      const attack = attackOf(event);
      let reward = w.attack * attack;
      reward += w.line * after.lines;
      if (after.lines > 0 && attack === 0) reward += w.wastedLine * after.lines;
      if (node.state.backToBack && after.lines > 0 && !state.backToBack) reward += w.breakBackToBack;
      if (id === T && (tSpin !== "full" || after.lines === 0)) reward += w.wastedT;
      // A clear now is worth a little more than the same clear later (the queue may not bring what it needs).
      reward = node.reward + reward * LATER ** depth;
      const value = reward + attackBoardValue(after.board, w) + (state.backToBack ? w.backToBack : 0);
      out.push({
        board: null,
        parentBoard: board,
        placement: p,
        hold,
        next,
        state,
        reward,
        value,
        first: node.first ?? { hold: held, placement: p },
      });
    }
  }

  /**
   * Plans the current piece of a guideline game (and whether to hold first), from wherever the piece is now.
   * `fall`: rows the piece drops between two inputs, for a game whose gravity runs while the plan is played
   * (0 when time stands still between inputs).
   */
  planGuideline(game: GuidelineGame, fall = 0): Plan | null {
    const piece = game.getPiece();
    if (!piece) return null;
    const board = boardOf(game, this.rules.height);
    const queue = game.getNext();
    const start: [number, number, number] = [piece.x, piece.y, piece.rotation];
    this.fall = fall;
    try {
      const switches = this.switches[game.options.randomizer];
      const shape = attackFeatures(board);
      if (
        this.objective === "attack" &&
        shape.top < switches.surviveAt &&
        shape.holeRows < switches.surviveHoleRows
      ) {
        const state = { combo: game.getCombo(), backToBack: game.getBackToBack() };
        const downstack = shape.top >= switches.downstackAt;
        const hold = game.getHold() ?? 0;
        const choice = this.planAttack(board, piece, hold, game.canHold(), queue, state, downstack);
        if (!choice) return null;
        const from = choice.hold ? this.rules.spawn(board, choice.placement.id)! : start;
        return { ...choice, moves: this.pathTo(board, choice.placement, from) };
      }
      return this.planSurvive(game, board, piece, queue, start);
    } finally {
      this.fall = 0;
    }
  }

  /**
   * The moves from the live piece to `target` (same cells), gravity taken into account (`fall` rows an input),
   * or null when the piece can no longer get there. A T-spin target keeps its last turn when it still can.
   */
  pathFromLive(game: GuidelineGame, target: Placement, fall: number): AiMove[] | null {
    const piece = game.getPiece();
    if (!piece || piece.id !== target.id) return null;
    const board = boardOf(game, this.rules.height);
    const found = this.search.placements(board, piece.id, [piece.x, piece.y, piece.rotation], fall);
    const want = cellsKey(this.rules, target);
    const p = found.find((q) => cellsKey(this.rules, q) === want);
    if (!p) return null;
    if (target.via !== undefined) {
      const turn = this.search
        .turnsInto(board, p)
        .find((t) => t.key === target.via && t.move === target.viaMove);
      if (turn) return [...this.search.path(turn.key), turn.move];
    }
    return this.search.path(p.key);
  }

  private planSurvive(
    game: GuidelineGame,
    board: Int32Array,
    piece: ActivePiece,
    queue: number[],
    start: [number, number, number],
  ): Plan | null {
    const stay = this.best(board, piece.id, start, queue[0]);
    let plan: Plan | null = stay.placement ? { hold: false, moves: [], placement: stay.placement } : null;
    let value = stay.value;
    if (this.useHold && game.canHold()) {
      const held = game.getHold();
      const other = held ?? queue[0];
      const after = held === null ? queue[1] : queue[0];
      if (other !== undefined && other !== piece.id) {
        const alt = this.best(board, other, null, after);
        if (alt.placement && alt.value > value) {
          value = alt.value;
          plan = { hold: true, moves: [], placement: alt.placement };
        }
      }
    }
    if (!plan) return null;
    const from = plan.hold ? this.rules.spawn(board, plan.placement.id)! : start;
    plan.moves = this.pathTo(board, plan.placement, from);
    return plan;
  }

  /** Plans the current tetramino of a classic game; the preview is the next random tetramino. */
  planClassic(game: ClassicTetris): Plan | null {
    const t = game.getTetramino();
    if (!t?.active) return null;
    const board = new Int32Array(this.rules.height);
    const rows = game.getBoard().rows();
    const own = new Set(t.minoes.map(([r, c]) => (r - 1) * 10 + c - 1));
    for (let r = 0; r < MAX_ROW; r++) {
      let row = 0;
      for (let c = 0; c < WIDTH; c++) if (rows[r]![c] !== 0 && !own.has(r * 10 + c)) row |= 1 << c;
      board[MAX_ROW - 1 - r] = row;
    }
    const first = t.minoes[0]!;
    const start: [number, number, number] = [first[1] - 1, MAX_ROW - first[0], t.orientation];
    const choice = this.best(board, t.id, start, game.previewRandomTetramino());
    if (!choice.placement) return null;
    return { hold: false, moves: this.pathTo(board, choice.placement, start), placement: choice.placement };
  }
}

/**
 * A gravity-aware autopilot for a live guideline game, for the demos (browser and terminal).
 *
 * Call `next(game)` whenever the front-end may send an input (every frame, say), after advancing the game to
 * now; it returns the inputs from where the piece is now to the placement chosen for it, first one first, the
 * last a hard drop. Send the first (one input a frame looks like play) or all of them at once, then call again:
 * every call starts from the live piece, so whatever gravity did meanwhile is taken into account.
 *
 * The placement is chosen once per piece, when it appears (`planGuideline` with the objective of the AI given,
 * its search letting the piece fall `fall` rows an input, where `fall` is the rows gravity moves it in
 * `msPerInput` at the game's level: at level 20 the piece lands after every input, and the search only moves it
 * along the stack's surface, as the engine will). Each later call only finds the path there again (one search
 * of the live piece's moves, well under a millisecond); if the piece can no longer reach it (gravity took it
 * past a turning point), a new placement is chosen from where it is. Lock delay: the paths move a grounded piece
 * a few times at most, far from the 15 move resets, each input well within the 0.5 s delay at demo speeds.
 */
export class AiPilot {
  private target: { pieces: number; hold: boolean; placement: Placement } | null = null;
  /** Placements chosen (once per piece, again when one was out of reach), for the front-end's figures. */
  plans = 0;
  replans = 0;

  constructor(
    readonly ai: TetrisAi,
    /** Milliseconds between two inputs of the front-end (a frame). */
    readonly msPerInput: number,
  ) {}

  /** Rows the piece falls between two inputs at the game's current gravity. */
  fall(game: GuidelineGame): number {
    return Math.floor(this.msPerInput / game.gravityMs() + 0.5);
  }

  /** The inputs toward the chosen placement, from the live piece; [] when there is no piece to play. */
  next(game: GuidelineGame): Action[] {
    const piece = game.getPiece();
    if (!piece || game.getGameOver() !== null) return [];
    const fall = this.fall(game);
    if (!this.target || this.target.pieces !== game.getPieces()) {
      if (!this.choose(game, fall)) return ["hardDrop"];
    }
    const target = this.target!;
    if (target.hold && game.canHold() && piece.id !== target.placement.id) return ["hold"];
    let moves = this.ai.pathFromLive(game, target.placement, fall);
    if (moves === null) {
      this.replans++;
      if (!this.choose(game, fall)) return ["hardDrop"];
      if (this.target!.hold && game.canHold()) return ["hold"];
      moves = this.ai.pathFromLive(game, this.target!.placement, fall) ?? [];
    }
    return guidelineActions({ hold: false, moves, placement: target.placement });
  }

  private choose(game: GuidelineGame, fall: number): boolean {
    const plan = this.ai.planGuideline(game, fall);
    this.plans++;
    if (!plan) {
      this.target = null;
      return false;
    }
    this.target = { pieces: game.getPieces(), hold: plan.hold, placement: plan.placement };
    return true;
  }
}

/** The browser's demo: an input every 45 ms, the survive objective (it clears at once, so it keeps up at 20G). */
export const DEMO_STEP_MS = 45;
export function demoPilot(): AiPilot {
  return new AiPilot(new TetrisAi("guideline"), DEMO_STEP_MS);
}

/** The guideline actions for a plan: hold first if planned; trailing soft drops become one hard drop. */
export function guidelineActions(plan: Plan): Action[] {
  const moves = [...plan.moves];
  while (moves.length > 0 && moves[moves.length - 1] === "softDrop") moves.pop();
  return [...(plan.hold ? ["hold" as const] : []), ...moves, "hardDrop"];
}

export interface AiGameResult {
  pieces: number;
  lines: number;
  score: number;
  toppedOut: boolean;
  /** Plans that did not end where the AI expected: always 0 unless the AI and the engine disagree. */
  mismatches: number;
}

/** What a guideline game's clears sent, counted from the engine's clear events. */
export interface AttackStats {
  /** Lines sent by the versus table (ai-attack.ts). */
  attack: number;
  attackPerPiece: number;
  tetrises: number;
  /** T-spins that cleared lines (minis included). */
  tspins: number;
  /** Clears by kind: "single", "tetris", "tspin-double", "tspin-mini-single", … (T-spins clearing nothing too). */
  clears: Record<string, number>;
  /** Clears that were back-to-back, and the longest combo (clears in a row minus one). */
  backToBacks: number;
  maxCombo: number;
  perfectClears: number;
}

/** Counts the clear events of a game as they come: call `after` after each lock. */
export class AttackCounter {
  private last: ClearEvent | null;
  readonly stats: AttackStats = {
    attack: 0,
    attackPerPiece: 0,
    tetrises: 0,
    tspins: 0,
    clears: {},
    backToBacks: 0,
    maxCombo: 0,
    perfectClears: 0,
  };

  constructor(game: GuidelineGame) {
    this.last = game.getLastClear();
  }

  /** Reads the game's last clear event if it is a new one. */
  after(game: GuidelineGame): void {
    const event = game.getLastClear();
    const s = this.stats;
    if (event && event !== this.last) {
      s.attack += attackOf(event);
      const kind = clearKind(event.lines, event.tSpin);
      s.clears[kind] = (s.clears[kind] ?? 0) + 1;
      if (event.lines === 4) s.tetrises++;
      if (event.tSpin !== "none" && event.lines > 0) s.tspins++;
      if (event.backToBack) s.backToBacks++;
      if (event.perfectClear) s.perfectClears++;
      s.maxCombo = Math.max(s.maxCombo, event.combo);
    }
    this.last = event;
    s.attackPerPiece = game.getPieces() > 0 ? s.attack / game.getPieces() : 0;
  }
}

/** Plays one guideline game with the AI (time stands still: no gravity), up to `maxPieces` pieces. */
export function playGuidelineWithAi(
  seed: number,
  randomizer: RandomizerKind,
  maxPieces: number,
  ai = new TetrisAi("guideline"),
  onPiece?: (game: GuidelineGame) => void,
): AiGameResult & AttackStats {
  const game = new GuidelineGame({ seed, randomizer });
  const counter = new AttackCounter(game);
  let mismatches = 0;
  while (game.getGameOver() === null && game.getPieces() < maxPieces) {
    const plan = ai.planGuideline(game);
    if (!plan) break;
    const actions = guidelineActions(plan);
    const before = game.getPieces();
    for (const action of actions.slice(0, -1)) game.act(action);
    const piece = game.getPiece();
    if (
      !piece ||
      game.getPieces() !== before ||
      piece.id !== plan.placement.id ||
      !samePlace(piece, plan.placement, game.ghostCells())
    ) {
      mismatches++;
    }
    if (game.getPieces() === before && game.getPiece()) game.act("hardDrop");
    counter.after(game);
    onPiece?.(game);
  }
  return {
    ...counter.stats,
    pieces: game.getPieces(),
    lines: game.getLines(),
    score: game.getScore(),
    toppedOut: game.getGameOver() !== null,
    mismatches,
  };
}

function samePlace(
  piece: { x: number; y: number; rotation: number },
  target: Placement,
  ghost: readonly (readonly [number, number])[],
): boolean {
  const ghostY = Math.min(...ghost.map((c) => c[1]));
  const shape = SHAPES[target.id as PieceId][target.rot]!;
  const targetY = Math.min(...shape.map(([, dy]) => target.y + dy));
  return piece.x === target.x && piece.rotation === target.rot && ghostY === targetY;
}

/** Plays one classic game: the model's operations only, locking as the terminal front-end does. */
export function playClassicWithAi(
  seed: number,
  maxPieces: number,
  ai = new TetrisAi("classic"),
  onPiece?: (game: ClassicTetris) => void,
): AiGameResult {
  const game = new ClassicTetris(seed);
  game.newRandomTetramino();
  let pieces = 0;
  let mismatches = 0;
  while (!game.getGameOver() && pieces < maxPieces) {
    const plan = ai.planClassic(game);
    if (!plan) break;
    const moves = [...plan.moves];
    while (moves.length > 0 && moves[moves.length - 1] === "softDrop") moves.pop();
    for (const move of moves) {
      const ok =
        move === "left"
          ? game.left()
          : move === "right"
            ? game.right()
            : move === "softDrop"
              ? game.down()
              : game.rotate();
      if (!ok) mismatches++;
    }
    game.drop();
    const t = game.getTetramino()!;
    const first = t.minoes[0]!;
    if (
      first[1] - 1 !== plan.placement.x ||
      MAX_ROW - first[0] !== plan.placement.y ||
      t.orientation !== plan.placement.rot
    ) {
      mismatches++;
    }
    game.checkLines();
    pieces++;
    onPiece?.(game);
    game.newRandomTetramino();
  }
  return {
    pieces,
    lines: game.getLines(),
    score: game.getScore(),
    toppedOut: game.getGameOver(),
    mismatches,
  };
}

/**
 * Every resting placement piece `id` can reach from its spawn on a board given as rows of bits (row 0 the floor,
 * bit x column x), with each one's moves. For tests and tools; the AI uses the same search.
 */
export function reachablePlacements(
  mode: "classic" | "guideline",
  rows: readonly number[],
  id: number,
  seedAboveStack = true,
): Array<Placement & { moves: AiMove[] }> {
  const rules = mode === "classic" ? classicRules() : guidelineRules(20);
  const board = new Int32Array(rules.height);
  rows.forEach((row, y) => {
    board[y] = row;
  });
  const start = rules.spawn(board, id);
  if (!start) return [];
  const search = new Search(rules, seedAboveStack);
  const found = search.placements(board, id, start);
  return found.map((p) => ({ ...p, moves: search.path(p.key) }));
}
