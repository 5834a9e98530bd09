import Database from "better-sqlite3";
import {
  canonicalJson,
  type DealRange,
  type DealResult,
  type SurveyBudget,
  SurveyError,
  type SurveySettings,
  settingsMismatch,
} from "./settings.ts";

/** A survey as a store holds it. */
export interface StoredSurvey extends SurveySettings {
  id: number;
  /** When it started (ISO 8601). */
  created: string;
}

/** Results by outcome. */
export interface OutcomeCounts {
  solved: number;
  unsolvable: number;
  unknown: number;
}

/**
 * Where surveys and their results live: SQLite on one machine, PostgreSQL for many. Every write is idempotent:
 * a deal's result is written once (a unique key on survey and deal); writing it again changes nothing, so a
 * range solved twice after a crash counts once.
 */
export interface SurveyStore {
  /** Where, for messages: the file, or the database without its password. */
  readonly where: string;
  /** Starts the survey, or returns the stored one when its settings match; refuses a resume with others. */
  open(settings: SurveySettings): Promise<StoredSurvey>;
  find(name: string): Promise<StoredSurvey | undefined>;
  list(): Promise<StoredSurvey[]>;
  /** The deals of `first..last` that already have a result. */
  doneIn(survey: number, first: number, last: number): Promise<number[]>;
  counts(survey: number): Promise<OutcomeCounts>;
  /** Outcomes of the results whose deals fall in `ranges`. */
  countsIn(survey: number, ranges: readonly DealRange[]): Promise<OutcomeCounts>;
  /** Writes results in one transaction; those of deals that already have one are left alone. */
  record(survey: number, results: readonly DealResult[]): Promise<void>;
  /** A retry's results: each replaces the deal's result only while that one is still unknown. */
  replaceUnknown(survey: number, results: readonly DealResult[]): Promise<void>;
  /** The unknown deals, with the budget each was given. */
  unknownDeals(survey: number): Promise<{ deal: number; budget: SurveyBudget }[]>;
  /** Every result of the survey, by deal. */
  results(survey: number): Promise<DealResult[]>;
  close(): Promise<void>;
}

interface SurveyRow {
  id: number;
  name: string;
  game: string;
  rules: string;
  numbering: string;
  policy: string;
  budget: string;
  solver_version: string;
  created: string;
}

export interface ResultRow {
  deal: number;
  outcome: string;
  length: number | null;
  positions: number;
  ms: number;
  budget: string;
  note: string | null;
}

export function surveyFromRow(row: SurveyRow): StoredSurvey {
  return {
    id: Number(row.id),
    name: row.name,
    game: row.game,
    rules: JSON.parse(row.rules) as Record<string, unknown>,
    numbering: row.numbering as StoredSurvey["numbering"],
    policy: row.policy as StoredSurvey["policy"],
    budget: JSON.parse(row.budget) as SurveyBudget,
    solverVersion: row.solver_version,
    created: row.created,
  };
}

