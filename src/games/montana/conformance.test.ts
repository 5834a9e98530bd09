import { describe } from "vitest";
import { conformance } from "../patience/testing.ts";
import { montana } from "./index.ts";
import type { MontanaMove, MontanaState } from "./rules.ts";
import { GEN_ALL, MontanaPosition } from "./search/packed.ts";

/** The solver's own move generator, every move (no stubborn set), as engine moves. */
function packedMoves(state: MontanaState): MontanaMove[] {
  const pos = new MontanaPosition(state.rules);
  pos.load(state);
  const out = new Int32Array(64);
  const end = pos.generate(GEN_ALL, out, 0);
  return Array.from(out.subarray(0, end), (m) => pos.toMove(m));
}

describe("Montana conformance", () => {
  conformance(montana, { packedMoves, solve: { deals: [2, 8] } });
});
