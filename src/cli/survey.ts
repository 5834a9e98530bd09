import { realpathSync, writeFileSync } from "node:fs";
import { resolve } from "node:path";
import { type Command, InvalidArgumentError, Option } from "commander";
import { escapeControls, quoteToken, shortText } from "../cards/text.ts";
import type { AnyPatienceGame } from "../games/patience/contract.ts";
import { PATIENCE_GAMES } from "../games/registry.ts";
import type { BlindReport } from "../survey/blind.ts";
import { reportStores } from "../survey/merge.ts";
import { formatDuration, type ProgressSink } from "../survey/progress.ts";
import {
  blindText,
  catalogueRows,
  catalogueText,
  reportCsv,
  reportHtml,
  reportJson,
  reportText,
} from "../survey/report.ts";
import { MAX_BUDGET_MB, MAX_BUDGET_MS } from "../survey/rows.ts";
import { defaultJobs } from "../survey/runner.ts";
import {
  canonicalJson,
  countDeals,
  DEFAULT_MB,
  type DealRange,
  type DealResult,
  describeBudget,
  makeSettings,
  parseDeals,
  type SurveyBudget,
  SurveyError,
  showName,
} from "../survey/settings.ts";
import type { StoredSurvey, SurveyStore } from "../survey/store.ts";
import { type RunSummary, retrySurvey, runSurvey } from "../survey/survey.ts";
import { solverVersion } from "../survey/version.ts";
import {
  addGameOptions,
  type GameOptions,
  gameNamed,
  numberingFrom,
  policyFrom,
  reportErrors,
  rulesFrom,
  UsageError,
} from "./options.ts";

/** The survey database when --db is not given: a file in the current folder. */
export const DEFAULT_DB = "tsol-survey.db";

/** The positions budget a deal gets when none is given: the same undecided deals on every machine. */
export const DEFAULT_POSITIONS = 1_000_000;

/** Deals a job of the queue takes when --chunk is not given. */
const DEFAULT_CHUNK = 1000;

function wholeNumber(name: string, low = 1, high = 999_999_999_999_999) {
  return (text: string): number => {
    const n = Number(text);
    if (!/^\d{1,15}$/.test(text.trim()) || n < low || n > high)
      throw new InvalidArgumentError(
        `${name} takes a whole number from ${low} to ${high.toLocaleString("en")}`,
      );
    return n;
  };
}

/** The longest --timeout: the longest time budget a survey may store. */
const MAX_TIMEOUT_S = MAX_BUDGET_MS / 1000;

function seconds(text: string): number {
  const n = Number(text);
  // At least a millisecond: the budget is stored in whole milliseconds.
  if (!Number.isFinite(n) || n < 0.001 || n > MAX_TIMEOUT_S)
    throw new InvalidArgumentError(
      `--timeout takes a number of seconds from 0.001 to ${MAX_TIMEOUT_S.toLocaleString("en")}`,
    );
  return n;
}

interface BudgetOptions {
  budgetPositions?: number;
  timeout?: number;
  maxMemory?: number;
}

/**
 * --budget-positions P or --timeout S (not both), else the positions or time of `fallback`; with --max-memory MB,
 * or the megabytes of `fallback`. Undefined when nothing is given and there is no fallback.
 */
function budgetFrom(options: BudgetOptions, fallback: SurveyBudget): SurveyBudget;
function budgetFrom(options: BudgetOptions, fallback: SurveyBudget | undefined): SurveyBudget | undefined;
function budgetFrom(options: BudgetOptions, fallback: SurveyBudget | undefined): SurveyBudget | undefined {
  if (options.budgetPositions !== undefined && options.timeout !== undefined) {
    throw new UsageError("give --budget-positions or --timeout, not both: a survey's deals get one budget");
  }
  const memory = options.maxMemory ?? fallback?.mb;
  const mb = memory !== undefined ? { mb: memory } : {};
  if (options.budgetPositions !== undefined) return { positions: options.budgetPositions, ...mb };
  if (options.timeout !== undefined) return { ms: Math.round(options.timeout * 1000), ...mb };
  if (!fallback) return undefined;
  const { positions, ms } = fallback;
  return { ...(positions !== undefined ? { positions } : {}), ...(ms !== undefined ? { ms } : {}), ...mb };
}

