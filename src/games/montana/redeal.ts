import type { Card } from "../../cards/card.ts";

/**
 * The redeal's randomness: mulberry32, written out here with its state visible, because the state is part of a
 * Montana position (a game replays, and the solver knows every redeal's outcome). One draw adds a constant to the
 * state and scrambles it; the state after k draws is the seed plus k times that constant.
 */
const STEP = 0x6d2b79f5;

/** The draw after `state`, in [0, 1), and the state that follows. */
export function draw(state: number): { value: number; state: number } {
  const next = (state + STEP) >>> 0;
  let t = next;
  t = Math.imul(t ^ (t >>> 15), t | 1);
  t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
  return { value: ((t ^ (t >>> 14)) >>> 0) / 4294967296, state: next };
}

/** Fisher-Yates from the back with the seeded draws: the shuffled cards and the PRNG state after them. */
export function shuffleForRedeal(cards: readonly Card[], seed: number): { cards: Card[]; seed: number } {
  const out = cards.slice();
  let state = seed >>> 0;
  for (let i = out.length - 1; i > 0; i--) {
    const d = draw(state);
    state = d.state;
    const j = Math.floor(d.value * (i + 1));
    const t = out[i];
    out[i] = out[j];
    out[j] = t;
  }
  return { cards: out, seed: state };
}

/**
 * The PRNG seed a numbered deal starts with when the rules allow redeals: a mix of the deal number (up to 2^33)
 * and its numbering, so that deal N with redeals is one fixed game.
 */
export function dealSeed(deal: number, numbering: string): number {
  let h = numbering === "microsoft" ? 0x4d534654 : 0x534f4c56;
  const low = deal >>> 0;
  const high = Math.floor(deal / 4294967296) >>> 0;
  for (const word of [low, high]) {
    h = Math.imul(h ^ word, 0x9e3779b1);
    h ^= h >>> 15;
    h = Math.imul(h, 0x85ebca6b);
    h ^= h >>> 13;
  }
  return h >>> 0;
}
