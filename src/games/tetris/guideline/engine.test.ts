import { describe, expect, it } from "vitest";
import { type Action, GuidelineGame, InvalidOptionError, LOCK_DELAY_MS, TimeTravelError } from "./engine.ts";

/** Sets the field from a picture, top row first; the last line is y = 0. "#" filled, "." empty. */
function setField(game: GuidelineGame, rows: string[]): void {
  rows.forEach((row, i) => {
    const y = rows.length - 1 - i;
    [...row].forEach((ch, x) => {
      game.setCell(x, y, ch === "#" ? 8 : 0);
    });
  });
}

function fieldPicture(game: GuidelineGame, height: number): string[] {
  const rows: string[] = [];
  for (let y = height - 1; y >= 0; y--) {
    let row = "";
    for (let x = 0; x < 10; x++) row += game.cellAt(x, y) === 0 ? "." : "#";
    rows.push(row);
  }
  return rows;
}

describe("a new guideline game", () => {
  it("has a piece at the top, five next, no hold, score 0, level 1", () => {
    const game = new GuidelineGame({ seed: 1 });
    expect(game.getPiece()).not.toBeNull();
    expect(game.getNext()).toHaveLength(5);
    expect(game.getHold()).toBeNull();
    expect(game.getScore()).toBe(0);
    expect(game.getLevel()).toBe(1);
    expect(game.getGameOver()).toBeNull();
    // The first seven pieces are one bag.
    const first = [game.getPiece()!.id, ...game.getNext()];
    game.act("hold");
    first.push(game.getNext()[4]!);
    expect([...first].sort()).toEqual([1, 2, 3, 4, 5, 6, 7]);
  });

  it("spawns in rows 21-22 and drops one row at once: the piece's lowest cells are in row 20", () => {
    for (let seed = 0; seed < 10; seed++) {
      const game = new GuidelineGame({ seed });
      const cells = game.pieceCells();
      expect(Math.min(...cells.map((c) => c[1]))).toBe(19);
    }
  });

  it("rejects bad options with a coded error", () => {
    expect(() => new GuidelineGame({ startLevel: 0 })).toThrow(InvalidOptionError);
    expect(() => new GuidelineGame({ nextCount: 9 })).toThrow(InvalidOptionError);
    expect(() => new GuidelineGame({ visibleRows: 21 as 20 })).toThrow(InvalidOptionError);
  });

  it("the same seed and inputs give the same game; another seed another piece order", () => {
    const pieces = (seed: number) => {
      const g = new GuidelineGame({ seed });
      const ids: number[] = [];
      for (let i = 0; i < 12; i++) {
        ids.push(g.getPiece()!.id);
        for (let k = 0; k < i % 5; k++) g.act(i % 2 ? "left" : "right");
        g.act("hardDrop");
      }
      return { ids, field: fieldPicture(g, 22), score: g.getScore() };
    };
    expect(pieces(11)).toEqual(pieces(11));
    expect(pieces(11).ids).not.toEqual(pieces(12).ids);
  });
});

