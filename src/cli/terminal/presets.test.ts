import { describe, expect, it } from "vitest";
import { formatCard } from "../../cards/card.ts";
import type { FamilyState } from "../../games/family/engine.ts";
import { SOLVITAIRE_PRESETS } from "../../games/family/presets.ts";
import { PATIENCE_GAMES } from "../../games/registry.ts";
import type { Key } from "./keys.ts";
import { screenOf } from "./testing.ts";

/**
 * The first screen of every game the terminal plays (Solvitaire's 80 presets by name, the registry's games) in a
 * terminal of 80 columns and 24 lines: the whole screen fits, and every pile's key is on the table.
 */

const key = (name: string): Key => ({ name, ctrl: false, meta: false, sequence: name });

/** The screen's parts: the title's lines, the table's (between the blanks around it), the message and keys after. */
function partsOf(text: string) {
  const lines = text.split("\n");
  const titleEnd = lines.indexOf("");
  const message = lines.indexOf("? for help");
  return { lines, title: lines.slice(0, titleEnd), table: lines.slice(titleEnd + 1, message - 1), message };
}

const ALL = [...new Set([...Object.keys(SOLVITAIRE_PRESETS), ...PATIENCE_GAMES.map((g) => g.id)])];

describe("every game's first screen at 80x24", () => {
  it("covers Solvitaire's 80 presets and the registry's games", () => {
    expect(Object.keys(SOLVITAIRE_PRESETS)).toHaveLength(80);
    expect(ALL.length).toBeGreaterThan(80);
  });

  it.each(ALL)("%s: fits 80 columns and 24 lines, title, table, message and keys all shown", (id) => {
    const { game, session, screen } = screenOf(id);
    const { lines, title, table, message } = partsOf(screen.render());
    expect(lines.length).toBeLessThanOrEqual(24);
    for (const line of lines) expect(line.length, line).toBeLessThanOrEqual(80);
    expect(title[0]).toMatch(/^tsol /);
    expect(title.join("  ")).toContain("Solvitaire deal #1  moves: 0");
    expect(message).toBeGreaterThan(0);
    expect(lines[lines.length - 1]).toMatch(/^keys pick/);
    expect(table.length).toBeGreaterThan(0);
    // The help, too, fits: in place of the table when both do not; every pile's key in it.
    screen.handleKey(key("?"));
    const help = screen.render().split("\n");
    expect(help.length).toBeLessThanOrEqual(24);
    for (const line of help) expect(line.length, line).toBeLessThanOrEqual(80);
    expect(help[0]).toBe(title[0]);
    expect(help.join("\n")).toMatch(/Keys: pick a pile by its key[\s\S]*\(any key to go back\)$/);
    screen.handleKey(key("x"));
    if (id === "montana") {
      // Montana's grid names a place by its row's letter, on the left, and its column's number, above.
      expect(table[0].trim().split(/\s+/)).toEqual(Array.from({ length: 13 }, (_, k) => String(k + 1)));
      expect(table.slice(1).map((l) => l[0])).toEqual(["a", "b", "c", "d"]);
      return;
    }
    // Every pile that holds a card has its key on the table, once a pile (eight foundations: eight h's).
    const tokens = table.join(" ").split(/\s+/);
    const piles = game.piles(session.state, "player");
    const count = new Map<string, number>();
    for (const p of piles)
      if (p.key !== undefined && p.cards.length > 0) count.set(p.key, (count.get(p.key) ?? 0) + 1);
    for (const [k, n] of count)
      expect(tokens.filter((t) => t === k).length, `key ${k}`).toBeGreaterThanOrEqual(n);
  });
});

