import { mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import Database from "better-sqlite3";
import { describe, expect, it } from "vitest";
import { tsol } from "./tsol.ts";

/** The blind player's surveys in `tsol survey report`, and what a report does with rows that are not its games. */
describe("tsol survey report with blind surveys", () => {
  it("is in the survey report (text, JSON, HTML), and a stored row that is not a blind survey's is refused", () => {
    const db = join(mkdtempSync(join(tmpdir(), "tsol-blind-survey-")), "s.db");
    expect(
      tsol(["survey", "klondike", "--blind", "--draw", "3", "--samples", "1", "--db", db, "--deals", "1-2"])
        .status,
    ).toBe(0);
    const text = tsol(["survey", "report", "--db", db]);
    expect(text.status).toBe(0);
    expect(text.stdout).toMatch(/klondike \(Klondike, draw 3\), microsoft deals 1\.\.2 \(2 games\)/);
    expect(text.stdout).toMatch(/won [012] of 2: [\d.]+% \(95% Wilson [\d.]+% to [\d.]+%\)/);
    const json = JSON.parse(tsol(["survey", "report", "--db", db, "--json"]).stdout);
    expect(json.blind).toHaveLength(1);
    expect(json.blind[0]).toMatchObject({
      game: "klondike",
      games: 2,
      first: 1,
      last: 2,
      seed: 1,
      samples: 1,
    });
    const html = join(mkdtempSync(join(tmpdir(), "tsol-blind-report-")), "r.html");
    expect(tsol(["survey", "report", "--db", db, "--html", html]).status).toBe(0);
    expect(readFileSync(html, "utf8")).toMatch(
      /<h2>The blind player<\/h2>[\s\S]*klondike \(Klondike, draw 3\)/,
    );
    // Rows that are not a blind survey's: a clear error, not a figure, not a stack trace.
    const refused = (sql: string, message: RegExp) => {
      const copy = join(mkdtempSync(join(tmpdir(), "tsol-blind-bad-")), "s.db");
      const source = new Database(db);
      source.pragma("wal_checkpoint(TRUNCATE)");
      source.close();
      writeFileSync(copy, readFileSync(db));
      const bad = new Database(copy);
      bad.exec(sql);
      bad.close();
      const r = tsol(["survey", "report", "--db", copy]);
      expect(r.status).toBe(1);
      expect(r.stderr).toMatch(message);
      expect(r.stderr).not.toMatch(/\n\s+at /);
    };
    refused(
      `INSERT INTO blind_games (settings, deal, won, moves, ms) VALUES ('{"game":"x"}', 1, 1, 0, 0)`,
      /^tsol: .*blind_games holds settings that are not a blind survey's/,
    );
    refused(
      "UPDATE blind_games SET won = 7 WHERE deal = 1",
      /^tsol: .*blind_games holds rows that are not a blind player's games/,
    );
    for (const change of ["ms = 'soon'", "ms = -5", "moves = 1.5"])
      refused(
        `UPDATE blind_games SET ${change} WHERE deal = 1`,
        /^tsol: .*blind_games holds rows that are not a blind player's games/,
      );
  });
});
