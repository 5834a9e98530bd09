import { describe, expect, it } from "vitest";
import { formatCard, parseCard } from "../../cards/card.ts";
import { BoardTextError, formatBoard, parseBoard, whyNotFullDeck } from "./board-text.ts";
import { dealMicrosoft } from "./deal.ts";
import { parseMove } from "./notation.ts";
import { applyMove, applyUnchecked, type FreeCellState, legalMoves } from "./rules.ts";

const DEAL_1 = `JD KD 2S 4C 3S 6D 6S
2D KC KS 5C TD 8S 9C
9H 9S 9D TS 4S 8D 2H
JC 5S QD QH TH QS 6H
5D AD JS 4H 8H 6C
7H QC AS AC 2C 3D
7C KH AH 4D JH 8C
5H 3H 3C 7S 7D TC
`;

function errorOf(text: string, rules = {}): BoardTextError {
  try {
    parseBoard(text, rules);
  } catch (error) {
    if (error instanceof BoardTextError) return error;
    throw error;
  }
  throw new Error("no error");
}

describe("board text", () => {
  it("writes deal 1 as fc-solve does", () => {
    expect(formatBoard(dealMicrosoft(1))).toBe(DEAL_1);
  });

  it("round-trips deals 1..1000", () => {
    for (let deal = 1; deal <= 1000; deal++) {
      const state = dealMicrosoft(deal);
      expect(parseBoard(formatBoard(state))).toEqual(state);
    }
  });

  it("round-trips positions in play, with cells, foundations and empty cascades", () => {
    let state = dealMicrosoft(1234, { cells: 6 });
    for (let i = 0; i < 200; i++) {
      const moves = legalMoves(state);
      if (moves.length === 0) break;
      state = applyUnchecked(state, moves[(i * 7919) % moves.length]);
      const text = formatBoard(state);
      expect(parseBoard(text, { cells: 6 })).toEqual(state);
    }
  });

  it("reads fc-solve's own output style: leading colons, 10 for ten, Freecells and Foundations", () => {
    let state = dealMicrosoft(1);
    for (const m of ["5a", "6b", "6c", "6h", "6h", "ch", "7c"]) state = applyMove(state, parseMove(m, state));
    const text = formatBoard(state);
    expect(text.split("\n").slice(0, 2)).toEqual(["Foundations: H-0 C-2 D-0 S-A", "Freecells: 6C 3D 8C -"]);
    const fcsStyle = text
      .replace(/^([2-9TJQKA][CDHS].*)$/gm, ": $1")
      .replace(/T([CDHS])/g, "10$1")
      .replace("6C 3D 8C -", "6C  3D  8C  -");
    expect(parseBoard(fcsStyle)).toEqual(state);
  });

  it("names the line and the card for each kind of mistake", () => {
    expect(errorOf(DEAL_1.replace("2S", "1S")).message).toBe(
      'line 1: "1S": unknown rank "1" (did you mean A or T?)',
    );
    expect(errorOf(DEAL_1.replace("9C", "9X")).message).toBe(
      'line 2: "9X": unknown suit "X" (use C, D, H or S)',
    );
    const dup = errorOf(DEAL_1.replace("TC", "JD"));
    expect(dup.message).toBe('line 8: duplicate card JD ("JD"; first seen on line 1)');
    expect(dup.line).toBe(8);
    expect(dup.token).toBe("JD");
    expect(errorOf(DEAL_1.replace(" TC", "")).message).toBe("missing cards: TC (a board holds all 52 cards)");
    expect(errorOf(DEAL_1.split("\n").slice(0, 7).join("\n")).message).toMatch(
      /^wrong number of cascades: found 7, this game has 8/,
    );
    expect(errorOf(`${DEAL_1}:\n`).message).toMatch(/^line 9: wrong number of cascades: more than 8/);
    const cells = errorOf(`Freecells: TC 7D 7S\n${DEAL_1.replace(" 7S 7D TC", "")}`, { cells: 2 });
    expect(cells.message).toBe("line 1: too many cards in the cells: 3 given, this game has 2 cells");
    expect(errorOf(`Foundations: X-3\n${DEAL_1}`).message).toMatch(/^line 1: "X-3": a foundation is a suit/);
    expect(errorOf(`Foundations: H-Z\n${DEAL_1}`).message).toMatch(/^line 1: "H-Z": unknown rank "Z"/);
    expect(errorOf(`Foundations: H-2\n${DEAL_1}`).message).toMatch(
      /^line 4: duplicate card 2H \("2H"; first seen on line 1\)/,
    );
    expect(errorOf(`Stock: 3H\n${DEAL_1}`).message).toMatch(/unknown heading "Stock:"/);
  });

  it("ignores comments and blank lines", () => {
    expect(parseBoard(`# deal 1\n\n${DEAL_1}\n\n`)).toEqual(dealMicrosoft(1));
  });
});

