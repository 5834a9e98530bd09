import { type Card, orderedDeck } from "./card.ts";

/** The highest deal number of the Microsoft / FreeCell Pro numbering. */
export const MAX_MICROSOFT_DEAL = 2 ** 33 - 1;

export class DealNumberError extends Error {
  readonly code = "deal_number";
  constructor(readonly deal: unknown) {
    super(`deal ${String(deal)} is not a Microsoft deal number (1 to ${MAX_MICROSOFT_DEAL})`);
    this.name = "DealNumberError";
  }
}

export function isMicrosoftDeal(deal: number): boolean {
  return Number.isInteger(deal) && deal >= 1 && deal <= MAX_MICROSOFT_DEAL;
}

/**
 * The Microsoft linear congruential generator, extended as FreeCell Pro extends it: deals from 2^31 OR each
 * draw with 0x8000; deals from 2^32 seed with N - 2^32 and draw 16 bits plus one. The product stays below
 * 2^53, so plain numbers are exact.
 */
function drawFunction(deal: number): () => number {
  let state = deal >= 2 ** 32 ? deal - 2 ** 32 : deal;
  const step = () => {
    state = (state * 214013 + 2531011) % 4294967296;
    return state;
  };
  if (deal >= 2 ** 32) return () => ((step() >>> 16) & 0xffff) + 1;
  if (deal >= 2 ** 31) return () => ((step() >>> 16) & 0x7fff) | 0x8000;
  return () => (step() >>> 16) & 0x7fff;
}

/** The 52 cards of deal N in the order dealt; the i-th card goes to cascade i mod 8. */
export function microsoftDealOrder(deal: number): Card[] {
  if (!isMicrosoftDeal(deal)) throw new DealNumberError(deal);
  const draw = drawFunction(deal);
  const deck = orderedDeck();
  const dealt: Card[] = [];
  for (let left = 52; left > 0; left--) {
    const j = draw() % left;
    dealt.push(deck[j]);
    deck[j] = deck[left - 1];
  }
  return dealt;
}

/** Deal N laid out on `cascadeCount` cascades (8 for FreeCell), each listed from the bottom card up. */
export function microsoftCascades(deal: number, cascadeCount = 8): Card[][] {
  const cascades: Card[][] = Array.from({ length: cascadeCount }, () => []);
  microsoftDealOrder(deal).forEach((c, i) => {
    cascades[i % cascadeCount].push(c);
  });
  return cascades;
}
