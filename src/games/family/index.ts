import { rankOf } from "../../cards/card.ts";
import type { Numbering } from "../../cards/deals/layout.ts";
import type { PatienceGame } from "../patience/contract.ts";
import { ruleSet } from "../patience/rules.ts";
import { formatBoard, fromJson, parseBoard, tableCards, toJson } from "./board.ts";
import { dealFamily, hasMicrosoftNumbering } from "./deal.ts";
import {
  apply,
  autoMoves,
  dealState,
  type FamilyMove,
  type FamilyState,
  fillSpaces,
  isWon,
  legalMoves,
  whyIllegal,
} from "./engine.ts";
import { familyKey } from "./key.ts";
import { knowledgeFor } from "./knowledge.ts";
import { formatMove, parseMove } from "./notation.ts";
import { CATALOGUE_RULES, SOLVITAIRE_PRESETS } from "./presets.ts";
import type { FamilyRules } from "./rules.ts";
import { toSolvitaireDeal } from "./solvitaire.ts";
import { describe, intent, lift, piles, quickMove } from "./table.ts";
import { presetIntro, presetTitle } from "./titles.ts";
import { describeRules } from "./words.ts";

export {
  OTHER_PRESETS_GROUP,
  PRESET_GROUPS,
  type PresetGroup,
  presetGroup,
  presetIntro,
  presetTitle,
  withoutPresetIntro,
} from "./titles.ts";
export type { FamilyMove, FamilyRules, FamilyState };

export type FamilyGame = PatienceGame<FamilyState, FamilyMove, FamilyRules>;

/**
 * A game of the family: its rules as data, and the family engine for everything else (deal, moves, notation,
 * boards, the table, the solver). A game here is rules, not code.
 */
export function familyGame(id: string, title: string, rules: FamilyRules, intro = ""): FamilyGame {
  const about = `${intro ? `${intro} ` : ""}${describeRules(rules)}`;
  const numberings: readonly Numbering[] = hasMicrosoftNumbering(rules)
    ? ["solvitaire", "microsoft"]
    : ["solvitaire"];
  return {
    id,
    title,
    about,
    rules: ruleSet<FamilyRules>({ fields: [], defaults: rules, variants: [], label: () => title }),
    numberings,
    policies: ["safe", "none", "all"],
    deal: (n, r, numbering) => {
      if (numbering === "solvitaire") return dealState(r, n);
      if (numbering !== "microsoft" || !hasMicrosoftNumbering(r))
        throw new RangeError(`${title} is dealt in Solvitaire's numbering only`);
      return microsoftState(r, n);
    },
    legalMoves,
    whyIllegal,
    apply,
    isWon,
    autoMoves,
    notation: { format: formatMove, parse: parseMove },
    board: {
      format: formatBoard,
      parse: parseBoard,
      toJson: (state, deal) => toJson(id, state, deal),
      fromJson: (json, r) => fromJson(id, json, r),
      toSolvitaire: (state) => ({ ...toSolvitaireDeal(state.rules, state.table) }),
    },
    key: familyKey,
    cards: (state) => tableCards(state.table),
    piles,
    lift,
    intent,
    quickMove,
    describe,
    solver: async () => {
      const { solveFamily } = await import("./solver.ts");
      return { solve: solveFamily };
    },
    // Rules with cards a player cannot see get hints that do not peek (knowledge.ts, blind.ts); the others none.
    ...blindParts(rules),
  };
}

/** What a player sees and the player that sees only that, for rules with hidden cards; nothing for the others. */
function blindParts(rules: FamilyRules): Pick<FamilyGame, "knowledge" | "blindPlayer"> {
  const knowledge = knowledgeFor(rules);
  if (!knowledge) return {};
  return { knowledge, blindPlayer: async () => (await import("./blind.ts")).familyBlindPlayer };
}

/**
 * Deal N of the Microsoft numbering, settled as dealState settles Solvitaire's: the foundations' base rank (the
 * rules', or the one the deal drew) and the spaces filled.
 */
function microsoftState(rules: FamilyRules, n: number): FamilyState {
  const table = dealFamily(rules, n, "microsoft");
  const f = rules.foundations;
  const started = table.foundations.find((p) => p.length > 0);
  const base = f && f.base !== "random" ? f.base : started ? rankOf(started[0]) : 1;
  const state: FamilyState = { rules, table, base };
  fillSpaces(state);
  return state;
}

/** A game of the catalogue: its Solvitaire name, its title and a line of history or character. */
interface Entry {
  id: string;
  title: string;
  intro?: string;
}

/**
 * The games of the family engine, each one of Solvitaire's presets by its name, or a game of the catalogue that
 * Solvitaire lacks (presets.ts, CATALOGUE_RULES).
 */
