import { describe, expect, it } from "vitest";
import { parseBoard } from "../games/freecell/board-text.ts";
import { FreeCellGame } from "../games/freecell/game.ts";
import { makeRules } from "../games/freecell/rules.ts";
import { position } from "../games/freecell/testing.ts";
import { solverAdvisor } from "./freecell-advisor.ts";
import { FreeCellScreen } from "./freecell-screen.ts";
import type { Key } from "./terminal/keys.ts";

const key = (name: string): Key => ({ name, ctrl: false, meta: false, sequence: name });
const press = (screen: FreeCellScreen, ...names: string[]) => {
  for (const n of names) screen.handleKey(key(n));
};

function screenFor(board: string, policy: "none" | "safe" | "all" = "none") {
  const rules = makeRules({});
  return new FreeCellScreen(new FreeCellGame(parseBoard(board), policy), { rules, randomDeal: () => 42 });
}

describe("the terminal FreeCell screen", () => {
  it("says when the game is won", () => {
    const screen = screenFor("Foundations: H-Q C-K D-K S-K\nKH\n:\n:\n:\n:\n:\n:\n:\n");
    press(screen, "1", "h");
    expect(screen.message).toBe("1h. You won in 1 moves! n for a new deal.");
  });

  it("says when no legal move is left", () => {
    // Cells full, aces buried: 8H onto 9S is the only move, and after it nothing can move.
    const state = position(
      {},
      ["AC 9S", "AD JC", "AH JS", "AS 5C", "5S", "KC", "KS", "KD 8H"],
      ["2C", "2D", "2H", "2S"],
    );
    const screen = new FreeCellScreen(new FreeCellGame(state, "none"), {
      rules: state.rules,
      randomDeal: () => 1,
    });
    expect(screen.game.legalMoves()).toHaveLength(1);
    press(screen, "8", "1");
    expect(screen.message).toBe("81. No legal move is left: u to undo, n for a new deal.");
  });

  it("moves the longest run that fits into an empty cascade", () => {
    const state = position({ cells: 1 }, ["9C 8H 7S 6D 5C", "", "KS", "KH", "KD", "KC", "QS", "QH"]);
    const screen = new FreeCellScreen(new FreeCellGame(state, "none"), {
      rules: state.rules,
      randomDeal: () => 1,
    });
    press(screen, "1", "2");
    expect(screen.game.state.cascades[1]).toHaveLength(2);
  });

  it("cancels a pick with Escape or the same key, and explains an empty source", () => {
    const screen = screenFor("Foundations: H-Q C-K D-K S-K\nKH\n:\n:\n:\n:\n:\n:\n:\n");
    press(screen, "2");
    expect(screen.message).toBe("cascade 2 is empty.");
    press(screen, "1", "1");
    expect(screen.message).toBe("");
    press(screen, "1", "escape", "h");
    expect(screen.game.moveCount).toBe(0);
  });

  it("starts a new deal and plays typed notation", () => {
    const screen = screenFor("Foundations: H-Q C-K D-K S-K\nKH\n:\n:\n:\n:\n:\n:\n:\n");
    press(screen, "n");
    expect(screen.game.deal).toBe(42);
    press(screen, ":", "1", "a", "space", "2", "b", "enter");
    expect(screen.message).toBe("Played 2 moves.");
    press(screen, ":", "9", "a", "enter");
    expect(screen.message).toBe('"9a": there is no cascade 9 (this game has 8)');
  });
});

describe("the terminal screen with the real solver", () => {
  it("answers w, t and s on deal 1 and plays the solution to a win", () => {
    const rules = makeRules({});
    const screen = new FreeCellScreen(FreeCellGame.fromDeal(1, rules, "safe"), {
      rules,
      randomDeal: () => 1,
      advisor: solverAdvisor(20_000),
    });
    press(screen, "w");
    expect(screen.message).toMatch(/^winnable: a win in \d+ moves/);
    press(screen, "t");
    expect(screen.message).toMatch(/^Tip: [1-8a-d][1-8a-dh]/);
    press(screen, "s");
    expect(screen.playingSolution).toBe(true);
    let steps = 0;
    while (screen.step()) steps++;
    expect(steps).toBeGreaterThan(10);
    expect(screen.game.isWon()).toBe(true);
    expect(screen.message).toMatch(/^Solved in \d+ moves\.$/);
  });

  it("says when a position is proved lost", () => {
    const rules = makeRules({});
    const state = position(
      {},
      ["AC 9S", "AD JC", "AH JS", "AS 5C", "5S", "KC", "KS", "8H KD"],
      ["2C", "2D", "2H", "2S"],
    );
    const screen = new FreeCellScreen(new FreeCellGame(state, "safe"), {
      rules,
      randomDeal: () => 1,
      advisor: solverAdvisor(),
    });
    press(screen, "w");
    expect(screen.message).toMatch(/^not winnable: proved/);
  });
});
