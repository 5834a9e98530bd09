import { mkdirSync, mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { pathToFileURL } from "node:url";
import { chromium } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { CATALOGUE_RULES } from "../src/games/family/presets.ts";
import { findPatience } from "../src/games/registry.ts";
import { catalogue } from "../src/survey/catalogue.ts";
import { run, start, storedCount, storedResults } from "./survey-run.ts";
import { ROOT } from "./tsol.ts";

/**
 * `tsol survey catalogue`: every Solvitaire preset by its name in turn, into one SQLite file, resumable. The kill
 * test runs three quick presets (King Albert under Solvitaire's rules, Delta Star, Fortune's Favor) over 1..60 with 5,000 positions a deal.
 */
const PRESETS = ["delta-star", "fortunes-favor", "king-albert"];
const DEALS = 60;
const CATALOGUE = [
  "survey",
  "catalogue",
  "--deals",
  `1-${DEALS}`,
  "--only",
  PRESETS.join(","),
  "--jobs",
  "1",
  "--budget-positions",
  "5000",
];
const PRESETS_JSON = JSON.parse(readFileSync(join(ROOT, "test/data/solvitaire-presets.json"), "utf8")) as {
  presets: Record<string, unknown>;
};

let dir: string;
let reference: string;

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), "tsol-catalogue-"));
  reference = join(dir, "reference.db");
  const result = await run([...CATALOGUE, "--db", reference]);
  expect(result.status, result.stderr).toBe(0);
}, 120_000);

afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe("tsol survey catalogue", () => {
  it("has every one of Solvitaire's 80 presets and tsol's other games, each a game tsol finds by its name", () => {
    const entries = catalogue();
    const presets = Object.keys(PRESETS_JSON.presets).sort();
    // Solvitaire's presets first, then the games Solvitaire lacks (Yukon, Scorpion, Microsoft's Spiders, Pyramid,
    // TriPeaks).
    expect(entries.slice(0, 80).map((e) => e.name)).toEqual(presets);
    expect(entries.slice(80).map((e) => e.name)).toEqual(Object.keys(CATALOGUE_RULES));
    expect(entries.slice(80).map((e) => e.name)).toEqual(
      expect.arrayContaining([
        "yukon",
        "scorpion",
        "spider-one-suit",
        "spider-two-suits",
        "pyramid",
        "tri-peaks",
      ]),
    );
    // Every name is the game tsol finds by it, but Klondike drawing one, surveyed by tsol's Klondike.
    for (const e of entries)
      expect(e.game.id, e.name).toBe(e.name === "klondike-deal-1" ? "klondike" : findPatience(e.name)?.id);
    expect(findPatience("klondike-deal-1")?.id).not.toBe("klondike");
    // The names that are games of their own are given Solvitaire's rules: their twin preset is the name.
    for (const name of ["klondike", "klondike-deal-1", "king-albert"]) {
      const e = entries.find((x) => x.name === name);
      const rules = e?.game.rules.make(e.rules as never);
      expect(e?.game.solvitaireTwin?.(rules as never)).toBe(name);
    }
    expect(entries.find((e) => e.name === "klondike")?.rules).toEqual({ draw: 3 });
    expect(entries.find((e) => e.name === "klondike-deal-1")?.rules).toEqual({});
    expect(entries.find((e) => e.name === "king-albert")?.rules).toEqual({ fromFoundation: true });
  });

  it("surveys every game by its name: deals 1-2 of all 86 into one file, one survey each", async () => {
    const db = join(dir, "all.db");
    const result = await run([
      "survey",
      "catalogue",
      "--deals",
      "1-2",
      "--jobs",
      "1",
      "--budget-positions",
      "300",
      "--db",
      db,
    ]);
    expect(result.status, result.stderr).toBe(0);
    expect(result.stderr).toMatch(/the catalogue in .*all\.db: 86 games run in/);
    const rows = storedResults(db);
    const names = [...Object.keys(PRESETS_JSON.presets), ...Object.keys(CATALOGUE_RULES)].sort();
    expect([...new Set(rows.map((r) => r.survey))]).toEqual(names);
    for (const name of names)
      expect(
        rows.filter((r) => r.survey === name).map((r) => r.deal),
        name,
      ).toEqual([1, 2]);
    const json = await run(["survey", "report", "--db", db, "--json"]);
    const { surveys } = JSON.parse(json.stdout) as {
      surveys: { name: string; game: string; numbering: string; rules: Record<string, unknown> }[];
    };
    for (const s of surveys) {
      expect(s.numbering, s.name).toBe("solvitaire");
      expect(s.game, s.name).toBe(s.name === "klondike-deal-1" ? "klondike" : findPatience(s.name)?.id);
    }
    expect(surveys.find((s) => s.name === "klondike")?.rules.draw).toBe(3);
    expect(surveys.find((s) => s.name === "klondike-deal-1")?.rules.draw).toBe(1);
    expect(surveys.find((s) => s.name === "king-albert")?.rules.fromFoundation).toBe(true);
    // The catalogue's table has a line for each.
    const table = await run(["survey", "report", "--db", db, "--catalogue"]);
    expect(table.status, table.stderr).toBe(0);
    expect(table.stdout).toMatch(/^86 games, 172 deals, \d+ undecided; budget 300 positions a deal\.$/m);
  }, 120_000);

  it("resumes after SIGKILL with no result lost or stored twice", async () => {
    const db = join(dir, "killed.db");
    const total = DEALS * PRESETS.length;
    let partial = false;
    for (let attempt = 0; attempt < 5 && !partial; attempt++) {
      for (const file of [db, `${db}-wal`, `${db}-shm`]) rmSync(file, { force: true });
      const running = start([...CATALOGUE, "--db", db]);
      // Killed once its first batch is stored, in the middle of the first preset or a later one.
      for (let waited = 0; storedCount(db) === 0 && running.child.exitCode === null && waited < 60_000; ) {
        await new Promise((resolve) => setTimeout(resolve, 10));
        waited += 10;
      }
      await new Promise((resolve) => setTimeout(resolve, 100 * attempt));
      running.child.kill("SIGKILL");
      const killed = await running.done;
      const stored = storedCount(db);
      partial = killed.signal === "SIGKILL" && stored > 0 && stored < total;
    }
    expect(partial).toBe(true);
    const finish = await run([...CATALOGUE, "--db", db]);
    expect(finish.status, finish.stderr).toBe(0);
    const rows = storedResults(db);
    expect(rows).toHaveLength(total);
    // Deal by deal, the outcomes, lengths and positions of the run that was never stopped.
    expect(rows).toEqual(storedResults(reference));
  }, 180_000);

  it("stops on SIGTERM with what it solved stored, and says how to resume", async () => {
    const db = join(dir, "stopped.db");
    const running = start([...CATALOGUE, "--db", db]);
    for (let waited = 0; storedCount(db) === 0 && running.child.exitCode === null && waited < 60_000; ) {
      await new Promise((resolve) => setTimeout(resolve, 10));
      waited += 10;
    }
    running.child.kill("SIGTERM");
    const stopped = await running.done;
    if (stopped.status === 130) {
      expect(stopped.stderr).toMatch(/deals left: run the same command to resume/);
      expect(storedCount(db)).toBeLessThan(DEALS * PRESETS.length);
    }
    const finish = await run([...CATALOGUE, "--db", db]);
    expect(finish.status, finish.stderr).toBe(0);
    expect(storedResults(db)).toEqual(storedResults(reference));
  }, 120_000);

  it("refuses to resume with another budget, naming the preset and the difference, and writes nothing", async () => {
    const other = await run([
      ...CATALOGUE.slice(0, -1),
      "30000",
      "--db",
      reference,
      "--deals",
      `1-${DEALS + 10}`,
    ]);
    expect(other.status).toBe(1);
    expect(other.stderr).toMatch(
      /survey "delta-star" in .*reference\.db was started with other settings: the budget \(5,000 positions, not 30,000 positions\)/,
    );
    expect(storedResults(reference)).toHaveLength(DEALS * PRESETS.length);
    const unknown = await run([...CATALOGUE.slice(0, 4), "--only", "klondike,nope", "--db", reference]);
    expect(unknown.status).not.toBe(0);
    expect(unknown.stderr).toMatch(/^tsol: not a game of the catalogue: nope\n$/);
  }, 60_000);

  it("reports the catalogue as a table beside Solvitaire's figures, in text and in an HTML page", async () => {
    const text = await run(["survey", "report", "--db", reference, "--catalogue"]);
    expect(text.status, text.stderr).toBe(0);
    const json = JSON.parse((await run(["survey", "report", "--db", reference, "--json"])).stdout) as {
      surveys: { name: string; solved: number; unsolvable: number; unknown: number }[];
    };
    const lines = text.stdout.split("\n").filter((l) => l.startsWith("| "));
    expect(lines).toHaveLength(1 + PRESETS.length);
    // Each game by the title a player reads, its Solvitaire name beside it (family/titles.ts, the games' own).
    const named = (name: string) => `${findPatience(name)?.title} (${name})`;
    expect(PRESETS.map(named)).toEqual([
      "Delta Star (delta-star)",
      "Fortune's Favor (fortunes-favor)",
      "King Albert (king-albert)",
    ]);
    for (const s of json.surveys) {
      const line = lines.find((l) => l.startsWith(`| ${named(s.name)} |`));
      expect(line, s.name).toContain(
        `| 1..${DEALS} (${DEALS}) | ${s.solved} / ${s.unsolvable} / ${s.unknown} |`,
      );
    }
    // King Albert under Solvitaire's rules is set beside Solvitaire's published figure; the others have none.
    expect(lines.find((l) => l.startsWith("| King Albert (king-albert) |"))).toMatch(
      /\| 68\.542% ± 0\.092( \(outside ours\))? \|$/,
    );
    expect(lines.find((l) => l.startsWith("| Delta Star (delta-star) |"))).toMatch(/\| {2}\|$/);

    const page = join(dir, "catalogue.html");
    const html = await run(["survey", "report", "--db", reference, "--html", page]);
    expect(html.status, html.stderr).toBe(0);
    const browser = await chromium.launch({
      executablePath: "/usr/bin/chromium",
      args: ["--no-sandbox", "--disable-gpu", "--no-first-run", "--disable-background-networking"],
    });
    try {
      const tab = await browser.newPage({ viewport: { width: 1366, height: 900 } });
      await tab.goto(pathToFileURL(page).href);
      const rows = await tab
        .locator("table.catalogue tr")
        .evaluateAll((trs) =>
          trs.map((tr) => [...tr.querySelectorAll("td, th")].map((c) => c.textContent ?? "")),
        );
      expect(rows[0]).toEqual([
        "game",
        "rules",
        "deals",
        "solved / impossible / unknown",
        "winnable (95%)",
        "undecided",
        "median ms",
        "Solvitaire",
      ]);
      expect(rows.slice(1).map((r) => r[0])).toEqual(PRESETS.map(named));
      for (const s of json.surveys) {
        const row = rows.find((r) => r[0] === named(s.name)) as string[];
        expect(row[2]).toBe(String(DEALS));
        expect(row[3]).toBe(`${s.solved} / ${s.unsolvable} / ${s.unknown}`);
      }
      expect(rows.find((r) => r[0] === "King Albert (king-albert)")?.[7]).toMatch(/^68\.542% ± 0\.092/);
      // Each preset's name leads to its own section, with its histograms.
      expect(await tab.locator("section#fortunes-favor svg.chart").count()).toBe(2);
      const shots = join(ROOT, "test-output/screenshots");
      mkdirSync(shots, { recursive: true });
      await tab.screenshot({ path: join(shots, "survey-catalogue.png") });
    } finally {
      await browser.close();
    }
  }, 60_000);
});
