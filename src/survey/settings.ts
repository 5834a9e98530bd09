import { dealRange, type Numbering } from "../cards/deals/layout.ts";
import { quoteToken, shortText } from "../cards/text.ts";
import type { AnyPatienceGame, AutoPolicy } from "../games/patience/contract.ts";
import { type Budget, DEFAULT_MAX_BYTES } from "../search/budget.ts";

/**
 * What a survey is fixed to when it starts: the game and its rules, the numbering, the automatic-move policy,
 * the budget a deal gets and the solver version. A resume must match every one of them, so that every deal of a
 * survey is decided under the same conditions.
 */
export interface SurveySettings {
  /** The survey's name in its store (one store may hold several surveys): by default the game's id. */
  name: string;
  game: string;
  /** The rules in full (the schema's `make` applied), so that a default changed later cannot move them. */
  rules: Record<string, unknown>;
  numbering: Numbering;
  policy: AutoPolicy;
  budget: SurveyBudget;
  solverVersion: string;
}

/**
 * A survey's budget per deal: positions (the same undecided deals on every machine) or time, and the megabytes the
 * search's tables may take (absent: the solver's default, 512).
 */
export interface SurveyBudget {
  positions?: number;
  ms?: number;
  mb?: number;
}

/** The tables' megabytes when a budget names none. */
export const DEFAULT_MB = DEFAULT_MAX_BYTES / 2 ** 20;

/** The outcome of one deal, as stored. */
export interface DealResult {
  deal: number;
  outcome: "solved" | "unsolvable" | "unknown";
  /**
   * The solution's moves, every one written out: automatic moves count, a run moved as one counts one (count (a)
   * of docs/solver.md); null unless solved.
   */
  length: number | null;
  positions: number;
  ms: number;
  /** The budget this deal was decided under (a retry gives some deals a larger one). */
  budget: SurveyBudget;
  /**
   * Why a deal is unknown when its positions or time did not stop it: an error, a solution that did not replay, the
   * memory budget.
   */
  note?: string;
}

export class SurveyError extends Error {
  constructor(
    readonly code: string,
    message: string,
  ) {
    super(message);
    this.name = "SurveyError";
  }
}

/**
 * A survey's name as a message shows it: in double quotes, control characters escaped (a name may come from a
 * database someone else made), cut when very long.
 */
export function showName(name: string): string {
  return quoteToken(name, 80);
}

/** A solver version as a message shows it (one from a database is text like any other): escaped, cut. */
export function showVersion(version: string): string {
  return shortText(version, 80);
}

/** JSON with the keys of every object sorted: equal settings give equal text, so stores can compare them. */
export function canonicalJson(value: unknown): string {
  return JSON.stringify(value, (_key, v: unknown) =>
    v !== null && typeof v === "object" && !Array.isArray(v)
      ? Object.fromEntries(Object.entries(v as Record<string, unknown>).sort(([a], [b]) => (a < b ? -1 : 1)))
      : v,
  );
}

/** The budget as a worker request takes it. */
export function requestBudget(budget: SurveyBudget): Budget {
  return {
    ...(budget.positions !== undefined ? { positions: budget.positions } : {}),
    ...(budget.ms !== undefined ? { ms: budget.ms } : {}),
    ...(budget.mb !== undefined ? { bytes: budget.mb * 2 ** 20 } : {}),
  };
}

export function describeBudget(budget: SurveyBudget): string {
  const parts: string[] = [];
  if (budget.positions !== undefined) parts.push(`${budget.positions.toLocaleString("en")} positions`);
  if (budget.ms !== undefined) parts.push(`${budget.ms / 1000} s`);
  if (budget.mb !== undefined) parts.push(`${budget.mb.toLocaleString("en")} MB`);
  return parts.length ? parts.join(" and ") : "no budget";
}

/** Whether budget `a` lets a search go at least as far as `b` in every respect, and further in one. */
export function isLarger(a: SurveyBudget, b: SurveyBudget): boolean {
  const pa = a.positions ?? Number.POSITIVE_INFINITY;
  const pb = b.positions ?? Number.POSITIVE_INFINITY;
  const ta = a.ms ?? Number.POSITIVE_INFINITY;
  const tb = b.ms ?? Number.POSITIVE_INFINITY;
  const ma = a.mb ?? DEFAULT_MB;
  const mb = b.mb ?? DEFAULT_MB;
  return pa >= pb && ta >= tb && ma >= mb && (pa > pb || ta > tb || ma > mb);
}

/**
 * Why a resume cannot go on with `given` where the store holds `stored`, in words naming each difference and
 * what to do, or undefined when they match.
 */
