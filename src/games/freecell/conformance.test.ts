import { describe } from "vitest";
import { conformance } from "../patience/testing.ts";
import { freecell } from "./index.ts";
import type { FreeCellState, Move } from "./rules.ts";
import { GEN_ALL, PackedPosition } from "./solver-packed.ts";

function packedMoves(state: FreeCellState): Move[] {
  const pos = new PackedPosition(state.rules);
  pos.load(state);
  const out = new Int32Array(4096);
  const end = pos.generate(GEN_ALL, out, 0);
  return Array.from(out.subarray(0, end), (m) => pos.toMove(m));
}

describe("FreeCell conformance", () => {
  conformance(freecell, {
    rules: [
      {},
      { cells: 2 },
      { build: "suit" },
      { empty: "kings" },
      { fromFoundation: true, sequenceMoves: false },
    ],
    packedMoves,
    solve: { deals: [1, 2, 617, 11982] },
  });
});
