import fc from "fast-check";
import { describe, expect, it } from "vitest";
import {
  type Card,
  formatCard,
  KING,
  orderedDeck,
  parseCard,
  RANK_LETTERS,
  rankOf,
  suitOf,
} from "../../../cards/card.ts";
import {
  cascade,
  cell,
  type FreeCellState,
  foundation,
  isLegal,
  isWon,
  legalMoves,
  type Move,
  type Place,
  whyIllegal,
} from "../rules.ts";
import {
  Ace,
  ALL_PLACEMENTS,
  CardT,
  EmptyError,
  EmptySourceError,
  FullError,
  GameT,
  GameTError,
  InvalidCapacityError,
  InvalidMoveError,
  InvalidPlacementError,
  isValidPlacement,
  Jack,
  King,
  PlacementT,
  Queen,
  RULES_000,
  Stack,
  SuitT,
} from "./game-t.ts";

const { Cascade, Cell, Foundation } = PlacementT;

const C = (text: string): CardT => CardT.fromCard(parseCard(text));

function stackOf(capacity: number, cards: readonly string[]): Stack<CardT> {
  const s = new Stack<CardT>(capacity);
  for (const t of cards) s.push(C(t));
  return s;
}

/** A run of one suit from rank `from` to rank `to`, bottom first: run("H", 1, 3) = AH 2H 3H. */
const run = (suit: string, from: number, to: number): string[] =>
  Array.from({ length: to - from + 1 }, (_, k) => RANK_LETTERS[from + k - 1] + suit);

interface BoardSpec {
  cascades?: string[][];
  cells?: (string | null)[];
  foundations?: string[][];
}

function board(spec: BoardSpec): GameT {
  const cols: Stack<CardT>[] = [];
  for (let k = 0; k < 8; k++) cols.push(stackOf(19, spec.cascades?.[k] ?? []));
  for (let k = 0; k < 4; k++) {
    const c = spec.cells?.[k];
    cols.push(stackOf(1, c ? [c] : []));
  }
  for (let k = 0; k < 4; k++) cols.push(stackOf(13, spec.foundations?.[k] ?? []));
  return GameT.fromColumns(cols);
}

const texts = (s: Stack<CardT>): string[] => s.seq().map(String);

function columns(game: GameT): Stack<CardT>[] {
  return ALL_PLACEMENTS.map(([p, i]) => game.getCol(p, i));
}

function snapshot(game: GameT): string[][] {
  return columns(game).map(texts);
}

function allCards(game: GameT): Card[] {
  return columns(game).flatMap((s) => s.seq().map((c) => c.toCard()));
}

function errorOf(f: () => unknown): unknown {
  try {
    f();
  } catch (e) {
    return e;
  }
  return undefined;
}

/** The board as the engine would hold it: each foundation slot counted under its cards' suit. */
function natural(game: GameT): FreeCellState {
  const foundations = [0, 0, 0, 0];
  for (let k = 0; k < 4; k++) {
    const slot = game.getCol(Foundation, k);
    if (!slot.isEmpty()) foundations[suitOf(slot.peek().toCard())] = slot.peek().rank();
  }
  return {
    rules: RULES_000,
    cascades: Array.from({ length: 8 }, (_, k) =>
      game
        .getCol(Cascade, k)
        .seq()
        .map((c) => c.toCard()),
    ),
    cells: Array.from({ length: 4 }, (_, k) => {
      const s = game.getCol(Cell, k);
      return s.isEmpty() ? null : s.peek().toCard();
    }),
    foundations,
  };
}

/** The engine's move for (p, i) → (q, j): a foundation slot is the foundation of its cards' suit. */
function engineMove(game: GameT, p: PlacementT, i: number, q: PlacementT, j: number): Move {
  const moving = game.getCol(p, i).peek().toCard();
  const place = (kind: PlacementT, k: number): Place => {
    if (kind === Cascade) return cascade(k);
    if (kind === Cell) return cell(k);
    const slot = game.getCol(Foundation, k);
    return foundation(suitOf(slot.isEmpty() ? moving : slot.peek().toCard()));
  };
  return { from: place(p, i), to: place(q, j), count: 1 };
}

