import pg from "pg";
import { escapeControls } from "../cards/text.ts";
import { type ResultRow, resultFromRow, type StoredSurvey, type SurveyRow, surveyFromRow } from "./rows.ts";
import {
  canonicalJson,
  type DealRange,
  type DealResult,
  type SurveyBudget,
  SurveyError,
  type SurveySettings,
  settingsMismatch,
} from "./settings.ts";
import {
  addCounts,
  type BlindGame,
  type BlindGroup,
  type OutcomeCounts,
  resultValues,
  type SurveyStore,
  unknownFromRows,
} from "./store.ts";

/** The address without its password, for messages (control characters escaped). */
export function safeUrl(url: string): string {
  try {
    const u = new URL(url);
    if (u.password) u.password = "***";
    return escapeControls(u.toString());
  } catch {
    return "the PostgreSQL address given";
  }
}

/** The advisory lock held while the tables are made ("tsol" in ASCII). */
const SCHEMA_LOCK = 0x74736f6c;

const SCHEMA = `
CREATE TABLE IF NOT EXISTS tsol_surveys (
  id SERIAL PRIMARY KEY,
  name TEXT NOT NULL UNIQUE,
  game TEXT NOT NULL,
  rules TEXT NOT NULL,
  numbering TEXT NOT NULL,
  policy TEXT NOT NULL,
  budget TEXT NOT NULL,
  solver_version TEXT NOT NULL,
  created TEXT NOT NULL
);
CREATE TABLE IF NOT EXISTS tsol_survey_results (
  survey INTEGER NOT NULL REFERENCES tsol_surveys (id),
  deal BIGINT NOT NULL,
  outcome TEXT NOT NULL CHECK (outcome IN ('solved', 'unsolvable', 'unknown')),
  length INTEGER,
  positions BIGINT NOT NULL,
  ms DOUBLE PRECISION NOT NULL,
  budget TEXT NOT NULL,
  note TEXT,
  PRIMARY KEY (survey, deal)
);
CREATE TABLE IF NOT EXISTS tsol_blind_games (
  settings TEXT NOT NULL,
  deal BIGINT NOT NULL,
  won BOOLEAN NOT NULL,
  moves INTEGER NOT NULL CHECK (moves >= 0),
  ms DOUBLE PRECISION NOT NULL CHECK (ms >= 0),
  stored TIMESTAMPTZ NOT NULL DEFAULT now(),
  PRIMARY KEY (settings, deal)
);
`;

/**
 * The shared store of a survey run on many machines: two tables in PostgreSQL beside BullMQ's own. Results are
 * keyed by survey and deal and inserted with ON CONFLICT DO NOTHING, so a job run again after its worker died
 * writes each deal once.
 */
export class PostgresStore implements SurveyStore {
  readonly where: string;
  private readonly pool: pg.Pool;
  private ready: Promise<void> | undefined;

  constructor(url: string) {
    this.where = safeUrl(url);
    this.pool = new pg.Pool({ connectionString: url, max: 4 });
    // An idle client's error (the server restarting) must not end the process; the next query reports it.
    this.pool.on("error", () => {});
  }

  /** Creates the tables once; an advisory lock keeps two machines starting at once from racing on it. */
  private init(): Promise<void> {
    this.ready ??= (async () => {
      const client = await this.connect();
      try {
        await client.query(`SELECT pg_advisory_lock(${SCHEMA_LOCK})`);
        await client.query(SCHEMA);
      } finally {
        await client.query(`SELECT pg_advisory_unlock(${SCHEMA_LOCK})`).catch(() => {});
        client.release();
      }
    })();
    return this.ready;
  }

  private async connect(): Promise<pg.PoolClient> {
    try {
      return await this.pool.connect();
    } catch (error) {
      throw new SurveyError(
        "survey_store",
        `cannot reach PostgreSQL at ${this.where}: ${escapeControls((error as Error).message)}`,
      );
    }
  }

  private async query<R extends pg.QueryResultRow>(text: string, values: unknown[] = []): Promise<R[]> {
    await this.init();
    try {
      return (await this.pool.query<R>(text, values)).rows;
    } catch (error) {
      throw new SurveyError(
        "survey_store",
        `PostgreSQL at ${this.where}: ${escapeControls((error as Error).message)}`,
      );
    }
  }

