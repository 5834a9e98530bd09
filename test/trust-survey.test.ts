import { spawn, spawnSync } from "node:child_process";
import {
  chmodSync,
  copyFileSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readFileSync,
  rmSync,
  writeFileSync,
} from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import Database from "better-sqlite3";
import fc from "fast-check";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { freecell } from "../src/games/freecell/index.ts";
import { buildReport, reportCsv, reportHtml, reportJson, reportText } from "../src/survey/report.ts";
import { type DealResult, makeSettings, type SurveySettings } from "../src/survey/settings.ts";
import { SqliteStore } from "../src/survey/store.ts";
import { pendingDeals } from "../src/survey/survey.ts";
import { solverVersion } from "../src/survey/version.ts";
import { BIN, ROOT } from "./tsol.ts";

/**
 * Issue 36, "Trust, second round": a survey database is a file like any other. Someone may have edited it, a disk
 * may have damaged it, it may come from someone else, it may only be read: every survey command ends in a report
 * or in a message a player can act on, never in a stack trace, and nothing it holds reaches the terminal raw.
 */

const tmp = mkdtempSync(join(tmpdir(), "tsol-trust-survey-"));
afterAll(() => rmSync(tmp, { recursive: true, force: true }));

/** Any byte that drives a terminal (C0 controls but newline, DEL, C1), and the bidirectional controls. */
const CONTROL = /[\u0000-\u0009\u000b-\u001f\u007f-\u009f\u2028\u2029\u200e\u200f\u202a-\u202e\u2066-\u2069]/;
/** A window title, then a write to the clipboard (OSC 52), then a cleared screen. */
const ESCAPE = "\x1b]2;PWNED\x07\x1b]52;c;SGVsbG8=\x07\x1b[2J";
const ESCAPED = "\\x1b]2;PWNED\\x07\\x1b]52;c;SGVsbG8=\\x07\\x1b[2J";

function expectNoControl(r: { stdout: string; stderr: string }, what: string) {
  expect(r.stdout, `${what}: standard output`).not.toMatch(CONTROL);
  expect(r.stderr, `${what}: standard error`).not.toMatch(CONTROL);
}

/** A stack trace or an error Node printed for want of a message of ours. */
const CRASH = /\n\s+at |SyntaxError|TypeError|RangeError|SqliteError|node:internal/;

interface Ran {
  status: number | null;
  stdout: string;
  stderr: string;
}

/** The user another user's files are read as, when the tests run as root (root may write any file). */
const NOBODY = 65534;
const isRoot = process.getuid?.() === 0;

/** Runs the real `tsol` (as `uid` when given), as a user would, without blocking the other runs. */
function tsol(args: string[], { uid }: { uid?: number } = {}): Promise<Ran> {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, [BIN, ...args], {
      cwd: ROOT,
      env: { ...process.env, NO_COLOR: "1" },
      stdio: ["ignore", "pipe", "pipe"],
      ...(uid !== undefined ? { uid, gid: uid } : {}),
    });
    let stdout = "";
    let stderr = "";
    child.stdout.on("data", (chunk) => {
      stdout += chunk;
    });
    child.stderr.on("data", (chunk) => {
      stderr += chunk;
    });
    const timer = setTimeout(() => child.kill("SIGKILL"), 60_000);
    child.on("close", (status) => {
      clearTimeout(timer);
      resolve({ status, stdout, stderr });
    });
  });
}

/** A run that ended in one message of ours naming `what`: exit 1, no stack trace, nothing raw. */
function expectMessage(r: Ran, what: RegExp, label: string) {
  expect(r.status, `${label}: ${r.stderr}`).toBe(1);
  expect(r.stderr, label).toMatch(what);
  expect(r.stderr, label).not.toMatch(CRASH);
  expect(r.stderr.trimEnd().split("\n").at(-1), label).toMatch(/^tsol: /);
  expectNoControl(r, label);
}

/** Deals 1..12 of FreeCell: nine solved, one impossible (by our say-so), two unknown, one of them with a note. */
const DEALS = 12;
let settings: SurveySettings;
let base: string;

