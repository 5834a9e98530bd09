/**
 * The guideline game's modes: what ends a game, and whether the level rises. The engine applies them; the
 * front-ends name them and keep a table of personal bests for each.
 */

export type GameMode = "marathon" | "endless" | "sprint" | "ultra" | "zen";
export const GAME_MODES: readonly GameMode[] = ["marathon", "endless", "sprint", "ultra", "zen"];

/** The highest level: its gravity is 20G (a piece reaches the floor in the frame it appears) and score x 20. */
export const MAX_LEVEL = 20;

export interface ModeRules {
  /** A title for menus and results. */
  title: string;
  /** The game is won (ends, complete) when this many lines are cleared. */
  lines?: number;
  /** The game ends, complete, at this game time (ms). */
  timeMs?: number;
  /** The level rises by one every 10 lines (up to MAX_LEVEL); otherwise it stays at the start level. */
  levelUp: boolean;
  /** Topping out ends the game; otherwise (zen) the field is emptied and play goes on. */
  topOut: boolean;
  /** What ranks the personal bests: the least time, or the most points. */
  best: "time" | "score";
}

export const MODE_RULES: Readonly<Record<GameMode, ModeRules>> = {
  marathon: { title: "Marathon", lines: 150, levelUp: true, topOut: true, best: "score" },
  endless: { title: "Endless marathon", levelUp: true, topOut: true, best: "score" },
  sprint: { title: "40-line sprint", lines: 40, levelUp: false, topOut: true, best: "time" },
  ultra: { title: "2-minute ultra", timeMs: 120_000, levelUp: false, topOut: true, best: "score" },
  zen: { title: "Zen", levelUp: false, topOut: false, best: "score" },
};

export function isGameMode(value: unknown): value is GameMode {
  return typeof value === "string" && (GAME_MODES as readonly string[]).includes(value);
}
