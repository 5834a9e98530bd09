import type { TetrisAi } from "../../../src/games/tetris/ai.ts";
import type { Action } from "../../../src/games/tetris/guideline/engine.ts";
import type { TetrisSession } from "./session.ts";

/**
 * The Tetris game of the page, kept outside its view: showing another game and coming back finds it as it was,
 * paused (the shell pauses it when it leaves Tetris).
 */
export const kept = {
  session: { current: null as TetrisSession | null },
  gameMs: { current: 0 },
  paused: { current: false },
  ai: { current: { on: false, brain: null as TetrisAi | null, queue: [] as Action[], nextAt: 0 } },
  held: {
    current: {
      dir: null as "left" | "right" | null,
      since: 0,
      last: 0,
      down: false,
      downLast: 0,
    },
  },
  recorded: { current: false },
};

/** Pauses a running game (not one that is over), and lets go of held keys. */
export function pauseTetris(): void {
  if (kept.session.current && !kept.session.current.over()) kept.paused.current = true;
  kept.held.current.dir = null;
  kept.held.current.down = false;
}
