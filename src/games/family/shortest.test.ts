import { describe, expect, it } from "vitest";
import { mulberry32 } from "../../cards/random.ts";
import { apply, dealState, isWon, legalMoves } from "./engine.ts";
import { MODE_ENGINE, PackedFamily } from "./packed.ts";
import { SOLVITAIRE_PRESETS } from "./presets.ts";
import { solveFamilyOwn } from "./solver.ts";

/**
 * `shortest` for the family: wins shortened by shortcuts found with physical keys (packed.ts's `physical`), whose
 * moves mean the same wherever the key is the same.
 */

describe("physical keys", () => {
  // (Not the games whose search turns the stock to the waste as part of its moves: there a key stands for every
  // waste size the stock's turns pass through, as packed.test.ts says, and a move names the card it plays.)
  it.each(["bakers-game", "eight-off", "spider", "black-hole", "golf", "forty-thieves"])(
    "%s: two positions share a key exactly when every card lies in the same place",
    (name) => {
      const rules = SOLVITAIRE_PRESETS[name];
      const random = mulberry32(0xcafe);
      const domain = new PackedFamily(rules, "safe", "forward", true);
      const words = new Uint32Array(domain.keyWords);
      const byKey = new Map<string, string>();
      const byTable = new Map<string, string>();
      const buffer = new Int32Array(1 << 16);
      for (let deal = 1; deal <= 3; deal++) {
        let state = dealState(rules, deal);
        domain.load(state);
        for (let step = 0; step < 60; step++) {
          const end = domain.generate(MODE_ENGINE, buffer, 0);
          // Each move's child, then one of them at random to go on from.
          for (let i = 0; i < end; i++) {
            const m = buffer[i];
            const child = apply(state, domain.toMove(m));
            domain.apply(m);
            domain.encode(words);
            const key = words.join(",");
            const table = JSON.stringify(child.table);
            expect(byKey.get(key) ?? table).toBe(table);
            expect(byTable.get(table) ?? key).toBe(key);
            byKey.set(key, table);
            byTable.set(table, key);
            domain.undo(m);
          }
          if (end === 0) break;
          const m = buffer[Math.floor(random() * end)];
          state = apply(state, domain.toMove(m));
          domain.apply(m);
        }
      }
      expect(byKey.size).toBeGreaterThan(20);
    },
  );
});

// The family's own search and its shortener (solveFamily hands Baker's Game and Eight Off to FreeCell's solver).
describe("shortest", () => {
  it.each([
    ["bakers-game", 1],
    ["eight-off", 1],
    ["seahaven-towers", 9],
    ["canfield", 3],
  ] as const)("%s deal %i: a win no longer than the search's, that plays to a win", (name, deal) => {
    const start = dealState(SOLVITAIRE_PRESETS[name], deal);
    const found = solveFamilyOwn(start, { budget: { positions: 2_000_000 } });
    const short = solveFamilyOwn(start, { budget: { positions: 2_000_000 }, shortest: true });
    expect(found.result).toBe("solved");
    expect(short.result).toBe("solved");
    expect(short.moves.length).toBeLessThanOrEqual(found.moves.length);
    let state = start;
    for (const m of short.moves) {
      expect(legalMoves(state)).toContainEqual(m);
      state = apply(state, m);
    }
    expect(isWon(state)).toBe(true);
  });

  it("takes shortcuts where a depth-first win has them (Baker's Game and Eight Off: at least a quarter off)", () => {
    let found = 0;
    let short = 0;
    for (const name of ["bakers-game", "eight-off"])
      for (const deal of [2, 3]) {
        const start = dealState(SOLVITAIRE_PRESETS[name], deal);
        found += solveFamilyOwn(start, { budget: { positions: 2_000_000 } }).moves.length;
        short += solveFamilyOwn(start, { budget: { positions: 2_000_000 }, shortest: true }).moves.length;
      }
    expect(short).toBeLessThan(found * 0.75);
  });
});
