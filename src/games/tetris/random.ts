/**
 * Seeded randomness for the Tetris engines. Rules never read Math.random() or the clock: a game takes a seed,
 * and only where a caller gives none is one drawn, once, by {@link drawSeed}, and then kept with the game.
 */

import { Prng as CardsPrng } from "../../cards/random.ts";

/** A seed as a caller gives it: a 32-bit integer, or any text (hashed to one). */
export type Seed = number | string;

export class InvalidSeedError extends Error {
  readonly code = "TETRIS_INVALID_SEED";
  constructor(seed: unknown) {
    super(`invalid seed ${JSON.stringify(seed)}: give a whole number from 0 to 4294967295, or any text`);
    this.name = "InvalidSeedError";
  }
}

/** Turns a seed into the 32-bit state word used by {@link Prng}. Text is hashed with FNV-1a. */
export function normaliseSeed(seed: Seed): number {
  if (typeof seed === "number") {
    if (!Number.isInteger(seed) || seed < 0 || seed > 0xffffffff) throw new InvalidSeedError(seed);
    return seed >>> 0;
  }
  if (/^\d+$/.test(seed) && Number(seed) <= 0xffffffff) return Number(seed) >>> 0;
  let hash = 0x811c9dc5;
  for (let i = 0; i < seed.length; i++) {
    hash ^= seed.charCodeAt(i);
    hash = Math.imul(hash, 0x01000193) >>> 0;
  }
  return hash >>> 0;
}

/** Tetris draws its fresh seeds from the project's one entropy source, and uses its one seeded PRNG. */
export { drawSeed } from "../../cards/entropy.ts";

/** The project's PRNG, seeded as Tetris takes seeds (a number, or text hashed to one). */
export class Prng extends CardsPrng {
  constructor(seed: Seed) {
    super(normaliseSeed(seed));
  }

  static override fromState(state: number): Prng {
    return new Prng(state >>> 0);
  }

  override clone(): Prng {
    return Prng.fromState(this.getState());
  }
}
