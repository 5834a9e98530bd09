import type { AnyPatienceGame, PileRef, PileView } from "../../src/games/patience/contract.ts";
import { PileKeyReader } from "../../src/games/patience/pile-keys.ts";
import { findPatience, GAMES, OTHER_PRESETS } from "../../src/games/registry.ts";
import { layoutOf } from "./games/index.ts";

/** Keys of Tetris, for the help screen (the patience games' keys come from their piles). */
export const TETRIS_KEYS: [string, string][] = [
  ["← →", "move"],
  ["↓", "soft drop"],
  ["Space", "hard drop"],
  ["↑ / x", "rotate clockwise"],
  ["z / Ctrl", "rotate counter-clockwise"],
  ["c / Shift", "hold (guideline)"],
  ["p / Esc", "pause"],
];

const KIND_WORDS: Record<string, string> = {
  cascade: "cascades",
  cell: "free cells",
  foundation: "the foundations",
  reserve: "the reserve",
  stock: "the stock",
  waste: "the waste",
  place: "places",
  hole: "the hole",
};

/** "1–8" for a run of keys, else the keys listed. */
function keyRange(keys: string[]): string {
  const unique = [...new Set(keys)];
  if (unique.length <= 2) return unique.join(", ");
  return `${unique[0]}–${unique[unique.length - 1]}`;
}

/** The keys of a patience game, from its piles: what each key names, and the commands' keys. */
export function patienceKeys(game: AnyPatienceGame): [string, string][] {
  const piles: PileView[] = game.piles(game.deal(1, game.rules.make({}), game.numberings[0]), "player");
  const keys = piles.flatMap((p) => (p.key === undefined ? [] : [p.key]));
  const command = (k: string) => (PileKeyReader.takes(keys, k) ? k.toUpperCase() : k);
  const byKind = new Map<string, string[]>();
  for (const p of piles) {
    if (p.key === undefined) continue;
    byKind.set(p.ref.kind, [...(byKind.get(p.ref.kind) ?? []), p.key]);
  }
  const pileKeys: [string, string][] = [...byKind.entries()].map(([kind, keys]) => [
    keyRange(keys),
    `${KIND_WORDS[kind] ?? kind}: the first key picks cards up, the second puts them down, the same key twice plays its quick move`,
  ]);
  const longer = keys.filter((k) => k.length > 1);
  const typing: [string, string][] =
    longer.length > 0
      ? [
          [
            longer.length > 2 ? `${longer[0]}–${longer[longer.length - 1]}` : longer.join(", "),
            `keys of two or more characters: type them at once (${[...longer[0]].join(" then ")})${keys.includes(longer[0][0]) ? `; ${longer[0][0]} then a pause is ${longer[0][0]} alone` : ""}`,
          ],
        ]
      : [];
  return [
    ...pileKeys,
    ...typing,
    ["Arrows, Enter", "move between piles and along a pile; Enter or Space picks up and puts down"],
    ["Esc", "cancel the selection, stop solving"],
    [`${command("u")} / Ctrl+Z`, "undo"],
    [`${command("r")} / Ctrl+Y`, "redo"],
    [command("n"), "new deal"],
    ["#", "type a deal number"],
    [command("t"), "hint: the solver's move first, again for the other legal moves"],
    [command("s"), "solve from here (again to stop)"],
    [command("w"), "say whether the position can be won"],
    [":", "type moves in the game's notation"],
    layoutOf(game.id).clickMode === "quick"
      ? ["Mouse", "click a card to move it to the gap it can go to, or a gap to fill it; or drag a card"]
      : ["Mouse", "drag cards; or click them, then where they go; double-click plays the quick move"],
  ];
}

/**
 * Solvitaire's presets that are no game of the registry (registry.ts, OTHER_PRESETS), as the web app offers them:
 * each under a title a player reads and in a group of its kin, for the chooser's "more games". A preset missing
 * here (a new one) is still offered, titled by its name, among "Others".
 */
const PRESET_GROUPS: readonly { group: string; presets: readonly (readonly [string, string])[] }[] = [
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

/** A preset as the chooser shows it. */
export interface PresetEntry {
  /** Its Solvitaire name: the game's id everywhere (`#/gaps-one-deal`, `tsol play gaps-one-deal`). */
  id: string;
  title: string;
  group: string;
  /** Its rules in words (the engine's, without the line that it is a preset). */
  rules: string;
}

const aboutOf = (game: AnyPatienceGame): string =>
  game.about.replace(/^Solvitaire's preset of this name\.\s*/, "");

/** Every preset the registry answers beside its games, grouped, in the chooser's order. */
export const PRESETS: readonly PresetEntry[] = (() => {
  const titled = new Map(
    PRESET_GROUPS.flatMap(({ group, presets }) => presets.map(([id, title]) => [id, { group, title }])),
  );
  const entries = (id: string): PresetEntry | undefined => {
    const game = findPatience(id);
    if (!game) return undefined;
    const known = titled.get(id);
    return { id, title: known?.title ?? id, group: known?.group ?? "Others", rules: aboutOf(game) };
  };
  const listed = PRESET_GROUPS.flatMap(({ presets }) => presets.map(([id]) => id)).filter((id) =>
    OTHER_PRESETS.includes(id),
  );
  const rest = OTHER_PRESETS.filter((id) => !titled.has(id));
  return [...listed, ...rest].flatMap((id) => entries(id) ?? []);
})();

export const findPreset = (id: string): PresetEntry | undefined => PRESETS.find((p) => p.id === id);

/** The title the app shows for a game: a registry game's, a preset's own (not its Solvitaire name), or the id. */
export const gameTitle = (id: string): string =>
  GAMES.find((g) => g.id === id)?.title ?? findPreset(id)?.title ?? id;

const shown = new Map<string, AnyPatienceGame>();

/**
 * The patience game of an id as the web app plays it: the registry's (findPatience), a preset under its title
 * here and its rules without the preset line (made once, so that the page keeps one controller a game).
 */
export function webPatience(id: string): AnyPatienceGame | undefined {
  const game = findPatience(id);
  const preset = findPreset(id);
  if (!game || !preset) return game;
  let made = shown.get(id);
  if (!made) {
    const engine = game;
    made = {
      ...game,
      title: preset.title,
      about: preset.rules,
      rules: { ...game.rules, label: () => preset.title },
      // An accordion's pile lies stacked, its top card the one in sight: a click or a drag there picks up the
      // pile (the engine lifts it from its bottom card only; the move is the whole pile's either way).
      lift: (state: Parameters<AnyPatienceGame["lift"]>[0], ref: PileRef, index: number) => {
        const whole = engine.lift(state, ref, 0);
        return ref.kind === "accordion" && whole > 1 && index === whole - 1
          ? 1
          : engine.lift(state, ref, index);
      },
    } as AnyPatienceGame;
    shown.set(id, made);
  }
  return made;
}