describe("Gaps and the accordion in the terminal", () => {
  it.each(["gaps-one-deal", "gaps-basic-variant"])(
    "%s: a grid of 4 rows of 13, each row its keys over its cards",
    (id) => {
      const { session, screen } = screenOf(id, 3);
      const { table } = partsOf(screen.render());
      const state = session.state as unknown as FamilyState;
      expect(table).toHaveLength(8);
      for (let r = 0; r < 4; r++) {
        const letter = "abcd"[r];
        const keys = table[2 * r];
        const cards = table[2 * r + 1];
        for (let k = 0; k < 13; k++) {
          // Each place's key and card four columns apart: a row's key over its card.
          expect(keys.slice(4 * k, 4 * k + 3).trim()).toBe(`${letter}${k + 1}`);
          const card = state.table.sequences[r][k];
          expect(cards.slice(4 * k, 4 * k + 2)).toBe(card === null ? "--" : formatCard(card));
        }
        expect(cards.trimEnd().length).toBeLessThanOrEqual(13 * 4 - 1);
      }
      // The four gaps where the aces were.
      expect(table.join("\n").match(/--/g)).toHaveLength(4);
    },
  );

  it("Gaps on a terminal too narrow for a row of thirteen: each row in two pieces, still every key over its card", () => {
    const { session, screen } = screenOf("gaps-one-deal", 3, { columns: 40, rows: 40 });
    const lines = screen.render().split("\n");
    for (const line of lines) expect(line.length, line).toBeLessThanOrEqual(40);
    // The preset under its title (family/titles.ts); the title line broken between its parts to fit.
    expect(lines.slice(0, 3)).toEqual([
      "tsol Gaps, one deal  Solvitaire deal #3",
      "moves: 0  auto: safe",
      "",
    ]);
    const longer = screenOf("gaps-basic-variant", 3, { columns: 40, rows: 40 }).screen.render().split("\n");
    for (const line of longer) expect(line.length, line).toBeLessThanOrEqual(40);
    expect(longer.slice(0, 3)).toEqual([
      "tsol Gaps, basic (suits fixed)",
      "Solvitaire deal #3  moves: 0  auto: safe",
      "",
    ]);
    const { table } = partsOf(lines.join("\n"));
    const state = session.state as unknown as FamilyState;
    // Four rows of two pieces (7 and 6 places), a blank line between rows.
    expect(table).toHaveLength(4 * 4 + 3);
    for (let r = 0; r < 4; r++) {
      const at = 5 * r;
      if (r > 0) expect(table[at - 1]).toBe("");
      for (let k = 0; k < 13; k++) {
        const [keys, cards] = k < 7 ? [table[at], table[at + 1]] : [table[at + 2], table[at + 3]];
        const x = 4 * (k < 7 ? k : k - 7);
        expect(keys.slice(x, x + 3).trim()).toBe(`${"abcd"[r]}${k + 1}`);
        const card = state.table.sequences[r][k];
        expect(cards.slice(x, x + 2)).toBe(card === null ? "--" : formatCard(card));
      }
    }
  });

  it("Gaps: the arrows move the cursor along a row and down a column of the grid", () => {
    const { session, screen } = screenOf("gaps-one-deal", 3);
    const state = session.state as unknown as FamilyState;
    const card = (r: number, k: number) => {
      const c = state.table.sequences[r][k];
      return c === null ? "-" : formatCard(c).slice(0, 1);
    };
    screen.handleKey(key("enter"));
    // The cursor, `>` over a card's first column (no colour), starts on a1.
    const cursorAt = () => {
      const { table } = partsOf(screen.render());
      const row = table.findIndex((l) => l.includes(">"));
      return { row: (row - 1) / 2, column: table[row].indexOf(">") / 4 };
    };
    expect(cursorAt()).toEqual({ row: 0, column: 0 });
    screen.handleKey(key("down"));
    screen.handleKey(key("down"));
    screen.handleKey(key("right"));
    expect(cursorAt()).toEqual({ row: 2, column: 1 });
    const { table } = partsOf(screen.render());
    expect(table[5].slice(4, 6)).toBe(`>${card(2, 1)}`);
  });

  it("accordion: rows of twenty piles (1, 21, 41 begin them), each under its key; Knuth's 18 in one row", () => {
    const { table } = partsOf(screenOf("accordion").screen.render());
    expect(table).toHaveLength(6);
    expect(table[0].split(/\s+/).filter(Boolean)).toEqual(
      Array.from({ length: 20 }, (_, k) => String(k + 1)),
    );
    expect(table[2].trim().split(/\s+/)[0]).toBe("21");
    expect(table[4].trim().split(/\s+/)).toEqual(Array.from({ length: 12 }, (_, k) => String(k + 41)));
    const knuth = partsOf(screenOf("accordion-knuth").screen.render()).table;
    expect(knuth).toHaveLength(2);
    expect(knuth[0].trim().split(/\s+/)).toHaveLength(18);
    // Narrower, in rows of ten.
    const narrow = partsOf(screenOf("accordion", 1, { columns: 60, rows: 30 }).screen.render()).table;
    expect(narrow.filter((_, k) => k % 2 === 0).map((l) => l.trim().split(/\s+/)[0])).toEqual([
      "1",
      "11",
      "21",
      "31",
      "41",
      "51",
    ]);
  });

  it("accordion: a pile of more than one card shows how many under its card (x3), a row of lone cards no line", () => {
    const { game, screen } = screenOf("accordion");
    // Moves onto the pile to the left, the first legal one each time, until a pile holds three cards.
    const state = () => screen.session.state as unknown as FamilyState;
    while (!state().table.accordion.some((p) => p.length >= 3)) {
      const moves = game.legalMoves(screen.session.state);
      expect(moves.length).toBeGreaterThan(0);
      screen.session.play(moves[0]);
    }
    const piles = state().table.accordion;
    const { table } = partsOf(screen.render());
    for (const line of table) expect(line.length).toBeLessThanOrEqual(80);
    // Rows of twenty: a line of keys, a line of top cards, then the counts when a pile of the row has grown.
    let line = 0;
    for (let first = 0; first < piles.length; first += 20) {
      const row = piles.slice(first, first + 20);
      expect(table[line].trim().split(/\s+/)[0]).toBe(String(first + 1));
      const grown = row.some((p) => p.length > 1);
      if (grown) {
        const counts = table[line + 2];
        row.forEach((p, k) => {
          const cell = counts.slice(4 * k, 4 * k + 3).trim();
          expect(cell, `pile ${first + k + 1}`).toBe(p.length > 1 ? `x${p.length}` : "");
        });
      }
      line += grown ? 3 : 2;
    }
    expect(piles.some((p) => p.length >= 3)).toBe(true);
    expect(table.join("\n")).toMatch(/x[3-9]/);
  });
});

describe("every game at 80x24 after moves", () => {
  it.each(ALL)("%s: still fits after sixty moves (a fixed choice among the legal ones)", (id) => {
    const { game, screen } = screenOf(id);
    let seed = 7;
    for (let n = 0; n < 60; n++) {
      const moves = game.legalMoves(screen.session.state);
      if (moves.length === 0) break;
      seed = (seed * 1103515245 + 12345) % 2147483648;
      screen.session.play(moves[seed % moves.length]);
      if (n % 4 !== 3) continue;
      const lines = screen.render().split("\n");
      expect(lines.length, `after ${n + 1} moves:\n${lines.join("\n")}`).toBeLessThanOrEqual(24);
      for (const line of lines) expect(line.length, line).toBeLessThanOrEqual(80);
    }
  });
});
