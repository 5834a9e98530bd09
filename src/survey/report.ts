import { escapeControls, shortText } from "../cards/text.ts";
import { wilson, Z95 } from "../games/patience/wilson.ts";
import { findPatience } from "../games/registry.ts";
import type { BlindReport } from "./blind.ts";
import { catalogueEntryOf, catalogueTitle, rulesInWords, shortRules } from "./catalogue.ts";
import { PUBLISHED, type PublishedFigure } from "./published.ts";
import { type DealResult, describeBudget, type SurveyBudget } from "./settings.ts";
import type { StoredSurvey } from "./store.ts";

// The Wilson interval lives in the platform (blind players report theirs too); the survey's reports use it.
export { wilson, Z95 };

/**
 * The share of deals winnable, as Solvitaire reports it: the low end is the Wilson interval's lower bound with
 * every unknown deal counted as lost, the high end its upper bound with every unknown counted as won; `share`
 * is the middle of the two and `margin` half their distance ("68.542% ± 0.092").
 */
export interface Winnable {
  share: number;
  low: number;
  high: number;
  margin: number;
}

export function winnable(solved: number, unsolvable: number, unknown: number, z = Z95): Winnable {
  const n = solved + unsolvable + unknown;
  const low = wilson(solved, n, z).low;
  const high = wilson(solved + unknown, n, z).high;
  return { share: (low + high) / 2, low, high, margin: (high - low) / 2 };
}

/** The nearest-rank quantile of sorted values (q in 0..1): always one of the values, so figures are exact. */
export function quantile(sorted: readonly number[], q: number): number {
  if (sorted.length === 0) return 0;
  const rank = Math.max(1, Math.ceil(q * sorted.length));
  return sorted[Math.min(sorted.length, rank) - 1];
}

export interface Spread {
  median: number;
  p99: number;
  max: number;
}

function spread(values: number[]): Spread {
  const sorted = [...values].sort((a, b) => a - b);
  return {
    median: quantile(sorted, 0.5),
    p99: quantile(sorted, 0.99),
    max: sorted.length ? sorted[sorted.length - 1] : 0,
  };
}

/** One survey's figures: the object `tsol survey report --json` prints in its `surveys` list. */
export interface SurveyReport {
  name: string;
  game: string;
  title: string;
  rules: Record<string, unknown>;
  /** The rules in words (the game's label). */
  label: string;
  numbering: string;
  policy: string;
  budget: SurveyBudget;
  solverVersion: string;
  created: string;
  /** Deals with a result. */
  deals: number;
  /** The lowest and highest deal numbers with a result. */
  first: number | null;
  last: number | null;
  solved: number;
  unsolvable: number;
  unknown: number;
  winnable: Winnable;
  /** Solver time per deal in ms (wall time of the search in its thread). */
  ms: Spread & { total: number };
  /** Positions stored per deal. */
  positions: Spread;
  /** Solution length (every move written out) of the solved deals. */
  length: Spread;
  /** The deals that took the most positions, most first (ties: lower deal first). */
  hardest: { deal: number; outcome: string; positions: number; ms: number }[];
  /** Every deal proved impossible. */
  impossible: number[];
  /** Every deal left undecided, with the budget it was given. */
  undecided: number[];
  /** Deals retried with a larger budget than the survey's (counted by the budget they were last given). */
  budgets: { budget: SurveyBudget; deals: number }[];
  /** Results with a note (an error, a solution that did not replay, the memory budget): each is also unknown. */
  notes: { deal: number; note: string }[];
  /**
   * Only in a report of several databases holding surveys of this name under other settings: the settings that
   * tell this one apart ("solver 0.1.0+alpha-star.8109f7c31a5a").
   */
  variant?: string;
  /** Only in a report of several databases: those this survey's results were read from. */
  files?: string[];
}

/** A survey's name as the reports show it: with its variant, if any ("alpha-star [solver …]"). */
export const shownName = (r: { name: string; variant?: string }): string =>
  r.variant === undefined ? r.name : `${r.name} [${r.variant}]`;

/** Deals named in `hardest`. */
const HARDEST = 10;

/** A stored survey's rules in words: the game's label, or what is wrong with them (the game's id if unknown). */
export function rulesLabel(id: string, rules: Record<string, unknown>): string {
  const game = findPatience(id);
  if (!game) return id;
  try {
    return game.rules.label(game.rules.make(rules));
  } catch {
    return `${game.title} (rules this version does not take: ${shortText(JSON.stringify(rules), 200)})`;
  }
}

