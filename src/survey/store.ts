import { readFileSync, statSync } from "node:fs";
import Database from "better-sqlite3";
import { escapeControls } from "../cards/text.ts";
import {
  budgetFromText,
  dealFromRow,
  outcomeFromRow,
  type ResultRow,
  resultFromRow,
  type StoredSurvey,
  type SurveyRow,
  surveyFromRow,
} from "./rows.ts";
import {
  canonicalJson,
  type DealRange,
  type DealResult,
  type SurveyBudget,
  SurveyError,
  type SurveySettings,
  settingsMismatch,
  showName,
} from "./settings.ts";

export type { StoredSurvey } from "./rows.ts";

/** Results by outcome. */
export interface OutcomeCounts {
  solved: number;
  unsolvable: number;
  unknown: number;
}

/**
 * Where surveys and their results live: SQLite on one machine, PostgreSQL for many. Every write is idempotent:
 * a deal's result is written once (a unique key on survey and deal); writing it again changes nothing, so a
 * range solved twice after a crash counts once. Every value read back is checked (src/survey/rows.ts): a store
 * holding one tsol did not write is an error naming the survey and the column.
 */
export interface SurveyStore {
  /** Where, for messages: the file, or the database without its password; control characters escaped. */
  readonly where: string;
  /** Starts the survey, or returns the stored one when its settings match; refuses a resume with others. */
  open(settings: SurveySettings): Promise<StoredSurvey>;
  find(name: string): Promise<StoredSurvey | undefined>;
  list(): Promise<StoredSurvey[]>;
  /** The deals of `first..last` that already have a result. */
  doneIn(survey: number, first: number, last: number): Promise<number[]>;
  counts(survey: StoredSurvey): Promise<OutcomeCounts>;
  /** Outcomes of the results whose deals fall in `ranges`. */
  countsIn(survey: StoredSurvey, ranges: readonly DealRange[]): Promise<OutcomeCounts>;
  /** Writes results in one transaction; those of deals that already have one are left alone. */
  record(survey: number, results: readonly DealResult[]): Promise<void>;
  /** A retry's results: each replaces the deal's result only while that one is still unknown. */
  replaceUnknown(survey: number, results: readonly DealResult[]): Promise<void>;
  /** The unknown deals, with the budget each was given. */
  unknownDeals(survey: StoredSurvey): Promise<{ deal: number; budget: SurveyBudget }[]>;
  /** Every result of the survey, by deal. */
  results(survey: StoredSurvey): Promise<DealResult[]>;
  close(): Promise<void>;
}

/** Adds counted outcomes (rows of `SELECT outcome, COUNT(*)`) to `counts`, each outcome checked. */
export function addCounts(
  counts: OutcomeCounts,
  rows: readonly { outcome: unknown; n: unknown }[],
  survey: StoredSurvey,
  where: string,
): OutcomeCounts {
  for (const row of rows) counts[outcomeFromRow(row.outcome, survey, where)] += Number(row.n);
  return counts;
}

/** The unknown deals' rows (deal, budget) read back, each checked. */
export function unknownFromRows(
  rows: readonly { deal: unknown; budget: unknown }[],
  survey: StoredSurvey,
  where: string,
): { deal: number; budget: SurveyBudget }[] {
  return rows.map((row) => {
    const deal = dealFromRow(row.deal, survey, where);
    const whose = `survey ${showName(survey.name)}, result of deal ${deal}`;
    return { deal, budget: budgetFromText(row.budget, where, whose) };
  });
}

/** The columns of a result row, in the order of the statements below. */
export function resultValues(survey: number, r: DealResult): (string | number | null)[] {
  return [survey, r.deal, r.outcome, r.length, r.positions, r.ms, canonicalJson(r.budget), r.note ?? null];
}