const key = (m: Move): string => `${m.from.kind}${m.from.index}>${m.to.kind}${m.to.index}x${m.count}`;

function validMoves(game: GameT): [PlacementT, number, PlacementT, number][] {
  const out: [PlacementT, number, PlacementT, number][] = [];
  for (const [p, i] of ALL_PLACEMENTS) {
    if (game.getCol(p, i).isEmpty()) continue;
    for (const [q, j] of ALL_PLACEMENTS) if (game.isValidMove(p, i, q, j)) out.push([p, i, q, j]);
  }
  return out;
}

/** A board where nothing can move: black face cards and tens on top, red twos and threes in the cells. */
function stuckBoard(): GameT {
  const tops = ["KC", "KS", "QC", "QS", "JC", "JS", "TC", "TS"];
  const cells = ["2H", "2D", "3H", "3D"];
  const used = new Set([...tops, ...cells].map(parseCard));
  const rest = orderedDeck().filter((c) => !used.has(c) && rankOf(c) !== 1);
  const aces = orderedDeck().filter((c) => rankOf(c) === 1);
  const below = [...aces, ...rest].map(formatCard);
  const cascades = tops.map((top, k) => [...below.slice(k * 5, k * 5 + 5), top]);
  return board({ cascades, cells });
}

describe("GameTypes", () => {
  it("exports Ace, Jack, Queen, King as ranks 1, 11, 12, 13", () => {
    expect([Ace, Jack, Queen, King]).toEqual([1, 11, 12, 13]);
  });
  it("PlacementT and SuitT have the document's members", () => {
    expect(Object.values(PlacementT).sort()).toEqual(["Cascade", "Cell", "Foundation"]);
    expect(Object.values(SuitT).sort()).toEqual(["Clubs", "Diamonds", "Hearts", "Spades"]);
  });
});

describe("Stack(T)", () => {
  it("Stack(c) makes an empty stack of capacity c", () => {
    const s = new Stack<number>(3);
    expect(s.isEmpty()).toBe(true);
    expect(s.isFull()).toBe(false);
    expect(s.capacity()).toBe(3);
    expect(s.seq()).toEqual([]);
  });
  it("Stack(0) raises invalid capacity (and so do sizes outside N)", () => {
    for (const c of [0, -1, 1.5, Number.NaN]) {
      const e = errorOf(() => new Stack<number>(c));
      expect(e).toBeInstanceOf(InvalidCapacityError);
      expect(e).toBeInstanceOf(GameTError);
      expect((e as GameTError).code).toBe("invalid capacity");
    }
  });
  it("isEmpty and isFull follow |s| = 0 and |s| = capacity", () => {
    const s = new Stack<number>(2);
    s.push(1);
    expect([s.isEmpty(), s.isFull()]).toEqual([false, false]);
    s.push(2);
    expect([s.isEmpty(), s.isFull()]).toEqual([false, true]);
  });
  it("push appends v on top", () => {
    const s = new Stack<number>(3);
    s.push(1);
    s.push(2);
    expect(s.seq()).toEqual([1, 2]);
    expect(s.peek()).toBe(2);
  });
  it("push on a full stack raises full and changes nothing", () => {
    const s = new Stack<number>(1);
    s.push(1);
    const e = errorOf(() => s.push(2));
    expect(e).toBeInstanceOf(FullError);
    expect((e as GameTError).code).toBe("full");
    expect(s.seq()).toEqual([1]);
  });
  it("peek returns the top without removing it", () => {
    const s = new Stack<string>(2);
    s.push("a");
    s.push("b");
    expect(s.peek()).toBe("b");
    expect(s.seq()).toEqual(["a", "b"]);
  });
  it("peek on an empty stack raises empty", () => {
    const e = errorOf(() => new Stack<number>(1).peek());
    expect(e).toBeInstanceOf(EmptyError);
    expect((e as GameTError).code).toBe("empty");
  });
  it("pop removes the top", () => {
    const s = new Stack<number>(3);
    s.push(1);
    s.push(2);
    expect(s.pop()).toBe(2);
    expect(s.seq()).toEqual([1]);
  });
  it("pop on an empty stack raises empty", () => {
    const e = errorOf(() => new Stack<number>(1).pop());
    expect(e).toBeInstanceOf(EmptyError);
    expect((e as GameTError).code).toBe("empty");
  });
  it("seq is the items bottom first, as a copy", () => {
    const s = new Stack<number>(3);
    s.push(1);
    s.push(2);
    const seq = s.seq();
    seq.push(99);
    expect(s.seq()).toEqual([1, 2]);
  });
});

