import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { formatBoard } from "../freecell/board-text.ts";
import { freecell } from "../freecell/index.ts";
import type { FreeCellRules, FreeCellState, Move } from "../freecell/rules.ts";
import { findPatience } from "../registry.ts";
import type { AutoPolicy } from "./contract.ts";
import { IllegalMoveError, SaveError } from "./errors.ts";
import { Session } from "./session.ts";

type FreeCellSession = Session<FreeCellState, Move, FreeCellRules>;
const deal = (n: number, rules: Partial<FreeCellRules> = {}, policy: AutoPolicy = "safe"): FreeCellSession =>
  Session.deal(freecell, n, freecell.rules.make(rules), "microsoft", policy);
const fromSave = (raw: unknown) => Session.fromSave(raw, findPatience) as unknown as FreeCellSession;

describe("a game in progress (the session every game has)", () => {
  it("plays a move and the automatic moves it causes as one turn, undone and redone together", () => {
    const game = deal(1, {}, "safe");
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
    const none = deal(1, {}, "none");
    none.playNotation("6a");
    none.playNotation("6b");
    expect(none.state.foundations).toEqual([0, 0, 0, 0]);
    expect(none.moveCount).toBe(2);
  });

  it("refuses an illegal move without changing anything", () => {
    const game = deal(1);
    const before = game.state;
    expect(() => game.playNotation("1h")).toThrow(IllegalMoveError);
    expect(game.state).toBe(before);
    expect(game.canUndo).toBe(false);
  });

  it("drops the redo list when a new move is played", () => {
    const game = deal(1);
    game.playNotation("1a");
    game.undo();
    expect(game.canRedo).toBe(true);
    game.playNotation("2a");
    expect(game.canRedo).toBe(false);
  });

  it("undoes any depth back to the deal, and redoes it all (property)", () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 32000 }), fc.array(fc.nat(), { maxLength: 60 }), (n, picks) => {
        const game = deal(n);
        const states = [game.state];
        for (const pick of picks) {
          const moves = freecell.legalMoves(game.state);
          if (moves.length === 0) break;
          game.play(moves[pick % moves.length]);
          states.push(game.state);
        }
        for (let i = states.length - 1; i > 0; i--) {
          expect(game.state).toEqual(states[i]);
          game.undo();
        }
        expect(game.state).toEqual(game.start);
        expect(game.undo()).toBeUndefined();
        while (game.redo());
        expect(game.state).toEqual(states[states.length - 1]);
      }),
      { numRuns: 60 },
    );
  });

  it("saves and restores the position, the history and the redo list", () => {
    const game = deal(1, { cells: 3 }, "all");
    for (const m of ["6a", "6b", "1b", "1c"]) game.playNotation(m);
    game.undo();
    const copy = fromSave(JSON.parse(JSON.stringify(game.toSave())));
    expect(copy.state).toEqual(game.state);
    expect(copy.moveCount).toBe(game.moveCount);
    expect(copy.origin.deal).toBe(1);
    expect(copy.policy).toBe("all");
    expect(copy.redo()?.notation[0]).toBe("1c");
    expect(formatBoard(copy.initial)).toBe(formatBoard(game.initial));
  });

  it("reports a save that does not fit, saying why", () => {
    const good = deal(1).toSave() as unknown as Record<string, unknown> & {
      rules: Record<string, unknown>;
      board: string;
    };
    expect(() => fromSave(null)).toThrow(SaveError);
    expect(() => fromSave({ ...good, game: "chess" })).toThrow(/unknown game "chess"/);
    expect(() => fromSave({ ...good, moves: ["1h"] })).toThrow(/move 1 "1h" does not replay/);
    expect(() => fromSave({ ...good, board: "JD KD" })).toThrow(/board is unreadable/);
    expect(() => fromSave({ ...good, rules: { cells: 99 } })).toThrow(/cells must be/);
    expect(() => fromSave({ ...good, policy: "most" })).toThrow(/unknown policy/);
  });

  it("issue 15: a save whose board repeats a foundation suit was resumed as a 51-card game", () => {
    const good = deal(1).toSave() as unknown as Record<string, unknown> & {
      rules: Record<string, unknown>;
      board: string;
    };
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
      fromSave({ ...good, deal: null, board: `Foundations: H-A\n${rest}\n` }).initial.foundations,
    ).toEqual([0, 0, 1, 0]);
    expect(() => fromSave({ ...good, deal: null, board: `Foundations: H-A H-0\n${rest}\n` })).toThrow(
      /board is unreadable: line 1: "H-0": the hearts foundation is given twice/,
    );
  });

  it('issue 15: a save\'s rules were not checked like the command line\'s ("fromFoundation": "no" counted as true)', () => {
    const good = deal(1).toSave() as unknown as Record<string, unknown> & {
      rules: Record<string, unknown>;
      board: string;
    };
    const refused = (rules: unknown) => () => fromSave({ ...good, rules });
    expect(refused({ ...good.rules, fromFoundation: "no" })).toThrow(/fromFoundation must be true or false/);
    expect(refused({ ...good.rules, sequenceMoves: 1 })).toThrow(SaveError);
    expect(refused("x")).toThrow(/rules must be an object of named rules, not "x"/);
    expect(refused(["cells"])).toThrow(/rules must be an object of named rules/);
    expect(refused(null)).toThrow(/rules must be an object of named rules/);
    expect(refused({ ...good.rules, cells: 4.5 })).toThrow(/cells must be a whole number/);
    expect(refused({ ...good.rules, cascades: "8" })).toThrow(/cascades must be a whole number/);
    expect(refused({ ...good.rules, undo: true })).toThrow(/unknown rule "undo"/);
  });

  it('issue 15: a save\'s deal number was not checked ("deal": -7 was accepted)', () => {
    const good = deal(1).toSave() as unknown as Record<string, unknown> & {
      rules: Record<string, unknown>;
      board: string;
    };
    for (const deal of [-7, 0, 1.5, 2 ** 33, "1", Number.NaN]) {
      expect(() => fromSave({ ...good, deal }), String(deal)).toThrow(/is not a microsoft deal number/);
    }
    // A deal number that is not the board's is not that deal.
    expect(() => fromSave({ ...good, deal: 2 })).toThrow(/its board is not microsoft deal 2/);
    expect(fromSave({ ...good, deal: null }).origin.deal).toBeUndefined();
  });

  it("shows a save's text escaped and cut in its errors", () => {
    const good = deal(1).toSave() as unknown as Record<string, unknown> & {
      rules: Record<string, unknown>;
      board: string;
    };
    const evil = `\x1b]2;PWNED\x07${"x".repeat(5000)}`;
    for (const save of [
      { ...good, moves: [evil] },
      { ...good, game: evil },
      { ...good, policy: evil },
      { ...good, board: `JD KD ${evil}\n` },
    ]) {
      let message = "";
      try {
        fromSave(save);
      } catch (error) {
        message = (error as Error).message;
      }
      expect(message).toContain("\\x1b]2;PWNED\\x07");
      expect(message).not.toMatch(/[\u0000-\u001f]/);
      expect(message.length).toBeLessThan(250);
    }
  });
});

