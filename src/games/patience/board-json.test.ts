import { describe, expect, it } from "vitest";
import { JsonBoardReader, parseJsonText } from "./board-json.ts";
import { isJsonBoard } from "./board-text.ts";
import { BoardTextError } from "./errors.ts";

/** The BoardTextError that reading `text` throws. */
function refusal(read: () => unknown): BoardTextError {
  try {
    read();
  } catch (error) {
    if (error instanceof BoardTextError) return error;
    throw error;
  }
  throw new Error("read without an error");
}

describe("JSON text as a board reader reads it", () => {
  it("reads what JSON.parse reads, a byte-order mark first allowed", () => {
    const text = '\uFEFF {"a": [1, -2.5e3, "T\\u0048", null, true, false, {}], "b": {"c": []}}\n';
    expect(parseJsonText(text)).toEqual(JSON.parse(text.slice(1)));
    expect(parseJsonText('"\\"\\\\\\/\\b\\f\\n\\r\\t"')).toBe('"\\/\b\f\n\r\t');
  });

  it("a key given twice was kept once by JSON.parse, silently dropping a pile: refused, naming both lines", () => {
    const e = refusal(() => parseJsonText('{\n"cascades": [],\n"cells": [],\n"cascades": []\n}'));
    expect(e.code).toBe("bad_board");
    expect(e.line).toBe(4);
    expect(e.message).toBe('line 4: "cascades" is given twice in one object (first on line 2): give it once');
  });

  it("a syntax error is named by its line and token", () => {
    expect(refusal(() => parseJsonText('{"cells": [TH]}')).message).toBe(
      'line 1: "TH": not a JSON value (text such as a card is written in double quotes, like "TH")',
    );
    expect(refusal(() => parseJsonText('{\n"cells": ["TH",]\n}')).message).toBe(
      "line 2: a comma before ]: JSON has none after the last item",
    );
    expect(refusal(() => parseJsonText('{"cells": [],\n}')).message).toBe(
      "line 2: a comma before }: JSON has none after the last key",
    );
    expect(refusal(() => parseJsonText('{"cells": ["TH"')).message).toMatch(/a \] is missing/);
    expect(refusal(() => parseJsonText('{"cells": "TH\n"}')).message).toMatch(/line 1: a line ends inside/);
    expect(refusal(() => parseJsonText('{"a": 1} {"b": 2}')).message).toMatch(
      /more text after the end of the board/,
    );
    expect(refusal(() => parseJsonText("{cells: []}")).message).toMatch(/"cells": a key in double quotes/);
    expect(refusal(() => parseJsonText('{"a" 1}')).message).toMatch(/a : should follow the key "a"/);
    expect(refusal(() => parseJsonText('{"a": "\\x"}')).message).toMatch(/not an escape JSON knows/);
    expect(refusal(() => parseJsonText("")).message).toMatch(/ends where a value should be/);
    expect(refusal(() => parseJsonText('{"a": 1,')).message).toMatch(
      /ends inside an object \(a } is missing\)/,
    );
  });

  it("deep nesting is refused before it costs anything", () => {
    expect(refusal(() => parseJsonText(`${"[".repeat(100_000)}`)).message).toMatch(
      /nested more than 16 deep/,
    );
  });

  it("a key __proto__ is a key like any other (an unknown one), not the object's prototype", () => {
    const json = parseJsonText('{"__proto__": {"game": "freecell"}}') as Record<string, unknown>;
    expect(Object.keys(json)).toEqual(["__proto__"]);
    expect(json.game).toBeUndefined();
  });

  it("a board is JSON when its first character after white space is { or [", () => {
    expect(isJsonBoard(' \n\t{"game": "freecell"}')).toBe(true);
    expect(isJsonBoard("\uFEFF[]")).toBe(true);
    expect(isJsonBoard("Foundations: H-0\n")).toBe(false);
    expect(isJsonBoard("# {comment}\n")).toBe(false);
  });
});

describe("a JSON board's keys, types and cards", () => {
  const read = (json: unknown) => {
    const reader = new JsonBoardReader("freecell", "FreeCell");
    const board = reader.board(json, ["cells"], ["foundations"]);
    return { reader, board };
  };

  it("refuses what is not one board object, an unknown key, a missing key, another game", () => {
    expect(refusal(() => read([])).message).toMatch(
      /^the board: a list, not one board: a FreeCell board is an object/,
    );
    expect(refusal(() => read("x")).message).toMatch(/^the board: the text "x", not an object/);
    expect(refusal(() => read({ game: "freecell", cells: [], free: [] })).message).toBe(
      'the board: unknown key "free" (a FreeCell board is an object with the keys game, cells, deal, foundations)',
    );
    expect(refusal(() => read({ game: "freecell" })).message).toMatch(/^the board: no "cells" key/);
    expect(refusal(() => read({ cells: [] })).message).toMatch(/^the board: no "game" key/);
    expect(refusal(() => read({ game: "klondike", cells: [] })).message).toMatch(
      /^game: "klondike": this is a board of another game, not FreeCell/,
    );
    expect(refusal(() => read({ game: "freecell", deal: "1", cells: [] })).message).toMatch(
      /^deal: the text "1": a whole number from 0/,
    );
    expect(read({ game: "freecell", deal: null, cells: [] }).board.cells).toEqual([]);
  });

  it("names a card's path when it is no card, is written with spaces, or is given twice", () => {
    const { reader } = read({ game: "freecell", cells: [] });
    expect(refusal(() => reader.card("1S", "cascades[0][3]")).message).toBe(
      'cascades[0][3]: "1S": unknown rank "1" (did you mean A or T?)',
    );
    expect(refusal(() => reader.card(" TH", "cells[1]")).message).toBe(
      'cells[1]: " TH": a card without spaces, like "TH"',
    );
    expect(refusal(() => reader.card(7, "cells[1]")).message).toBe(
      'cells[1]: the number 7: a card is text such as "TH" or "10H"',
    );
    reader.card("10h", "cells[0]");
    expect(refusal(() => reader.card("TH", "cells[2]")).message).toBe(
      "cells[2]: TH is given twice (also at cells[0]): a board holds each card once",
    );
  });

  it("reads foundations as suit letters and top cards, every card under a top card counted", () => {
    const { reader } = read({ game: "freecell", cells: [] });
    const ranks = [0, 0, 0, 0];
    reader.card("2H", "cascades[4][0]");
    expect(refusal(() => reader.foundations({ H: "3H" }, ranks)).message).toBe(
      'foundations.H: "3H" puts 2H on the foundation, but it is given again (also at cascades[4][0]): a board holds each card once',
    );
    expect(
      refusal(() => read({ game: "freecell", cells: [] }).reader.foundations({ h: "3H" }, ranks)).message,
    ).toMatch(/foundations: "h": a suit letter, C, D, H or S \(upper case\)/);
    expect(
      refusal(() => read({ game: "freecell", cells: [] }).reader.foundations({ H: "3S" }, ranks)).message,
    ).toBe('foundations.H: "3S" is not a card of hearts');
    expect(
      refusal(() => read({ game: "freecell", cells: [] }).reader.foundations({ H: 0 }, ranks)).message,
    ).toMatch(/leave the suit out when it is empty/);
    const fresh = read({ game: "freecell", cells: [] }).reader;
    fresh.foundations({ S: "KS", C: "AC" }, ranks);
    expect(ranks).toEqual([1, 0, 0, 13]);
    expect(refusal(() => fresh.complete([0, 1, 2, 3, 4], "every card")).message).toBe(
      "the board: 3 cards are missing: AD AH 2C (every card)",
    );
  });
});
