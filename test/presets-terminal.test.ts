import { describe, expect, it } from "vitest";
import { formatCard } from "../src/cards/card.ts";
import { type FamilyMove, type FamilyState, legalMoves } from "../src/games/family/engine.ts";
import type { PileRef } from "../src/games/patience/contract.ts";
import { type AnySession, dealt, fits, terminalPlayer } from "./terminal-games.ts";
import type { TmuxSession } from "./tmux.ts";

/**
 * Solvitaire's Accordion and Gaps by name in the terminal, driven through tmux at 80x24: a move made by the piles'
 * keys, as a player types them (a key of two characters typed at once, a pause after one that may go on), and the
 * table on the screen afterwards the engine's.
 */

const play = terminalPlayer();

/** A pile's key, as the table shows it above the pile. */
function keyOf(session: AnySession, ref: PileRef): string {
  const pile = session.game
    .piles(session.state, "player")
    .find((p) => p.ref.kind === ref.kind && p.ref.index === ref.index);
  if (pile?.key === undefined) throw new Error(`no key for ${ref.kind} ${ref.index}`);
  return pile.key;
}

/**
 * Types a pile's key: a key that begins a longer one ("1" with piles 10 to 19, "a1" with a10 to a13) waits for
 * the prompt that the pause ended it.
 */
async function typeKey(tmux: TmuxSession, key: string, then: string | RegExp): Promise<string> {
  tmux.keys(key);
  return tmux.waitFor(then);
}

/** The screen's lines from the one that begins with `first`, `count` of them. */
function linesFrom(screen: string, first: string, count: number): string[] {
  const lines = screen.split("\n");
  const at = lines.findIndex((l) => l.startsWith(first));
  if (at < 0) throw new Error(`no line begins with ${JSON.stringify(first)}:\n${screen}`);
  return lines.slice(at, at + count).map((l) => l.trimEnd());
}

/**
 * Each key line of rows of key-over-card cells, four columns apart, read back as key -> card text, up to the blank
 * line after the table. An accordion's row may have a line of counts under its cards (`x2` under a pile of two):
 * read into `counts` when given.
 */
function cellsOf(lines: readonly string[], counts?: Map<string, string>): Map<string, string> {
  const out = new Map<string, string>();
  let r = 0;
  while (r + 1 < lines.length && lines[r].trim() !== "") {
    const keys = lines[r];
    const below = lines[r + 2] ?? "";
    const countLine = /^(\s*x\d+)+$/.test(below);
    for (let x = 0; x < keys.length; x += 4) {
      const key = keys.slice(x, x + 3).trim();
      if (key === "") continue;
      out.set(key, lines[r + 1].slice(x, x + 2));
      const count = countLine ? below.slice(x, x + 3).trim() : "";
      if (count !== "") counts?.set(key, count);
    }
    r += countLine ? 3 : 2;
  }
  return out;
}

describe("Solvitaire's Accordion and Gaps in the terminal, played by keys through tmux", () => {
  it("Accordion: a pile moved by its key onto the pile its key names, the table then as the engine has it", async () => {
    const session = dealt("accordion", 1);
    const tmux = play("accordion", 1);
    const first = await tmux.waitFor("Solvitaire deal #1  moves: 0");
    expect(fits(first)).toBe(true);
    const state = session.state as unknown as FamilyState;
    // Rows of twenty piles, each pile's top card under its key.
    const before = cellsOf(linesFrom(first, " 1   2   3", 6));
    expect(before.size).toBe(52);
    state.table.accordion.forEach((cards, i) => {
      expect(before.get(String(i + 1))).toBe(formatCard(cards[cards.length - 1]));
    });
    // A move onto a pile 1 or 3 to the left; its keys are typed, each ended by a pause where it could go on.
    const move = legalMoves(state).find((m: FamilyMove) => m.from.kind === "accordion") as FamilyMove;
    const from = keyOf(session, move.from);
    const to = keyOf(session, move.to);
    await typeKey(tmux, from, `From pile ${from} to where?`);
    session.play(move);
    await typeKey(tmux, to, "moves: 1");
    const after = await tmux.waitFor(/moves: 1[\s\S]*keys pick/);
    expect(fits(after)).toBe(true);
    const now = session.state as unknown as FamilyState;
    expect(now.table.accordion).toHaveLength(51);
    const counts = new Map<string, string>();
    const cells = cellsOf(linesFrom(after, " 1   2   3", 9), counts);
    expect(cells.size).toBe(51);
    expect(cells.has("52")).toBe(false);
    now.table.accordion.forEach((cards, i) => {
      expect(cells.get(String(i + 1))).toBe(formatCard(cards[cards.length - 1]));
    });
    // The moved pile's card now tops the pile it went to, which says it holds two cards.
    expect(cells.get(to)).toBe(before.get(from));
    expect(counts).toEqual(new Map([[to, "x2"]]));
    // Another, between piles of two-character keys typed at once (no pause).
    const next = legalMoves(now).find(
      (m: FamilyMove) => m.from.kind === "accordion" && m.from.index >= 9 && m.to.index >= 9,
    ) as FamilyMove;
    const keys = [keyOf(session, next.from), keyOf(session, next.to)];
    const moved = cells.get(keys[0]);
    tmux.keys(keys.join(""));
    session.play(next);
    const again = cellsOf(linesFrom(await tmux.waitFor(/moves: 2[\s\S]*keys pick/), " 1   2   3", 9));
    expect(again.size).toBe(50);
    (session.state as unknown as FamilyState).table.accordion.forEach((cards, i) => {
      expect(again.get(String(i + 1))).toBe(formatCard(cards[cards.length - 1]));
    });
    expect(again.get(keys[1])).toBe(moved);
    tmux.keys("q");
  });

  it("Gaps: a card moved by its key into a gap by the gap's key, the grid then as the engine has it", async () => {
    const session = dealt("gaps-one-deal", 2);
    const tmux = play("gaps-one-deal", 2);
    const first = await tmux.waitFor("Solvitaire deal #2  moves: 0");
    expect(fits(first)).toBe(true);
    const state = session.state as unknown as FamilyState;
    const grid = (screen: string) => cellsOf(linesFrom(screen, "a1  a2", 8));
    const shown = (s: FamilyState) =>
      new Map(
        s.table.sequences.flatMap((row, r) =>
          row.map((c, k) => [`${"abcd"[r]}${k + 1}`, c === null ? "--" : formatCard(c)] as [string, string]),
        ),
      );
    // Four rows of thirteen, a row's keys over its cards, the aces' places gaps.
    expect(grid(first)).toEqual(shown(state));
    // A move into a first column's gap if there is one: its key (c1) waits for a pause, as c10 to c13 begin so.
    const moves = legalMoves(state).filter((m: FamilyMove) => m.from.kind === "place");
    const move = moves.find((m) => m.to.index % 13 === 0) ?? moves[0];
    const from = keyOf(session, move.from);
    const to = keyOf(session, move.to);
    const card = formatCard(
      state.table.sequences[Math.floor(move.from.index / 13)][move.from.index % 13] as number,
    );
    await typeKey(tmux, from, /From .* to where\?/);
    session.play(move);
    const after = await typeKey(tmux, to, "moves: 1");
    expect(fits(after)).toBe(true);
    const now = session.state as unknown as FamilyState;
    const cells = grid(await tmux.waitFor(/moves: 1[\s\S]*keys pick/));
    expect(cells).toEqual(shown(now));
    // The card left a gap where it was and fills the one it went to.
    expect(cells.get(from)).toBe("--");
    expect(cells.get(to)).toBe(card);
    tmux.keys("q");
  });
});