describe("CardT", () => {
  it("CardT(S, R) keeps its suit and rank", () => {
    const c = new CardT(SuitT.Hearts, Queen);
    expect(c.suit()).toBe("Hearts");
    expect(c.rank()).toBe(12);
  });
  it("isRed is true for Diamonds and Hearts only", () => {
    expect(new CardT(SuitT.Diamonds, 5).isRed()).toBe(true);
    expect(new CardT(SuitT.Hearts, 5).isRed()).toBe(true);
    expect(new CardT(SuitT.Clubs, 5).isRed()).toBe(false);
    expect(new CardT(SuitT.Spades, 5).isRed()).toBe(false);
  });
  it("maps to and from the engine's 52 cards", () => {
    for (const c of orderedDeck()) {
      const t = CardT.fromCard(c);
      expect(t.toCard()).toBe(c);
      expect(t.rank()).toBe(rankOf(c));
    }
    expect(String(C("TH"))).toBe("TH");
  });
  it("refuses values outside SuitT and RankT", () => {
    expect(() => new CardT(SuitT.Clubs, 0)).toThrow(TypeError);
    expect(() => new CardT(SuitT.Clubs, 14)).toThrow(TypeError);
    expect(() => new CardT("Stars" as SuitT, 1)).toThrow(TypeError);
  });
});

describe("GameT()", () => {
  it("deals possibleCascades: 8 stacks of capacity 19, four of 7 cards and four of 6, all 52 cards once", () => {
    const game = new GameT(42);
    for (let k = 0; k < 8; k++) {
      const s = game.getCol(Cascade, k);
      expect(s.capacity()).toBe(19);
      expect(s.seq().length).toBe(k < 4 ? 7 : 6);
    }
    expect(new Set(allCards(game)).size).toBe(52);
  });
  it("adds four empty cells of capacity 1 and four empty foundations of capacity 13", () => {
    const game = new GameT(7);
    for (let k = 0; k < 4; k++) {
      expect(game.getCol(Cell, k).capacity()).toBe(1);
      expect(game.getCol(Cell, k).isEmpty()).toBe(true);
      expect(game.getCol(Foundation, k).capacity()).toBe(13);
      expect(game.getCol(Foundation, k).isEmpty()).toBe(true);
    }
  });
  it("is reproducible from its seed; without one it draws a seed and keeps it", () => {
    expect(snapshot(new GameT(123))).toEqual(snapshot(new GameT(123)));
    expect(snapshot(new GameT(123))).not.toEqual(snapshot(new GameT(124)));
    const drawn = new GameT();
    expect(typeof drawn.seed).toBe("number");
    expect(snapshot(new GameT(drawn.seed))).toEqual(snapshot(drawn));
    expect(new GameT(5).seed).toBe(5);
  });
});

