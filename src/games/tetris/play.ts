/**
 * A guideline game as a player plays it: the engine, plus what the engine cannot know, the key presses (an
 * auto-repeated move is not a press), from which keys per piece and finesse faults are counted. Both front-ends
 * play through it; its results are the results screen and the personal bests.
 */

import { finessePresses } from "./finesse.ts";
import {
  type Action,
  type ClearCounts,
  type GameOverReason,
  GuidelineGame,
  type GuidelineOptions,
} from "./guideline/engine.ts";
import { type GameMode, MODE_RULES } from "./guideline/modes.ts";
import type { ClearEvent } from "./guideline/scoring.ts";
import { type GuidelineReplay, guidelineReplay } from "./replay.ts";

export interface PlayResults {
  mode: GameMode;
  /** The mode's end was reached (its lines, or its time), rather than a top-out or the player leaving. */
  complete: boolean;
  reason: GameOverReason | null;
  timeMs: number;
  score: number;
  lines: number;
  level: number;
  pieces: number;
  piecesPerSecond: number;
  keys: number;
  keysPerPiece: number;
  finesseFaults: number;
  counts: ClearCounts;
  attack: number;
  attackPerMinute: number;
}

const MOVES: ReadonlySet<Action> = new Set(["left", "right", "rotateCW", "rotateCCW", "rotate180"]);

export class GuidelinePlay {
  readonly game: GuidelineGame;
  private keys = 0;
  private faults = 0;
  private piecePresses = 0;
  private judged = 0;

  /** A new game, or a game already played (a replay's) with the keys and faults it recorded. */
  constructor(source: GuidelineOptions | GuidelineGame, recorded = { keys: 0, finesseFaults: 0 }) {
    this.game = source instanceof GuidelineGame ? source : new GuidelineGame(source);
    this.keys = recorded.keys;
    this.faults = recorded.finesseFaults;
    this.judged = this.game.getPieces();
  }

  get mode(): GameMode {
    return this.game.options.gameMode;
  }

  /** A key went down (not an auto-repeat): counted for keys per piece, and for finesse if it moves or turns. */
  press(action: Action): void {
    if (this.game.getGameOver()) return;
    this.keys++;
    if (MOVES.has(action)) this.piecePresses++;
  }

  /** Takes back a press that turned out to be a key's repeat (a terminal cannot tell at once). */
  retract(action: Action): void {
    if (this.keys > 0) this.keys--;
    if (MOVES.has(action) && this.piecePresses > 0) this.piecePresses--;
  }

  /** For the handling: milliseconds a row falls now, and the pieces locked so far. */
  gravityMs(): number {
    return this.game.gravityMs();
  }

  pieces(): number {
    return this.game.getPieces();
  }

  act(ms: number, action: Action): boolean {
    if (this.game.getGameOver()) return false;
    // Whole milliseconds: a replay (and its link) keeps the times exactly.
    const done = this.game.input(Math.max(Math.round(ms), this.game.now), action);
    this.judge();
    return done;
  }

  tick(ms: number): void {
    if (this.game.getGameOver()) return;
    this.game.advance(Math.max(Math.round(ms), this.game.now));
    this.judge();
  }

  /** After a lock: a fault when the piece took more presses than the fewest that place it (not judged when soft dropped). */
  private judge(): void {
    const pieces = this.game.getPieces();
    if (pieces === this.judged) return;
    this.judged = pieces;
    const lock = this.game.getLastLock();
    if (lock && !lock.softDropped && this.piecePresses > finessePresses(lock.id, lock.rotation, lock.x)) {
      this.faults++;
    }
    this.piecePresses = 0;
  }

  results(): PlayResults {
    const g = this.game;
    const timeMs = g.now;
    const pieces = g.getPieces();
    const counts = g.getCounts();
    const minutes = timeMs / 60_000;
    return {
      mode: this.mode,
      complete: g.isComplete(),
      reason: g.getGameOver(),
      timeMs,
      score: g.getScore(),
      lines: g.getLines(),
      level: g.getLevel(),
      pieces,
      piecesPerSecond: timeMs > 0 ? (pieces * 1000) / timeMs : 0,
      keys: this.keys,
      keysPerPiece: pieces > 0 ? this.keys / pieces : 0,
      finesseFaults: this.faults,
      counts,
      attack: counts.attack,
      attackPerMinute: minutes > 0 ? counts.attack / minutes : 0,
    };
  }

  /** The replay, with the key count and finesse faults (the inputs alone cannot tell them). */
  replay(): GuidelineReplay {
    const replay = guidelineReplay(this.game);
    replay.result.keys = this.keys;
    replay.result.finesseFaults = this.faults;
    return replay;
  }
}

/** The results a replay shows: its game played back, with the keys and faults it recorded. */
export function replayResults(game: GuidelineGame, replay: GuidelineReplay): PlayResults {
  const recorded = { keys: replay.result.keys ?? 0, finesseFaults: replay.result.finesseFaults ?? 0 };
  return new GuidelinePlay(game, recorded).results();
}

const CLEAR_NAMES = ["", "SINGLE", "DOUBLE", "TRIPLE", "TETRIS"];

/** A clear as the field names it: "B2B T-SPIN DOUBLE combo 2", "TETRIS", "T-SPIN MINI". */
export function clearName(clear: ClearEvent): string {
  const spin = clear.tSpin === "full" ? "T-SPIN " : clear.tSpin === "mini" ? "T-SPIN MINI " : "";
  const name = `${spin}${CLEAR_NAMES[clear.lines] ?? ""}`.trim();
  return `${clear.backToBack ? "B2B " : ""}${name}${clear.combo > 0 ? ` combo ${clear.combo}` : ""}`;
}

/** Time as a sprint shows it: m:ss.mmm. */
export function formatTime(ms: number): string {
  const whole = Math.max(0, Math.floor(ms));
  const minutes = Math.floor(whole / 60_000);
  const seconds = Math.floor((whole % 60_000) / 1000);
  return `${minutes}:${String(seconds).padStart(2, "0")}.${String(whole % 1000).padStart(3, "0")}`;
}

/** The results as label/value lines, the same on the terminal and in the browser. */
export function resultLines(r: PlayResults): Array<[string, string]> {
  const c = r.counts;
  const minis = c.miniTSpins.reduce((a, b) => a + b, 0);
  const spins = c.tSpins.reduce((a, b) => a + b, 0) + minis;
  const lines: Array<[string, string]> = [
    ["Mode", MODE_RULES[r.mode].title],
    ["Time", formatTime(r.timeMs)],
    ["Score", r.score.toLocaleString("en")],
    ["Lines", String(r.lines)],
    ["Level", String(r.level)],
    ["Pieces", `${r.pieces} (${r.piecesPerSecond.toFixed(2)} per second)`],
    ["Keys", `${r.keys} (${r.keysPerPiece.toFixed(2)} per piece)`],
    ["Finesse faults", String(r.finesseFaults)],
    ["Clears of 1 / 2 / 3 / 4 lines", c.clears.slice(1).join(" / ")],
    [
      "T-spins",
      `${spins}: ${c.tSpins[1]} single, ${c.tSpins[2]} double, ${c.tSpins[3]} triple, ${minis} mini`,
    ],
    ["Perfect clears", String(c.perfectClears)],
    ["Longest combo / back-to-back", `${c.maxCombo} / ${c.maxBackToBack}`],
    ["Attack", `${r.attack} (${r.attackPerMinute.toFixed(1)} a minute)`],
  ];
  if (r.mode === "zen") lines.push(["Top-outs", String(c.topOuts)]);
  return lines;
}
