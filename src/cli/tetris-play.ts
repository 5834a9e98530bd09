/**
 * Terminal play for both Tetris engines: a session adapts an engine to the keys and the screen, and
 * `playInTerminal` runs it in raw mode with gravity from a timer. No rule lives here: the engines decide.
 */

import { join } from "node:path";
import { type ClassicTetris, MAX_COLUMN, MAX_ROW } from "../games/tetris/classic.ts";
import type { RandomizerKind } from "../games/tetris/guideline/bag.ts";
import type { Action, GuidelineGame } from "../games/tetris/guideline/engine.ts";
import { type GameMode, MODE_RULES } from "../games/tetris/guideline/modes.ts";
import { secondsPerRow } from "../games/tetris/guideline/scoring.ts";
import { Handling, type HandlingSettings, RepeatKeys } from "../games/tetris/handling.ts";
import { clearName, formatTime, GuidelinePlay, type PlayResults, resultLines } from "../games/tetris/play.ts";
import { ClassicRecorder, type ReplayFile } from "../games/tetris/replay.ts";
import { checkDataFile, dataDir, writeJsonAtomic } from "./store.ts";
import { type Key, startRawSession } from "./terminal/keys.ts";
import {
  addScore,
  bestEntry,
  type HighScore,
  loadScores,
  type ScoreMode,
  saveScores,
} from "./tetris-scores.ts";
import { fitScreen, renderScreen, type ScreenCell, type ScreenView } from "./tetris-screen.ts";

export type PlayerAction = Action | "pause" | "quit";

/** What a key does. Arrows, the model's keys (a, d, s, f) and a few more. */
export function actionForKey(key: Key): PlayerAction | null {
  if (key.ctrl && key.name === "c") return "quit";
  if (key.ctrl || key.meta) return null;
  switch (key.name) {
    case "left":
    case "a":
    case "h":
      return "left";
    case "right":
    case "d":
    case "l":
      return "right";
    case "up":
    case "s":
    case "x":
    case "k":
      return "rotateCW";
    case "z":
    case "Z":
      return "rotateCCW";
    case "v":
    case "V":
      return "rotate180";
    case "down":
    case "j":
      return "softDrop";
    case "space":
    case "f":
      return "hardDrop";
    case "c":
    case "C":
      return "hold";
    case "p":
    case "escape":
      return "pause";
    case "q":
    case "Q":
      return "quit";
    default:
      return null;
  }
}

export interface PlaySession {
  readonly mode: ScoreMode;
  readonly seed: number;
  /** Runs gravity up to game time `ms`. */
  tick(ms: number): void;
  act(ms: number, action: Action): void;
  view(): ScreenView;
  isOver(): boolean;
  result(): { score: number; lines: number; level: number };
  replay(): ReplayFile;
  /** Pieces locked so far. */
  pieces(): number;
  /** The results screen's lines, for a game of a guideline mode. */
  results?(): PlayResults;
}

function emptyCells(rows: number): ScreenCell[][] {
  return Array.from({ length: rows }, () =>
    Array.from({ length: 10 }, () => ({ id: 0, kind: "empty" as const })),
  );
}

/** The model's game driven the way its Java Main drives it, with gravity added: a failed `down` locks. */
export class ClassicSession implements PlaySession {
  readonly mode = "classic";
  readonly seed: number;
  private readonly recorder: ClassicRecorder;
  private nextFallAt: number;
  private locks = 0;

  constructor(seed: number, faithful = false) {
    this.seed = seed;
    this.recorder = new ClassicRecorder(seed, faithful);
    this.recorder.call(0, "newRandomTetramino");
    this.nextFallAt = this.gravityMs();
  }

  get game(): ClassicTetris {
    return this.recorder.game;
  }

  private gravityMs(): number {
    return secondsPerRow(this.game.getLevel()) * 1000;
  }

  pieces(): number {
    return this.locks;
  }

  private lock(ms: number): void {
    this.locks++;
    this.recorder.call(ms, "checkLines");
    this.recorder.call(ms, "newRandomTetramino");
    this.nextFallAt = ms + this.gravityMs();
  }

