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
 * Montana: four rows of thirteen places. On a screen held upright the grid is also offered turned a quarter
 * (each row a column), and the arrangement with the larger cards is drawn. A click plays: a card to the gap it
 * can go to, a gap filled by the card that fits.
 */
export const montanaLayout: GameLayout = {
  arrangements: (piles) => {
    const grid = rows(piles);
    const across: Band[] = grid.map((row) => ({ items: row.map((p) => ({ pile: p.ref })) }));
    const columns = Math.max(...grid.map((r) => r.length));
    const turned: Band[] = Array.from({ length: columns }, (_, c) => ({
      items: grid.map((row) => ({ pile: row[c].ref })),
    }));
    return [across, turned];
  },
  reach: () => ({ faceDown: 0, faceUp: 1 }),
  clickMode: "quick",
  actions: [{ label: "Redeal", notation: "r" }],
};