describe("GameT(c)", () => {
  it("takes the columns of another game", () => {
    const first = new GameT(9);
    const second = new GameT(columns(first));
    expect(snapshot(second)).toEqual(snapshot(first));
    expect(second.seed).toBeUndefined();
    expect(snapshot(GameT.fromColumns(columns(first)))).toEqual(snapshot(first));
  });
  it("copies the stacks, so the two games never share state", () => {
    const first = board({ cascades: [["KS"], []] });
    const second = GameT.fromColumns(columns(first));
    second.performMove(Cascade, 0, Cascade, 1);
    expect(texts(first.getCol(Cascade, 0))).toEqual(["KS"]);
    expect(texts(second.getCol(Cascade, 1))).toEqual(["KS"]);
  });
  it("refuses a sequence that is not 16 stacks", () => {
    expect(() => GameT.fromColumns([new Stack<CardT>(1)])).toThrow(TypeError);
  });
});

describe("getCol", () => {
  it("indexes cols as cascades 0-7, cells 8-11, foundations 12-15", () => {
    const cols = Array.from({ length: 16 }, (_, k) => new Stack<CardT>(k + 1));
    const game = GameT.fromColumns(cols);
    for (let i = 0; i < 8; i++) expect(game.getCol(Cascade, i).capacity()).toBe(i + 1);
    for (let i = 0; i < 4; i++) expect(game.getCol(Cell, i).capacity()).toBe(i + 9);
    for (let i = 0; i < 4; i++) expect(game.getCol(Foundation, i).capacity()).toBe(i + 13);
  });
  it("returns the game's own stack", () => {
    const game = board({});
    game.getCol(Cell, 2).push(C("AS"));
    expect(texts(game.getCol(Cell, 2))).toEqual(["AS"]);
  });
  it("raises invalid placement outside cascades 0-7, cells 0-3, foundations 0-3", () => {
    const game = new GameT(1);
    const bad: [PlacementT, number][] = [
      [Cascade, 8],
      [Cell, 4],
      [Foundation, 4],
      [Cascade, -1],
      [Cell, 1.5],
      ["Reserve" as PlacementT, 0],
    ];
    for (const [p, i] of bad) {
      const e = errorOf(() => game.getCol(p, i));
      expect(e).toBeInstanceOf(InvalidPlacementError);
      expect((e as GameTError).code).toBe("invalid placement");
      expect(isValidPlacement(p, i)).toBe(false);
    }
  });
});

describe("hasWon", () => {
  it("is false for a deal and true when every foundation has a king on top", () => {
    expect(new GameT(3).hasWon()).toBe(false);
    const won = board({ foundations: ["S", "H", "C", "D"].map((s) => run(s, 1, 13)) });
    expect(won.hasWon()).toBe(true);
  });
  it("is false with an empty foundation or a foundation short of its king", () => {
    expect(board({ foundations: ["S", "H", "C"].map((s) => run(s, 1, 13)) }).hasWon()).toBe(false);
    const short = board({
      foundations: [run("S", 1, 13), run("H", 1, 13), run("C", 1, 13), run("D", 1, 12)],
    });
    expect(short.hasWon()).toBe(false);
  });
});

