import fc from "fast-check";
import { describe, expect, it } from "vitest";
import {
  ClassicTetris,
  getCellPrint,
  InvalidTetraminoIdError,
  lineScore,
  MAX_COLUMN,
  MAX_ROW,
  ModelRuntimeError,
  type Position,
  PositionOutOfBoardError,
} from "./classic.ts";

const EMPTY_VISIBLE = "|##########|\n";
const EMPTY_HIDDEN = "|          |\n";
const BOTTOM = " ----------";

/** Rows r1..r2 of the board as text, one character a cell: "." empty, else the piece letter. */
function picture(game: ClassicTetris, fromRow = 1, toRow = MAX_ROW): string {
  const letters = ".IJLOSTZ";
  return game
    .getBoard()
    .rows()
    .slice(fromRow - 1, toRow)
    .map((row) => row.map((id) => letters[id] ?? "?").join(""))
    .join("\n");
}

function minoes(game: ClassicTetris): Position[] {
  return game.getTetramino()!.minoes;
}

function fillRow(game: ClassicTetris, row: number, id = 7, skip: number[] = []): void {
  for (let c = 1; c <= MAX_COLUMN; c++)
    if (!skip.includes(c)) game.getBoard().setMatrixPosition([row, c], id);
}

describe("ClassicTetris: a new game", () => {
  it("starts at level 1 with score 0, lines 0, no piece, an empty board and the game running", () => {
    const game = new ClassicTetris(1);
    expect(game.getLevel()).toBe(1);
    expect(game.getScore()).toBe(0);
    expect(game.getLines()).toBe(0);
    expect(game.getGameOver()).toBe(false);
    expect(game.getTetramino()).toBeNull();
    expect(
      game
        .getBoard()
        .rows()
        .flat()
        .every((id) => id === 0),
    ).toBe(true);
    expect(game.getBoard().rows()).toHaveLength(22);
  });

  it("keeps the seed it was given, and draws one when none is given", () => {
    expect(new ClassicTetris(1234).getSeed()).toBe(1234);
    const drawn = new ClassicTetris().getSeed();
    expect(Number.isInteger(drawn)).toBe(true);
    expect(drawn).toBeGreaterThanOrEqual(0);
  });
});

describe("printBoard", () => {
  it("prints a leading newline, twenty visible rows of #, and a bottom line of a space and ten dashes", () => {
    const game = new ClassicTetris(1);
    expect(game.printBoard()).toBe(`\n${EMPTY_VISIBLE.repeat(20)}${BOTTOM}`);
    expect(game.printBoard({ color: false, showHidden: false })).toBe(game.printBoard(false, true, false));
  });

  it("prints the hidden rows as spaces only when asked", () => {
    const game = new ClassicTetris(1);
    expect(game.printBoard({ showHidden: true })).toBe(
      `\n${EMPTY_HIDDEN.repeat(2)}${EMPTY_VISIBLE.repeat(20)}${BOTTOM}`,
    );
    expect(game.printBoard(false, true, true)).toBe(game.printBoard({ showHidden: true }));
  });

  it("prints filled cells as * without colour, in hidden rows too", () => {
    const game = new ClassicTetris(1);
    game.newTetramino(2); // J: (1,4) (2,4) (2,5) (2,6)
    const text = game.printBoard({ showHidden: true });
    const rows = text.split("\n");
    expect(rows[0]).toBe("");
    expect(rows[1]).toBe("|   *      |");
    expect(rows[2]).toBe("|   ***    |");
    expect(rows[3]).toBe("|##########|");
    expect(rows[23]).toBe(BOTTOM);
    expect(rows).toHaveLength(24);
    // Without the hidden rows the piece is not seen at all.
    expect(game.printBoard()).toBe(`\n${EMPTY_VISIBLE.repeat(20)}${BOTTOM}`);
  });

  it("prints each tetramino in the model's ANSI colour and every empty cell as a space", () => {
    const codes = [0, 51, 21, 208, 226, 34, 165, 196];
    for (let id = 1; id <= 7; id++) {
      const game = new ClassicTetris(1);
      game.newTetramino(id);
      game.drop();
      const text = game.printBoard({ color: true });
      expect(text).toContain(`\u001B[38;5;${codes[id]}m*\u001B[0m`);
      expect(text).not.toContain("#");
      expect(text.split("\n")[1]).toBe("|          |");
    }
    expect(new ClassicTetris(1).printBoard({ color: true, showHidden: true })).toBe(
      `\n${EMPTY_HIDDEN.repeat(22)}${BOTTOM}`,
    );
  });

  it("getCellPrint follows the model's three-way choice without colour", () => {
    expect(getCellPrint(0, 1, true)).toBe(" ");
    expect(getCellPrint(0, 2, true)).toBe(" ");
    expect(getCellPrint(0, 3, true)).toBe("#");
    expect(getCellPrint(5, 1, true)).toBe("*");
    expect(getCellPrint(0, 3, false)).toBe(" ");
    expect(getCellPrint(9, 3, false)).toBe("\u001B[38;5;196m*\u001B[0m");
  });

  it("sends the text to the print sink when printNow is true, and only then", () => {
    const printed: string[] = [];
    const game = new ClassicTetris(1, { print: (t) => printed.push(t) });
    const quiet = game.printBoard(false, true, false);
    expect(printed).toEqual([]);
    const loud = game.printBoard(true, true, false);
    expect(printed).toEqual([loud]);
    expect(loud).toBe(quiet);
  });
});

