/**
 * Seeded randomness for the Tetris engines. Rules never read Math.random() or the clock: a game takes a seed,
 * and only where a caller gives none is one drawn, once, by {@link drawSeed}, and then kept with the game.
 */

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

/** Draws a fresh seed from the platform's cryptographic source; called only where no seed was given. */
export function drawSeed(): number {
  const words = new Uint32Array(1);
  globalThis.crypto.getRandomValues(words);
  return words[0]! >>> 0;
}

/**
 * mulberry32: a small, fast 32-bit generator. Its whole state is one word, so a game can save and restore it
 * (and the AI can peek at the next piece by copying it).
 */
export class Prng {
  private state: number;

  constructor(seed: Seed) {
    this.state = normaliseSeed(seed);
  }

  /** The generator's state word; `Prng.fromState(p.getState())` continues the same sequence. */
  getState(): number {
    return this.state;
  }

  static fromState(state: number): Prng {
    const prng = new Prng(0);
    prng.state = state >>> 0;
    return prng;
  }

  clone(): Prng {
    return Prng.fromState(this.state);
  }

  /** The next 32-bit unsigned word. */
  nextUint32(): number {
    this.state = (this.state + 0x6d2b79f5) >>> 0;
    let t = this.state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return (t ^ (t >>> 14)) >>> 0;
  }

  /** A whole number in 0..n-1 without modulo bias (VDM's MATH`rand(n)). */
  nextInt(n: number): number {
    if (!Number.isInteger(n) || n < 1 || n > 0x100000000) throw new RangeError(`nextInt: bad bound ${n}`);
    const limit = Math.floor(0x100000000 / n) * n;
    for (;;) {
      const word = this.nextUint32();
      if (word < limit) return word % n;
    }
  }
}
