import { describe } from "vitest";
import { packedMoves } from "../freecell/testing.ts";
import { conformance } from "../patience/testing.ts";
import { kingAlbert } from "./index.ts";

describe("King Albert conformance", () => {
  conformance(kingAlbert, {
    rules: [{}, { fromFoundation: true }, { sequenceMoves: true }],
    packedMoves,
    solve: { deals: [1, 2, 3, 4, 5] },
  });
});
