import { describe, expect, it } from "vitest";
import perftData from "../../../test/data/montana-perft.json" with { type: "json" };
import type { Numbering } from "../../cards/deals/layout.ts";
import { perft } from "../patience/perft.ts";
import { dealMontana, montana } from "./index.ts";
import type { MontanaRules, MontanaState } from "./rules.ts";
import { GEN_ALL, MontanaPosition } from "./search/packed.ts";

/**
 * Move counts against test/data/montana-perft.json, computed by an independent naive generator
 * (src/games/montana/perft-oracle.py; its definition of the count is in the file). The engine is checked to the
 * depths it reaches quickly; the solver's packed generator, with apply and undo, to every depth of the file.
 */
interface Case {
  name: string;
  numbering: Numbering;
  deal: number;
  rules: MontanaRules;
  counts: number[];
}

const cases = (perftData as { cases: Case[] }).cases;

/** Perft over the packed position, moves applied and undone in place. */
function packedPerft(pos: MontanaPosition, depth: number, buffers: Int32Array[]): number {
  const out = buffers[depth];
  const end = pos.generate(GEN_ALL, out, 0);
  if (depth === 1) return end;
  let total = 0;
  for (let i = 0; i < end; i++) {
    pos.apply(out[i]);
    total += packedPerft(pos, depth - 1, buffers);
    pos.undo(out[i]);
  }
  return total;
}

describe("Montana perft", () => {
  const start = (c: Case): MontanaState => dealMontana(c.deal, montana.rules.make(c.rules), c.numbering);

  for (const c of cases) {
    it(`engine: ${c.name}`, () => {
      const s = start(c);
      // Depths whose count stays small enough for the engine's copying moves.
      const depths = c.counts.filter((n) => n <= 40_000).length;
      expect(depths).toBeGreaterThanOrEqual(5);
      for (let d = 1; d <= depths; d++) expect(perft(montana, s, d)).toBe(c.counts[d - 1]);
    });

    it(`packed generator: ${c.name}`, () => {
      const s = start(c);
      const pos = new MontanaPosition(s.rules);
      const buffers = Array.from({ length: c.counts.length + 1 }, () => new Int32Array(64));
      pos.load(s);
      const d = c.counts.length;
      expect(packedPerft(pos, d, buffers)).toBe(c.counts[d - 1]);
      // Every move undone: the position is the deal again.
      expect(pos.toState()).toEqual(s);
    });
  }
});
