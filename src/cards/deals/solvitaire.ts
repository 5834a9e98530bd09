import type { Card } from "../card.ts";

/**
 * Solvitaire's deal numbering: `std::mt19937` seeded with the deal number shuffles a deck listed ace to king,
 * each rank in the suits clubs, hearts, spades, diamonds, by Fisher-Yates from the top, each draw made as
 * Boost's `uniform_int_distribution` makes it. The game then takes the cards from the back of the deck (see
 * layout.ts). Checked against deals printed by Solvitaire (test/data/solvitaire-numbered-deals.json).
 */

/** The highest deal number: the seed of `std::mt19937` is a 32-bit unsigned number. */
export const MAX_SOLVITAIRE_DEAL = 2 ** 32 - 1;

/** The Mersenne Twister MT19937 (32-bit), as the C++ standard library defines `std::mt19937`. */
export class Mt19937 {
  private readonly state = new Uint32Array(624);
  private index = 624;

  constructor(seed: number) {
    const s = this.state;
    s[0] = seed >>> 0;
    for (let i = 1; i < 624; i++) {
      const prev = s[i - 1] ^ (s[i - 1] >>> 30);
      // 1812433253 * prev + i, modulo 2^32, without losing bits to floating point.
      s[i] = (Math.imul(1812433253, prev) + i) >>> 0;
    }
  }

  private twist(): void {
    const s = this.state;
    for (let i = 0; i < 624; i++) {
      const y = (s[i] & 0x80000000) | (s[(i + 1) % 624] & 0x7fffffff);
      let next = s[(i + 397) % 624] ^ (y >>> 1);
      if (y & 1) next ^= 0x9908b0df;
      s[i] = next >>> 0;
    }
    this.index = 0;
  }

  /** The next 32-bit output. */
  next(): number {
    if (this.index >= 624) this.twist();
    let y = this.state[this.index++];
    y ^= y >>> 11;
    y ^= (y << 7) & 0x9d2c5680;
    y ^= (y << 15) & 0xefc60000;
    y ^= y >>> 18;
    return y >>> 0;
  }
}

const RANGE = 0xffffffff;

/**
 * A draw from 0..high as Boost's `uniform_int_distribution` makes it from a 32-bit engine: the engine's range
 * is cut into high + 1 buckets of equal size (one larger when the remainder fills a bucket exactly) and draws
 * beyond the last bucket are thrown away.
 */
export function boostUniform(engine: Mt19937, high: number): number {
  if (high === 0) return 0;
  const range = high + 1;
  let bucket = Math.floor(RANGE / range);
  if (RANGE % range === range - 1) bucket++;
  for (;;) {
    const draw = Math.floor(engine.next() / bucket);
    if (draw <= high) return draw;
  }
}

/** Solvitaire's suit order (clubs, hearts, spades, diamonds) in the card encoding of card.ts. */
export const SOLVITAIRE_SUITS = [0, 2, 3, 1] as const;

/** The cards of a game's deck: one or two decks, ranks ace to `highestRank` (13, or fewer for a smaller deck). */
export interface DeckSize {
  decks: 1 | 2;
  highestRank: number;
}

const FULL_DECK: DeckSize = { decks: 1, highestRank: 13 };

/**
 * Deal N's deck after the shuffle; the game takes its cards from the back (the last card first). Before the
 * shuffle the deck lists each copy in turn, each ace to the highest rank, each rank in Solvitaire's suit order;
 * two decks hold every card twice.
 */
export function solvitaireDeck(deal: number, size: DeckSize = FULL_DECK): Card[] {
  const deck: Card[] = [];
  for (let copy = 0; copy < size.decks; copy++)
    for (let rank = 1; rank <= size.highestRank; rank++)
      for (const suit of SOLVITAIRE_SUITS) deck.push((rank - 1) * 4 + suit);
  const engine = new Mt19937(deal);
  for (let i = deck.length - 1; i > 0; i--) {
    const j = boostUniform(engine, i);
    [deck[i], deck[j]] = [deck[j], deck[i]];
  }
  return deck;
}

/** A card as Solvitaire writes it: rank then suit letter, tens as 10 ("10D", "QS"). */
export function formatSolvitaireCard(c: Card): string {
  return `${"A 2 3 4 5 6 7 8 9 10 J Q K".split(" ")[c >> 2]}${"CDHS"[c & 3]}`;
}
