import { describe } from "vitest";
import type { FreeCellState, Move } from "../freecell/rules.ts";
import { GEN_ALL, PackedPosition } from "../freecell/solver-packed.ts";
import { conformance } from "../patience/testing.ts";
import { kingAlbert } from "./index.ts";

function packedMoves(state: FreeCellState): Move[] {
  const pos = new PackedPosition(state.rules);
  pos.load(state);
  const out = new Int32Array(4096);
  const end = pos.generate(GEN_ALL, out, 0);
  return Array.from(out.subarray(0, end), (m) => pos.toMove(m));
}

describe("King Albert conformance", () => {
  conformance(kingAlbert, {
    rules: [{}, { fromFoundation: true }, { sequenceMoves: true }],
    packedMoves,
    solve: { deals: [1, 2, 3, 4, 5] },
  });
});