describe("newTetramino: spawn positions", () => {
  const spawns: Array<[number, string, Position[]]> = [
    [
      1,
      "I",
      [
        [2, 4],
        [2, 5],
        [2, 6],
        [2, 7],
      ],
    ],
    [
      2,
      "J",
      [
        [1, 4],
        [2, 4],
        [2, 5],
        [2, 6],
      ],
    ],
    [
      3,
      "L",
      [
        [1, 6],
        [2, 6],
        [2, 5],
        [2, 4],
      ],
    ],
    [
      4,
      "O",
      [
        [1, 5],
        [1, 6],
        [2, 6],
        [2, 5],
      ],
    ],
    [
      5,
      "S",
      [
        [1, 6],
        [1, 5],
        [2, 5],
        [2, 4],
      ],
    ],
    [
      6,
      "T",
      [
        [1, 5],
        [2, 4],
        [2, 5],
        [2, 6],
      ],
    ],
    [
      7,
      "Z",
      [
        [1, 4],
        [1, 5],
        [2, 5],
        [2, 6],
      ],
    ],
  ];
  for (const [id, letter, expected] of spawns) {
    it(`spawns ${letter} (id ${id}) with its minoes in the model's order`, () => {
      const game = new ClassicTetris(1);
      game.newTetramino(id);
      const t = game.getTetramino()!;
      expect(t.id).toBe(id);
      expect(t.orientation).toBe(0);
      expect(t.minoes).toEqual(expected);
      for (const [r, c] of expected) expect(game.getBoard().getMatrixPosition([r, c])).toBe(id);
      expect(
        game
          .getBoard()
          .rows()
          .flat()
          .filter((v) => v !== 0),
      ).toHaveLength(4);
      expect(game.getGameOver()).toBe(false);
    });
  }

  it("pictures of the seven spawns in the hidden rows", () => {
    const pictures = [1, 2, 3, 4, 5, 6, 7].map((id) => {
      const game = new ClassicTetris(1);
      game.newTetramino(id);
      return picture(game, 1, 2);
    });
    expect(pictures).toEqual([
      "..........\n...IIII...",
      "...J......\n...JJJ....",
      ".....L....\n...LLL....",
      "....OO....\n....OO....",
      "....SS....\n...SS.....",
      "....T.....\n...TTT....",
      "...ZZ.....\n....ZZ....",
    ]);
  });

  it("rejects ids outside 1..7 with a coded error", () => {
    const game = new ClassicTetris(1);
    for (const bad of [0, 8, -1, 1.5]) {
      expect(() => game.newTetramino(bad)).toThrow(InvalidTetraminoIdError);
    }
    try {
      game.newTetramino(9);
    } catch (e) {
      expect((e as InvalidTetraminoIdError).code).toBe("TETRIS_INVALID_TETRAMINO_ID");
    }
  });

  it("a spawn that overlaps ends the game and places nothing", () => {
    const game = new ClassicTetris(1);
    game.getBoard().setMatrixPosition([2, 5], 7);
    game.newTetramino(1);
    expect(game.getGameOver()).toBe(true);
    expect(
      game
        .getBoard()
        .rows()
        .flat()
        .filter((v) => v !== 0),
    ).toEqual([7]);
  });
});