const CATALOGUE: readonly Entry[] = [
  { id: "bakers-game", title: "Baker's Game", intro: "FreeCell's ancestor: the piles build in suit." },
  { id: "eight-off", title: "Eight Off", intro: "Eight cells, half of them dealt full." },
  { id: "seahaven-towers", title: "Seahaven Towers", intro: "Ten piles built in suit, four cells." },
  { id: "fore-cell", title: "Fore Cell", intro: "FreeCell with the cells dealt full and kings in spaces." },
  { id: "beleaguered-castle", title: "Beleaguered Castle", intro: "The aces start home." },
  {
    id: "streets-and-alleys",
    title: "Streets and Alleys",
    intro: "Beleaguered Castle with the aces dealt too.",
  },
  {
    id: "fortunes-favor",
    title: "Fortune's Favor",
    intro: "Twelve piles of one card, refilled from the waste.",
  },
  { id: "fan", title: "Fan", intro: "Eighteen fans of three cards." },
  { id: "somerset", title: "Somerset", intro: "Ten piles in a triangle, all face up." },
  { id: "alpha-star", title: "Alpha Star", intro: "Twelve piles built in suit, any group moving." },
  { id: "canfield", title: "Canfield", intro: "The casino game of Richard Canfield." },
  { id: "canfield-strict", title: "Canfield (strict)", intro: "Canfield as some books play it." },
  { id: "spider", title: "Spider", intro: "The two-deck game of whole suits." },
  { id: "spiderette", title: "Spiderette", intro: "Spider with one deck and Klondike's triangle." },
  { id: "simple-simon", title: "Simple Simon", intro: "Spider with every card in sight." },
  { id: "will-o-the-wisp", title: "Will o' the Wisp", intro: "Spiderette dealt in rows." },
  { id: "forty-thieves", title: "Forty Thieves", intro: "Two decks, one pass through the stock." },
  { id: "mrs-mop", title: "Mrs Mop", intro: "Two decks, all dealt, whole suits home." },
  { id: "black-hole", title: "Black Hole", intro: "Seventeen fans of three round the ace of spades." },
  { id: "worm-hole", title: "Worm Hole", intro: "Black Hole with a cell." },
  { id: "golf", title: "Golf", intro: "Seven piles of five to clear into one pile." },
  { id: "flower-garden", title: "Flower Garden", intro: "Six beds and a bouquet of sixteen." },
  { id: "raglan", title: "Raglan", intro: "King Albert with the aces home." },
  {
    id: "northwest-territory",
    title: "Northwest Territory",
    intro: "Klondike's cousin with a spread reserve.",
  },
  {
    id: "castles-of-spain",
    title: "Castles of Spain",
    intro: "Thirteen piles of four in alternating colours.",
  },
  { id: "yukon", title: "Yukon", intro: "Klondike where any face-up card moves with the cards above it." },
  {
    id: "scorpion",
    title: "Scorpion",
    intro: "Seven piles of seven built in suit, any face-up card moving.",
  },
  {
    id: "spider-one-suit",
    title: "Spider (one suit)",
    intro: "Microsoft Solitaire Collection's easiest Spider: 104 spades.",
  },
  {
    id: "spider-two-suits",
    title: "Spider (two suits)",
    intro: "Microsoft Solitaire Collection's Spider of spades and hearts.",
  },
];

export const FAMILY_GAMES: readonly FamilyGame[] = CATALOGUE.map((e) =>
  familyGame(e.id, e.title, SOLVITAIRE_PRESETS[e.id] ?? CATALOGUE_RULES[e.id], e.intro),
);

/**
 * Solvitaire's presets that are not games of the catalogue above (FreeCell's cell and pile variants, the Klondike
 * variants, Gaps, the accordion, and the presets the catalogue issue will make games of), each reachable by its
 * Solvitaire name as a game of the family engine: its rules are the preset's, and `tsol games` lists the names. A
 * name the registry gives a game of its own (king-albert, klondike) stays that game's.
 */
export const PRESET_NAMES: readonly string[] = Object.keys(SOLVITAIRE_PRESETS).filter(
  (name) => !CATALOGUE.some((e) => e.id === name),
);

const presetGames = new Map<string, FamilyGame>();

/** The family game of a Solvitaire preset by its name (made once), or undefined for a name that is none. */
export function presetGame(name: string): FamilyGame | undefined {
  if (!Object.hasOwn(SOLVITAIRE_PRESETS, name)) return undefined;
  let game = presetGames.get(name);
  if (game === undefined) {
    // Titled as a player reads it (titles.ts; its name where it has no title), its Solvitaire name in its id and
    // in the first sentence of its description.
    game = familyGame(name, presetTitle(name), SOLVITAIRE_PRESETS[name], presetIntro(name));
    presetGames.set(name, game);
  }
  return game;
}
