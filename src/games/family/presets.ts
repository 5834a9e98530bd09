import { card, SPADES } from "../../cards/card.ts";
import {
  type AccordionRules,
  BASE_RULES,
  type CellRules,
  type Covering,
  type FamilyRules,
  type FoundationRules,
  type HoleRules,
  type PairRules,
  type ReserveRules,
  type SequenceRules,
  type StockRules,
  type TableauRules,
} from "./rules.ts";

/**
 * Every game of Solvitaire's 80 presets, by its Solvitaire name, as family rules: a few fields that differ from
 * BASE_RULES each. `../shared/data/solvitaire-presets.json` states them in Solvitaire's words; docs/family.md
 * gives each game in ours.
 */

interface Spec {
  decks?: 1 | 2;
  suits?: 1 | 2;
  highestRank?: number;
  tableau?: Partial<TableauRules>;
  /** false: the game has no foundations. */
  foundations?: Partial<FoundationRules> | false;
  hole?: Partial<HoleRules>;
  cells?: Partial<CellRules>;
  stock?: Partial<StockRules> & { size: number };
  reserve?: Partial<ReserveRules> & { size: number };
  sequences?: Partial<SequenceRules>;
  accordion?: AccordionRules;
  pairs?: PairRules;
  goal?: "clear-tableau";
}

const ACE_OF_SPADES = card(1, SPADES);

/** Rules from a spec: each part given is the base part with the spec's fields. */
export function familyRules(spec: Spec): FamilyRules {
  return {
    decks: spec.decks ?? BASE_RULES.decks,
    ...(spec.suits ? { suits: spec.suits } : {}),
    highestRank: spec.highestRank ?? BASE_RULES.highestRank,
    tableau: { ...BASE_RULES.tableau, ...spec.tableau },
    foundations:
      spec.foundations === false
        ? null
        : { ...(BASE_RULES.foundations as FoundationRules), ...spec.foundations },
    hole: spec.hole ? { base: ACE_OF_SPADES, wraps: true, ...spec.hole } : null,
    cells: { ...BASE_RULES.cells, ...spec.cells },
    stock: spec.stock ? { dealsTo: "waste", draw: 1, redeals: false, ...spec.stock } : null,
    reserve: spec.reserve ? { stacked: false, ...spec.reserve } : null,
    sequences: spec.sequences
      ? { rows: 4, direction: "left", build: "suit", fixedSuits: false, ...spec.sequences }
      : null,
    accordion: spec.accordion ?? null,
    ...(spec.pairs ? { pairs: spec.pairs } : {}),
    ...(spec.goal ? { goal: spec.goal } : {}),
  };
}

const ALT = "alternate-colours";
const CLASSIC_ACCORDION: AccordionRules = {
  size: 52,
  moves: [
    { direction: "left", distance: 1 },
    { direction: "left", distance: 3 },
  ],
  matches: ["same-suit", "same-rank"],
};

const freeCell = (cells: number, piles = 8): Spec => ({
  tableau: { piles, build: ALT },
  cells: { count: cells },
});

const canfield = (tableau: Partial<TableauRules>): Spec => ({
  tableau: { piles: 4, build: ALT, groups: "to-uncover", spaces: "reserve-then-any", ...tableau },
  foundations: { start: "one", base: "random" },
  stock: { size: 34, draw: 3, redeals: true },
  reserve: { size: 13, stacked: true },
});

const KLONDIKE_TABLEAU: Partial<TableauRules> = {
  piles: 7,
  build: ALT,
  spaces: "kings",
  groups: "to-uncover",
  diagonal: true,
  faceDown: true,
};
const klondike = (draw: number, tableau: Partial<TableauRules> = {}): Spec => ({
  tableau: { ...KLONDIKE_TABLEAU, ...tableau },
  foundations: { removable: true },
  stock: { size: 24, draw, redeals: true },
});

const northwestTerritory = (groups: TableauRules["groups"]): Spec => ({
  tableau: { build: ALT, groups, spaces: "kings", diagonal: true, faceDown: true },
  foundations: { removable: true },
  reserve: { size: 16 },
});

const gargantua = (redeals: boolean): Spec => ({
  decks: 2,
  tableau: { piles: 9, build: ALT, spaces: "kings", groups: "any", diagonal: true, faceDown: true },
  foundations: { removable: true },
  stock: { size: 59, redeals },
});