describe("rotate: all four orientations of each piece (the model's rotation, not SRS kicks)", () => {
  // Each piece is moved down three rows from its spawn, then rotated four times; minoes in the model's order.
  const cases: Array<[number, Position[][]]> = [
    [
      1,
      [
        [
          [5, 4],
          [5, 5],
          [5, 6],
          [5, 7],
        ],
        [
          [4, 6],
          [5, 6],
          [6, 6],
          [7, 6],
        ],
        [
          [6, 7],
          [6, 6],
          [6, 5],
          [6, 4],
        ],
        [
          [7, 5],
          [6, 5],
          [5, 5],
          [4, 5],
        ],
      ],
    ],
    [
      2,
      [
        [
          [4, 4],
          [5, 4],
          [5, 5],
          [5, 6],
        ],
        [
          [4, 6],
          [4, 5],
          [5, 5],
          [6, 5],
        ],
        [
          [6, 6],
          [5, 6],
          [5, 5],
          [5, 4],
        ],
        [
          [6, 4],
          [6, 5],
          [5, 5],
          [4, 5],
        ],
      ],
    ],
    [
      3,
      [
        [
          [4, 6],
          [5, 6],
          [5, 5],
          [5, 4],
        ],
        [
          [6, 6],
          [6, 5],
          [5, 5],
          [4, 5],
        ],
        [
          [6, 4],
          [5, 4],
          [5, 5],
          [5, 6],
        ],
        [
          [4, 4],
          [4, 5],
          [5, 5],
          [6, 5],
        ],
      ],
    ],
    [
      4,
      [
        [
          [4, 5],
          [4, 6],
          [5, 6],
          [5, 5],
        ],
        [
          [4, 6],
          [5, 6],
          [5, 5],
          [4, 5],
        ],
        [
          [5, 6],
          [5, 5],
          [4, 5],
          [4, 6],
        ],
        [
          [5, 5],
          [4, 5],
          [4, 6],
          [5, 6],
        ],
      ],
    ],
    [
      5,
      [
        [
          [4, 6],
          [4, 5],
          [5, 5],
          [5, 4],
        ],
        [
          [6, 6],
          [5, 6],
          [5, 5],
          [4, 5],
        ],
        [
          [6, 4],
          [6, 5],
          [5, 5],
          [5, 6],
        ],
        [
          [4, 4],
          [5, 4],
          [5, 5],
          [6, 5],
        ],
      ],
    ],
    [
      6,
      [
        [
          [4, 5],
          [5, 4],
          [5, 5],
          [5, 6],
        ],
        [
          [5, 6],
          [4, 5],
          [5, 5],
          [6, 5],
        ],
        [
          [6, 5],
          [5, 6],
          [5, 5],
          [5, 4],
        ],
        [
          [5, 4],
          [6, 5],
          [5, 5],
          [4, 5],
        ],
      ],
    ],
    [
      7,
      [
        [
          [4, 4],
          [4, 5],
          [5, 5],
          [5, 6],
        ],
        [
          [4, 6],
          [5, 6],
          [5, 5],
          [6, 5],
        ],
        [
          [6, 6],
          [6, 5],
          [5, 5],
          [5, 4],
        ],
        [
          [6, 4],
          [5, 4],
          [5, 5],
          [4, 5],
        ],
      ],
    ],
  ];
  for (const [id, orientations] of cases) {
    it(`piece ${id} turns through orientations 0, 1, 2, 3 and back to 0`, () => {
      for (const faithful of [false, true]) {
        const game = new ClassicTetris(1, { faithful });
        game.newTetramino(id);
        for (let i = 0; i < 3; i++) expect(game.down()).toBe(true);
        expect(minoes(game)).toEqual(orientations[0]);
        for (let turn = 1; turn <= 4; turn++) {
          expect(game.rotate()).toBe(true);
          expect(game.getTetramino()!.orientation).toBe(turn % 4);
          expect(minoes(game)).toEqual(orientations[turn % 4]);
          // The board holds exactly the tetramino's minoes.
          const filled = game
            .getBoard()
            .rows()
            .flat()
            .filter((v) => v !== 0);
          expect(filled).toEqual([id, id, id, id]);
        }
      }
    });
  }

  it("the O's rotation keeps the same four cells", () => {
    const game = new ClassicTetris(1);
    game.newTetramino(4);
    const before = picture(game);
    for (let i = 0; i < 4; i++) {
      expect(game.rotate()).toBe(true);
      expect(picture(game)).toBe(before);
    }
  });

  it("a rotation into the wall fails and leaves the piece where it was", () => {
    const game = new ClassicTetris(1);
    game.newTetramino(1);
    game.rotate(); // vertical in column 6
    for (let i = 0; i < 5; i++) expect(game.left()).toBe(true);
    expect(game.left()).toBe(false);
    const before = picture(game);
    expect(game.rotate()).toBe(false); // would need column 0
    expect(picture(game)).toBe(before);
    expect(game.getTetramino()!.orientation).toBe(1);
  });
});

