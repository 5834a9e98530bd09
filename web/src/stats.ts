import { NUMBERINGS, type Numbering } from "../../src/cards/deals/layout.ts";
import { ruleFields } from "../../src/games/patience/session.ts";
import { findPatience } from "../../src/games/registry.ts";
import {
  hasStored,
  isRecord,
  KEYS,
  type KeyValueStore,
  type Loaded,
  readStored,
  removeStored,
  writeStored,
} from "./storage.ts";

/**
 * Statistics a player can trust: per game and per variant (the rule set's label), each game counted once
 * however often it is undone and replayed, the recent games with their result, and the numbered deals won and
 * lost so that a lost one can be played again.
 */

/** One game of the record: what it was and how it ended. */
export interface GameInfo {
  /** The game's own id: a deal played twice is two games. */
  id: string;
  game: string;
  /** The rule set in words ("FreeCell", "Baker's Game, 2 cells"): the variant. */
  label: string;
  /** The rules as the game's schema names them, to deal a lost deal again. */
  rules: Record<string, unknown>;
  deal: number | null;
  numbering: Numbering;
}

export type GameResult = "playing" | "won" | "lost" | "assisted";

export interface GameRecord extends GameInfo {
  result: GameResult;
  moves: number;
  ms: number;
  /** When it began (ms since 1970). */
  date: number;
}

export interface VariantStats {
  game: string;
  label: string;
  rules: Record<string, unknown>;
  played: number;
  won: number;
  currentStreak: number;
  bestStreak: number;
  /** Milliseconds; null until a win. */
  bestTimeMs: number | null;
  fewestMoves: number | null;
  /** Ids of the games already counted as played or won, so a game is counted once whatever is undone. */
  countedPlayed: string[];
  countedWon: string[];
  /** Numbered deals finished, as "numbering:deal": won (ever) or lost. */
  deals: Record<string, "won" | "lost">;
}

export interface AllStats {
  variants: Record<string, VariantStats>;
  /** The most recent games first. */
  recent: GameRecord[];
  /** The daily deals opened, by `game|date` (dailyKey): their own statistics and streak. */
  daily: Record<string, DailyDay>;
}

/** A daily deal opened on its day: which deal it was, and how it went. */
export interface DailyDay {
  game: string;
  /** The UTC date it is the deal of, YYYY-MM-DD. */
  date: string;
  label: string;
  numbering: Numbering;
  deal: number;
  /** "open" until its first move; "assisted" a win with the computer's help (no win, ends the streak). */
  result: "open" | "playing" | "won" | "lost" | "assisted";
}

/** A game's daily deals summed up: the days played and won, and the streak of days won one after another. */
export interface DailySummary {
  game: string;
  played: number;
  won: number;
  /** Days won in a row up to today (or up to yesterday while today's is not won yet). */
  streak: number;
  bestStreak: number;
  /** How today's went, when it was opened. */
  today?: DailyDay["result"];
}

const KEEP_DAILY = 400;
const DAILY_RESULTS: readonly DailyDay["result"][] = ["open", "playing", "won", "lost", "assisted"];
const DATE = /^\d{4}-\d{2}-\d{2}$/;

export const dailyKey = (game: string, date: string): string => `${game}|${date}`;

/** The day before a YYYY-MM-DD date. */
export function dayBefore(date: string): string {
  const [y, m, d] = date.split("-").map(Number);
  return new Date(Date.UTC(y, m - 1, d - 1)).toISOString().slice(0, 10);
}

function checkDaily(raw: unknown): DailyDay | undefined {
  if (!isRecord(raw)) return undefined;
  const { game, date, label, numbering, deal, result } = raw;
  if (typeof game !== "string" || typeof date !== "string" || !DATE.test(date) || typeof label !== "string")
    return undefined;
  if (!NUMBERINGS.includes(numbering as Numbering)) return undefined;
  if (typeof deal !== "number" || !Number.isInteger(deal) || deal < 1) return undefined;
  if (!DAILY_RESULTS.includes(result as DailyDay["result"])) return undefined;
  return { game, date, label, numbering: numbering as Numbering, deal, result: result as DailyDay["result"] };
}