function addBudgetOptions(command: Command, positionsHelp: string, memoryHelp: string): Command {
  return command
    .option("--budget-positions <P>", positionsHelp, wholeNumber("--budget-positions"))
    .option(
      "--timeout <S>",
      "give each deal S seconds instead (the undecided deals then depend on the machine)",
      seconds,
    )
    .option("--max-memory <MB>", memoryHelp, wholeNumber("--max-memory", 1, MAX_BUDGET_MB));
}

/** Progress on standard error: a line redrawn in place on a terminal, a plain line every 10 s elsewhere. */
function stderrSink(): ProgressSink {
  return { write: (text) => process.stderr.write(text), isTTY: Boolean(process.stderr.isTTY) };
}

/**
 * Ctrl-C (or SIGTERM) stops a survey cleanly: the results solved so far are stored, the deals in flight are left
 * for the resume. A second Ctrl-C ends it at once, which is safe too: every stored batch is whole.
 */
function stopOnSignal(): { signal: AbortSignal; dispose(): void } {
  const controller = new AbortController();
  const onSignal = () => {
    if (controller.signal.aborted) process.exit(130);
    process.stderr.write("\ntsol: stopping: storing the results so far …\n");
    controller.abort();
  };
  process.on("SIGINT", onSignal);
  process.on("SIGTERM", onSignal);
  return {
    signal: controller.signal,
    dispose() {
      process.off("SIGINT", onSignal);
      process.off("SIGTERM", onSignal);
    },
  };
}

function checkQueueUrl(url: string): string {
  if (!/^postgres(ql)?:\/\//.test(url)) {
    throw new UsageError(
      `--queue takes a PostgreSQL address such as postgres://user@host/db, not ${quoteToken(url, 60)}`,
    );
  }
  return url;
}

/**
 * The PostgreSQL side (a store and the queue): loaded only by a command given --queue, since pg and bullmq take
 * most of a second of CPU to load, which every other `tsol` command would pay at its start.
 */
async function postgres() {
  const [store, queue] = await Promise.all([import("../survey/pg-store.ts"), import("../survey/queue.ts")]);
  return { ...store, ...queue };
}

/** SQLite's store, loaded by the survey commands only (better-sqlite3 takes a few percent of every start). */
async function sqlite() {
  return (await import("../survey/store.ts")).SqliteStore;
}

/**
 * The store of an existing survey: SQLite's file (which must be there; only read for a report, so that a database
 * that may only be read can be reported and a report never changes it) or PostgreSQL.
 */
async function openStore(
  options: { db?: string; queue?: string },
  { readonly = false } = {},
): Promise<SurveyStore> {
  if (options.db !== undefined && options.queue !== undefined)
    throw new UsageError("give --db or --queue, not both");
  return options.queue !== undefined
    ? new (await postgres()).PostgresStore(checkQueueUrl(options.queue))
    : new (await sqlite())(options.db ?? DEFAULT_DB, { mustExist: true, readonly });
}

/** Deal ranges as the command shows them: `1-700,11982`. */
const showRanges = (ranges: readonly DealRange[]): string =>
  ranges.map((r) => (r.first === r.last ? `${r.first}` : `${r.first}-${r.last}`)).join(",");

function summaryLine(summary: RunSummary, where: string): string {
  const c = summary.counts;
  const n = (x: number) => x.toLocaleString("en");
  const stopped = summary.left > 0 ? `; ${n(summary.left)} deals left: run the same command to resume` : "";
  const seconds = summary.wallMs / 1000;
  const rate = summary.solvedNow / seconds;
  const pace =
    summary.solvedNow > 0 ? ` (${rate >= 10 ? n(Math.round(rate)) : rate.toPrecision(2)} deals/s)` : "";
  return (
    `tsol: survey ${showName(summary.survey.name)} in ${where}: solved ${n(c.solved)}, impossible ${n(c.unsolvable)}, unknown ${n(c.unknown)}; ` +
    `${n(summary.solvedNow)} deals solved in ${formatDuration(seconds)}${pace}${stopped}`
  );
}