describe("isValidMove", () => {
  it("q = Cell: true when the cell is empty, from a cascade, a cell or a foundation", () => {
    const game = board({ cascades: [["5H"]], cells: ["9C", null, null, "2D"], foundations: [["AS"]] });
    expect(game.isValidMove(Cascade, 0, Cell, 1)).toBe(true);
    expect(game.isValidMove(Cell, 0, Cell, 2)).toBe(true);
    expect(game.isValidMove(Foundation, 0, Cell, 1)).toBe(true);
  });
  it("q = Cell: false when the cell is occupied (a cell onto itself too)", () => {
    const game = board({ cascades: [["5H"]], cells: ["9C", null, null, "2D"] });
    expect(game.isValidMove(Cascade, 0, Cell, 0)).toBe(false);
    expect(game.isValidMove(Cell, 0, Cell, 3)).toBe(false);
    expect(game.isValidMove(Cell, 0, Cell, 0)).toBe(false);
  });
  it("q = Foundation, p = Foundation: false, even onto an empty slot", () => {
    const game = board({ foundations: [["AS"], [], run("H", 1, 2)] });
    expect(game.isValidMove(Foundation, 0, Foundation, 1)).toBe(false);
    expect(game.isValidMove(Foundation, 0, Foundation, 0)).toBe(false);
    expect(game.isValidMove(Foundation, 2, Foundation, 1)).toBe(false);
  });
  it("q = Foundation, p ≠ Foundation, empty slot: true for any ace into any empty slot", () => {
    const game = board({ cascades: [["AC"], ["AD"]], cells: ["AH"], foundations: [["AS"]] });
    for (const j of [1, 2, 3]) {
      expect(game.isValidMove(Cascade, 0, Foundation, j)).toBe(true);
      expect(game.isValidMove(Cascade, 1, Foundation, j)).toBe(true);
      expect(game.isValidMove(Cell, 0, Foundation, j)).toBe(true);
    }
  });
  it("q = Foundation, p ≠ Foundation, empty slot: false for a card that is not an ace", () => {
    const game = board({ cascades: [["2S"]], cells: ["KH"], foundations: [["AS"]] });
    expect(game.isValidMove(Cascade, 0, Foundation, 1)).toBe(false);
    expect(game.isValidMove(Cell, 0, Foundation, 2)).toBe(false);
  });
  it("q = Foundation, p ≠ Foundation, non-empty slot: true for the same suit one rank up", () => {
    const game = board({ cascades: [["3H"]], cells: ["2S"], foundations: [[], run("H", 1, 2), ["AS"]] });
    expect(game.isValidMove(Cascade, 0, Foundation, 1)).toBe(true);
    expect(game.isValidMove(Cell, 0, Foundation, 2)).toBe(true);
  });
  it("q = Foundation, p ≠ Foundation, non-empty slot: false for another suit or another rank", () => {
    const game = board({ cascades: [["3D"], ["4H"]], cells: ["2C"], foundations: [run("H", 1, 2), ["AS"]] });
    expect(game.isValidMove(Cascade, 0, Foundation, 0)).toBe(false);
    expect(game.isValidMove(Cascade, 1, Foundation, 0)).toBe(false);
    expect(game.isValidMove(Cell, 0, Foundation, 1)).toBe(false);
  });
  it("q = Cascade: true onto an empty cascade for any card, from a cascade, a cell or a foundation", () => {
    const game = board({ cascades: [["9D"], []], cells: ["KC"], foundations: [run("S", 1, 4)] });
    expect(game.isValidMove(Cascade, 0, Cascade, 1)).toBe(true);
    expect(game.isValidMove(Cell, 0, Cascade, 1)).toBe(true);
    expect(game.isValidMove(Foundation, 0, Cascade, 1)).toBe(true);
  });
  it("q = Cascade: true for the other colour one rank down, from a foundation too", () => {
    const game = board({ cascades: [["8C"], ["9H"], ["5D"]], cells: ["7H"], foundations: [run("S", 1, 4)] });
    expect(game.isValidMove(Cascade, 0, Cascade, 1)).toBe(true);
    expect(game.isValidMove(Cell, 0, Cascade, 0)).toBe(true);
    expect(game.isValidMove(Foundation, 0, Cascade, 2)).toBe(true);
  });
  it("q = Cascade: false for the same colour, a wrong rank, or a cascade onto itself", () => {
    const game = board({ cascades: [["8D"], ["9H"], ["7C"]], foundations: [run("S", 1, 5)] });
    expect(game.isValidMove(Cascade, 0, Cascade, 1)).toBe(false);
    expect(game.isValidMove(Cascade, 2, Cascade, 1)).toBe(false);
    expect(game.isValidMove(Foundation, 0, Cascade, 0)).toBe(false);
    expect(game.isValidMove(Cascade, 1, Cascade, 1)).toBe(false);
  });
  it("raises invalid placement for a bad source or destination, before empty source", () => {
    const game = board({ cascades: [["KS"]] });
    for (const f of [
      () => game.isValidMove(Cascade, 8, Cell, 0),
      () => game.isValidMove(Cascade, 0, Foundation, 4),
      () => game.isValidMove(Cell, 4, Cell, 0),
      () => game.isValidMove(Cell, 0, Cascade, 9),
    ]) {
      const e = errorOf(f);
      expect(e).toBeInstanceOf(InvalidPlacementError);
      expect((e as GameTError).code).toBe("invalid placement");
    }
  });
  it("raises empty source when the source is empty", () => {
    const game = board({ cascades: [["KS"]] });
    for (const [p, i] of [
      [Cascade, 1],
      [Cell, 0],
      [Foundation, 0],
    ] as const) {
      const e = errorOf(() => game.isValidMove(p, i, Cascade, 0));
      expect(e).toBeInstanceOf(EmptySourceError);
      expect((e as GameTError).code).toBe("empty source");
    }
  });
});

