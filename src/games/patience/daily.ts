import type { Numbering } from "../../cards/deals/layout.ts";
import { Prng } from "../../cards/random.ts";
import type { AnyPatienceGame, PatienceSolver } from "./contract.ts";
import { budgetOf, type Difficulty, difficultyOf, rate } from "./difficulty.ts";

/**
 * The daily deal: for a game, a numbering and a calendar date (UTC), the same winnable deal for everyone. Deal
 * numbers are drawn one after another from a sequence seeded by the game, the numbering and the date (and the
 * rules' label when they are not the game's defaults); each is searched by the game's solver within the game's
 * positions budget (difficulty.ts: a count of positions, never time, so every machine and browser reaches the same
 * verdicts), and the first one proved winnable is the day's deal. A deal not proved winnable within the budget is
 * skipped, never guessed. At most DAILY_TRIES deals are tried; a game whose solver proves too few deals within the
 * budget (no thresholds measured: docs/daily.md) has no daily deal.
 */

/** The most deals tried for one day's deal. */
export const DAILY_TRIES = 40;
/** Daily deals are drawn from deals 1..DAILY_RANGE of the numbering (in every numbering's range). */
export const DAILY_RANGE = 1_000_000;

export class DailyError extends Error {
  constructor(
    readonly code: "bad_date" | "no_daily",
    message: string,
  ) {
    super(message);
    this.name = "DailyError";
  }
}

const DATE = /^(\d{4})-(\d{2})-(\d{2})$/;

/**
 * The UTC calendar date of a moment (ms since 1970, from the caller's clock), as YYYY-MM-DD: the day a daily deal
 * belongs to. Worked out here (the proleptic Gregorian calendar from a count of days), so the engines never touch
 * the Date object.
 */
export function utcDate(ms: number): string {
  const days = Math.floor(ms / 86_400_000) + 719_468;
  const era = Math.floor(days / 146_097);
  const dayOfEra = days - era * 146_097;
  const yearOfEra = Math.floor(
    (dayOfEra -
      Math.floor(dayOfEra / 1460) +
      Math.floor(dayOfEra / 36_524) -
      Math.floor(dayOfEra / 146_096)) /
      365,
  );
  const dayOfYear = dayOfEra - (365 * yearOfEra + Math.floor(yearOfEra / 4) - Math.floor(yearOfEra / 100));
  const mp = Math.floor((5 * dayOfYear + 2) / 153);
  const day = dayOfYear - Math.floor((153 * mp + 2) / 5) + 1;
  const month = mp < 10 ? mp + 3 : mp - 9;
  const year = yearOfEra + era * 400 + (month <= 2 ? 1 : 0);
  const two = (n: number) => String(n).padStart(2, "0");
  return `${year}-${two(month)}-${two(day)}`;
}

/** Days in a month (1-12) of a year. */
function monthDays(year: number, month: number): number {
  if (month === 2) return year % 4 === 0 && (year % 100 !== 0 || year % 400 === 0) ? 29 : 28;
  return [4, 6, 9, 11].includes(month) ? 30 : 31;
}

/** A date written YYYY-MM-DD, checked to be a real day from 2000-01-01 to 9999-12-31; else a DailyError. */
export function parseDailyDate(text: string): string {
  const shown = JSON.stringify(text.slice(0, 40));
  const match = DATE.exec(text.trim());
  if (!match)
    throw new DailyError("bad_date", `${shown} is not a date: write it YYYY-MM-DD, e.g. 2026-11-28`);
  const [year, month, day] = match.slice(1).map(Number);
  if (year < 2000 || month < 1 || month > 12 || day < 1 || day > monthDays(year, month))
    throw new DailyError("bad_date", `${shown} is not a day of the calendar from 2000-01-01 on`);
  return match[0];
}

/** FNV-1a over the text's UTF-16 code units: a 32-bit seed. */
function hash(text: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) {
    h ^= text.charCodeAt(i);
    h = Math.imul(h, 0x01000193) >>> 0;
  }
  return h >>> 0;
}

/** What a daily deal is drawn for: the game, the numbering, the date, and the rules (the defaults when absent). */
export interface DailyAsk {
  date: string;
  numbering: Numbering;
  rules?: unknown;
}

/** The seed of a day's sequence of deals. */
export function dailySeed(game: AnyPatienceGame, ask: DailyAsk): number {
  const rules = ask.rules ?? game.rules.make({});
  const label = game.rules.label(rules);
  const own = label === game.rules.label(game.rules.make({})) ? "" : `|${label}`;
  return hash(`tsol-daily|${game.id}|${ask.numbering}|${parseDailyDate(ask.date)}${own}`);
}

/** The first `count` deal numbers of a day's sequence (the candidates, in the order they are tried). */
export function dailyCandidates(game: AnyPatienceGame, ask: DailyAsk, count = DAILY_TRIES): number[] {
  const prng = new Prng(dailySeed(game, ask));
  return Array.from({ length: count }, () => 1 + prng.nextInt(DAILY_RANGE));
}

export interface DailyDeal {
  game: string;
  date: string;
  numbering: Numbering;
  deal: number;
  /** Deals skipped before it (not proved winnable within the budget), in the order tried. */
  skipped: number[];
  /** Its rating: proved winnable, with its level. */
  difficulty: Difficulty;
}

/** Whether a game has daily deals: only where its thresholds were measured (enough deals proved winnable). */
export function hasDaily(game: AnyPatienceGame): boolean {
  return difficultyOf(game.id) !== undefined;
}

/**
 * The day's deal with the game's solver already loaded. `onTry` hears of each deal as it is tried (a progress
 * line). Throws DailyError when the game has no daily deal or none of the DAILY_TRIES deals was proved winnable.
 */
export function findDaily(
  game: AnyPatienceGame,
  solver: PatienceSolver<{ rules: unknown }, unknown>,
  ask: DailyAsk,
  onTry?: (deal: number, tried: number) => void,
): DailyDeal {
  const date = parseDailyDate(ask.date);
  if (!game.numberings.includes(ask.numbering))
    throw new DailyError("no_daily", `${game.title} has no ${ask.numbering} numbering`);
  if (!hasDaily(game))
    throw new DailyError(
      "no_daily",
      `${game.title} has no daily deal: its solver proves too few deals winnable within ${budgetOf(game.id).toLocaleString("en")} positions (docs/daily.md)`,
    );
  const rules = ask.rules ?? game.rules.make({});
  const skipped: number[] = [];
  for (const deal of dailyCandidates(game, { ...ask, date })) {
    onTry?.(deal, skipped.length + 1);
    const difficulty = rate(game, solver, game.deal(deal, rules, ask.numbering));
    if (difficulty.result === "solved")
      return { game: game.id, date, numbering: ask.numbering, deal, skipped, difficulty };
    skipped.push(deal);
  }
  throw new DailyError(
    "no_daily",
    `no deal of ${game.title} for ${date} was proved winnable in ${DAILY_TRIES} tries`,
  );
}

/** The day's deal, loading the game's solver. */
export async function dailyDeal(
  game: AnyPatienceGame,
  ask: DailyAsk,
  onTry?: (deal: number, tried: number) => void,
): Promise<DailyDeal> {
  parseDailyDate(ask.date);
  return findDaily(game, await game.solver(), ask, onTry);
}