/** The daily statistics of each game with a daily deal opened, for `today` (YYYY-MM-DD, UTC). */
export function dailySummaries(all: AllStats, today: string): DailySummary[] {
  const games = [...new Set(Object.values(all.daily).map((d) => d.game))].sort();
  return games.map((game) => {
    const days = Object.values(all.daily).filter((d) => d.game === game);
    const won = new Set(days.filter((d) => d.result === "won").map((d) => d.date));
    let streak = 0;
    let day = won.has(today) ? today : dayBefore(today);
    while (won.has(day)) {
      streak++;
      day = dayBefore(day);
    }
    let bestStreak = 0;
    for (const date of won) {
      if (won.has(dayBefore(date))) continue;
      let run = 0;
      for (let d = date; won.has(d); d = dayAfter(d)) run++;
      bestStreak = Math.max(bestStreak, run);
    }
    const todays = all.daily[dailyKey(game, today)];
    return {
      game,
      played: days.filter((d) => d.result !== "open").length,
      won: won.size,
      streak,
      bestStreak,
      ...(todays ? { today: todays.result } : {}),
    };
  });
}

function dayAfter(date: string): string {
  const [y, m, d] = date.split("-").map(Number);
  return new Date(Date.UTC(y, m - 1, d + 1)).toISOString().slice(0, 10);
}

const KEEP_IDS = 200;
const KEEP_RECENT = 100;
const KEEP_DEALS = 500;

export const variantKey = (game: string, label: string): string => `${game}/${label}`;
export const dealKey = (numbering: Numbering, deal: number): string => `${numbering}:${deal}`;

export function parseDealKey(key: string): { numbering: Numbering; deal: number } | undefined {
  const [numbering, deal] = key.split(":");
  const n = Number(deal);
  if (!NUMBERINGS.includes(numbering as Numbering) || !Number.isInteger(n) || n < 1) return undefined;
  return { numbering: numbering as Numbering, deal: n };
}

export function emptyVariant(game: string, label: string, rules: Record<string, unknown>): VariantStats {
  return {
    game,
    label,
    rules,
    played: 0,
    won: 0,
    currentStreak: 0,
    bestStreak: 0,
    bestTimeMs: null,
    fewestMoves: null,
    countedPlayed: [],
    countedWon: [],
    deals: {},
  };
}

const count = (v: unknown): number => (typeof v === "number" && Number.isInteger(v) && v >= 0 ? v : 0);
const best = (v: unknown): number | null => (typeof v === "number" && v >= 0 ? v : null);
const ids = (v: unknown): string[] =>
  Array.isArray(v) ? v.filter((x): x is string => typeof x === "string").slice(-KEEP_IDS) : [];
const RESULTS: readonly GameResult[] = ["playing", "won", "lost", "assisted"];

function checkVariant(value: Record<string, unknown>, game: string, label: string): VariantStats {
  const deals: Record<string, "won" | "lost"> = {};
  if (isRecord(value.deals)) {
    for (const [k, v] of Object.entries(value.deals)) {
      if (parseDealKey(k) && (v === "won" || v === "lost")) deals[k] = v;
    }
  }
  return {
    game,
    label,
    rules: isRecord(value.rules) ? value.rules : {},
    played: count(value.played),
    won: count(value.won),
    currentStreak: count(value.currentStreak),
    bestStreak: count(value.bestStreak),
    bestTimeMs: best(value.bestTimeMs),
    fewestMoves: best(value.fewestMoves),
    countedPlayed: ids(value.countedPlayed),
    countedWon: ids(value.countedWon),
    deals,
  };
}

function checkRecord(raw: unknown): GameRecord | undefined {
  if (!isRecord(raw)) return undefined;
  if (typeof raw.id !== "string" || typeof raw.game !== "string" || typeof raw.label !== "string")
    return undefined;
  const numbering = NUMBERINGS.includes(raw.numbering as Numbering)
    ? (raw.numbering as Numbering)
    : "microsoft";
  return {
    id: raw.id,
    game: raw.game,
    label: raw.label,
    rules: isRecord(raw.rules) ? raw.rules : {},
    deal: typeof raw.deal === "number" && Number.isInteger(raw.deal) && raw.deal > 0 ? raw.deal : null,
    numbering,
    result: RESULTS.includes(raw.result as GameResult) ? (raw.result as GameResult) : "lost",
    moves: count(raw.moves),
    ms: count(Math.round(Number(raw.ms))),
    date: count(raw.date),
  };
}

