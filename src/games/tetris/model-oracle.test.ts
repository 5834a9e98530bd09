/**
 * Independent differential test of the classic engine (`classic.ts`) against a literal transliteration of the
 * VDM++ model of spec 002 section 3 (`model-oracle.ts`).
 *
 * 1. Faithful mode (`{ faithful: true }`) must agree with the oracle after every operation of thousands of
 *    generated sequences: every return value (or the model's run-time error), score, lines, level, game-over
 *    flag, the whole matrix, the current tetramino, and the board prints in all modes.
 * 2. Default (fixed) mode must agree with the oracle on every operation until the sequence enters one of the
 *    documented defective paths (classified from the oracle's state, see `classify`); at that operation it must
 *    do what docs/spec-conformance/tetris-002.md says, and afterwards the state-independent claims of the doc
 *    are still checked (frozen pieces never move, checkLines is a standard compaction with the fixed scoring).
 * 3. Hand-written scenarios in the style of the model's own tests.
 */
import fc from "fast-check";
import { afterAll, describe, expect, it } from "vitest";
import { ClassicTetris, ModelRuntimeError as EngineModelRuntimeError } from "./classic.ts";
import { Board, Game, ModelRuntimeError as OracleError } from "./model-oracle.ts";

// ---------------------------------------------------------------------------
// Operations and outcomes
// ---------------------------------------------------------------------------

type MoveKind = "down" | "left" | "right" | "rotate" | "drop";
type Op =
  | { k: "new"; id: number }
  | { k: MoveKind }
  | { k: "checkLines" }
  | { k: "print"; printNow: boolean; blackConsole: boolean; testPrint: boolean }
  | { k: "printOpts"; color: boolean; showHidden: boolean };

type Outcome = { ok: true; value: boolean | number | string | undefined } | { ok: false; error: string };

const MOVES: readonly string[] = ["down", "left", "right", "rotate", "drop"];
const isMove = (op: Op): op is { k: MoveKind } => MOVES.includes(op.k);

function fmtOp(op: Op): string {
  switch (op.k) {
    case "new":
      return `newTetramino(${op.id})`;
    case "print":
      return `printBoard(${op.printNow}, ${op.blackConsole}, ${op.testPrint})`;
    case "printOpts":
      return `printBoard({color: ${op.color}, showHidden: ${op.showHidden}})`;
    default:
      return `${op.k}()`;
  }
}

function errorKey(e: unknown): string {
  if (e instanceof OracleError) {
    if (e.message === "nil tetramino") return "NO_TETRAMINO";
    if (e.message.startsWith("sequence index")) return "LINE_SCORE_INDEX";
    return `ORACLE:${e.message}`;
  }
  if (e instanceof EngineModelRuntimeError) {
    return e.code === "TETRIS_MODEL_NO_TETRAMINO" ? "NO_TETRAMINO" : "LINE_SCORE_INDEX";
  }
  return `OTHER:${e instanceof Error ? `${e.name}: ${e.message}` : String(e)}`;
}

function capture(f: () => boolean | number | string | undefined): Outcome {
  try {
    return { ok: true, value: f() };
  } catch (e) {
    return { ok: false, error: errorKey(e) };
  }
}

function applyOracle(g: Game, op: Op): Outcome {
  return capture(() => {
    switch (op.k) {
      case "new":
        g.newTetramino(op.id);
        return undefined;
      case "down":
        return g.down();
      case "left":
        return g.left();
      case "right":
        return g.right();
      case "rotate":
        return g.rotate();
      case "drop":
        return g.drop();
      case "checkLines":
        return g.checkLines();
      case "print":
        return g.printBoard(op.printNow, op.blackConsole, op.testPrint);
      case "printOpts":
        return g.printBoard(false, !op.color, op.showHidden);
    }
  });
}

function applyEngine(e: ClassicTetris, op: Op): Outcome {
  return capture(() => {
    switch (op.k) {
      case "new":
        e.newTetramino(op.id);
        return undefined;
      case "down":
        return e.down();
      case "left":
        return e.left();
      case "right":
        return e.right();
      case "rotate":
        return e.rotate();
      case "drop":
        return e.drop();
      case "checkLines":
        return e.checkLines();
      case "print":
        return e.printBoard(op.printNow, op.blackConsole, op.testPrint);
      case "printOpts":
        return e.printBoard({ color: op.color, showHidden: op.showHidden });
    }
  });
}

// ---------------------------------------------------------------------------
// Observable state
// ---------------------------------------------------------------------------

interface State {
  score: number;
  lines: number;
  level: number;
  gameOver: boolean;
  rows: string;
  piece: string;
  orientation: number | null;
}

const rowsKey = (rows: number[][]): string => rows.map((r) => r.join("")).join("/");

function oracleState(g: Game): State {
  const t = g.getTetramino();
  return {
    score: g.getScore(),
    lines: g.getLines(),
    level: g.getLevel(),
    gameOver: g.getGameOver(),
    rows: rowsKey(g.getBoard().snapshot()),
    piece: t ? `${t.getId()}:${JSON.stringify(t.getMinoes())}` : "nil",
    orientation: t ? t.getOrientation() : null,
  };
}

function engineState(e: ClassicTetris): State {
  const t = e.getTetramino();
  return {
    score: e.getScore(),
    lines: e.getLines(),
    level: e.getLevel(),
    gameOver: e.getGameOver(),
    rows: rowsKey(e.getBoard().rows()),
    piece: t ? `${t.id}:${JSON.stringify(t.minoes)}` : "nil",
    orientation: t ? t.orientation : null,
  };
}

const PRINT_MODES: readonly (readonly [boolean, boolean])[] = [
  [true, true],
  [true, false],
  [false, true],
  [false, false],
];

