import type { PileView } from "../../../../src/games/patience/contract.ts";
import type { Band, GameLayout } from "../../patience/layout.ts";

const of = (piles: readonly PileView[], kind: string) => piles.filter((p) => p.ref.kind === kind);

/**
 * FreeCell and its family: the cells (or the reserve) left and the foundations right on top, cascades below;
 * on a narrow screen, when the top row is wider than the cascades, the cells and the foundations may take a row
 * each (the layout keeps whichever gives the larger cards).
 */
export function cellsAndCascades(piles: readonly PileView[], top: "cell" | "reserve"): Band[][] {
  const cells = of(piles, top).map((p) => ({ pile: p.ref }));
  const foundations = of(piles, "foundation").map((p) => ({ pile: p.ref }));
  const cascades = of(piles, "cascade").map((p) => ({ pile: p.ref }));
  const together: Band[] = [
    { items: [...cells, { space: 0.3, grow: true }, ...foundations] },
    { items: cascades },
  ];
  if (cells.length === 0) return [together];
  return [together, [{ items: cells }, { items: foundations }, { items: cascades }]];
}

/**
 * The longest a cascade can grow: its dealt cards with a run of twelve on them (a queen down to an ace on a
 * king), or the thirteen of a king's run in an emptied cascade.
 */
export const cascadeReach = (dealt: number) => ({
  faceDown: 0,
  faceUp: Math.min(52, Math.max(13, dealt + 12)),
});

export const freecellLayout: GameLayout = {
  arrangements: (piles) => cellsAndCascades(piles, "cell"),
  reach: (pile) => cascadeReach(pile.cards.length),
};