describe("movement, SRS rotation and kicks", () => {
  it("shifts stop at the walls", () => {
    const game = new GuidelineGame({ seed: 1 });
    game.setPieceAt(6, 0, 3, 10);
    let moves = 0;
    while (game.act("left")) moves++;
    expect(moves).toBe(3);
    moves = 0;
    while (game.act("right")) moves++;
    expect(moves).toBe(7);
  });

  it("a T against the right wall rotates counter-clockwise in place and clockwise with a kick", () => {
    const game = new GuidelineGame({ seed: 1 });
    game.setPieceAt(6, 3, 8, 10); // pointing left, stem in column 9
    expect(game.act("rotateCW")).toBe(true); // to 0: (0,0) would need column 10, so a kick left
    expect(game.getPiece()).toMatchObject({ rotation: 0, x: 7, y: 10 });
  });

  it("an I stood against the left wall kicks out when turned flat", () => {
    const game = new GuidelineGame({ seed: 1 });
    game.setPieceAt(1, 3, -1, 5); // L state: column x+1 = 0
    expect(game.pieceCells().every(([x]) => x === 0)).toBe(true);
    expect(game.act("rotateCW")).toBe(true); // L -> 0: (0,0) would put a cell in column -1; (+1,0) fits
    const cells = game.pieceCells();
    expect(Math.min(...cells.map((c) => c[0]))).toBe(0);
    expect(game.getPiece()!.rotation).toBe(0);
  });

  it("the O turns without moving", () => {
    const game = new GuidelineGame({ seed: 1 });
    game.setPieceAt(4, 0, 4, 5);
    const sorted = () => game.pieceCells().map(String).sort();
    const before = sorted();
    expect(game.act("rotateCW")).toBe(true);
    expect(sorted()).toEqual(before);
    expect(game.getPiece()!.x).toBe(4);
  });

  it("a rotation with nowhere to go fails and changes nothing", () => {
    const game = new GuidelineGame({ seed: 1 });
    setField(game, ["#.########", "#.########", "#.########", "#.########", "#.########"]);
    game.setPieceAt(1, 1, -1, 0); // vertical I in the one-wide well, column 1
    const before = game.getPiece();
    expect(game.act("rotateCW")).toBe(false);
    expect(game.act("rotateCCW")).toBe(false);
    expect(game.getPiece()).toEqual(before);
  });
});

describe("ghost, hold and next", () => {
  it("the ghost is where a hard drop puts the piece", () => {
    const game = new GuidelineGame({ seed: 3 });
    setField(game, ["..##......", "..##......"]);
    game.setPieceAt(6, 0, 2, 10);
    const ghost = game.ghostCells();
    expect(Math.min(...ghost.map((c) => c[1]))).toBe(2);
    game.act("hardDrop");
    for (const [x, y] of ghost) expect(game.cellAt(x, y)).toBe(6);
  });

  it("hold swaps once per piece; the held piece comes back at the spawn position", () => {
    const game = new GuidelineGame({ seed: 4 });
    const first = game.getPiece()!.id;
    const next = game.getNext();
    expect(game.act("left")).toBe(true);
    expect(game.act("hold")).toBe(true);
    expect(game.getHold()).toBe(first);
    expect(game.getPiece()!.id).toBe(next[0]);
    expect(game.canHold()).toBe(false);
    expect(game.act("hold")).toBe(false);
    game.act("hardDrop");
    expect(game.canHold()).toBe(true);
    const third = game.getPiece()!.id;
    expect(game.act("hold")).toBe(true);
    expect(game.getPiece()).toMatchObject({ id: first, rotation: 0 });
    expect(game.getHold()).toBe(third);
  });

  it("the next queue moves up by one at each lock", () => {
    const game = new GuidelineGame({ seed: 8, nextCount: 5 });
    const next = game.getNext();
    game.act("hardDrop");
    expect(game.getPiece()!.id).toBe(next[0]);
    expect(game.getNext().slice(0, 4)).toEqual(next.slice(1));
    expect(new GuidelineGame({ seed: 8, nextCount: 3 }).getNext()).toEqual(next.slice(0, 3));
  });
});

