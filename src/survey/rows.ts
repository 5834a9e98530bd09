import { dealRange, isDealNumber, type Numbering } from "../cards/deals/layout.ts";
import { quoteToken } from "../cards/text.ts";
import type { AnyPatienceGame, AutoPolicy } from "../games/patience/contract.ts";
import { findPatience, PATIENCE_GAMES } from "../games/registry.ts";
import {
  canonicalJson,
  type DealResult,
  type SurveyBudget,
  SurveyError,
  type SurveySettings,
  showName,
} from "./settings.ts";

/**
 * Reading a store's rows back. A survey database is a file like any other: someone may have edited it, a disk may
 * have damaged it, it may come from someone else. Every value is checked here as it is read (the one place both
 * stores, SQLite and PostgreSQL, go through), and a value that is not what tsol wrote stops the command with a
 * message naming the survey, the column and what is wrong with it, instead of a stack trace or a figure made of
 * nonsense.
 */

/** A survey as a store holds it: its settings, the row id its results are keyed by, and when it started. */
export interface StoredSurvey extends SurveySettings {
  id: number;
  /** When it started (ISO 8601). */
  created: string;
}

/** A row of the surveys table as a driver returns it: any column may hold anything. */
export type SurveyRow = Record<string, unknown>;
/** A row of the results table (deal, outcome, length, positions, ms, budget, note). */
export type ResultRow = Record<string, unknown>;

/** The largest time budget a deal may have: about 31 years, far beyond any survey. */
export const MAX_BUDGET_MS = 1e12;
/** The largest memory budget, in megabytes (8 PiB; the bytes stay an exact number). */
export const MAX_BUDGET_MB = 2 ** 33;

const OUTCOMES: readonly DealResult["outcome"][] = ["solved", "unsolvable", "unknown"];

/** The store holds a value tsol did not write: code `survey_corrupt`. */
export class CorruptSurveyError extends SurveyError {
  constructor(where: string, whose: string, column: string, problem: string) {
    super(
      "survey_corrupt",
      `the survey database ${where} holds a value tsol did not write: ${whose}, column ${column}: ${problem}. ` +
        "It was changed outside tsol or is damaged; mend or delete that row, or start a new survey in another --db",
    );
    this.name = "CorruptSurveyError";
  }
}

/** A stored value as a message shows it: text quoted and escaped (and cut), a blob by its size. */
export function showValue(value: unknown): string {
  if (value === null || value === undefined) return "NULL";
  if (typeof value === "string") return quoteToken(value);
  if (typeof value === "number" || typeof value === "bigint" || typeof value === "boolean")
    return String(value);
  if (value instanceof Uint8Array) return `a blob of ${value.length} bytes`;
  return quoteToken(canonicalJson(value) ?? String(value));
}

/** Reads one row's columns, each checked; `whose` names the row in messages. */
class Columns {
  constructor(
    private readonly where: string,
    private readonly whose: string,
    private readonly row: Record<string, unknown>,
  ) {}

  fail(column: string, problem: string): never {
    throw new CorruptSurveyError(this.where, this.whose, column, problem);
  }

  text(column: string, { empty = true } = {}): string {
    const value = this.row[column];
    if (typeof value !== "string") this.fail(column, `${showValue(value)} is not text`);
    if (!empty && value === "") this.fail(column, "it is empty");
    return value;
  }

  optionalText(column: string): string | undefined {
    const value = this.row[column];
    if (value === null || value === undefined) return undefined;
    return this.text(column);
  }

  /** A whole number from `low` to `high`; PostgreSQL gives a BIGINT as text. */
  whole(column: string, low: number, high = Number.MAX_SAFE_INTEGER): number {
    const value = this.row[column];
    const n =
      typeof value === "number"
        ? value
        : typeof value === "bigint" || (typeof value === "string" && /^-?\d{1,20}$/.test(value))
          ? Number(value)
          : Number.NaN;
    if (!Number.isSafeInteger(n) || n < low || n > high)
      this.fail(
        column,
        `${showValue(value)} is not a whole number from ${low} to ${high.toLocaleString("en")}`,
      );
    return n;
  }

  /** A number from 0 to `high` (a time in ms). */
  amount(column: string, high: number): number {
    const value = this.row[column];
    if (typeof value !== "number" || !Number.isFinite(value) || value < 0 || value > high)
      this.fail(column, `${showValue(value)} is not a number from 0 to ${high.toLocaleString("en")}`);
    return value;
  }

  json(column: string): unknown {
    const text = this.text(column);
    try {
      return JSON.parse(text) as unknown;
    } catch {
      return this.fail(column, `${showValue(text)} is not JSON`);
    }
  }

  budget(column: string): SurveyBudget {
    const value = this.json(column);
    const problem = budgetProblem(value);
    if (problem) this.fail(column, problem);
    return budgetOf(value as SurveyBudget);
  }
}

