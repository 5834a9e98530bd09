import { describe, expect, it } from "vitest";
import { formatCard, isRed, rankOf } from "../src/cards/card.ts";
import { type FamilyState, legalMoves } from "../src/games/family/engine.ts";
import type { FamilyGame, FamilyMove } from "../src/games/family/index.ts";
import { type AnySession, dealt, fits, terminalPlayer } from "./terminal-games.ts";
import type { TmuxSession } from "./tmux.ts";

/**
 * The catalogue's games beyond Solvitaire's presets (docs/catalogue.md) in the terminal, driven through tmux: they
 * have no code of their own, so this checks that the family's terminal table takes their rules (a deal by counts,
 * unbuilt groups, a stock of three, a deck of one suit).
 */

const play = terminalPlayer();

/**
 * The text at a covering layout's place on the screen (80 columns: two a half-card step): the title and a blank,
 * the stock's row (keys, cards, a blank), then a line of keys and a line of cards a row.
 */
function atPlace(screen: string, state: FamilyState, pile: number): { key: string; card: string } {
  const [row, column] = state.rules.tableau.covering?.places[pile] ?? [0, 0];
  const lines = screen.split("\n");
  const x = column * 2;
  return {
    key: lines[5 + 2 * row].slice(x, x + 3).trim(),
    card: lines[6 + 2 * row].padEnd(x + 3).slice(x, x + 3),
  };
}

/** Types a move in the notation (`:` then the move), and waits for the move count. */
async function typed(tmux: TmuxSession, session: AnySession, notation: string): Promise<string> {
  tmux.keys(":");
  tmux.keys(notation, "Enter");
  session.playNotation(notation);
  return tmux.waitFor(`moves: ${session.moveCount}`);
}

describe("the catalogue's games in the terminal, driven through tmux", () => {
  it("Yukon: a group of face-up cards that is not built moves as one, typed in the notation", async () => {
    const session = dealt("yukon", 1);
    const tmux = play("yukon", 1);
    const first = await tmux.waitFor("tsol Yukon  Solvitaire deal #1  moves: 0");
    expect(fits(first)).toBe(true);
    // A move of several cards whose cards are not all built down in alternating colours.
    const game = session.game as unknown as FamilyGame;
    const state = session.state as unknown as FamilyState;
    const unbuilt = (m: FamilyMove) => {
      if (m.from.kind !== "cascade" || m.count < 2) return false;
      const cards = state.table.tableau[m.from.index].slice(-m.count);
      return cards.some(
        (c, k) => k > 0 && (rankOf(c) + 1 !== rankOf(cards[k - 1]) || isRed(c) === isRed(cards[k - 1])),
      );
    };
    const move = legalMoves(state).find(unbuilt);
    if (!move) throw new Error("no unbuilt group move in Yukon deal 1");
    const notation = game.notation.format(state, move);
    const after = await typed(tmux, session, notation);
    expect(after).toContain(`moves: ${session.moveCount}`);
    tmux.keys("q");
  });

  it("Scorpion: s deals the stock's three cards onto the first three piles", async () => {
    const session = dealt("scorpion", 3);
    const tmux = play("scorpion", 3);
    const first = await tmux.waitFor("tsol Scorpion  Solvitaire deal #3  moves: 0");
    expect(first).toContain("## (3)");
    expect(fits(first)).toBe(true);
    tmux.keys("s");
    session.playNotation("s");
    const after = await tmux.waitFor(`moves: ${session.moveCount}`);
    expect(after).not.toContain("## (3)");
    tmux.keys("q");
  });

  it("Spider with one suit: ten piles of spades in 80 columns, the stock dealt with s", async () => {
    const tmux = play("spider-one-suit", 1);
    const first = await tmux.waitFor("tsol Spider (one suit)  Solvitaire deal #1  moves: 0");
    expect(first).toContain("## (50)");
    expect(first).not.toMatch(/\b[2-9TJQKA][CDH]\b/);
    expect(fits(first)).toBe(true);
    tmux.keys("s");
    expect(await tmux.waitFor("moves: 1")).toContain("## (40)");
    tmux.keys("q");
  });

  it("Pyramid: a pair typed in the notation goes out, the discard showing its last card; the stock's top card in sight", async () => {
    const session = dealt("pyramid", 1);
    const tmux = play("pyramid", 1);
    const first = await tmux.waitFor("tsol Pyramid  Solvitaire deal #1  moves: 0");
    expect(fits(first)).toBe(true);
    const state = session.state as unknown as FamilyState;
    // The stock's top card is face up (it takes part in pairs); the free king went out by itself.
    expect(first).toContain(formatCard(state.table.stock[state.table.stock.length - 1]));
    expect(state.table.hole.map(formatCard)).toEqual(["KH"]);
    // The pyramid's shape: each card at its place under its key, each row half a card across from the one above.
    state.table.tableau.forEach((cards, i) => {
      expect(atPlace(first, state, i)).toEqual(
        cards.length > 0
          ? { key: String(i + 1), card: `${formatCard(cards[0])} ` }
          : { key: "", card: " . " },
      );
    });
    expect(first).toContain("\n             1\n");
    const pair = legalMoves(state).find((m) => m.from.kind === "cascade" && m.to.kind === "cascade");
    if (!pair) throw new Error("no pair of the pyramid in deal 1");
    const game = session.game as unknown as FamilyGame;
    const after = await typed(tmux, session, game.notation.format(state, pair));
    // The pair's places are empty now: a dot, and no key.
    for (const ref of [pair.from, pair.to])
      expect(atPlace(after, state, ref.index)).toEqual({ key: "", card: " . " });
    const gone = (session.state as unknown as FamilyState).table.hole.map(formatCard);
    expect(gone).toHaveLength(3);
    expect(after).toContain(gone[2]);
    expect(after).not.toContain("KH");
    tmux.keys("q");
  });

  it("TriPeaks: the peaks face down, s plays the stock's top card to the hole, a free card typed goes there", async () => {
    const session = dealt("tri-peaks", 3);
    const tmux = play("tri-peaks", 3);
    const first = await tmux.waitFor("tsol TriPeaks  Solvitaire deal #3  moves: 0");
    expect(fits(first)).toBe(true);
    expect(first.match(/##/g)?.length ?? 0).toBeGreaterThanOrEqual(18);
    const state = session.state as unknown as FamilyState;
    // Three peaks over a row of ten: the 18 covered cards face down at their places, the row of ten face up.
    state.table.tableau.forEach((cards, i) => {
      expect(atPlace(first, state, i)).toEqual({
        key: String(i + 1),
        card: state.table.faceDown[i] > 0 ? "## " : `${formatCard(cards[0])} `,
      });
    });
    expect(state.table.faceDown.filter((n) => n > 0)).toHaveLength(18);
    expect(first.split("\n")[5]).toBe("       1           2           3");
    const game = session.game as unknown as FamilyGame;
    const play1 = legalMoves(state).find((m) => m.from.kind === "cascade");
    if (!play1) throw new Error("no card of deal 3 plays to the hole");
    const played = await typed(tmux, session, game.notation.format(state, play1));
    expect(atPlace(played, state, play1.from.index)).toEqual({ key: "", card: " . " });
    tmux.keys("s");
    session.playNotation("s");
    const after = await tmux.waitFor(`moves: ${session.moveCount}`);
    const now = session.state as unknown as FamilyState;
    expect(after).toContain(formatCard(now.table.hole[now.table.hole.length - 1]));
    tmux.keys("q");
  });
});