describe("down, left, right", () => {
  it("move the tetramino one cell and report true; false at the walls and floor, leaving it in place", () => {
    const game = new ClassicTetris(1);
    game.newTetramino(6); // T at (1,5) (2,4) (2,5) (2,6)
    expect(game.left()).toBe(true);
    expect(minoes(game)[0]).toEqual([1, 4]);
    expect(game.right()).toBe(true);
    expect(game.right()).toBe(true);
    expect(minoes(game)[0]).toEqual([1, 6]);
    for (let i = 0; i < 3; i++) expect(game.right()).toBe(true);
    expect(minoes(game)).toEqual([
      [1, 9],
      [2, 8],
      [2, 9],
      [2, 10],
    ]);
    expect(game.right()).toBe(false);
    for (let i = 0; i < 7; i++) expect(game.left()).toBe(true);
    expect(game.left()).toBe(false);
    expect(minoes(game)[1]).toEqual([2, 1]);
    let moves = 0;
    while (game.down()) moves++;
    expect(moves).toBe(20);
    expect(minoes(game)[0]).toEqual([21, 2]);
    expect(game.down()).toBe(false);
    expect(picture(game, 21, 22)).toBe(".T........\nTTT.......");
  });

  it("stop on other minoes", () => {
    const game = new ClassicTetris(1);
    game.getBoard().setMatrixPosition([10, 5], 3);
    game.newTetramino(4); // O at columns 5-6
    let moves = 0;
    while (game.down()) moves++;
    expect(moves).toBe(7); // rows 8-9, resting on row 10
    expect(game.right()).toBe(true);
    expect(game.down()).toBe(true);
  });
});

describe("drop and scoring", () => {
  it("drop returns the distance and adds distance x level", () => {
    const game = new ClassicTetris(1);
    game.newTetramino(1);
    expect(game.drop()).toBe(20);
    expect(game.getScore()).toBe(20);
    expect(game.drop()).toBe(0);
    expect(game.getScore()).toBe(20);
    game.newTetramino(1);
    expect(game.drop()).toBe(19);
    expect(game.getScore()).toBe(39);
  });

  it("checkLines scores 100, 300, 400, 800 x level for 1-4 rows and returns the count", () => {
    for (const [rows, points] of [
      [1, 100],
      [2, 300],
      [3, 400],
      [4, 800],
    ] as const) {
      const game = new ClassicTetris(1);
      for (let r = 0; r < rows; r++) fillRow(game, 22 - r);
      expect(game.checkLines()).toBe(rows);
      expect(game.getScore()).toBe(points);
      expect(game.getLines()).toBe(rows);
      expect(
        game
          .getBoard()
          .rows()
          .flat()
          .every((v) => v === 0),
      ).toBe(true);
    }
  });

  it("level = 1 + lines div 10, applied after the lines are scored", () => {
    const game = new ClassicTetris(1);
    let expectedScore = 0;
    for (let round = 1; round <= 7; round++) {
      const levelBefore = game.getLevel();
      for (let r = 0; r < 4; r++) fillRow(game, 22 - r);
      expect(game.checkLines()).toBe(4);
      expectedScore += 800 * levelBefore;
      expect(game.getScore()).toBe(expectedScore);
      expect(game.getLevel()).toBe(1 + Math.floor((4 * round) / 10));
    }
    expect(game.getLines()).toBe(28);
    expect(game.getLevel()).toBe(3);
    expect(expectedScore).toBe(800 * (1 + 1 + 1 + 2 + 2 + 3 + 3));
  });

  it("lineScore", () => {
    expect([0, 1, 2, 3, 4].map(lineScore)).toEqual([0, 100, 300, 400, 800]);
    expect(lineScore(6)).toBe(1100);
  });

  it("checkLines clears rows in the middle and moves the rows above down by the number cleared", () => {
    const game = new ClassicTetris(1);
    fillRow(game, 20);
    fillRow(game, 22);
    game.getBoard().setMatrixPosition([19, 1], 2);
    game.getBoard().setMatrixPosition([21, 10], 3);
    expect(game.checkLines()).toBe(2);
    expect(picture(game, 19, 22)).toBe("..........\n..........\nJ.........\n.........L");
  });
});

