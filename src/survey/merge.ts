import { buildReport, type SurveyReport, shownName } from "./report.ts";
import {
  canonicalJson,
  type DealResult,
  describeBudget,
  isLarger,
  SurveyError,
  showName,
} from "./settings.ts";
import type { StoredSurvey, SurveyStore } from "./store.ts";

/**
 * Reports over several stores as one (`tsol survey report --db A --db B`). A survey is known by its name; the
 * same name in two stores is the same survey when its fixed settings agree (game, rules, numbering, automatic
 * moves, budget, solver version): then its results are joined, each deal counted once. A deal decided in one
 * store and undecided in the other takes the verdict (as a retry does within one store); two verdicts that
 * differ stop the report, naming the survey, the deal and both stores, since one survey cannot have both. The
 * same name under other settings is another survey: it stays a report of its own, told apart by `variant`, the
 * settings in which it differs ("alpha-star [solver 0.1.0+alpha-star.8109f7c31a5a]").
 *
 * One store gives exactly the report it always gave: no `variant`, no `files`.
 */

/** The reports, in the order their surveys first appear (the stores in the order given, each by its list). */
export interface ManyReports {
  reports: SurveyReport[];
  /** Every survey's results by its name as reports show it (shownName), when asked for (the HTML page plots them). */
  results: Map<string, DealResult[]>;
}

/** One survey as one store holds it. */
interface Held {
  store: SurveyStore;
  survey: StoredSurvey;
}

/** The settings a survey is fixed to when it starts: equal text, the same survey. */
const settingsKey = (s: StoredSurvey): string =>
  canonicalJson([s.game, s.rules, s.numbering, s.policy, s.budget, s.solverVersion]);

/** An outcome as the reports say it. */
const VERDICT: Record<DealResult["outcome"], string> = {
  solved: "solved",
  unsolvable: "impossible",
  unknown: "undecided",
};

/**
 * One survey's results from each store that holds it, joined: each deal once, by deal number. Of two results of a
 * deal, one undecided and one decided, the decided one counts; of two undecided, the one given the larger budget
 * (else the first store's); of two equal verdicts, the first store's; two verdicts that differ are an error.
 */
export function joinResults(
  survey: { name: string; game: string },
  parts: readonly { where: string; results: readonly DealResult[] }[],
): DealResult[] {
  if (parts.length === 1) return [...parts[0].results];
  const byDeal = new Map<number, { result: DealResult; where: string }>();
  for (const { where, results } of parts) {
    for (const result of results) {
      const held = byDeal.get(result.deal);
      if (!held) {
        byDeal.set(result.deal, { result, where });
        continue;
      }
      const a = held.result.outcome;
      const b = result.outcome;
      if (a === b) {
        if (a === "unknown" && isLarger(result.budget, held.result.budget))
          byDeal.set(result.deal, { result, where });
        continue;
      }
      if (b === "unknown") continue;
      if (a === "unknown") {
        byDeal.set(result.deal, { result, where });
        continue;
      }
      throw new SurveyError(
        "survey_conflict",
        `survey ${showName(survey.name)} of ${survey.game}: deal ${result.deal} is ${VERDICT[a]} in ${held.where} and ${VERDICT[b]} in ${where}, under the same settings; one of them is wrong: report each file alone (one --db) to see them apart`,
      );
    }
  }
  return [...byDeal.values()].map((x) => x.result).sort((x, y) => x.deal - y.deal);
}

/**
 * The settings in which surveys of one name differ, for each of them in words: the game, the rules (the report's
 * label), the numbering, the automatic moves, the budget, the solver version, whichever differ.
 */
export function variants(surveys: readonly { survey: StoredSurvey; label: string }[]): string[] {
  const aspects: ((s: StoredSurvey, label: string) => string)[] = [
    (s) => `game ${s.game}`,
    (_s, label) => `rules ${label}`,
    (s) => `${s.numbering} numbering`,
    (s) => `automatic moves ${s.policy}`,
    (s) => `budget ${describeBudget(s.budget)}`,
    (s) => `solver ${s.solverVersion}`,
  ];
  const keys: ((s: StoredSurvey) => string)[] = [
    (s) => s.game,
    (s) => canonicalJson(s.rules),
    (s) => s.numbering,
    (s) => s.policy,
    (s) => canonicalJson(s.budget),
    (s) => s.solverVersion,
  ];
  const differ = keys.map((key) => new Set(surveys.map((x) => key(x.survey))).size > 1);
  return surveys.map(({ survey, label }) =>
    aspects
      .filter((_, i) => differ[i])
      .map((aspect) => aspect(survey, label))
      .join("; "),
  );
}

/** The surveys of the stores, in order; only those named `name` when it is given (which some store must hold). */
async function surveysOf(stores: readonly SurveyStore[], name: string | undefined): Promise<Held[]> {
  const held: Held[] = [];
  for (const store of stores) {
    if (name === undefined) {
      for (const survey of await store.list()) held.push({ store, survey });
    } else {
      const survey = await store.find(name);
      if (survey) held.push({ store, survey });
    }
  }
  if (name !== undefined && held.length === 0) {
    const names = new Set<string>();
    for (const store of stores) for (const s of await store.list()) names.add(s.name);
    const where = stores.map((s) => s.where).join(", ");
    const its = stores.length === 1 ? "its" : "their";
    throw new SurveyError(
      "survey_missing",
      `no survey ${showName(name)} in ${where} (${names.size ? `${its} surveys: ${[...names].map(showName).join(", ")}` : `${stores.length === 1 ? "it has" : "they have"} none`})`,
    );
  }
  return held;
}

/**
 * The reports of every survey in `stores` (or the one named), joined across the stores as described above. Each
 * survey's results are read one store at a time and let go once reported, unless `keepResults`.
 */
export async function reportStores(
  stores: readonly SurveyStore[],
  { name, keepResults = false }: { name?: string; keepResults?: boolean } = {},
): Promise<ManyReports> {
  const groups = new Map<string, Held[]>();
  for (const held of await surveysOf(stores, name)) {
    const key = `${held.survey.name}\u0000${settingsKey(held.survey)}`;
    const group = groups.get(key);
    if (group) group.push(held);
    else groups.set(key, [held]);
  }
  const reports: { report: SurveyReport; survey: StoredSurvey; results?: DealResult[] }[] = [];
  for (const group of groups.values()) {
    const parts: { where: string; results: DealResult[] }[] = [];
    for (const { store, survey } of group)
      parts.push({ where: store.where, results: await store.results(survey) });
    // The first store's survey, started when the earliest of them was.
    const first = { ...group[0].survey, created: group.map((h) => h.survey.created).sort()[0] };
    const results = joinResults(first, parts);
    const report = buildReport(first, results);
    if (stores.length > 1) report.files = group.map((h) => h.store.where);
    reports.push({ report, survey: first, ...(keepResults ? { results } : {}) });
  }
  // Surveys of one name under other settings: each told apart by the settings in which they differ.
  const byName = new Map<string, typeof reports>();
  for (const x of reports) byName.set(x.report.name, [...(byName.get(x.report.name) ?? []), x]);
  for (const same of byName.values()) {
    if (same.length < 2) continue;
    const words = variants(same.map((x) => ({ survey: x.survey, label: x.report.label })));
    same.forEach((x, i) => {
      x.report.variant = words[i];
    });
  }
  const results = new Map<string, DealResult[]>();
  for (const { report, results: rows } of reports) if (rows) results.set(shownName(report), rows);
  return { reports: reports.map((x) => x.report), results };
}