describe("the session's platform behaviour", () => {
  it("resumes a FreeCell save of version 1 (the saves already on disk and in the browser)", () => {
    const v1 = {
      game: "freecell",
      version: 1,
      deal: 1,
      rules: {
        cells: 4,
        cascades: 8,
        build: "alternate",
        empty: "any",
        fromFoundation: false,
        sequenceMoves: true,
      },
      policy: "safe",
      board: formatBoard(freecell.deal(1, freecell.rules.make({}), "microsoft")),
      moves: ["6a", "6b"],
      redo: ["1b"],
    };
    const game = fromSave(v1);
    expect(game.moveCount).toBe(5);
    expect(game.canRedo).toBe(true);
    expect(game.toSave()).toMatchObject({
      version: 2,
      numbering: "microsoft",
      moves: ["6a", "6b"],
      redo: ["1b"],
    });
  });

  it("makes a restart undoable: the turns played become turns to redo", () => {
    const game = deal(1);
    for (const m of ["6a", "6b", "1b"]) game.playNotation(m);
    const end = game.state;
    game.restart();
    expect(game.state).toBe(game.start);
    while (game.redo());
    expect(game.state).toBe(end);
  });

  it("counts a game as assisted only while a move the computer made is among the turns played", () => {
    const game = deal(1);
    game.playNotation("6a", "computer");
    expect(game.assisted).toBe(true);
    game.restart();
    expect(game.assisted).toBe(false);
    game.playNotation("6a");
    expect(game.assisted).toBe(false);
    const copy = fromSave(JSON.parse(JSON.stringify({ ...game.toSave(), computer: [0] })));
    expect(copy.assisted).toBe(true);
  });

  it("makes the policy's automatic moves on the deal itself, before any turn", () => {
    const board = "Foundations: H-Q C-K D-K S-Q\nKH\nKS\n:\n:\n:\n:\n:\n:\n";
    const game = new Session(freecell, freecell.board.parse(board, freecell.rules.make({})), "all");
    expect(game.opening).toHaveLength(2);
    expect(game.isWon()).toBe(true);
    expect(game.canUndo).toBe(false);
  });

  it("refuses a save whose rules are missing, or not the game's", () => {
    const good = deal(1).toSave() as unknown as Record<string, unknown> & {
      rules: Record<string, unknown>;
      board: string;
    };
    const { rules: _, ...noRules } = good;
    expect(() => fromSave(noRules)).toThrow(/its rules are missing/);
    expect(() => fromSave({ ...good, rules: { draw: 3 } })).toThrow(/unknown rule "draw"/);
    expect(() => fromSave({ ...good, rules: { reserve: true } })).toThrow(/unknown rule "reserve"/);
  });
});