describe("gravity and lock delay", () => {
  it("falls a row a second at level 1 and locks 0.5 s after landing", () => {
    const game = new GuidelineGame({ seed: 1 });
    game.setPieceAt(4, 0, 4, 19);
    game.advance(999);
    expect(game.getPiece()!.y).toBe(19);
    game.advance(1000);
    expect(game.getPiece()!.y).toBe(18);
    game.advance(19_000);
    expect(game.getPiece()!.y).toBe(0);
    game.advance(19_000 + LOCK_DELAY_MS - 1);
    expect(game.getPieces()).toBe(0);
    game.advance(19_000 + LOCK_DELAY_MS);
    expect(game.getPieces()).toBe(1);
    expect(game.cellAt(4, 0)).toBe(4);
  });

  it("falls faster at higher levels", () => {
    const game = new GuidelineGame({ seed: 1, startLevel: 5 });
    game.setPieceAt(4, 0, 4, 19);
    const perRow = 0.772 ** 4 * 1000;
    expect(game.gravityMs()).toBeCloseTo(perRow, 9);
    game.advance(Math.ceil(perRow * 10));
    expect(game.getPiece()!.y).toBe(9);
  });

  it("a move on the ground restarts the lock delay", () => {
    const game = new GuidelineGame({ seed: 1 });
    game.setPieceAt(4, 0, 4, 0);
    game.input(400, "left");
    game.advance(899);
    expect(game.getPieces()).toBe(0);
    game.advance(900);
    expect(game.getPieces()).toBe(1);
  });

  it("after 15 resets the next move on the ground locks the piece", () => {
    const game = new GuidelineGame({ seed: 1 });
    game.setPieceAt(4, 0, 4, 0);
    for (let i = 0; i < 15; i++) {
      expect(game.input(100 * (i + 1), i % 2 ? "right" : "left")).toBe(true);
      expect(game.getPieces()).toBe(0);
    }
    game.input(1600, "left");
    expect(game.getPieces()).toBe(1);
  });

  it("falling below the lowest row reached gives the 15 resets back", () => {
    const game = new GuidelineGame({ seed: 1 });
    setField(game, ["....##....", ".........."]);
    game.setPieceAt(4, 0, 4, 2); // O resting on the ledge at row 2
    for (let i = 0; i < 14; i++) game.input(10 + i, i % 2 ? "right" : "left"); // 14 resets used on the ledge
    expect(game.getPieces()).toBe(0);
    game.input(30, "left");
    game.input(31, "left"); // off the ledge: x = 2
    expect(game.getPiece()!.x).toBe(2);
    game.advance(2031); // two rows down, on the floor
    expect(game.getPiece()!.y).toBe(0);
    for (let i = 0; i < 15; i++) game.input(2100 + i, i % 2 ? "right" : "left");
    expect(game.getPieces()).toBe(0);
    game.input(2200, "left");
    expect(game.getPieces()).toBe(1);
  });

  it("soft drop scores 1 a cell and hard drop 2 a cell", () => {
    const game = new GuidelineGame({ seed: 1 });
    game.setPieceAt(4, 0, 4, 10);
    expect(game.act("softDrop")).toBe(true);
    expect(game.act("softDrop")).toBe(true);
    expect(game.getScore()).toBe(2);
    game.act("hardDrop");
    expect(game.getScore()).toBe(2 + 2 * 8);
    expect(game.getPieces()).toBe(1);
  });

  it("time never goes back", () => {
    const game = new GuidelineGame({ seed: 1 });
    game.advance(100);
    expect(() => game.advance(50)).toThrow(TimeTravelError);
  });
});

