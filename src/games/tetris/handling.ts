/**
 * Handling: how held keys turn into moves, as jstris offers it. One module for both front-ends, with no timers of
 * its own: the caller says when keys go down and up and what time it is (game milliseconds), and the handler
 * calls `act(ms, action)` at the exact game time each move is due, so a front-end with a slow frame still moves
 * the piece when the player's settings say.
 *
 * - DAS (delayed auto shift): a held left or right moves once at the press, then again exactly DAS ms later.
 * - ARR (auto repeat rate): after that, one move every ARR ms; ARR 0 moves to the wall at once (and keeps the
 *   piece there: every new piece goes to the wall while the key is held).
 * - The last pressed direction wins: holding left and pressing right moves right; releasing right while left is
 *   still held hands back to left, its DAS counted from its own press (so a long-held left moves on at once).
 * - DCD (DAS cut delay): when a new piece appears, a charged auto shift waits DCD ms before moving it.
 * - SDF (soft drop factor): soft drop moves a row every gravity / SDF ms (at least one row at the press); SDF 0
 *   means instant (to the floor at once, without locking).
 */

import type { Action } from "./guideline/engine.ts";

export interface HandlingSettings {
  das: number;
  arr: number;
  dcd: number;
  /** Soft drop speed as a multiple of gravity; 0 is instant. */
  sdf: number;
}

export const DEFAULT_HANDLING: HandlingSettings = { das: 133, arr: 10, dcd: 0, sdf: 20 };

export interface HandlingTarget {
  /** A key went down (a press, not a repeat): the game counts it for keys per piece and finesse. */
  press(action: Action): void;
  /** Applies an action at game time `ms`; returns whether it did something. */
  act(ms: number, action: Action): boolean;
  /** Milliseconds a piece takes to fall one row now. */
  gravityMs(): number;
  /** Pieces locked so far: a change means a new piece appeared (for DCD). */
  pieces(): number;
}

type Direction = "left" | "right";

/** Enough moves to cross the field (ARR 0 and instant soft drop repeat until nothing moves, at most this). */
const MAX_STEPS = 40;

export class Handling {
  settings: HandlingSettings;
  private readonly target: HandlingTarget;
  /** Held directions, last pressed last, with their press times. */
  private held: Array<{ dir: Direction; since: number }> = [];
  /** When the active direction moves next. */
  private nextShift = 0;
  private softDropSince: number | null = null;
  private nextSoftDrop = 0;
  private seenPieces: number;

  constructor(target: HandlingTarget, settings: HandlingSettings = DEFAULT_HANDLING) {
    this.target = target;
    this.settings = settings;
    this.seenPieces = target.pieces();
  }

  /** The direction that moves the piece while held, if any. */
  get direction(): Direction | null {
    return this.held.at(-1)?.dir ?? null;
  }

  get softDropping(): boolean {
    return this.softDropSince !== null;
  }

  /** A key went down at game time `ms`. */
  press(action: Action, ms: number): void {
    this.update(ms);
    this.target.press(action);
    if (action === "left" || action === "right") {
      this.held = this.held.filter((h) => h.dir !== action);
      this.held.push({ dir: action, since: ms });
      this.nextShift = ms + this.settings.das;
      this.act(ms, action);
      return;
    }
    if (action === "softDrop") {
      this.softDropSince = ms;
      this.softDrop(ms, true);
      return;
    }
    this.act(ms, action);
  }

  /** A key went up at game time `ms`. */
  release(action: Action, ms: number): void {
    this.update(ms);
    if (action === "softDrop") {
      this.softDropSince = null;
      return;
    }
    if (action !== "left" && action !== "right") return;
    const wasActive = this.direction === action;
    this.held = this.held.filter((h) => h.dir !== action);
    const now = this.held.at(-1);
    if (wasActive && now) {
      this.nextShift = Math.max(ms, now.since + this.settings.das);
      this.update(ms);
    }
  }

  /**
   * A key pressed at `since` (already counted and acted on) turns out to be held, as a terminal's repeat says at
   * `ms`: it holds from now, without another press, its DAS counted from `since`.
   */
  resume(action: Action, since: number, ms: number): void {
    this.update(ms);
    if (action === "softDrop") {
      this.softDropSince = since;
      this.nextSoftDrop = ms;
      this.softDrop(ms, false);
      return;
    }
    if (action !== "left" && action !== "right") return;
    this.held = this.held.filter((h) => h.dir !== action);
    this.held.push({ dir: action, since });
    this.nextShift = Math.max(ms, since + this.settings.das);
    this.update(ms);
  }

  /** Lets go of every key (the game paused, the window lost focus). */
  releaseAll(): void {
    this.held = [];
    this.softDropSince = null;
  }