  tick(ms: number): void {
    while (!this.isOver() && this.nextFallAt <= ms) {
      const at = this.nextFallAt;
      this.nextFallAt += this.gravityMs();
      if (!this.recorder.call(at, "down")) this.lock(at);
    }
  }

  act(ms: number, action: Action): void {
    if (this.isOver()) return;
    switch (action) {
      case "left":
      case "right":
        this.recorder.call(ms, action);
        break;
      case "rotateCW":
        this.recorder.call(ms, "rotate");
        break;
      case "softDrop":
        if (this.recorder.call(ms, "down")) this.nextFallAt = ms + this.gravityMs();
        else this.lock(ms);
        break;
      case "hardDrop":
        this.recorder.call(ms, "drop");
        this.lock(ms);
        break;
      default:
        break; // the model has no counter-rotation and no hold
    }
  }

  view(): ScreenView {
    return classicView(this.game, this.seed);
  }

  isOver(): boolean {
    return this.game.getGameOver();
  }

  result() {
    return { score: this.game.getScore(), lines: this.game.getLines(), level: this.game.getLevel() };
  }

  replay(): ReplayFile {
    return this.recorder.replay();
  }
}

export class GuidelineSession implements PlaySession {
  readonly mode: GameMode;
  readonly seed: number;
  readonly play: GuidelinePlay;

  constructor(
    seed: number,
    randomizer: RandomizerKind = "bag",
    startLevel = 1,
    gameMode: GameMode = "endless",
    play?: GuidelinePlay,
  ) {
    this.play = play ?? new GuidelinePlay({ seed, randomizer, startLevel, gameMode });
    this.seed = this.game.options.seed;
    this.mode = this.game.options.gameMode;
  }

  get game(): GuidelineGame {
    return this.play.game;
  }

  tick(ms: number): void {
    this.play.tick(ms);
  }

  act(ms: number, action: Action): void {
    this.play.act(ms, action);
  }

  view(): ScreenView {
    const g = this.game;
    const height = g.options.visibleRows;
    const cells = emptyCells(height);
    const put = (x: number, y: number, cell: ScreenCell) => {
      if (y >= 0 && y < height) cells[height - 1 - y]![x] = cell;
    };
    for (let y = 0; y < height; y++) {
      for (let x = 0; x < 10; x++) {
        const id = g.cellAt(x, y);
        if (id > 0) put(x, y, { id, kind: "stack" });
      }
    }
    const piece = g.getPiece();
    if (piece) {
      for (const [x, y] of g.ghostCells()) put(x, y, { id: piece.id, kind: "ghost" });
      for (const [x, y] of g.pieceCells()) put(x, y, { id: piece.id, kind: "piece" });
    }
    const status: string[] = [];
    const clear = g.getLastClear();
    if (clear) {
      status.push(clearName(clear));
      if (clear.perfectClear) status.push("PERFECT CLEAR");
    }
    const rules = MODE_RULES[this.mode];
    const time = rules.timeMs === undefined ? g.now : rules.timeMs - g.now;
    const stats = [`Time:  ${formatTime(time)}${rules.timeMs === undefined ? "" : " left"}`];
    if (rules.lines !== undefined)
      stats.push(`Goal:  ${Math.max(0, rules.lines - g.getLines())} lines to go`);
    return {
      title: `tsol tetris: ${rules.title} (${g.options.randomizer === "bag" ? "7-bag" : "uniform"}) seed ${this.seed}`,
      mode: "guideline",
      cells,
      next: g.getNext(),
      hold: g.getHold(),
      score: g.getScore(),
      lines: g.getLines(),
      level: g.getLevel(),
      best: "0",
      stats,
      status,
    };
  }

  pieces(): number {
    return this.game.getPieces();
  }

  isOver(): boolean {
    return this.game.getGameOver() !== null;
  }

  result() {
    return { score: this.game.getScore(), lines: this.game.getLines(), level: this.game.getLevel() };
  }

  results(): PlayResults {
    return this.play.results();
  }

  replay(): ReplayFile {
    return this.play.replay();
  }
}

/** What messages call the last game's replay file. */
const REPLAY = "last game's replay";

export function lastReplayPath(): string {
  return join(dataDir(), "tetris-last-replay.json");
}