describe("a scenario with line clears at levels 1 and 2", () => {
  /** newTetramino, then rotations, then shifts (negative = left), then drop and checkLines. */
  function place(game: ClassicTetris, id: number, rotations: number, shift: number): number {
    game.newTetramino(id);
    for (let i = 0; i < rotations; i++) expect(game.rotate()).toBe(true);
    for (let i = 0; i < Math.abs(shift); i++) expect(shift < 0 ? game.left() : game.right()).toBe(true);
    const distance = game.drop();
    game.checkLines();
    return distance;
  }

  it("plays a double with five Os, two tetrises of vertical Is, and a single at level 2", () => {
    const game = new ClassicTetris(7);
    // A double at level 1: five Os side by side on the floor.
    for (const shift of [-4, -2, 0, 2]) {
      expect(place(game, 4, 0, shift)).toBe(20);
      expect(game.getLines()).toBe(0);
    }
    expect(picture(game, 21, 22)).toBe("OOOOOOOO..\nOOOOOOOO..");
    expect(game.getScore()).toBe(80);
    expect(place(game, 4, 0, 4)).toBe(20);
    expect(game.getLines()).toBe(2);
    expect(game.getScore()).toBe(100 + 300);
    expect(
      game
        .getBoard()
        .rows()
        .flat()
        .every((v) => v === 0),
    ).toBe(true);

    // Two tetrises at level 1: ten vertical Is, columns 1..10, each dropped 18 rows.
    for (let cycle = 1; cycle <= 2; cycle++) {
      for (let column = 1; column <= 10; column++) {
        expect(place(game, 1, 1, column - 6)).toBe(18);
        expect(game.getLines()).toBe(2 + (column === 10 ? 4 * cycle : 4 * (cycle - 1)));
      }
      expect(
        game
          .getBoard()
          .rows()
          .flat()
          .every((v) => v === 0),
      ).toBe(true);
    }
    expect(game.getScore()).toBe(400 + 2 * (180 + 800));
    expect(game.getLines()).toBe(10);
    expect(game.getLevel()).toBe(2);

    // A single at level 2: drops and the line count double.
    expect(place(game, 1, 0, -3)).toBe(20);
    expect(place(game, 1, 0, 1)).toBe(20);
    expect(game.getScore()).toBe(2360 + 80);
    expect(place(game, 4, 0, 4)).toBe(20);
    expect(game.getLines()).toBe(11);
    expect(game.getLevel()).toBe(2);
    expect(game.getScore()).toBe(2360 + 80 + 40 + 200);
    expect(picture(game, 21, 22)).toBe("..........\n........OO");
    expect(game.printBoard().split("\n").slice(19, 22)).toEqual(["|##########|", "|########**|", BOTTOM]);
  });
});

