import type { AiPilot, TetrisAi } from "../../../src/games/tetris/ai.ts";
import type { Action } from "../../../src/games/tetris/guideline/engine.ts";
import type { Handling } from "../../../src/games/tetris/handling.ts";
import type { TetrisSession } from "./session.ts";

/**
 * The Tetris game of the page, kept outside its view: showing another game and coming back finds it as it was,
 * paused (the shell pauses it when it leaves Tetris).
 */
export const kept = {
  session: { current: null as TetrisSession | null },
  /** Game time: while paused, the time it stopped at; while running, performance.now() - base. */
  gameMs: { current: 0 },
  base: { current: 0 },
  paused: { current: false },
  ai: {
    current: {
      on: false,
      /** The AI played some of this game: it stays out of the personal bests. */
      played: false,
      brain: null as TetrisAi | null,
      /** The guideline demo's pilot: it plans against the live piece, gravity included, at every step. */
      pilot: null as AiPilot | null,
      queue: [] as Action[],
      nextAt: 0,
    },
  },
  handling: { current: null as Handling | null },
  recorded: { current: false },
};

/** Pauses a running game (not one that is over), and lets go of held keys. */
export function pauseTetris(): void {
  if (kept.session.current && !kept.session.current.over() && !kept.paused.current) {
    kept.gameMs.current = gameNow();
    kept.paused.current = true;
  }
  kept.handling.current?.releaseAll();
}

/** Game time now (ms): the wall clock since the game began, pauses left out. */
export function gameNow(): number {
  if (kept.paused.current || kept.session.current?.over()) return kept.gameMs.current;
  return performance.now() - kept.base.current;
}

/** Pauses or resumes the clock. */
export function setClockPaused(paused: boolean): void {
  if (paused === kept.paused.current) return;
  if (paused) kept.gameMs.current = gameNow();
  else kept.base.current = performance.now() - kept.gameMs.current;
  kept.paused.current = paused;
}

/** Starts the clock of a new game at 0. */
export function restartClock(): void {
  kept.gameMs.current = 0;
  kept.base.current = performance.now();
  kept.paused.current = false;
}
