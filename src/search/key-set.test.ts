import { describe, expect, it } from "vitest";
import { BudgetMeter } from "./budget.ts";
import { KeySet } from "./key-set.ts";
import { mix32 } from "./state-table.ts";

/** A key of `words` words from a number; `v = -1` gives the all-zero key. */
function key(words: number, v: number): Uint32Array {
  const k = new Uint32Array(words);
  if (v >= 0) for (let i = 0; i < words; i++) k[i] = mix32(v * 31 + i);
  return k;
}

describe("KeySet", () => {
  it("stores each key once and finds it again, through growth, as a Set of strings does", () => {
    for (const words of [1, 2, 3]) {
      const set = new KeySet(words, undefined, 16);
      const seen = new Set<string>();
      for (let v = -1; v < 20_000; v++) {
        // Every key twice, the second time in the other half of the run.
        const k = key(words, v % 12_000);
        const had = seen.has(k.join());
        expect(set.findOrInsert(k, 0)).toBe(0);
        expect(set.inserted).toBe(!had);
        seen.add(k.join());
      }
      expect(set.count).toBe(seen.size);
      for (let v = -1; v < 12_000; v++) expect(set.findOrInsert(key(words, v), 0, false)).toBe(0);
      for (let v = 12_000; v < 14_000; v++) expect(set.findOrInsert(key(words, v), 0, false)).toBe(-2);
      expect(set.count).toBe(seen.size);
    }
  });

  it("finds every key through growth with a near field, whose values lie in one stretch of slots", () => {
    for (const [words, near] of [
      [2, { word: 1, shift: 24, bits: 5 }],
      [2, { word: 0, shift: 3, bits: 4 }],
      [3, { word: 2, shift: 0, bits: 8 }],
    ] as const) {
      const set = new KeySet(words, undefined, 16, near);
      const seen = new Set<string>();
      for (let v = -1; v < 6000; v++) {
        // Many keys that differ only in the near field, as the solver's waste sizes do.
        const k = key(words, v >> 3);
        k[near.word] = (k[near.word] & ~(31 << near.shift)) | (((v & 7) * 3) << near.shift);
        const had = seen.has(k.join());
        set.findOrInsert(k, 0);
        expect(set.inserted).toBe(!had);
        seen.add(k.join());
      }
      expect(set.count).toBe(seen.size);
      for (const text of seen) {
        const k = Uint32Array.from(text.split(",").map(Number));
        expect(set.findOrInsert(k, 0, false)).toBe(0);
      }
    }
  });

  it("takes the room the memory budget has left, fills up to 90%, then says the budget is met", () => {
    const meter = new BudgetMeter({ bytes: 160_000 }, undefined);
    const set = new KeySet(2, meter, 16);
    let stored = 0;
    for (let v = 0; v < 20_000; v++) {
      const r = set.findOrInsert(key(2, v), 0);
      if (r < 0) {
        expect(r).toBe(-1);
        break;
      }
      stored++;
    }
    // Doubling from 27 slots (16 keys at 60%) to 13,824 (the growths count 109,576 bytes), then the 160,000 -
    // 109,576 bytes left and the 13,824 slots' own 110,592: 20,027 slots of 8 bytes, filled to 90%.
    expect(set.capacity).toBe(20_027);
    expect(stored).toBe(Math.floor(20_027 * 0.9));
    expect(meter.exceeded).toBe("memory");
    expect(meter.bytesUsed).toBeLessThanOrEqual(160_000);
    for (let v = 0; v < stored; v++) expect(set.findOrInsert(key(2, v), 0, false)).toBe(0);
  });

  it("is empty after clear and reusable", () => {
    const set = new KeySet(2, undefined, 16);
    for (let round = 0; round < 5; round++) {
      for (let v = -1; v < 3000; v++) {
        set.findOrInsert(key(2, v + round), 0);
        expect(set.inserted).toBe(true);
      }
      expect(set.count).toBe(3001);
      set.clear();
      expect(set.count).toBe(0);
      expect(set.findOrInsert(key(2, 5), 0, false)).toBe(-2);
      expect(set.findOrInsert(key(2, -1), 0, false)).toBe(-2);
    }
  });
});
