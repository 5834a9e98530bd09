import { describe, expect, it } from "vitest";
import { formatCard } from "../../cards/card.ts";
import type { Covering } from "../../games/family/rules.ts";
import type { AnyPatienceGame, PileView } from "../../games/patience/contract.ts";
import { type AnySession, Session } from "../../games/patience/session.ts";
import { findPatience } from "../../games/registry.ts";
import { PatienceScreen } from "./patience-screen.ts";
import { coveringRenderer, rendererFor } from "./tables.ts";

/**
 * The terminal's table of a covering layout (the family's `tableau.covering`), drawn from the rules' places: each
 * row half a card across from the one above it, every card under its key, hidden cards face down.
 */

const ROOM = { width: 80, height: 18 };

function dealt(id: string, deal: number) {
  const game = findPatience(id) as AnyPatienceGame;
  const session = Session.deal(game, deal, game.rules.make({}), "solvitaire", "safe") as AnySession;
  return { game, session, piles: game.piles(session.state, "player") };
}

const coveringOf = (game: AnyPatienceGame) =>
  (game.rules.defaults as { tableau: { covering: Covering } }).tableau.covering;

/** The table's lines: the talon's key and card lines and a blank, then a key line and a card line a row. */
const draw = (id: string, piles: readonly PileView[], room = ROOM) =>
  rendererFor(id).draw(piles, { colour: false, room });

/** Where each row's cards start on its card line, and the cards' texts, read back from the drawn text. */
function cellsOf(line: string): { x: number; text: string }[] {
  return [...line.matchAll(/\S+/g)].map((m) => ({ x: m.index ?? 0, text: m[0] }));
}

