/**
 * Solvitaire's published winnability figures (Blake and Gent, "The Winnability of Klondike Solitaire and Many Other
 * Patience Games", JAIR 85:21, 2026), by preset name: only those gathered in ../shared/design/SOLVERS.md (its
 * table of published solvability and its catalogue notes). A preset without an entry has no figure here, and the
 * catalogue's table leaves its column empty: no figure is guessed.
 */
export interface PublishedFigure {
  /** The share winnable, 0..1. */
  share: number;
  /** Half the interval (Solvitaire's "±"), 0..1; absent when the source gives none. */
  margin?: number;
  /** The deals behind it, in words. */
  deals: string;
  /** What to know when comparing (rules Solvitaire played that differ from the preset's text). */
  note?: string;
}

const SPIDER_NOTE =
  'Solvitaire\'s parser ignores the preset\'s "only complete pile moves" (it reads "complete piles"), so its figure is for cards going home one at a time; tsol plays whole suits home as the preset states (docs/family.md)';

export const PUBLISHED: Readonly<Record<string, PublishedFigure>> = {
  klondike: { share: 0.81945, margin: 0.00084, deals: "10^6: 819,371 / 180,472 / 157" },
  "klondike-deal-1": { share: 0.9048, margin: 0.00116, deals: "10^6: 904,226 / 94,629 / 1,145" },
  "king-albert": { share: 0.68542, margin: 0.00092, deals: "2×10^6: 1,370,321 / 628,618 / 1,061" },
  "gaps-one-deal": { share: 0.85815, margin: 0.03717, deals: "10^4: 8,285 / 1,107 / 608" },
  "gaps-basic-variant": { share: 0.24902, margin: 0.00028, deals: "10^7, none unknown" },
  "free-cell": { share: 0.9999888, deals: "10^7, none unknown" },
  "bakers-game": { share: 0.75053, margin: 0.00028, deals: "10^7, none unknown" },
  spider: { share: 0.98487, margin: 0.01513, deals: "10^4, 269 unknown", note: SPIDER_NOTE },
  "mrs-mop": { share: 0.97992, margin: 0.00079, deals: "2×10^6", note: SPIDER_NOTE },
};