  async open(settings: SurveySettings): Promise<StoredSurvey> {
    await this.init();
    const values = [
      settings.name,
      settings.game,
      canonicalJson(settings.rules),
      settings.numbering,
      settings.policy,
      canonicalJson(settings.budget),
      settings.solverVersion,
      new Date().toISOString(),
    ];
    // Inserted unless there; then read back, whoever inserted it, and compared.
    await this.query(
      "INSERT INTO tsol_surveys (name, game, rules, numbering, policy, budget, solver_version, created) VALUES ($1, $2, $3, $4, $5, $6, $7, $8) ON CONFLICT (name) DO NOTHING",
      values,
    );
    const known = (await this.find(settings.name)) as StoredSurvey;
    const problem = settingsMismatch(known, settings, this.where);
    if (problem) throw new SurveyError("survey_settings", problem);
    return known;
  }

  async find(name: string): Promise<StoredSurvey | undefined> {
    const [row] = await this.query<SurveyRow>("SELECT * FROM tsol_surveys WHERE name = $1", [name]);
    return row ? surveyFromRow(row, this.where) : undefined;
  }

  async byId(id: number): Promise<StoredSurvey | undefined> {
    const [row] = await this.query<SurveyRow>("SELECT * FROM tsol_surveys WHERE id = $1", [id]);
    return row ? surveyFromRow(row, this.where) : undefined;
  }

  async list(): Promise<StoredSurvey[]> {
    return (await this.query<SurveyRow>("SELECT * FROM tsol_surveys ORDER BY id")).map((row) =>
      surveyFromRow(row, this.where),
    );
  }

  async doneIn(survey: number, first: number, last: number): Promise<number[]> {
    const rows = await this.query<{ deal: string }>(
      "SELECT deal FROM tsol_survey_results WHERE survey = $1 AND deal BETWEEN $2 AND $3 ORDER BY deal",
      [survey, first, last],
    );
    return rows.map((r) => Number(r.deal));
  }

  /** How many deals of `first..last` have a result. */
  async countIn(survey: number, first: number, last: number): Promise<number> {
    const [row] = await this.query<{ n: string }>(
      "SELECT COUNT(*) AS n FROM tsol_survey_results WHERE survey = $1 AND deal BETWEEN $2 AND $3",
      [survey, first, last],
    );
    return Number(row.n);
  }

  async counts(survey: StoredSurvey): Promise<OutcomeCounts> {
    const rows = await this.query<{ outcome: unknown; n: string }>(
      "SELECT outcome, COUNT(*) AS n FROM tsol_survey_results WHERE survey = $1 GROUP BY outcome",
      [survey.id],
    );
    return addCounts({ solved: 0, unsolvable: 0, unknown: 0 }, rows, survey, this.where);
  }

  async countsIn(survey: StoredSurvey, ranges: readonly DealRange[]): Promise<OutcomeCounts> {
    const counts: OutcomeCounts = { solved: 0, unsolvable: 0, unknown: 0 };
    for (const r of ranges) {
      const rows = await this.query<{ outcome: unknown; n: string }>(
        "SELECT outcome, COUNT(*) AS n FROM tsol_survey_results WHERE survey = $1 AND deal BETWEEN $2 AND $3 GROUP BY outcome",
        [survey.id, r.first, r.last],
      );
      addCounts(counts, rows, survey, this.where);
    }
    return counts;
  }

  async record(survey: number, results: readonly DealResult[]): Promise<void> {
    if (results.length === 0) return;
    // One statement for the batch: it commits whole or not at all.
    const values: unknown[] = [];
    const tuples = results.map((r) => {
      const row = resultValues(survey, r);
      const base = values.length;
      values.push(...row);
      return `(${row.map((_, i) => `$${base + i + 1}`).join(", ")})`;
    });
    await this.query(
      `INSERT INTO tsol_survey_results (survey, deal, outcome, length, positions, ms, budget, note) VALUES ${tuples.join(", ")} ON CONFLICT (survey, deal) DO NOTHING`,
      values,
    );
  }

  async replaceUnknown(survey: number, results: readonly DealResult[]): Promise<void> {
    const client = await this.connect();
    try {
      await client.query("BEGIN");
      for (const r of results) {
        const [s, deal, ...rest] = resultValues(survey, r);
        await client.query(
          "UPDATE tsol_survey_results SET outcome = $1, length = $2, positions = $3, ms = $4, budget = $5, note = $6 WHERE survey = $7 AND deal = $8 AND outcome = 'unknown'",
          [...rest, s, deal],
        );
      }
      await client.query("COMMIT");
    } catch (error) {
      await client.query("ROLLBACK").catch(() => {});
      throw new SurveyError(
        "survey_store",
        `PostgreSQL at ${this.where}: ${escapeControls((error as Error).message)}`,
      );
    } finally {
      client.release();
    }
  }

