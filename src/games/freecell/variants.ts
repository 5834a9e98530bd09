import type { FreeCellRules } from "./rules.ts";

/** Named members of the FreeCell family, as rule options of the one engine. */
export const VARIANTS: Record<string, { title: string; rules: Partial<FreeCellRules>; about: string }> = {
  freecell: { title: "FreeCell", rules: {}, about: "4 cells, 8 cascades, build down in alternating colours" },
  "bakers-game": {
    title: "Baker's Game",
    rules: { build: "suit" },
    about: "FreeCell building down by suit",
  },
  "two-cell": { title: "Two-Cell FreeCell", rules: { cells: 2 }, about: "FreeCell with 2 cells" },
  "kings-only": {
    title: "FreeCell, kings in spaces",
    rules: { empty: "kings" },
    about: "only a king may fill an empty cascade",
  },
  "game-t": {
    title: "FreeCell as the first model specification",
    rules: { fromFoundation: true, sequenceMoves: false },
    about: "single-card moves; a card may come back off a foundation",
  },
  "game-board-t": {
    title: "FreeCell as the second model specification",
    rules: { fromFoundation: false, sequenceMoves: false },
    about: "single-card moves; cards never leave a foundation",
  },
};
