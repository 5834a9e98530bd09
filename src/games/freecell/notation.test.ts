import { describe, expect, it } from "vitest";
import { dealMicrosoft } from "./deal.ts";
import { formatMove, NotationError, parseMove, splitMoves } from "./notation.ts";
import { applyUnchecked, legalMoves } from "./rules.ts";
import { position } from "./testing.ts";

describe("standard move notation", () => {
  it("reads cascade, cell and foundation moves", () => {
    const s = dealMicrosoft(1);
    expect(parseMove("1a", s)).toEqual({
      from: { kind: "cascade", index: 0 },
      to: { kind: "cell", index: 0 },
      count: 1,
    });
    const withAce = position({}, ["AH", "2S", "KS"], ["QS", "JS"], [13, 13, 0, 1]);
    expect(parseMove("1h", withAce).to).toEqual({ kind: "foundation", index: 2 });
    expect(parseMove("b3", withAce)).toEqual({
      from: { kind: "cell", index: 1 },
      to: { kind: "cascade", index: 2 },
      count: 1,
    });
  });

  it("implies the run length onto a card and needs v into an empty cascade", () => {
    const s = position({ cells: 10 }, ["KS QH JC TD 9C 8H 7S 6D 5C 4H 3S", "QD", ""]);
    expect(parseMove("12", s).count).toBe(9);
    expect(parseMove("13", s).count).toBe(1);
    expect(parseMove("13v3", s).count).toBe(3);
    expect(parseMove("13vA", s).count).toBe(10);
    expect(() => parseMove("12v2", s)).toThrow(
      "a count (v) is only for a move into an empty cascade; onto a card it is implied",
    );
    expect(
      formatMove({ from: { kind: "cascade", index: 0 }, to: { kind: "cascade", index: 2 }, count: 3 }, s),
    ).toBe("13v3");
    expect(
      formatMove({ from: { kind: "cascade", index: 0 }, to: { kind: "cascade", index: 1 }, count: 4 }, s),
    ).toBe("12");
  });

  it("writes a card taken back off a foundation as h and its suit", () => {
    const s = position({ fromFoundation: true }, ["", "3C"], ["3H", "4H", "5H", "6H"], [2, 13, 2, 13]);
    const back = parseMove("hh1", s);
    expect(back).toEqual({
      from: { kind: "foundation", index: 2 },
      to: { kind: "cascade", index: 0 },
      count: 1,
    });
    expect(formatMove(back, s)).toBe("hh1");
    expect(
      formatMove({ from: { kind: "foundation", index: 3 }, to: { kind: "cell", index: 1 }, count: 1 }, s),
    ).toBe("hsb");
  });

  it("uses a-g then i, j, k for ten cells (h is the foundation)", () => {
    const s = dealMicrosoft(1, { cells: 10 });
    expect(parseMove("1i", s).to).toEqual({ kind: "cell", index: 7 });
    expect(parseMove("1k", s).to).toEqual({ kind: "cell", index: 9 });
    expect(
      formatMove({ from: { kind: "cascade", index: 0 }, to: { kind: "cell", index: 9 }, count: 1 }, s),
    ).toBe("1k");
  });

  it("round-trips every legal move along random play", () => {
    let s = dealMicrosoft(77, { cells: 10, fromFoundation: true });
    for (let i = 0; i < 300; i++) {
      const moves = legalMoves(s);
      if (moves.length === 0) break;
      for (const m of moves) expect(parseMove(formatMove(m, s), s)).toEqual(m);
      s = applyUnchecked(s, moves[(i * 31) % moves.length]);
    }
  });

  it("says what is wrong with a bad move", () => {
    const s = dealMicrosoft(1);
    expect(() => parseMove("9a", s)).toThrow('"9a": there is no cascade 9 (this game has 8)');
    expect(() => parseMove("1e", s)).toThrow('"1e": there is no cell e (this game has 4)');
    expect(() => parseMove("1x", s)).toThrow(/"x" is not a cascade/);
    // This deal's places, not every place the notation has (4 cells, 8 cascades).
    expect(() => parseMove("1x", s)).toThrow(
      '"x" is not a cascade (1-8), a cell (a-d) or the foundation (h)',
    );
    expect(() => parseMove("1", s)).toThrow(NotationError);
    expect(() => parseMove("hx1", s)).toThrow(/taken off a foundation/);
    expect(() => parseMove("1hz", s)).toThrow(/unexpected "z"/);
  });

  it("splits lists on spaces and commas", () => {
    expect(splitMoves(" 3h, 1a  a3\n32 ")).toEqual(["3h", "1a", "a3", "32"]);
  });

  it("issue 15: the Kelvin sign was read as cell k; only ASCII letters name places now", () => {
    const s = dealMicrosoft(1, { cells: 10 });
    expect(parseMove("1k", s).to).toEqual({ kind: "cell", index: 9 });
    expect(parseMove("1K", s).to).toEqual({ kind: "cell", index: 9 });
    expect(() => parseMove("1\u212a", s)).toThrow(NotationError);
    expect(() => parseMove("\u212ah", s)).toThrow(NotationError);
  });

  it("issue 36: an emoji in a move was named by half of it (U+FFFD); a move is read by characters", () => {
    const s = dealMicrosoft(1);
    expect(() => parseMove("1\u{1f600}", s)).toThrow('"\u{1f600}" is not a cascade');
    expect(() => parseMove("\u{1f600}1", s)).toThrow('"\u{1f600}" is not a cascade');
    expect(() => parseMove("\u{1f600}", s)).toThrow("a move is a source and a destination");
    expect(() => parseMove("h\u{1f600}1", s)).toThrow(/taken off a foundation/);
    expect(() => parseMove("1a\u{1f600}", s)).toThrow('unexpected "\u{1f600}" after the destination');
    for (const text of ["1\u{1f600}", "\u{1f600}1", "1a\u{1f600}"]) {
      let message = "";
      try {
        parseMove(text, s);
      } catch (error) {
        message = (error as Error).message;
      }
      // Half an emoji (a lone surrogate) does not survive UTF-8: it comes back as U+FFFD.
      expect(Buffer.from(message, "utf8").toString("utf8"), text).toBe(message);
    }
  });

  it("names a move once, escaped and cut, with the reason apart", () => {
    const s = dealMicrosoft(1);
    let error: NotationError | undefined;
    try {
      parseMove(`\x1b]2;PWNED\x07${"1".repeat(100)}`, s);
    } catch (e) {
      error = e as NotationError;
    }
    expect(error?.message).toMatch(/^"\\x1b\]2;PWNED\\x071+…" \(110 characters\): too long for a move/);
    expect(error?.reason).toMatch(/^too long for a move/);
    expect(error?.message).not.toMatch(/[\u0000-\u001f]/);
  });
});