function results(): DealResult[] {
  return Array.from({ length: DEALS }, (_, i): DealResult => {
    const deal = i + 1;
    const outcome = deal <= 9 ? "solved" : deal === 10 ? "unsolvable" : "unknown";
    return {
      deal,
      outcome,
      length: outcome === "solved" ? 80 + deal : null,
      positions: 100 * deal,
      ms: deal / 2,
      budget: { positions: 1000 },
      ...(deal === 12 ? { note: "the memory budget stopped it" } : {}),
    };
  });
}

/** A copy of the small survey database, under a new name. */
let copies = 0;
function copyOfBase(name = `copy-${++copies}.db`): string {
  const path = join(tmp, name);
  copyFileSync(base, path);
  return path;
}

/** Runs SQL on a database as another program would (the check on outcomes off, so any value goes in). */
function edit(path: string, ...statements: [string, ...unknown[]][]): void {
  const db = new Database(path);
  try {
    db.pragma("ignore_check_constraints = ON");
    for (const [sql, ...values] of statements) db.prepare(sql).run(...values);
  } finally {
    db.close();
  }
}

beforeAll(async () => {
  settings = makeSettings(freecell, {
    rules: {},
    budget: { positions: 1000 },
    solverVersion: solverVersion("freecell"),
  });
  base = join(tmp, "base.db");
  const store = new SqliteStore(base);
  const survey = await store.open(settings);
  await store.record(survey.id, results());
  await store.close();
});

