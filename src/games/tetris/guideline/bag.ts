import { Prng } from "../random.ts";
import { PIECE_IDS, type PieceId } from "./srs.ts";

export type RandomizerKind = "bag" | "uniform";

/** Where pieces come from. Its whole state is the generator word plus what is left of the current bag. */
export interface Randomizer {
  readonly kind: RandomizerKind;
  next(): PieceId;
}

/** The Random Generator ("7-bag"): each run of seven pieces is a permutation of all seven, shuffled by Fisher-Yates. */
export class BagRandomizer implements Randomizer {
  readonly kind = "bag";
  private readonly prng: Prng;
  private bag: PieceId[] = [];

  constructor(seed: number) {
    this.prng = new Prng(seed);
  }

  next(): PieceId {
    if (this.bag.length === 0) this.bag = shuffledBag(this.prng);
    return this.bag.shift()!;
  }
}

/** Each piece drawn independently with probability 1/7 (the classic model's MATH`rand(7) + 1). */
export class UniformRandomizer implements Randomizer {
  readonly kind = "uniform";
  private readonly prng: Prng;

  constructor(seed: number) {
    this.prng = new Prng(seed);
  }

  next(): PieceId {
    return (this.prng.nextInt(7) + 1) as PieceId;
  }
}

export function shuffledBag(prng: Prng): PieceId[] {
  const bag = [...PIECE_IDS];
  for (let i = bag.length - 1; i > 0; i--) {
    const j = prng.nextInt(i + 1);
    [bag[i], bag[j]] = [bag[j]!, bag[i]!];
  }
  return bag;
}

export function makeRandomizer(kind: RandomizerKind, seed: number): Randomizer {
  return kind === "bag" ? new BagRandomizer(seed) : new UniformRandomizer(seed);
}