/** Standard line clear (what the doc says fixed mode does): drop full rows, add empty rows on top. */
function compact(rows: number[][]): { rows: number[][]; n: number } {
  const kept = rows.filter((r) => r.some((c) => c === 0));
  const n = rows.length - kept.length;
  const empty = Array.from({ length: n }, () => new Array<number>(10).fill(0));
  return { rows: [...empty, ...kept], n };
}
const fixedLineScore = (n: number): number =>
  n <= 0 ? 0 : n <= 4 ? [100, 300, 400, 800][n - 1] : Math.floor(n / 4) * 800 + fixedLineScore(n % 4);

// ---------------------------------------------------------------------------
// Harness: oracle, faithful engine, fixed engine side by side
// ---------------------------------------------------------------------------

/**
 * The documented defective paths (docs/spec-conformance/tetris-002.md, "Defects of the model"), as entered by
 * one operation and judged from the oracle's state just before it:
 *  - D1: down/left/right/rotate/drop on a tetramino that has had a failed rotation since it spawned
 *        (the failed rotation itself is checked: same result and board, fixed orientation restored);
 *  - D2: checkLines while some row is full and row 1 holds a mino;
 *  - D3: down/left/right/rotate/drop once the game is over (the model's behaviour in both modes: never entered);
 *  - D4: down/left/right/rotate/drop before the first newTetramino;
 *  - D5: checkLines while more than four rows are full (and row 1 empty);
 *  - D6: down/left/right/rotate/drop on a tetramino after a checkLines that removed rows since it spawned (the
 *        model's behaviour in both modes: never entered).
 * A sequence "avoids the defective paths" when none of its operations enters one; fixed mode must then equal the
 * model after every operation (return value, score, lines, level, game over, matrix, tetramino minoes).
 */
type DefectOrD6 =
  | "D1-failed-rotation"
  | "D2-row1-clear"
  | "D3-after-game-over"
  | "D4-no-tetramino"
  | "D5-over-4-rows"
  | "D6-move-after-clearing-checkLines";

const stats = {
  sequences: 0,
  ops: 0,
  fixedOpsTracked: 0,
  fixedCleanSequences: 0,
  fixedEnded: new Map<DefectOrD6, number>(),
  clears: [0, 0, 0, 0, 0, 0] as number[], // index = rows at once (5 = more than 4)
  maxLevel: 1,
  levelAbove1Sequences: 0,
  gameOverSequences: 0,
  opsAfterGameOver: 0,
  failedRotations: 0,
  failedSpawns: 0,
  checkLinesWithMovablePiece: 0,
  clearsWithRow1Content: 0,
  oracleErrors: new Map<string, number>(),
};
const bump = <K>(m: Map<K, number>, k: K): void => {
  m.set(k, (m.get(k) ?? 0) + 1);
};

class Harness {
  readonly oracle: Game;
  readonly faithful: ClassicTetris;
  readonly fixed: ClassicTetris;
  readonly oracleOut: string[] = [];
  readonly faithfulOut: string[] = [];
  readonly fixedOut: string[] = [];
  readonly ops: Op[] = [];
  /** The oracle stopped with a run-time error: the model's run is over. */
  stopped = false;
  /** null while fixed mode is still compared with the oracle; else the defective path that ended it. */
  fixedOff: DefectOrD6 | null = null;
  /** Facts about the current tetramino, from the oracle. */
  failedRotations = 0;
  clearedSinceSpawn = false;
  reachedLevel2 = false;
  /** Outcomes of the last operation (oracle and fixed mode; fixed is undefined once it is no longer run). */
  lastOracle: Outcome | undefined;
  lastFixed: Outcome | undefined;

  constructor(readonly checkFixed = true) {
    this.oracle = new Game((s) => this.oracleOut.push(s));
    this.faithful = new ClassicTetris(1, { faithful: true, print: (s) => this.faithfulOut.push(s) });
    this.fixed = new ClassicTetris(1, { print: (s) => this.fixedOut.push(s) });
  }

  private fail(msg: string): never {
    const trace = this.ops.map(fmtOp).join("; ");
    throw new Error(`${msg}\n  sequence (${this.ops.length} ops): ${trace}`);
  }

  /** Which documented defective path `op` enters, judged from the oracle's state before it. */
  private classify(op: Op, preRows: number[][] | null): DefectOrD6 | null {
    const g = this.oracle;
    if (isMove(op)) {
      if (!g.getTetramino()) return "D4-no-tetramino";
      // D3 and D6 are the model's behaviour in both modes: fixed mode must equal the model there too.
      if (this.failedRotations > 0) return "D1-failed-rotation";
      return null;
    }
    if (preRows !== null) {
      const rows = preRows;
      const full = rows.filter((r) => r.every((c) => c !== 0)).length;
      if (full > 0 && rows[0].some((c) => c !== 0)) return "D2-row1-clear";
      if (full > 4) return "D5-over-4-rows";
    }
    return null;
  }