describe("line clears and scoring in play", () => {
  it("a tetris and perfect clear with a vertical I", () => {
    const game = new GuidelineGame({ seed: 1 });
    setField(game, ["#########.", "#########.", "#########.", "#########."]);
    game.setPieceAt(1, 1, 7, 10); // I vertical in column 9
    game.act("hardDrop");
    expect(game.getLines()).toBe(4);
    const clear = game.getLastClear()!;
    expect(clear).toMatchObject({ lines: 4, tSpin: "none", perfectClear: true, backToBack: false });
    expect(game.getScore()).toBe(2 * 10 + 800 + 2000);
    expect(fieldPicture(game, 4).every((r) => r === "..........")).toBe(true);
  });

  it("a double with an O", () => {
    const game = new GuidelineGame({ seed: 1 });
    setField(game, [".#........", "########..", "########.."]);
    game.setPieceAt(4, 0, 8, 5); // O into the two-wide gap
    game.act("hardDrop");
    expect(game.getLines()).toBe(2);
    expect(game.getScore()).toBe(2 * 5 + 300);
    expect(fieldPicture(game, 1)).toEqual([".#........"]);
  });

  it("a T-spin double (three corners, both in front)", () => {
    const game = new GuidelineGame({ seed: 1 });
    setField(game, ["####......", "###...####", "####.#####"]);
    game.setPieceAt(6, 1, 3, 2);
    expect(game.act("softDrop")).toBe(true);
    expect(game.act("softDrop")).toBe(true);
    expect(game.act("rotateCW")).toBe(true);
    game.act("hardDrop");
    expect(game.getLastClear()).toMatchObject({ lines: 2, tSpin: "full" });
    expect(game.getScore()).toBe(2 + 1200);
    expect(fieldPicture(game, 1)).toEqual(["####......"]);
  });

  it("a T-spin mini: three corners but not both in front", () => {
    const game = new GuidelineGame({ seed: 1 });
    setField(game, ["#.#.......", "..........", "#........."]);
    game.setPieceAt(6, 1, 0, 0);
    expect(game.act("rotateCW")).toBe(true); // 1 -> 2 in place
    game.act("hardDrop");
    expect(game.getLastClear()).toMatchObject({ lines: 0, tSpin: "mini", points: 100 });
  });

  it("the fifth kick test makes a T-spin full even with one front corner open", () => {
    const game = new GuidelineGame({ seed: 1 });
    setField(game, ["....#.....", "..........", "...#.#....", "..........", "...#......"]);
    game.setPieceAt(6, 0, 4, 2);
    expect(game.act("rotateCW")).toBe(true);
    expect(game.getPiece()).toMatchObject({ rotation: 1, x: 3, y: 0 });
    game.act("hardDrop");
    expect(game.getLastClear()).toMatchObject({ tSpin: "full", lines: 0, points: 400 });
  });

  it("moving after the rotation loses the T-spin", () => {
    const game = new GuidelineGame({ seed: 1 });
    setField(game, ["#.#.......", "..........", "#........."]);
    game.setPieceAt(6, 1, 0, 1);
    game.act("rotateCW");
    game.act("softDrop");
    game.act("hardDrop");
    expect(game.getLastClear()).toBeNull();
  });

  it("levels go up every ten lines and multiply the points", () => {
    const game = new GuidelineGame({ seed: 1 });
    for (let i = 0; i < 3; i++) {
      setField(game, ["#########.", "#########.", "#########.", "#########."]);
      game.setPieceAt(1, 1, 7, 4);
      game.act("hardDrop");
    }
    expect(game.getLines()).toBe(12);
    expect(game.getLevel()).toBe(2);
    // Three tetrises with perfect clears, the second and third back to back, all at level 1.
    // Each I falls 4 rows (8 points); combos 0, 1, 2.
    expect(game.getScore()).toBe(3 * 8 + (800 + 2000) + (1200 + 50 + 3200) + (1200 + 100 + 3200));
  });
});

describe("game over", () => {
  it("block out: the next piece's spawn overlaps the stack", () => {
    const game = new GuidelineGame({ seed: 1 });
    for (let x = 3; x <= 6; x++) for (let y = 20; y <= 21; y++) game.setCell(x, y, 8);
    game.act("hold");
    expect(game.getGameOver()).toBe("block out");
    expect(game.getPiece()).toBeNull();
    expect(game.act("left")).toBe(false);
  });

  it("lock out: a piece locks entirely above the visible field", () => {
    const game = new GuidelineGame({ seed: 1 });
    for (let x = 4; x <= 5; x++) for (let y = 0; y < 20; y++) game.setCell(x, y, 8);
    game.setPieceAt(4, 0, 4, 20);
    game.act("hardDrop");
    expect(game.getGameOver()).toBe("lock out");
  });

  it("with 22 visible rows the same lock is not a lock out", () => {
    const game = new GuidelineGame({ seed: 1, visibleRows: 22 });
    for (let x = 4; x <= 5; x++) for (let y = 0; y < 20; y++) game.setCell(x, y, 8);
    game.setPieceAt(4, 0, 4, 20);
    game.act("hardDrop");
    expect(game.getGameOver()).not.toBe("lock out");
  });

  it("a game left alone tops out by itself", () => {
    const game = new GuidelineGame({ seed: 9 });
    game.advance(10_000_000);
    expect(game.getGameOver()).not.toBeNull();
    expect(game.getPieces()).toBeGreaterThan(10);
  });
});

describe("inputs are logged with their times", () => {
  it("getInputs lists what input() applied", () => {
    const game = new GuidelineGame({ seed: 1 });
    const actions: Action[] = ["left", "rotateCW", "softDrop", "hardDrop"];
    actions.forEach((a, i) => {
      game.input(i * 100, a);
    });
    expect(game.getInputs()).toEqual(actions.map((a, i) => [i * 100, a]));
  });
});
