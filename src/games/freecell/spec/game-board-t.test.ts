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
  ALL_CELLS,
  CardDeckUtils_randomDeck,
  type CardStackT,
  CardT,
  CellT,
  ColourT,
  deckSet,
  GameBoardError,
  GameBoardT,
  InvalidArgumentError,
  InvalidCellError,
  InvalidConfigError,
  InvalidMoveError,
  isValidCell,
  RANKS,
  RankT,
  RULES_001,
  randomDeck,
  Stack,
  StackEmptyError,
  StackFullError,
  SuitT,
  tableauDeck,
} from "./game-board-t.ts";

const { Tableau, FreeCell, HomeCell } = CellT;

const C = (text: string): CardT => CardT.fromCard(parseCard(text));

/** A run of one suit from rank `from` to rank `to`, bottom first: run("H", 1, 3) = AH 2H 3H. */
const run = (suit: string, from: number, to: number): string[] =>
  Array.from({ length: to - from + 1 }, (_, k) => RANK_LETTERS[from + k - 1] + suit);

interface BoardSpec {
  tableau?: string[][];
  free?: (string | null)[];
  home?: string[][];
}

/** A board built with place(), as the document intends place to be used. */
function board(spec: BoardSpec): GameBoardT {
  const b = new GameBoardT();
  spec.tableau?.forEach((cards, i) => {
    for (const t of cards) b.place(Tableau, i, C(t));
  });
  spec.free?.forEach((t, i) => {
    if (t) b.place(FreeCell, i, C(t));
  });
  spec.home?.forEach((cards, i) => {
    for (const t of cards) b.place(HomeCell, i, C(t));
  });
  return b;
}

const texts = (s: CardStackT): string[] => s.toSeq().map(String);

function snapshot(b: GameBoardT): string[][] {
  return ALL_CELLS.map(([c, n]) => texts(b.getCell(c, n)));
}

function allCards(b: GameBoardT): Card[] {
  return ALL_CELLS.flatMap(([c, n]) =>
    b
      .getCell(c, n)
      .toSeq()
      .map((x) => x.toCard()),
  );
}

function errorOf(f: () => unknown): unknown {
  try {
    f();
  } catch (e) {
    return e;
  }
  return undefined;
}

function expectCode(f: () => unknown, type: new (...args: never[]) => GameBoardError, code: string): void {
  const e = errorOf(f);
  expect(e).toBeInstanceOf(type);
  expect(e).toBeInstanceOf(GameBoardError);
  expect((e as GameBoardError).code).toBe(code);
}

/** The board as the engine would hold it: each HomeCell counted under its cards' suit. */
function natural(b: GameBoardT): FreeCellState {
  const foundations = [0, 0, 0, 0];
  for (let k = 0; k < 4; k++) {
    const home = b.getCell(HomeCell, k);
    if (home.getSize() > 0) foundations[suitOf(home.top().toCard())] = rankOf(home.top().toCard());
  }
  return {
    rules: RULES_001,
    cascades: Array.from({ length: 8 }, (_, k) =>
      b
        .getCell(Tableau, k)
        .toSeq()
        .map((x) => x.toCard()),
    ),
    cells: Array.from({ length: 4 }, (_, k) => {
      const s = b.getCell(FreeCell, k);
      return s.getSize() === 0 ? null : s.top().toCard();
    }),
    foundations,
  };
}

/** The engine's move for (c0, n0) → (c1, n1): a HomeCell is the foundation of its cards' suit. */
function engineMove(b: GameBoardT, c0: CellT, n0: number, c1: CellT, n1: number): Move {
  const moving = b.getCell(c0, n0).top().toCard();
  const place = (c: CellT, n: number): Place => {
    if (c === Tableau) return cascade(n);
    if (c === FreeCell) return cell(n);
    const home = b.getCell(HomeCell, n);
    return foundation(suitOf(home.getSize() === 0 ? moving : home.top().toCard()));
  };
  return { from: place(c0, n0), to: place(c1, n1), count: 1 };
}

const key = (m: Move): string => `${m.from.kind}${m.from.index}>${m.to.kind}${m.to.index}x${m.count}`;