describe("newRandomTetramino", () => {
  /** The ids newRandomTetramino produces, emptying the board between spawns so none overlaps. */
  function draws(seed: number, n: number): number[] {
    const game = new ClassicTetris(seed);
    const ids: number[] = [];
    for (let i = 0; i < n; i++) {
      const preview = game.previewRandomTetramino();
      game.newRandomTetramino();
      expect(game.getTetramino()!.id).toBe(preview);
      ids.push(preview);
      for (let r = 1; r <= MAX_ROW; r++)
        for (let c = 1; c <= MAX_COLUMN; c++) game.getBoard().setMatrixPosition([r, c], 0);
    }
    return ids;
  }

  it("is reproducible from the seed, previewable, and draws all seven ids", () => {
    const ids = draws(99, 200);
    expect(draws(99, 200)).toEqual(ids);
    expect(draws(100, 200)).not.toEqual(ids);
    expect([...new Set(ids)].sort()).toEqual([1, 2, 3, 4, 5, 6, 7]);
    // A text seed works too, and is hashed the same way each time.
    expect(new ClassicTetris("hello").getSeed()).toBe(new ClassicTetris("hello").getSeed());
  });

  it("clone continues the same game independently", () => {
    const game = new ClassicTetris(5);
    game.newRandomTetramino();
    game.down();
    const copy = game.clone();
    expect(copy.printBoard({ showHidden: true })).toBe(game.printBoard({ showHidden: true }));
    copy.drop();
    expect(copy.printBoard()).not.toBe(game.printBoard());
    expect(copy.previewRandomTetramino()).toBe(game.previewRandomTetramino());
  });
});

describe("board operations", () => {
  it("setMatrixPosition and getMatrixPosition reject positions off the board", () => {
    const board = new ClassicTetris(1).getBoard();
    for (const p of [
      [0, 1],
      [23, 1],
      [1, 0],
      [1, 11],
    ] as Position[]) {
      expect(() => board.getMatrixPosition(p)).toThrow(PositionOutOfBoardError);
      expect(() => board.setMatrixPosition(p, 1)).toThrow(PositionOutOfBoardError);
    }
    board.setMatrixPosition([22, 10], 4);
    expect(board.getMatrixPosition([22, 10])).toBe(4);
  });
});