export function buildReport(survey: StoredSurvey, results: readonly DealResult[]): SurveyReport {
  const label = rulesLabel(survey.game, survey.rules);
  const count = { solved: 0, unsolvable: 0, unknown: 0 };
  const impossible: number[] = [];
  const undecided: number[] = [];
  const notes: { deal: number; note: string }[] = [];
  const byBudget = new Map<string, { budget: SurveyBudget; deals: number }>();
  let totalMs = 0;
  for (const r of results) {
    count[r.outcome]++;
    if (r.outcome === "unsolvable") impossible.push(r.deal);
    if (r.outcome === "unknown") undecided.push(r.deal);
    if (r.note) notes.push({ deal: r.deal, note: r.note });
    totalMs += r.ms;
    const key = JSON.stringify(r.budget);
    const entry = byBudget.get(key) ?? { budget: r.budget, deals: 0 };
    entry.deals++;
    byBudget.set(key, entry);
  }
  const hardest = [...results]
    .sort((a, b) => b.positions - a.positions || a.deal - b.deal)
    .slice(0, HARDEST)
    .map((r) => ({ deal: r.deal, outcome: r.outcome, positions: r.positions, ms: round(r.ms) }));
  const deals = results.map((r) => r.deal);
  const ms = spread(results.map((r) => r.ms));
  return {
    name: survey.name,
    game: survey.game,
    title: findPatience(survey.game)?.title ?? survey.game,
    rules: survey.rules,
    label,
    numbering: survey.numbering,
    policy: survey.policy,
    budget: survey.budget,
    solverVersion: survey.solverVersion,
    created: survey.created,
    deals: results.length,
    first: deals.length ? deals.reduce((a, b) => Math.min(a, b)) : null,
    last: deals.length ? deals.reduce((a, b) => Math.max(a, b)) : null,
    ...count,
    winnable: winnable(count.solved, count.unsolvable, count.unknown),
    ms: { median: round(ms.median), p99: round(ms.p99), max: round(ms.max), total: round(totalMs) },
    positions: spread(results.map((r) => r.positions)),
    length: spread(results.filter((r) => r.length !== null).map((r) => r.length as number)),
    hardest,
    impossible,
    undecided,
    budgets: [...byBudget.values()],
    notes,
  };
}

const round = (ms: number): number => Math.round(ms * 100) / 100;

/**
 * Characters JSON.stringify leaves as they are that must not reach a terminal: DEL, the C1 controls, the line and
 * paragraph separators and the bidirectional controls (it escapes the C0 controls itself).
 */
const JSON_UNSAFE = /[\u007f-\u009f\u2028\u2029\u200e\u200f\u202a-\u202e\u2066-\u2069\ufeff]/g;

/**
 * `{"surveys": [...]}`: the JSON report. Text from the database (a name, a note) is written with `\\u` escapes
 * for every control character, so the JSON reads back the same and the terminal sees none of them.
 */
