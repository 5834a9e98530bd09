import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { mulberry32 } from "../../cards/random.ts";
import { formatBoard, fromJson, jsonCard, parseBoard, toJson } from "./board-text.ts";
import { position } from "./fixtures.ts";
import { formatMove, parseMove } from "./notation.ts";
import {
  applyMove,
  dealKlondike,
  foundation,
  type KlondikeState,
  legalMoves,
  makeRules,
  pile,
  STOCK,
  WASTE,
} from "./rules.ts";

/** Positions of random play from a few deals, under a few rule sets. */
function randomPositions(seed: number, games: number, moves: number): KlondikeState[] {
  const random = mulberry32(seed);
  const out: KlondikeState[] = [];
  const ruleSets = [
    makeRules(),
    makeRules({ draw: 3, passes: 3 }),
    makeRules({ fromFoundation: false, scoring: "vegas" }),
  ];
  for (let g = 0; g < games; g++) {
    let state = dealKlondike(1 + g, ruleSets[g % ruleSets.length], g % 2 ? "microsoft" : "solvitaire");
    out.push(state);
    for (let k = 0; k < moves; k++) {
      const legal = legalMoves(state);
      if (legal.length === 0) break;
      // Prefer moves that are not the stock, so that play goes somewhere.
      const pick = legal.length > 1 && random() < 0.7 ? 1 + Math.floor(random() * (legal.length - 1)) : 0;
      state = applyMove(state, legal[pick]);
      out.push(state);
    }
  }
  return out;
}

describe("notation", () => {
  const state = position({}, ["9S", "5C | 8H 7C", "", "KD QS", "", "", ""], {
    stock: "2C 3D",
    waste: "7D",
    foundations: [0, 0, 0, 5],
  });

  it("reads each kind of move", () => {
    expect(parseMove(state, "s")).toEqual({ from: STOCK, to: WASTE, count: 1 });
    expect(parseMove(state, "wh")).toEqual({ from: WASTE, to: foundation(1), count: 1 });
    expect(parseMove(state, "w1")).toEqual({ from: WASTE, to: pile(0), count: 1 });
    expect(parseMove(state, "2h")).toEqual({ from: pile(1), to: foundation(0), count: 1 });
    expect(parseMove(state, "21")).toEqual({ from: pile(1), to: pile(0), count: 2 });
    expect(parseMove(state, "21v2")).toEqual({ from: pile(1), to: pile(0), count: 2 });
    expect(parseMove(state, "43")).toEqual({ from: pile(3), to: pile(2), count: 2 });
    expect(parseMove(state, "hs1")).toEqual({ from: foundation(3), to: pile(0), count: 1 });
    expect(parseMove(state, " HS1 ")).toEqual({ from: foundation(3), to: pile(0), count: 1 });
  });

  it("reads s as turning the waste over when the stock is empty", () => {
    const empty = position({}, ["9S", "", "", "", "", "", ""], { waste: "7D 2C" });
    expect(parseMove(empty, "s")).toEqual({ from: WASTE, to: STOCK, count: 2 });
  });

  it("writes each legal move so that it reads back as the same move", () => {
    for (const s of randomPositions(11, 6, 60)) {
      for (const move of legalMoves(s)) expect(parseMove(s, formatMove(s, move))).toEqual(move);
    }
  });

  it("writes runs without their count, and a card off a foundation with its suit", () => {
    expect(formatMove(state, { from: pile(1), to: pile(0), count: 2 })).toBe("21");
    expect(formatMove(state, { from: foundation(3), to: pile(0), count: 1 })).toBe("hs1");
    expect(formatMove(state, { from: WASTE, to: STOCK, count: 3 })).toBe("s");
  });

  it("refuses text that is not a move, saying what a move looks like", () => {
    for (const bad of ["", "x", "8h", "h3", "hx3", "3s1", "w3v2", "hh", "33", "1234", "s3"]) {
      expect(() => parseMove(state, bad)).toThrow(expect.objectContaining({ code: "bad_notation" }));
    }
  });

  it("never throws anything but a notation error on any text", () => {
    fc.assert(
      fc.property(fc.string({ maxLength: 8 }), (text) => {
        try {
          parseMove(state, text);
        } catch (error) {
          expect((error as { code?: string }).code).toBe("bad_notation");
        }
      }),
    );
  });
});

