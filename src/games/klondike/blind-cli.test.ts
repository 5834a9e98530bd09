import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { tsol } from "../../../test/tsol.ts";

/** `tsol solve klondike … --blind` and `tsol check`, through the real command. */

const deal = ["13", "--draw", "3", "--numbering", "solvitaire"];

function blind(args: string[]) {
  const r = tsol(["solve", "klondike", ...args, "--blind", "--samples", "3", "--json"]);
  expect(r.status).toBe(0);
  const lines = r.stdout.trim().split("\n");
  expect(lines).toHaveLength(1);
  return JSON.parse(lines[0]) as {
    game: string;
    deal: number | null;
    won: boolean;
    moves: string[];
    stats: object;
  };
}

/** What `tsol check` says of the moves: won, or legal but not won (anything else fails the test). */
function checked(args: string[], moves: string[]): boolean {
  const r = tsol(["check", "klondike", ...args, "--moves", moves.join(" ")]);
  if (/^valid: won in \d+ moves/.test(r.stdout)) return true;
  expect(r.stdout).toMatch(/^not won: all \d+ moves are legal/);
  return false;
}

describe("tsol solve klondike --blind", () => {
  it("plays the deal seeing only what a player sees: one object whose moves replay to a win exactly when it says won", () => {
    const report = blind(deal);
    expect(Object.keys(report)).toEqual(expect.arrayContaining(["game", "deal", "won", "moves", "stats"]));
    expect(report).toMatchObject({ game: "klondike", deal: 13 });
    expect(report.moves.length).toBeGreaterThan(0);
    expect(checked(deal, report.moves)).toBe(report.won);
  });

  it("gives the same game for the same seed, and reads a board file as well as a deal number", () => {
    const a = blind([...deal, "--seed", "4"]);
    expect(blind([...deal, "--seed", "4"]).moves).toEqual(a.moves);
    const dir = mkdtempSync(join(tmpdir(), "tsol-blind-"));
    const board = join(dir, "deal.txt");
    writeFileSync(board, tsol(["deal", "klondike", ...deal, "--format", "text"]).stdout);
    const fromBoard = blind(["--board", board, "--draw", "3", "--seed", "4"]);
    expect(fromBoard.deal).toBeNull();
    expect(fromBoard.moves).toEqual(a.moves);
    expect(checked(["--board", board, "--draw", "3"], fromBoard.moves)).toBe(fromBoard.won);
  });

  it("refuses what it cannot do with a clear message, never a stack trace", () => {
    const cases: [string[], RegExp][] = [
      [["solve", "freecell", "1", "--blind"], /FreeCell has no hidden cards: --blind plays games .*klondike/],
      [["solve", "klondike", "1", "--seed", "3"], /--seed and --samples go with --blind/],
      [["solve", "klondike", "1", "--blind", "--max-score"], /--blind plays one game .* no --max-score/],
      [["solve", "klondike", "1", "--blind", "--samples", "0"], /--samples <K>' argument '0' is invalid/],
      [["solve", "klondike", "1", "--blind", "--seed", "x"], /--seed <S>' argument 'x' is invalid/],
    ];
    for (const [args, message] of cases) {
      const r = tsol(args);
      expect(r.status).toBe(1);
      expect(r.stderr).toMatch(message);
      expect(r.stderr).not.toMatch(/at .*\.ts:\d+/);
    }
  });
});
