import { describe, expect, it } from "vitest";
import { BudgetMeter, describeBudget, MACHINE_MARGIN, TIMED_GROWTH } from "./budget.ts";
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

  it("does not begin a growth that would end past the time budget: fills on to 90%, then says time is up", () => {
    let t = 0;
    const meter = new BudgetMeter({ ms: 10_000 }, () => t);
    // Taught that growing takes 1 ms a KiB (4 s for the timed growth of TIMED_GROWTH bytes).
    const start = meter.growing();
    t = TIMED_GROWTH / 1024;
    meter.grown(start, TIMED_GROWTH);
    t = 0;
    const set = new KeySet(2, meter, 16);
    let v = 0;
    // Early on the growths fit the time left.
    for (; v < 5_000; v++) expect(set.findOrInsert(key(2, v), 0)).toBe(0);
    const grown = set.capacity;
    expect(grown).toBeGreaterThan(5_000 / 0.6);
    // Near the end of the budget the next growth (twice the slots, 8 bytes each) would not fit: the set fills on.
    t = 10_000 - (grown * 2 * 8) / 1024 + 1;
    let r = 0;
    while (r === 0) r = set.findOrInsert(key(2, v++), 0);
    expect(r).toBe(-1);
    expect(set.capacity).toBe(grown);
    expect(set.count).toBe(Math.floor(grown * 0.9));
    expect(meter.exceeded).toBe("time");
    expect(meter.tableFull()).toBe("time");
    for (let w = 0; w < set.count; w++) expect(set.findOrInsert(key(2, w), 0, false)).toBe(0);
  });

  it("keeping its slots, grows again at 60% after a search whose budget made it fill on to 90%", () => {
    const set = new KeySet(2, new BudgetMeter({ bytes: 16_000 }, undefined), 16, undefined, 4096);
    let v = 0;
    while (set.findOrInsert(key(2, v), 0) === 0) v++;
    const slots = set.capacity;
    expect(slots).toBeLessThanOrEqual(4096);
    expect(set.count).toBe(Math.floor(slots * 0.9));
    set.clear();
    set.setMeter(undefined);
    for (let w = 0; w <= Math.floor(slots * 0.6); w++) expect(set.findOrInsert(key(2, w), 0)).toBe(0);
    expect(set.capacity).toBeGreaterThan(slots);
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

  it("keeping its slots (keepSlots), is empty after clear with every key gone, through growth and filling to 90%", () => {
    for (const words of [1, 2, 3]) {
      const set = new KeySet(words, undefined, 16, undefined, 4096);
      let prev: number[] = [];
      // Rounds of few and many keys: grown within the kept slots, then past them (back to the first slots).
      for (const [round, n] of [200, 2000, 50, 2400, 9000, 300, 2400].entries()) {
        for (const v of prev) expect(set.findOrInsert(key(words, v), 0, false)).toBe(-2);
        expect(set.findOrInsert(key(words, -1), 0, false)).toBe(-2);
        const keys = Array.from({ length: n }, (_, i) => round * 100_000 + i + 1);
        for (const v of keys) {
          set.findOrInsert(key(words, v), 0);
          expect(set.inserted).toBe(true);
        }
        set.findOrInsert(key(words, -1), 0);
        expect(set.count).toBe(n + 1);
        for (const v of keys) expect(set.findOrInsert(key(words, v), 0, false)).toBe(0);
        const capacity = set.capacity;
        set.clear();
        expect(set.count).toBe(0);
        expect(set.capacity).toBe(capacity <= 4096 ? capacity : 27);
        prev = keys;
      }
      for (const v of prev) expect(set.findOrInsert(key(words, v), 0, false)).toBe(-2);
    }
    // A set the budget cannot grow fills to 90% of its slots, grown before or not: every one of those cleared too.
    for (const bytes of [40_000, 1]) {
      const meter = new BudgetMeter({ bytes }, undefined);
      const set = new KeySet(2, meter, 16, undefined, 1 << 20);
      const stored: number[] = [];
      for (let v = 1; set.findOrInsert(key(2, v), 0) === 0; v++) stored.push(v);
      expect(stored.length).toBe(Math.floor(set.capacity * 0.9));
      set.clear();
      for (const v of stored) expect(set.findOrInsert(key(2, v), 0, false)).toBe(-2);
    }
  });

  it("does not grow past the machine's memory (its old and new slots held at once), whatever the budget", () => {
    // The machine says it has 100 MiB left above the margin; the budget would allow 2 GiB. Four-word keys, 16 bytes a
    // slot: the set doubles up to 4,194,304 slots (64 MiB), then 8,388,608 would take 128 MiB, past what is left.
    const mib = 2 ** 20;
    let asked = 0;
    const meter = new BudgetMeter(
      {
        bytes: 2048 * mib,
        room: () => {
          asked++;
          return MACHINE_MARGIN + 100 * mib;
        },
      },
      undefined,
    );
    const set = new KeySet(4, meter, 1024);
    let stored = 0;
    for (let v = 0; v < 6_000_000; v++) {
      if (set.findOrInsert(key(4, v), 0) < 0) break;
      stored++;
    }
    // 6,553,600 slots fit the 100 MiB; from 4,194,304 slots that is a growth of over an eighth, so the set grew to
    // it, then filled to 90% of it when the next growth found no room.
    expect(stored).toBe(Math.floor(6_553_600 * 0.9));
    expect(meter.exceeded).toBe("memory");
    expect(meter.machineLeft).toBe(MACHINE_MARGIN + 100 * mib);
    expect(describeBudget("memory", meter)).toMatch(/^the machine's memory used up \(612 MiB left/);
    // Small growths do not ask the machine (a short search's table grows often): only those of 64 MiB and more, the
    // last three growths and the stop, of a dozen growths in all.
    expect(asked).toBeLessThanOrEqual(5);
  });
});
