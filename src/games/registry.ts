import { FAMILY_GAMES, type FamilyGame, familyGame, PRESET_NAMES, presetGame } from "./family/index.ts";
import { CATALOGUE_RULES } from "./family/presets.ts";
import { freecell } from "./freecell/index.ts";
import { kingAlbert } from "./king-albert/index.ts";
import { klondike } from "./klondike/index.ts";
import { montana } from "./montana/index.ts";
import type { AnyPatienceGame } from "./patience/contract.ts";

/**
 * Microsoft Solitaire Collection's Pyramid and TriPeaks: family games, their rules in presets.ts (a covering
 * layout, pairs adding to 13, a goal of clearing the table), made here as the other family games are made in
 * family/index.ts (docs/catalogue.md).
 */
export const COVERING_GAMES: readonly FamilyGame[] = [
  familyGame(
    "pyramid",
    "Pyramid",
    CATALOGUE_RULES.pyramid,
    "Microsoft Solitaire Collection's Pyramid: pairs that add to 13.",
  ),
  familyGame(
    "tri-peaks",
    "TriPeaks",
    CATALOGUE_RULES["tri-peaks"],
    "Microsoft Solitaire Collection's TriPeaks: three peaks cleared one rank up or down.",
  ),
];

/** Every patience game on the platform. Front-ends and tools reach games only through this list. */
export const PATIENCE_GAMES: readonly AnyPatienceGame[] = [
  freecell,
  kingAlbert,
  klondike,
  montana,
  ...(FAMILY_GAMES as readonly AnyPatienceGame[]),
  ...(COVERING_GAMES as readonly AnyPatienceGame[]),
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

/**
 * Solvitaire's presets that are games of no other name here, by their names (accordion, gaps-one-deal, gargantua,
 * ...): each one is `findPatience(name)`, played by the family engine in Solvitaire's numbering. The web app offers
 * them beside PATIENCE_GAMES (its chooser's "more games"); king-albert and klondike are the registry's games.
 */
export const OTHER_PRESETS: readonly string[] = PRESET_NAMES.filter(
  (name) => !PATIENCE_GAMES.some((g) => g.id === name),
);
