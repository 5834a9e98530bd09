import { spawnSync } from "node:child_process";
import { createHash } from "node:crypto";
import { copyFileSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import Database from "better-sqlite3";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { catalogueEntries, catalogueSettings } from "./catalogue.ts";
import { joinResults, reportStores, variants } from "./merge.ts";
import {
  buildReport,
  catalogueRows,
  catalogueText,
  reportCsv,
  reportHtml,
  reportJson,
  reportText,
  type SurveyReport,
} from "./report.ts";
import { SurveyThreads } from "./runner.ts";
import type { DealResult, SurveyBudget } from "./settings.ts";
import { SqliteStore, type StoredSurvey } from "./store.ts";
import { retrySurvey, runSurvey } from "./survey.ts";
import { solverVersion } from "./version.ts";

/**
 * `tsol survey report --db A --db B`: several survey databases reported as one. The databases are made here by the
 * real survey code: Alpha Star (150 positions a deal leaves deals 1, 4 and 6 undecided) and Fortune's Favor, a few
 * deals each, split across files the way a survey run in parts is.
 */

const BIN = fileURLToPath(new URL("../../bin/tsol.js", import.meta.url));
const ROOT = fileURLToPath(new URL("../..", import.meta.url));

function tsol(args: string[]) {
  const r = spawnSync(process.execPath, [BIN, ...args], {
    cwd: ROOT,
    encoding: "utf8",
    env: { ...process.env, NO_COLOR: "1" },
    timeout: 60_000,
  });
  return { stdout: r.stdout, stderr: r.stderr, status: r.status };
}

const SMALL: SurveyBudget = { positions: 150 };
const LARGE: SurveyBudget = { positions: 20_000 };

let dir: string;
/** alpha-star 1-4 and fortunes-favor 1-2, both at 150 positions. */
let a: string;
/** alpha-star 3-6 at 150 positions (deals 3 and 4 also in a), fortunes-favor 1-3 at 20,000: another survey. */
let b: string;
/** alpha-star 1-6 at 150 positions in one file: what a and b joined must give. */
let whole: string;
/** b with its undecided alpha-star deals retried at 20,000 positions (deals 4 and 6 decided). */
let retried: string;
/** a with deal 2 of alpha-star (impossible) changed to solved: two verdicts of one deal. */
let tampered: string;

const sha = (file: string) => createHash("sha256").update(readFileSync(file)).digest("hex");

async function survey(
  file: string,
  name: string,
  budget: SurveyBudget,
  first: number,
  last: number,
  threads: SurveyThreads,
) {
  const store = new SqliteStore(file);
  try {
    const settings = catalogueSettings(catalogueEntries([name])[0], budget, solverVersion);
    await runSurvey(store, settings, [{ first, last }], { jobs: 1, threads });
  } finally {
    await store.close();
  }
}

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), "tsol-report-many-"));
  a = join(dir, "a.db");
  b = join(dir, "b.db");
  whole = join(dir, "whole.db");
  retried = join(dir, "retried.db");
  tampered = join(dir, "tampered.db");
  const threads = new SurveyThreads(1);
  try {
    await survey(a, "alpha-star", SMALL, 1, 4, threads);
    await survey(a, "fortunes-favor", SMALL, 1, 2, threads);
    await survey(b, "alpha-star", SMALL, 3, 6, threads);
    await survey(b, "fortunes-favor", LARGE, 1, 3, threads);
    await survey(whole, "alpha-star", SMALL, 1, 6, threads);
  } finally {
    await threads.close();
  }
  copyFileSync(b, retried);
  const store = new SqliteStore(retried);
  try {
    await retrySurvey(store, "alpha-star", LARGE, solverVersion, { jobs: 1 });
  } finally {
    await store.close();
  }
  copyFileSync(a, tampered);
  const db = new Database(tampered);
  try {
    const changed = db
      .prepare(
        "UPDATE results SET outcome = 'solved', length = 99 WHERE deal = 2 AND outcome = 'unsolvable' AND survey = (SELECT id FROM surveys WHERE name = 'alpha-star')",
      )
      .run().changes;
    expect(changed).toBe(1);
  } finally {
    db.close();
  }
}, 120_000);

afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** Every report of the files, read as the command reads them. */
async function reportsOf(files: string[], keepResults = false) {
  const stores = files.map((f) => new SqliteStore(f, { mustExist: true, readonly: true }));
  try {
    return await reportStores(stores, { keepResults });
  } finally {
    for (const s of stores) await s.close();
  }
}

/** A report without what differs from one run to another (times) or names the files. */
function steady(r: SurveyReport) {
  const { ms: _ms, created: _created, files: _files, hardest, ...rest } = r;
  return { ...rest, hardest: hardest.map(({ ms: _t, ...h }) => h) };
}