const SCHEMA = `
CREATE TABLE IF NOT EXISTS surveys (
  id INTEGER PRIMARY KEY,
  name TEXT NOT NULL UNIQUE,
  game TEXT NOT NULL,
  rules TEXT NOT NULL,
  numbering TEXT NOT NULL,
  policy TEXT NOT NULL,
  budget TEXT NOT NULL,
  solver_version TEXT NOT NULL,
  created TEXT NOT NULL
);
CREATE TABLE IF NOT EXISTS results (
  survey INTEGER NOT NULL REFERENCES surveys (id),
  deal INTEGER NOT NULL,
  outcome TEXT NOT NULL CHECK (outcome IN ('solved', 'unsolvable', 'unknown')),
  length INTEGER,
  positions INTEGER NOT NULL,
  ms REAL NOT NULL,
  budget TEXT NOT NULL,
  note TEXT,
  PRIMARY KEY (survey, deal)
) WITHOUT ROWID;
CREATE TABLE IF NOT EXISTS blind_games (
  settings TEXT NOT NULL,
  deal INTEGER NOT NULL,
  won INTEGER NOT NULL,
  moves INTEGER NOT NULL,
  ms REAL NOT NULL,
  PRIMARY KEY (settings, deal)
);
CREATE VIEW IF NOT EXISTS survey_results AS
  SELECT s.name AS survey, s.game, s.rules, s.numbering, s.policy, r.budget, s.solver_version, r.deal, r.outcome,
         r.length, r.positions, r.ms, r.note
  FROM results r JOIN surveys s ON s.id = r.survey;
`;

/** The columns each table must have: a file whose tables lack one is not a survey database of tsol's. */
const COLUMNS: Record<string, readonly string[]> = {
  surveys: ["id", "name", "game", "rules", "numbering", "policy", "budget", "solver_version", "created"],
  results: ["survey", "deal", "outcome", "length", "positions", "ms", "budget", "note"],
};

export interface SqliteOptions {
  /** Refuse a file that is not there (instead of creating it). */
  mustExist?: boolean;
  /**
   * Only read (a report): the file is opened read-only, its journal mode is left as it is and no table is made, so
   * a database that may only be read (a copy from someone else, a file without write permission) can be reported,
   * and reporting never changes a file.
   */
  readonly?: boolean;
}

/**
 * The embedded store: one SQLite file (better-sqlite3). Written in WAL mode with a transaction per batch of
 * results, so a process killed at any moment leaves every committed batch whole and nothing half-written; the
 * deals of a batch that had not committed are simply solved again on the resume.
 */
export class SqliteStore implements SurveyStore {
  readonly where: string;
  private readonly db: Database.Database;

  /** Opens (or, unless `mustExist` or `readonly`, creates) the file. */
  constructor(file: string, { mustExist = false, readonly = false }: SqliteOptions = {}) {
    this.where = escapeControls(file);
    checkFileName(file, this.where);
    this.db = readonly ? this.openToRead(file) : this.openToWrite(file, mustExist);
  }

  private openToWrite(file: string, mustExist: boolean): Database.Database {
    let db: Database.Database;
    try {
      db = new Database(file, { fileMustExist: mustExist });
    } catch (error) {
      throw this.openError(error, mustExist);
    }
    try {
      return prepared(db, this.where, () => {
        db.pragma("busy_timeout = 10000");
        db.pragma("journal_mode = WAL");
        // WAL with synchronous NORMAL survives a killed process (only an operating system crash may lose the
        // last batches, which the resume solves again).
        db.pragma("synchronous = NORMAL");
        db.exec(SCHEMA);
      });
    } catch (error) {
      throw this.openError(error, false);
    }
  }

  /**
   * Opens the file only to read it. A database in WAL mode (every survey's: the survey sets it) needs its
   * `-shm` file beside it, which SQLite makes in the folder; in a folder that may not be written, the file's own
   * bytes are read instead, provided no write-ahead log holds results not yet in the file.
   */
  private openToRead(file: string): Database.Database {
    let db: Database.Database;
    try {
      db = new Database(file, { fileMustExist: true, readonly: true });
    } catch (error) {
      throw this.openError(error, true);
    }
    try {
      return prepared(db, this.where, () => db.pragma("busy_timeout = 10000"));
    } catch (error) {
      const code = (error as { code?: unknown }).code;
      if (typeof code === "string" && FOLDER_NOT_WRITABLE.has(code)) {
        try {
          return prepared(this.snapshot(file, error), this.where, () => {});
        } catch (again) {
          throw this.openError(again, false);
        }
      }
      throw this.openError(error, false);
    }
  }