function warnNotes(notes: readonly DealResult[]): void {
  for (const r of notes.slice(0, 10))
    process.stderr.write(`tsol: deal ${r.deal} is unknown: ${shortText(r.note ?? "", 300)}\n`);
  if (notes.length > 10)
    process.stderr.write(`tsol: … and ${notes.length - 10} more notes (tsol survey report lists them)\n`);
}

interface RunOptions extends GameOptions, BudgetOptions {
  deals: string;
  name?: string;
  jobs?: number;
  db?: string;
  queue?: string;
  chunk?: number;
  detach?: boolean;
  blind?: boolean;
  seed?: number;
  samples?: number;
}

/** Deals a blind job of the queue takes when --chunk is not given: a game takes seconds, so a job a few minutes. */
const DEFAULT_BLIND_CHUNK = 50;

/**
 * `tsol survey GAME --blind --deals A-B`: the blind player's win rate (src/survey/blind.ts), in threads, resumable;
 * in SQLite, or with --queue as jobs for `tsol survey worker` on many machines, stored in PostgreSQL.
 */
async function blindCommand(game: AnyPatienceGame, options: RunOptions): Promise<void> {
  const refused = (
    [
      ["--name", options.name],
      ["--budget-positions", options.budgetPositions],
      ["--timeout", options.timeout],
      ["--max-memory", options.maxMemory],
    ] as const
  )
    .filter(([, v]) => v !== undefined)
    .map(([flag]) => flag);
  if (refused.length > 0)
    throw new UsageError(`--blind surveys under the player's budgets: no ${refused.join(", ")}`);
  if (options.queue === undefined) {
    const local = [
      ["--chunk", options.chunk],
      ["--detach", options.detach],
    ].filter(([, v]) => v !== undefined);
    if (local.length > 0)
      throw new UsageError(
        `${local.map(([flag]) => flag).join(" and ")} ${local.length === 1 ? "goes" : "go"} with --queue`,
      );
  } else if (options.db !== undefined) throw new UsageError("give --db or --queue, not both");
  if (!game.blindPlayer) {
    const blind = PATIENCE_GAMES.filter((g) => g.blindPlayer).map((g) => g.id);
    throw new UsageError(
      `${game.title} has no hidden cards: --blind surveys games with cards a player cannot see (${blind.join(", ")})`,
    );
  }
  const numbering = numberingFrom(game, options);
  const { rules } = rulesFrom(game, options);
  const ranges = parseDeals(options.deals, numbering);
  const label = `${game.id} (${game.rules.label(rules)}), ${numbering} deals ${showRanges(ranges)}`;
  const settings = {
    game: game.id,
    // The schema's fields only, as the solver's surveys store them: `make` fills in the engine's fixed parts
    // too (a family game's whole rules), which it refuses when given back.
    rules: Object.fromEntries(
      game.rules.fields.map((f) => [f.key, (rules as Record<string, unknown>)[f.key]]),
    ),
    numbering,
    policy: policyFrom(game, options),
    seed: options.seed ?? 1,
    samples: options.samples ?? null,
    version: solverVersion(game.id),
  };
  const pct = (x: number) => `${(100 * x).toFixed(2)}%`;
  const result = (
    s: { games: number; won: number; low: number; high: number; seconds: number; left: number },
    clock: string,
    played: string,
    resume: string,
  ) =>
    `blind survey of ${label}: won ${s.won} of ${s.games} games (${pct(s.games ? s.won / s.games : 0)}, 95% Wilson ${pct(s.low)}..${pct(s.high)}), ${s.seconds.toFixed(2)} s a game (${clock})${played}${s.left > 0 ? `; ${s.left} deals left: ${resume}` : ""}`;
  const stop = stopOnSignal();
  try {
    if (options.queue !== undefined) {
      const url = checkQueueUrl(options.queue);
      const { enqueueBlind, safeUrl, watchBlind } = await postgres();
      const enqueued = await enqueueBlind(url, settings, ranges, options.chunk ?? DEFAULT_BLIND_CHUNK);
      process.stderr.write(
        `tsol: blind survey of ${label} on ${safeUrl(url)}: ${enqueued.jobs} jobs queued${enqueued.skipped ? `, ${enqueued.skipped} ranges already done` : ""}; workers: tsol survey worker --queue URL\n`,
      );
      if (options.detach) return;
      let last = 0;
      const s = await watchBlind(url, settings, ranges, {
        signal: stop.signal,
        log: (line) => {
          // A line now and then: a blind survey on many machines runs for hours.
          if (performance.now() - last < 10_000) return;
          last = performance.now();
          process.stderr.write(`tsol: ${line}\n`);
        },
      });
      // Stopped here, the workers go on with the deals that have no game yet.
      console.log(
        result(
          s,
          "CPU, as the workers timed them",
          "",
          "the workers go on with them (the same command watches again)",
        ),
      );
      if (stop.signal.aborted) process.exitCode = 130;
      return;
    }
    const file = options.db ?? DEFAULT_DB;
    const jobs = Math.max(1, options.jobs ?? defaultJobs());
    process.stderr.write(
      `tsol: blind survey of ${label}, ${jobs} thread${jobs === 1 ? "" : "s"}, in ${file}\n`,
    );
    // Loaded here: it opens SQLite, which no other command needs at its start.
    const { runBlindSurvey } = await import("../survey/blind.ts");
    const store = new (await sqlite())(file);
    const s = await runBlindSurvey(game, settings, ranges, store, {
      jobs,
      signal: stop.signal,
      onGame: (deal, won, ms) =>
        process.stderr.write(`tsol: deal ${deal} ${won ? "won" : "lost"} (${(ms / 1000).toFixed(1)} s)\n`),
    }).finally(() => store.close());
    console.log(
      result(
        s,
        s.wallTimed > 0 ? "wall clock: this system gives no thread's CPU time" : "CPU",
        `; ${s.playedNow} played now`,
        "run the same command to resume",
      ),
    );
    if (stop.signal.aborted) process.exitCode = 130;
  } finally {
    stop.dispose();
  }
}