export function resultFromRow(row: ResultRow): DealResult {
  return {
    deal: Number(row.deal),
    outcome: row.outcome as DealResult["outcome"],
    length: row.length === null ? null : Number(row.length),
    positions: Number(row.positions),
    ms: Number(row.ms),
    budget: JSON.parse(row.budget) as SurveyBudget,
    ...(row.note ? { note: row.note } : {}),
  };
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
CREATE VIEW IF NOT EXISTS survey_results AS
  SELECT s.name AS survey, s.game, s.rules, s.numbering, s.policy, r.budget, s.solver_version, r.deal, r.outcome,
         r.length, r.positions, r.ms, r.note
  FROM results r JOIN surveys s ON s.id = r.survey;
`;

/**
 * The embedded store: one SQLite file (better-sqlite3). Written in WAL mode with a transaction per batch of
 * results, so a process killed at any moment leaves every committed batch whole and nothing half-written; the
 * deals of a batch that had not committed are simply solved again on the resume.
 */
export class SqliteStore implements SurveyStore {
  private readonly db: Database.Database;

  /** Opens (or, unless `mustExist`, creates) the file. */
  constructor(
    readonly where: string,
    { mustExist = false } = {},
  ) {
    try {
      this.db = new Database(where, { fileMustExist: mustExist });
      this.db.pragma("journal_mode = WAL");
      // WAL with synchronous NORMAL survives a killed process (only an operating system crash may lose the last
      // batches, which the resume solves again).
      this.db.pragma("synchronous = NORMAL");
      this.db.pragma("busy_timeout = 10000");
      this.db.exec(SCHEMA);
    } catch (error) {
      const missing = mustExist && (error as { code?: string }).code === "SQLITE_CANTOPEN";
      throw new SurveyError(
        "survey_store",
        missing
          ? `no survey database ${where} (give the file with --db)`
          : `cannot open the survey database ${where}: ${(error as Error).message}`,
      );
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
    return start.immediate();
  }

  private findNow(name: string): StoredSurvey | undefined {
    const row = this.db.prepare("SELECT * FROM surveys WHERE name = ?").get(name) as SurveyRow | undefined;
    return row ? surveyFromRow(row) : undefined;
  }

  async find(name: string): Promise<StoredSurvey | undefined> {
    return this.findNow(name);
  }

  async list(): Promise<StoredSurvey[]> {
    return (this.db.prepare("SELECT * FROM surveys ORDER BY id").all() as SurveyRow[]).map(surveyFromRow);
  }

  async doneIn(survey: number, first: number, last: number): Promise<number[]> {
    return this.db
      .prepare("SELECT deal FROM results WHERE survey = ? AND deal BETWEEN ? AND ? ORDER BY deal")
      .pluck()
      .all(survey, first, last) as number[];
  }

  async counts(survey: number): Promise<OutcomeCounts> {
    const counts: OutcomeCounts = { solved: 0, unsolvable: 0, unknown: 0 };
    const rows = this.db
      .prepare("SELECT outcome, COUNT(*) AS n FROM results WHERE survey = ? GROUP BY outcome")
      .all(survey) as { outcome: keyof OutcomeCounts; n: number }[];
    for (const row of rows) counts[row.outcome] = row.n;
    return counts;
  }

  async countsIn(survey: number, ranges: readonly DealRange[]): Promise<OutcomeCounts> {
    const counts: OutcomeCounts = { solved: 0, unsolvable: 0, unknown: 0 };
    const statement = this.db.prepare(
      "SELECT outcome, COUNT(*) AS n FROM results WHERE survey = ? AND deal BETWEEN ? AND ? GROUP BY outcome",
    );
    for (const r of ranges) {
      for (const row of statement.all(survey, r.first, r.last) as {
        outcome: keyof OutcomeCounts;
        n: number;
      }[]) {
        counts[row.outcome] += row.n;
      }
    }
    return counts;
  }

  async record(survey: number, results: readonly DealResult[]): Promise<void> {
    const insert = this.db.prepare(
      "INSERT INTO results (survey, deal, outcome, length, positions, ms, budget, note) VALUES (?, ?, ?, ?, ?, ?, ?, ?) ON CONFLICT (survey, deal) DO NOTHING",
    );
    this.db.transaction(() => {
      for (const r of results) insert.run(...resultValues(survey, r));
    })();
  }

  async replaceUnknown(survey: number, results: readonly DealResult[]): Promise<void> {
    const update = this.db.prepare(
      "UPDATE results SET outcome = ?, length = ?, positions = ?, ms = ?, budget = ?, note = ? WHERE survey = ? AND deal = ? AND outcome = 'unknown'",
    );
    this.db.transaction(() => {
      for (const r of results) {
        const [s, deal, ...rest] = resultValues(survey, r);
        update.run(...rest, s, deal);
      }
    })();
  }

  async unknownDeals(survey: number): Promise<{ deal: number; budget: SurveyBudget }[]> {
    const rows = this.db
      .prepare("SELECT deal, budget FROM results WHERE survey = ? AND outcome = 'unknown' ORDER BY deal")
      .all(survey) as { deal: number; budget: string }[];
    return rows.map((r) => ({ deal: r.deal, budget: JSON.parse(r.budget) as SurveyBudget }));
  }

  async results(survey: number): Promise<DealResult[]> {
    const rows = this.db
      .prepare(
        "SELECT deal, outcome, length, positions, ms, budget, note FROM results WHERE survey = ? ORDER BY deal",
      )
      .all(survey) as ResultRow[];
    return rows.map(resultFromRow);
  }

  async close(): Promise<void> {
    this.db.close();
  }
}
