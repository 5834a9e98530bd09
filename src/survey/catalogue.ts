import { withoutPresetIntro } from "../games/family/index.ts";
import { CATALOGUE_RULES, SOLVITAIRE_PRESETS } from "../games/family/presets.ts";
import type { AnyPatienceGame } from "../games/patience/contract.ts";
import { findPatience } from "../games/registry.ts";
import type { ProgressSink } from "./progress.ts";
import { SurveyThreads } from "./runner.ts";
import {
  canonicalJson,
  type DealRange,
  makeSettings,
  type SurveyBudget,
  SurveyError,
  type SurveySettings,
} from "./settings.ts";
import type { SurveyStore } from "./store.ts";
import { type RunSummary, runSurvey } from "./survey.ts";

/**
 * The catalogue: every one of Solvitaire's 80 presets by its Solvitaire name, surveyed in Solvitaire's numbering
 * under the preset's rules; then the games of tsol's catalogue that Solvitaire lacks (Yukon, Scorpion, Microsoft's
 * Spider of one and two suits, Pyramid, TriPeaks: presets.ts's CATALOGUE_RULES), each by its id, dealt by the same
 * shuffle under the numbering named `solvitaire` (there is no Solvitaire deal of them to compare with). Most
 * names are games of the family engine whose default rules are the preset's; three presets are surveyed as games
 * with engines of their own (PRESET_GAMES), two of them under rules given here where the game's defaults differ
 * from Solvitaire's preset (each checked by the game's own `solvitaireTwin`).
 */
const PRESET_RULES: Readonly<Record<string, Record<string, unknown>>> = {
  // Solvitaire's King Albert lets a card come back off a foundation; tsol's default (the paper's rules) does not.
  "king-albert": { fromFoundation: true },
  // Solvitaire's klondike turns three cards at a time; tsol's default turns one (that is klondike-deal-1).
  klondike: { draw: 3 },
};

/**
 * The presets surveyed as a game with an engine and solver of its own rather than as the family game of the same
 * name, by that game's id: Solvitaire's Klondike drawing one is tsol's Klondike (whose default draws one), as its
 * drawing three (`klondike`) and King Albert are by their names. Solvitaire's Klondike presets move part of a
 * built run only to uncover a card that then goes home; tsol's Klondike moves any face-up run. The verdicts are
 * the same: moving more can only win more, and the restriction loses no win (Solvitaire's paper proves it; the
 * family's `klondike-deal-1-arbitrary-built-moves`, held to tsol's Klondike by the family's verdict test, is
 * the unrestricted preset).
 */
const PRESET_GAMES: Readonly<Record<string, string>> = { "klondike-deal-1": "klondike" };

/** The game a catalogue name is surveyed as: PRESET_GAMES's, else the game tsol finds by the name. */
function catalogueGame(name: string): AnyPatienceGame | undefined {
  return findPatience(Object.hasOwn(PRESET_GAMES, name) ? PRESET_GAMES[name] : name);
}

export interface CatalogueEntry {
  /** The preset's Solvitaire name: the survey's name (and, but for PRESET_GAMES, the game tsol finds by it). */
  name: string;
  game: AnyPatienceGame;
  /** The rules given to the game (partial; the schema fills in the rest). */
  rules: Record<string, unknown>;
}

/** The names of the catalogue: Solvitaire's presets in its order (alphabetical), then tsol's other games. */
const NAMES: readonly string[] = [...Object.keys(SOLVITAIRE_PRESETS), ...Object.keys(CATALOGUE_RULES)];

/** Whether `name` is a game of the catalogue (a preset, or one of tsol's catalogue games). */
const inCatalogue = (name: string): boolean =>
  Object.hasOwn(SOLVITAIRE_PRESETS, name) || Object.hasOwn(CATALOGUE_RULES, name);

/** Every game of the catalogue, presets first, with the game and rules tsol plays it by. */
export function catalogue(): CatalogueEntry[] {
  return NAMES.map((name) => {
    const game = catalogueGame(name);
    if (!game)
      throw new SurveyError("usage", `the catalogue's game ${name} is not a game tsol finds by name`);
    return { name, game, rules: PRESET_RULES[name] ?? {} };
  });
}

/**
 * A game of the catalogue as its table names it: the title a player reads (the game's, family/titles.ts for a
 * preset), with the Solvitaire name a researcher looks for beside it ("Gaps, one deal (gaps-one-deal)"); the name
 * alone where the title is the name.
 */
export function catalogueTitle(name: string, title: string): string {
  return title === name ? name : `${title} (${name})`;
}

/** The fixed settings of one preset's survey in the catalogue: its name, the preset's rules, Solvitaire's numbering. */
export function catalogueSettings(
  entry: CatalogueEntry,
  budget: SurveyBudget,
  solverVersion: (game: string) => string,
): SurveySettings {
  return makeSettings(entry.game, {
    name: entry.name,
    rules: entry.rules,
    numbering: "solvitaire",
    budget,
    solverVersion: solverVersion(entry.game.id),
  });
}