describe("board text", () => {
  const deal = dealKlondike(1, makeRules(), "solvitaire");

  it("writes a deal as headings and one line per pile, face-down cards before a bar", () => {
    const text = formatBoard(deal);
    expect(text.split("\n").slice(0, 5)).toEqual([
      "Foundations: H-0 C-0 D-0 S-0",
      "Stock: 6H KS TC QH AC 2S 4H QC QS 3S AD 5C 2D 4D KC 7C 4S 9C 5S 7D TH 3H 6C TS",
      "Waste:",
      ": 9D",
      ": 4C | AS",
    ]);
  });

  it("reads back every position it writes, and so does the JSON form", () => {
    for (const s of randomPositions(5, 9, 80)) {
      const text = formatBoard(s);
      expect(parseBoard(text, s.rules)).toEqual(s);
      expect(fromJson(JSON.parse(JSON.stringify(toJson(s, 3))), s.rules)).toEqual(s);
    }
  });

  it("accepts pile lines without the colon, a bar against the cards, and 10 for a ten", () => {
    const text = formatBoard(deal).replace(": 4C | AS", "4C|AS").replace(" TC ", " 10c ");
    expect(parseBoard(text, deal.rules)).toEqual(deal);
  });

  const fault = (text: string) => {
    try {
      parseBoard(text, deal.rules);
    } catch (error) {
      return error as { code: string; line?: number; token?: string; message: string };
    }
    throw new Error("the board was accepted");
  };
  const lines = formatBoard(deal).trimEnd().split("\n");
  const edit = (i: number, line: string) => lines.map((l, k) => (k === i ? line : l)).join("\n");

  it("names the line and the card of a duplicate", () => {
    const e = fault(edit(3, ": 9D AS"));
    expect(e).toMatchObject({ code: "bad_board", line: 5, token: "AS" });
    expect(e.message).toMatch(/first seen on line 4/);
    expect(e.message).toMatch(/duplicate card AS/);
  });

  it("names missing cards", () => {
    expect(fault(edit(3, ":")).message).toMatch(/missing cards: 9D/);
  });

  it("refuses more face-down cards than a pile was dealt", () => {
    const e = fault(edit(4, ": 4C AS | 9D").replace(": 9D\n", ":\n"));
    expect(e).toMatchObject({ line: 5 });
    expect(e.message).toMatch(/pile 2 has 2 face-down cards/);
  });

  it("refuses a face-up run that does not build down in alternating colours", () => {
    const e = fault(edit(5, ": QD | TD JC"));
    expect(e).toMatchObject({ line: 6, token: "JC" });
  });

  it("refuses a heading given twice, a suit given twice, an unknown heading", () => {
    expect(fault(`Waste:\n${lines.join("\n")}`).message).toMatch(
      /a second Waste line \(the first is line 1\)/,
    );
    expect(fault(edit(0, "Foundations: H-0 H-0")).message).toMatch(/hearts foundation is given twice/);
    expect(fault(edit(2, "Reserve: 2C"))).toMatchObject({ line: 3, token: "Reserve" });
  });

  it("refuses an eighth pile line and a missing one", () => {
    expect(fault(`${lines.join("\n")}\n:`).message).toMatch(/more than 7 pile lines/);
    expect(fault(lines.slice(0, -1).join("\n")).message).toMatch(/found 6 pile lines/);
  });

  it("refuses more passes than the rules allow", () => {
    const text = `${lines.slice(0, 3).join("\n")}\nRecycles: 3\n${lines.slice(3).join("\n")}`;
    expect(parseBoard(text, deal.rules).recycles).toBe(3);
    expect(() => parseBoard(text, makeRules({ passes: 3 }))).toThrow(/allow 3 passes/);
  });

  it("reads a position part way through, with the waste, foundations, score and passes", () => {
    let s = dealKlondike(1, makeRules({ draw: 3, passes: 3 }), "solvitaire");
    for (let k = 0; k < 20; k++) s = applyMove(s, parseMove(s, "s"));
    s = { ...s, score: 40, foundations: s.foundations };
    expect(s.recycles).toBe(2);
    expect(s.waste).toHaveLength(6);
    const text = formatBoard(s);
    expect(text).toMatch(/^Recycles: 2$/m);
    expect(text).toMatch(/^Score: 40$/m);
    expect(parseBoard(text, s.rules)).toEqual(s);
    expect(toJson(s, 1)).toMatchObject({ recycles: 2, score: 40, waste: s.waste.map(jsonCard) });
  });
});