function validMoves(b: GameBoardT): [CellT, number, CellT, number][] {
  const out: [CellT, number, CellT, number][] = [];
  for (const [c0, n0] of ALL_CELLS) {
    for (const [c1, n1] of ALL_CELLS) if (b.isValidMove(c0, n0, c1, n1)) out.push([c0, n0, c1, n1]);
  }
  return out;
}

/** A full board where nothing can move: black face cards and tens on top, red twos and threes in the cells. */
function stuckBoard(): GameBoardT {
  const tops = ["KC", "KS", "QC", "QS", "JC", "JS", "TC", "TS"];
  const cells = ["2H", "2D", "3H", "3D"];
  const used = new Set([...tops, ...cells].map(parseCard));
  const rest = orderedDeck().filter((c) => !used.has(c) && rankOf(c) !== 1);
  const aces = orderedDeck().filter((c) => rankOf(c) === 1);
  const below = [...aces, ...rest].map(formatCard);
  const tableau = tops.map((top, k) => [...below.slice(k * 5, k * 5 + 5), top]);
  return board({ tableau, free: cells });
}

const wonHomes = (): string[][] => ["H", "D", "C", "S"].map((s) => run(s, 1, 13));

describe("CardTypes and GameBoardTypes", () => {
  it("have the document's members, ranks in the order of sts", () => {
    expect(Object.values(SuitT)).toEqual(["H", "D", "C", "S"]);
    expect(RANKS).toEqual(["A", "C2", "C3", "C4", "C5", "C6", "C7", "C8", "C9", "C10", "J", "Q", "K"]);
    expect(Object.values(ColourT)).toEqual(["Red", "Black"]);
    expect(Object.values(CellT)).toEqual(["FreeCell", "HomeCell", "Tableau"]);
  });
});

describe("CardT", () => {
  it("CardT(s, r), getSuit and getRank", () => {
    const c = new CardT(SuitT.S, RankT.C10);
    expect(c.getSuit()).toBe("S");
    expect(c.getRank()).toBe("C10");
  });
  it("getColour is Red for H and D, Black for C and S", () => {
    expect(new CardT(SuitT.H, RankT.A).getColour()).toBe(ColourT.Red);
    expect(new CardT(SuitT.D, RankT.A).getColour()).toBe(ColourT.Red);
    expect(new CardT(SuitT.C, RankT.A).getColour()).toBe(ColourT.Black);
    expect(new CardT(SuitT.S, RankT.A).getColour()).toBe(ColourT.Black);
  });
  it("maps to and from the engine's 52 cards", () => {
    for (const c of orderedDeck()) expect(CardT.fromCard(c).toCard()).toBe(c);
    expect(String(C("QD"))).toBe("QD");
    expect(C("TH").getRank()).toBe(RankT.C10);
  });
  it("refuses values outside SuitT and RankT", () => {
    expect(() => new CardT(SuitT.H, "C1" as RankT)).toThrow(TypeError);
    expect(() => new CardT("X" as SuitT, RankT.A)).toThrow(TypeError);
  });
});