describe("noValidMoves", () => {
  it("is false for a deal", () => {
    expect(new GameT(11).noValidMoves()).toBe(false);
  });
  it("is true when no card can move anywhere", () => {
    const game = stuckBoard();
    expect(new Set(allCards(game)).size).toBe(52);
    expect(game.noValidMoves()).toBe(true);
  });
  it("ranges over non-empty sources only: an empty board has no valid move and does not raise", () => {
    expect(board({}).noValidMoves()).toBe(true);
  });
  it("is false for a won game: a king may leave its foundation for a cell (000 allows it)", () => {
    const won = board({ foundations: ["S", "H", "C", "D"].map((s) => run(s, 1, 13)) });
    expect(won.hasWon()).toBe(true);
    expect(won.noValidMoves()).toBe(false);
  });
});

describe("performMove", () => {
  it("moves the top card: dst.push(src.peek()), src.pop()", () => {
    const game = board({ cascades: [["2C", "AH"], ["9S"]], foundations: [[]] });
    game.performMove(Cascade, 0, Foundation, 3);
    expect(texts(game.getCol(Cascade, 0))).toEqual(["2C"]);
    expect(texts(game.getCol(Foundation, 3))).toEqual(["AH"]);
    game.performMove(Cascade, 0, Cell, 1);
    expect(texts(game.getCol(Cell, 1))).toEqual(["2C"]);
    game.performMove(Cell, 1, Cascade, 0);
    expect(texts(game.getCol(Cascade, 0))).toEqual(["2C"]);
  });
  it("takes a card back off a foundation to a cascade or a cell", () => {
    const game = board({ cascades: [["5C"], []], foundations: [run("H", 1, 4)] });
    game.performMove(Foundation, 0, Cascade, 0);
    expect(texts(game.getCol(Cascade, 0))).toEqual(["5C", "4H"]);
    game.performMove(Foundation, 0, Cell, 0);
    expect(texts(game.getCol(Cell, 0))).toEqual(["3H"]);
    expect(texts(game.getCol(Foundation, 0))).toEqual(["AH", "2H"]);
  });
  it("raises invalid placement for a bad source or destination", () => {
    const game = board({ cascades: [["KS"]] });
    const e = errorOf(() => game.performMove(Cascade, 0, Cell, 4));
    expect(e).toBeInstanceOf(InvalidPlacementError);
    expect((e as GameTError).code).toBe("invalid placement");
    expect(errorOf(() => game.performMove(Foundation, -1, Cell, 0))).toBeInstanceOf(InvalidPlacementError);
  });
  it("raises invalid move, with the engine's reason, when the move is not valid", () => {
    const game = board({ cascades: [["8D"], ["9H"]] });
    const e = errorOf(() => game.performMove(Cascade, 0, Cascade, 1));
    expect(e).toBeInstanceOf(InvalidMoveError);
    expect((e as GameTError).code).toBe("invalid move");
    expect((e as Error).message).toContain("colours must alternate");
    expect(snapshot(game)).toEqual(snapshot(board({ cascades: [["8D"], ["9H"]] })));
  });
  it("raises invalid move (not empty source) from an empty source", () => {
    const e = errorOf(() => board({}).performMove(Cell, 0, Cell, 1));
    expect(e).toBeInstanceOf(InvalidMoveError);
    expect((e as GameTError).code).toBe("invalid move");
  });
  it("lets the destination stack's full through when a valid move would overfill it", () => {
    const cols = columns(board({ cells: ["7H"] }));
    cols[1] = stackOf(1, ["8S"]);
    const game = GameT.fromColumns(cols);
    expect(game.isValidMove(Cell, 0, Cascade, 1)).toBe(true);
    const e = errorOf(() => game.performMove(Cell, 0, Cascade, 1));
    expect(e).toBeInstanceOf(FullError);
    expect(texts(game.getCol(Cell, 0))).toEqual(["7H"]);
  });
});