  step(op: Op): void {
    if (this.stopped) return;
    this.ops.push(op);
    stats.ops++;
    const g = this.oracle;
    const preGameOver = g.getGameOver();
    const preRows = op.k === "checkLines" ? g.getBoard().snapshot() : null;
    const defect = this.checkFixed && this.fixedOff === null ? this.classify(op, preRows) : null;
    const preFixed = this.checkFixed ? engineState(this.fixed) : null;
    const preFixedRows = this.checkFixed && op.k === "checkLines" ? this.fixed.getBoard().rows() : null;
    const wasMovable = op.k === "checkLines" && this.pieceCanMove();

    // --- oracle vs faithful ------------------------------------------------
    const o = applyOracle(g, op);
    const f = applyEngine(this.faithful, op);
    this.lastOracle = o;
    this.lastFixed = undefined;
    if (JSON.stringify(o) !== JSON.stringify(f)) {
      this.fail(`faithful ${fmtOp(op)} returned ${JSON.stringify(f)}, model ${JSON.stringify(o)}`);
    }
    const so = oracleState(g);
    const sf = engineState(this.faithful);
    for (const key of Object.keys(so) as (keyof State)[]) {
      if (so[key] !== sf[key]) {
        this.fail(
          `faithful state.${key} after ${fmtOp(op)}: ${JSON.stringify(sf[key])}, model ${JSON.stringify(so[key])}`,
        );
      }
    }
    // The matrix is compared above after every operation; the print is compared in one of the four modes
    // after every operation (cycling), and in all four at the end of the sequence (`finish`).
    const [black, test] = PRINT_MODES[this.ops.length % 4];
    if (g.printBoard(false, black, test) !== this.faithful.printBoard(false, black, test)) {
      this.fail(`faithful print (blackConsole ${black}, testPrint ${test}) differs after ${fmtOp(op)}`);
    }
    this.comparePrinted(this.faithfulOut, "faithful");

    // --- statistics ----------------------------------------------------------
    if (!o.ok) bump(stats.oracleErrors, o.error);
    if (isMove(op) && preGameOver) stats.opsAfterGameOver++;
    if (op.k === "rotate" && o.ok && o.value === false) stats.failedRotations++;
    if (op.k === "new" && !preGameOver && so.gameOver) stats.failedSpawns++;
    if (preRows !== null) {
      const n = compact(preRows).n;
      if (n > 0) stats.clears[Math.min(n, 5)]++;
      if (n > 0 && preRows[0].some((c) => c !== 0)) stats.clearsWithRow1Content++;
      if (n > 0 && wasMovable) stats.checkLinesWithMovablePiece++;
    }
    if (so.level > stats.maxLevel) stats.maxLevel = so.level;
    if (so.level > 1) this.reachedLevel2 = true;

    // --- fixed mode ------------------------------------------------------------
    if (preFixed !== null) this.stepFixed(op, o, defect, preFixed, preFixedRows);

    // --- oracle facts about the current piece ------------------------------------
    if (op.k === "new") {
      this.failedRotations = 0;
      this.clearedSinceSpawn = false;
    }
    if (op.k === "rotate" && o.ok && o.value === false) this.failedRotations++;
    if (op.k === "checkLines" && o.ok && typeof o.value === "number" && o.value > 0)
      this.clearedSinceSpawn = true;
    if (!o.ok) this.stopped = true;
  }

  private comparePrinted(out: string[], who: string): void {
    if (
      out.length !== this.oracleOut.length ||
      out[out.length - 1] !== this.oracleOut[this.oracleOut.length - 1]
    ) {
      this.fail(`${who} printNow output differs from the model's IO\`println`);
    }
  }

  /** Whether the oracle's current piece could move down, left, right or rotate (probed on a faithful clone). */
  private pieceCanMove(): boolean {
    if (!this.oracle.getTetramino() || this.oracle.getGameOver()) return false;
    const probe = (f: (c: ClassicTetris) => boolean): boolean => f(this.faithful.clone());
    return probe((c) => c.down()) || probe((c) => c.left()) || probe((c) => c.right());
  }

  private stepFixed(
    op: Op,
    o: Outcome,
    defect: DefectOrD6 | null,
    preFixed: State,
    preFixedRows: number[][] | null,
  ): void {
    const x = this.fixed;
    const frozenClaim = (r: Outcome, why: string): void => {
      const expected = op.k === "drop" ? 0 : false;
      if (!r.ok || r.value !== expected) {
        this.fail(`fixed ${fmtOp(op)} (${why}) returned ${JSON.stringify(r)}, doc says ${expected}`);
      }
      const after = engineState(x);
      if (after.rows !== preFixed.rows || after.score !== preFixed.score || after.piece !== preFixed.piece) {
        this.fail(`fixed ${fmtOp(op)} (${why}) changed the game; doc says it leaves it alone`);
      }
    };
    const compactionClaim = (r: Outcome, why: string): void => {
      if (preFixedRows === null) throw new Error("unreachable: no rows before checkLines");
      const { rows, n } = compact(preFixedRows);
      if (!r.ok || r.value !== n)
        this.fail(`fixed checkLines (${why}) returned ${JSON.stringify(r)}, expected ${n}`);
      const after = engineState(x);
      const lines = preFixed.lines + n;
      const score = preFixed.score + fixedLineScore(n) * preFixed.level;
      if (after.rows !== rowsKey(rows) || after.lines !== lines || after.score !== score) {
        this.fail(
          `fixed checkLines (${why}): rows/lines/score ${after.lines}/${after.score}, expected compaction, ${lines}/${score}`,
        );
      }
      if (after.level !== 1 + Math.floor(lines / 10)) this.fail(`fixed level after checkLines (${why})`);
    };

    if (this.fixedOff === null && defect === null) {
      // On the model's non-defective paths fixed mode must be the model.
      stats.fixedOpsTracked++;
      const r = applyEngine(x, op);
      this.lastFixed = r;
      if (JSON.stringify(r) !== JSON.stringify(o)) {
        this.fail(
          `fixed ${fmtOp(op)} returned ${JSON.stringify(r)}, model ${JSON.stringify(o)} (non-defective path)`,
        );
      }
      const so = oracleState(this.oracle);
      const sx = engineState(x);
      for (const key of ["score", "lines", "level", "gameOver", "rows", "piece"] as const) {
        if (so[key] !== sx[key]) {
          this.fail(
            `fixed state.${key} after ${fmtOp(op)}: ${JSON.stringify(sx[key])}, model ${JSON.stringify(so[key])}`,
          );
        }
      }
      // Fixed mode puts the orientation back after each failed rotation.
      if (
        so.orientation !== null &&
        sx.orientation !== (so.orientation - this.failedRotationsAfter(op, o) + 8) % 4
      ) {
        this.fail(`fixed orientation ${sx.orientation} after ${fmtOp(op)}, model ${so.orientation}`);
      }
      if (op.k === "rotate" && o.ok && o.value === false && sx.orientation !== preFixed.orientation) {
        this.fail("fixed: a failed rotation did not restore the orientation");
      }
      this.comparePrinted(this.fixedOut, "fixed");
      if (op.k === "checkLines") compactionClaim(r, "non-defective");
      return;
    }

    if (this.fixedOff === null && defect !== null) {
      this.fixedOff = defect;
      const r = applyEngine(x, op);
      this.lastFixed = r;
      switch (defect) {
        case "D1-failed-rotation":
          // The doc's claim (orientation restored) was checked at the failed rotation; from here on the
          // model rebuilds the shape in its advanced orientation and the two modes part.
          if (!r.ok) this.fail(`fixed ${fmtOp(op)} threw ${r.error}`);
          break;
        case "D3-after-game-over":
          frozenClaim(r, "after game over");
          break;
        case "D4-no-tetramino":
          frozenClaim(r, "before the first tetramino");
          if (o.ok) this.fail("model did not stop on the nil tetramino");
          break;
        case "D6-move-after-clearing-checkLines":
          frozenClaim(r, "after a clearing checkLines");
          break;
        case "D2-row1-clear":
          compactionClaim(r, "row 1 not empty");
          break;
        case "D5-over-4-rows":
          compactionClaim(r, "more than four rows");
          if (o.ok) this.fail("model did not stop on lineScores(n > 4)");
          break;
      }
      return;
    }

    // Off the model: only the state-independent claims of the doc.
    const t = x.getTetramino();
    const frozen = t === null;
    const r = applyEngine(x, op);
    if (!r.ok) this.fail(`fixed ${fmtOp(op)} threw ${r.error} (off the model after ${this.fixedOff})`);
    if (isMove(op) && frozen) frozenClaim(r, `frozen piece, off the model after ${this.fixedOff}`);
    if (op.k === "checkLines") compactionClaim(r, `off the model after ${this.fixedOff}`);
    if (op.k === "print" || op.k === "printOpts") {
      const expected = renderRows(x.getBoard().rows(), op);
      if (r.value !== expected) this.fail(`fixed ${fmtOp(op)} is not the print of its board`);
    }
  }