describe("Stack(T)", () => {
  it("Stack(sze, s) holds s with max size sze", () => {
    const s = new Stack<number>(3, [1, 2]);
    expect(s.toSeq()).toEqual([1, 2]);
    expect(s.getSize()).toBe(2);
    expect(s.getMaxSize()).toBe(3);
    expect(new Stack<number>(2).getSize()).toBe(0);
  });
  it("Stack raises invalid_argument for sze = 0, |s| > sze, or a size outside N", () => {
    expectCode(() => new Stack<number>(0, []), InvalidArgumentError, "invalid_argument");
    expectCode(() => new Stack<number>(2, [1, 2, 3]), InvalidArgumentError, "invalid_argument");
    expectCode(() => new Stack<number>(-1), InvalidArgumentError, "invalid_argument");
  });
  it("a stack may be full: |S| < max_size is read as |S| ≤ max_size", () => {
    expect(new Stack<number>(2, [1, 2]).getSize()).toBe(2);
  });
  it("push returns a new stack with e on top; the old one is unchanged", () => {
    const a = new Stack<number>(2, [1]);
    const b = a.push(2);
    expect(b.toSeq()).toEqual([1, 2]);
    expect(b.getMaxSize()).toBe(2);
    expect(a.toSeq()).toEqual([1]);
  });
  it("push raises stack_full when |S| = max_size", () => {
    expectCode(() => new Stack<number>(1, [1]).push(2), StackFullError, "stack_full");
  });
  it("pop returns a new stack without the top; the old one is unchanged", () => {
    const a = new Stack<number>(3, [1, 2]);
    const b = a.pop();
    expect(b.toSeq()).toEqual([1]);
    expect(b.getMaxSize()).toBe(3);
    expect(a.toSeq()).toEqual([1, 2]);
  });
  it("pop raises stack_empty on an empty stack", () => {
    expectCode(() => new Stack<number>(1).pop(), StackEmptyError, "stack_empty");
  });
  it("top returns the last item", () => {
    expect(new Stack<string>(3, ["a", "b"]).top()).toBe("b");
  });
  it("top raises stack_empty on an empty stack", () => {
    expectCode(() => new Stack<number>(1).top(), StackEmptyError, "stack_empty");
  });
  it("getSize, getMaxSize and toSeq (a copy)", () => {
    const s = new Stack<number>(4, [7, 8]);
    const seq = s.toSeq();
    seq.push(9);
    expect(s.toSeq()).toEqual([7, 8]);
    expect([s.getSize(), s.getMaxSize()]).toEqual([2, 4]);
  });
});

describe("CardDeckUtils_randomDeck", () => {
  it("is a permutation of deckSet(): 52 distinct cards", () => {
    const deck = randomDeck(1);
    expect(deck.length).toBe(52);
    expect(new Set(deck.map((c) => c.toCard())).size).toBe(52);
    expect(deckSet().map(String)).toEqual(orderedDeck().map(formatCard));
  });
  it("is reproducible from a seed and draws one when none is given", () => {
    expect(randomDeck(77).map(String)).toEqual(randomDeck(77).map(String));
    expect(randomDeck(77).map(String)).not.toEqual(randomDeck(78).map(String));
    expect(CardDeckUtils_randomDeck().length).toBe(52);
  });
});

describe("GameBoardT()", () => {
  it("is an empty board: T 8 stacks of 19, F 4 of 1, H 4 of 13", () => {
    const b = new GameBoardT();
    for (const [c, n] of ALL_CELLS) {
      expect(b.getCell(c, n).getSize()).toBe(0);
      expect(b.getCell(c, n).getMaxSize()).toBe(c === Tableau ? 19 : c === FreeCell ? 1 : 13);
    }
    expect(b.seed).toBeUndefined();
  });
});

describe("GameBoardT(deck)", () => {
  it("deals tableauDeck: contiguous runs of 7 (max 19) then of 6 (max 18)", () => {
    const deck = deckSet();
    const b = new GameBoardT(deck);
    const runs = [
      [0, 6],
      [7, 13],
      [14, 20],
      [21, 27],
      [28, 33],
      [34, 39],
      [40, 45],
      [46, 51],
    ];
    runs.forEach(([first, last], k) => {
      expect(texts(b.getCell(Tableau, k))).toEqual(deck.slice(first, last + 1).map(String));
      expect(b.getCell(Tableau, k).getMaxSize()).toBe(k < 4 ? 19 : 18);
    });
    expect(texts(b.getCell(Tableau, 0))).toEqual(["AC", "AD", "AH", "AS", "2C", "2D", "2H"]);
    expect(tableauDeck(deck).map((s) => s.getSize())).toEqual([7, 7, 7, 7, 6, 6, 6, 6]);
    for (const [c, n] of ALL_CELLS) if (c !== Tableau) expect(b.getCell(c, n).getSize()).toBe(0);
  });
  it("raises invalid_argument unless |deck| = 52", () => {
    expectCode(() => new GameBoardT(deckSet().slice(1)), InvalidArgumentError, "invalid_argument");
    expectCode(() => new GameBoardT([...deckSet(), C("AS")]), InvalidArgumentError, "invalid_argument");
    expectCode(() => new GameBoardT([]), InvalidArgumentError, "invalid_argument");
  });
  it("a seed deals randomDeck(seed) and is kept; GameBoardT.random draws one when none is given", () => {
    const b = new GameBoardT(31);
    expect(b.seed).toBe(31);
    expect(snapshot(b)).toEqual(snapshot(new GameBoardT(randomDeck(31))));
    const r = GameBoardT.random();
    expect(typeof r.seed).toBe("number");
    expect(snapshot(new GameBoardT(r.seed))).toEqual(snapshot(r));
    expect(GameBoardT.random(31).seed).toBe(31);
  });
});

