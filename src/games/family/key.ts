import type { Card } from "../../cards/card.ts";
import type { FamilyState } from "./engine.ts";

/**
 * The canonical key of a family position: equal for positions the rules cannot tell apart. Tableau piles, cells
 * and a spread reserve are sets (sorted) unless the stock deals onto the piles one by one, where a pile's place
 * matters until the stock is empty (then the piles and cells are sets again); the two foundations of a suit in a two-deck game are a set too. The hole counts only by its top card
 * and size (pairs' discard not at all); a covering layout's piles keep their places; a limited redeal counts the
 * redeals made. Gaps' rows are a set unless their suits are fixed; the accordion counts only by its piles' top cards
 * (as Solvitaire's key does). Cards are written as letters of one code unit each (card + 48, so '0' to 'c'), a
 * pile's face-down count before a '/', piles separated.
 */
const code = (c: Card) => String.fromCharCode(48 + c);

export function familyKey(state: FamilyState): string {
  const t = state.table;
  // A covering layout's piles are places of their own (which card covers which): never a set.
  const symmetric = state.rules.stock?.dealsTo !== "piles" && !state.rules.tableau.covering;
  const sortIf = (items: string[]) => (symmetric ? items.sort() : items);
  // A stock that deals onto the piles tells them apart only while it holds cards (Spider's last deal made, its
  // piles are a set).
  const pilesSet = symmetric || (!state.rules.tableau.covering && t.stock.length === 0);
  const sortPiles = (items: string[]) => (pilesSet ? items.sort() : items);
  const piles = sortPiles(t.tableau.map((p, i) => `${t.faceDown[i]}/${p.map(code).join("")}`));
  const cells = sortPiles(t.cells.map((c) => (c === null ? "" : code(c))));
  // A spread reserve that fills spaces fills them from its first place: then its order matters.
  const fillsFromReserve = state.rules.tableau.spaces.startsWith("reserve");
  const reserve =
    state.rules.reserve?.stacked || fillsFromReserve
      ? t.reserve.map((p) => p.map(code).join(""))
      : sortIf(t.reserve.map((p) => p.map(code).join("")));
  const foundations: string[] = [];
  for (let suit = 0; suit < 4 && suit < t.foundations.length; suit++) {
    const copies: number[] = [];
    for (let i = suit; i < t.foundations.length; i += 4) copies.push(t.foundations[i].length);
    foundations.push(copies.sort((a, b) => a - b).join("."));
  }
  // Pairs' discard (the hole's list) plays no more: its cards are those nowhere else.
  const hole =
    t.hole.length === 0 || state.rules.pairs ? "" : `${code(t.hole[t.hole.length - 1])}${t.hole.length}`;
  const parts = [
    piles.join(","),
    cells.join(","),
    reserve.join(","),
    foundations.join(","),
    t.stock.map(code).join(""),
    t.waste.map(code).join(""),
    hole,
  ];
  // Gaps' rows, a gap as '.': a set unless the rows' suits are fixed (every other rule treats the rows alike).
  const seq = state.rules.sequences;
  if (seq) {
    const rows = t.sequences.map((row) => row.map((c) => (c === null ? "." : code(c))).join(""));
    parts.push((seq.fixedSuits ? rows : rows.sort()).join(","));
  }
  // The accordion by its piles' top cards: the cards under them never play again, and a pile moves whole.
  if (state.rules.accordion) parts.push(t.accordion.map((p) => code(p[p.length - 1])).join(""));
  // A limited redeal: how many times the waste has turned over is part of the position.
  if (state.rules.stock?.redealLimit !== undefined) parts.push(String(t.redealt ?? 0));
  return parts.join("|");
}
