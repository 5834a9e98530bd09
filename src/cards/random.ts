/**
 * The one seeded PRNG of the project: mulberry32, whose whole state is one 32-bit word, so a game can save and
 * restore it (and the Tetris AI can peek at the next piece by copying it). Pure: the seed always comes from
 * the caller; where none is given, one is drawn once by `drawSeed` (entropy.ts) and kept with the game.
 */
export class Prng {
  private state: number;

  constructor(seed: number) {
    this.state = seed >>> 0;
  }

  /** The generator's state word; `Prng.fromState(p.getState())` continues the same sequence. */
  getState(): number {
    return this.state;
  }

  static fromState(state: number): Prng {
    return new Prng(state);
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

  /** A number in [0, 1). */
  nextFloat(): number {
    return this.nextUint32() / 4294967296;
  }

  /** A whole number in 0..n-1 without modulo bias. */
  nextInt(n: number): number {
    if (!Number.isInteger(n) || n < 1 || n > 0x100000000) throw new RangeError(`nextInt: bad bound ${n}`);
    const limit = Math.floor(0x100000000 / n) * n;
    for (;;) {
      const word = this.nextUint32();
      if (word < limit) return word % n;
    }
  }
}

/** The PRNG as a function of no arguments giving numbers in [0, 1), for code that wants only that. */
export function mulberry32(seed: number): () => number {
  const prng = new Prng(seed);
  return () => prng.nextFloat();
}

/** Fisher–Yates with a seeded PRNG. */
export function shuffle<T>(items: readonly T[], random: () => number): T[] {
  const out = items.slice();
  for (let i = out.length - 1; i > 0; i--) {
    const j = Math.floor(random() * (i + 1));
    [out[i], out[j]] = [out[j], out[i]];
  }
  return out;
}