describe("place", () => {
  it("pushes the card on the Tableau, FreeCell or HomeCell, whatever the rules say", () => {
    const b = new GameBoardT();
    b.place(Tableau, 7, C("5H"));
    b.place(Tableau, 7, C("5H"));
    b.place(FreeCell, 3, C("KS"));
    b.place(HomeCell, 2, C("9D"));
    expect(texts(b.getCell(Tableau, 7))).toEqual(["5H", "5H"]);
    expect(texts(b.getCell(FreeCell, 3))).toEqual(["KS"]);
    expect(texts(b.getCell(HomeCell, 2))).toEqual(["9D"]);
  });
  it("raises invalid_config when the stack is full", () => {
    const b = new GameBoardT();
    b.place(FreeCell, 0, C("AS"));
    expectCode(() => b.place(FreeCell, 0, C("2S")), InvalidConfigError, "invalid_config");
    for (const t of run("H", 1, 13)) b.place(HomeCell, 1, C(t));
    expectCode(() => b.place(HomeCell, 1, C("AS")), InvalidConfigError, "invalid_config");
    const dealt = new GameBoardT(deckSet());
    for (let k = 0; k < 12; k++) dealt.place(Tableau, 4, C("KS"));
    expectCode(() => dealt.place(Tableau, 4, C("KS")), InvalidConfigError, "invalid_config");
    for (let k = 0; k < 12; k++) dealt.place(Tableau, 0, C("KS"));
    expectCode(() => dealt.place(Tableau, 0, C("KS")), InvalidConfigError, "invalid_config");
  });
  it("raises invalid_cell outside Tableau 0-7, FreeCell 0-3, HomeCell 0-3", () => {
    const b = new GameBoardT();
    expectCode(() => b.place(Tableau, 8, C("AS")), InvalidCellError, "invalid_cell");
    expectCode(() => b.place(FreeCell, 4, C("AS")), InvalidCellError, "invalid_cell");
    expectCode(() => b.place(HomeCell, 4, C("AS")), InvalidCellError, "invalid_cell");
    expectCode(() => b.place(Tableau, -1, C("AS")), InvalidCellError, "invalid_cell");
    expectCode(() => b.place("Reserve" as CellT, 0, C("AS")), InvalidCellError, "invalid_cell");
  });
});

describe("isValidCell", () => {
  it("Tableau 0 ≤ n < 8, FreeCell and HomeCell 0 ≤ n < 4", () => {
    expect([7, 8].map((n) => isValidCell(Tableau, n))).toEqual([true, false]);
    expect([3, 4].map((n) => isValidCell(FreeCell, n))).toEqual([true, false]);
    expect([3, 4].map((n) => isValidCell(HomeCell, n))).toEqual([true, false]);
    expect(isValidCell(Tableau, 0.5)).toBe(false);
  });
});

