import type { GameLayout } from "../../patience/layout.ts";
import { cascadeReach, cellsAndCascades } from "../freecell/layout.ts";

/** King Albert: the seven reserve cards and the foundations on top, the nine cascades below. */
export const kingAlbertLayout: GameLayout = {
  arrangements: (piles) => cellsAndCascades(piles, "reserve"),
  reach: (pile) => cascadeReach(pile.cards.length),
};