export function checkStats(raw: unknown): AllStats {
  if (!isRecord(raw)) throw new Error("statistics are not an object");
  const variants: Record<string, VariantStats> = {};
  if (isRecord(raw.variants)) {
    for (const value of Object.values(raw.variants)) {
      if (!isRecord(value) || typeof value.game !== "string" || typeof value.label !== "string") continue;
      variants[variantKey(value.game, value.label)] = checkVariant(value, value.game, value.label);
    }
  }
  const recent = Array.isArray(raw.recent)
    ? raw.recent.map(checkRecord).filter((r): r is GameRecord => r !== undefined)
    : [];
  const daily: Record<string, DailyDay> = {};
  if (isRecord(raw.daily)) {
    for (const value of Object.values(raw.daily)) {
      const day = checkDaily(value);
      if (day) daily[dailyKey(day.game, day.date)] = day;
    }
  }
  return { variants, recent: recent.slice(0, KEEP_RECENT), daily };
}

/** The FreeCell rules a v1 label stood for (the old app's variants and 1 to 6 cells), to deal a deal again. */
function freecellRulesByLabel(): Map<string, Record<string, unknown>> {
  const out = new Map<string, Record<string, unknown>>();
  const game = findPatience("freecell");
  if (!game) return out;
  for (const variant of game.rules.variants) {
    for (let cells = 0; cells <= 10; cells++) {
      try {
        const rules = game.rules.make({ ...variant.rules, cells });
        const label = game.rules.label(rules);
        if (!out.has(label)) out.set(label, ruleFields(game, rules) as Record<string, unknown>);
      } catch {
        // A variant that does not take this many cells.
      }
    }
  }
  return out;
}

/** The FreeCell-only app's statistics (`tsol.stats.v1`, keyed by the variant's label) in today's shape. */
export function migrateStatsV1(raw: unknown): AllStats {
  if (!isRecord(raw)) throw new Error("statistics are not an object");
  const rulesByLabel = freecellRulesByLabel();
  const variants: Record<string, VariantStats> = {};
  for (const [label, value] of Object.entries(raw)) {
    if (!isRecord(value)) continue;
    const v = checkVariant({ ...value, rules: rulesByLabel.get(label) ?? {} }, "freecell", label);
    variants[variantKey("freecell", label)] = v;
  }
  return { variants, recent: [], daily: {} };
}

/** The statistics book: every change is read, made and written at once, so two tabs do not lose a count. */
export class StatsBook {
  constructor(
    private readonly store: KeyValueStore,
    private readonly date: () => number = Date.now,
  ) {}

  load(): Loaded<AllStats> {
    if (!hasStored(this.store, KEYS.stats) && hasStored(this.store, KEYS.legacyStats)) {
      const old = readStored(this.store, KEYS.legacyStats, migrateStatsV1, () => ({
        variants: {},
        recent: [],
        daily: {},
      }));
      if (!old.problem) {
        writeStored(this.store, KEYS.stats, old.value);
        removeStored(this.store, KEYS.legacyStats);
      }
      return old;
    }
    return readStored(this.store, KEYS.stats, checkStats, () => ({ variants: {}, recent: [], daily: {} }));
  }

  private update(info: GameInfo, change: (v: VariantStats, all: AllStats) => void): void {
    const all = this.load().value;
    const key = variantKey(info.game, info.label);
    const v = all.variants[key] ?? emptyVariant(info.game, info.label, info.rules);
    v.rules = info.rules;
    change(v, all);
    const daily = Object.entries(all.daily);
    if (daily.length > KEEP_DAILY) all.daily = Object.fromEntries(daily.slice(-KEEP_DAILY));
    v.countedPlayed = v.countedPlayed.slice(-KEEP_IDS);
    v.countedWon = v.countedWon.slice(-KEEP_IDS);
    const deals = Object.entries(v.deals);
    if (deals.length > KEEP_DEALS) v.deals = Object.fromEntries(deals.slice(-KEEP_DEALS));
    all.variants[key] = v;
    all.recent = all.recent.slice(0, KEEP_RECENT);
    writeStored(this.store, KEYS.stats, all);
  }

  private setRecord(all: AllStats, info: GameInfo, patch: Partial<GameRecord>): void {
    const at = all.recent.findIndex((r) => r.id === info.id);
    if (at >= 0) {
      all.recent[at] = { ...all.recent[at], ...patch };
      return;
    }
    all.recent.unshift({ ...info, result: "playing", moves: 0, ms: 0, date: this.date(), ...patch });
  }