  /** Failed rotations of the current piece including the effect of `op`. */
  private failedRotationsAfter(op: Op, o: Outcome): number {
    if (op.k === "new") return 0;
    return this.failedRotations + (op.k === "rotate" && o.ok && o.value === false ? 1 : 0);
  }

  finish(): void {
    stats.sequences++;
    if (!this.stopped || this.ops.length > 0) {
      for (const [black, test] of PRINT_MODES) {
        if (this.oracle.printBoard(false, black, test) !== this.faithful.printBoard(false, black, test)) {
          this.fail(`faithful final print (blackConsole ${black}, testPrint ${test}) differs`);
        }
      }
    }
    if (this.checkFixed) {
      if (this.fixedOff === null) stats.fixedCleanSequences++;
      else bump(stats.fixedEnded, this.fixedOff);
    }
    if (this.oracle.getGameOver()) stats.gameOverSequences++;
    if (this.reachedLevel2) stats.levelAbove1Sequences++;
  }
}

/** Board print of a matrix, through the oracle's own getCellPrint. */
function renderRows(rows: number[][], op: Op): string {
  const black = op.k === "print" ? op.blackConsole : op.k === "printOpts" ? !op.color : true;
  const test = op.k === "print" ? op.testPrint : op.k === "printOpts" ? op.showHidden : true;
  const b = new Board();
  let s = "\n";
  for (let i = test ? 1 : 3; i <= 22; i++) {
    s += "|";
    for (let j = 1; j <= 10; j++) s += b.getCellPrint(rows[i - 1][j - 1], i, black);
    s += "|\n";
  }
  return `${s} ----------`;
}

// ---------------------------------------------------------------------------
// Intents: what the generator produces; expanded into operations against the current state
// ---------------------------------------------------------------------------

type CheckTiming = "after" | "skip" | "before";
type Intent =
  | { k: "op"; op: Op }
  | { k: "place"; id: number; rot: number; shift: number; check: CheckTiming }
  | { k: "greedy"; id: number; noise: number; check: CheckTiming }
  | { k: "wall"; id: number; side: "left" | "right"; rotations: number; followUp: MoveKind[] };

function hash32(a: number, b: number): number {
  let h = Math.imul(a ^ 0x9e3779b9, 0x85ebca6b) ^ Math.imul(b + 0x632be5ab, 0xc2b2ae35);
  h ^= h >>> 15;
  h = Math.imul(h, 0x2c1b3c6d);
  h ^= h >>> 12;
  return (h >>> 0) / 4294967296;
}

/** Board evaluation for the greedy player: clear lines, keep it flat, leave column 10 as a well. */
function evaluate(rows: number[][], well: boolean): number {
  let full = 0;
  for (const r of rows) if (r.every((c) => c !== 0)) full++;
  const kept = compact(rows).rows;
  let holes = 0;
  let agg = 0;
  let bumpiness = 0;
  let wellCells = 0;
  let prev = -1;
  for (let c = 0; c < 10; c++) {
    let h = 0;
    let seen = false;
    for (let r = 0; r < 22; r++) {
      if (kept[r][c] !== 0) {
        if (!seen) h = 22 - r;
        seen = true;
        if (c === 9) wellCells++;
      } else if (seen) holes++;
    }
    agg += h;
    if (prev >= 0) bumpiness += Math.abs(h - prev);
    prev = h;
  }
  const lineValue = full >= 4 ? 80 : well ? -2 * full : 8 * full;
  return lineValue - 0.5 * agg - 4 * holes - 0.4 * bumpiness - (well ? 3 * wellCells : 0);
}