describe("tsol survey report over several databases", () => {
  it("joins a survey split across files, each deal once, as if it had been run in one", async () => {
    const joined = await reportsOf([a, b]);
    const one = await reportsOf([whole]);
    const alpha = joined.reports.filter((r) => r.name === "alpha-star");
    expect(alpha).toHaveLength(1);
    expect(alpha[0].files).toEqual([a, b]);
    expect(alpha[0].variant).toBeUndefined();
    expect(alpha[0].deals).toBe(6);
    expect(alpha[0].undecided).toEqual([1, 4, 6]);
    expect(steady(alpha[0])).toEqual(steady(one.reports[0]));
    // Started when the earlier of the two was (a's, made first).
    const started = async (file: string) =>
      (await reportsOf([file])).reports.find((r) => r.name === "alpha-star")?.created;
    expect(alpha[0].created).toBe(await started(a));
    expect(alpha[0].created < ((await started(b)) ?? "")).toBe(true);
  });

  it("keeps surveys of one name under other settings apart, each labelled by the settings that differ", async () => {
    const { reports, results } = await reportsOf([a, b], true);
    const fortunes = reports.filter((r) => r.name === "fortunes-favor");
    expect(fortunes.map((r) => [r.variant, r.deals, r.files])).toEqual([
      ["budget 150 positions", 2, [a]],
      ["budget 20,000 positions", 3, [b]],
    ]);
    // The catalogue's table has a row for each, told apart; both are the catalogue's game.
    const table = catalogueText(catalogueRows(reports));
    expect(table).toMatch(/\| [^|]*fortunes-favor \[budget 150 positions\][^|]* \|[^\n]*\| 1\.\.2 \(2\) \|/);
    expect(table).toMatch(
      /\| [^|]*fortunes-favor \[budget 20,000 positions\][^|]* \|[^\n]*\| 1\.\.3 \(3\) \|/,
    );
    expect(table).toMatch(
      /^3 games, 11 deals, 3 undecided; budget 150 positions \/ 20,000 positions a deal\.$/m,
    );
    const text = reportText(reports);
    expect(text).toContain("fortunes-favor [budget 20,000 positions]: ");
    expect(text).toContain(`  from ${a}, ${b}\n`);
    // The page: a section for each, which the table links to, each with its own deals plotted.
    const html = reportHtml(reports, results);
    for (const name of [
      "fortunes-favor [budget 150 positions]",
      "fortunes-favor [budget 20,000 positions]",
    ]) {
      expect(html).toContain(`<section id="${name}">`);
      expect(html).toContain(`href="#${name}"`);
    }
    expect(results.get("fortunes-favor [budget 20,000 positions]")?.map((r) => r.deal)).toEqual([1, 2, 3]);
    const json = JSON.parse(reportJson(reports)) as { surveys: SurveyReport[] };
    expect(json.surveys.map((s) => s.variant ?? null)).toEqual([
      null,
      "budget 150 positions",
      "budget 20,000 positions",
    ]);
  });

  it("takes a deal's verdict over its undecided result in another file (a retry in one copy)", async () => {
    const { reports } = await reportsOf([a, retried]);
    const alpha = reports.find((r) => r.name === "alpha-star");
    // Deal 4 is undecided in a and decided in the retried copy of b (deal 6 too, in b alone); deal 1 is
    // undecided in a alone.
    expect(alpha?.deals).toBe(6);
    expect(alpha?.undecided).toEqual([1]);
    expect(alpha?.budgets).toEqual([
      { budget: SMALL, deals: 4 },
      { budget: LARGE, deals: 2 },
    ]);
    // Either order: the same figures.
    const other = (await reportsOf([retried, a])).reports.find((r) => r.name === "alpha-star");
    expect(other && { ...steady(other), budgets: [] }).toEqual(alpha && { ...steady(alpha), budgets: [] });
  });

  it("refuses two verdicts of one deal, naming the survey, the deal and both files", async () => {
    await expect(reportsOf([a, tampered])).rejects.toThrow(
      `survey "alpha-star" of alpha-star: deal 2 is impossible in ${a} and solved in ${tampered}`,
    );
  });

  it("joins results as documented, deal by deal", () => {
    const r = (deal: number, outcome: DealResult["outcome"], budget: SurveyBudget = SMALL): DealResult => ({
      deal,
      outcome,
      length: outcome === "solved" ? 10 : null,
      positions: 1,
      ms: 1,
      budget,
    });
    const joined = joinResults({ name: "x", game: "freecell" }, [
      {
        where: "p.db",
        results: [r(1, "solved"), r(2, "unknown"), r(3, "unknown", LARGE), r(5, "unsolvable")],
      },
      {
        where: "q.db",
        results: [r(1, "solved"), r(2, "unsolvable"), r(3, "unknown"), r(4, "unknown", LARGE)],
      },
    ]);
    expect(joined.map((x) => [x.deal, x.outcome, x.budget.positions])).toEqual([
      [1, "solved", 150],
      [2, "unsolvable", 150],
      [3, "unknown", 20_000],
      [4, "unknown", 20_000],
      [5, "unsolvable", 150],
    ]);
    expect(() =>
      joinResults({ name: "x", game: "freecell" }, [
        { where: "p.db", results: [r(7, "unsolvable")] },
        { where: "q.db", results: [r(7, "solved")] },
      ]),
    ).toThrow(/deal 7 is impossible in p\.db and solved in q\.db/);
  });

  it("names only the settings that differ", () => {
    const base: StoredSurvey = {
      id: 1,
      name: "alpha-star",
      game: "alpha-star",
      rules: {},
      numbering: "solvitaire",
      policy: "safe",
      budget: SMALL,
      solverVersion: "0.1.0+alpha-star.aaaa",
      created: "2026-01-01T00:00:00.000Z",
    };
    expect(
      variants([
        { survey: base, label: "Alpha Star" },
        { survey: { ...base, solverVersion: "0.1.0+alpha-star.bbbb" }, label: "Alpha Star" },
        { survey: { ...base, solverVersion: "0.1.0+alpha-star.bbbb", budget: LARGE }, label: "Alpha Star" },
      ]),
    ).toEqual([
      "budget 150 positions; solver 0.1.0+alpha-star.aaaa",
      "budget 150 positions; solver 0.1.0+alpha-star.bbbb",
      "budget 20,000 positions; solver 0.1.0+alpha-star.bbbb",
    ]);
  });
});