export interface TerminalOptions {
  color: boolean;
  /** Called to pick the next action in watch mode (the AI); null when a person plays. */
  autopilot?: (session: PlaySession, ms: number) => void;
  /** Milliseconds between frames. */
  frameMs?: number;
  /** DAS, ARR, DCD and soft drop factor for a guideline game (the terminal's own auto shift). */
  handling?: HandlingSettings;
}

export const TERMINAL_HANDLING: HandlingSettings = { das: 150, arr: 30, dcd: 0, sdf: 20 };

/** The best of a mode as the panel shows it: a sprint's time, else points. */
function bestText(mode: ScoreMode, best: HighScore | undefined): string {
  if (!best) return "-";
  return mode === "sprint" ? formatTime(best.timeMs) : String(best.score);
}

/**
 * Plays a session in the terminal until the player quits or the game ends and the player leaves. Resolves with
 * the final result once the terminal has been restored and the high score and replay saved.
 */
export function playInTerminal(
  session: PlaySession,
  options: TerminalOptions,
): Promise<{
  score: number;
  lines: number;
  level: number;
  rank: number;
  notes: string[];
  results?: PlayResults;
}> {
  // Before anything is drawn: a named pipe or a folder where the game keeps its files is refused at once
  // (DataFileError), not found out at the end of a game that could not be saved.
  checkDataFile(lastReplayPath(), REPLAY);
  const { table, problem } = loadScores();
  const best = bestText(session.mode, bestEntry(table, session.mode));
  const messages: string[] = problem
    ? ["High score file problem:", ...wrap(problem, 50), "(a new file is written)"]
    : [];
  let paused = false;
  let tooSmall = false;
  let pausedAt = 0;
  let pausedTotal = 0;
  const started = Date.now();
  const stopped = () => paused || tooSmall;
  const gameMs = () => (stopped() ? pausedAt : Date.now()) - started - pausedTotal;
  const setStopped = (pause: boolean, small: boolean) => {
    const was = stopped();
    if (!was && (pause || small)) pausedAt = Date.now();
    if (was && !pause && !small) pausedTotal += Date.now() - pausedAt;
    paused = pause;
    tooSmall = small;
  };
  let finished = false;
  let rank = 0;
  let recorded = false;
  // A guideline game gets tsol's own auto shift from the terminal's key repeats; the classic model moves a cell a key.
  const guideline = session instanceof GuidelineSession ? session : null;
  const handling = guideline ? new Handling(guideline.play, options.handling ?? TERMINAL_HANDLING) : null;
  const keys = handling && guideline ? new RepeatKeys(handling, (a) => guideline.play.retract(a)) : null;

  return new Promise((resolve) => {
    let timer: NodeJS.Timeout | undefined;
    const record = () => {
      if (recorded) return;
      recorded = true;
      const result = session.result();
      const r = session.results?.();
      // The AI's games (watch mode) stay out of the players' table.
      rank = options.autopilot
        ? 0
        : addScore(table, session.mode, {
            ...result,
            seed: session.seed,
            date: new Date().toISOString(),
            timeMs: Math.floor(r?.timeMs ?? 0),
            pieces: r?.pieces ?? 0,
            complete: r?.complete ?? false,
          });
    };
    const finish = () => {
      if (finished) return;
      finished = true;
      if (timer) clearInterval(timer);
      process.stdout.off("resize", onResize);
      raw.stop();
      record();
      const notes: string[] = [];
      try {
        if (!options.autopilot) saveScores(table);
        writeJsonAtomic(lastReplayPath(), session.replay(), REPLAY);
      } catch (error) {
        notes.push(`could not save: ${(error as Error).message}`);
      }
      resolve({ ...session.result(), rank, notes, results: session.results?.() });
    };
    const draw = (clear = false) => {
      const columns = process.stdout.columns || 80;
      const rows = process.stdout.rows || 24;
      const view = session.view();
      view.best = best;
      let status = [...view.status];
      if (paused) status.unshift("PAUSED (p to resume)");
      if (session.isOver()) {
        record();
        const r = session.results?.();
        const head = r?.complete ? "FINISHED" : "GAME OVER";
        const placed =
          rank > 0
            ? `#${rank} in your ${session.mode} bests`
            : options.autopilot
              ? "(the AI's game: not kept)"
              : "";
        status = [head, ...(placed ? [placed] : [])];
        if (r) {
          view.results = [
            ...status,
            "",
            ...resultLines(r)
              .slice(1)
              .map(([k, v]) => `${k}: ${v}`),
            "",
          ];
          status = [];
        }
        status.push("press q or Enter to leave");
      }
      view.status = [...status, ...messages];
      const lines = fitScreen(renderScreen(view, options.color), columns, rows);
      const small = lines === null;
      if (small !== tooSmall) setStopped(paused, small);
      const text = small
        ? [
            `Terminal too small: ${columns} x ${rows}.`,
            "tsol tetris needs 46 x 22 at least;",
            "make the window larger. (paused)",
          ].map((l) => l.slice(0, columns))
        : lines;
      raw.write(`${clear ? "\u001B[2J" : ""}\u001B[H${text.map((l) => `${l}\u001B[K`).join("\r\n")}\u001B[J`);
    };
    const onResize = () => draw(true);
    const raw = startRawSession((key) => {
      if (finished) return;
      const action = actionForKey(key);
      if (session.isOver()) {
        if (action === "quit" || key.name === "enter" || action === "pause") finish();
        return;
      }
      if (action === "quit") return finish();
      if (action === "pause") {
        setStopped(!paused, tooSmall);
        if (paused) handling?.releaseAll();
      } else if (action && !stopped() && !options.autopilot) {
        if (keys) keys.event(action, gameMs());
        else session.act(gameMs(), action);
      }
      draw();
    });
    process.stdout.on("resize", onResize);
    timer = setInterval(() => {
      if (stopped() || finished) return;
      const ms = gameMs();
      if (options.autopilot && !session.isOver()) options.autopilot(session, ms);
      keys?.update(ms);
      session.tick(ms);
      draw();
    }, options.frameMs ?? 16);
    draw(true);
  });
}

function wrap(text: string, width: number): string[] {
  const out: string[] = [];
  let line = "";
  for (const word of text.split(" ")) {
    if (line && line.length + word.length + 1 > width) {
      out.push(line);
      line = word;
    } else line = line ? `${line} ${word}` : word;
  }
  if (line) out.push(line);
  return out;
}

export function newSession(
  mode: ScoreMode,
  seed: number,
  randomizer: RandomizerKind,
  faithful: boolean,
  level = 1,
) {
  return mode === "classic"
    ? new ClassicSession(seed, faithful)
    : new GuidelineSession(seed, randomizer, level, mode);
}

/** The screen of a classic game (played, or watched in a replay). */
export function classicView(game: ClassicTetris, seed: number): ScreenView {
  const rows = game
    .getBoard()
    .rows()
    .slice(MAX_ROW - 20);
  const cells = emptyCells(20);
  const piece = game.getTetramino();
  const pieceKeys = new Set(piece?.active ? piece.minoes.map(([r, c]) => `${r},${c}`) : []);
  rows.forEach((row, i) => {
    row.forEach((id, c) => {
      if (id !== 0) cells[i]![c] = { id, kind: pieceKeys.has(`${i + 3},${c + 1}`) ? "piece" : "stack" };
    });
  });
  if (piece?.active) {
    const ghost = game.clone();
    ghost.drop();
    for (const [r, c] of ghost.getTetramino()!.minoes) {
      if (r >= 3 && r <= MAX_ROW && c >= 1 && c <= MAX_COLUMN && cells[r - 3]![c - 1]!.kind === "empty") {
        cells[r - 3]![c - 1] = { id: piece.id, kind: "ghost" };
      }
    }
  }
  return {
    title: `tsol tetris: classic (VDM++ model${game.faithful ? ", faithful" : ""}) seed ${seed}`,
    mode: "classic",
    cells,
    next: [game.previewRandomTetramino()],
    hold: undefined,
    score: game.getScore(),
    lines: game.getLines(),
    level: game.getLevel(),
    best: "0",
    stats: [],
    status: [],
  };
}