  /**
   * A daily deal opened on its day (`date`, UTC): the games later played on that deal count for the day. Opened
   * again, the day keeps how it went.
   */
  dailyOpened(day: Omit<DailyDay, "result">): void {
    const all = this.load().value;
    const key = dailyKey(day.game, day.date);
    const known = all.daily[key];
    if (known && known.deal === day.deal && known.numbering === day.numbering && known.label === day.label)
      return;
    all.daily[key] = { ...day, result: "open" };
    writeStored(this.store, KEYS.stats, all);
  }

  /** The daily deal a game is on, when it is one not won yet (a lost day may still be won on its deal again). */
  private dailyOf(all: AllStats, info: GameInfo, lost = false): DailyDay | undefined {
    return Object.values(all.daily).find(
      (d) =>
        d.game === info.game &&
        d.deal === info.deal &&
        d.numbering === info.numbering &&
        d.label === info.label &&
        (d.result === "open" || d.result === "playing" || (lost && d.result === "lost")),
    );
  }

  /** A game counts as played from its first move; once. */
  played(info: GameInfo): void {
    this.update(info, (v, all) => {
      const day = this.dailyOf(all, info);
      if (day) day.result = "playing";
      if (v.countedPlayed.includes(info.id)) return;
      v.countedPlayed.push(info.id);
      v.played++;
      this.setRecord(all, info, { result: "playing" });
    });
  }

  /**
   * A won game. Counted once per game, however often it is undone and replayed; a game the computer made moves
   * in (`assisted`) is recorded but not counted as a win. Returns whether this win was counted now.
   */
  won(info: GameInfo, ms: number, moves: number, assisted: boolean): boolean {
    let counted = false;
    this.update(info, (v, all) => {
      const day = this.dailyOf(all, info, true);
      if (day) day.result = assisted ? "assisted" : "won";
      if (v.countedWon.includes(info.id)) return;
      if (!v.countedPlayed.includes(info.id)) {
        v.countedPlayed.push(info.id);
        v.played++;
      }
      if (assisted) {
        v.currentStreak = 0;
        this.setRecord(all, info, { result: "assisted", moves, ms: Math.round(ms) });
        return;
      }
      counted = true;
      v.countedWon.push(info.id);
      v.won++;
      v.currentStreak++;
      v.bestStreak = Math.max(v.bestStreak, v.currentStreak);
      v.bestTimeMs = v.bestTimeMs === null ? Math.round(ms) : Math.min(v.bestTimeMs, Math.round(ms));
      v.fewestMoves = v.fewestMoves === null ? moves : Math.min(v.fewestMoves, moves);
      if (info.deal !== null) v.deals[dealKey(info.numbering, info.deal)] = "won";
      this.setRecord(all, info, { result: "won", moves, ms: Math.round(ms) });
    });
    return counted;
  }

  /** A played game left without a win: a loss, which ends the streak. */
  abandoned(info: GameInfo, ms: number, moves: number): void {
    this.update(info, (v, all) => {
      const day = this.dailyOf(all, info);
      if (day?.result === "playing") day.result = "lost";
      if (!v.countedPlayed.includes(info.id) || v.countedWon.includes(info.id)) return;
      v.currentStreak = 0;
      if (info.deal !== null) {
        const key = dealKey(info.numbering, info.deal);
        if (v.deals[key] !== "won") v.deals[key] = "lost";
      }
      this.setRecord(all, info, { result: "lost", moves, ms: Math.round(ms) });
    });
  }

  /** Updates the moves and time of a game in progress, for the recent games' list. */
  progress(info: GameInfo, ms: number, moves: number): void {
    const all = this.load().value;
    const record = all.recent.find((r) => r.id === info.id);
    if (record?.result !== "playing") return;
    record.moves = moves;
    record.ms = Math.round(ms);
    writeStored(this.store, KEYS.stats, all);
  }

  reset(): void {
    writeStored(this.store, KEYS.stats, { variants: {}, recent: [], daily: {} });
  }
}

export function formatDuration(ms: number): string {
  const total = Math.floor(ms / 1000);
  const h = Math.floor(total / 3600);
  const m = Math.floor((total % 3600) / 60);
  const s = total % 60;
  const two = (n: number) => String(n).padStart(2, "0");
  return h > 0 ? `${h}:${two(m)}:${two(s)}` : `${m}:${two(s)}`;
}
