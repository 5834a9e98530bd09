import { PRESET_GROUPS, presetGroup, withoutPresetIntro } from "../../src/games/family/index.ts";
import type { AnyPatienceGame, PileView } from "../../src/games/patience/contract.ts";
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
            `keys of two or more characters: type them at once (${[...longer[0]].join(" then ")})${keys.includes(longer[0][0]) ? `; ${longer[0][0]} then a pause, Enter or Space is ${longer[0][0]} alone` : ""}`,
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

/** A preset as the chooser shows it. */
export interface PresetEntry {
  /** Its Solvitaire name: the game's id everywhere (`#/gaps-one-deal`, `tsol play gaps-one-deal`). */
  id: string;
  /** Its title, the platform's (family/titles.ts): the game's title in every front-end. */
  title: string;
  group: string;
  /** Its rules in words (the engine's, without the line that it is a preset). */
  rules: string;
}

/**
 * Every preset the registry answers beside its games (registry.ts, OTHER_PRESETS), for the chooser's "more games":
 * in the platform's groups and order (family/titles.ts, PRESET_GROUPS), then any preset no group lists, among
 * "Others".
 */
export const PRESETS: readonly PresetEntry[] = (() => {
  const listed = PRESET_GROUPS.flatMap(({ presets }) => presets.map(([id]) => id)).filter((id) =>
    OTHER_PRESETS.includes(id),
  );
  const rest = OTHER_PRESETS.filter((id) => !listed.includes(id));
  return [...listed, ...rest].flatMap((id): PresetEntry[] => {
    const game = findPatience(id);
    if (!game) return [];
    return [{ id, title: game.title, group: presetGroup(id), rules: withoutPresetIntro(id, game.about) }];
  });
})();

export const findPreset = (id: string): PresetEntry | undefined => PRESETS.find((p) => p.id === id);

/** The title the app shows for a game: the platform's (a preset's own, not its Solvitaire name), or the id. */
export const gameTitle = (id: string): string =>
  GAMES.find((g) => g.id === id)?.title ?? findPatience(id)?.title ?? id;

const shown = new Map<string, AnyPatienceGame>();

/**
 * The patience game of an id as the web app plays it: the registry's (findPatience), a preset with its rules
 * without the preset line (its title is the platform's), made once, so that the page keeps one controller a game.
 */
export function webPatience(id: string): AnyPatienceGame | undefined {
  const game = findPatience(id);
  const preset = findPreset(id);
  if (!game || !preset) return game;
  let made = shown.get(id);
  if (!made) {
    made = { ...game, about: preset.rules } as AnyPatienceGame;
    shown.set(id, made);
  }
  return made;
}
