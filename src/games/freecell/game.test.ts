import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { formatBoard } from "./board-text.ts";
import { FreeCellGame, SaveError } from "./game.ts";
import { IllegalMoveError } from "./rules.ts";

describe("a game in progress", () => {
  it("plays a move and the automatic moves it causes as one turn, undone and redone together", () => {
    const game = FreeCellGame.fromDeal(1, {}, "safe");
    // Deal 1, cascade 6 is 7H QC AS AC 2C 3D: once 3D and 2C are in cells, AC, 2C and AS go home (cells first).
    expect(game.playNotation("6a").notation).toEqual(["6a"]);
    const turn = game.playNotation("6b");
    expect(turn.notation).toEqual(["6b", "6h", "bh", "6h"]);
    expect(game.state.foundations).toEqual([2, 0, 0, 1]);
    expect(game.moveCount).toBe(5);
    game.undo();
    expect(game.moveCount).toBe(1);
    expect(game.state.foundations).toEqual([0, 0, 0, 0]);
    expect(game.state.cells[0]).not.toBeNull();
    game.redo();
    expect(game.state.foundations).toEqual([2, 0, 0, 1]);
    expect(game.moveCount).toBe(5);
    expect(game.canRedo).toBe(false);
  });

  it("makes no automatic moves under none", () => {
    const none = FreeCellGame.fromDeal(1, {}, "none");
    none.playNotation("6a");
    none.playNotation("6b");
    expect(none.state.foundations).toEqual([0, 0, 0, 0]);
    expect(none.moveCount).toBe(2);
  });

  it("refuses an illegal move without changing anything", () => {
    const game = FreeCellGame.fromDeal(1);
    const before = game.state;
    expect(() => game.playNotation("1h")).toThrow(IllegalMoveError);
    expect(game.state).toBe(before);
    expect(game.canUndo).toBe(false);
  });

  it("drops the redo list when a new move is played", () => {
    const game = FreeCellGame.fromDeal(1);
    game.playNotation("1a");
    game.undo();
    expect(game.canRedo).toBe(true);
    game.playNotation("2a");
    expect(game.canRedo).toBe(false);
  });

  it("undoes any depth back to the deal, and redoes it all (property)", () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 32000 }),
        fc.array(fc.nat(), { maxLength: 60 }),
        (deal, picks) => {
          const game = FreeCellGame.fromDeal(deal);
          const states = [game.state];
          for (const pick of picks) {
            const moves = game.legalMoves();
            if (moves.length === 0) break;
            game.play(moves[pick % moves.length]);
            states.push(game.state);
          }
          for (let i = states.length - 1; i > 0; i--) {
            expect(game.state).toEqual(states[i]);
            game.undo();
          }
          expect(game.state).toEqual(game.initial);
          expect(game.undo()).toBeUndefined();
          while (game.redo());
          expect(game.state).toEqual(states[states.length - 1]);
        },
      ),
      { numRuns: 60 },
    );
  });

  it("saves and restores the position, the history and the redo list", () => {
    const game = FreeCellGame.fromDeal(1, { cells: 3 }, "all");
    for (const m of ["6a", "6b", "1b", "1c"]) game.playNotation(m);
    game.undo();
    const copy = FreeCellGame.fromSave(JSON.parse(JSON.stringify(game.toSave())));
    expect(copy.state).toEqual(game.state);
    expect(copy.moveCount).toBe(game.moveCount);
    expect(copy.deal).toBe(1);
    expect(copy.policy).toBe("all");
    expect(copy.redo()?.notation[0]).toBe("1c");
    expect(formatBoard(copy.initial)).toBe(formatBoard(game.initial));
  });

  it("reports a save that does not fit, saying why", () => {
    const good = FreeCellGame.fromDeal(1).toSave();
    expect(() => FreeCellGame.fromSave(null)).toThrow(SaveError);
    expect(() => FreeCellGame.fromSave({ ...good, game: "klondike" })).toThrow(/game is "klondike"/);
    expect(() => FreeCellGame.fromSave({ ...good, moves: ["1h"] })).toThrow(/move 1 "1h" does not replay/);
    expect(() => FreeCellGame.fromSave({ ...good, board: "JD KD" })).toThrow(/board is unreadable/);
    expect(() => FreeCellGame.fromSave({ ...good, rules: { cells: 99 } })).toThrow(/cells must be/);
    expect(() => FreeCellGame.fromSave({ ...good, policy: "most" })).toThrow(/unknown policy/);
  });

  it("issue 15: a save whose board repeats a foundation suit was resumed as a 51-card game", () => {
    const good = FreeCellGame.fromDeal(1).toSave();
    const rest = good.board
      .trimEnd()
      .split("\n")
      .map(
        (line) =>
          line
            .split(" ")
            .filter((c) => c !== "AH")
            .join(" ") || ":",
      )
      .join("\n");
    expect(
      FreeCellGame.fromSave({ ...good, deal: null, board: `Foundations: H-A\n${rest}\n` }).state.foundations,
    ).toEqual([0, 0, 1, 0]);
    expect(() =>
      FreeCellGame.fromSave({ ...good, deal: null, board: `Foundations: H-A H-0\n${rest}\n` }),
    ).toThrow(/board is unreadable: line 1: "H-0": the hearts foundation is given twice/);
  });

  it('issue 15: a save\'s rules were not checked like the command line\'s ("fromFoundation": "no" counted as true)', () => {
    const good = FreeCellGame.fromDeal(1).toSave();
    const refused = (rules: unknown) => () => FreeCellGame.fromSave({ ...good, rules });
    expect(refused({ ...good.rules, fromFoundation: "no" })).toThrow(/fromFoundation must be true or false/);
    expect(refused({ ...good.rules, sequenceMoves: 1 })).toThrow(SaveError);
    expect(refused("x")).toThrow(/rules "x" are not an object of rules/);
    expect(refused(["cells"])).toThrow(/not an object of rules/);
    expect(refused(null)).toThrow(/not an object of rules/);
    expect(refused({ ...good.rules, cells: 4.5 })).toThrow(/cells must be a whole number/);
    expect(refused({ ...good.rules, cascades: "8" })).toThrow(/cascades must be a whole number/);
    expect(refused({ ...good.rules, undo: true })).toThrow(/unknown rule "undo"/);
  });

  it('issue 15: a save\'s deal number was not checked ("deal": -7 was accepted)', () => {
    const good = FreeCellGame.fromDeal(1).toSave();
    for (const deal of [-7, 0, 1.5, 2 ** 33, "1", Number.NaN]) {
      expect(() => FreeCellGame.fromSave({ ...good, deal }), String(deal)).toThrow(/is not a deal number/);
    }
    // A deal number that is not the board's is not that deal.
    expect(() => FreeCellGame.fromSave({ ...good, deal: 2 })).toThrow(/its board is not deal 2/);
    expect(FreeCellGame.fromSave({ ...good, deal: null }).deal).toBeUndefined();
  });

  it("shows a save's text escaped and cut in its errors", () => {
    const good = FreeCellGame.fromDeal(1).toSave();
    const evil = `\x1b]2;PWNED\x07${"x".repeat(5000)}`;
    for (const save of [
      { ...good, moves: [evil] },
      { ...good, game: evil },
      { ...good, policy: evil },
      { ...good, board: `JD KD ${evil}\n` },
    ]) {
      let message = "";
      try {
        FreeCellGame.fromSave(save);
      } catch (error) {
        message = (error as Error).message;
      }
      expect(message).toContain("\\x1b]2;PWNED\\x07");
      expect(message).not.toMatch(/[\u0000-\u001f]/);
      expect(message.length).toBeLessThan(250);
    }
  });
});