  /** Runs auto shift and soft drop up to game time `ms`. */
  update(ms: number): void {
    const { arr, dcd } = this.settings;
    const dir = this.direction;
    if (dir) {
      this.cutOnSpawn(ms, dcd);
      if (arr === 0) {
        if (this.nextShift <= ms) this.toWall(Math.max(this.nextShift, 0), dir, ms);
      } else {
        let steps = 0;
        while (this.nextShift <= ms && steps++ < 1000) {
          const at = this.nextShift;
          this.nextShift += arr;
          this.act(at, dir);
          this.cutOnSpawn(at, dcd);
        }
      }
    }
    if (this.softDropSince !== null) this.softDrop(ms, false);
    this.seenPieces = this.target.pieces();
  }

  /** DCD: a new piece appeared while a direction was held; a charged shift waits. */
  private cutOnSpawn(ms: number, dcd: number): void {
    const pieces = this.target.pieces();
    if (pieces === this.seenPieces) return;
    this.seenPieces = pieces;
    if (dcd > 0) this.nextShift = Math.max(this.nextShift, ms + dcd);
  }

  private toWall(at: number, dir: Direction, ms: number): void {
    // Shifts as far as the piece goes, now and on every frame the key stays held (a new piece goes too).
    const start = Math.min(Math.max(at, 0), ms);
    for (let i = 0; i < MAX_STEPS && this.act(start, dir); i++) {}
    this.nextShift = start;
  }

  private softDrop(ms: number, pressed: boolean): void {
    const { sdf } = this.settings;
    if (sdf === 0) {
      for (let i = 0; i < MAX_STEPS && this.act(ms, "softDrop"); i++) {}
      return;
    }
    const interval = this.target.gravityMs() / sdf;
    if (pressed) {
      this.act(ms, "softDrop");
      this.nextSoftDrop = ms + interval;
      return;
    }
    let steps = 0;
    while (this.nextSoftDrop <= ms && steps++ < MAX_STEPS) {
      const at = this.nextSoftDrop;
      this.nextSoftDrop += interval;
      this.act(at, "softDrop");
    }
    if (this.nextSoftDrop <= ms) this.nextSoftDrop = ms + interval;
  }

  private act(ms: number, action: Action): boolean {
    return this.target.act(ms, action);
  }
}

/**
 * Terminals report key presses and the terminal's own auto-repeat of the last key held, but not releases (short
 * of the kitty keyboard protocol, which tsol does not ask for). This turns that stream into presses and releases
 * for `Handling`:
 * - the first event of a key is a press, and a tap (released at once) until repeats prove it held;
 * - an event of the same key within `repeatGapMs` of the last is the terminal's repeat: the key is held, auto
 *   shift runs from the original press (DAS) at the player's ARR, not the terminal's rate; the event before it,
 *   the terminal's first repeat after its repeat delay, was counted as a second tap and is taken back;
 * - a held key is released when its repeats stop for `releaseMs`.
 * A held key auto-shifts no sooner than the terminal's first repeat (its repeat delay, often 250-600 ms), and a
 * release is seen `releaseMs` late. Rotations, drops and hold are presses at every event, repeats included.
 */
const HELD: ReadonlySet<Action> = new Set(["left", "right", "softDrop"]);

export class RepeatKeys {
  private readonly handling: Handling;
  private readonly retract: (action: Action) => void;
  private readonly releaseMs: number;
  private readonly repeatGapMs: number;
  private readonly firstRepeatMs: number;
  private key: { action: Action; pressed: number; last: number; held: boolean; taps: number } | null = null;

  constructor(
    handling: Handling,
    retract: (action: Action) => void,
    options: { releaseMs?: number; repeatGapMs?: number; firstRepeatMs?: number } = {},
  ) {
    this.handling = handling;
    this.retract = retract;
    this.releaseMs = options.releaseMs ?? 100;
    this.repeatGapMs = options.repeatGapMs ?? 80;
    this.firstRepeatMs = options.firstRepeatMs ?? 700;
  }

  /** A key event from the terminal at game time `ms` (a press or the terminal's repeat of it). */
  event(action: Action, ms: number): void {
    this.expire(ms);
    if (!HELD.has(action)) {
      this.handling.press(action, ms);
      return;
    }
    const k = this.key;
    if (k && k.action === action) {
      const gap = ms - k.last;
      k.last = ms;
      if (k.held) return;
      if (gap <= this.repeatGapMs) {
        k.held = true;
        if (k.taps > 1) this.retract(action);
        this.handling.resume(action, k.pressed, ms);
        return;
      }
      k.taps++;
      this.tap(action, ms);
      return;
    }
    if (k?.held) this.handling.release(k.action, ms);
    this.key = { action, pressed: ms, last: ms, held: false, taps: 1 };
    this.tap(action, ms);
  }

  private tap(action: Action, ms: number): void {
    this.handling.press(action, ms);
    this.handling.release(action, ms);
  }

  /** Call every frame: a held key whose repeats stopped is released, and auto shift runs. */
  update(ms: number): void {
    this.expire(ms);
    this.handling.update(ms);
  }

  private expire(ms: number): void {
    const k = this.key;
    if (!k) return;
    if (k.held && ms - k.last > this.releaseMs) {
      this.handling.release(k.action, k.last + this.releaseMs);
      this.key = null;
    } else if (!k.held && ms - k.last > this.firstRepeatMs) {
      this.key = null;
    }
  }
}