describe("isValidMove", () => {
  it("Tableau → Tableau: both non-empty, tabPlaceable decides", () => {
    const b = board({ tableau: [["8C"], ["9H"], ["8D"], ["TS"]] });
    expect(b.isValidMove(Tableau, 0, Tableau, 1)).toBe(true);
    expect(b.isValidMove(Tableau, 2, Tableau, 1)).toBe(false);
    expect(b.isValidMove(Tableau, 0, Tableau, 3)).toBe(false);
    expect(b.isValidMove(Tableau, 1, Tableau, 1)).toBe(false);
  });
  it("Tableau → Tableau: into an empty tableau true, from an empty one false", () => {
    const b = board({ tableau: [["8C"]] });
    expect(b.isValidMove(Tableau, 0, Tableau, 1)).toBe(true);
    expect(b.isValidMove(Tableau, 1, Tableau, 0)).toBe(false);
    expect(b.isValidMove(Tableau, 1, Tableau, 2)).toBe(false);
  });
  it("Tableau → FreeCell: a card to an empty cell", () => {
    const b = board({ tableau: [["8C"]], free: ["2H"] });
    expect(b.isValidMove(Tableau, 0, FreeCell, 1)).toBe(true);
    expect(b.isValidMove(Tableau, 0, FreeCell, 0)).toBe(false);
    expect(b.isValidMove(Tableau, 1, FreeCell, 1)).toBe(false);
  });
  it("Tableau → HomeCell: non-empty home, homePlaceable decides", () => {
    const b = board({ tableau: [["3H"], ["4H"], ["3D"]], home: [run("H", 1, 2)] });
    expect(b.isValidMove(Tableau, 0, HomeCell, 0)).toBe(true);
    expect(b.isValidMove(Tableau, 1, HomeCell, 0)).toBe(false);
    expect(b.isValidMove(Tableau, 2, HomeCell, 0)).toBe(false);
  });
  it("Tableau → HomeCell: an empty home takes an ace of any suit (the garbled line read so), nothing else", () => {
    const b = board({ tableau: [["AS"], ["2S"], ["AD"]], home: [["AH"]] });
    for (const h of [1, 2, 3]) {
      expect(b.isValidMove(Tableau, 0, HomeCell, h)).toBe(true);
      expect(b.isValidMove(Tableau, 2, HomeCell, h)).toBe(true);
      expect(b.isValidMove(Tableau, 1, HomeCell, h)).toBe(false);
    }
  });
  it("Tableau → HomeCell: from an empty tableau false, home empty or not", () => {
    const b = board({ home: [["AH"]] });
    expect(b.isValidMove(Tableau, 0, HomeCell, 0)).toBe(false);
    expect(b.isValidMove(Tableau, 0, HomeCell, 1)).toBe(false);
  });
  it("FreeCell → Tableau: the four branches", () => {
    const b = board({ tableau: [["9H"], ["9C"]], free: ["8S"] });
    expect(b.isValidMove(FreeCell, 0, Tableau, 0)).toBe(true);
    expect(b.isValidMove(FreeCell, 0, Tableau, 1)).toBe(false);
    expect(b.isValidMove(FreeCell, 0, Tableau, 2)).toBe(true);
    expect(b.isValidMove(FreeCell, 1, Tableau, 0)).toBe(false);
    expect(b.isValidMove(FreeCell, 1, Tableau, 2)).toBe(false);
  });
  it("FreeCell → FreeCell: a card to an empty cell, never onto a card or itself", () => {
    const b = board({ free: ["8S", "2D"] });
    expect(b.isValidMove(FreeCell, 0, FreeCell, 2)).toBe(true);
    expect(b.isValidMove(FreeCell, 0, FreeCell, 1)).toBe(false);
    expect(b.isValidMove(FreeCell, 0, FreeCell, 0)).toBe(false);
    expect(b.isValidMove(FreeCell, 3, FreeCell, 2)).toBe(false);
  });
  it("FreeCell → HomeCell: the four branches, an ace into an empty home", () => {
    const b = board({ free: ["AC", "2H", "3H"], home: [run("H", 1, 2)] });
    expect(b.isValidMove(FreeCell, 0, HomeCell, 1)).toBe(true);
    expect(b.isValidMove(FreeCell, 1, HomeCell, 1)).toBe(false);
    expect(b.isValidMove(FreeCell, 2, HomeCell, 0)).toBe(true);
    expect(b.isValidMove(FreeCell, 0, HomeCell, 0)).toBe(false);
    expect(b.isValidMove(FreeCell, 3, HomeCell, 0)).toBe(false);
    expect(b.isValidMove(FreeCell, 3, HomeCell, 1)).toBe(false);
  });
  it("HomeCell → anything: false, even where the card would fit", () => {
    const b = board({ tableau: [["6S"], []], home: [run("H", 1, 5), ["AS"]] });
    expect(b.isValidMove(HomeCell, 0, Tableau, 0)).toBe(false);
    expect(b.isValidMove(HomeCell, 0, Tableau, 1)).toBe(false);
    expect(b.isValidMove(HomeCell, 0, FreeCell, 0)).toBe(false);
    expect(b.isValidMove(HomeCell, 1, HomeCell, 2)).toBe(false);
    expect(b.isValidMove(HomeCell, 2, Tableau, 1)).toBe(false);
  });
  it("raises invalid_cell for a bad source or destination", () => {
    const b = board({ tableau: [["6S"]] });
    expectCode(() => b.isValidMove(Tableau, 8, FreeCell, 0), InvalidCellError, "invalid_cell");
    expectCode(() => b.isValidMove(Tableau, 0, HomeCell, 4), InvalidCellError, "invalid_cell");
    expectCode(() => b.isValidMove(FreeCell, -1, Tableau, 0), InvalidCellError, "invalid_cell");
  });
});