describe("the engine decides", () => {
  it("uses rules with single-card moves and cards leaving foundations", () => {
    expect(RULES_000).toMatchObject({ cells: 4, cascades: 8, fromFoundation: true, sequenceMoves: false });
  });
  it("project maps slots to suits: a slot is its top card's suit, an empty slot the arriving card's", () => {
    const game = board({ cascades: [["2H"], ["AC"]], foundations: [[], ["AH"]] });
    const toHearts = game.project(Cascade, 0, Foundation, 1);
    expect(toHearts.move).toEqual({ from: cascade(0), to: foundation(2), count: 1 });
    expect(toHearts.state.foundations).toEqual([0, 0, 1, 0]);
    expect(game.project(Cascade, 1, Foundation, 0).move.to).toEqual(foundation(0));
    expect(
      whyIllegal(game.project(Cascade, 1, Foundation, 1).state, game.project(Cascade, 1, Foundation, 1).move),
    ).toContain("belongs on the clubs foundation");
  });
  it("a won game by the engine's count is a won game by hasWon", () => {
    const near = board({
      cascades: [["KS"], ["KH"], ["KC"], ["KD"]],
      foundations: ["S", "H", "C", "D"].map((s) => run(s, 1, 12)),
    });
    for (let k = 0; k < 4; k++) near.performMove(Cascade, k, Foundation, k);
    expect(near.hasWon()).toBe(true);
    expect(isWon(natural(near))).toBe(true);
    expect(natural(near).foundations).toEqual([KING, KING, KING, KING]);
  });
});

/** Plays `steps` from a seeded deal: each step tries one arbitrary move, then makes one valid move. */
function playRandomly(seed: number, steps: readonly [number, number][], check: (game: GameT) => void): void {
  const game = new GameT(seed);
  check(game);
  for (const [tryIndex, playIndex] of steps) {
    const [p, i] = ALL_PLACEMENTS[tryIndex % 16];
    const [q, j] = ALL_PLACEMENTS[Math.floor(tryIndex / 16) % 16];
    const before = snapshot(game);
    if (game.getCol(p, i).isEmpty()) {
      expect(errorOf(() => game.isValidMove(p, i, q, j))).toBeInstanceOf(EmptySourceError);
      expect(errorOf(() => game.performMove(p, i, q, j))).toBeInstanceOf(InvalidMoveError);
      expect(snapshot(game)).toEqual(before);
    } else if (game.isValidMove(p, i, q, j)) {
      game.performMove(p, i, q, j);
      expect(texts(game.getCol(q, j)).at(-1)).toBe(
        before[ALL_PLACEMENTS.findIndex(([a, b]) => a === p && b === i)].at(-1),
      );
      check(game);
    } else {
      expect(errorOf(() => game.performMove(p, i, q, j))).toBeInstanceOf(InvalidMoveError);
      expect(snapshot(game)).toEqual(before);
    }
    const moves = validMoves(game);
    if (moves.length === 0) {
      expect(game.noValidMoves()).toBe(true);
      return;
    }
    expect(game.noValidMoves()).toBe(false);
    game.performMove(...moves[playIndex % moves.length]);
    check(game);
  }
}