/** Why `value` is not a budget a survey could have given, or undefined when it is one. */
export function budgetProblem(value: unknown): string | undefined {
  if (value === null || typeof value !== "object" || Array.isArray(value))
    return `${showValue(value)} is not a budget (an object of positions, ms and mb)`;
  const limits: Record<string, number> = {
    positions: Number.MAX_SAFE_INTEGER,
    ms: MAX_BUDGET_MS,
    mb: MAX_BUDGET_MB,
  };
  for (const [key, amount] of Object.entries(value)) {
    const high = limits[key];
    if (high === undefined) return `a budget has no ${quoteToken(key)} (only positions, ms and mb)`;
    if (typeof amount !== "number" || !Number.isSafeInteger(amount) || amount < 1 || amount > high)
      return `the budget's ${key} ${showValue(amount)} is not a whole number from 1 to ${high.toLocaleString("en")}`;
  }
  const budget = value as SurveyBudget;
  if (budget.positions === undefined && budget.ms === undefined)
    return `the budget ${showValue(value)} bounds neither positions nor time`;
  return undefined;
}

/** A checked budget, its keys in canonical order (so that two equal budgets are equal as JSON too). */
function budgetOf(value: SurveyBudget): SurveyBudget {
  return JSON.parse(canonicalJson(value)) as SurveyBudget;
}

/** Reads a budget stored as JSON; `whose` and `column` name it in messages. */
export function budgetFromText(text: unknown, where: string, whose: string, column = "budget"): SurveyBudget {
  return new Columns(where, whose, { [column]: text }).budget(column);
}

/** The game a stored survey names: one of the registry's patience games. */
function gameOf(columns: Columns, id: string): AnyPatienceGame {
  const game = findPatience(id);
  if (!game) {
    columns.fail(
      "game",
      `${showValue(id)} is not a patience game of tsol (${PATIENCE_GAMES.map((g) => g.id).join(", ")})`,
    );
  }
  return game;
}

/** A survey row read back, every column checked against the registry and the game's rule schema. */
export function surveyFromRow(row: SurveyRow, where: string): StoredSurvey {
  const byId = new Columns(where, `survey id ${showValue(row.id)}`, row);
  const id = byId.whole("id", Number.MIN_SAFE_INTEGER);
  const name = byId.text("name");
  const c = new Columns(where, `survey ${showName(name)}`, row);
  const game = gameOf(c, c.text("game"));
  const rulesValue = c.json("rules");
  if (rulesValue === null || typeof rulesValue !== "object" || Array.isArray(rulesValue))
    c.fail("rules", `${showValue(rulesValue)} is not an object of rules`);
  const rules = rulesValue as Record<string, unknown>;
  try {
    game.rules.make(rules);
  } catch (error) {
    c.fail("rules", `not rules of ${game.title}: ${(error as Error).message}`);
  }
  const numbering = c.text("numbering") as Numbering;
  if (!game.numberings.includes(numbering))
    c.fail(
      "numbering",
      `${showValue(numbering)} is not a numbering of ${game.title} (${game.numberings.join(", ")})`,
    );
  const policy = c.text("policy") as AutoPolicy;
  if (!game.policies.includes(policy))
    c.fail(
      "policy",
      `${showValue(policy)} is not an automatic-move policy of ${game.title} (${game.policies.join(", ")})`,
    );
  const budget = c.budget("budget");
  const solverVersion = c.text("solver_version", { empty: false });
  const created = c.text("created");
  if (!Number.isFinite(Date.parse(created))) c.fail("created", `${showValue(created)} is not a date`);
  return { id, name, game: game.id, rules, numbering, policy, budget, solverVersion, created };
}

/** What a message calls a survey's row in the results table, before its deal number is known to be one. */
const resultOf = (survey: StoredSurvey, deal: unknown): string =>
  `survey ${showName(survey.name)}, result of deal ${showValue(deal)}`;

/** A result's deal number, checked against the survey's numbering. */
export function dealFromRow(value: unknown, survey: StoredSurvey, where: string): number {
  const [low, high] = dealRange(survey.numbering);
  const c = new Columns(where, `survey ${showName(survey.name)}, a result`, { deal: value });
  const deal = c.whole("deal", low, high);
  if (!isDealNumber(deal, survey.numbering))
    c.fail("deal", `${deal} is not a ${survey.numbering} deal (${low} to ${high.toLocaleString("en")})`);
  return deal;
}

/** A result's outcome: solved, unsolvable or unknown. */
export function outcomeFromRow(
  value: unknown,
  survey: StoredSurvey,
  where: string,
  deal?: unknown,
): DealResult["outcome"] {
  const whose = deal === undefined ? `survey ${showName(survey.name)}, a result` : resultOf(survey, deal);
  if (typeof value !== "string" || !OUTCOMES.includes(value as DealResult["outcome"]))
    new Columns(where, whose, {}).fail("outcome", `${showValue(value)} is not one of ${OUTCOMES.join(", ")}`);
  return value as DealResult["outcome"];
}

/** A result row read back, every column checked. */
export function resultFromRow(row: ResultRow, survey: StoredSurvey, where: string): DealResult {
  const deal = dealFromRow(row.deal, survey, where);
  const c = new Columns(where, resultOf(survey, deal), row);
  const outcome = outcomeFromRow(row.outcome, survey, where, deal);
  let length: number | null = null;
  if (outcome === "solved") length = c.whole("length", 0);
  else if (row.length !== null && row.length !== undefined)
    c.fail("length", `${showValue(row.length)}, where a deal not solved has none (NULL)`);
  const positions = c.whole("positions", 0);
  const ms = c.amount("ms", Number.MAX_SAFE_INTEGER);
  const budget = c.budget("budget");
  const note = c.optionalText("note");
  return { deal, outcome, length, positions, ms, budget, ...(note ? { note } : {}) };
}