describe("model defects: fixed by default, reproduced with faithful: true", () => {
  it("rotate advances the orientation even when the rotation fails", () => {
    for (const faithful of [false, true]) {
      const game = new ClassicTetris(1, { faithful });
      game.newTetramino(1);
      game.rotate();
      for (let i = 0; i < 5; i++) game.left();
      const vertical = minoes(game);
      expect(game.rotate()).toBe(false);
      expect(minoes(game)).toEqual(vertical);
      if (faithful) {
        // Orientation 2 with a vertical shape: moving down rebuilds the shape leftwards from column 1, off the board.
        expect(game.getTetramino()!.orientation).toBe(2);
        expect(game.down()).toBe(false);
        expect(game.drop()).toBe(0);
      } else {
        expect(game.getTetramino()!.orientation).toBe(1);
        expect(game.down()).toBe(true);
        expect(game.drop()).toBe(17);
      }
    }
  });

  it("clearing a row never empties the top row", () => {
    for (const faithful of [false, true]) {
      const game = new ClassicTetris(1, { faithful });
      game.getBoard().setMatrixPosition([1, 3], 6);
      fillRow(game, 22);
      expect(game.checkLines()).toBe(1);
      expect(game.getBoard().getMatrixPosition([2, 3])).toBe(6);
      expect(game.getBoard().getMatrixPosition([1, 3])).toBe(faithful ? 6 : 0);
    }
  });

  it("a full top row is counted by every checkLines but never removed", () => {
    const faithful = new ClassicTetris(1, { faithful: true });
    fillRow(faithful, 1);
    expect(faithful.checkLines()).toBe(1);
    expect(faithful.checkLines()).toBe(1);
    expect(faithful.getLines()).toBe(2);
    const fixed = new ClassicTetris(1);
    fillRow(fixed, 1);
    expect(fixed.checkLines()).toBe(1);
    expect(fixed.checkLines()).toBe(0);
  });

  it("after a failed spawn the model moves the default minoes [1,1]..[1,4], in both modes as section 3 says", () => {
    for (const faithful of [false, true]) {
      const game = new ClassicTetris(1, { faithful });
      game.getBoard().setMatrixPosition([2, 5], 7);
      game.newTetramino(1);
      expect(game.getGameOver()).toBe(true);
      expect(game.down()).toBe(true);
      expect(picture(game, 1, 2)).toBe("..........\nIIIIZ.....");
    }
  });

  it("moving before any tetramino: the model stops with a run-time error; fixed mode reports no move", () => {
    const fixed = new ClassicTetris(1);
    expect(fixed.down()).toBe(false);
    expect(fixed.left()).toBe(false);
    expect(fixed.right()).toBe(false);
    expect(fixed.rotate()).toBe(false);
    expect(fixed.drop()).toBe(0);
    const faithful = new ClassicTetris(1, { faithful: true });
    expect(() => faithful.down()).toThrow(ModelRuntimeError);
    try {
      faithful.drop();
    } catch (e) {
      expect((e as ModelRuntimeError).code).toBe("TETRIS_MODEL_NO_TETRAMINO");
    }
  });

  it("more than four rows at once index lineScores out of range in the model", () => {
    const fixed = new ClassicTetris(1);
    for (let r = 17; r <= 22; r++) fillRow(fixed, r);
    expect(fixed.checkLines()).toBe(6);
    expect(fixed.getScore()).toBe(1100);
    const faithful = new ClassicTetris(1, { faithful: true });
    for (let r = 17; r <= 22; r++) fillRow(faithful, r);
    expect(() => faithful.checkLines()).toThrow(
      expect.objectContaining({ code: "TETRIS_MODEL_LINE_SCORE_INDEX" }) as unknown as Error,
    );
  });

  it("checkLines under a tetramino that can still move: the next move rewrites the stack, in both modes", () => {
    for (const faithful of [false, true]) {
      const game = new ClassicTetris(1, { faithful });
      fillRow(game, 22, 7, [1, 2, 3, 4]);
      game.newTetramino(1);
      for (let i = 0; i < 3; i++) game.left();
      expect(game.drop()).toBe(20);
      expect(game.checkLines()).toBe(1);
      expect(
        game
          .getBoard()
          .rows()
          .flat()
          .every((v) => v === 0),
      ).toBe(true);
      expect(game.right()).toBe(true);
      expect(picture(game, 22, 22)).toBe(".IIII.....");
    }
  });
});

describe("properties", () => {
  it("any sequence of operations keeps exactly the stack plus four minoes of the tetramino on the board", () => {
    const op = fc.constantFrom("down", "left", "right", "rotate", "drop", "lock") as fc.Arbitrary<string>;
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 1000 }), fc.array(op, { maxLength: 120 }), (seed, ops) => {
        const game = new ClassicTetris(seed);
        game.newRandomTetramino();
        let stack = 0;
        for (const name of ops) {
          if (game.getGameOver()) break;
          if (name === "lock") {
            const cleared = game.checkLines();
            stack = stack + 4 - cleared * MAX_COLUMN;
            game.newRandomTetramino();
            continue;
          }
          if (name === "down") game.down();
          else if (name === "left") game.left();
          else if (name === "right") game.right();
          else if (name === "rotate") game.rotate();
          else game.drop();
        }
        const filled = game
          .getBoard()
          .rows()
          .flat()
          .filter((v) => v !== 0).length;
        if (!game.getGameOver()) expect(filled).toBe(stack + 4);
        const t = game.getTetramino()!;
        if (!game.getGameOver())
          for (const m of t.minoes) expect(game.getBoard().getMatrixPosition(m)).toBe(t.id);
        expect(game.getLevel()).toBe(1 + Math.floor(game.getLines() / 10));
      }),
      { numRuns: 200 },
    );
  });

  it("rotating four times in open space is the identity, in both modes", () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 7 }), fc.boolean(), (id, faithful) => {
        const game = new ClassicTetris(1, { faithful });
        game.newTetramino(id);
        for (let i = 0; i < 8; i++) game.down();
        const before = minoes(game);
        for (let i = 0; i < 4; i++) expect(game.rotate()).toBe(true);
        expect(minoes(game)).toEqual(before);
      }),
    );
  });
});