async function runCommand(id: string, options: RunOptions): Promise<void> {
  if (options.name === "") throw new UsageError("--name takes a name, not an empty one");
  const game: AnyPatienceGame = gameNamed(id);
  if (options.blind) return blindCommand(game, options);
  if (options.seed !== undefined || options.samples !== undefined)
    throw new UsageError("--seed and --samples go with --blind");
  const numbering = numberingFrom(game, options);
  const policy = policyFrom(game, options);
  const { rules } = rulesFrom(game, options);
  const settings = makeSettings(game, {
    name: options.name,
    rules: rules as Record<string, unknown>,
    numbering,
    policy,
    budget: budgetFrom(options, { positions: DEFAULT_POSITIONS }),
    solverVersion: solverVersion(game.id),
  });
  const ranges = parseDeals(options.deals, numbering);
  if (options.queue !== undefined) {
    if (options.db !== undefined) throw new UsageError("give --db or --queue, not both");
    const url = checkQueueUrl(options.queue);
    const { enqueueSurvey, jobCounts, safeUrl, watchSurvey } = await postgres();
    const enqueued = await enqueueSurvey(url, settings, ranges, options.chunk ?? DEFAULT_CHUNK);
    process.stderr.write(
      `tsol: survey ${showName(enqueued.survey.name)} on ${safeUrl(url)}: ${enqueued.jobs} jobs queued${enqueued.skipped ? `, ${enqueued.skipped} ranges already done` : ""}; workers: tsol survey worker --queue URL\n`,
    );
    if (options.detach) return;
    const stop = stopOnSignal();
    try {
      const counts = await watchSurvey(url, enqueued.survey, ranges, {
        sink: stderrSink(),
        signal: stop.signal,
      });
      const jobs = await jobCounts(url, enqueued.survey);
      if (jobs.failed)
        process.stderr.write(`tsol: ${jobs.failed} jobs failed; the workers' output says why\n`);
      process.stderr.write(
        `tsol: survey ${showName(enqueued.survey.name)}: solved ${counts.solved}, impossible ${counts.unsolvable}, unknown ${counts.unknown} (tsol survey report --queue URL)\n`,
      );
    } finally {
      stop.dispose();
    }
    return;
  }
  const store = new (await sqlite())(options.db ?? DEFAULT_DB);
  const stop = stopOnSignal();
  try {
    const jobs = options.jobs ?? defaultJobs();
    process.stderr.write(
      `tsol: survey ${showName(settings.name)}: ${game.rules.label(game.rules.make(settings.rules))}, ${numbering} deals ${showRanges(ranges)} (${countDeals(ranges).toLocaleString("en")}), budget ${describeBudget(settings.budget)} a deal, ${jobs} threads, in ${store.where}\n`,
    );
    const summary = await runSurvey(store, settings, ranges, {
      jobs,
      sink: stderrSink(),
      signal: stop.signal,
    });
    warnNotes(summary.notes);
    process.stderr.write(`${summaryLine(summary, store.where)}\n`);
    if (stop.signal.aborted) process.exitCode = 130;
  } finally {
    stop.dispose();
    await store.close();
  }
}

