import { FAMILY_GAMES, presetGame } from "./family/index.ts";
import { freecell } from "./freecell/index.ts";
import { kingAlbert } from "./king-albert/index.ts";
import { klondike } from "./klondike/index.ts";
import { montana } from "./montana/index.ts";
import type { AnyPatienceGame } from "./patience/contract.ts";

/** Every patience game on the platform. Front-ends and tools reach games only through this list. */
export const PATIENCE_GAMES: readonly AnyPatienceGame[] = [
  freecell,
  kingAlbert,
  klondike,
  montana,
  ...(FAMILY_GAMES as readonly AnyPatienceGame[]),
];

/** Every game tsol knows, for menus: the patience games and Tetris. */
export interface GameEntry {
  id: string;
  title: string;
  kind: "patience" | "tetris";
  rules: string;
}

export const GAMES: readonly GameEntry[] = [
  ...PATIENCE_GAMES.map((g): GameEntry => ({ id: g.id, title: g.title, kind: "patience", rules: g.about })),
  {
    id: "tetris",
    title: "Tetris",
    kind: "tetris",
    rules: "Rotate and place falling pieces to complete rows; full rows clear and score.",
  },
];

export function findGame(id: string): GameEntry | undefined {
  return GAMES.find((g) => g.id === id);
}

/**
 * The patience game of a name: a game of the registry, or else one of Solvitaire's presets by its name, played by
 * the family engine (family/index.ts, presetGame: the presets that are not games of their own answer to their names
 * in every command, without a place in the menus).
 */
export function findPatience(id: string): AnyPatienceGame | undefined {
  return PATIENCE_GAMES.find((g) => g.id === id) ?? (presetGame(id) as AnyPatienceGame | undefined);
}
