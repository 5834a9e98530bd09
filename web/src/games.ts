import { type ComponentType, type LazyExoticComponent, lazy } from "react";
import type { Settings } from "./settings.ts";

/** What the shell gives every game's view. */
export interface GameViewProps {
  settings: Settings;
  /** A dialog is open: keys belong to it. */
  blocked: boolean;
}

/**
 * The web view of each game in the registry, loaded when first shown. A game in the registry without a view
 * here is listed in the menu as coming soon, so new engines appear without changes to the shell.
 */
export const VIEWS: Record<string, LazyExoticComponent<ComponentType<GameViewProps>>> = {
  freecell: lazy(() => import("./freecell/index.tsx")),
  tetris: lazy(() => import("./tetris/index.tsx")),
};

/** Keys of each game, for the help screen. */
export const KEY_HELP: Record<string, [string, string][]> = {
  freecell: [
    ["1–8, a–d", "pick a cascade or a free cell, then the destination"],
    ["h", "destination: the foundation"],
    ["Esc", "cancel the selection, stop solving"],
    ["u / Ctrl+Z", "undo"],
    ["r / Ctrl+Y", "redo"],
    ["n", "new deal"],
    ["t", "hint: every legal move, then the solver's best move"],
    ["s", "solve from here (again to stop)"],
    ["w", "say whether the position can be won"],
    ["Tab, arrows", "move between cards and piles; Enter or Space picks and drops"],
    [
      "Mouse",
      "drag a card or run; or click it, then click where it goes; double-click sends it home or to a free cell",
    ],
  ],
  tetris: [
    ["← →", "move"],
    ["↓", "soft drop"],
    ["Space", "hard drop"],
    ["↑ / x", "rotate clockwise"],
    ["z / Ctrl", "rotate counter-clockwise"],
    ["c / Shift", "hold (guideline)"],
    ["p / Esc", "pause"],
  ],
};