describe("makeMove", () => {
  it("Tableau → Tableau, FreeCell, HomeCell pop the source and push the card", () => {
    const b = board({ tableau: [["9H", "AS", "2D", "8C"], []] });
    b.makeMove(Tableau, 0, Tableau, 1);
    expect(texts(b.getCell(Tableau, 1))).toEqual(["8C"]);
    b.makeMove(Tableau, 0, FreeCell, 2);
    expect(texts(b.getCell(FreeCell, 2))).toEqual(["2D"]);
    b.makeMove(Tableau, 0, HomeCell, 3);
    expect(texts(b.getCell(HomeCell, 3))).toEqual(["AS"]);
    expect(texts(b.getCell(Tableau, 0))).toEqual(["9H"]);
  });
  it("FreeCell → Tableau, FreeCell, HomeCell pop the source and push the card", () => {
    const b = board({ tableau: [["9H"]], free: ["8S", "AD", "2D"] });
    b.makeMove(FreeCell, 0, Tableau, 0);
    expect(texts(b.getCell(Tableau, 0))).toEqual(["9H", "8S"]);
    b.makeMove(FreeCell, 1, HomeCell, 0);
    b.makeMove(FreeCell, 2, FreeCell, 3);
    b.makeMove(FreeCell, 3, HomeCell, 0);
    expect(texts(b.getCell(HomeCell, 0))).toEqual(["AD", "2D"]);
    for (let k = 0; k < 4; k++) expect(b.getCell(FreeCell, k).getSize()).toBe(0);
  });
  it("raises invalid_cell for a bad source or destination", () => {
    const b = board({ tableau: [["6S"]] });
    expectCode(() => b.makeMove(Tableau, 0, FreeCell, 4), InvalidCellError, "invalid_cell");
    expectCode(() => b.makeMove(HomeCell, 9, FreeCell, 0), InvalidCellError, "invalid_cell");
  });
  it("raises invalid_move, with the engine's reason, and changes nothing", () => {
    const b = board({ tableau: [["8D"], ["9H"]], home: [["AS"]] });
    const before = snapshot(b);
    const e = errorOf(() => b.makeMove(Tableau, 0, Tableau, 1));
    expect(e).toBeInstanceOf(InvalidMoveError);
    expect((e as GameBoardError).code).toBe("invalid_move");
    expect((e as Error).message).toContain("colours must alternate");
    expectCode(() => b.makeMove(HomeCell, 0, Tableau, 2), InvalidMoveError, "invalid_move");
    expectCode(() => b.makeMove(FreeCell, 0, Tableau, 2), InvalidMoveError, "invalid_move");
    expect(snapshot(b)).toEqual(before);
  });
  it("lets the destination's stack_full through when place() overfilled a tableau", () => {
    const b = board({ tableau: [[...Array(18).fill("2C"), "8S"]], free: ["7H"] });
    expect(b.isValidMove(FreeCell, 0, Tableau, 0)).toBe(true);
    expectCode(() => b.makeMove(FreeCell, 0, Tableau, 0), StackFullError, "stack_full");
    expect(texts(b.getCell(FreeCell, 0))).toEqual(["7H"]);
  });
});

