import { describe, expect, it } from "vitest";
import { handleSolveMessage, isSolveRequest, type ProtocolSolver } from "./protocol.ts";
import type { SolveResult } from "./result.ts";

const fake: ProtocolSolver = (state, options) => {
  const n = state as unknown as number;
  if (n < 0) throw Object.assign(new Error("negative"), { code: "bad_state" });
  const result: SolveResult<number> = {
    result: "solved",
    moves: [n, typeof options.now === "function" ? 1 : 0],
    stats: { positions: 1, expanded: 1, ms: 0, bytes: 0, phases: [], searched: "" },
  };
  return result;
};

describe("solve protocol", () => {
  it("answers a request with the solver's result, giving it the worker's clock", () => {
    const answer = handleSolveMessage({ type: "solve", id: 7, game: "x", state: 3 }, { x: fake }, () => 0);
    expect(answer).toMatchObject({ type: "result", id: 7, result: { result: "solved", moves: [3, 1] } });
    expect(JSON.parse(JSON.stringify(answer))).toEqual(answer);
  });

  it("turns errors and unknown games into failure messages", () => {
    expect(handleSolveMessage({ type: "solve", id: 1, game: "x", state: -1 }, { x: fake }, () => 0)).toEqual({
      type: "error",
      id: 1,
      code: "bad_state",
      message: "negative",
    });
    expect(
      handleSolveMessage({ type: "solve", id: 2, game: "y", state: 0 }, { x: fake }, () => 0),
    ).toMatchObject({
      type: "error",
      code: "unknown_game",
    });
    expect(handleSolveMessage({ hello: 1 }, { x: fake }, () => 0)).toMatchObject({ code: "bad_message" });
    expect(isSolveRequest({ type: "solve", id: 1, game: "x" })).toBe(false);
  });
});
