import { describe } from "vitest";
import { conformance } from "../patience/testing.ts";
import { freecell } from "./index.ts";
import { packedMoves } from "./testing.ts";

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