  async unknownDeals(survey: StoredSurvey): Promise<{ deal: number; budget: SurveyBudget }[]> {
    const rows = await this.query<{ deal: unknown; budget: unknown }>(
      "SELECT deal, budget FROM tsol_survey_results WHERE survey = $1 AND outcome = 'unknown' ORDER BY deal",
      [survey.id],
    );
    return unknownFromRows(rows, survey, this.where);
  }

  async results(survey: StoredSurvey): Promise<DealResult[]> {
    const rows = await this.query<ResultRow>(
      "SELECT deal, outcome, length, positions, ms, budget, note FROM tsol_survey_results WHERE survey = $1 ORDER BY deal",
      [survey.id],
    );
    return rows.map((row) => resultFromRow(row, survey, this.where));
  }

  // The blind player's games (blind.ts), keyed by the settings' canonical JSON as in SQLite's blind_games.

  /** The deals of `first..last` stored under these settings. */
  async blindDone(settings: string, first: number, last: number): Promise<number[]> {
    const rows = await this.query<{ deal: string }>(
      "SELECT deal FROM tsol_blind_games WHERE settings = $1 AND deal BETWEEN $2 AND $3 ORDER BY deal",
      [settings, first, last],
    );
    return rows.map((r) => Number(r.deal));
  }

  /** Stores games in one statement (a deal already stored under these settings is left as it is). */
  async recordBlind(settings: string, games: readonly BlindGame[]): Promise<void> {
    if (games.length === 0) return;
    const values: unknown[] = [];
    const tuples = games.map((g) => {
      const base = values.length;
      values.push(settings, g.deal, g.won, g.moves, g.ms);
      return `($${base + 1}, $${base + 2}, $${base + 3}, $${base + 4}, $${base + 5})`;
    });
    await this.query(
      `INSERT INTO tsol_blind_games (settings, deal, won, moves, ms) VALUES ${tuples.join(", ")} ON CONFLICT (settings, deal) DO NOTHING`,
      values,
    );
  }

  /**
   * Each blind survey's games, grouped by settings (the settings' text, for the caller to read), in the order they
   * were begun; only the deals in `ranges` when given. The table's types and checks keep out most rows that are
   * not games; a time that is not a finite number (PostgreSQL takes NaN and Infinity) is refused.
   */
  async blindGroups(ranges?: readonly DealRange[]): Promise<BlindGroup[]> {
    const where = ranges?.length
      ? `WHERE ${ranges.map((_, i) => `deal BETWEEN $${2 * i + 1} AND $${2 * i + 2}`).join(" OR ")}`
      : "";
    const rows = await this.query<{
      settings: string;
      games: string;
      first: string;
      last: string;
      won: string;
      ms: number;
    }>(
      `SELECT settings, COUNT(*) AS games, MIN(deal) AS first, MAX(deal) AS last, COUNT(*) FILTER (WHERE won) AS won,
         SUM(ms) AS ms
       FROM tsol_blind_games ${where} GROUP BY settings ORDER BY MIN(stored), settings`,
      (ranges ?? []).flatMap((r) => [r.first, r.last]),
    );
    return rows.map((r) => {
      if (!Number.isFinite(r.ms))
        throw new SurveyError(
          "survey_store",
          `${this.where}: its table tsol_blind_games holds rows that are not a blind player's games`,
        );
      return {
        settings: r.settings,
        games: Number(r.games),
        first: Number(r.first),
        last: Number(r.last),
        won: Number(r.won),
        ms: r.ms,
      };
    });
  }

  /**
   * A read of BullMQ's tables (schema `bullmq`, beside the survey's) on the same connections, for the queue
   * (queue.ts); no rows while BullMQ has not made them.
   */
  async queueRows<R extends pg.QueryResultRow>(text: string, values: unknown[] = []): Promise<R[]> {
    await this.init();
    try {
      return (await this.pool.query<R>(text, values)).rows;
    } catch (error) {
      // undefined_table, invalid_schema_name: BullMQ has not made its schema in this database yet.
      const code = (error as { code?: unknown }).code;
      if (code === "42P01" || code === "3F000") return [];
      throw new SurveyError(
        "survey_store",
        `PostgreSQL at ${this.where}: ${escapeControls((error as Error).message)}`,
      );
    }
  }

  async close(): Promise<void> {
    await this.pool.end();
  }
}
