import { type Card, rankOf } from "../card.ts";
import { isMicrosoftDeal, MAX_MICROSOFT_DEAL, microsoftDealOrder } from "../microsoft.ts";
import { MAX_SOLVITAIRE_DEAL, solvitaireDeck } from "./solvitaire.ts";

/**
 * Numbered deals for every patience game, in two numberings:
 * - `microsoft`: the Microsoft / FreeCell Pro generator (deals 1 to 2^33 - 1). Its 52 cards, in the order it
 *   deals them, fill the piles row by row from left to right (a pile full for its size is skipped), then the
 *   reserve, then the stock (the last card dealt on top), or the four Montana rows one after the other. For
 *   FreeCell that is Windows FreeCell's deal exactly.
 * - `solvitaire`: Solvitaire's (deals 0 to 2^32 - 1): its shuffled deck dealt from the back, the stock first
 *   (the last card taken on top), then the reserve, then the Montana rows (card t to row t mod 4), then the
 *   piles row by row: from left to right (card t to pile t mod n), or, for a diagonal deal (Klondike's, King
 *   Albert's: pile i holds i + 1 cards), each row from right to left, skipping piles shorter than the row.
 */
export type Numbering = "microsoft" | "solvitaire";
export const NUMBERINGS: readonly Numbering[] = ["microsoft", "solvitaire"];

/** What a game deals: pile sizes (left to right), a reserve, a stock, or Montana's 4 x 13 rows. */
export interface DealShape {
  piles?: readonly number[];
  /**
   * The piles are a diagonal (pile i holds i + 1 cards, as in Klondike and King Albert): Solvitaire deals each
   * row from right to left. Other piles it deals from left to right. The Microsoft numbering always deals left
   * to right.
   */
  diagonal?: boolean;
  reserve?: number;
  stock?: number;
  montana?: boolean;
}

/** The cards of a deal. Piles bottom card first; the stock's last card is drawn first; null is a gap. */
export interface DealtCards {
  piles: Card[][];
  reserve: Card[];
  stock: Card[];
  rows: (Card | null)[][];
}

export class DealNumberError extends Error {
  readonly code = "deal_number";
  constructor(
    readonly deal: unknown,
    readonly numbering: Numbering,
  ) {
    const [low, high] = dealRange(numbering);
    super(`deal ${String(deal).slice(0, 40)} is not a ${numbering} deal number (${low} to ${high})`);
    this.name = "DealNumberError";
  }
}

/** The first and last deal numbers of a numbering. */
export function dealRange(numbering: Numbering): [number, number] {
  return numbering === "microsoft" ? [1, MAX_MICROSOFT_DEAL] : [0, MAX_SOLVITAIRE_DEAL];
}

export function isDealNumber(deal: number, numbering: Numbering): boolean {
  if (numbering === "microsoft") return isMicrosoftDeal(deal);
  return Number.isInteger(deal) && deal >= 0 && deal <= MAX_SOLVITAIRE_DEAL;
}

function check(shape: DealShape): void {
  const total =
    (shape.piles ?? []).reduce((a, b) => a + b, 0) +
    (shape.reserve ?? 0) +
    (shape.stock ?? 0) +
    (shape.montana ? 52 : 0);
  if (total !== 52) throw new RangeError(`a deal shape must take 52 cards, not ${total}`);
}

const empty = (shape: DealShape): DealtCards => ({
  piles: (shape.piles ?? []).map(() => []),
  reserve: [],
  stock: [],
  rows: shape.montana ? [[], [], [], []] : [],
});

/** Montana: aces are taken out, leaving gaps. */
const gapForAce = (c: Card): Card | null => (rankOf(c) === 1 ? null : c);

/** Fills the piles row by row from `next`, visiting piles in `order` and skipping those already full. */
function dealPiles(out: DealtCards, sizes: readonly number[], order: readonly number[], next: () => Card) {
  const depth = Math.max(0, ...sizes);
  for (let row = 0; row < depth; row++) {
    for (const p of order) if (sizes[p] > row) out.piles[p].push(next());
  }
}

/** Deal N of a numbering laid out in `shape`. */
export function dealCards(deal: number, numbering: Numbering, shape: DealShape): DealtCards {
  if (!isDealNumber(deal, numbering)) throw new DealNumberError(deal, numbering);
  check(shape);
  const out = empty(shape);
  const sizes = shape.piles ?? [];
  const indices = sizes.map((_, i) => i);
  if (numbering === "microsoft") {
    const order = microsoftDealOrder(deal);
    let at = 0;
    const next = () => order[at++];
    dealPiles(out, sizes, indices, next);
    for (let i = 0; i < (shape.reserve ?? 0); i++) out.reserve.push(next());
    for (let i = 0; i < (shape.stock ?? 0); i++) out.stock.push(next());
    if (shape.montana) for (let t = 0; t < 52; t++) out.rows[Math.floor(t / 13)].push(gapForAce(next()));
    return out;
  }
  const deck = solvitaireDeck(deal);
  const next = () => deck.pop() as Card;
  for (let i = 0; i < (shape.stock ?? 0); i++) out.stock.push(next());
  for (let i = 0; i < (shape.reserve ?? 0); i++) out.reserve.push(next());
  if (shape.montana) for (let t = 0; t < 52; t++) out.rows[t % 4].push(gapForAce(next()));
  dealPiles(out, sizes, shape.diagonal ? indices.slice().reverse() : indices, next);
  return out;
}
