import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { tsol } from "../../../test/tsol.ts";
import { formatBoard } from "./board-text.ts";
import { seen } from "./knowledge.ts";
import { applyMove, dealKlondike, makeRules } from "./rules.ts";
import { solveKlondike } from "./solver.ts";

/** `tsol solve klondike … --blind` and `tsol check`, through the real command. */

/** Solvitaire's draw-3 deal 1: lost even knowing every card, so the player's game is short. */
const deal = ["1", "--draw", "3", "--numbering", "solvitaire"];

function blind(args: string[]) {
  const r = tsol(["solve", "klondike", ...args, "--blind", "--samples", "2", "--json"]);
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

/** A board late in a won game of deal 7 (draw 3): 79 moves of the thoughtful win, a few cards still face down. */
function lateBoard(): string {
  let state = dealKlondike(7, makeRules({ draw: 3 }), "solvitaire");
  const win = solveKlondike(state, { budget: { positions: 100_000 } });
  for (const m of win.moves.slice(0, 70)) state = applyMove(state, m);
  expect(seen(state).unseen.length).toBeGreaterThan(0);
  const file = join(mkdtempSync(join(tmpdir(), "tsol-blind-")), "late.txt");
  writeFileSync(file, formatBoard(state));
  return file;
}

describe("tsol solve klondike --blind", () => {
  it("plays the deal seeing only what a player sees: one object whose moves replay to a win exactly when it says won", () => {
    const report = blind(deal);
    expect(Object.keys(report)).toEqual(expect.arrayContaining(["game", "deal", "won", "moves", "stats"]));
    expect(report).toMatchObject({ game: "klondike", deal: 1 });
    expect(report.moves.length).toBeGreaterThan(0);
    expect(checked(deal, report.moves)).toBe(report.won);
  });

  it("reads a board file, replays to what it says, and gives the same game for the same seed", () => {
    const board = ["--board", lateBoard(), "--draw", "3"];
    const a = blind([...board, "--seed", "4"]);
    expect(a.deal).toBeNull();
    expect(checked(board, a.moves)).toBe(a.won);
    expect(blind([...board, "--seed", "4"]).moves).toEqual(a.moves);
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

describe("tsol survey klondike --blind", () => {
  it("plays each deal once, stores it, resumes where it stopped, and gives the win rate with its Wilson interval", () => {
    const db = join(mkdtempSync(join(tmpdir(), "tsol-blind-survey-")), "s.db");
    const args = ["survey", "klondike", "--blind", "--draw", "3", "--samples", "1", "--db", db];
    const first = tsol([...args, "--deals", "1-2"]);
    expect(first.status).toBe(0);
    expect(first.stderr.match(/^tsol: deal \d+ (won|lost)/gm)).toHaveLength(2);
    const line = /won (\d+) of 2 games \(([\d.]+)%, 95% Wilson ([\d.]+)%\.\.([\d.]+)%\)/.exec(first.stdout);
    expect(line).not.toBeNull();
    const [won, rate, low, high] = (line as RegExpExecArray).slice(1).map(Number);
    expect(rate).toBeCloseTo((100 * won) / 2, 2);
    expect(low).toBeLessThanOrEqual(rate);
    expect(high).toBeGreaterThanOrEqual(rate);
    // Again over 1-3: only deal 3 is played.
    const again = tsol([...args, "--deals", "1-3"]);
    expect(again.stderr.match(/^tsol: deal \d+ (won|lost)/gm)).toEqual([
      expect.stringMatching(/^tsol: deal 3 /),
    ]);
    expect(again.stdout).toMatch(/of 3 games .*; 1 played now/);
  });

  it("plays the same games in two threads as in one, each game stored once", () => {
    const games = (jobs: string) => {
      const db = join(mkdtempSync(join(tmpdir(), "tsol-blind-survey-")), "s.db");
      const args = ["survey", "klondike", "--blind", "--draw", "3", "--samples", "1", "--db", db];
      const r = tsol([...args, "--deals", "4-9", "--jobs", jobs]);
      expect(r.status).toBe(0);
      expect(r.stderr).toContain(`, ${jobs} thread`);
      const played = (r.stderr.match(/^tsol: deal \d+ (won|lost)/gm) ?? []).sort();
      expect(new Set(played.map((l) => l.split(" ")[2]))).toEqual(new Set(["4", "5", "6", "7", "8", "9"]));
      // Resumed: every game is stored, none is played again.
      expect(tsol([...args, "--deals", "4-9", "--jobs", jobs]).stdout).toMatch(/of 6 games .*; 0 played now/);
      return { played, summary: /won \d+ of 6 games \([^)]*\)/.exec(r.stdout)?.[0] };
    };
    const one = games("1");
    const two = games("2");
    expect(two.played).toEqual(one.played);
    expect(two.summary).toEqual(one.summary);
    expect(one.summary).toBeDefined();
  });

  it("surveys a family game with hidden cards too (its rules are the game's own, with no fields to store)", () => {
    const db = join(mkdtempSync(join(tmpdir(), "tsol-blind-survey-")), "s.db");
    const args = ["survey", "canfield", "--blind", "--numbering", "solvitaire", "--samples", "1", "--db", db];
    const r = tsol([...args, "--deals", "2"]);
    expect(r.stderr).not.toMatch(/unknown rule/);
    expect(r.status).toBe(0);
    expect(r.stdout).toMatch(/blind survey of canfield .*: won [01] of 1 games/);
    // Resumed: the stored game is found under the same settings, nothing is played again.
    expect(tsol([...args, "--deals", "2"]).stdout).toMatch(/won [01] of 1 games .*; 0 played now/);
  });

  it("refuses flags it cannot honour and games with no hidden cards", () => {
    const cases: [string[], RegExp][] = [
      [
        ["survey", "klondike", "--blind", "--deals", "1", "--budget-positions", "1000"],
        /--blind surveys under the player's budgets: no --budget-positions/,
      ],
      [["survey", "freecell", "--blind", "--deals", "1"], /FreeCell has no hidden cards/],
      [["survey", "klondike", "--blind", "--deals", "1", "--detach"], /--detach goes with --queue/],
      [
        ["survey", "klondike", "--blind", "--deals", "1", "--db", "x.db", "--queue", "postgres://h/d"],
        /give --db or --queue, not both/,
      ],
      [
        ["survey", "klondike", "--blind", "--deals", "1", "--queue", "h/d"],
        /--queue takes a PostgreSQL address/,
      ],
      [["survey", "klondike", "--deals", "1", "--seed", "2"], /--seed and --samples go with --blind/],
    ];
    for (const [args, message] of cases) {
      const r = tsol(args);
      expect(r.status).toBe(1);
      expect(r.stderr).toMatch(message);
    }
  });
});