interface CatalogueCommandOptions extends BudgetOptions {
  deals: string;
  jobs?: number;
  db?: string;
  only?: string;
}

/**
 * `tsol survey catalogue --deals 1-N`: every Solvitaire preset by its name in turn, each a survey of its own (named
 * as the preset) in one SQLite file, with one budget; run again, it resumes every preset where it stopped.
 */
async function catalogueCommand(options: CatalogueCommandOptions): Promise<void> {
  const ranges = parseDeals(options.deals, "solvitaire");
  const budget = budgetFrom(options, { positions: DEFAULT_POSITIONS });
  const only = options.only
    ?.split(",")
    .map((name) => name.trim())
    .filter(Boolean);
  const { catalogueEntries, runCatalogue } = await import("../survey/catalogue.ts");
  // A name that is no preset is refused before the file is opened.
  const entries = catalogueEntries(only);
  const store = new (await sqlite())(options.db ?? DEFAULT_DB);
  const stop = stopOnSignal();
  const jobs = options.jobs ?? defaultJobs();
  try {
    process.stderr.write(
      `tsol: the catalogue (${entries.length} games), solvitaire deals ${showRanges(ranges)} (${countDeals(ranges).toLocaleString("en")} a game), budget ${describeBudget(budget)} a deal, ${jobs} threads, in ${store.where}\n`,
    );
    const began = performance.now();
    const summaries = await runCatalogue(store, ranges, budget, solverVersion, {
      jobs,
      signal: stop.signal,
      sink: stderrSink(),
      ...(only ? { only } : {}),
      onStart: (entry, i, of) =>
        process.stderr.write(
          `tsol: ${i + 1}/${of} ${entry.name}: ${entry.game.rules.label(entry.game.rules.make(entry.rules))}\n`,
        ),
      onDone: (_entry, summary) => {
        warnNotes(summary.notes);
        process.stderr.write(`${summaryLine(summary, store.where)}\n`);
      },
    });
    const left = summaries.reduce((n, s) => n + s.left, 0);
    const n = (x: number) => x.toLocaleString("en");
    process.stderr.write(
      `tsol: the catalogue in ${store.where}: ${summaries.length} games run in ${formatDuration((performance.now() - began) / 1000)}${left > 0 || stop.signal.aborted ? `; stopped with ${n(left)} deals left: run the same command to resume` : ""}\n`,
    );
    if (stop.signal.aborted) process.exitCode = 130;
  } finally {
    stop.dispose();
    await store.close();
  }
}

/** The survey a command names, or the only one in the store. */
async function pickSurvey(store: SurveyStore, name: string | undefined): Promise<StoredSurvey> {
  if (name !== undefined) {
    const survey = await store.find(name);
    if (!survey) {
      const names = (await store.list()).map((s) => s.name);
      throw new SurveyError(
        "survey_missing",
        `no survey ${showName(name)} in ${store.where} (${names.length ? `its surveys: ${names.map(showName).join(", ")}` : "it has none"})`,
      );
    }
    return survey;
  }
  const all = await store.list();
  if (all.length === 1) return all[0];
  throw new UsageError(
    all.length === 0
      ? `no survey in ${store.where}`
      : `${store.where} holds ${all.length} surveys: name one (${all.map((s) => showName(s.name)).join(", ")})`,
  );
}

interface RetryOptions extends BudgetOptions {
  db?: string;
  queue?: string;
  jobs?: number;
  chunk?: number;
  detach?: boolean;
}