describe("the command", () => {
  it("reports several files with --db given again, reading them only", () => {
    const before = [a, b].map(sha);
    const r = tsol(["survey", "report", "--db", a, "--db", b, "--catalogue"]);
    expect(r.status, r.stderr).toBe(0);
    expect(r.stderr).toBe("");
    expect(r.stdout).toMatch(/\| [^|]*alpha-star[^|]* \|[^\n]*\| 1\.\.6 \(6\) \|/);
    expect(r.stdout).toMatch(/^3 games, 11 deals, 3 undecided;/m);
    expect([a, b].map(sha)).toEqual(before);
  }, 60_000);

  it("gives one file's report exactly as before", async () => {
    const store = new SqliteStore(a, { mustExist: true, readonly: true });
    let reports: SurveyReport[];
    try {
      reports = [];
      for (const s of await store.list()) reports.push(buildReport(s, await store.results(s)));
    } finally {
      await store.close();
    }
    const table = catalogueRows(reports);
    expect(tsol(["survey", "report", "--db", a, "--json"]).stdout).toBe(reportJson(reports));
    expect(tsol(["survey", "report", "--db", a, "--csv"]).stdout).toBe(reportCsv(reports));
    expect(tsol(["survey", "report", "--db", a]).stdout).toBe(
      `${catalogueText(table)}\n${reportText(reports)}`,
    );
  }, 60_000);

  it("says in one line what is wrong: two verdicts, a missing file, a file that is no survey database, a file twice", () => {
    const text = join(dir, "notes.txt");
    writeFileSync(text, "not a database\n");
    const empty = join(dir, "empty.db");
    new Database(empty).close();
    const cases: [string[], RegExp][] = [
      [
        ["--db", a, "--db", tampered],
        /^tsol: survey "alpha-star" of alpha-star: deal 2 is impossible in .*a\.db and solved in .*tampered\.db/,
      ],
      [
        ["--db", a, "--db", join(dir, "missing.db")],
        /^tsol: no survey database .*missing\.db \(give the file with --db\)$/,
      ],
      [
        ["--db", a, "--db", text],
        /^tsol: cannot open the survey database .*notes\.txt: file is not a database$/,
      ],
      [
        ["--db", empty, "--db", a],
        /^tsol: .*empty\.db is not a survey database of tsol \(it has no surveys table\)$/,
      ],
      [["--db", a, "--db", `${dir}/./a.db`], /^tsol: --db .*a\.db was given twice: give each file once$/],
      [
        ["--db", a, "--db", b, "--name", "klondike"],
        /^tsol: no survey "klondike" in .*a\.db, .*b\.db \(their surveys: "alpha-star", "fortunes-favor"\)$/,
      ],
    ];
    for (const [args, message] of cases) {
      const r = tsol(["survey", "report", ...args]);
      expect(r.status, args.join(" ")).toBe(1);
      expect(r.stdout).toBe("");
      expect(r.stderr.trimEnd().split("\n"), r.stderr).toHaveLength(1);
      expect(r.stderr.trimEnd()).toMatch(message);
    }
  }, 120_000);
});