  /** The file's bytes as a database in memory (its header set to rollback mode, as a reader of its bytes sees it). */
  private snapshot(file: string, why: unknown): Database.Database {
    let log = 0;
    try {
      log = statSync(`${file}-wal`).size;
    } catch {
      // no write-ahead log: every result is in the file itself
    }
    if (log > 0) {
      throw new SurveyError(
        "survey_store",
        `cannot read the survey database ${this.where} where it is: its latest results are in ${this.where}-wal, which SQLite reads only with a file it makes beside it, and the folder may not be written (${escapeControls((why as Error).message)}); copy both files to a folder you may write and report that copy`,
      );
    }
    const bytes = readFileSync(file);
    // Bytes 18 and 19 say WAL (2) or rollback (1); a database held in memory cannot be in WAL mode.
    if (bytes.length >= 20 && bytes[18] === 2 && bytes[19] === 2) bytes.fill(1, 18, 20);
    return new Database(bytes, { readonly: true });
  }

  private openError(error: unknown, mustExist: boolean): SurveyError {
    if (error instanceof SurveyError) return error;
    const missing = mustExist && (error as { code?: string }).code === "SQLITE_CANTOPEN";
    return new SurveyError(
      "survey_store",
      missing
        ? `no survey database ${this.where} (give the file with --db)`
        : `cannot open the survey database ${this.where}: ${escapeControls((error as Error).message)}`,
    );
  }

  /**
   * Runs a statement's work, turning SQLite's own errors (a damaged file, a table changed by hand) into a message
   * naming the database instead of a stack trace.
   */
  private guard<T>(work: () => T): T {
    try {
      return work();
    } catch (error) {
      if (error instanceof SurveyError) throw error;
      if (error instanceof Database.SqliteError || error instanceof RangeError) {
        throw new SurveyError(
          "survey_store",
          `the survey database ${this.where}: ${escapeControls(error.message)} (is it damaged, or not a survey database?)`,
        );
      }
      throw error;
    }
  }

  async open(settings: SurveySettings): Promise<StoredSurvey> {
    const start = this.db.transaction((): StoredSurvey => {
      const known = this.findNow(settings.name);
      if (known) {
        const problem = settingsMismatch(known, settings, this.where);
        if (problem) throw new SurveyError("survey_settings", problem);
        return known;
      }
      this.db
        .prepare(
          "INSERT INTO surveys (name, game, rules, numbering, policy, budget, solver_version, created) VALUES (?, ?, ?, ?, ?, ?, ?, ?)",
        )
        .run(
          settings.name,
          settings.game,
          canonicalJson(settings.rules),
          settings.numbering,
          settings.policy,
          canonicalJson(settings.budget),
          settings.solverVersion,
          new Date().toISOString(),
        );
      return this.findNow(settings.name) as StoredSurvey;
    });
    return this.guard(() => start.immediate());
  }

  private findNow(name: string): StoredSurvey | undefined {
    const row = this.db.prepare("SELECT * FROM surveys WHERE name = ?").get(name) as SurveyRow | undefined;
    return row ? surveyFromRow(row, this.where) : undefined;
  }

  async find(name: string): Promise<StoredSurvey | undefined> {
    return this.guard(() => this.findNow(name));
  }

  async list(): Promise<StoredSurvey[]> {
    return this.guard(() =>
      (this.db.prepare("SELECT * FROM surveys ORDER BY id").all() as SurveyRow[]).map((row) =>
        surveyFromRow(row, this.where),
      ),
    );
  }

  async doneIn(survey: number, first: number, last: number): Promise<number[]> {
    return this.guard(
      () =>
        this.db
          .prepare("SELECT deal FROM results WHERE survey = ? AND deal BETWEEN ? AND ? ORDER BY deal")
          .pluck()
          .all(survey, first, last) as number[],
    );
  }

  async counts(survey: StoredSurvey): Promise<OutcomeCounts> {
    return this.guard(() => {
      const rows = this.db
        .prepare("SELECT outcome, COUNT(*) AS n FROM results WHERE survey = ? GROUP BY outcome")
        .all(survey.id) as { outcome: unknown; n: number }[];
      return addCounts({ solved: 0, unsolvable: 0, unknown: 0 }, rows, survey, this.where);
    });
  }