async function retryCommand(name: string | undefined, options: RetryOptions): Promise<void> {
  const store = await openStore(options);
  let survey: StoredSurvey;
  try {
    survey = await pickSurvey(store, name);
  } finally {
    if (options.queue !== undefined) await store.close();
  }
  // More memory alone keeps the survey's positions or time.
  const budget = budgetFrom(options, options.maxMemory !== undefined ? survey.budget : undefined);
  if (!budget) {
    if (options.queue === undefined) await store.close();
    throw new UsageError("give the larger budget: --budget-positions P, --timeout S or --max-memory MB");
  }
  if (options.queue !== undefined) {
    const url = options.queue;
    const { enqueueRetry, PostgresStore } = await postgres();
    const retry = await enqueueRetry(url, survey.name, budget, options.chunk ?? DEFAULT_CHUNK);
    process.stderr.write(
      `tsol: retry of ${showName(survey.name)}: ${retry.deals.length} undecided deals in ${retry.jobs} jobs, budget ${describeBudget(budget)}\n`,
    );
    if (options.detach || retry.deals.length === 0) return;
    const stop = stopOnSignal();
    try {
      // Done when every retried deal is decided or carries the new budget.
      const pg = new PostgresStore(url);
      try {
        const wanted = new Set(retry.deals);
        for (;;) {
          const left = (await pg.unknownDeals(survey)).filter(
            (u) => wanted.has(u.deal) && canonicalJson(u.budget) !== canonicalJson(budget),
          );
          process.stderr.write(
            `tsol: ${retry.deals.length - left.length} / ${retry.deals.length} deals retried\n`,
          );
          if (left.length === 0 || stop.signal.aborted) break;
          await new Promise((resolve) => setTimeout(resolve, 2000));
        }
        const c = await pg.counts(survey);
        process.stderr.write(
          `tsol: survey ${showName(survey.name)}: solved ${c.solved}, impossible ${c.unsolvable}, unknown ${c.unknown}\n`,
        );
      } finally {
        await pg.close();
      }
    } finally {
      stop.dispose();
    }
    return;
  }
  const stop = stopOnSignal();
  try {
    const summary = await retrySurvey(store, survey.name, budget, solverVersion, {
      jobs: options.jobs ?? defaultJobs(),
      sink: stderrSink(),
      signal: stop.signal,
    });
    warnNotes(summary.notes);
    process.stderr.write(
      `tsol: retried ${summary.solvedNow} of ${summary.retried} undecided deals with ${describeBudget(budget)}\n`,
    );
    process.stderr.write(`${summaryLine({ ...summary, left: 0 }, store.where)}\n`);
    if (stop.signal.aborted) process.exitCode = 130;
  } finally {
    stop.dispose();
    await store.close();
  }
}

interface ReportOptions {
  /** Every --db given, in order. */
  db?: string[];
  queue?: string;
  name?: string;
  csv?: boolean;
  json?: boolean;
  html?: string;
  catalogue?: boolean;
}

async function reportCommand(options: ReportOptions): Promise<void> {
  const formats = [options.csv, options.json, options.html !== undefined, options.catalogue].filter(
    Boolean,
  ).length;
  if (formats > 1) throw new UsageError("give one of --csv, --json, --html FILE and --catalogue");
  const stores = await reportStoresOpen(options);
  try {
    const { reports, results } = await reportStores(stores, {
      ...(options.name !== undefined ? { name: options.name } : {}),
      keepResults: options.html !== undefined,
    });
    // The blind player's surveys, beside the solver's in each store; they have no name.
    const blind =
      options.name !== undefined || options.csv || options.catalogue ? [] : await blindReportsOf(stores);
    if (options.json) process.stdout.write(reportJson(reports, blind));
    else if (options.csv) process.stdout.write(reportCsv(reports));
    else if (options.html !== undefined) {
      writeFileSync(options.html, reportHtml(reports, results, blind));
      process.stderr.write(`tsol: wrote ${escapeControls(options.html)}\n`);
    } else {
      // The catalogue's table first (Solvitaire's presets surveyed by tsol survey catalogue), then every survey.
      const table = catalogueRows(reports);
      if (options.catalogue) process.stdout.write(catalogueText(table));
      else
        process.stdout.write(
          `${table.length ? `${catalogueText(table)}\n` : ""}${reports.length || !blind.length ? reportText(reports) : ""}${reports.length && blind.length ? "\n" : ""}${blindText(blind)}`,
        );
    }
  } finally {
    for (const store of stores) await store.close();
  }
}

