import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { Prng } from "../random.ts";
import { BagRandomizer, makeRandomizer, shuffledBag, UniformRandomizer } from "./bag.ts";

describe("7-bag randomizer", () => {
  it("every run of seven pieces, from the first, is a permutation of the seven pieces", () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 0xffffffff }), (seed) => {
        const bag = new BagRandomizer(seed);
        for (let run = 0; run < 20; run++) {
          const pieces = Array.from({ length: 7 }, () => bag.next());
          expect([...pieces].sort()).toEqual([1, 2, 3, 4, 5, 6, 7]);
        }
      }),
      { numRuns: 200 },
    );
  });

  it("never deals the same piece more than twice in a row, and never waits more than 12 pieces for one", () => {
    const bag = new BagRandomizer(2024);
    const seq = Array.from({ length: 7000 }, () => bag.next());
    let run = 1;
    const lastSeen = new Map<number, number>();
    seq.forEach((id, i) => {
      run = i > 0 && seq[i - 1] === id ? run + 1 : 1;
      expect(run).toBeLessThanOrEqual(2);
      const gap = i - (lastSeen.get(id) ?? -1);
      expect(gap).toBeLessThanOrEqual(13);
      lastSeen.set(id, i);
    });
  });

  it("is reproducible from its seed and differs between seeds", () => {
    const a = new BagRandomizer(5);
    const b = new BagRandomizer(5);
    const c = new BagRandomizer(6);
    const sa = Array.from({ length: 70 }, () => a.next());
    expect(Array.from({ length: 70 }, () => b.next())).toEqual(sa);
    expect(Array.from({ length: 70 }, () => c.next())).not.toEqual(sa);
  });

  it("shuffledBag reaches many different orders", () => {
    const prng = new Prng(1);
    const orders = new Set<string>();
    for (let i = 0; i < 2000; i++) orders.add(shuffledBag(prng).join(""));
    expect(orders.size).toBeGreaterThan(1000);
  });
});

describe("uniform randomizer", () => {
  it("draws every piece with frequency near 1/7, and runs of the same piece happen", () => {
    const r = new UniformRandomizer(3);
    const counts = new Array(8).fill(0);
    let repeats = 0;
    let last = 0;
    for (let i = 0; i < 70000; i++) {
      const id = r.next();
      counts[id]++;
      if (id === last) repeats++;
      last = id;
    }
    expect(counts[0]).toBe(0);
    for (let id = 1; id <= 7; id++) expect(Math.abs(counts[id] - 10000)).toBeLessThan(500);
    expect(repeats).toBeGreaterThan(9000);
    expect(makeRandomizer("uniform", 1).kind).toBe("uniform");
    expect(makeRandomizer("bag", 1).kind).toBe("bag");
  });
});