function expand(h: Harness, intent: Intent): Op[] {
  const ops: Op[] = [];
  const shiftOps = (shift: number): void => {
    for (let i = 0; i < Math.abs(shift); i++) ops.push({ k: shift < 0 ? "left" : "right" });
  };
  const finish = (check: CheckTiming): void => {
    if (check === "before") ops.push({ k: "checkLines" });
    ops.push({ k: "drop" });
    if (check === "after") ops.push({ k: "checkLines" });
  };
  switch (intent.k) {
    case "op":
      return [intent.op];
    case "place":
      ops.push({ k: "new", id: intent.id });
      for (let i = 0; i < intent.rot; i++) ops.push({ k: "rotate" });
      shiftOps(intent.shift);
      finish(intent.check);
      return ops;
    case "wall":
      ops.push({ k: "new", id: intent.id });
      shiftOps(intent.side === "left" ? -6 : 6);
      for (let i = 0; i < intent.rotations; i++) ops.push({ k: "rotate" });
      for (const m of intent.followUp) ops.push({ k: m });
      ops.push({ k: "checkLines" });
      return ops;
    case "greedy": {
      ops.push({ k: "new", id: intent.id });
      const base = h.faithful.clone();
      base.newTetramino(intent.id);
      if (base.getGameOver()) {
        ops.push({ k: "drop" });
        return ops;
      }
      let best = { value: Number.NEGATIVE_INFINITY, rot: 0, shift: 0 };
      let idx = 0;
      // An O covers the same cells in every orientation: only its first needs planning.
      for (let rot = 0; rot < (intent.id === 4 ? 1 : 4); rot++) {
        for (let shift = -5; shift <= 5; shift++) {
          idx++;
          const c = base.clone();
          let ok = true;
          for (let i = 0; i < rot && ok; i++) ok = c.rotate();
          for (let i = 0; i < Math.abs(shift) && ok; i++) ok = shift < 0 ? c.left() : c.right();
          if (!ok) continue;
          c.drop();
          const noise = intent.noise * 6 * hash32(intent.noise * 7919 + intent.id, idx);
          const value = evaluate(c.getBoard().rows(), intent.noise < 2) + noise;
          if (value > best.value) best = { value, rot, shift };
        }
      }
      for (let i = 0; i < best.rot; i++) ops.push({ k: "rotate" });
      shiftOps(best.shift);
      finish(intent.check);
      return ops;
    }
  }
}

function run(intents: readonly Intent[], checkFixed = true): Harness {
  const h = new Harness(checkFixed);
  for (const intent of intents) {
    if (h.stopped) break;
    for (const op of expand(h, intent)) h.step(op);
  }
  h.finish();
  return h;
}

// --- arbitraries ----------------------------------------------------------------

const pieceId = fc.oneof(
  { weight: 3, arbitrary: fc.constant(1) },
  { weight: 6, arbitrary: fc.integer({ min: 1, max: 7 }) },
);
const moveKind = fc.constantFrom<MoveKind>("down", "left", "right", "rotate", "drop");
const rawOp: fc.Arbitrary<Op> = fc.oneof(
  { weight: 3, arbitrary: pieceId.map((id): Op => ({ k: "new", id })) },
  { weight: 8, arbitrary: moveKind.map((k): Op => ({ k })) },
  { weight: 2, arbitrary: fc.constant<Op>({ k: "checkLines" }) },
  {
    weight: 1,
    arbitrary: fc
      .tuple(fc.boolean(), fc.boolean(), fc.boolean())
      .map(([printNow, blackConsole, testPrint]): Op => ({ k: "print", printNow, blackConsole, testPrint })),
  },
  {
    weight: 1,
    arbitrary: fc
      .tuple(fc.boolean(), fc.boolean())
      .map(([color, showHidden]): Op => ({ k: "printOpts", color, showHidden })),
  },
);
const timing = fc.oneof(
  { weight: 6, arbitrary: fc.constant<CheckTiming>("after") },
  { weight: 2, arbitrary: fc.constant<CheckTiming>("skip") },
  { weight: 2, arbitrary: fc.constant<CheckTiming>("before") },
);
const placeIntent = fc
  .record({
    id: pieceId,
    rot: fc.integer({ min: 0, max: 3 }),
    shift: fc.integer({ min: -6, max: 6 }),
    check: timing,
  })
  .map((r): Intent => ({ k: "place", ...r }));
const junkIntent = fc
  .record({
    id: pieceId,
    rot: fc.integer({ min: 0, max: 1 }),
    shift: fc.integer({ min: -1, max: 1 }),
    check: timing,
  })
  .map((r): Intent => ({ k: "place", ...r }));
const greedyIntent = fc
  .record({ id: pieceId, noise: fc.integer({ min: 0, max: 3 }), check: timing })
  .map((r): Intent => ({ k: "greedy", ...r }));
const wallIntent = fc
  .record({
    id: pieceId,
    side: fc.constantFrom<"left" | "right">("left", "right"),
    rotations: fc.integer({ min: 1, max: 5 }),
    followUp: fc.array(moveKind, { maxLength: 4 }),
  })
  .map((r): Intent => ({ k: "wall", ...r }));
const opIntent = rawOp.map((op): Intent => ({ k: "op", op }));

const mixedSequence = fc.array(
  fc.oneof(
    { weight: 5, arbitrary: opIntent },
    { weight: 3, arbitrary: placeIntent },
    { weight: 5, arbitrary: greedyIntent },
    { weight: 2, arbitrary: wallIntent },
    { weight: 1, arbitrary: junkIntent },
  ),
  { minLength: 1, maxLength: 50 },
);
/** Long, mostly clean games: reach levels 2 and above with single to four-row clears. */
const longGame = fc.array(
  fc.oneof(
    {
      weight: 12,
      arbitrary: fc
        .record({
          id: fc.integer({ min: 1, max: 7 }),
          noise: fc.integer({ min: 0, max: 2 }),
          check: fc.constant<CheckTiming>("after"),
        })
        .map((r): Intent => ({ k: "greedy", ...r })),
    },
    { weight: 1, arbitrary: greedyIntent },
    { weight: 1, arbitrary: opIntent },
  ),
  { minLength: 60, maxLength: 120 },
);
/** Greedy placements without checkLines, then one checkLines: several (often more than four) rows at once. */
const burstGame = fc
  .array(
    fc.tuple(
      fc.array(fc.integer({ min: 1, max: 7 }), { minLength: 6, maxLength: 22 }),
      fc.integer({ min: 0, max: 1 }),
    ),
    { minLength: 1, maxLength: 3 },
  )
  .map((bursts) =>
    bursts.flatMap(([ids, noise]): Intent[] => [
      ...ids.map((id): Intent => ({ k: "greedy", id, noise, check: "skip" })),
      { k: "op", op: { k: "checkLines" } },
    ]),
  );
