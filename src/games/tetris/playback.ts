/**
 * Watching a replay: the game as it stood at any moment of it. Going forward plays the inputs on from where it
 * is; going back plays them again from the start (a game of a few thousand inputs takes milliseconds). The
 * front-ends move the clock (at 0.5x to 4x) and draw `game`. `Playback` watches a guideline game,
 * `ClassicPlayback` one of the classic model (its operations at the times the front-end called them).
 */

import { ClassicTetris } from "./classic.ts";
import { GuidelineGame } from "./guideline/engine.ts";
import { applyClassic, type ClassicReplay, type GuidelineReplay, type ReplayFile } from "./replay.ts";

export const PLAYBACK_SPEEDS = [0.5, 1, 2, 4] as const;

export class Playback {
  readonly replay: GuidelineReplay;
  /** Game time the replay lasts (ms). */
  readonly duration: number;
  private current: GuidelineGame;
  private next = 0;

  constructor(replay: GuidelineReplay) {
    this.replay = replay;
    this.duration = Math.max(replay.end, replay.inputs.at(-1)?.[0] ?? 0);
    this.current = new GuidelineGame(replay.options);
  }

  get game(): GuidelineGame {
    return this.current;
  }

  /** The game time shown (ms). */
  get now(): number {
    return this.current.now;
  }

  /** The game as it stood at game time `ms` (clamped to the replay). */
  seek(ms: number): GuidelineGame {
    const to = Math.max(0, Math.min(this.duration, ms));
    if (to < this.current.now) {
      this.current = new GuidelineGame(this.replay.options);
      this.next = 0;
    }
    const inputs = this.replay.inputs;
    while (this.next < inputs.length && inputs[this.next]![0] <= to) {
      const [t, action] = inputs[this.next]!;
      this.current.input(Math.max(t, this.current.now), action);
      this.next++;
    }
    if (!this.current.getGameOver()) this.current.advance(Math.max(to, this.current.now));
    return this.current;
  }

  get ended(): boolean {
    return (
      this.next >= this.replay.inputs.length &&
      (this.current.getGameOver() !== null || this.now >= this.duration)
    );
  }
}

export class ClassicPlayback {
  readonly replay: ClassicReplay;
  readonly duration: number;
  private current: ClassicTetris;
  private next = 0;
  private time = 0;

  constructor(replay: ClassicReplay) {
    this.replay = replay;
    this.duration = Math.max(replay.end, replay.inputs.at(-1)?.[0] ?? 0);
    this.current = this.fresh();
  }

  private fresh(): ClassicTetris {
    return new ClassicTetris(this.replay.options.seed, { faithful: this.replay.options.faithful });
  }

  get game(): ClassicTetris {
    return this.current;
  }

  get now(): number {
    return this.time;
  }

  /** The game as it stood at time `ms`: every operation called up to then. */
  seek(ms: number): ClassicTetris {
    const to = Math.max(0, Math.min(this.duration, ms));
    if (to < this.time) {
      this.current = this.fresh();
      this.next = 0;
    }
    const inputs = this.replay.inputs;
    while (this.next < inputs.length && inputs[this.next]![0] <= to) {
      applyClassic(this.current, inputs[this.next]![1]);
      this.next++;
    }
    this.time = to;
    return this.current;
  }

  get ended(): boolean {
    return this.next >= this.replay.inputs.length && this.time >= this.duration;
  }
}

export type AnyPlayback = Playback | ClassicPlayback;

/** The playback for a replay of either engine. */
export function playbackOf(replay: ReplayFile): AnyPlayback {
  return replay.mode === "classic" ? new ClassicPlayback(replay) : new Playback(replay);
}
