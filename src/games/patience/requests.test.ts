import { describe, expect, it } from "vitest";
import { findPatience } from "../registry.ts";
import { answerRequest } from "./requests.ts";

const worker = { findGame: findPatience, now: () => performance.now() };

describe("the worker protocol", () => {
  it("solves a numbered deal and answers in notation, every move and the player's turns", async () => {
    const answer = await answerRequest({ type: "solve", id: 4, game: "freecell", deal: 1 }, worker);
    expect(answer).toMatchObject({ type: "result", id: 4, result: "solved" });
    if (answer.type !== "result") return;
    expect(answer.moves.length).toBeGreaterThan(answer.turns.length);
    expect(JSON.parse(JSON.stringify(answer))).toEqual(answer);
  });

  it("solves board text and a state under the game's rules", async () => {
    const game = findPatience("king-albert")!;
    const state = game.deal(1, game.rules.make({}), "solvitaire");
    const byState = await answerRequest({ type: "solve", id: 1, game: "king-albert", state }, worker);
    const board = game.board.format(state);
    const byBoard = await answerRequest({ type: "solve", id: 2, game: "king-albert", board }, worker);
    expect(byState).toMatchObject({ result: "solved" });
    expect(byBoard).toMatchObject({ result: "solved" });
  });

  it("keeps an error's code, and names what is wrong with a message", async () => {
    expect(await answerRequest({ type: "solve", id: 9, game: "chess", deal: 1 }, worker)).toMatchObject({
      type: "error",
      id: 9,
      code: "unknown_game",
    });
    expect(await answerRequest({ type: "solve", id: 3, game: "freecell", deal: 0 }, worker)).toMatchObject({
      code: "deal_number",
    });
    expect(
      await answerRequest({ type: "solve", id: 5, game: "freecell", deal: 1, rules: { cells: 11 } }, worker),
    ).toMatchObject({ code: "invalid_rules" });
    expect(
      await answerRequest({ type: "solve", id: 6, game: "freecell", board: "KD\n" }, worker),
    ).toMatchObject({
      code: "bad_board",
    });
    expect(await answerRequest({ type: "solve", id: 7, game: "freecell" }, worker)).toMatchObject({
      code: "bad_message",
    });
    expect(await answerRequest("hello", worker)).toMatchObject({
      type: "error",
      id: -1,
      code: "bad_message",
    });
  });

  it("stops at a position budget with unknown, naming it", async () => {
    const answer = await answerRequest(
      { type: "solve", id: 8, game: "freecell", deal: 11982, budget: { positions: 100 } },
      worker,
    );
    expect(answer).toMatchObject({ result: "unknown", stats: { budget: "positions" } });
  });

  it("sends progress while a long search runs", async () => {
    const seen: number[] = [];
    const answer = await answerRequest(
      { type: "solve", id: 10, game: "freecell", deal: 11982, progressMs: 0 },
      { ...worker, progress: (m) => seen.push(m.positions) },
    );
    expect(answer).toMatchObject({ result: "unsolvable" });
    expect(seen.length).toBeGreaterThan(0);
  });

  it("picks a winnable deal from a seed, the same one every time", async () => {
    const request = { type: "pick", id: 11, game: "freecell", kind: "winnable", seed: 5, ms: 5000 };
    const a = await answerRequest(request, worker);
    expect(a).toMatchObject({ type: "picked", tried: 1 });
    expect(await answerRequest(request, worker)).toEqual(a);
  });
});
