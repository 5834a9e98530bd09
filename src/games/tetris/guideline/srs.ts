/**
 * The Super Rotation System: the seven tetrominoes in their four rotation states and the standard wall kicks.
 * Coordinates are field cells `[x, y]`, x to the right from 0, y *up* from 0 (the floor), as in the SRS tables.
 */

/** Ids shared with the classic engine (and its colours): 1 I, 2 J, 3 L, 4 O, 5 S, 6 T, 7 Z. */
export type PieceId = 1 | 2 | 3 | 4 | 5 | 6 | 7;
export const PIECE_IDS: readonly PieceId[] = [1, 2, 3, 4, 5, 6, 7];
export const PIECE_LETTERS = ["", "I", "J", "L", "O", "S", "T", "Z"] as const;
export const I: PieceId = 1;
export const O: PieceId = 4;
export const T: PieceId = 6;

/** 0 spawn, 1 R (after one clockwise turn), 2 (two turns), 3 L. */
export type Rotation = 0 | 1 | 2 | 3;
export type Cell = readonly [number, number];

/** Each piece in state 0 inside its bounding box (bottom-left corner at 0,0), with the box's size. */
const SPAWN_SHAPES: Record<PieceId, { size: number; cells: Cell[] }> = {
  1: {
    size: 4,
    cells: [
      [0, 2],
      [1, 2],
      [2, 2],
      [3, 2],
    ],
  },
  2: {
    size: 3,
    cells: [
      [0, 2],
      [0, 1],
      [1, 1],
      [2, 1],
    ],
  },
  3: {
    size: 3,
    cells: [
      [2, 2],
      [0, 1],
      [1, 1],
      [2, 1],
    ],
  },
  4: {
    size: 2,
    cells: [
      [0, 0],
      [1, 0],
      [0, 1],
      [1, 1],
    ],
  },
  5: {
    size: 3,
    cells: [
      [1, 2],
      [2, 2],
      [0, 1],
      [1, 1],
    ],
  },
  6: {
    size: 3,
    cells: [
      [1, 2],
      [0, 1],
      [1, 1],
      [2, 1],
    ],
  },
  7: {
    size: 3,
    cells: [
      [0, 2],
      [1, 2],
      [1, 1],
      [2, 1],
    ],
  },
};

/** A clockwise quarter turn inside an n x n box, y up: (x, y) -> (y, n - 1 - x). */
function turnClockwise(cells: readonly Cell[], size: number): Cell[] {
  return cells.map(([x, y]) => [y, size - 1 - x] as const);
}

/** SHAPES[id][rotation]: the four cells relative to the piece's origin (its box's bottom-left corner). */
export const SHAPES: Readonly<Record<PieceId, readonly (readonly Cell[])[]>> = (() => {
  const shapes = {} as Record<PieceId, Cell[][]>;
  for (const id of PIECE_IDS) {
    const { size, cells } = SPAWN_SHAPES[id];
    const states: Cell[][] = [cells];
    for (let r = 1; r < 4; r++) states.push(turnClockwise(states[r - 1]!, size));
    shapes[id] = states;
  }
  return shapes;
})();

export function boxSize(id: PieceId): number {
  return SPAWN_SHAPES[id].size;
}

/**
 * Where a piece's origin starts: I and O in the middle columns, the rest in the left-middle columns (x 3-5), in
 * rows 21-22 (y 20-21), flat side down.
 */
export function spawnOrigin(id: PieceId): Cell {
  if (id === O) return [4, 20];
  if (id === I) return [3, 18];
  return [3, 19];
}

/** The standard kick tests for rotating from `from` to `to`, as (dx, dy), y up; the first is always (0, 0). */
export type KickTable = Readonly<Record<string, readonly Cell[]>>;

export const JLSTZ_KICKS: KickTable = {
  "0>1": [
    [0, 0],
    [-1, 0],
    [-1, 1],
    [0, -2],
    [-1, -2],
  ],
  "1>0": [
    [0, 0],
    [1, 0],
    [1, -1],
    [0, 2],
    [1, 2],
  ],
  "1>2": [
    [0, 0],
    [1, 0],
    [1, -1],
    [0, 2],
    [1, 2],
  ],
  "2>1": [
    [0, 0],
    [-1, 0],
    [-1, 1],
    [0, -2],
    [-1, -2],
  ],
  "2>3": [
    [0, 0],
    [1, 0],
    [1, 1],
    [0, -2],
    [1, -2],
  ],
  "3>2": [
    [0, 0],
    [-1, 0],
    [-1, -1],
    [0, 2],
    [-1, 2],
  ],
  "3>0": [
    [0, 0],
    [-1, 0],
    [-1, -1],
    [0, 2],
    [-1, 2],
  ],
  "0>3": [
    [0, 0],
    [1, 0],
    [1, 1],
    [0, -2],
    [1, -2],
  ],
};

export const I_KICKS: KickTable = {
  "0>1": [
    [0, 0],
    [-2, 0],
    [1, 0],
    [-2, -1],
    [1, 2],
  ],
  "1>0": [
    [0, 0],
    [2, 0],
    [-1, 0],
    [2, 1],
    [-1, -2],
  ],
  "1>2": [
    [0, 0],
    [-1, 0],
    [2, 0],
    [-1, 2],
    [2, -1],
  ],
  "2>1": [
    [0, 0],
    [1, 0],
    [-2, 0],
    [1, -2],
    [-2, 1],
  ],
  "2>3": [
    [0, 0],
    [2, 0],
    [-1, 0],
    [2, 1],
    [-1, -2],
  ],
  "3>2": [
    [0, 0],
    [-2, 0],
    [1, 0],
    [-2, -1],
    [1, 2],
  ],
  "3>0": [
    [0, 0],
    [1, 0],
    [-2, 0],
    [1, -2],
    [-2, 1],
  ],
  "0>3": [
    [0, 0],
    [-1, 0],
    [2, 0],
    [-1, 2],
    [2, -1],
  ],
};

const NO_KICKS: readonly Cell[] = [[0, 0]];

/**
 * Half turns (not in SRS; tsol's own table, the same for every piece but the O, which never kicks): in place, one
 * up, one right, one left, one up and right, one up and left, one down. A half turn never counts as the fifth
 * kick test of the T-spin rule.
 */
export const HALF_TURN_KICKS: readonly Cell[] = [
  [0, 0],
  [0, 1],
  [1, 0],
  [-1, 0],
  [1, 1],
  [-1, 1],
  [0, -1],
];

/** The kick tests to try, in order, when piece `id` turns from `from` to `to` (the O never kicks). */
export function kicks(id: PieceId, from: Rotation, to: Rotation): readonly Cell[] {
  if (id === O) return NO_KICKS;
  if ((to - from + 4) % 4 === 2) return HALF_TURN_KICKS;
  const table = id === I ? I_KICKS : JLSTZ_KICKS;
  return table[`${from}>${to}`] ?? NO_KICKS;
}

export function rotateBy(rotation: Rotation, turns: number): Rotation {
  return ((((rotation + turns) % 4) + 4) % 4) as Rotation;
}
