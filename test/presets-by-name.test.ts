import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { tsol } from "./tsol.ts";

/**
 * Every Solvitaire preset answers to its name in the command line: the presets that are games of their own
 * (the catalogue) and the others, which the family engine plays by the preset's rules; the games tsol plays with
 * an engine of their own (FreeCell, King Albert, Klondike, Montana) print their Solvitaire-numbered deals in
 * Solvitaire's form as their twin preset's. Each deal is held to what Solvitaire printed.
 */
const PRINTED = JSON.parse(
  readFileSync(new URL("./data/solvitaire-catalogue-deals.json", import.meta.url), "utf8"),
) as { deals: Record<string, Record<string, unknown>> };

function printed(args: string[]): unknown {
  const r = tsol(["deal", ...args, "--format", "solvitaire"]);
  expect(r.stderr).toBe("");
  expect(r.status).toBe(0);
  return JSON.parse(r.stdout);
}

describe("Solvitaire's presets by name", () => {
  it.each([
    ["free-cell", 2],
    ["gaps-one-deal", 3],
    ["klondike-two-deck-9", 1],
  ])("tsol deal %s %d is Solvitaire's deal", (name, n) => {
    expect(printed([name, String(n)])).toEqual(PRINTED.deals[name][String(n)]);
  });

  it.each([
    [["klondike", "3", "--draw", "3"], "klondike"],
    [["klondike", "1"], "klondike-deal-1"],
    [["king-albert", "2"], "king-albert"],
    [["freecell", "3", "--cascades", "5"], "free-cell-5-pile"],
    [["montana", "1", "--fixed-suits"], "gaps-basic-variant"],
  ])("tsol deal %j --numbering solvitaire is the preset %s's deal", (args, preset) => {
    expect(printed([...args, "--numbering", "solvitaire"])).toEqual(PRINTED.deals[preset][args[1]]);
  });

  it("refuses a Solvitaire form a game cannot print, saying why", () => {
    const microsoft = tsol(["deal", "klondike", "1", "--format", "solvitaire"]);
    expect(microsoft.status).not.toBe(0);
    expect(microsoft.stderr).toMatch(/klondike-deal-1's deal: add --numbering solvitaire/);
    const nine = tsol([
      "deal",
      "freecell",
      "1",
      "--cascades",
      "9",
      "--numbering",
      "solvitaire",
      "--format",
      "solvitaire",
    ]);
    expect(nine.status).not.toBe(0);
    expect(nine.stderr).toMatch(/^tsol: FreeCell under these rules has no Solvitaire form/);
  });

  it("solves a preset that is not a game of its own, and the solution replays with check", () => {
    const r = tsol(["solve", "free-cell", "2", "--json", "--timeout", "30"]);
    expect(r.status).toBe(0);
    const report = JSON.parse(r.stdout) as { game: string; result: string; moves: string[] };
    expect(report.game).toBe("free-cell");
    expect(report.result).toBe("solved");
    const check = tsol(["check", "free-cell", "2", "--moves", report.moves.join(" ")]);
    expect(check.stdout).toMatch(/^valid: won in \d+ moves/);
    // One move fewer is not a win.
    const short = tsol(["check", "free-cell", "2", "--moves", report.moves.slice(0, -1).join(" ")]);
    expect(short.stdout).not.toMatch(/^valid: won/);
  });

  it("tsol games lists every preset that is not a game of its own, by name", () => {
    const listed = JSON.parse(tsol(["games", "--json"]).stdout) as {
      games: { id: string }[];
      presets: { id: string }[];
    };
    const names = new Set([...listed.games, ...listed.presets].map((g) => g.id));
    for (const name of Object.keys(PRINTED.deals)) expect(names.has(name), name).toBe(true);
  });
});