describe("getCell", () => {
  it("returns T[n], F[n] or H[n]; the stacks are immutable", () => {
    const b = board({ tableau: [[], ["KD"]], free: [null, null, "3C"], home: [[], [], [], ["AS"]] });
    expect(texts(b.getCell(Tableau, 1))).toEqual(["KD"]);
    expect(texts(b.getCell(FreeCell, 2))).toEqual(["3C"]);
    expect(texts(b.getCell(HomeCell, 3))).toEqual(["AS"]);
    b.getCell(Tableau, 1).push(C("QS"));
    expect(texts(b.getCell(Tableau, 1))).toEqual(["KD"]);
  });
  it("raises invalid_cell", () => {
    expectCode(() => new GameBoardT().getCell(Tableau, 8), InvalidCellError, "invalid_cell");
    expectCode(() => new GameBoardT().getCell(FreeCell, 4), InvalidCellError, "invalid_cell");
    expectCode(() => new GameBoardT().getCell(HomeCell, 4), InvalidCellError, "invalid_cell");
  });
});

describe("validMoveExists", () => {
  it("is true for a deal", () => {
    expect(new GameBoardT(5).validMoveExists()).toBe(true);
  });
  it("is false when nothing can move, and on an empty board", () => {
    const stuck = stuckBoard();
    expect(new Set(allCards(stuck)).size).toBe(52);
    expect(stuck.validMoveExists()).toBe(false);
    expect(new GameBoardT().validMoveExists()).toBe(false);
  });
  it("is false for a won game: nothing leaves a HomeCell (001 forbids it)", () => {
    const won = board({ home: wonHomes() });
    expect(won.isInWinState()).toBe(true);
    expect(won.validMoveExists()).toBe(false);
  });
});

describe("isInWinState", () => {
  it("is true when every HomeCell holds ace to king", () => {
    expect(board({ home: wonHomes() }).isInWinState()).toBe(true);
  });
  it("is false for a deal, an empty HomeCell, or a HomeCell short of its king", () => {
    expect(new GameBoardT(8).isInWinState()).toBe(false);
    expect(board({ home: wonHomes().slice(0, 3) }).isInWinState()).toBe(false);
    const short = wonHomes();
    short[2] = run("C", 1, 12);
    expect(board({ home: short }).isInWinState()).toBe(false);
    const unordered = wonHomes();
    unordered[0] = ["AH", "3H", "2H", ...run("H", 4, 13)];
    expect(board({ home: unordered }).isInWinState()).toBe(false);
  });
  it("a game finished with makeMove is won by the engine's count too", () => {
    const b = board({
      tableau: [["KS"], ["KH"], ["KC"], ["KD"]],
      home: ["S", "H", "C", "D"].map((s) => run(s, 1, 12)),
    });
    for (let k = 0; k < 4; k++) b.makeMove(Tableau, k, HomeCell, k);
    expect(b.isInWinState()).toBe(true);
    expect(natural(b).foundations).toEqual([KING, KING, KING, KING]);
    expect(isWon(natural(b))).toBe(true);
  });
});

describe("the engine decides", () => {
  it("uses rules with single-card moves and nothing leaving the foundations", () => {
    expect(RULES_001).toMatchObject({ cells: 4, cascades: 8, fromFoundation: false, sequenceMoves: false });
  });
  it("project maps HomeCells to suits", () => {
    const b = board({ tableau: [["2H"], ["AC"]], home: [[], ["AH"]] });
    const p = b.project(Tableau, 0, HomeCell, 1);
    expect(p.move).toEqual({ from: cascade(0), to: foundation(2), count: 1 });
    expect(p.state.foundations).toEqual([0, 0, 1, 0]);
    const q = b.project(Tableau, 1, HomeCell, 1);
    expect(whyIllegal(q.state, q.move)).toContain("belongs on the clubs foundation");
    const h = b.project(HomeCell, 1, Tableau, 1);
    expect(whyIllegal(h.state, h.move)).toContain("may not leave the foundations");
  });
});

