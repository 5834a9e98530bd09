import { describe, expect, it } from "vitest";
import { drawSeed, InvalidSeedError, normaliseSeed, Prng } from "./random.ts";

describe("seeds", () => {
  it("takes whole numbers as they are, digit strings as numbers, and hashes other text", () => {
    expect(normaliseSeed(0)).toBe(0);
    expect(normaliseSeed(4294967295)).toBe(4294967295);
    expect(normaliseSeed("123")).toBe(123);
    expect(normaliseSeed("abc")).toBe(normaliseSeed("abc"));
    expect(normaliseSeed("abc")).not.toBe(normaliseSeed("abd"));
    for (const bad of [-1, 1.5, 2 ** 32, Number.NaN])
      expect(() => normaliseSeed(bad)).toThrow(InvalidSeedError);
  });

  it("draws a 32-bit seed when none is given", () => {
    const s = drawSeed();
    expect(Number.isInteger(s) && s >= 0 && s <= 0xffffffff).toBe(true);
  });
});

describe("Prng", () => {
  it("repeats its sequence from a seed or a saved state", () => {
    const a = new Prng(42);
    const first = Array.from({ length: 5 }, () => a.nextUint32());
    expect(Array.from({ length: 5 }, () => new Prng(42)).map((p) => p.nextUint32())[0]).toBe(first[0]);
    const b = new Prng(42);
    b.nextUint32();
    const c = Prng.fromState(b.getState());
    expect(c.nextUint32()).toBe(first[1]);
    expect(b.clone().nextUint32()).toBe(first[1]);
  });

  it("nextInt stays in range and is close to uniform", () => {
    const p = new Prng(7);
    const counts = new Array(7).fill(0);
    for (let i = 0; i < 70_000; i++) counts[p.nextInt(7)]++;
    for (const c of counts) expect(Math.abs(c - 10_000)).toBeLessThan(400);
    expect(() => p.nextInt(0)).toThrow(RangeError);
  });
});