/** Stack up fast in the middle, then keep going past game over. */
const toppingOut = fc
  .tuple(
    fc.array(fc.oneof({ weight: 4, arbitrary: junkIntent }, { weight: 1, arbitrary: wallIntent }), {
      minLength: 6,
      maxLength: 16,
    }),
    fc.array(fc.oneof({ weight: 3, arbitrary: opIntent }, { weight: 1, arbitrary: placeIntent }), {
      maxLength: 25,
    }),
  )
  .map(([a, b]) => [...a, ...b]);
/** Pure raw operations: operations before the first piece, odd orders. */
const rawSequence = fc.array(opIntent, { minLength: 1, maxLength: 40 });

function property(arb: fc.Arbitrary<Intent[]>, numRuns: number, seed: number): void {
  fc.assert(
    fc.property(arb, (intents) => {
      run(intents);
    }),
    { numRuns, seed },
  );
}

// ---------------------------------------------------------------------------
// 1 + 2: generated sequences
// ---------------------------------------------------------------------------

describe("model oracle vs ClassicTetris: generated sequences", () => {
  afterAll(() => {
    const summary = {
      ...stats,
      fixedEnded: Object.fromEntries(stats.fixedEnded),
      oracleErrors: Object.fromEntries(stats.oracleErrors),
    };
    console.log(`model-oracle differential summary: ${JSON.stringify(summary)}`);
  });

  it("mixed sequences (raw operations, placements, greedy play, wall rotations)", () => {
    property(mixedSequence, 1100, 2002);
  });

  it("long games reaching levels above 1", () => {
    property(longGame, 70, 3003);
  });

  it("bursts of placements without checkLines", () => {
    property(burstGame, 120, 6006);
  });

  it("stacks that top out, followed by more operations", () => {
    property(toppingOut, 750, 4004);
  });

  it("raw operation sequences", () => {
    property(rawSequence, 800, 5005);
  });

  it("the generators reached the interesting states", () => {
    expect(stats.clears[1]).toBeGreaterThan(100);
    expect(stats.clears[2]).toBeGreaterThan(20);
    expect(stats.clears[3]).toBeGreaterThan(5);
    expect(stats.clears[4]).toBeGreaterThan(5);
    expect(stats.clears[5]).toBeGreaterThan(0);
    expect(stats.maxLevel).toBeGreaterThanOrEqual(3);
    expect(stats.levelAbove1Sequences).toBeGreaterThan(15);
    expect(stats.failedRotations).toBeGreaterThan(100);
    expect(stats.failedSpawns).toBeGreaterThan(200);
    expect(stats.opsAfterGameOver).toBeGreaterThan(500);
    expect(stats.checkLinesWithMovablePiece).toBeGreaterThan(10);
    expect(stats.clearsWithRow1Content).toBeGreaterThan(0);
    expect(stats.fixedCleanSequences).toBeGreaterThan(300);
    for (const d of ["D1-failed-rotation", "D2-row1-clear", "D4-no-tetramino"] as const) {
      expect(stats.fixedEnded.get(d) ?? 0, d).toBeGreaterThan(0);
    }
  });
});

// ---------------------------------------------------------------------------
// 3: hand-written scenarios in the style of the model's TestTetris
// ---------------------------------------------------------------------------

/** Runs `ops` through the harness (so faithful and fixed are compared on the way) and returns it. */
function scenario(ops: Op[]): Harness {
  const h = new Harness();
  for (const op of ops) h.step(op);
  return h;
}
const rep = (n: number, op: Op): Op[] => Array.from({ length: n }, () => op);
const D: Op = { k: "down" };
const L: Op = { k: "left" };
const R: Op = { k: "right" };
const ROT: Op = { k: "rotate" };
const DROP: Op = { k: "drop" };
const CHECK: Op = { k: "checkLines" };
const NEW = (id: number): Op => ({ k: "new", id });

/** Cells holding `id`, sorted, as "r,c" strings. */
function cellsOf(rows: number[][], id: number): string[] {
  const out: string[] = [];
  rows.forEach((r, i) => {
    r.forEach((c, j) => {
      if (c === id) out.push(`${i + 1},${j + 1}`);
    });
  });
  return out.sort();
}
const sortCells = (cells: [number, number][]): string[] => cells.map(([r, c]) => `${r},${c}`).sort();