/** The blind player's surveys in each store: SQLite's blind_games, PostgreSQL's tsol_blind_games. */
async function blindReportsOf(stores: readonly SurveyStore[]): Promise<BlindReport[]> {
  const { blindReports, readBlindReports } = await import("../survey/blind.ts");
  const Sqlite = await sqlite();
  const out: BlindReport[] = [];
  for (const store of stores) {
    if (store instanceof Sqlite) out.push(...readBlindReports(store));
    else {
      const { PostgresStore } = await postgres();
      if (store instanceof PostgresStore)
        out.push(...blindReports(await store.blindGroups(), store.where, "tsol_blind_games"));
    }
  }
  return out;
}

/** A repeatable option's values, in the order given. */
const collect = (text: string, previous: string[] | undefined): string[] => [...(previous ?? []), text];

/**
 * The stores a report reads: PostgreSQL, or every --db (each only read, each a survey database that must be there;
 * the same file given twice is refused), or the default file.
 */
async function reportStoresOpen(options: ReportOptions): Promise<SurveyStore[]> {
  const files = options.db ?? [];
  // One file (or PostgreSQL): the store as every other command opens it.
  if (files.length <= 1 || options.queue !== undefined)
    return [await openStore({ db: files[0], queue: options.queue }, { readonly: true })];
  const seen = new Map<string, string>();
  for (const file of files) {
    let real = resolve(file);
    try {
      real = realpathSync(file);
    } catch {
      // Not there: opening it says so.
    }
    if (seen.has(real))
      throw new UsageError(`--db ${escapeControls(file)} was given twice: give each file once`);
    seen.set(real, file);
  }
  const Sqlite = await sqlite();
  const stores: SurveyStore[] = [];
  try {
    for (const file of files) stores.push(new Sqlite(file, { mustExist: true, readonly: true }));
  } catch (error) {
    for (const store of stores) await store.close();
    throw error;
  }
  return stores;
}

async function workerCommand(options: { queue: string; jobs?: number }): Promise<void> {
  const url = checkQueueUrl(options.queue);
  const { startQueueWorker } = await postgres();
  const lockMs = process.env.TSOL_SURVEY_LOCK_MS ? Number(process.env.TSOL_SURVEY_LOCK_MS) : undefined;
  const worker = await startQueueWorker(url, {
    jobs: options.jobs ?? defaultJobs(),
    log: (line) => process.stderr.write(`tsol worker: ${escapeControls(line)}\n`),
    ...(lockMs && lockMs > 0 ? { lockMs } : {}),
  });
  // Runs until stopped: Ctrl-C or SIGTERM closes it after the jobs in hand (a SIGKILL gives them back later).
  await new Promise<void>((resolve) => {
    const stop = () => {
      process.stderr.write("tsol worker: finishing the jobs in hand …\n");
      resolve();
    };
    process.once("SIGINT", stop);
    process.once("SIGTERM", stop);
  });
  await worker.close();
}