export function reportJson(reports: readonly SurveyReport[], blind: readonly BlindReport[] = []): string {
  const text = JSON.stringify(
    blind.length ? { surveys: reports, blind } : { surveys: reports },
    null,
    2,
  ).replace(JSON_UNSAFE, (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, "0")}`);
  return `${text}\n`;
}

const pct = (x: number, digits = 3): string => `${(100 * x).toFixed(digits)}%`;

/** Enough digits to show the interval: 3 after the point, more when the share is very near 0 or 100%. */
function digitsFor(w: Winnable): number {
  const margin = w.margin * 100;
  if (margin <= 0) return 3;
  return Math.min(6, Math.max(3, Math.ceil(-Math.log10(margin)) + 1));
}

export function formatWinnable(w: Winnable): string {
  const d = digitsFor(w);
  return `${pct(w.share, d)} ± ${(100 * w.margin).toFixed(d)} (${pct(w.low, d)} to ${pct(w.high, d)})`;
}

/**
 * A CSV field, quoted when it must be (RFC 4180). Control characters are written as escapes (`\\x1b`): the text
 * comes from a database, and a CSV is read on terminals too.
 */
function field(value: unknown): string {
  const text = escapeControls(
    value === null || value === undefined
      ? ""
      : typeof value === "object"
        ? JSON.stringify(value)
        : String(value),
  );
  return /[",\n\r]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

const CSV_COLUMNS: [string, (r: SurveyReport) => unknown][] = [
  ["survey", (r) => shownName(r)],
  ["game", (r) => r.game],
  ["rules", (r) => r.label],
  ["numbering", (r) => r.numbering],
  ["policy", (r) => r.policy],
  ["budget", (r) => describeBudget(r.budget)],
  ["solver_version", (r) => r.solverVersion],
  ["first", (r) => r.first],
  ["last", (r) => r.last],
  ["deals", (r) => r.deals],
  ["solved", (r) => r.solved],
  ["unsolvable", (r) => r.unsolvable],
  ["unknown", (r) => r.unknown],
  ["winnable", (r) => r.winnable.share],
  ["low", (r) => r.winnable.low],
  ["high", (r) => r.winnable.high],
  ["margin", (r) => r.winnable.margin],
  ["ms_median", (r) => r.ms.median],
  ["ms_p99", (r) => r.ms.p99],
  ["ms_max", (r) => r.ms.max],
  ["ms_total", (r) => r.ms.total],
  ["positions_median", (r) => r.positions.median],
  ["positions_p99", (r) => r.positions.p99],
  ["positions_max", (r) => r.positions.max],
  ["impossible", (r) => r.impossible.join(" ")],
  ["undecided", (r) => r.undecided.join(" ")],
];

/** One line per survey; the impossible and undecided deals as space-separated numbers. */
export function reportCsv(reports: readonly SurveyReport[]): string {
  const lines = [CSV_COLUMNS.map(([name]) => name).join(",")];
  for (const r of reports) lines.push(CSV_COLUMNS.map(([, get]) => field(get(r))).join(","));
  return `${lines.join("\r\n")}\r\n`;
}

const n = (x: number): string => x.toLocaleString("en");

/** A list of deal numbers for people: all of them up to `max`, then how many more. */
function dealList(deals: readonly number[], max = 50): string {
  if (deals.length === 0) return "none";
  const shown = deals.slice(0, max).join(", ");
  return deals.length > max ? `${shown} … and ${n(deals.length - max)} more (--json lists all)` : shown;
}

/** The report for the terminal. */
export function reportText(reports: readonly SurveyReport[]): string {
  if (reports.length === 0) return "no surveys\n";
  const out: string[] = [];
  for (const r of reports) {
    // Text from the database is shown escaped, like text from any file: it may come from someone else.
    out.push(
      `${escapeControls(shownName(r))}: ${escapeControls(r.label)}, ${escapeControls(r.numbering)} deals ${r.first ?? "-"}..${r.last ?? "-"} (${n(r.deals)} deals), automatic moves ${escapeControls(r.policy)}, budget ${describeBudget(r.budget)}`,
      `  solved ${n(r.solved)}, impossible ${n(r.unsolvable)}, unknown ${n(r.unknown)}`,
      `  winnable ${formatWinnable(r.winnable)} (95% Wilson; unknowns as losses for the low end, as wins for the high)`,
      `  time per deal: median ${r.ms.median} ms, p99 ${r.ms.p99} ms, max ${r.ms.max} ms; total ${(r.ms.total / 1000).toFixed(1)} s of solver time`,
      `  positions per deal: median ${n(r.positions.median)}, p99 ${n(r.positions.p99)}, max ${n(r.positions.max)}`,
      `  hardest: ${r.hardest.map((h) => `${h.deal} (${h.outcome}, ${n(h.positions)} positions)`).join(", ") || "none"}`,
      `  impossible: ${dealList(r.impossible)}`,
      `  undecided: ${dealList(r.undecided)}`,
    );
    if (r.budgets.length > 1) {
      out.push(
        `  budgets: ${r.budgets.map((b) => `${n(b.deals)} deals with ${describeBudget(b.budget)}`).join(", ")}`,
      );
    }
    for (const note of r.notes.slice(0, 10))
      out.push(`  note, deal ${note.deal}: ${shortText(note.note, 300)}`);
    if (r.notes.length > 10) out.push(`  … ${n(r.notes.length - 10)} more notes (--json lists all)`);
    if (r.files) out.push(`  from ${escapeControls(r.files.join(", "))}`);
    out.push(`  solver ${escapeControls(r.solverVersion)}`, "");
  }
  return out.join("\n");
}

const samplesText = (b: BlindReport): string =>
  b.samples === null ? "the player's samples" : `${b.samples} sample${b.samples === 1 ? "" : "s"} a decision`;

/** The blind player's surveys (`tsol survey GAME --blind`), one paragraph each; empty when there are none. */
export function blindText(blind: readonly BlindReport[]): string {
  if (blind.length === 0) return "";
  const out = [
    "The blind player (tsol survey GAME --blind: it sees only what a player sees), its games won:",
    "",
  ];
  for (const b of blind) {
    out.push(
      `${escapeControls(b.label)}, ${escapeControls(b.numbering)} deals ${b.first}..${b.last} (${n(b.games)} games), automatic moves ${escapeControls(b.policy)}, seed ${b.seed}, ${samplesText(b)}`,
      `  won ${n(b.won)} of ${n(b.games)}: ${pct(b.share, 2)} (95% Wilson ${pct(b.low, 2)} to ${pct(b.high, 2)}); ${b.seconds.toFixed(2)} s a game`,
      `  player ${escapeControls(b.version)}, from ${escapeControls(b.file)}`,
      "",
    );
  }
  return out.join("\n");
}

/** The same as a table of the HTML report. */
function blindHtml(blind: readonly BlindReport[]): string {
  if (blind.length === 0) return "";
  return `
<section id="blind">
<h2>The blind player</h2>
<p class="muted">Each deal played once by the game's blind player (<code>tsol survey GAME --blind</code>), which sees only what a player sees; the interval is a 95% Wilson score interval.</p>
<table>
<tr><th>game</th><th>deals</th><th class="num">games</th><th class="num">won</th><th>share won (95% Wilson)</th><th>settings</th><th class="num">s a game</th></tr>
${blind.map((b) => `<tr><td>${esc(b.label)}</td><td>${esc(b.numbering)} ${b.first} to ${b.last}</td><td class="num">${n(b.games)}</td><td class="num">${n(b.won)}</td><td>${pct(b.share, 2)} (${pct(b.low, 2)} to ${pct(b.high, 2)})</td><td>seed ${b.seed}, ${samplesText(b)}, automatic moves ${esc(b.policy)}; player ${esc(b.version)}</td><td class="num">${b.seconds.toFixed(2)}</td></tr>`).join("\n")}
</table>
</section>`;
}

// ---------------------------------------------------------------------------------------------------------------
// The catalogue: every survey that is one of Solvitaire's presets (tsol survey catalogue), in one table.

/** One preset's line of the catalogue's table. */
export interface CatalogueRow {
  name: string;
  /** The game's title, the one a player reads (a preset's from family/titles.ts). */
  title: string;
  /** The rules in words, short, and whole. */
  rules: string;
  rulesWhole: string;
  deals: number;
  first: number | null;
  last: number | null;
  solved: number;
  unsolvable: number;
  unknown: number;
  winnable: Winnable;
  undecided: number[];
  /** Median solver time a deal, ms. */
  msMedian: number;
  budget: SurveyBudget;
  published?: PublishedFigure;
  /**
   * Whether the published interval and ours overlap (a figure without a margin counts as a point); undefined
   * without a published figure.
   */
  agrees?: boolean;
}

/** The catalogue's rows: the reports that are presets surveyed under the preset's rules, in Solvitaire's order. */
export function catalogueRows(reports: readonly SurveyReport[]): CatalogueRow[] {
  const rows: CatalogueRow[] = [];
  for (const r of reports) {
    const entry = catalogueEntryOf(r);
    if (!entry) continue;
    const published = Object.hasOwn(PUBLISHED, r.name) ? PUBLISHED[r.name] : undefined;
    const agrees =
      published &&
      published.share + (published.margin ?? 0) >= r.winnable.low &&
      published.share - (published.margin ?? 0) <= r.winnable.high;
    rows.push({
      name: shownName(r),
      title: entry.game.title,
      rules: shortRules(entry),
      rulesWhole: rulesInWords(entry),
      deals: r.deals,
      first: r.first,
      last: r.last,
      solved: r.solved,
      unsolvable: r.unsolvable,
      unknown: r.unknown,
      winnable: r.winnable,
      undecided: r.undecided,
      msMedian: r.ms.median,
      budget: r.budget,
      ...(published ? { published, agrees } : {}),
    });
  }
  return rows.sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));
}

/** A published figure as the table shows it: `81.945% ± 0.084`. */
export function formatPublished(p: PublishedFigure): string {
  return `${(100 * p.share).toFixed(p.margin === undefined ? 5 : 3)}%${p.margin === undefined ? "" : ` ± ${(100 * p.margin).toFixed(3)}`}`;
}

/** Winnable in the table's short form: `62.1% ± 9.5`. */
const shortShare = (w: Winnable): string => `${(100 * w.share).toFixed(1)}% ± ${(100 * w.margin).toFixed(1)}`;

/** Undecided deals for the table: every one up to `max`, else how many. */
function undecidedCell(row: CatalogueRow, max: number): string {
  if (row.unknown === 0) return "0";
  return row.unknown <= max ? `${row.unknown}: ${row.undecided.join(" ")}` : `${row.unknown}`;
}

/**
 * The catalogue as a Markdown table (`tsol survey report --catalogue`): the game (its title and its Solvitaire
 * name), rules in words, deals, solved / impossible / unknown, share winnable with its interval, undecided deals,
 * median time, Solvitaire's figure.
 */
export function catalogueText(rows: readonly CatalogueRow[], { undecidedMax = 12 } = {}): string {
  if (rows.length === 0) return "no survey of the catalogue (tsol survey catalogue --deals 1-N)\n";
  const cell = (text: string) => escapeControls(text).replace(/\|/g, "\\|");
  const lines = [
    "| game | rules | deals | solved / impossible / unknown | winnable (95%) | undecided | median ms | Solvitaire (JAIR 2026) |",
    "|---|---|---|---|---|---|---|---|",
  ];
  for (const r of rows) {
    const published = r.published
      ? `${formatPublished(r.published)}${r.agrees === false ? " (outside ours)" : ""}`
      : "";
    lines.push(
      `| ${cell(catalogueTitle(r.name, r.title))} | ${cell(r.rules)} | ${r.first ?? "-"}..${r.last ?? "-"} (${n(r.deals)}) | ${n(r.solved)} / ${n(r.unsolvable)} / ${n(r.unknown)} | ${shortShare(r.winnable)} | ${undecidedCell(r, undecidedMax)} | ${r.msMedian >= 100 ? n(Math.round(r.msMedian)) : r.msMedian} | ${published} |`,
    );
  }
  const deals = rows.reduce((t, r) => t + r.deals, 0);
  const unknown = rows.reduce((t, r) => t + r.unknown, 0);
  const budgets = [...new Set(rows.map((r) => describeBudget(r.budget)))];
  lines.push(
    "",
    `${rows.length} games, ${n(deals)} deals, ${n(unknown)} undecided; budget ${budgets.join(" / ")} a deal.`,
  );
  return `${lines.join("\n")}\n`;
}

function catalogueHtml(rows: readonly CatalogueRow[]): string {
  if (rows.length === 0) return "";
  const deals = rows.reduce((t, r) => t + r.deals, 0);
  const unknown = rows.reduce((t, r) => t + r.unknown, 0);
  const body = rows
    .map((r) => {
      const p = r.published;
      const published = p
        ? `<td title="${esc(`${p.deals}${p.note ? `. ${p.note}` : ""}`)}"${r.agrees === false ? ' class="differs"' : ""}>${esc(formatPublished(p))}${r.agrees === false ? " (outside ours)" : ""}</td>`
        : "<td></td>";
      return `<tr><td><a href="#${esc(r.name)}">${r.title === r.name ? esc(r.name) : `${esc(r.title)} <span class="muted name">(${esc(r.name)})</span>`}</a></td><td class="rules">${esc(r.rulesWhole)}</td><td class="num">${n(r.deals)}</td><td class="num">${n(r.solved)} / ${n(r.unsolvable)} / ${n(r.unknown)}</td><td class="num share">${esc(shortShare(r.winnable))}<br><span class="muted">${esc(pct(r.winnable.low, 1))} to ${esc(pct(r.winnable.high, 1))}</span></td><td class="deals undecided">${esc(undecidedCell(r, 20))}</td><td class="num">${r.msMedian >= 100 ? n(Math.round(r.msMedian)) : r.msMedian}</td>${published}</tr>`;
    })
    .join("\n");
  return `<section id="catalogue">
<h2>The catalogue: Solvitaire's presets and tsol's other games</h2>
<p class="muted">${rows.length} games, ${n(deals)} deals, ${n(unknown)} undecided. Solvitaire's numbering, each preset's rules; Solvitaire's published figure (Blake and Gent, JAIR 2026) where one is known, marked when it lies outside our interval.</p>
<table class="catalogue">
<tr><th>game</th><th>rules</th><th class="num">deals</th><th class="num">solved / impossible / unknown</th><th class="num">winnable (95%)</th><th>undecided</th><th class="num">median ms</th><th>Solvitaire</th></tr>
${body}
</table>
</section>`;
}

// ---------------------------------------------------------------------------------------------------------------
// HTML: one self-contained page, its plots SVG written here (no script, no file beside it).

/**
 * Text for the page: markup characters as entities, and control characters as escapes (`\\x1b`), which HTML does
 * not allow and which the bidirectional ones would use to make a name read as another.
 */
const esc = (text: string): string =>
  escapeControls(text).replace(
    /[&<>"']/g,
    (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" })[c] as string,
  );

const COLOURS = { solved: "#2e7d32", unsolvable: "#c62828", unknown: "#f9a825" } as const;

/** The share winnable of every survey with its interval on one 0-100% axis, its figures beside it. */
function shareChart(reports: readonly SurveyReport[]): string {
  const row = 34;
  const left = 150;
  const width = 920;
  const plot = 360;
  const zoomLeft = left + plot + 40;
  const height = 40 + row * reports.length + 36;
  const parts: string[] = [];
  const x = (v: number) => left + v * plot;
  for (const t of [0, 0.25, 0.5, 0.75, 1]) {
    parts.push(
      `<line x1="${x(t)}" y1="30" x2="${x(t)}" y2="${height - 30}" stroke="#ddd"/>`,
      `<text x="${x(t)}" y="${height - 12}" text-anchor="middle" class="tick">${t * 100}%</text>`,
    );
  }
  parts.push(
    `<text x="${left}" y="18" class="axis">share winnable, 95% interval</text>`,
    `<text x="${zoomLeft}" y="18" class="axis">share ± margin (low to high)</text>`,
  );
  reports.forEach((r, i) => {
    const y = 40 + i * row;
    const w = r.winnable;
    parts.push(
      `<text x="${left - 10}" y="${y + 14}" text-anchor="end" class="label">${esc(shownName(r))}</text>`,
      `<rect x="${left}" y="${y + 4}" width="${(w.share * plot).toFixed(1)}" height="14" fill="#90caf9"/>`,
      `<line x1="${x(w.low).toFixed(1)}" y1="${y + 11}" x2="${x(w.high).toFixed(1)}" y2="${y + 11}" stroke="#0d47a1" stroke-width="2"/>`,
      `<line x1="${x(w.low).toFixed(1)}" y1="${y + 4}" x2="${x(w.low).toFixed(1)}" y2="${y + 18}" stroke="#0d47a1" stroke-width="2"/>`,
      `<line x1="${x(w.high).toFixed(1)}" y1="${y + 4}" x2="${x(w.high).toFixed(1)}" y2="${y + 18}" stroke="#0d47a1" stroke-width="2"/>`,
    );
    // The figures beside the bar: an interval of a few hundredths of a percent cannot be seen on the axis.
    parts.push(`<text x="${zoomLeft}" y="${y + 15}" class="tick">${esc(formatWinnable(w))}</text>`);
  });
  return `<svg class="chart" role="img" aria-label="share winnable per survey" viewBox="0 0 ${width} ${height}" width="${width}" height="${height}">${parts.join("")}</svg>`;
}

/** Bins a quantity on a log scale (4 bins a decade), each bar split by outcome. */
function histogram(
  results: readonly DealResult[],
  value: (r: DealResult) => number,
  unit: string,
  title: string,
): string {
  const width = 440;
  const height = 220;
  const bottom = 40;
  const top = 24;
  const perDecade = 4;
  const logOf = (v: number) => Math.log10(Math.max(v, 1e-3));
  const values = results.map(value);
  // Loops, not Math.min(...values): a million arguments overflow the stack.
  let least = 0;
  let greatest = 1;
  for (const v of values) {
    least = Math.min(least, logOf(v));
    greatest = Math.max(greatest, logOf(v));
  }
  const lo = Math.floor(least * perDecade) / perDecade;
  const hi = Math.ceil((Math.max(greatest, lo + 1) + 1e-9) * perDecade) / perDecade;
  const bins = Math.max(1, Math.round((hi - lo) * perDecade));
  const counts = Array.from({ length: bins }, () => ({ solved: 0, unsolvable: 0, unknown: 0 }));
  results.forEach((r, i) => {
    const b = Math.min(bins - 1, Math.max(0, Math.floor((logOf(values[i]) - lo) * perDecade)));
    counts[b][r.outcome]++;
  });
  const most = counts.reduce((m, c) => Math.max(m, c.solved + c.unsolvable + c.unknown), 1);
  // Room on the left for the count at the top of the axis ("329,550" in a survey of a million deals).
  const left = Math.max(44, 12 + 8 * n(most).length);
  // Room on the right for the last decade's label ("100M").
  const right = 24;
  const bw = (width - left - right) / bins;
  const h = height - top - bottom;
  const parts: string[] = [`<text x="${left}" y="14" class="axis">${esc(title)}</text>`];
  counts.forEach((c, b) => {
    let y = height - bottom;
    for (const outcome of ["solved", "unsolvable", "unknown"] as const) {
      if (!c[outcome]) continue;
      const bh = (c[outcome] / most) * h;
      y -= bh;
      parts.push(
        `<rect x="${(left + b * bw + 1).toFixed(1)}" y="${y.toFixed(1)}" width="${Math.max(1, bw - 2).toFixed(1)}" height="${bh.toFixed(1)}" fill="${COLOURS[outcome]}"><title>${c[outcome]} ${outcome}</title></rect>`,
      );
    }
  });
  for (let d = Math.ceil(lo); d <= Math.floor(hi); d++) {
    const x = left + (d - lo) * perDecade * bw;
    // Short labels (1k, 100k, 1M), so that neighbouring decades' labels do not run into each other.
    const label = d >= 6 ? `${10 ** (d - 6)}M` : d >= 3 ? `${10 ** (d - 3)}k` : String(10 ** d);
    parts.push(
      `<line x1="${x.toFixed(1)}" y1="${height - bottom}" x2="${x.toFixed(1)}" y2="${height - bottom + 5}" stroke="#555"/>`,
      `<text x="${x.toFixed(1)}" y="${height - bottom + 18}" text-anchor="middle" class="tick">${label}</text>`,
    );
  }
  parts.push(
    `<line x1="${left}" y1="${height - bottom}" x2="${width - right}" y2="${height - bottom}" stroke="#555"/>`,
    `<text x="${(left + width) / 2}" y="${height - 6}" text-anchor="middle" class="tick">${esc(unit)} per deal (log scale)</text>`,
    `<text x="${left - 6}" y="${top + 8}" text-anchor="end" class="tick">${n(most)}</text>`,
    `<text x="${left - 6}" y="${height - bottom}" text-anchor="end" class="tick">0</text>`,
  );
  return `<svg class="chart" role="img" aria-label="${esc(title)}" viewBox="0 0 ${width} ${height}" width="${width}" height="${height}">${parts.join("")}</svg>`;
}

const STYLE = `
body { font: 15px/1.45 "DejaVu Sans", system-ui, sans-serif; color: #222; margin: 24px auto; max-width: 1180px; padding: 0 16px; }
h1 { font-size: 24px; } h2 { font-size: 19px; margin-top: 36px; border-bottom: 1px solid #ccc; }
table { border-collapse: collapse; margin: 8px 0 16px; display: block; max-width: 100%; overflow-x: auto; } td, th { padding: 3px 10px; text-align: left; border-bottom: 1px solid #eee; }
td.num, th.num { text-align: right; font-variant-numeric: tabular-nums; }
.chart { max-width: 100%; height: auto; } .charts { display: flex; flex-wrap: wrap; gap: 12px; }
.chart text { font: 12px "DejaVu Sans", sans-serif; fill: #333; } .chart .axis { font-weight: bold; } .chart .label { font-size: 13px; }
.deals { font-family: "DejaVu Sans Mono", monospace; font-size: 13px; word-break: break-word; }
.key span { display: inline-block; width: 12px; height: 12px; margin: 0 4px 0 12px; vertical-align: -1px; }
.muted { color: #666; font-size: 13px; }
table.catalogue td { vertical-align: top; } table.catalogue .name { white-space: nowrap; } table.catalogue td.num, table.catalogue td.share { white-space: nowrap; }
td.rules { font-size: 12px; min-width: 240px; max-width: 440px; } td.differs { color: #c62828; } td.undecided { max-width: 220px; }
@media (max-width: 700px) { td.rules { min-width: 150px; font-size: 11px; } }
`;

/** The HTML report: one self-contained page. */
export function reportHtml(
  reports: readonly SurveyReport[],
  results: ReadonlyMap<string, readonly DealResult[]>,
  blind: readonly BlindReport[] = [],
): string {
  const sections = reports.map((r) => {
    const rows = results.get(shownName(r)) ?? [];
    return `
<section id="${esc(shownName(r))}">
<h2>${esc(shownName(r))}: ${esc(r.label)}</h2>
<p class="muted">${esc(r.numbering)} deals ${r.first ?? "-"} to ${r.last ?? "-"}; automatic moves ${esc(r.policy)}; budget ${esc(describeBudget(r.budget))} a deal; solver ${esc(r.solverVersion)}; started ${esc(r.created)}${r.files ? `; from ${esc(r.files.join(", "))}` : ""}</p>
<table>
<tr><th>deals</th><th class="num">solved</th><th class="num">impossible</th><th class="num">unknown</th><th>winnable (95% Wilson)</th></tr>
<tr><td class="num">${n(r.deals)}</td><td class="num">${n(r.solved)}</td><td class="num">${n(r.unsolvable)}</td><td class="num">${n(r.unknown)}</td><td>${esc(formatWinnable(r.winnable))}</td></tr>
</table>
<table>
<tr><th>per deal</th><th class="num">median</th><th class="num">p99</th><th class="num">max</th></tr>
<tr><td>solver time, ms</td><td class="num">${r.ms.median}</td><td class="num">${r.ms.p99}</td><td class="num">${r.ms.max}</td></tr>
<tr><td>positions</td><td class="num">${n(r.positions.median)}</td><td class="num">${n(r.positions.p99)}</td><td class="num">${n(r.positions.max)}</td></tr>
<tr><td>solution length (moves)</td><td class="num">${n(r.length.median)}</td><td class="num">${n(r.length.p99)}</td><td class="num">${n(r.length.max)}</td></tr>
</table>
<div class="charts">
${histogram(rows, (d) => d.ms, "ms", "solver time per deal")}
${histogram(rows, (d) => d.positions, "positions", "positions per deal")}
</div>
<p class="key"><span style="background:${COLOURS.solved}"></span>solved<span style="background:${COLOURS.unsolvable}"></span>impossible<span style="background:${COLOURS.unknown}"></span>unknown</p>
<h3>Hardest deals</h3>
<table><tr><th class="num">deal</th><th>outcome</th><th class="num">positions</th><th class="num">ms</th></tr>
${r.hardest.map((h) => `<tr><td class="num">${h.deal}</td><td>${esc(h.outcome)}</td><td class="num">${n(h.positions)}</td><td class="num">${h.ms >= 100 ? n(Math.round(h.ms)) : h.ms}</td></tr>`).join("\n")}
</table>
<h3>Impossible deals (${n(r.impossible.length)})</h3>
<p class="deals">${r.impossible.length ? r.impossible.join(", ") : "none"}</p>
<h3>Undecided deals (${n(r.undecided.length)})</h3>
<p class="deals">${r.undecided.length ? r.undecided.join(", ") : "none"}</p>
${r.notes.length ? `<h3>Notes</h3><ul>${r.notes.map((x) => `<li>deal ${x.deal}: ${esc(x.note)}</li>`).join("")}</ul>` : ""}
</section>`;
  });
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>tsol survey report</title>
<style>${STYLE}</style>
</head>
<body>
<h1>How many deals can be won</h1>
<p>Each deal solved by tsol's solver under the survey's budget: <b>solved</b> with moves that were replayed through the game's engine to a win, <b>impossible</b> only after a complete search, <b>unknown</b> when the budget ran out. The interval is a 95% Wilson score interval; its low end counts every unknown deal as lost, its high end as won.</p>
${catalogueHtml(catalogueRows(reports))}
${reports.length ? shareChart(reports) : "<p>No surveys.</p>"}
${blindHtml(blind)}
${sections.join("\n")}
</body>
</html>
`;
}