export function settingsMismatch(
  stored: SurveySettings,
  given: SurveySettings,
  where: string,
): string | undefined {
  const differences: string[] = [];
  if (stored.game !== given.game) differences.push(`the game (${stored.game}, not ${given.game})`);
  if (canonicalJson(stored.rules) !== canonicalJson(given.rules))
    differences.push(`the rules (${describeRulesDiff(stored.rules, given.rules)})`);
  if (stored.numbering !== given.numbering)
    differences.push(`the numbering (${stored.numbering}, not ${given.numbering})`);
  if (stored.policy !== given.policy)
    differences.push(`the automatic moves (--auto ${stored.policy}, not ${given.policy})`);
  if (canonicalJson(stored.budget) !== canonicalJson(given.budget))
    differences.push(`the budget (${describeBudget(stored.budget)}, not ${describeBudget(given.budget)})`);
  if (stored.solverVersion !== given.solverVersion)
    differences.push(
      `the solver version (${showVersion(stored.solverVersion)}, not ${showVersion(given.solverVersion)})`,
    );
  if (differences.length === 0) return undefined;
  const advice =
    stored.solverVersion !== given.solverVersion && differences.length === 1
      ? "the solver changed since the survey started, so its verdicts could differ: start a new survey with --name (or another --db)"
      : "resume with the same settings, or start a new survey with --name NAME (or another --db)";
  return `survey ${showName(stored.name)} in ${where} was started with other settings: ${differences.join("; ")}. A survey's settings are fixed when it starts; ${advice}`;
}

function describeRulesDiff(a: Record<string, unknown>, b: Record<string, unknown>): string {
  const keys = [...new Set([...Object.keys(a), ...Object.keys(b)])].sort();
  return keys
    .filter((k) => canonicalJson(a[k]) !== canonicalJson(b[k]))
    .map((k) => `${k} ${JSON.stringify(a[k])}, not ${JSON.stringify(b[k])}`)
    .join(", ");
}

/** An inclusive range of deal numbers. */
export interface DealRange {
  first: number;
  last: number;
}

/** The most deals one command takes: the store and the progress line count them in ordinary numbers. */
const MAX_DEALS = 10_000_000_000;

/** Reads `1-100000`, `7`, or a comma list `1-100,500-600`; ranges are checked against the numbering. */
export function parseDeals(text: string, numbering: Numbering): DealRange[] {
  const [low, high] = dealRange(numbering);
  const ranges: DealRange[] = [];
  for (const part of text.split(",")) {
    const m = /^\s*(\d{1,12})\s*(?:(?:-|\.\.)\s*(\d{1,12}))?\s*$/.exec(part);
    if (!m) {
      throw new SurveyError(
        "usage",
        `--deals takes a range such as 1-100000, a deal number, or a comma list of them; not "${part.trim().slice(0, 40)}"`,
      );
    }
    const first = Number(m[1]);
    const last = m[2] === undefined ? first : Number(m[2]);
    if (first > last) throw new SurveyError("usage", `--deals ${first}-${last}: the range runs backwards`);
    if (first < low || last > high) {
      throw new SurveyError(
        "usage",
        `--deals ${first}-${last}: ${numbering} deals are numbered ${low} to ${high}`,
      );
    }
    ranges.push({ first, last });
  }
  ranges.sort((a, b) => a.first - b.first);
  const merged: DealRange[] = [];
  for (const r of ranges) {
    const top = merged[merged.length - 1];
    if (top && r.first <= top.last + 1) top.last = Math.max(top.last, r.last);
    else merged.push({ ...r });
  }
  const count = merged.reduce((n, r) => n + r.last - r.first + 1, 0);
  if (count > MAX_DEALS)
    throw new SurveyError("usage", `--deals: at most ${MAX_DEALS.toLocaleString("en")} deals a command`);
  return merged;
}

export const countDeals = (ranges: readonly DealRange[]): number =>
  ranges.reduce((n, r) => n + r.last - r.first + 1, 0);

/** The settings of a new survey of `game`, checked against the game's schema. */
export function makeSettings(
  game: AnyPatienceGame,
  options: {
    name?: string;
    /** Rules as given (partial) or as the schema made them; only the schema's fields are kept. */
    rules: Record<string, unknown>;
    numbering?: Numbering;
    policy?: AutoPolicy;
    budget: SurveyBudget;
    solverVersion: string;
  },
): SurveySettings {
  const numbering = options.numbering ?? game.numberings[0];
  if (!game.numberings.includes(numbering)) {
    throw new SurveyError(
      "usage",
      `${game.title} has no ${numbering} numbering (it has ${game.numberings.join(", ")})`,
    );
  }
  const policy = options.policy ?? game.policies[0];
  if (!game.policies.includes(policy)) {
    throw new SurveyError(
      "usage",
      `${game.title} has no automatic-move policy "${policy}" (it has ${game.policies.join(", ")})`,
    );
  }
  // The schema's fields only: `make` fills in the engine's fixed parts too (King Albert's reserve), which are
  // not rules a player chooses and which `make` would refuse when given back.
  const fields = game.rules.fields.map((f) => f.key);
  const given = Object.fromEntries(Object.entries(options.rules).filter(([k]) => fields.includes(k)));
  const made = game.rules.make(given) as Record<string, unknown>;
  const rules = Object.fromEntries(game.rules.fields.map((f) => [f.key, made[f.key]]));
  return {
    name: options.name ?? game.id,
    game: game.id,
    rules: JSON.parse(canonicalJson(rules)) as Record<string, unknown>,
    numbering,
    policy,
    budget: options.budget,
    solverVersion: options.solverVersion,
  };
}
