import { describe, expect, it } from "vitest";
import { BudgetMeter, describeBudget, MACHINE_MARGIN, TIMED_GROWTH } from "./budget.ts";
import { mix32, StateTable, zobristWords } from "./state-table.ts";

function key(words: number, value: number): Uint32Array {
  const k = new Uint32Array(words);
  for (let i = 0; i < words; i++) k[i] = Math.imul(value + 1, i + 7) >>> 0;
  return k;
}

describe("StateTable", () => {
  it("stores each key once and finds it again, through growth", () => {
    const table = new StateTable(3, 4, undefined, 16);
    for (let v = 0; v < 5000; v++) {
      const id = table.findOrInsert(key(3, v), mix32(v) & 0xff);
      expect(table.inserted).toBe(true);
      expect(id).toBe(v);
      table.words[id * 4 + 3] = v * 2;
    }
    for (let v = 0; v < 5000; v++) {
      const id = table.findOrInsert(key(3, v), mix32(v) & 0xff);
      expect(table.inserted).toBe(false);
      expect(table.words[id * 4 + 3]).toBe(v * 2);
    }
    expect(table.count).toBe(5000);
  });

  it("does not grow past the machine's memory (its old and new arrays held at once), whatever the budget", () => {
    // One-word records, 16 bytes each with their slots. The machine says it has 70 MiB left above the margin; the
    // budget would allow 2 GiB. The table doubles to 4,194,304 records (64 MiB of new arrays, which fit), then
    // 8,388,608, 6,291,456 or 5,242,880 records would take 128, 96 or 80 MiB: none fits, so it stops there.
    const mib = 2 ** 20;
    const meter = new BudgetMeter({ bytes: 2048 * mib, room: () => MACHINE_MARGIN + 70 * mib }, undefined);
    const table = new StateTable(1, 1, meter, 1024);
    meter.bytesUsed = table.bytes;
    const k = new Uint32Array(1);
    let stored = 0;
    for (let v = 1; v < 6_000_000; v++) {
      k[0] = v;
      if (table.findOrInsert(k, mix32(v)) < 0) break;
      stored++;
    }
    expect(stored).toBe(4_194_304);
    expect(meter.exceeded).toBe("memory");
    expect(describeBudget("memory", meter)).toMatch(
      /^the machine's memory used up \(582 MiB left, the tables at 64/,
    );
  });

  it("grows by less than double when only that fits the memory budget, and keeps every key", () => {
    const meter = new BudgetMeter({ bytes: 300_000 }, undefined);
    const table = new StateTable(2, 3, meter, 1024);
    meter.bytesUsed = table.bytes;
    let stored = 0;
    for (let v = 0; v < 20_000; v++) {
      const id = table.findOrInsert(key(2, v), mix32(v));
      if (id < 0) break;
      stored++;
    }
    // Doubling up to 8192 records; then 16,384 or 12,288 would pass 300,000 bytes, 10,240 does not.
    expect(stored).toBe(10_240);
    expect(meter.bytesUsed).toBeLessThanOrEqual(300_000);
    expect(meter.exceeded).toBe("memory");
    for (let v = 0; v < stored; v++)
      expect(table.findOrInsert(key(2, v), mix32(v), false)).toBeGreaterThanOrEqual(0);
  });

  it("tells a missing key without storing it when asked not to", () => {
    const table = new StateTable(2, 2, undefined);
    expect(table.findOrInsert(key(2, 1), 1, false)).toBe(-2);
    expect(table.count).toBe(0);
  });

  // Regression: clearing oldest first broke probe chains and left stale slots behind, which made later
  // searches treat new positions as seen (or loop forever once the slots filled up).
  it("is empty after clear, whatever the collisions, and reusable many times", () => {
    const table = new StateTable(2, 2, undefined, 64);
    for (let round = 0; round < 50; round++) {
      for (let v = 0; v < 40; v++) {
        table.findOrInsert(key(2, v + round), v % 3);
        expect(table.inserted).toBe(true);
      }
      table.clear();
      expect(table.count).toBe(0);
      for (let v = 0; v < 40; v++) expect(table.findOrInsert(key(2, v + round), v % 3, false)).toBe(-2);
    }
  });

  it("after a large search, starts small again and still finds every record as it refills", () => {
    const table = new StateTable(2, 2, undefined, 16);
    for (let v = 0; v < 20_000; v++) table.findOrInsert(key(2, v), mix32(v));
    table.clear();
    // Refilling passes several doublings of the slots in use, within the arrays the large search left.
    for (let v = 0; v < 6000; v++) {
      expect(table.findOrInsert(key(2, v + 50_000), mix32(v + 50_000))).toBe(v);
      expect(table.inserted).toBe(true);
    }
    for (let v = 0; v < 6000; v++)
      expect(table.findOrInsert(key(2, v + 50_000), mix32(v + 50_000), false)).toBe(v);
    for (let v = 0; v < 100; v++) expect(table.findOrInsert(key(2, v), mix32(v), false)).toBe(-2);
  });

  it("refuses to grow past the memory budget and stays usable", () => {
    const meter = new BudgetMeter({ bytes: 20_000 }, undefined);
    const table = new StateTable(4, 4, meter, 16);
    meter.grow(table.bytes);
    let v = 0;
    let id = 0;
    while (id >= 0) id = table.findOrInsert(key(4, v++), v);
    expect(id).toBe(-1);
    expect(meter.exceeded).toBe("memory");
    expect(table.bytes).toBeLessThanOrEqual(20_000);
    expect(table.findOrInsert(key(4, 0), 1)).toBe(0);
  });

  it("does not begin a growth that would end past the time budget, says time is up and stays usable", () => {
    let t = 0;
    const meter = new BudgetMeter({ ms: 10_000 }, () => t);
    const start = meter.growing();
    t = TIMED_GROWTH / 1024; // 1 ms a KiB
    meter.grown(start, TIMED_GROWTH);
    t = 0;
    const table = new StateTable(4, 4, meter, 16);
    let v = 0;
    for (; v < 2_000; v++) expect(table.findOrInsert(key(4, v), v)).toBe(v);
    const capacity = table.capacity;
    t = 9_999;
    let id = 0;
    while (id >= 0) id = table.findOrInsert(key(4, v), v++);
    expect(id).toBe(-1);
    expect(table.capacity).toBe(capacity);
    expect(table.count).toBe(capacity);
    expect(meter.exceeded).toBe("time");
    expect(table.findOrInsert(key(4, 0), 0)).toBe(0);
  });

  it("makes the same Zobrist words every time", () => {
    expect(zobristWords(8, 5)).toEqual(zobristWords(8, 5));
    expect(new Set(zobristWords(1000)).size).toBe(1000);
  });
});