describe("the terminal's covering layouts", () => {
  it("Pyramid deal 1: seven rows, each half a card (two columns) left of the one above, cards four apart", () => {
    const { piles } = dealt("pyramid", 1);
    const lines = draw("pyramid", piles);
    expect(lines).toEqual([
      " s       w   o",
      "TS (24) [ ] KH",
      "",
      "             1",
      "            2H",
      "           2   3",
      "          3D  6S",
      "         4   5   6",
      "        9S  QD  4C",
      "       7   8   9  10",
      "      9D  5D  3C  8H",
      "    11  12  13  14  15",
      "    JS  TD  AS  KD  8C",
      "  16  17  18  19  20  21",
      "  5H  8S  JC  7S  7H  8D",
      "22  23  24  25      27  28",
      "6D  2C  9H  JH   .  AH  JD",
    ]);
    // The same read from the drawn text: row r holds r + 1 places, starting 2 columns left of the row above.
    for (let r = 0; r < 7; r++) {
      const cells = cellsOf(lines[4 + 2 * r].replace(" . ", ".. "));
      expect(cells).toHaveLength(r + 1);
      expect(cells.map((c) => c.x)).toEqual(Array.from({ length: r + 1 }, (_, k) => 12 - 2 * r + 4 * k));
    }
  });

  it("every card lies at its place of the rules under its key; a gone card leaves a dot and no key", () => {
    const { game, piles } = dealt("pyramid", 1);
    const places = coveringOf(game).places;
    const lines = draw("pyramid", piles);
    for (const p of piles.filter((v) => v.ref.kind === "cascade")) {
      const [row, column] = places[p.ref.index];
      const x = column * 2;
      const keyLine = lines[3 + 2 * row];
      const cardLine = lines[4 + 2 * row];
      const key = p.key as string;
      const top = p.cards[p.cards.length - 1];
      if (top) {
        expect(cardLine.slice(x, x + 2)).toBe(formatCard(top.card as number));
        expect(keyLine.slice(x, x + 3).trim()).toBe(key);
      } else {
        expect(cardLine.slice(x, x + 3)).toBe(" . ");
        expect(keyLine.slice(x, x + 3).trim()).toBe("");
        expect(keyLine.split(/\s+/)).not.toContain(key);
      }
    }
    // Deal 1's king on place 26 went out by itself (the safe automatic moves).
    expect(piles.find((p) => p.key === "26")?.cards).toHaveLength(0);
  });

  it("TriPeaks deal 1: three peaks over a row of ten, the covered cards face down and their names nowhere", () => {
    const { game, session, piles } = dealt("tri-peaks", 1);
    const lines = draw("tri-peaks", piles);
    expect(lines).toEqual([
      " s       o",
      "## (23) JD",
      "",
      "       1           2           3",
      "      ##          ##          ##",
      "     4   5       6   7       8   9",
      "    ##  ##      ##  ##      ##  ##",
      "  10  11  12  13  14  15  16  17  18",
      "  ##  ##  ##  ##  ##  ##  ##  ##  ##",
      "19  20  21  22  23  24  25  26  27  28",
      "JC  7S  7H  8D  6D  2C  9H  JH  KH  AH",
    ]);
    // The peaks: three cards on top, twelve columns (three cards) apart.
    expect(cellsOf(lines[4]).map((c) => c.x)).toEqual([6, 18, 30]);
    const text = lines.join("\n");
    expect(text.match(/##/g)).toHaveLength(18 + 1);
    // What the player may not see (the covered cards, the stock) is named nowhere.
    const seen = game.piles(session.state, "solver");
    const hidden = seen.flatMap((p, i) =>
      p.cards.filter((_, k) => !piles[i].cards[k].faceUp).map((c) => formatCard(c.card as number)),
    );
    expect(hidden).toHaveLength(18 + 23);
    for (const name of hidden) expect(text).not.toContain(name);
    // Every place's key is on the table.
    for (let k = 1; k <= 28; k++) expect(text.split(/\s+/)).toContain(String(k));
  });

  it("fits 80 columns and 24 lines as the whole screen, and spreads out on a wider terminal", () => {
    for (const id of ["pyramid", "tri-peaks"]) {
      const { game, session, piles } = dealt(id, 1);
      const screen = new PatienceScreen(session, {
        game,
        rules: session.state.rules,
        numbering: "solvitaire",
        policy: "safe",
        randomDeal: () => 1,
        columns: () => 80,
        rows: () => 24,
      });
      const shown = screen.render().split("\n");
      expect(shown.length).toBeLessThanOrEqual(24);
      for (const line of shown) expect(line.length).toBeLessThanOrEqual(80);
      // 120 columns: three columns a half step; still within the width.
      const wide = draw(id, piles, { width: 120, height: 33 });
      for (const line of wide) expect(line.length).toBeLessThanOrEqual(120);
      const bottom = cellsOf(wide[wide.length - 1].replace(" . ", ".. "));
      expect(bottom[1].x - bottom[0].x).toBe(6);
    }
  });

  it("a terminal too short for the stock's row above the rows has it beside the top rows", () => {
    const { game, piles } = dealt("pyramid", 1);
    const places = coveringOf(game).places;
    const room = { width: 80, height: 14 };
    const lines = draw("pyramid", piles, room);
    expect(lines).toHaveLength(14);
    expect(lines.slice(0, 4)).toEqual([
      " s       w   o                1",
      "TS (24) [ ] KH               2H",
      "                            2   3",
      "                           3D  6S",
    ]);
    // Every card still at its place, now 17 columns to the right (the stock's row, 15, and two spaces).
    for (const p of piles.filter((v) => v.ref.kind === "cascade" && v.cards.length > 0)) {
      const [row, column] = places[p.ref.index];
      const x = 17 + column * 2;
      expect(lines[1 + 2 * row].slice(x, x + 2)).toBe(formatCard(p.cards[0].card as number));
    }
    // The cursor goes left from the top card to the discard beside it.
    const at = rendererFor("pyramid").place(piles, room);
    const hole = piles.findIndex((p) => p.ref.kind === "hole");
    expect(at[hole].y).toBe(at[piles.findIndex((p) => p.key === "1")].y);
    expect(at[hole].x).toBeLessThan(0);
  });

  it("places the piles for the cursor: a row a line, columns in half-card steps", () => {
    const { game, piles } = dealt("tri-peaks", 1);
    const places = coveringOf(game).places;
    const at = rendererFor("tri-peaks").place(piles, ROOM);
    piles.forEach((p, i) => {
      if (p.ref.kind === "cascade") {
        const [row, column] = places[p.ref.index];
        expect(at[i]).toEqual({ x: column, y: 1 + row });
      } else expect(at[i].y).toBe(0);
    });
    // The stock, then the hole, left to right above the peaks.
    expect(at[0].x).toBeLessThan(at[1].x);
  });

  it("never sends a control character from a pile's key", () => {
    const renderer = coveringRenderer({ places: [[0, 0]], hidden: false });
    const lines = renderer.draw(
      [
        {
          ref: { kind: "cascade", index: 0 },
          cards: [{ card: null, faceUp: false }],
          fan: "stack",
          label: "x",
          key: "\x1b]0;x\x07",
        },
      ],
      { colour: false },
    );
    for (const line of lines) expect(line).not.toMatch(/[\u0000-\u001f\u007f-\u009f]/);
  });
});