  async countsIn(survey: StoredSurvey, ranges: readonly DealRange[]): Promise<OutcomeCounts> {
    return this.guard(() => {
      const counts: OutcomeCounts = { solved: 0, unsolvable: 0, unknown: 0 };
      const statement = this.db.prepare(
        "SELECT outcome, COUNT(*) AS n FROM results WHERE survey = ? AND deal BETWEEN ? AND ? GROUP BY outcome",
      );
      for (const r of ranges) {
        const rows = statement.all(survey.id, r.first, r.last) as { outcome: unknown; n: number }[];
        addCounts(counts, rows, survey, this.where);
      }
      return counts;
    });
  }

  async record(survey: number, results: readonly DealResult[]): Promise<void> {
    this.guard(() => {
      const insert = this.db.prepare(
        "INSERT INTO results (survey, deal, outcome, length, positions, ms, budget, note) VALUES (?, ?, ?, ?, ?, ?, ?, ?) ON CONFLICT (survey, deal) DO NOTHING",
      );
      this.db.transaction(() => {
        for (const r of results) insert.run(...resultValues(survey, r));
      })();
    });
  }

  async replaceUnknown(survey: number, results: readonly DealResult[]): Promise<void> {
    this.guard(() => {
      const update = this.db.prepare(
        "UPDATE results SET outcome = ?, length = ?, positions = ?, ms = ?, budget = ?, note = ? WHERE survey = ? AND deal = ? AND outcome = 'unknown'",
      );
      this.db.transaction(() => {
        for (const r of results) {
          const [s, deal, ...rest] = resultValues(survey, r);
          update.run(...rest, s, deal);
        }
      })();
    });
  }

  async unknownDeals(survey: StoredSurvey): Promise<{ deal: number; budget: SurveyBudget }[]> {
    return this.guard(() => {
      const rows = this.db
        .prepare("SELECT deal, budget FROM results WHERE survey = ? AND outcome = 'unknown' ORDER BY deal")
        .all(survey.id) as { deal: unknown; budget: unknown }[];
      return unknownFromRows(rows, survey, this.where);
    });
  }

  async results(survey: StoredSurvey): Promise<DealResult[]> {
    return this.guard(() => {
      const rows = this.db
        .prepare(
          "SELECT deal, outcome, length, positions, ms, budget, note FROM results WHERE survey = ? ORDER BY deal",
        )
        .all(survey.id) as ResultRow[];
      return rows.map((row) => resultFromRow(row, survey, this.where));
    });
  }

  // The blind player's games (blind.ts), in a table of their own keyed by the settings' canonical JSON. A file
  // made before the table existed has none until it is next opened to write.

  /** The deals stored under these settings (a store opened to write: it made the table). */
  blindDeals(settings: string): Set<number> {
    return this.guard(
      () =>
        new Set(
          this.db
            .prepare("SELECT deal FROM blind_games WHERE settings = ?")
            .pluck()
            .all(settings) as number[],
        ),
    );
  }

  /** Stores one game (once: a deal already stored under these settings is left as it is). */
  recordBlind(settings: string, game: BlindGame): void {
    this.guard(() =>
      this.db
        .prepare("INSERT OR IGNORE INTO blind_games (settings, deal, won, moves, ms) VALUES (?, ?, ?, ?, ?)")
        .run(settings, game.deal, game.won ? 1 : 0, game.moves, game.ms),
    );
  }