const SPECS: Record<string, Spec> = {
  accordion: { foundations: false, tableau: { piles: 0 }, accordion: CLASSIC_ACCORDION },
  "accordion-knuth": {
    foundations: false,
    tableau: { piles: 0 },
    accordion: { ...CLASSIC_ACCORDION, size: 18 },
  },
  alina: {
    tableau: { piles: 13, build: "any-suit", spaces: "none" },
    foundations: { removable: true },
    cells: { count: 1 },
  },
  "alpha-star": { tableau: { piles: 12, build: "suit", groups: "any" }, foundations: { start: "all" } },
  "american-canister": { tableau: { piles: 8, build: ALT, groups: "any", spaces: "any" } },
  "american-toad": {
    decks: 2,
    tableau: { piles: 8, build: "suit", groups: "whole-pile", spaces: "reserve-then-waste" },
    foundations: { start: "one", base: "random" },
    stock: { size: 75, draw: 1, redeals: false },
    reserve: { size: 20, stacked: true },
  },
  "bakers-game": { tableau: { build: "suit" }, cells: { count: 4 } },
  "beleaguered-castle": { tableau: { piles: 8, build: "any-suit" }, foundations: { start: "all" } },
  "black-hole": { tableau: { piles: 17, build: "none" }, foundations: false, hole: {} },
  "british-canister": { tableau: { piles: 8, build: ALT, groups: "none", spaces: "kings" } },
  canfield: canfield({}),
  "canfield-arbitrary-built-moves": canfield({ groups: "any" }),
  "canfield-auto-reserve-then-waste": canfield({ spaces: "reserve-then-waste" }),
  "canfield-partial-piles-restricted": canfield({}),
  "canfield-strict": canfield({ groups: "whole-pile", spaces: "reserve-then-waste" }),
  "castles-of-spain": { tableau: { piles: 13, build: ALT }, foundations: { removable: true } },
  chameleon: {
    tableau: { piles: 3, build: "any-suit", groups: "any" },
    reserve: { size: 13, stacked: true },
    stock: { size: 36 },
  },
  "delta-star": { tableau: { piles: 12, build: "suit" }, foundations: { start: "all" } },
  duchess: {
    tableau: { piles: 4, build: ALT, groups: "any" },
    foundations: { start: "all" },
    reserve: { size: 12 },
    stock: { size: 36 },
  },
  "east-haven": {
    tableau: { piles: 7, build: ALT, groups: "any", faceDown: true },
    foundations: { removable: true },
    stock: { size: 31, dealsTo: "piles" },
  },
  "eight-off": { tableau: { build: "suit", spaces: "kings" }, cells: { count: 8, filled: 4 } },
  "eight-off-any-card-spaces": { tableau: { build: "suit" }, cells: { count: 8, filled: 4 } },
  fan: { tableau: { piles: 18, build: "suit", spaces: "kings" }, foundations: { removable: true } },
  "flower-garden": { tableau: { piles: 6 }, reserve: { size: 16 }, foundations: { removable: true } },
  "fore-cell": { tableau: { build: ALT, spaces: "kings" }, cells: { count: 4, filled: 4 } },
  "fore-cell-same-suit": { tableau: { build: "suit", spaces: "kings" }, cells: { count: 4, filled: 4 } },
  "fortunes-favor": {
    tableau: { piles: 12, build: "suit", spaces: "waste-then-stock" },
    foundations: { start: "all" },
    stock: { size: 36 },
  },
  "forty-thieves": { decks: 2, tableau: { piles: 10, build: "suit" }, stock: { size: 64, redeals: false } },
  "free-cell": freeCell(4),
  "free-cell-0-cell": freeCell(0),
  "free-cell-1-cell": freeCell(1),
  "free-cell-2-cell": freeCell(2),
  "free-cell-3-cell": freeCell(3),
  "free-cell-4-pile": freeCell(4, 4),
  "free-cell-5-pile": freeCell(4, 5),
  "free-cell-6-pile": freeCell(4, 6),
  "free-cell-7-pile": freeCell(4, 7),
  "gaps-basic-variant": {
    foundations: false,
    tableau: { piles: 0 },
    sequences: { rows: 4, direction: "left", build: "suit", fixedSuits: true },
  },
  "gaps-one-deal": {
    foundations: false,
    tableau: { piles: 0 },
    sequences: { rows: 4, direction: "left", build: "suit", fixedSuits: false },
  },
  gargantua: gargantua(false),
  "gargantua-redeal": gargantua(true),
  golf: {
    tableau: { piles: 7, build: "none" },
    foundations: false,
    stock: { size: 16, dealsTo: "hole" },
    hole: { base: "random", wraps: false },
  },
  "king-albert": {
    tableau: { piles: 9, build: ALT, diagonal: true },
    foundations: { removable: true },
    reserve: { size: 7 },
  },
  klondike: klondike(3),
  "klondike-arbitrary-built-moves": klondike(3, { groups: "any" }),
  "klondike-deal-1": klondike(1),
  "klondike-deal-1-arbitrary-built-moves": klondike(1, { groups: "any" }),
  "klondike-deal-1-partial-piles-restricted": klondike(1),
  "klondike-partial-piles-restricted": klondike(3),
  "klondike-reserve": {
    tableau: { ...KLONDIKE_TABLEAU, groups: "any" },
    foundations: { removable: true },
    reserve: { size: 24 },
  },
  "klondike-two-deck-9": {
    decks: 2,
    tableau: { ...KLONDIKE_TABLEAU, piles: 9, groups: "any" },
    foundations: { removable: true },
    stock: { size: 59, draw: 3, redeals: true },
  },
  "late-binding-solitaire": {
    foundations: false,
    tableau: { piles: 0 },
    accordion: { ...CLASSIC_ACCORDION, size: 18 },
  },
  limited: { decks: 2, tableau: { piles: 12, build: "suit" }, stock: { size: 68, redeals: false } },
  lucas: {
    decks: 2,
    tableau: { piles: 13, build: "suit" },
    stock: { size: 61, redeals: false },
    foundations: { start: "all" },
  },
  maria: { decks: 2, tableau: { piles: 9, build: ALT }, stock: { size: 68, redeals: false } },
  "mrs-mop": {
    decks: 2,
    tableau: { piles: 13, build: "any-suit", groups: "any", groupBuild: "suit", spaces: "any" },
    foundations: { wholeSuits: true },
  },
  "northwest-territory": northwestTerritory("to-uncover"),
  "northwest-territory-arbitrary-built-moves": northwestTerritory("any"),
  "northwest-territory-partial-piles-restricted": northwestTerritory("to-uncover"),
  "one-cell": {
    tableau: { piles: 13, build: ALT },
    foundations: { start: "all", removable: true },
    cells: { count: 1 },
  },
  raglan: {
    tableau: { piles: 9, build: ALT, diagonal: true },
    reserve: { size: 6 },
    foundations: { removable: true, start: "all" },
  },
  "rank-and-file": {
    decks: 2,
    tableau: { piles: 10, build: ALT, faceDown: true, groups: "any" },
    stock: { size: 64, redeals: false },
  },
  "scotch-patience": { tableau: { piles: 18, build: ALT, spaces: "none" }, foundations: { removable: true } },
  "seahaven-towers": {
    tableau: { piles: 10, build: "suit", groups: "none", spaces: "kings" },
    cells: { count: 4, filled: 2 },
  },
  siegecraft: {
    tableau: { piles: 8, build: "any-suit" },
    foundations: { start: "all" },
    cells: { count: 1 },
  },
  "simple-simon": {
    tableau: { piles: 10, diagonal: true, groups: "any", groupBuild: "suit" },
    foundations: { wholeSuits: true },
  },
  somerset: { tableau: { piles: 10, build: ALT, diagonal: true }, foundations: { removable: true } },
  "spanish-patience": { tableau: { piles: 13 }, foundations: { removable: true } },
  spider: {
    decks: 2,
    tableau: { piles: 10, build: "any-suit", groups: "any", groupBuild: "suit", faceDown: true },
    foundations: { wholeSuits: true },
    stock: { size: 50, dealsTo: "piles" },
  },
  spiderette: {
    tableau: {
      piles: 7,
      build: "any-suit",
      groups: "any",
      groupBuild: "suit",
      diagonal: true,
      faceDown: true,
    },
    foundations: { wholeSuits: true },
    stock: { size: 24, dealsTo: "piles" },
  },
  streets: { decks: 2, tableau: { piles: 10, build: ALT }, stock: { size: 64, redeals: false } },
  "streets-and-alleys": { tableau: { piles: 8, build: "any-suit" }, foundations: { start: "none" } },
  stronghold: {
    tableau: { piles: 8, build: "any-suit" },
    foundations: { start: "none" },
    cells: { count: 1 },
  },
  thirty: {
    tableau: { piles: 5, build: "any-suit", groups: "any", spaces: "any", diagonal: false },
    reserve: { size: 2 },
    foundations: { removable: false },
    highestRank: 8,
  },
  thirtysix: {
    tableau: { piles: 6, build: "any-suit", groups: "any" },
    stock: { size: 16, draw: 1, redeals: false },
  },
  trigon: {
    tableau: { piles: 7, build: "suit", spaces: "kings", groups: "any", diagonal: true, faceDown: true },
    foundations: { removable: false },
    stock: { size: 24, draw: 1, redeals: true },
  },
  "two-cell": {
    tableau: { piles: 13, build: ALT },
    foundations: { start: "all", removable: true },
    cells: { count: 2 },
  },
  "ultra-klondike-2-deck": {
    decks: 2,
    tableau: { ...KLONDIKE_TABLEAU, piles: 12, groups: "any" },
    foundations: { removable: true },
    stock: { size: 26, draw: 3, redeals: true },
  },
  "will-o-the-wisp": {
    tableau: { piles: 7, build: "any-suit", groups: "any", groupBuild: "suit" },
    foundations: { wholeSuits: true },
    stock: { size: 31, dealsTo: "piles" },
  },
  "worm-hole": { tableau: { piles: 17, build: "none" }, foundations: false, cells: { count: 1 }, hole: {} },
};

