import { describe, expect, it } from "vitest";
import {
  boxSize,
  type Cell,
  I_KICKS,
  JLSTZ_KICKS,
  kicks,
  PIECE_IDS,
  type Rotation,
  rotateBy,
  SHAPES,
  spawnOrigin,
} from "./srs.ts";

function picture(cells: readonly Cell[], size: number): string {
  const rows: string[] = [];
  for (let y = size - 1; y >= 0; y--) {
    let row = "";
    for (let x = 0; x < size; x++) row += cells.some(([cx, cy]) => cx === x && cy === y) ? "#" : ".";
    rows.push(row);
  }
  return rows.join("/");
}

describe("SRS shapes", () => {
  it("every piece has four distinct cells inside its box in each rotation state", () => {
    for (const id of PIECE_IDS) {
      for (let r = 0; r < 4; r++) {
        const cells = SHAPES[id][r]!;
        expect(new Set(cells.map(([x, y]) => `${x},${y}`)).size).toBe(4);
        for (const [x, y] of cells) {
          expect(x).toBeGreaterThanOrEqual(0);
          expect(y).toBeGreaterThanOrEqual(0);
          expect(x).toBeLessThan(boxSize(id));
          expect(y).toBeLessThan(boxSize(id));
        }
      }
    }
  });

  it("the four states of T, I and J are the SRS states (pictures, top row first)", () => {
    expect([0, 1, 2, 3].map((r) => picture(SHAPES[6][r]!, 3))).toEqual([
      ".#./###/...",
      ".#./.##/.#.",
      ".../###/.#.",
      ".#./##./.#.",
    ]);
    expect([0, 1, 2, 3].map((r) => picture(SHAPES[1][r]!, 4))).toEqual([
      "..../####/..../....",
      "..#./..#./..#./..#.",
      "..../..../####/....",
      ".#../.#../.#../.#..",
    ]);
    expect([0, 1, 2, 3].map((r) => picture(SHAPES[2][r]!, 3))).toEqual([
      "#../###/...",
      ".##/.#./.#.",
      ".../###/..#",
      ".#./.#./##.",
    ]);
    expect(picture(SHAPES[3][0]!, 3)).toBe("..#/###/...");
    expect(picture(SHAPES[5][0]!, 3)).toBe(".##/##./...");
    expect(picture(SHAPES[7][0]!, 3)).toBe("##./.##/...");
    for (let r = 0; r < 4; r++) expect(picture(SHAPES[4][r]!, 2)).toBe("##/##");
  });

  it("pieces spawn in the middle: I and O centred, the others left of centre, in rows 21-22", () => {
    const columns = PIECE_IDS.map((id) => {
      const [x, y] = spawnOrigin(id);
      const cells = SHAPES[id][0]!.map(([dx, dy]) => [x + dx, y + dy] as const);
      return [
        Math.min(...cells.map((c) => c[0])),
        Math.max(...cells.map((c) => c[0])),
        Math.min(...cells.map((c) => c[1])),
        Math.max(...cells.map((c) => c[1])),
      ];
    });
    expect(columns).toEqual([
      [3, 6, 20, 20],
      [3, 5, 20, 21],
      [3, 5, 20, 21],
      [4, 5, 20, 21],
      [3, 5, 20, 21],
      [3, 5, 20, 21],
      [3, 5, 20, 21],
    ]);
  });
});

describe("SRS wall kicks", () => {
  const pairs: Array<[Rotation, Rotation]> = [
    [0, 1],
    [1, 0],
    [1, 2],
    [2, 1],
    [2, 3],
    [3, 2],
    [3, 0],
    [0, 3],
  ];

  it("each table has five tests for each of the eight rotations, the first being no kick", () => {
    for (const table of [JLSTZ_KICKS, I_KICKS]) {
      expect(Object.keys(table).sort()).toEqual(pairs.map(([a, b]) => `${a}>${b}`).sort());
      for (const tests of Object.values(table)) {
        expect(tests).toHaveLength(5);
        expect(tests[0]).toEqual([0, 0]);
      }
    }
  });

  it("every kick is the negation of the reverse rotation's kick", () => {
    for (const table of [JLSTZ_KICKS, I_KICKS]) {
      for (const [a, b] of pairs) {
        const forward = table[`${a}>${b}`]!;
        const reverse = table[`${b}>${a}`]!;
        forward.forEach(([dx, dy], i) => {
          expect(reverse[i]).toEqual([-dx + 0, -dy + 0]);
        });
      }
    }
  });

  it("JLSTZ kicks equal the differences of the SRS offset tables", () => {
    // The offset form of SRS: kick(a -> b) = offset(a) - offset(b).
    const offsets: Record<Rotation, Cell[]> = {
      0: [
        [0, 0],
        [0, 0],
        [0, 0],
        [0, 0],
        [0, 0],
      ],
      1: [
        [0, 0],
        [1, 0],
        [1, -1],
        [0, 2],
        [1, 2],
      ],
      2: [
        [0, 0],
        [0, 0],
        [0, 0],
        [0, 0],
        [0, 0],
      ],
      3: [
        [0, 0],
        [-1, 0],
        [-1, -1],
        [0, 2],
        [-1, 2],
      ],
    };
    for (const [a, b] of pairs) {
      const expected = offsets[a].map(([x, y], i) => [x - offsets[b][i]![0] + 0, y - offsets[b][i]![1] + 0]);
      expect(JLSTZ_KICKS[`${a}>${b}`]).toEqual(expected);
    }
  });

  it("the I's first tests are the well-known values", () => {
    expect(I_KICKS["0>1"]).toEqual([
      [0, 0],
      [-2, 0],
      [1, 0],
      [-2, -1],
      [1, 2],
    ]);
    expect(I_KICKS["1>2"]![4]).toEqual([2, -1]);
  });

  it("the O never kicks; the others use their table", () => {
    expect(kicks(4, 0, 1)).toEqual([[0, 0]]);
    expect(kicks(4, 2, 1)).toEqual([[0, 0]]);
    expect(kicks(6, 0, 1)).toBe(JLSTZ_KICKS["0>1"]);
    expect(kicks(1, 3, 0)).toBe(I_KICKS["3>0"]);
  });

  it("rotateBy wraps both ways", () => {
    expect(rotateBy(0, -1)).toBe(3);
    expect(rotateBy(3, 1)).toBe(0);
    expect(rotateBy(1, 2)).toBe(3);
  });
});
