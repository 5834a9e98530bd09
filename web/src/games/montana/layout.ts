import type { MontanaState } from "../../../../src/games/montana/rules.ts";
import type { PileView } from "../../../../src/games/patience/contract.ts";
import type { Band, GameLayout } from "../../patience/layout.ts";

/** Montana's rows: the places' keys start with the row's letter ("a1", "b13"). */
function rows(piles: readonly PileView[]): PileView[][] {
  const out = new Map<string, PileView[]>();
  for (const p of piles.filter((p) => p.ref.kind === "place")) {
    const row = p.key?.[0] ?? "?";
    out.set(row, [...(out.get(row) ?? []), p]);
  }
  return [...out.values()].map((row) => row.sort((a, b) => a.ref.index - b.ref.index));
}

/**
 * Montana: four rows of thirteen places. The grid is also offered turned a quarter (each row a column, the
 * cards overlapping down it as in a fanned pile), and the arrangement with the larger cards is drawn: across on
 * a wide screen, turned on a phone held upright. A click plays: a card to the gap it
 * can go to, a gap filled by the card that fits.
 */
export const montanaLayout: GameLayout = {
  arrangements: (piles) => {
    const grid = rows(piles);
    const across: Band[] = grid.map((row) => ({ items: row.map((p) => ({ pile: p.ref })) }));
    const columns = Math.max(...grid.map((r) => r.length));
    // Turned, each card covers the one above it but for its corner index: much larger cards on a phone.
    const turned: Band[] = Array.from({ length: columns }, (_, c) => ({
      items: grid.map((row) => ({ pile: row[c].ref })),
      step: 0.34,
    }));
    return [across, turned];
  },
  reach: () => ({ faceDown: 0, faceUp: 1 }),
  clickMode: "quick",
  actions: [
    {
      // The redeals left on the button itself; no button where the rules have no redeal.
      label: (state) => {
        const left = (state as MontanaState).redealsLeft;
        return left > 0 ? `Redeal (${left} left)` : "Redeal (none left)";
      },
      notation: "r",
      shown: (state) => (state as MontanaState).rules.redeals > 0,
    },
  ],
};