describe("model oracle: hand-written scenarios", () => {
  // Minoes in order, worked out by hand from getNextMino/getRotatedMino: spawn, then four rows down, then
  // after each of four rotations (the fourth brings the piece back).
  const ORIENTATIONS: Record<number, { spawn: [number, number][]; turns: [number, number][][] }> = {
    1: {
      spawn: [
        [2, 4],
        [2, 5],
        [2, 6],
        [2, 7],
      ],
      turns: [
        [
          [6, 4],
          [6, 5],
          [6, 6],
          [6, 7],
        ],
        [
          [5, 6],
          [6, 6],
          [7, 6],
          [8, 6],
        ],
        [
          [7, 7],
          [7, 6],
          [7, 5],
          [7, 4],
        ],
        [
          [8, 5],
          [7, 5],
          [6, 5],
          [5, 5],
        ],
      ],
    },
    2: {
      spawn: [
        [1, 4],
        [2, 4],
        [2, 5],
        [2, 6],
      ],
      turns: [
        [
          [5, 4],
          [6, 4],
          [6, 5],
          [6, 6],
        ],
        [
          [5, 6],
          [5, 5],
          [6, 5],
          [7, 5],
        ],
        [
          [7, 6],
          [6, 6],
          [6, 5],
          [6, 4],
        ],
        [
          [7, 4],
          [7, 5],
          [6, 5],
          [5, 5],
        ],
      ],
    },
    3: {
      spawn: [
        [1, 6],
        [2, 6],
        [2, 5],
        [2, 4],
      ],
      turns: [
        [
          [5, 6],
          [6, 6],
          [6, 5],
          [6, 4],
        ],
        [
          [7, 6],
          [7, 5],
          [6, 5],
          [5, 5],
        ],
        [
          [7, 4],
          [6, 4],
          [6, 5],
          [6, 6],
        ],
        [
          [5, 4],
          [5, 5],
          [6, 5],
          [7, 5],
        ],
      ],
    },
    4: {
      spawn: [
        [1, 5],
        [1, 6],
        [2, 6],
        [2, 5],
      ],
      turns: [
        [
          [5, 5],
          [5, 6],
          [6, 6],
          [6, 5],
        ],
        [
          [5, 6],
          [6, 6],
          [6, 5],
          [5, 5],
        ],
        [
          [6, 6],
          [6, 5],
          [5, 5],
          [5, 6],
        ],
        [
          [6, 5],
          [5, 5],
          [5, 6],
          [6, 6],
        ],
      ],
    },
    5: {
      spawn: [
        [1, 6],
        [1, 5],
        [2, 5],
        [2, 4],
      ],
      turns: [
        [
          [5, 6],
          [5, 5],
          [6, 5],
          [6, 4],
        ],
        [
          [7, 6],
          [6, 6],
          [6, 5],
          [5, 5],
        ],
        [
          [7, 4],
          [7, 5],
          [6, 5],
          [6, 6],
        ],
        [
          [5, 4],
          [6, 4],
          [6, 5],
          [7, 5],
        ],
      ],
    },
    6: {
      spawn: [
        [1, 5],
        [2, 4],
        [2, 5],
        [2, 6],
      ],
      turns: [
        [
          [5, 5],
          [6, 4],
          [6, 5],
          [6, 6],
        ],
        [
          [6, 6],
          [5, 5],
          [6, 5],
          [7, 5],
        ],
        [
          [7, 5],
          [6, 6],
          [6, 5],
          [6, 4],
        ],
        [
          [6, 4],
          [7, 5],
          [6, 5],
          [5, 5],
        ],
      ],
    },
    7: {
      spawn: [
        [1, 4],
        [1, 5],
        [2, 5],
        [2, 6],
      ],
      turns: [
        [
          [5, 4],
          [5, 5],
          [6, 5],
          [6, 6],
        ],
        [
          [5, 6],
          [6, 6],
          [6, 5],
          [7, 5],
        ],
        [
          [7, 6],
          [7, 5],
          [6, 5],
          [6, 4],
        ],
        [
          [7, 4],
          [6, 4],
          [6, 5],
          [5, 5],
        ],
      ],
    },
  };

  it("spawns every piece in its cells and turns it through its four orientations", () => {
    for (let id = 1; id <= 7; id++) {
      const { spawn, turns } = ORIENTATIONS[id];
      const h = scenario([NEW(id)]);
      expect(h.oracle.getTetramino()?.getMinoes(), `spawn ${id}`).toEqual(spawn);
      expect(cellsOf(h.oracle.getBoard().snapshot(), id)).toEqual(sortCells(spawn));
      for (const op of rep(4, D)) h.step(op);
      expect(h.oracle.getTetramino()?.getMinoes()).toEqual(turns[0]);
      for (let k = 1; k <= 4; k++) {
        h.step(ROT);
        const expected = turns[k % 4];
        expect(h.oracle.getTetramino()?.getOrientation()).toBe(k % 4);
        expect(h.oracle.getTetramino()?.getMinoes(), `piece ${id} turn ${k}`).toEqual(expected);
        expect(h.faithful.getTetramino()?.minoes).toEqual(expected);
        expect(cellsOf(h.faithful.getBoard().rows(), id)).toEqual(sortCells(expected));
        expect(cellsOf(h.fixed.getBoard().rows(), id)).toEqual(sortCells(expected));
      }
      expect(h.fixedOff).toBeNull();
    }
  });

  it("prints the spawn of a J exactly, with and without the hidden rows", () => {
    const h = scenario([NEW(2)]);
    const empty = "|##########|\n";
    expect(h.oracle.printBoard(false, true, true)).toBe(
      `\n|   *      |\n|   ***    |\n${empty.repeat(20)} ----------`,
    );
    expect(h.oracle.printBoard(false, true, false)).toBe(`\n${empty.repeat(20)} ----------`);
    const blue = "\u001B[38;5;21m*\u001B[0m";
    expect(h.oracle.printBoard(false, false, true)).toBe(
      `\n|   ${blue}      |\n|   ${blue}${blue}${blue}    |\n${"|          |\n".repeat(20)} ----------`,
    );
    h.step({ k: "print", printNow: true, blackConsole: true, testPrint: true });
    expect(h.oracleOut).toEqual([h.oracle.printBoard(false, true, true)]);
    expect(h.faithfulOut).toEqual(h.oracleOut);
    expect(h.faithful.printBoard({ showHidden: true })).toBe(h.oracle.printBoard(false, true, true));
  });

  it("clears lines at levels 1 and 2 with exact scores", () => {
    const o: Op[] = [];
    // Five Os side by side: each drops 20 rows (20 x level 1), the fifth completes two rows: 300 x 1.
    for (const shift of [-4, -2, 0, 2, 4]) {
      o.push(NEW(4), ...rep(Math.abs(shift), shift < 0 ? L : R), DROP, CHECK);
    }
    const h = scenario(o);
    expect([h.oracle.getScore(), h.oracle.getLines(), h.oracle.getLevel()]).toEqual([5 * 20 + 300, 2, 1]);
    expect(h.oracle.printBoard(false, true, false)).toBe(`\n${"|##########|\n".repeat(20)} ----------`);
    // Two rounds of ten vertical Is (spawned in column 6 after the turn, each drops 18): two tetrises at level 1.
    for (let round = 0; round < 2; round++) {
      for (let col = 1; col <= 10; col++) {
        const shift = col - 6;
        for (const op of [NEW(1), ROT, ...rep(Math.abs(shift), shift < 0 ? L : R), DROP, CHECK]) h.step(op);
      }
    }
    expect([h.oracle.getScore(), h.oracle.getLines(), h.oracle.getLevel()]).toEqual([
      400 + 2 * (180 + 800),
      10,
      2,
    ]);
    // At level 2: two flat Is and an O, a single (100 x 2), drops of 20 rows count twice.
    for (const op of [
      NEW(1),
      L,
      L,
      L,
      DROP,
      CHECK,
      NEW(1),
      R,
      DROP,
      CHECK,
      NEW(4),
      R,
      R,
      R,
      R,
      DROP,
      CHECK,
    ]) {
      h.step(op);
    }
    expect([h.oracle.getScore(), h.oracle.getLines(), h.oracle.getLevel()]).toEqual([
      2360 + 3 * 40 + 200,
      11,
      2,
    ]);
    expect(h.oracle.printBoard(false, true, false)).toBe(
      `\n${"|##########|\n".repeat(19)}|########**|\n ----------`,
    );
    for (const e of [h.faithful, h.fixed]) {
      expect([e.getScore(), e.getLines(), e.getLevel()]).toEqual([2680, 11, 2]);
    }
    expect(h.fixedOff).toBeNull();
  });

  it("model quirk: a failed rotation advances the orientation (a vertical I at the left wall is stuck)", () => {
    const h = scenario([NEW(1), ROT, ...rep(5, L)]);
    expect(h.oracle.getTetramino()?.getMinoes()).toEqual([
      [1, 1],
      [2, 1],
      [3, 1],
      [4, 1],
    ]);
    h.step(ROT);
    expect(h.oracle.getTetramino()?.getOrientation()).toBe(2);
    expect(h.fixed.getTetramino()?.orientation).toBe(1);
    h.step(D);
    // The model rebuilds the I lying in orientation 2 from [2,1]: [2,0] is off the board, so it cannot move.
    expect(h.lastOracle).toEqual({ ok: true, value: false });
    expect(h.lastFixed).toEqual({ ok: true, value: true });
    expect(h.fixedOff).toBe("D1-failed-rotation");
    expect(h.fixed.getTetramino()?.minoes[0]).toEqual([2, 1]);
  });

  it("model quirk: clearing a row copies row 1 down and leaves it in place", () => {
    // Five Os fill rows 21-22 (no checkLines yet); a J spawns in rows 1-2; checkLines clears two rows.
    const h = scenario([
      NEW(4),
      ...rep(4, L),
      DROP,
      NEW(4),
      ...rep(2, L),
      DROP,
      NEW(4),
      DROP,
      NEW(4),
      ...rep(2, R),
      DROP,
      NEW(4),
      ...rep(4, R),
      DROP,
      NEW(2),
      CHECK,
    ]);
    expect(h.oracle.getLines()).toBe(2);
    // Each of the two clears copies row 1 (the J's top mino) down and keeps it: three copies above the J.
    const rows = h.oracle.getBoard().snapshot();
    const top = [0, 0, 0, 2, 0, 0, 0, 0, 0, 0];
    expect(rows.slice(0, 4)).toEqual([top, top, top, [0, 0, 0, 2, 2, 2, 0, 0, 0, 0]]);
    expect(h.fixedOff).toBe("D2-row1-clear");
    expect(h.fixed.getBoard().rows().slice(0, 4)).toEqual([
      new Array(10).fill(0),
      new Array(10).fill(0),
      top,
      [0, 0, 0, 2, 2, 2, 0, 0, 0, 0],
    ]);
  });

  it("model quirk: after a failed spawn the default minoes [1,1]..[1,4] move", () => {
    const ops: Op[] = [];
    for (let i = 0; i < 12; i++) ops.push(NEW(4), DROP);
    ops.pop();
    const h = scenario(ops);
    expect(h.oracle.getGameOver()).toBe(true);
    expect(h.oracle.getTetramino()?.getMinoes()).toEqual([
      [1, 1],
      [1, 2],
      [1, 3],
      [1, 4],
    ]);
    // Dropping the failed O runs on the default minoes: it removes row 1 columns 1-4 (empty here), builds an
    // O from [2,1] and lets it fall 20 rows to the floor, scoring 20. Section 3 says so, and fixed mode keeps it.
    const before = h.oracle.getScore();
    h.step(DROP);
    expect(h.oracle.getScore() - before).toBe(20);
    expect(h.lastOracle).toEqual({ ok: true, value: 20 });
    expect(h.lastFixed).toEqual({ ok: true, value: 20 });
    expect(h.oracle.getTetramino()?.getMinoes()).toEqual([
      [21, 1],
      [21, 2],
      [22, 2],
      [22, 1],
    ]);
    // Visible in the ordinary print: the bottom rows show the O at columns 1-2, in both modes.
    const bottom = ["|**##**####|", "|**##**####|", " ----------"];
    expect(h.oracle.printBoard(false, true, false).split("\n").slice(-3)).toEqual(bottom);
    expect(h.fixed.printBoard(false, true, false).split("\n").slice(-3)).toEqual(bottom);
    expect(h.fixedOff).toBeNull();
  });

  it("the model stops on a nil tetramino and on five rows at once", () => {
    const h = scenario([D]);
    expect(h.stopped).toBe(true);
    expect(h.fixedOff).toBe("D4-no-tetramino");
    // Five rows: ten vertical Is in column pairs, plus flat Is, without checkLines in between.
    const ops: Op[] = [];
    for (let col = 1; col <= 10; col++) {
      const shift = col - 6;
      ops.push(NEW(1), ROT, ...rep(Math.abs(shift), shift < 0 ? L : R), DROP);
    }
    ops.push(NEW(1), L, L, L, DROP, NEW(1), R, DROP, NEW(4), R, R, R, R, DROP, CHECK);
    const g = scenario(ops);
    expect(g.stopped).toBe(true);
    expect(g.oracle.getLines()).toBe(5);
    expect(g.fixedOff).toBe("D5-over-4-rows");
    expect([g.fixed.getLines(), g.fixed.getScore() - g.faithful.getScore()]).toEqual([5, 900]);
  });
});
