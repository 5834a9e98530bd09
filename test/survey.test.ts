import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { mulberry32 } from "../src/cards/random.ts";
import { csvFields, run, sleep, start, steadyReport, storedCount, storedResults } from "./survey-run.ts";

/**
 * `tsol survey` as a user runs it: a range of FreeCell deals on two threads into SQLite. Deal 11982 is in the
 * range for an impossible deal; its proof takes about 130,000 positions.
 */
const DEALS = "1-700,11982";
const COUNT = 701;
const SURVEY = ["survey", "freecell", "--deals", DEALS, "--jobs", "2", "--budget-positions", "200000"];

let dir: string;
let reference: string;
let referenceJson: string;
/** How long the uninterrupted run took here, so the kills fall inside a run on a fast or a loaded machine. */
let referenceMs: number;

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), "tsol-survey-"));
  reference = join(dir, "reference.db");
  const began = Date.now();
  const result = await run([...SURVEY, "--db", reference]);
  referenceMs = Date.now() - began;
  expect(result.status, result.stderr).toBe(0);
  const report = await run(["survey", "report", "--db", reference, "--json"]);
  expect(report.status, report.stderr).toBe(0);
  referenceJson = report.stdout;
}, 120_000);

afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe("tsol survey", () => {
  it("decides every deal of the range once, with 11982 impossible, and says so on standard error", async () => {
    const rows = storedResults(reference);
    expect(rows.map((r) => r.deal)).toEqual([...Array.from({ length: 700 }, (_, i) => i + 1), 11982]);
    expect(rows.find((r) => r.deal === 11982)?.outcome).toBe("unsolvable");
    // Every solved deal has its solution's length; no other has one.
    for (const r of rows) expect(r.length !== null).toBe(r.outcome === "solved");
    const { surveys } = JSON.parse(referenceJson) as { surveys: Record<string, unknown>[] };
    expect(surveys).toHaveLength(1);
    expect(surveys[0]).toMatchObject({
      game: "freecell",
      numbering: "microsoft",
      deals: COUNT,
      budget: { positions: 200000 },
    });
    expect(surveys[0].impossible).toEqual([11982]);
  });

  it("resumes after SIGKILL at random moments with the results of an uninterrupted run", async () => {
    const db = join(dir, "killed.db");
    const random = mulberry32(20261126);
    const stored = () => storedCount(db);
    let partial = 0;
    for (let attempt = 0; attempt < 10 && partial < 3; attempt++) {
      const before = stored();
      const running = start([...SURVEY, "--db", db]);
      if (attempt % 2 === 0) {
        // Any moment of a run: threads starting, the first deals, or later.
        await sleep(Math.floor(random() * referenceMs));
      } else {
        // A moment after this run stored its first batch (a loaded machine may take seconds to get there).
        for (
          let waited = 0;
          stored() <= before && running.child.exitCode === null && waited < 60_000;
          waited += 20
        ) {
          await sleep(20);
        }
        await sleep(Math.floor(random() * 100));
      }
      running.child.kill("SIGKILL");
      const result = await running.done;
      if (result.signal !== "SIGKILL") {
        // It finished before the kill: start again from nothing, so later kills fall inside a run.
        for (const file of [db, `${db}-wal`, `${db}-shm`]) rmSync(file, { force: true });
        continue;
      }
      const done = stored();
      if (done > 0 && done < COUNT) partial++;
    }
    // At least one kill fell in the middle of the run, with results stored and others still to do.
    expect(partial).toBeGreaterThan(0);
    const finish = await run([...SURVEY, "--db", db]);
    expect(finish.status, finish.stderr).toBe(0);
    expect(finish.stderr).toMatch(/solved \d+, impossible 1, unknown \d+/);
    expect(storedResults(db)).toEqual(storedResults(reference));
    const report = await run(["survey", "report", "--db", db, "--json"]);
    expect(steadyReport(report.stdout)).toEqual(steadyReport(referenceJson));
  }, 180_000);

  it("refuses to resume with other rules, numbering or budget, saying what differs", async () => {
    const cells = await run([...SURVEY, "--db", reference, "--cells", "3"]);
    expect(cells.status).toBe(1);
    expect(cells.stderr).toMatch(
      /survey "freecell" in .*reference\.db was started with other settings: the rules \(cells 4, not 3\)/,
    );
    expect(cells.stderr).toMatch(/--name/);
    const budget = await run([
      "survey",
      "freecell",
      "--deals",
      DEALS,
      "--db",
      reference,
      "--budget-positions",
      "300000",
    ]);
    expect(budget.status).toBe(1);
    expect(budget.stderr).toMatch(/the budget \(200,000 positions, not 300,000 positions\)/);
    const numbering = await run([...SURVEY, "--db", reference, "--numbering", "solvitaire"]);
    expect(numbering.status).toBe(1);
    expect(numbering.stderr).toMatch(/the numbering \(microsoft, not solvitaire\)/);
    // Nothing was written by the refused runs.
    expect(storedResults(reference)).toHaveLength(COUNT);
  }, 60_000);

  it("a resume of a finished survey solves nothing again", async () => {
    const again = await run([...SURVEY, "--db", reference]);
    expect(again.status, again.stderr).toBe(0);
    const report = await run(["survey", "report", "--db", reference, "--json"]);
    expect(steadyReport(report.stdout)).toEqual(steadyReport(referenceJson));
  }, 60_000);

  it("exports CSV: a header and one line per survey", async () => {
    const csv = await run(["survey", "report", "--db", reference, "--csv"]);
    expect(csv.status, csv.stderr).toBe(0);
    const [header, line, ...rest] = csv.stdout.trimEnd().split("\r\n");
    expect(rest).toEqual([]);
    const names = header.split(",");
    expect(names.slice(0, 4)).toEqual(["survey", "game", "rules", "numbering"]);
    const { surveys } = JSON.parse(referenceJson) as {
      surveys: { solved: number; unknown: number; winnable: { low: number } }[];
    };
    const fields = csvFields(line);
    expect(fields).toHaveLength(names.length);
    const values = Object.fromEntries(fields.map((v, i) => [names[i], v]));
    expect(values).toMatchObject({
      survey: "freecell",
      game: "freecell",
      budget: "200,000 positions",
      deals: String(COUNT),
      unsolvable: "1",
      impossible: "11982",
    });
    expect(Number(values.solved)).toBe(surveys[0].solved);
    expect(Number(values.low)).toBe(surveys[0].winnable.low);
  }, 60_000);

  it("retry decides the unknown deals with a larger budget, and refuses one that is not larger", async () => {
    const db = join(dir, "retry.db");
    const small = await run([
      "survey",
      "freecell",
      "--deals",
      "1-150",
      "--jobs",
      "2",
      "--budget-positions",
      "300",
      "--db",
      db,
    ]);
    expect(small.status, small.stderr).toBe(0);
    const before = storedResults(db).filter((r) => r.outcome === "unknown").length;
    expect(before).toBeGreaterThan(0);
    const same = await run(["survey", "retry", "--db", db, "--budget-positions", "300"]);
    expect(same.status).toBe(1);
    expect(same.stderr).toMatch(/a retry needs a larger budget/);
    const retry = await run([
      "survey",
      "retry",
      "freecell",
      "--db",
      db,
      "--budget-positions",
      "1000000",
      "--jobs",
      "2",
    ]);
    expect(retry.status, retry.stderr).toBe(0);
    expect(retry.stderr).toMatch(new RegExp(`retried ${before} of ${before} undecided deals`));
    const after = storedResults(db);
    expect(after).toHaveLength(150);
    expect(after.filter((r) => r.outcome === "unknown")).toEqual([]);
    const report = JSON.parse((await run(["survey", "report", "--db", db, "--json"])).stdout) as {
      surveys: { budgets: { budget: unknown; deals: number }[] }[];
    };
    expect(report.surveys[0].budgets).toContainEqual({ budget: { positions: 1000000 }, deals: before });
  }, 120_000);

  it("says when the memory budget stopped a deal, and a retry with more memory alone decides it", async () => {
    // Deal 11982's proof stores about 130,000 positions: far more than 1 MB of tables hold.
    const db = join(dir, "memory.db");
    const small = await run(["survey", "freecell", "--deals", "1-3,11982", "--max-memory", "1", "--db", db]);
    expect(small.status, small.stderr).toBe(0);
    expect(small.stderr).toMatch(
      /deal 11982 is unknown: the search's tables filled the memory budget \(1 MB\)/,
    );
    expect(storedResults(db).map((r) => r.outcome)).toEqual(["solved", "solved", "solved", "unknown"]);
    const same = await run(["survey", "retry", "--db", db, "--max-memory", "1"]);
    expect(same.status).toBe(1);
    expect(same.stderr).toMatch(/a retry needs a larger budget/);
    const retry = await run(["survey", "retry", "--db", db, "--max-memory", "64"]);
    expect(retry.status, retry.stderr).toBe(0);
    expect(retry.stderr).toMatch(/with 1,000,000 positions and 64 MB/);
    expect(storedResults(db).find((r) => r.deal === 11982)?.outcome).toBe("unsolvable");
  }, 60_000);

  it("names a bad argument instead of starting", async () => {
    const range = await run(["survey", "freecell", "--deals", "5-1", "--db", join(dir, "x.db")]);
    expect(range.status).toBe(1);
    expect(range.stderr).toMatch(/backwards/);
    const both = await run([
      "survey",
      "freecell",
      "--deals",
      "1-5",
      "--budget-positions",
      "9",
      "--timeout",
      "1",
      "--db",
      join(dir, "x.db"),
    ]);
    expect(both.status).toBe(1);
    expect(both.stderr).toMatch(/not both/);
    const game = await run(["survey", "chess", "--deals", "1-5", "--db", join(dir, "x.db")]);
    expect(game.status).toBe(1);
    expect(game.stderr).toMatch(/unknown game/);
  }, 60_000);
});