const stepsArb = fc.array(fc.tuple(fc.nat(255), fc.nat(1000)), { minLength: 1, maxLength: 60 });

describe("properties over random play", () => {
  it("conserves the 52 cards and respects every stack's capacity", () => {
    fc.assert(
      fc.property(fc.nat(), stepsArb, (seed, steps) => {
        playRandomly(seed, steps, (game) => {
          const cards = allCards(game);
          expect(cards.length).toBe(52);
          expect(new Set(cards).size).toBe(52);
          for (const s of columns(game)) expect(s.seq().length).toBeLessThanOrEqual(s.capacity());
          for (let k = 0; k < 4; k++) {
            const slot = game
              .getCol(Foundation, k)
              .seq()
              .map((c) => c.toCard());
            slot.forEach((c, n) => {
              expect(rankOf(c)).toBe(n + 1);
              expect(suitOf(c)).toBe(suitOf(slot[0]));
            });
          }
        });
      }),
      { numRuns: 40 },
    );
  });

  it("isValidMove is true exactly when performMove does not raise", () => {
    // playRandomly asserts it for one arbitrary move a step; here every move of a few positions.
    fc.assert(
      fc.property(fc.nat(), stepsArb, (seed, steps) => {
        playRandomly(seed, steps.slice(0, 15), (game) => {
          for (const [p, i] of ALL_PLACEMENTS) {
            if (game.getCol(p, i).isEmpty()) continue;
            for (const [q, j] of ALL_PLACEMENTS) {
              const copy = GameT.fromColumns(columns(game));
              const e = errorOf(() => copy.performMove(p, i, q, j));
              if (game.isValidMove(p, i, q, j)) expect(e).toBeUndefined();
              else expect(e).toBeInstanceOf(InvalidMoveError);
            }
          }
        });
      }),
      { numRuns: 10 },
    );
  });

  it("agrees with the engine: valid moves are the engine's legalMoves, each legal by whyIllegal", () => {
    fc.assert(
      fc.property(fc.nat(), stepsArb, (seed, steps) => {
        playRandomly(seed, steps, (game) => {
          const state = natural(game);
          const ours = validMoves(game).map((m) => engineMove(game, ...m));
          for (const m of ours) expect(whyIllegal(state, m)).toBeUndefined();
          expect(new Set(ours.map(key))).toEqual(new Set(legalMoves(state).map(key)));
          for (const [p, i] of ALL_PLACEMENTS) {
            if (game.getCol(p, i).isEmpty()) continue;
            for (const [q, j] of ALL_PLACEMENTS) {
              // The slot ↔ suit mapping: a slot is its cards' suit; an empty slot is the suit of an arriving
              // card whose suit no slot holds yet.
              const suit = game.getCol(p, i).peek().suit();
              const dst = game.getCol(q, j);
              const held = [0, 1, 2, 3].some(
                (k) =>
                  !game.getCol(Foundation, k).isEmpty() && game.getCol(Foundation, k).peek().suit() === suit,
              );
              const slotFits = q !== Foundation || (dst.isEmpty() ? !held : dst.peek().suit() === suit);
              expect(game.isValidMove(p, i, q, j)).toBe(
                slotFits && isLegal(state, engineMove(game, p, i, q, j)),
              );
            }
          }
          expect(game.hasWon()).toBe(isWon(state));
          expect(game.noValidMoves()).toBe(legalMoves(state).length === 0);
        });
      }),
      { numRuns: 25 },
    );
  });
});