describe.concurrent("issue 36: a corrupt survey database ends in a message naming the survey and the column", () => {
  it("rules that are not JSON: survey report, a resume and survey retry end in a message, not a SyntaxError stack trace", async () => {
    const db = copyOfBase();
    edit(db, ["UPDATE surveys SET rules = '{'"]);
    const named =
      /survey "freecell", column rules: "\{" is not JSON\. It was changed outside tsol or is damaged/;
    const [report, resume, retry] = await Promise.all([
      tsol(["survey", "report", "--db", db]),
      tsol([
        "survey",
        "freecell",
        "--deals",
        `1-${DEALS}`,
        "--budget-positions",
        "1000",
        "--jobs",
        "1",
        "--db",
        db,
      ]),
      tsol(["survey", "retry", "--db", db, "--budget-positions", "2000", "--jobs", "1"]),
    ]);
    expectMessage(report, named, "survey report");
    expectMessage(resume, named, "survey (resume)");
    expectMessage(retry, named, "survey retry");
  }, 60_000);

  it("a survey's budget and a result's budget that are not JSON are named too", async () => {
    const survey = copyOfBase();
    edit(survey, ["UPDATE surveys SET budget = '{'"]);
    const result = copyOfBase();
    edit(result, ["UPDATE results SET budget = '{' WHERE deal = 4"]);
    await expect(reportOf(survey)).rejects.toThrow(/survey "freecell", column budget: "\{" is not JSON/);
    await expect(reportOf(result)).rejects.toThrow(/survey "freecell", result of deal 4, column budget/);
  });

  it("values read back are checked: a survey of tetris, deals -5 and 99999999999999, an unknown outcome", async () => {
    const cases: [string, unknown[], RegExp][] = [
      ["UPDATE surveys SET game = ?", ["tetris"], /column game: "tetris" is not a patience game of tsol/],
      ["UPDATE results SET deal = ? WHERE deal = 1", [-5], /a result, column deal: -5 is not a whole number/],
      [
        "UPDATE results SET deal = ? WHERE deal = 1",
        [99999999999999],
        /a result, column deal: 99999999999999 is not a whole number from 1 to 8,589,934,591/,
      ],
      ["UPDATE results SET outcome = ? WHERE deal = 2", ["won"], /column outcome: "won" is not one of/],
      ["UPDATE results SET positions = ? WHERE deal = 2", [-1], /deal 2, column positions: -1/],
      ["UPDATE surveys SET numbering = ?", ["gnu"], /column numbering: "gnu" is not a numbering of FreeCell/],
    ];
    for (const [sql, values, message] of cases) {
      const db = copyOfBase();
      edit(db, [sql, ...values]);
      const error = await reportOf(db).catch((e: unknown) => e as Error & { code?: string });
      expect(error, sql).toBeInstanceOf(Error);
      expect((error as { code?: string }).code, sql).toBe("survey_corrupt");
      expect((error as Error).message, sql).toMatch(message);
    }
  });

  it("a file that is not a survey database, or is damaged, is named as such", () => {
    const text = join(tmp, "notes.db");
    writeFileSync(text, "these are not the surveys you are looking for\n".repeat(100));
    const other = join(tmp, "other.db");
    new Database(other).exec("CREATE TABLE surveys (x)").close();
    for (const readonly of [false, true]) {
      expect(() => new SqliteStore(text, { mustExist: true, readonly })).toThrow(
        /^cannot open the survey database .*notes\.db: file is not a database$/,
      );
      expect(() => new SqliteStore(other, { mustExist: true, readonly })).toThrow(
        /other\.db is not a survey database of tsol \(its surveys table has no column id, name,/,
      );
    }
  });
});

/** What `survey report` prints in every format, read in this process: the texts, or the error. */
async function reportOf(path: string): Promise<string[]> {
  const store = new SqliteStore(path, { readonly: true });
  try {
    const texts: string[] = [];
    const reports = [];
    const rows = new Map<string, DealResult[]>();
    for (const survey of await store.list()) {
      const results = await store.results(survey);
      reports.push(buildReport(survey, results));
      rows.set(survey.name, results);
    }
    texts.push(reportText(reports), reportCsv(reports).replace(/\r\n/g, "\n"), reportJson(reports));
    texts.push(reportHtml(reports, rows));
    return texts;
  } finally {
    await store.close();
  }
}

describe.concurrent("issue 36: text from a survey database reaches the terminal escaped", () => {
  it("a name, solver version and note holding escape sequences are shown escaped by survey report, as text, CSV, JSON and HTML", async () => {
    const db = copyOfBase();
    edit(
      db,
      ["UPDATE surveys SET name = ?, solver_version = ?", `evil${ESCAPE}`, `v${ESCAPE}\u009b2J\u202e`],
      ["UPDATE results SET note = ? WHERE deal = 12", `note${ESCAPE}`],
    );
    const text = await tsol(["survey", "report", "--db", db]);
    expect(text.status, text.stderr).toBe(0);
    expectNoControl(text, "survey report");
    expect(text.stdout).toContain(`evil${ESCAPED}: FreeCell`);
    expect(text.stdout).toContain(`note, deal 12: note${ESCAPED}`);
    expect(text.stdout).toContain(`solver v${ESCAPED}\\x9b2J\\u{202e}`);
    // The other formats, as the command writes them.
    const [again, csv, json, html] = await reportOf(db);
    expect(again).toBe(text.stdout);
    for (const out of [csv, json, html]) expect(out).not.toMatch(CONTROL);
    expect(csv).toContain(`evil${ESCAPED},freecell`);
    // The JSON still reads back as the text that is stored.
    const parsed = JSON.parse(json) as { surveys: { name: string; solverVersion: string }[] };
    expect(parsed.surveys[0].name).toBe(`evil${ESCAPE}`);
    expect(parsed.surveys[0].solverVersion).toBe(`v${ESCAPE}\u009b2J\u202e`);
    expect(html).toContain(`<h2>evil${ESCAPED}: FreeCell`);
  }, 60_000);

  it("the survey's and retry's start, progress and summary lines show --name, --db and a stored name escaped", async () => {
    // A new survey under an evil --name in a file of an evil name: three deals.
    const evilFile = join(tmp, `evil${ESCAPE}.db`);
    // A stored survey renamed by someone else, then retried: its unknown deals 11 and 12.
    const renamed = copyOfBase();
    edit(renamed, ["UPDATE surveys SET name = ?", `evil${ESCAPE}`]);
    const [run, retry] = await Promise.all([
      tsol([
        "survey",
        "freecell",
        "--deals",
        "1-3",
        "--jobs",
        "1",
        "--name",
        `evil${ESCAPE}`,
        "--db",
        evilFile,
      ]),
      tsol([
        "survey",
        "retry",
        `evil${ESCAPE}`,
        "--db",
        renamed,
        "--budget-positions",
        "200000",
        "--jobs",
        "1",
      ]),
    ]);
    expect(run.status, run.stderr).toBe(0);
    expectNoControl(run, "survey");
    expect(run.stderr).toContain(`tsol: survey "evil${ESCAPED}": FreeCell`);
    expect(run.stderr).toContain(`in ${tmp}/evil${ESCAPED}.db`);
    expect(run.stderr).toContain(`evil${ESCAPED}: 3 / 3 deals`);
    expect(retry.status, retry.stderr).toBe(0);
    expectNoControl(retry, "survey retry");
    expect(retry.stderr).toContain(`evil${ESCAPED} (retry): 2 / 2 deals`);
    expect(retry.stderr).toContain(`tsol: survey "evil${ESCAPED}" in ${renamed}: solved`);
  }, 60_000);
});

describe.concurrent("issue 36: --db that would lose the survey, or is a folder", () => {
  it("--db '' threw a whole survey away and reported success: it is refused before anything is solved", async () => {
    const run = await tsol(["survey", "freecell", "--deals", "1-2", "--jobs", "1", "--db", ""]);
    expectMessage(
      run,
      /--db takes a file name, not an empty one: SQLite would keep the survey in a temporary database and throw it away/,
      "--db ''",
    );
    for (const readonly of [false, true])
      expect(() => new SqliteStore("", { mustExist: true, readonly })).toThrow(/--db takes a file name/);
    expect(() => new SqliteStore(":memory:")).toThrow(/--db :memory: is not a file/);
  }, 60_000);

  it("a folder given as --db is called a folder, not a missing database", () => {
    const folder = join(tmp, "a-folder");
    mkdirSync(folder);
    for (const readonly of [false, true]) {
      expect(() => new SqliteStore(folder, { mustExist: true, readonly })).toThrow(
        `--db ${folder} is a folder, not a survey database file; give a file, such as ${folder}/tsol-survey.db`,
      );
    }
  });
});

/** Whether another user (nobody) can run tsol here: the checkout must be readable by all. */
function otherCanRun(): boolean {
  if (!isRoot) return true;
  const probe = spawnSync(process.execPath, ["-e", `require("fs").accessSync(${JSON.stringify(BIN)})`], {
    uid: NOBODY,
    gid: NOBODY,
    cwd: ROOT,
  });
  return probe.status === 0;
}

describe.concurrent("issue 36: a survey database that may only be read can be reported", () => {
  /** The small survey, in rollback (DELETE) journal mode, as the sqlite3 tool or a copy may leave it. */
  function rollbackCopy(path: string): string {
    copyFileSync(base, path);
    const db = new Database(path);
    db.pragma("journal_mode = DELETE");
    db.close();
    return path;
  }

  it("survey report changes nothing: no WAL mode, no tables, no -wal or -shm beside the file", async () => {
    const db = rollbackCopy(join(tmp, "rollback.db"));
    const before = readFileSync(db);
    expect([before[18], before[19]]).toEqual([1, 1]);
    const r = await tsol(["survey", "report", "--db", db]);
    expect(r.status, r.stderr).toBe(0);
    expect(r.stdout).toMatch(/^freecell: FreeCell, microsoft deals 1\.\.12 \(12 deals\)/);
    // Byte for byte the same file: its header still says rollback journal (1, 1), not WAL (2, 2).
    expect(readFileSync(db).equals(before)).toBe(true);
    expect(existsSync(`${db}-wal`)).toBe(false);
    expect(existsSync(`${db}-shm`)).toBe(false);
  }, 60_000);

  // As root every file may be written, so the read-only files are read as another user.
  const other = otherCanRun();
  const as = isRoot ? { uid: NOBODY } : {};

  it.skipIf(!other)(
    "a file that may only be read (chmod 0444) is reported, where opening it wrote to it",
    async () => {
      const folder = join(tmp, "writable");
      mkdirSync(folder);
      chmodSync(folder, 0o777);
      chmodSync(tmp, 0o755);
      const db = rollbackCopy(join(folder, "readonly.db"));
      chmodSync(db, 0o444);
      const r = await tsol(["survey", "report", "--db", db], as);
      expect(r.stderr).not.toMatch(/readonly database/);
      expect(r.status, r.stderr).toBe(0);
      expect(r.stdout).toMatch(/solved 9, impossible 1, unknown 2/);
    },
    60_000,
  );

  it.skipIf(!other)(
    "a survey in WAL mode in a folder that may not be written is reported from the file's bytes",
    async () => {
      const folder = join(tmp, "readonly-folder");
      mkdirSync(folder);
      const db = join(folder, "wal.db");
      copyFileSync(base, db);
      expect(readFileSync(db)[18]).toBe(2);
      chmodSync(db, 0o444);
      chmodSync(folder, 0o555);
      chmodSync(tmp, 0o755);
      try {
        const r = await tsol(["survey", "report", "--db", db, "--json"], as);
        expect(r.status, r.stderr).toBe(0);
        expect(JSON.parse(r.stdout)).toMatchObject({
          surveys: [{ name: "freecell", solved: 9, unknown: 2 }],
        });
      } finally {
        chmodSync(folder, 0o755);
      }
    },
    60_000,
  );
});

const SURVEY_COLUMNS = [
  "id",
  "name",
  "game",
  "rules",
  "numbering",
  "policy",
  "budget",
  "solver_version",
  "created",
];
const RESULT_COLUMNS = ["survey", "deal", "outcome", "length", "positions", "ms", "budget", "note"];

/** Anything a column may be set to by someone else: text with control bytes, bad JSON, odd numbers, NULL, blobs. */
const storedValue: fc.Arbitrary<unknown> = fc.oneof(
  fc.constant(null),
  fc.string({ unit: "binary", maxLength: 40 }),
  fc.constantFrom(
    "{",
    "[1,",
    '{"positions":',
    '{"positions":0}',
    '{"mb":5}',
    '{"positions":1000,"mb":1e300}',
    '{"cells":99}',
    '{"redeals":2}',
    "tetris",
    "klondike",
    "gnu",
    "all",
    "won",
    "unknown",
    "2026-13-45",
    ESCAPE,
    "\u009b2J",
    "\u202e",
  ),
  fc.json({ maxDepth: 2 }),
  fc.bigInt({ min: -(2n ** 63n), max: 2n ** 63n - 1n }),
  fc.integer({ min: -10, max: 2 ** 33 }),
  fc.double({ noNaN: true }),
  fc.uint8Array({ maxLength: 12 }).map((bytes) => Buffer.from(bytes)),
);

interface Damage {
  sql: { table: string; column: string; value: unknown; deal?: number }[];
  bytes: { at: number; byte: number }[];
}

/** Up to three UPDATEs of one column (of one result, or of all) and up to three bytes of the file overwritten. */
const damage: fc.Arbitrary<Damage> = fc
  .record({
    sql: fc.array(
      fc.oneof(
        fc.record({
          table: fc.constant("surveys"),
          column: fc.constantFrom(...SURVEY_COLUMNS),
          value: storedValue,
        }),
        fc.record({
          table: fc.constant("results"),
          column: fc.constantFrom(...RESULT_COLUMNS),
          value: storedValue,
          deal: fc.option(fc.integer({ min: 1, max: DEALS }), { nil: undefined }),
        }),
      ),
      { maxLength: 3 },
    ),
    bytes: fc.oneof(
      { weight: 3, arbitrary: fc.constant<Damage["bytes"]>([]) },
      {
        weight: 1,
        arbitrary: fc.array(fc.record({ at: fc.nat(), byte: fc.nat(255) }), { minLength: 1, maxLength: 3 }),
      },
    ),
  })
  .filter((d) => d.sql.length + d.bytes.length > 0);

/** A copy of the small survey with `d` done to it. */
function damaged(d: Damage): string {
  const path = copyOfBase();
  for (const { table, column, value, deal } of d.sql) {
    try {
      if (deal === undefined) edit(path, [`UPDATE ${table} SET ${column} = ?`, value]);
      else edit(path, [`UPDATE ${table} SET ${column} = ? WHERE deal = ?`, value, deal]);
    } catch {
      // refused by the table itself (NOT NULL, a key taken twice): that edit is not made
    }
  }
  if (d.bytes.length) {
    const bytes = readFileSync(path);
    for (const { at, byte } of d.bytes) bytes[at % bytes.length] = byte;
    writeFileSync(path, bytes);
  }
  return path;
}

/**
 * What every survey command reads of a database, in this process: the report in every format (read-only), a
 * resume (the survey opened with its settings, its counts, the deals still to do) and a retry (the survey found,
 * its unknown deals and counts). Each ends in its output or in an error.
 */
async function everyCommand(path: string): Promise<{ outputs: string[]; errors: unknown[] }> {
  const outputs: string[] = [];
  const errors: unknown[] = [];
  const attempt = async (work: () => Promise<void>) => {
    try {
      await work();
    } catch (error) {
      errors.push(error);
    }
  };
  const ranges = [{ first: 1, last: DEALS }];
  await attempt(async () => {
    outputs.push(...(await reportOf(path)));
  });
  await attempt(async () => {
    const store = new SqliteStore(path);
    try {
      const survey = await store.open(settings);
      outputs.push(JSON.stringify(await store.countsIn(survey, ranges)));
      for await (const deal of pendingDeals(store, survey.id, ranges)) outputs.push(String(deal));
    } finally {
      await store.close();
    }
  });
  await attempt(async () => {
    const store = new SqliteStore(path, { mustExist: true });
    try {
      await store.list();
      const survey = await store.find(settings.name);
      if (survey)
        outputs.push(JSON.stringify([await store.unknownDeals(survey), await store.counts(survey)]));
    } finally {
      await store.close();
    }
  });
  return { outputs, errors };
}

/** An error a command turns into one message: a stable snake_case code, a message with nothing raw in it. */
function expectClearError(error: unknown, d: Damage) {
  const e = error as Error & { code?: unknown };
  const what = `${JSON.stringify(d, (_k, v: unknown) => (typeof v === "bigint" ? `${v}n` : v))}: ${e?.stack}`;
  expect(e, what).toBeInstanceOf(Error);
  expect(e.code, what).toMatch(/^[a-z]+(_[a-z]+)*$/);
  expect(e.message, what).not.toMatch(CONTROL);
  expect(e.message, what).not.toMatch(CRASH);
}

describe.concurrent("issue 36: any damage to a survey database ends in a report or a clear message", () => {
  it("random UPDATEs of any column and random bytes: every command's reading ends cleanly, nothing raw", async () => {
    await fc.assert(
      fc.asyncProperty(damage, async (d) => {
        const path = damaged(d);
        try {
          const { outputs, errors } = await everyCommand(path);
          for (const text of outputs) expect(text).not.toMatch(CONTROL);
          for (const error of errors) expectClearError(error, d);
        } finally {
          for (const end of ["", "-wal", "-shm"]) rmSync(`${path}${end}`, { force: true });
        }
      }),
      { numRuns: 100 },
    );
  }, 60_000);

  it("the real command on two damaged databases: report and retry end in a report or one message", async () => {
    const [first, second] = fc.sample(damage, { numRuns: 2, seed: 12 }).map(damaged);
    const runs = await Promise.all([
      tsol(["survey", "report", "--db", first]),
      tsol(["survey", "retry", "--db", second, "--budget-positions", "2000", "--jobs", "1"]),
    ]);
    for (const [i, r] of runs.entries()) {
      expectNoControl(r, `run ${i}`);
      expect(r.stderr, `run ${i}`).not.toMatch(CRASH);
      if (r.status !== 0) {
        expect(r.status, `run ${i}: ${r.stderr}`).toBe(1);
        expect(r.stderr.trimEnd().split("\n").at(-1), `run ${i}`).toMatch(/^tsol: /);
      }
    }
  }, 60_000);
});
