import { describe, expect, it } from "vitest";
import { GuidelineGame } from "./engine.ts";
import type { GameMode } from "./modes.ts";
import { attackOf } from "./scoring.ts";
import { I, T } from "./srs.ts";

/** Fills rows 0-3 but column 9 and drops a vertical I there at `ms`: a tetris. */
function tetrisAt(game: GuidelineGame, ms: number): void {
  game.advance(ms);
  for (let y = 0; y < 4; y++) for (let x = 0; x < 9; x++) game.setCell(x, y, 2);
  expect(game.setPieceAt(I, 1, 7, 0)).toBe(true);
  game.input(ms, "hardDrop");
}

function playTetrises(mode: GameMode, count: number, startLevel = 1): GuidelineGame {
  const game = new GuidelineGame({ seed: 1, gameMode: mode, startLevel });
  for (let i = 0; i < count && !game.getGameOver(); i++) tetrisAt(game, 100 + i * 100);
  return game;
}

describe("modes", () => {
  it("sprint ends at 40 lines, at the time of the lock that cleared the 40th, and takes no input after", () => {
    const game = playTetrises("sprint", 9);
    expect(game.getLines()).toBe(36);
    expect(game.getGameOver()).toBeNull();
    tetrisAt(game, 9_000);
    expect(game.getLines()).toBe(40);
    expect(game.getGameOver()).toBe("goal");
    expect(game.isComplete()).toBe(true);
    expect(game.now).toBe(9_000);
    expect(game.input(9_500, "left")).toBe(false);
    game.advance(20_000);
    expect(game.now).toBe(9_000);
    // No level-ups in a sprint.
    expect(game.getLevel()).toBe(1);
  });

  it("ultra ends at 120 s of game time, not a millisecond later or earlier", () => {
    // A tetris every 2 s keeps the field empty (no piece locks by itself, none tops out).
    const quiet = new GuidelineGame({ seed: 2, gameMode: "ultra" });
    for (let t = 100; t < 119_000; t += 2_000) tetrisAt(quiet, t);
    expect(quiet.getLines()).toBe(240);
    quiet.advance(119_999);
    expect(quiet.getGameOver()).toBeNull();
    // A clock that jumps past the end stops the game at the end.
    quiet.advance(500_000);
    expect(quiet.getGameOver()).toBe("time up");
    expect(quiet.isComplete()).toBe(true);
    expect(quiet.now).toBe(120_000);
    expect(quiet.input(125_000, "hardDrop")).toBe(false);
    expect(quiet.now).toBe(120_000);
  });

  it("marathon ends at 150 lines with the level at 15; endless goes on, its level capped at 20", () => {
    const marathon = playTetrises("marathon", 40);
    // The 38th tetris crosses 150 lines (148 -> 152) and ends the game.
    expect(marathon.getPieces()).toBe(38);
    expect(marathon.getLines()).toBe(152);
    expect(marathon.getGameOver()).toBe("goal");
    expect(marathon.getLevel()).toBe(16);
    const endless = playTetrises("endless", 60);
    expect(endless.getLines()).toBe(240);
    expect(endless.getGameOver()).toBeNull();
    expect(endless.getLevel()).toBe(20);
    const fast = playTetrises("endless", 5, 20);
    expect(fast.getLevel()).toBe(20);
    // Scores are multiplied by 20 at most.
    expect(fast.getLastClear()?.level).toBe(20);
  });

  it("zen never ends: a top-out empties the field and is counted; the level stays", () => {
    const game = new GuidelineGame({ seed: 3, gameMode: "zen" });
    for (let y = 0; y < 22; y++) for (let x = 0; x < 9; x++) game.setCell(x, y, 7);
    game.input(100, "hardDrop");
    expect(game.getGameOver()).toBeNull();
    expect(game.getCounts().topOuts).toBe(1);
    expect(game.cellAt(0, 0)).toBe(0);
    expect(game.getPiece()).not.toBeNull();
    for (let i = 0; i < 12; i++) tetrisAt(game, 1_000 + i * 700);
    expect(game.getLines()).toBe(48);
    expect(game.getLevel()).toBe(1);
    expect(game.getGameOver()).toBeNull();
    // The same in a marathon tops out.
    const marathon = new GuidelineGame({ seed: 3, gameMode: "marathon" });
    for (let y = 0; y < 22; y++) for (let x = 0; x < 9; x++) marathon.setCell(x, y, 7);
    marathon.input(100, "hardDrop");
    expect(marathon.getGameOver()).not.toBeNull();
  });

  it("counts clears by kind and the attack they send", () => {
    const game = playTetrises("endless", 3);
    const counts = game.getCounts();
    expect(counts.clears[4]).toBe(3);
    expect(counts.maxBackToBack).toBe(2);
    // Each clears the whole field. Tetris 4 + PC 10, then B2B tetris 4+1 with combo 1 (+1) + PC 10, then the same.
    expect(counts.perfectClears).toBe(3);
    expect(counts.attack).toBe(14 + 16 + 16);
    expect(counts.maxCombo).toBe(2);
  });
});

describe("the versus attack table", () => {
  const event = (lines: number, tSpin: "none" | "mini" | "full", extra = {}) => ({
    lines,
    tSpin,
    backToBack: false,
    combo: 0,
    perfectClear: false,
    level: 1,
    points: 0,
    ...extra,
  });
  it("sends 0/1/2/4 for clears, 2/4/6 for T-spins, 1 for a mini double, +1 B2B, the combo table, 10 for a PC", () => {
    expect([0, 1, 2, 3, 4].map((n) => attackOf(event(n, "none")))).toEqual([0, 0, 1, 2, 4]);
    expect([1, 2, 3].map((n) => attackOf(event(n, "full")))).toEqual([2, 4, 6]);
    expect([1, 2].map((n) => attackOf(event(n, "mini")))).toEqual([0, 1]);
    expect(attackOf(event(2, "full", { backToBack: true }))).toBe(5);
    expect([0, 1, 2, 3, 9, 10, 30].map((c) => attackOf(event(1, "none", { combo: c })))).toEqual([
      0, 1, 1, 2, 4, 5, 5,
    ]);
    expect(attackOf(event(4, "none", { perfectClear: true }))).toBe(14);
  });
});

describe("half turns", () => {
  it("turn a T from spawn to upside down in one action, with a documented kick against a wall", () => {
    const game = new GuidelineGame({ seed: 4 });
    game.setPiece(T);
    const before = game.getPiece()!;
    expect(game.input(10, "rotate180")).toBe(true);
    expect(game.getPiece()).toMatchObject({ rotation: 2, x: before.x, y: before.y });
    // A T flat on the floor: turned upside down it would go through the floor, so the first kick (one up) is used.
    expect(game.setPieceAt(T, 0, 3, -1)).toBe(true);
    expect(game.input(20, "rotate180")).toBe(true);
    expect(game.getPiece()).toMatchObject({ rotation: 2, x: 3, y: 0 });
  });
});