/** The rules of each Solvitaire preset, by its name. */
export const SOLVITAIRE_PRESETS: Readonly<Record<string, FamilyRules>> = Object.fromEntries(
  Object.entries(SPECS).map(([name, spec]) => [name, familyRules(spec)]),
);

const SPIDER: Spec = SPECS.spider;

/** A pyramid of `rows` rows: row r (from the top) holds r + 1 cards, each half a card left of the row above's. */
export function pyramidCovering(rows: number): Covering {
  const places: [number, number][] = [];
  for (let r = 0; r < rows; r++) for (let i = 0; i <= r; i++) places.push([r, rows - 1 - r + 2 * i]);
  return { places, hidden: false };
}

/**
 * TriPeaks' three peaks over a row of ten: rows of 3, 6 and 9 cards and a bottom row of 10, each card covered by
 * the two cards under its edges; the covered cards face down.
 */
export function triPeaksCovering(): Covering {
  const places: [number, number][] = [];
  for (let k = 0; k < 3; k++) places.push([0, 3 + 6 * k]);
  for (let k = 0; k < 3; k++) places.push([1, 2 + 6 * k], [1, 4 + 6 * k]);
  for (let j = 0; j < 9; j++) places.push([2, 1 + 2 * j]);
  for (let j = 0; j < 10; j++) places.push([3, 2 * j]);
  return { places, hidden: true };
}

