import { type Card, rankOf, suitOf } from "../../cards/card.ts";
import { formatSolvitaireCard, SOLVITAIRE_SUITS } from "../../cards/deals/solvitaire.ts";
import { type FamilyTable, foundationOfSolvitaireIndex } from "./deal.ts";
import type { FamilyRules } from "./rules.ts";

/**
 * A table in the shape Solvitaire prints a deal (`solvitaire --deal-only`): its keys, each pile a list of cards
 * bottom card first or "" when empty, face-down cards as "##", Gaps' gaps as "AS" (Solvitaire's placeholder),
 * the foundations in its suit order (clubs, hearts, spades, diamonds). Solvitaire keeps the tableau piles, the
 * cells and a spread reserve sorted (largest pile first; piles of one size by their cards from the bottom, rank
 * then suit in its order), since it counts piles that differ only in order as one position; it does not when the
 * stock deals onto the piles. So does this.
 */
export type SolvitairePile = string[] | "";
export interface SolvitaireDeal {
  "tableau piles"?: SolvitairePile[];
  cells?: SolvitairePile[];
  reserve?: SolvitairePile[];
  foundations?: SolvitairePile[];
  sequences?: SolvitairePile[];
  accordion?: SolvitairePile[];
  stock?: SolvitairePile;
  waste?: SolvitairePile;
  hole?: string;
}

/** A card's place in Solvitaire's order of cards: by rank, then by suit (clubs, hearts, spades, diamonds). */
const order = (c: Card) => rankOf(c) * 4 + SOLVITAIRE_SUITS.indexOf(suitOf(c) as 0 | 1 | 2 | 3);

/** Solvitaire's comparison of piles: the longer is greater; of two as long, the greater card nearest the bottom. */
function comparePiles(a: readonly Card[], b: readonly Card[]): number {
  if (a.length !== b.length) return a.length - b.length;
  for (let i = 0; i < a.length; i++) if (a[i] !== b[i]) return order(a[i]) - order(b[i]);
  return 0;
}

interface Shown {
  cards: Card[];
  faceDown: number;
}

const pile = ({ cards, faceDown }: Shown): SolvitairePile =>
  cards.length === 0 ? "" : cards.map((c, i) => (i < faceDown ? "##" : formatSolvitaireCard(c)));

function piles(list: Shown[], sorted: boolean): SolvitairePile[] {
  const out = sorted ? list.slice().sort((a, b) => comparePiles(b.cards, a.cards)) : list;
  return out.map(pile);
}

/** The table as Solvitaire prints it. */
export function toSolvitaireDeal(rules: FamilyRules, table: FamilyTable): SolvitaireDeal {
  const symmetric = rules.stock?.dealsTo !== "piles";
  const out: SolvitaireDeal = {};
  if (rules.tableau.piles > 0)
    out["tableau piles"] = piles(
      table.tableau.map((cards, i) => ({ cards, faceDown: table.faceDown[i] })),
      symmetric,
    );
  if (rules.cells.count > 0)
    out.cells = piles(
      table.cells.map((c) => ({ cards: c === null ? [] : [c], faceDown: 0 })),
      symmetric,
    );
  if (rules.reserve)
    out.reserve = piles(
      table.reserve.map((cards) => ({ cards, faceDown: 0 })),
      symmetric && !rules.reserve.stacked,
    );
  if (rules.foundations)
    out.foundations = table.foundations.map((_, i) =>
      pile({ cards: table.foundations[foundationOfSolvitaireIndex(i)], faceDown: 0 }),
    );
  if (rules.sequences)
    out.sequences = table.sequences.map((row) =>
      row.map((c) => (c === null ? "AS" : formatSolvitaireCard(c))),
    );
  if (rules.accordion) out.accordion = table.accordion.map((cards) => pile({ cards, faceDown: 0 }));
  if (rules.stock) {
    out.stock = pile({ cards: table.stock, faceDown: 0 });
    if (rules.stock.dealsTo === "waste") out.waste = pile({ cards: table.waste, faceDown: 0 });
  }
  if (rules.hole) {
    const top = table.hole[table.hole.length - 1];
    out.hole = top === undefined ? "" : formatSolvitaireCard(top);
  }
  return out;
}
