import { describe, expect, it } from "vitest";
import { mulberry32 } from "../../cards/random.ts";
import { apply, autoMoves, dealState, type FamilyState, legalMoves } from "./engine.ts";
import { familyKey } from "./key.ts";
import { MODE_ENGINE, MODE_SEARCH, PackedFamily, packedUnsupported } from "./packed.ts";
import { SOLVITAIRE_PRESETS } from "./presets.ts";

/**
 * The packed position of the family plays the engine's rules exactly: on positions of random play of every
 * preset, its moves are the engine's legal moves (the same list, in the same order), each leads to the engine's
 * position and is taken back in full, its search moves lead to the same canonical positions as the engine's
 * moves, its forced moves are the engine's automatic moves, and its key tells positions apart exactly as key.ts
 * does.
 */

const PRESETS = Object.entries(SOLVITAIRE_PRESETS).filter(([, r]) => !r.accordion && !r.sequences);
const text = (s: FamilyState) => JSON.stringify(s.table);

function keyText(domain: PackedFamily, words: Uint32Array): string {
  domain.encode(words);
  return words.join(",");
}

describe("the packed family position plays the engine's rules", () => {
  it.each(PRESETS.map(([name]) => [name]))("%s", (name) => {
    const rules = SOLVITAIRE_PRESETS[name];
    const random = mulberry32(0x5eed);
    const buffer = new Int32Array(1 << 16);
    for (let deal = 1; deal <= 2; deal++) {
      const start = dealState(rules, deal);
      expect(packedUnsupported(start)).toBeUndefined();
      const domain = new PackedFamily(rules, "safe");
      const words = new Uint32Array(domain.keyWords);
      // Packed key -> engine key and back: each must be a function (equal keys exactly when key.ts's are equal).
      const toEngine = new Map<string, string>();
      const toPacked = new Map<string, string>();
      const pair = (packed: string, engine: string) => {
        expect(toEngine.get(packed) ?? engine, "two positions key.ts tells apart share a packed key").toBe(
          engine,
        );
        expect(
          toPacked.get(engine) ?? packed,
          "two positions key.ts counts alike differ in the packed key",
        ).toBe(packed);
        toEngine.set(packed, engine);
        toPacked.set(engine, packed);
      };
      domain.load(start);
      let state = start;
      for (let step = 0; step < 40; step++) {
        const here = text(state);
        expect(text(domain.toState())).toBe(here);
        pair(keyText(domain, words), familyKey(state));

        const engineMoves = legalMoves(state);
        const end = domain.generate(MODE_ENGINE, buffer, 0);
        const packed = Array.from(buffer.subarray(0, end));
        expect(packed.map((m) => domain.toMove(m))).toEqual(engineMoves);
        for (const m of packed) {
          const next = apply(state, domain.toMove(m));
          domain.apply(m);
          expect(text(domain.toState())).toBe(text(next));
          pair(keyText(domain, words), familyKey(next));
          domain.undo(m);
          expect(text(domain.toState())).toBe(here);
        }

        // The search's moves reach the same canonical positions, but for the position itself (a whole pile into
        // a space when the piles are a set: the search leaves that move out, since its position is the one it
        // is in).
        const engineKeys = new Set(engineMoves.map((m) => familyKey(apply(state, m))));
        engineKeys.delete(familyKey(state));
        const searchEnd = domain.generate(MODE_SEARCH, buffer, 0);
        const searchKeys = new Set<string>();
        for (let i = 0; i < searchEnd; i++) {
          domain.apply(buffer[i]);
          searchKeys.add(familyKey(domain.toState()));
          domain.undo(buffer[i]);
        }
        searchKeys.delete(familyKey(state));
        expect([...searchKeys].sort()).toEqual([...engineKeys].sort());

        // Forced moves: the engine's automatic moves ("safe", and "all" in a position of its own).
        for (const policy of ["safe", "all"] as const) {
          const own = policy === "safe" ? domain : new PackedFamily(rules, policy);
          if (own !== domain) own.load(state);
          const forcedEnd = own.forced(-1, buffer, 0);
          expect(Array.from(buffer.subarray(0, forcedEnd), (m) => own.toMove(m))).toEqual(
            autoMoves(state, policy),
          );
          for (let i = forcedEnd - 1; i >= 0; i--) own.undo(buffer[i]);
          expect(text(own.toState())).toBe(here);
        }

        if (packed.length === 0) break;
        const m = packed[Math.floor(random() * packed.length)];
        state = apply(state, domain.toMove(m));
        domain.apply(m);
      }
    }
  });
});
