/**
 * The titles a player reads for Solvitaire's presets that are no game of the catalogue (index.ts, PRESET_NAMES),
 * and the groups of kin a chooser offers them in, in its order. The preset's game is titled so (its `title` and
 * its rules' label), and so every front-end shows it: the terminal's title line, `tsol games`, the survey's tables,
 * the web app's chooser. The Solvitaire name stays the game's id everywhere (`tsol play gaps-one-deal`,
 * `#/gaps-one-deal`). A preset missing here (a new one) is titled by its name, among "Others".
 */

/** A group of presets of one kin: each preset by its Solvitaire name, with its title. */
export interface PresetGroup {
  group: string;
  presets: readonly (readonly [name: string, title: string])[];
}

export const PRESET_GROUPS: readonly PresetGroup[] = [
  {
    group: "FreeCell and free cells",
    presets: [
      ["free-cell", "FreeCell, one card at a time"],
      ["free-cell-0-cell", "FreeCell, no cells"],
      ["free-cell-1-cell", "FreeCell, 1 cell"],
      ["free-cell-2-cell", "FreeCell, 2 cells"],
      ["free-cell-3-cell", "FreeCell, 3 cells"],
      ["free-cell-4-pile", "FreeCell, 4 piles"],
      ["free-cell-5-pile", "FreeCell, 5 piles"],
      ["free-cell-6-pile", "FreeCell, 6 piles"],
      ["free-cell-7-pile", "FreeCell, 7 piles"],
      ["eight-off-any-card-spaces", "Eight Off, any card in a space"],
      ["fore-cell-same-suit", "Fore Cell, built in suit"],
      ["one-cell", "One Cell"],
      ["two-cell", "Two Cell"],
      ["stronghold", "Stronghold"],
      ["siegecraft", "Siegecraft"],
      ["alina", "Alina"],
    ],
  },
  {
    group: "Klondike and its kin",
    presets: [
      ["klondike-deal-1", "Klondike, draw 1"],
      ["klondike-deal-1-arbitrary-built-moves", "Klondike, draw 1, any group moves"],
      ["klondike-deal-1-partial-piles-restricted", "Klondike, draw 1, part groups restricted"],
      ["klondike-arbitrary-built-moves", "Klondike, draw 3, any group moves"],
      ["klondike-partial-piles-restricted", "Klondike, draw 3, part groups restricted"],
      ["klondike-reserve", "Klondike with a spread reserve"],
      ["klondike-two-deck-9", "Klondike, two decks and 9 piles"],
      ["ultra-klondike-2-deck", "Ultra Klondike (two decks)"],
      ["gargantua", "Gargantua"],
      ["gargantua-redeal", "Gargantua with redeals"],
      ["trigon", "Trigon"],
      ["east-haven", "East Haven"],
      ["northwest-territory-arbitrary-built-moves", "Northwest Territory, any group moves"],
      ["northwest-territory-partial-piles-restricted", "Northwest Territory, part groups restricted"],
    ],
  },
  {
    group: "Canfield and its kin",
    presets: [
      ["canfield-arbitrary-built-moves", "Canfield, any group moves"],
      ["canfield-auto-reserve-then-waste", "Canfield, spaces from the reserve then the waste"],
      ["canfield-partial-piles-restricted", "Canfield, part groups restricted"],
      ["american-toad", "American Toad (two decks)"],
      ["chameleon", "Chameleon"],
      ["duchess", "Duchess"],
    ],
  },
  {
    group: "Two decks and a waste",
    presets: [
      ["lucas", "Lucas"],
      ["maria", "Maria"],
      ["limited", "Limited"],
      ["streets", "Streets"],
      ["rank-and-file", "Rank and File"],
    ],
  },
  {
    group: "Every card dealt",
    presets: [
      ["american-canister", "American Canister"],
      ["british-canister", "British Canister"],
      ["delta-star", "Delta Star"],
      ["spanish-patience", "Spanish Patience"],
      ["scotch-patience", "Scotch Patience"],
      ["thirty", "Thirty (32 cards)"],
      ["thirtysix", "Thirty Six"],
    ],
  },
  {
    group: "Gaps and Accordion",
    presets: [
      ["gaps-one-deal", "Gaps, one deal"],
      ["gaps-basic-variant", "Gaps, basic (suits fixed)"],
      ["accordion", "Accordion"],
      ["accordion-knuth", "Accordion, Knuth's 18 cards"],
      ["late-binding-solitaire", "Late Binding Solitaire"],
    ],
  },
];

/** The group of a preset that no group above lists. */
export const OTHER_PRESETS_GROUP = "Others";

/**
 * Two presets whose names are games of the registry with rules of their own (king-albert, klondike): reached as
 * presets only as another game's Solvitaire twin (`tsol deal ... --format solvitaire`), never offered in a chooser.
 */
const TWIN_TITLES: Readonly<Record<string, string>> = {
  "king-albert": "King Albert, as Solvitaire plays it",
  klondike: "Klondike, draw 3, as Solvitaire plays it",
};

const GROUPED = new Map(
  PRESET_GROUPS.flatMap(({ group, presets }) => presets.map(([name, title]) => [name, { group, title }])),
);

/** The title a player reads for a preset by its Solvitaire name; the name itself for a preset without one. */
export function presetTitle(name: string): string {
  return GROUPED.get(name)?.title ?? (Object.hasOwn(TWIN_TITLES, name) ? TWIN_TITLES[name] : name);
}

/** The group a chooser offers a preset in ("Others" for one that no group lists). */
export function presetGroup(name: string): string {
  return GROUPED.get(name)?.group ?? OTHER_PRESETS_GROUP;
}

/** The sentence that opens a preset's description (its `about`): that it is Solvitaire's preset, by its name. */
export const presetIntro = (name: string): string => `Solvitaire's preset ${name}.`;

/** A preset's description without the sentence that says it is a preset (any other description unchanged). */
export function withoutPresetIntro(name: string, about: string): string {
  const intro = presetIntro(name);
  return about.startsWith(intro) ? about.slice(intro.length).trimStart() : about;
}
