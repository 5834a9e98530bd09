import { type Card, formatCard, parseCard } from "../../cards/card.ts";
import type { Prng } from "../../cards/random.ts";
import { emptyState, fits, type KlondikeRules, type KlondikeState, makeRules } from "./rules.ts";

/**
 * A position for tests, not necessarily holding all 52 cards: piles as text bottom card first with the face-down
 * cards before a `|` ("4C 9H | AS QD"), "" for an empty pile; stock and waste bottom card first; foundation ranks
 * by suit (clubs, diamonds, hearts, spades).
 */
export function position(
  rules: Partial<KlondikeRules>,
  piles: string[],
  options: { stock?: string; waste?: string; foundations?: number[]; recycles?: number; score?: number } = {},
): KlondikeState {
  const state = emptyState(makeRules(rules));
  const cards = (text: string | undefined) =>
    text ? text.trim().split(/\s+/).filter(Boolean).map(parseCard) : [];
  piles.forEach((line, i) => {
    const [down, up] = line.includes("|") ? line.split("|") : ["", line];
    state.piles[i] = [...cards(down), ...cards(up)];
    state.faceDown[i] = cards(down).length;
  });
  state.stock = cards(options.stock);
  state.waste = cards(options.waste);
  state.foundations = options.foundations?.slice() ?? [0, 0, 0, 0];
  state.recycles = options.recycles ?? 0;
  if (options.score !== undefined) state.score = options.score;
  return state;
}

/** Foundation ranks that put on the foundations every card not listed (clubs, diamonds, hearts, spades). */
export function homeAllBut(listed: string): number[] {
  const out = [13, 13, 13, 13];
  for (const text of listed.split(/[\s|]+/).filter(Boolean)) {
    const c = parseCard(text);
    const suit = c & 3;
    out[suit] = Math.min(out[suit], (c >> 2) + 1 - 1);
  }
  return out;
}

/**
 * A random whole position near the end of a game: `left` cards off the foundations (the highest of each suit, so
 * the foundations stay legal), dealt into piles of face-down cards (at most p on pile p, as in a real deal) under
 * an alternating run, and into a stock and a waste; the passes already made drawn too when the rules limit them.
 */
export function randomEndgame(rng: Prng, rules: KlondikeRules, left: number, talonMax = 7): KlondikeState {
  const state = emptyState(rules);
  const f = [13, 13, 13, 13];
  for (let i = 0; i < left; i++) {
    let s = rng.nextInt(4);
    while (f[s] === 0) s = (s + 1) % 4;
    f[s]--;
  }
  state.foundations = f;
  const cards: Card[] = [];
  for (let s = 0; s < 4; s++) for (let r = f[s] + 1; r <= 13; r++) cards.push((r - 1) * 4 + s);
  for (let i = cards.length - 1; i > 0; i--) {
    const j = rng.nextInt(i + 1);
    [cards[i], cards[j]] = [cards[j], cards[i]];
  }
  const talon = cards.splice(0, rng.nextInt(Math.min(cards.length, talonMax) + 1));
  const wasteSize = rng.nextInt(talon.length + 1);
  state.waste = talon.slice(0, wasteSize);
  state.stock = talon.slice(wasteSize);
  const order = [0, 1, 2, 3, 4, 5, 6].sort(() => rng.nextInt(3) - 1);
  for (const p of order) {
    if (cards.length === 0 || rng.nextInt(5) === 0) continue;
    // Face-down cards as many as the pile may hold half the time (they make the positions that cannot be won).
    const most = Math.min(p, cards.length - 1);
    const down = rng.nextInt(2) === 0 ? most : rng.nextInt(most + 1);
    // Half the time the lowest cards left lie face down under the highest: deadlocks, the unwinnable cases.
    if (rng.nextInt(2) === 0) cards.sort((a, b) => a - b);
    const pileCards = cards.splice(0, down);
    pileCards.push(...cards.splice(pileCards.length > 0 && rng.nextInt(2) === 0 ? cards.length - 1 : 0, 1));
    // A run on the base: any remaining card that fits, now and then.
    for (;;) {
      const top = pileCards[pileCards.length - 1];
      const i = cards.findIndex((c) => fits(c, top));
      if (i < 0 || rng.nextInt(3) === 0) break;
      pileCards.push(...cards.splice(i, 1));
    }
    state.piles[p] = pileCards;
    state.faceDown[p] = down;
  }
  state.stock.push(...cards); // whatever the piles did not take
  if (rules.passes !== null) state.recycles = rng.nextInt(rules.passes);
  return state;
}