const PYRAMID = pyramidCovering(7);
const TRI_PEAKS = triPeaksCovering();
/** Microsoft Solitaire Collection's Spider: the stock is not dealt while a pile is empty. */
const MS_SPIDER: Spec = { ...SPIDER, stock: { size: 50, dealsTo: "piles", fullPiles: true } };

/**
 * The games of the catalogue that are none of Solvitaire's presets, as family rules: Microsoft Solitaire
 * Collection's Spider with one and two suits, and the two most played games of PySolFC and Aisleriot that
 * Solvitaire lacks, Yukon and Scorpion, each as those programs and Wikipedia state it (docs/catalogue.md).
 */
const CATALOGUE_SPECS: Record<string, Spec> = {
  yukon: {
    tableau: {
      piles: 7,
      build: ALT,
      spaces: "kings",
      groups: "any",
      unbuilt: true,
      layout: { down: [0, 1, 2, 3, 4, 5, 6], up: [1, 5, 5, 5, 5, 5, 5] },
    },
    foundations: { removable: false },
  },
  scorpion: {
    tableau: {
      piles: 7,
      build: "suit",
      spaces: "kings",
      groups: "any",
      unbuilt: true,
      layout: { down: [3, 3, 3, 3, 0, 0, 0], up: [4, 4, 4, 4, 7, 7, 7] },
    },
    foundations: { wholeSuits: true },
    stock: { size: 3, dealsTo: "piles" },
  },
  "spider-one-suit": { ...MS_SPIDER, suits: 1 },
  "spider-two-suits": { ...MS_SPIDER, suits: 2 },
  // Microsoft Solitaire Collection's Pyramid: 28 cards in 7 rows, pairs adding to 13 out, a stock whose top card
  // and the waste's take part, turned over twice (three passes); won when the pyramid is cleared.
  pyramid: {
    tableau: { piles: 28, build: "none", spaces: "none", covering: PYRAMID },
    foundations: false,
    pairs: { total: 13 },
    stock: { size: 24, redeals: true, redealLimit: 2, topInPlay: true },
    goal: "clear-tableau",
  },
  // Microsoft Solitaire Collection's TriPeaks: three peaks over a row of ten, covered cards face down until
  // freed; a free card to the waste (the hole) one rank up or down, king and ace meeting; one pass.
  "tri-peaks": {
    tableau: { piles: 28, build: "none", spaces: "none", covering: TRI_PEAKS },
    foundations: false,
    hole: { base: "random", wraps: true },
    stock: { size: 23, dealsTo: "hole" },
    goal: "clear-tableau",
  },
};

/** The rules of the catalogue's games that are not Solvitaire presets, by name (tsol's numbering only). */
export const CATALOGUE_RULES: Readonly<Record<string, FamilyRules>> = Object.fromEntries(
  Object.entries(CATALOGUE_SPECS).map(([name, spec]) => [name, familyRules(spec)]),
);
