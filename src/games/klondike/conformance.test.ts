import { describe } from "vitest";
import { conformance } from "../patience/testing.ts";
import { klondike } from "./index.ts";

describe("Klondike conformance", () => {
  conformance(klondike, {
    rules: [{}, { draw: 3 }, { draw: 3, passes: 3, scoring: "vegas" }, { fromFoundation: false, passes: 1 }],
    solve: { deals: [2, 3, 4, 5] },
  });
});