/** Deal 1 with the given cards taken out of the cascades (to put them on the foundations or in the cells). */
function dealOneWithout(...cards: string[]): string {
  const gone = new Set(cards.map(parseCard));
  const state = dealMicrosoft(1);
  return state.cascades
    .map(
      (col) =>
        col
          .filter((c) => !gone.has(c))
          .map(formatCard)
          .join(" ") || ":",
    )
    .join("\n");
}

describe("issue 15 regressions: the board reader drops no card", () => {
  it("a suit given twice on the Foundations line dropped its cards (H-3 H-0 read as a 49-card board)", () => {
    const rest = dealOneWithout("AH", "2H", "3H");
    expect(parseBoard(`Foundations: H-3\n${rest}`).foundations).toEqual([0, 0, 3, 0]);
    const error = errorOf(`Foundations: H-3 H-0\n${rest}`);
    expect(error.line).toBe(1);
    expect(error.token).toBe("H-0");
    expect(error.message).toBe('line 1: "H-0": the hearts foundation is given twice (first as "H-3")');
    expect(errorOf(`Foundations: h-0 C-0 H-3\n${rest}`).token).toBe("H-3");
  });

  it("a second Freecells line wrote a card outside the cells (position -1) and the board was accepted", () => {
    const rest = dealOneWithout("TC", "7D", "7S", "7C", "3C");
    const error = errorOf(`Freecells: TC 7D 7S 7C\nFreecells: 3C\n${rest}`);
    expect(error.line).toBe(2);
    expect(error.token).toBe("Freecells:");
    expect(error.message).toBe('line 2: "Freecells:": a second Freecells line (the first is line 1)');
  });

  it("a second Foundations line is refused by line and heading", () => {
    const error = errorOf(`Foundations: H-0\n${DEAL_1}Founds: S-0\n`);
    expect(error.line).toBe(10);
    expect(error.token).toBe("Founds:");
  });

  it("a card beyond the cells was put in another cell (or at position -1) instead of being refused", () => {
    const rest = dealOneWithout("TC", "7D");
    const beyond = errorOf(`Freecells: TC - - - 7D\n${rest}`);
    expect(beyond.line).toBe(1);
    expect(beyond.token).toBe("7D");
    expect(beyond.message).toBe(
      'line 1: "7D" is in cell 5, but this game has 4 cells (set the number of cells to match)',
    );
    // Free cells beyond the game's are harmless: a board written for 4 cells reads under 2 when it fits.
    expect(parseBoard(`Freecells: TC 7D - -\n${rest}`, { cells: 2 }).cells).toEqual([
      parseCard("TC"),
      parseCard("7D"),
    ]);
    expect(parseBoard(`Freecells: - TC - 7D\n${rest}`).cells).toEqual([
      null,
      parseCard("TC"),
      null,
      parseCard("7D"),
    ]);
  });

  it("every refused cascade overflow names its line and first token", () => {
    const error = errorOf(`${DEAL_1}JD\n`);
    expect(error.line).toBe(9);
    expect(error.token).toBe("JD");
  });

  it("whyNotFullDeck finds a position that lost or doubled a card, whoever built it", () => {
    const state = dealMicrosoft(1);
    expect(whyNotFullDeck(state)).toBeUndefined();
    const lost: FreeCellState = {
      ...state,
      cascades: state.cascades.map((c, i) => (i === 0 ? c.slice(1) : c)),
    };
    expect(whyNotFullDeck(lost)).toBe("missing cards: JD (a board holds all 52 cards)");
    const doubled: FreeCellState = { ...state, foundations: [0, 0, 1, 0] };
    expect(whyNotFullDeck(doubled)).toMatch(/^AH is both in the foundations and in cascade \d$/);
    const badCell: FreeCellState = { ...state, cells: [null, null, null, null, 7] };
    expect(whyNotFullDeck(badCell)).toBe("5 cells where the rules have 4");
  });
});