  /**
   * Each blind survey's games, grouped by settings (the settings' text as stored, for the caller to read), in the
   * order they were begun; only the deals in `ranges` when given. A row that is not a game's (won other than 0 or 1,
   * a deal, a count of moves or a time that is not a number, or is negative) is refused.
   */
  blindGroups(ranges?: readonly DealRange[]): BlindGroup[] {
    return this.guard(() => {
      if (!this.hasBlindGames()) return [];
      const where = ranges?.length ? `WHERE ${ranges.map(() => "deal BETWEEN ? AND ?").join(" OR ")}` : "";
      const rows = this.db
        .prepare(
          `SELECT settings, COUNT(*) AS games, MIN(deal) AS first, MAX(deal) AS last, SUM(won = 1) AS won,
             SUM(won NOT IN (0, 1) OR typeof(deal) != 'integer' OR typeof(moves) != 'integer' OR moves < 0
               OR typeof(ms) NOT IN ('real', 'integer') OR ms < 0) AS odd,
             SUM(ms) AS ms
           FROM blind_games ${where} GROUP BY settings ORDER BY MIN(rowid)`,
        )
        .all(...(ranges ?? []).flatMap((r) => [r.first, r.last])) as {
        settings: unknown;
        games: number;
        first: number;
        last: number;
        won: number;
        odd: number;
        ms: number;
      }[];
      return rows.map((r) => {
        if (typeof r.settings !== "string" || r.odd > 0 || !Number.isFinite(r.ms))
          throw new SurveyError(
            "survey_store",
            `${this.where}: its table blind_games holds rows that are not a blind player's games`,
          );
        return { settings: r.settings, games: r.games, first: r.first, last: r.last, won: r.won, ms: r.ms };
      });
    });
  }

  private hasBlindGames(): boolean {
    return (
      this.db.prepare("SELECT 1 FROM sqlite_master WHERE type = 'table' AND name = 'blind_games'").get() !==
      undefined
    );
  }

  async close(): Promise<void> {
    this.db.close();
  }
}

/** One game of the blind player, as a survey stores it: the deal, whether it was won, its moves and its CPU time. */
export interface BlindGame {
  deal: number;
  won: boolean;
  moves: number;
  ms: number;
}

/** One blind survey's stored games, summed (SqliteStore.blindGroups, PostgresStore.blindGroups). */
export interface BlindGroup {
  /** The settings' canonical JSON, as stored: not yet read. */
  settings: string;
  games: number;
  first: number;
  last: number;
  won: number;
  /** Milliseconds of all its games. */
  ms: number;
}

/** SQLite's ways of saying a WAL database cannot be read because its folder may not be written. */
const FOLDER_NOT_WRITABLE = new Set([
  "SQLITE_READONLY_DIRECTORY",
  "SQLITE_READONLY_CANTINIT",
  "SQLITE_CANTOPEN",
]);

/** Runs `setup` on a newly opened database and checks its tables; closes it when either fails. */
function prepared(db: Database.Database, where: string, setup: () => void): Database.Database {
  try {
    setup();
    checkTables(db, where);
    return db;
  } catch (error) {
    db.close();
    throw error;
  }
}

/** Both tables are there with tsol's columns (a report of another program's database says so plainly). */
function checkTables(db: Database.Database, where: string): void {
  for (const [table, wanted] of Object.entries(COLUMNS)) {
    const columns = new Set(
      (db.prepare(`PRAGMA table_info(${table})`).all() as { name: unknown }[]).map((c) => c.name),
    );
    if (columns.size === 0)
      throw new SurveyError(
        "survey_store",
        `${where} is not a survey database of tsol (it has no ${table} table)`,
      );
    const lacking = wanted.filter((c) => !columns.has(c));
    if (lacking.length) {
      throw new SurveyError(
        "survey_store",
        `${where} is not a survey database of tsol (its ${table} table has no column ${lacking.join(", ")})`,
      );
    }
  }
}

/**
 * Refuses a --db that would lose the survey or is not a file: an empty name and ":memory:" are SQLite's private
 * temporary databases, thrown away when the command ends; a folder cannot be one.
 */
function checkFileName(file: string, where: string): void {
  if (file === "" || file === ":memory:") {
    throw new SurveyError(
      "usage",
      `--db ${file === "" ? "takes a file name, not an empty one" : ":memory: is not a file"}: SQLite would keep the survey in a temporary database and throw it away at the end; give a file, such as tsol-survey.db`,
    );
  }
  let folder = false;
  try {
    folder = statSync(file).isDirectory();
  } catch {
    // Not there (a new survey creates it) or not to be looked at: opening it says why.
  }
  if (folder) {
    throw new SurveyError(
      "usage",
      `--db ${where} is a folder, not a survey database file; give a file, such as ${where.replace(/\/+$/, "")}/tsol-survey.db`,
    );
  }
}
