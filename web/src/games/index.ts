import { FAMILY_GAMES, presetGame } from "../../../src/games/family/index.ts";
import { COVERING_GAMES } from "../../../src/games/registry.ts";
import type { GameLayout } from "../patience/layout.ts";
import { familyLayout } from "./family/layout.ts";
import { freecellLayout } from "./freecell/layout.ts";
import { kingAlbertLayout } from "./king-albert/layout.ts";
import { klondikeLayout } from "./klondike/layout.ts";
import { montanaLayout } from "./montana/layout.ts";

/**
 * The table of each game: the only place the web app names games. A game of the registry without an entry
 * here is drawn with the default: its piles in rows by kind, fanned as its pile view says.
 */
const LAYOUTS: Record<string, GameLayout> = {
  freecell: freecellLayout,
  "king-albert": kingAlbertLayout,
  klondike: klondikeLayout,
  montana: montanaLayout,
  // The family engine's games: one layout worked out from each game's rules and piles.
  ...Object.fromEntries(FAMILY_GAMES.map((g) => [g.id, familyLayout(g.rules.make({}))])),
  // Pyramid and TriPeaks, family games registered beside the others (src/games/registry.ts).
  ...Object.fromEntries(COVERING_GAMES.map((g) => [g.id, familyLayout(g.rules.make({}))])),
};

/** Any game: the piles that are not fanned down on top, the others below. */
export const defaultLayout: GameLayout = {
  arrangements: (piles) => [
    [
      { items: piles.filter((p) => p.fan !== "down").map((p) => ({ pile: p.ref })) },
      { items: piles.filter((p) => p.fan === "down").map((p) => ({ pile: p.ref })) },
    ].filter((band) => band.items.length > 0),
  ],
  reach: (pile) => ({
    faceDown: pile.cards.filter((c) => !c.faceUp).length,
    faceUp: Math.min(52, pile.cards.length + 12),
  }),
};

/**
 * Solvitaire's presets that are no game of the registry (registry.ts, OTHER_PRESETS): the family layout of each
 * preset's rules, made when the preset is first shown.
 */
const presetLayouts = new Map<string, GameLayout>();

function presetLayout(id: string): GameLayout | undefined {
  let layout = presetLayouts.get(id);
  if (layout === undefined) {
    const preset = presetGame(id);
    if (!preset) return undefined;
    layout = familyLayout(preset.rules.make({}));
    presetLayouts.set(id, layout);
  }
  return layout;
}

export function layoutOf(game: string): GameLayout {
  return (Object.hasOwn(LAYOUTS, game) ? LAYOUTS[game] : presetLayout(game)) ?? defaultLayout;
}