/** A position in one line, for test messages. */
export const describePosition = (s: KlondikeState) =>
  `piles ${s.piles.map((p, i) => `${p.slice(0, s.faceDown[i]).map(formatCard).join(" ")}|${p.slice(s.faceDown[i]).map(formatCard).join(" ")}`).join(" / ")}; stock ${s.stock.map(formatCard).join(" ")}; waste ${s.waste.map(formatCard).join(" ")}; home ${s.foundations.join(",")}; recycles ${s.recycles}`;

/**
 * A random whole position built around the twins' squeeze of blocked.ts, or a near miss of it: a card X of rank 9
 * to queen, its twin X', one of their parents Y and the cards below X and X' in their suits lie in one pile, in
 * the order of the squeeze (Y, the lower cards, X, X') half the time and shuffled otherwise; every other card off
 * the foundations is dealt at random into the other piles, the stock and the waste. Few cards are off the
 * foundations, so the naive solver decides these positions.
 */
export function randomSqueeze(rng: Prng, rules: KlondikeRules): KlondikeState {
  const state = emptyState(rules);
  const r = 9 + rng.nextInt(4); // X's rank
  const xSuit = rng.nextInt(4);
  const x = (r - 1) * 4 + xSuit;
  const twin = (x & ~3) | (3 - xSuit);
  const red = xSuit === 1 || xSuit === 2;
  const parentSuits = red ? [0, 3] : [1, 2];
  const y = r * 4 + parentSuits[rng.nextInt(2)];
  // X's and X''s suits home up to below their lower card (or one more: then the lower card is home); the
  // parents' suits up to below Y or higher.
  const f = [0, 0, 0, 0];
  for (let s = 0; s < 4; s++) {
    if (s === xSuit || s === 3 - xSuit) f[s] = r - 2 + (rng.nextInt(4) === 0 ? 1 : 0);
    else f[s] = Math.min(13, r - rng.nextInt(2) + (rng.nextInt(3) === 0 ? 2 : 0));
  }
  state.foundations = f;
  const lower = [x - 4, twin - 4].filter((c) => (c >> 2) + 1 > f[c & 3]);
  const yOff = (y >> 2) + 1 > f[y & 3];
  const pattern = [...(yOff ? [y] : []), ...lower, x, twin];
  if (rng.nextInt(2) === 0) {
    for (let i = pattern.length - 1; i > 0; i--) {
      const j = rng.nextInt(i + 1);
      [pattern[i], pattern[j]] = [pattern[j], pattern[i]];
    }
  }
  const rest: Card[] = [];
  for (let s = 0; s < 4; s++)
    for (let rank = f[s] + 1; rank <= 13; rank++) {
      const c = (rank - 1) * 4 + s;
      if (!pattern.includes(c)) rest.push(c);
    }
  for (let i = rest.length - 1; i > 0; i--) {
    const j = rng.nextInt(i + 1);
    [rest[i], rest[j]] = [rest[j], rest[i]];
  }
  // The pattern's pile: its cards face down but the top one, or but the twin and what follows it.
  state.piles[6] = pattern;
  state.faceDown[6] = rng.nextInt(2) === 0 ? pattern.length - 1 : pattern.indexOf(twin);
  for (let p = 0; p < 6 && rest.length > 0; p++) {
    if (rng.nextInt(3) === 0) continue;
    const down = Math.min(p, rest.length - 1, rng.nextInt(3));
    state.piles[p] = rest.splice(0, down + 1);
    state.faceDown[p] = down;
  }
  const wasteSize = rng.nextInt(rest.length + 1);
  state.waste = rest.splice(0, wasteSize);
  state.stock = rest;
  return state;
}