export function registerSurvey(program: Command): void {
  const survey = program
    .command("survey")
    .description("solve a range of deals on every core (or many machines) and report how many can be won");

  const run = survey
    .command("run <game>", { isDefault: true })
    .description("solve a range of deals (tsol survey GAME --deals 1-100000); run it again to resume")
    .requiredOption("--deals <ranges>", "the deals: 1-100000, a number, or a comma list of them")
    .option("--name <name>", "the survey's name in its database (default: the game's id)")
    .option(
      "--jobs <N>",
      `solver threads, or with --blind the player's (default: every core, ${defaultJobs()} here)`,
      wholeNumber("--jobs"),
    )
    .option("--db <file>", `the SQLite database (default ${DEFAULT_DB})`)
    .option(
      "--queue <url>",
      "run on many machines: enqueue jobs in PostgreSQL (postgres://…) for tsol survey worker",
    )
    .option(
      "--chunk <K>",
      `with --queue: deals a job (default ${DEFAULT_CHUNK}, with --blind ${DEFAULT_BLIND_CHUNK})`,
      wholeNumber("--chunk"),
    )
    .option("--detach", "with --queue: enqueue and return, without waiting for the workers")
    .option(
      "--blind",
      "play each deal with the blind player (it sees only what a player sees) and count its wins",
    )
    .option("--seed <S>", "with --blind: the player's seed (default 1)", wholeNumber("--seed", 0, 4294967295))
    .option(
      "--samples <K>",
      "with --blind: samples a decision (default the game's player's: 32 for Klondike, 12 for the family's games)",
      wholeNumber("--samples", 1, 10000),
    );
  addBudgetOptions(
    run,
    // Grouped by hand: the first toLocaleString of a run loads ICU's number formats, a tenth of `tsol`'s start.
    `positions each deal may take (default ${String(DEFAULT_POSITIONS).replace(/\B(?=(\d{3})+$)/g, ",")})`,
    `megabytes each deal's search tables may take (default ${DEFAULT_MB}; a thread each)`,
  );
  addGameOptions(run).action((id: string, options: RunOptions) =>
    reportErrors(() => runCommand(id, options)),
  );

  const catalogueRun = survey
    .command("catalogue")
    .description(
      "survey every game of the catalogue in turn (Solvitaire's presets by name, then tsol's other games; each a survey named so, Solvitaire's numbering), resumable",
    )
    .requiredOption("--deals <ranges>", "the deals of every game: 1-1000, a number, or a comma list of them")
    .option("--jobs <N>", "solver threads (default: every core)", wholeNumber("--jobs"))
    .option("--db <file>", `the SQLite database (default ${DEFAULT_DB})`)
    .option("--only <names>", "these games only, a comma list of Solvitaire preset names or tsol game ids");
  addBudgetOptions(
    catalogueRun,
    `positions each deal may take (default ${String(DEFAULT_POSITIONS).replace(/\B(?=(\d{3})+$)/g, ",")})`,
    `megabytes each deal's search tables may take (default ${DEFAULT_MB}; a thread each)`,
  ).action((options: CatalogueCommandOptions) => reportErrors(() => catalogueCommand(options)));

  const retry = survey
    .command("retry [name]")
    .description("solve a survey's undecided deals again with a larger budget")
    .option("--db <file>", `the SQLite database (default ${DEFAULT_DB})`)
    .option("--queue <url>", "the survey is on PostgreSQL (postgres://…): enqueue the retry for the workers")
    .option("--jobs <N>", "solver threads (default: every core)", wholeNumber("--jobs"))
    .option("--chunk <K>", `with --queue: deals a job (default ${DEFAULT_CHUNK})`, wholeNumber("--chunk"))
    .option("--detach", "with --queue: enqueue and return");
  addBudgetOptions(
    retry,
    "the larger positions budget",
    "more megabytes for each deal's search tables (alone: the survey's positions or time)",
  ).action((name: string | undefined, options: RetryOptions) =>
    reportErrors(() => retryCommand(name, options)),
  );

  survey
    .command("report")
    .description("how many deals of each survey can be won, with 95% Wilson intervals")
    .option(
      "--db <file>",
      `the SQLite database (default ${DEFAULT_DB}); give it again to report several as one`,
      collect,
    )
    .option("--queue <url>", "read the surveys from PostgreSQL (postgres://…)")
    .option("--name <name>", "one survey only")
    .option("--csv", "one CSV line per survey")
    .option("--json", 'one JSON object: {"surveys": [...]}')
    .addOption(new Option("--html <file>", "write a self-contained HTML page with plots"))
    .option(
      "--catalogue",
      "only the catalogue's table (Solvitaire's presets and tsol's other games), in Markdown",
    )
    .action((options: ReportOptions) => reportErrors(() => reportCommand(options)));

  survey
    .command("worker")
    .description("take survey jobs from PostgreSQL and solve them, until stopped (Ctrl-C)")
    .requiredOption("--queue <url>", "the PostgreSQL database of the survey (postgres://…)")
    .option("--jobs <N>", "solver threads (default: every core)", wholeNumber("--jobs"))
    .action((options: { queue: string; jobs?: number }) => reportErrors(() => workerCommand(options)));
}