/** Plays from a seeded deal: each step tries one arbitrary move, then makes one valid move. */
function playRandomly(
  seed: number,
  steps: readonly [number, number][],
  check: (b: GameBoardT) => void,
): void {
  const b = new GameBoardT(seed);
  check(b);
  for (const [tryIndex, playIndex] of steps) {
    const [c0, n0] = ALL_CELLS[tryIndex % 16];
    const [c1, n1] = ALL_CELLS[Math.floor(tryIndex / 16) % 16];
    const before = snapshot(b);
    if (b.isValidMove(c0, n0, c1, n1)) {
      const card = String(b.getCell(c0, n0).top());
      b.makeMove(c0, n0, c1, n1);
      expect(String(b.getCell(c1, n1).top())).toBe(card);
      check(b);
    } else {
      expect(errorOf(() => b.makeMove(c0, n0, c1, n1))).toBeInstanceOf(InvalidMoveError);
      expect(snapshot(b)).toEqual(before);
    }
    const moves = validMoves(b);
    expect(b.validMoveExists()).toBe(moves.length > 0);
    if (moves.length === 0) return;
    b.makeMove(...moves[playIndex % moves.length]);
    check(b);
  }
}

const stepsArb = fc.array(fc.tuple(fc.nat(255), fc.nat(1000)), { minLength: 1, maxLength: 80 });

describe("properties over random play", () => {
  it("conserves the 52 cards and respects every stack's maximum size", () => {
    fc.assert(
      fc.property(fc.nat(), stepsArb, (seed, steps) => {
        playRandomly(seed, steps, (b) => {
          const cards = allCards(b);
          expect(cards.length).toBe(52);
          expect(new Set(cards).size).toBe(52);
          for (const [c, n] of ALL_CELLS) {
            expect(b.getCell(c, n).getSize()).toBeLessThanOrEqual(b.getCell(c, n).getMaxSize());
          }
          for (let k = 0; k < 4; k++) {
            const home = b
              .getCell(HomeCell, k)
              .toSeq()
              .map((x) => x.toCard());
            home.forEach((c, n) => {
              expect(rankOf(c)).toBe(n + 1);
              expect(suitOf(c)).toBe(suitOf(home[0]));
            });
          }
        });
      }),
      { numRuns: 40 },
    );
  });

  it("isValidMove is true exactly when makeMove does not raise", () => {
    fc.assert(
      fc.property(fc.nat(), stepsArb, (seed, steps) => {
        playRandomly(seed, steps.slice(0, 15), (b) => {
          for (const [c0, n0] of ALL_CELLS) {
            for (const [c1, n1] of ALL_CELLS) {
              const copy = new GameBoardT();
              for (const [c, n] of ALL_CELLS) for (const x of b.getCell(c, n).toSeq()) copy.place(c, n, x);
              const e = errorOf(() => copy.makeMove(c0, n0, c1, n1));
              if (b.isValidMove(c0, n0, c1, n1)) expect(e).toBeUndefined();
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
        playRandomly(seed, steps, (b) => {
          const state = natural(b);
          const ours = validMoves(b).map((m) => engineMove(b, ...m));
          for (const m of ours) expect(whyIllegal(state, m)).toBeUndefined();
          expect(new Set(ours.map(key))).toEqual(new Set(legalMoves(state).map(key)));
          for (const [c0, n0] of ALL_CELLS) {
            if (b.getCell(c0, n0).getSize() === 0) {
              for (const [c1, n1] of ALL_CELLS) expect(b.isValidMove(c0, n0, c1, n1)).toBe(false);
              continue;
            }
            for (const [c1, n1] of ALL_CELLS) {
              // The HomeCell ↔ suit mapping: a HomeCell is its cards' suit; an empty one is the suit of an
              // arriving card whose suit no HomeCell holds yet.
              const suit = b.getCell(c0, n0).top().getSuit();
              const dst = b.getCell(c1, n1);
              const held = [0, 1, 2, 3].some(
                (k) =>
                  b.getCell(HomeCell, k).getSize() > 0 && b.getCell(HomeCell, k).top().getSuit() === suit,
              );
              const homeFits =
                c1 !== HomeCell || (dst.getSize() === 0 ? !held : dst.top().getSuit() === suit);
              expect(b.isValidMove(c0, n0, c1, n1)).toBe(
                homeFits && isLegal(state, engineMove(b, c0, n0, c1, n1)),
              );
            }
          }
          expect(b.isInWinState()).toBe(isWon(state));
          expect(b.validMoveExists()).toBe(legalMoves(state).length > 0);
        });
      }),
      { numRuns: 25 },
    );
  });
});
