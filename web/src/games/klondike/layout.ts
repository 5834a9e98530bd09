import type { KlondikeState } from "../../../../src/games/klondike/rules.ts";
import type { PileView } from "../../../../src/games/patience/contract.ts";
import type { GameLayout } from "../../patience/layout.ts";

const of = (piles: readonly PileView[], kind: string) => piles.filter((p) => p.ref.kind === kind);

/**
 * Klondike: stock and waste left and the foundations right on top, the seven piles below. In draw three the
 * waste fans right and shows the last three cards turned.
 */
export const klondikeLayout: GameLayout = {
  arrangements: (piles) => [
    [
      {
        items: [
          ...of(piles, "stock").map((p) => ({ pile: p.ref })),
          ...of(piles, "waste").map((p) => ({ pile: p.ref })),
          { space: 0.3, grow: true },
          ...of(piles, "foundation").map((p) => ({ pile: p.ref })),
        ],
      },
      { items: of(piles, "cascade").map((p) => ({ pile: p.ref })) },
    ],
  ],
  // Face-down cards never grow in number; a king's run of thirteen may come to lie on them.
  reach: (pile) => ({ faceDown: pile.cards.filter((c) => !c.faceUp).length, faceUp: 13 }),
  spread: () => 3,
  // With limited passes, the stock says how many more times the waste may be turned over.
  pileNote: (state, pile) => {
    const s = state as KlondikeState;
    if (pile.ref.kind !== "stock" || s.rules.passes === null) return undefined;
    const left = Math.max(0, s.rules.passes - 1 - s.recycles);
    return {
      text: `↺${left}`,
      words: left === 0 ? "the last pass" : `${left} ${left === 1 ? "pass" : "passes"} left after this one`,
    };
  },
  formatScore: (state, score) =>
    (state as KlondikeState).rules.scoring === "vegas"
      ? `${score < 0 ? "−" : ""}$${Math.abs(score)}`
      : String(score),
};