/**
 * The catalogue's entry a survey is, or undefined: a survey named as a preset, of the preset's game, in
 * Solvitaire's numbering, under the rules the catalogue gives it (a survey of the same name under other rules is
 * not the catalogue's and is not set beside Solvitaire's figures).
 */
export function catalogueEntryOf(survey: {
  name: string;
  game: string;
  rules: Record<string, unknown>;
  numbering: string;
}): CatalogueEntry | undefined {
  if (survey.numbering !== "solvitaire" || !inCatalogue(survey.name)) return undefined;
  const game = catalogueGame(survey.name);
  if (!game || game.id !== survey.game) return undefined;
  const entry = { name: survey.name, game, rules: PRESET_RULES[survey.name] ?? {} };
  const rules = catalogueSettings(entry, {}, () => "").rules;
  return canonicalJson(rules) === canonicalJson(survey.rules) ? entry : undefined;
}

export interface CatalogueOptions {
  jobs: number;
  signal?: AbortSignal;
  /** A progress sink for each preset's survey in turn. */
  sink?: ProgressSink;
  /** Told as each preset starts and ends. */
  onStart?: (entry: CatalogueEntry, index: number, of: number) => void;
  onDone?: (entry: CatalogueEntry, summary: RunSummary) => void;
  /** Only these presets (Solvitaire names), in the catalogue's order; all when absent. */
  only?: readonly string[];
}

/** The catalogue's entries, or only those named (in the catalogue's order); a name that is no preset is refused. */
export function catalogueEntries(only?: readonly string[]): CatalogueEntry[] {
  const entries = catalogue();
  if (!only) return entries;
  const unknown = only.filter((name) => !entries.some((e) => e.name === name));
  if (unknown.length) throw new SurveyError("usage", `not a game of the catalogue: ${unknown.join(", ")}`);
  return entries.filter((e) => only.includes(e.name));
}

/**
 * Surveys the presets in turn over the same deals and budget, into one store: each preset is a survey of its own
 * (name = the preset's), so running it again resumes every one where it stopped, with the same refusal of other
 * settings as one survey. The solver threads are started once and kept for every preset.
 */
export async function runCatalogue(
  store: SurveyStore,
  ranges: readonly DealRange[],
  budget: SurveyBudget,
  solverVersion: (game: string) => string,
  options: CatalogueOptions,
): Promise<RunSummary[]> {
  const entries = catalogueEntries(options.only);
  // Every preset's settings first: a refusal (another budget, another solver) comes before any solving.
  const settings = entries.map((e) => catalogueSettings(e, budget, solverVersion));
  for (const s of settings) {
    const stored = await store.find(s.name);
    if (stored) await store.open(s);
  }
  const threads = new SurveyThreads(Math.max(1, options.jobs));
  const summaries: RunSummary[] = [];
  try {
    for (const [i, entry] of entries.entries()) {
      if (options.signal?.aborted) break;
      options.onStart?.(entry, i, entries.length);
      const summary = await runSurvey(store, settings[i], ranges, {
        jobs: options.jobs,
        threads,
        sink: options.sink,
        signal: options.signal,
      });
      summaries.push(summary);
      options.onDone?.(entry, summary);
    }
  } finally {
    await threads.close();
  }
  return summaries;
}

/** The goal sentence most games share, left out of the short rules (the table's other rows say it once). */
const COMMON_GOAL = /^Move every card to the 4 foundations, built up in suit from the ace \(one deck\)\.$/;

/** A preset's rules in words, whole: the sentences of the game's description (and its label where it says more). */
export function rulesInWords(entry: CatalogueEntry): string {
  return rulesSentences(entry).join(" ");
}

function rulesSentences(entry: CatalogueEntry): string[] {
  const { game } = entry;
  const label = game.rules.label(game.rules.make(entry.rules as never));
  const about = withoutPresetIntro(entry.name, game.about);
  const sentences = (about.match(/[^.]+(?:\.(?=\s|$)|$)/g) ?? [])
    .map((s) => s.trim())
    .filter((s) => s && !COMMON_GOAL.test(s));
  if (label !== game.title) sentences.unshift(`${label}.`);
  return sentences;
}

/**
 * A preset's rules in words, short: the game's own words (its label where the rules are not the game's default,
 * then its description) without the common goal sentence, cut at a sentence (or word) near `max` characters.
 */
export function shortRules(entry: CatalogueEntry, max = 200): string {
  const sentences = rulesSentences(entry);
  let out = "";
  for (const s of sentences) {
    const next = out ? `${out} ${s}` : s;
    if (next.length > max) {
      if (!out) out = `${s.slice(0, max).replace(/\s+\S*$/, "")} …`;
      else out += " …";
      break;
    }
    out = next;
  }
  return out;
}
