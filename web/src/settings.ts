import { NUMBERINGS, type Numbering } from "../../src/cards/deals/layout.ts";
import type { AnyPatienceGame, AutoPolicy } from "../../src/games/patience/contract.ts";
import { difficultyOf } from "../../src/games/patience/difficulty.ts";
import { fieldProblem, type RuleValue } from "../../src/games/patience/rules.ts";
import { ruleFields } from "../../src/games/patience/session.ts";
import { findPatience } from "../../src/games/registry.ts";
import { type GameMode, isGameMode } from "../../src/games/tetris/guideline/modes.ts";
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

export type Theme = "system" | "light" | "dark";
/**
 * What a new deal is: any, one the solver proves winnable, or one the solver rates easy (the difficulty levels of
 * src/games/patience/difficulty.ts; only the games that have levels offer it).
 */
export type DealKind = "any" | "winnable" | "easy";
export const DEAL_KINDS: readonly DealKind[] = ["any", "winnable", "easy"];
export type TetrisEngine = "guideline" | "classic";

/** Table colours: the felt behind the cards. */
export const TABLE_COLOURS = ["green", "blue", "red", "grey"] as const;
export type TableColour = (typeof TABLE_COLOURS)[number];
/** Card backs drawn by the app. */
export const CARD_BACKS = ["blue", "red", "green", "black"] as const;
export type CardBack = (typeof CARD_BACKS)[number];
/** Animation speed: moves, the solve playback and the win's celebration ("off": none at all). */
export const SPEEDS = ["off", "fast", "normal", "slow"] as const;
export type Speed = (typeof SPEEDS)[number];
/** Card size: a share of the largest cards that let the whole table show. */
export const CARD_SIZES = ["largest", "large", "medium", "small"] as const;
export type CardSize = (typeof CARD_SIZES)[number];
export const CARD_SCALE: Record<CardSize, number> = { largest: 1, large: 0.9, medium: 0.8, small: 0.7 };
/** How long an animation takes at each speed, as a multiple of the normal speed's time. */
export const SPEED_FACTOR: Record<Speed, number> = { off: 0, fast: 0.5, normal: 1, slow: 2 };

export type TetrisControl =
  | "left"
  | "right"
  | "softDrop"
  | "hardDrop"
  | "rotateCW"
  | "rotateCCW"
  | "rotate180"
  | "hold"
  | "pause";
export const TETRIS_CONTROLS: readonly TetrisControl[] = [
  "left",
  "right",
  "softDrop",
  "hardDrop",
  "rotateCW",
  "rotateCCW",
  "rotate180",
  "hold",
  "pause",
];

/** What a player chose for one patience game: its rules (the schema's fields), policy, numbering, deals. */
export interface PatienceSettings {
  rules: Record<string, RuleValue>;
  policy: AutoPolicy;
  numbering: Numbering;
  deal: DealKind;
}

export interface Settings {
  theme: Theme;
  sound: boolean;
  /** Whether anything moves: false exactly when `speed` is "off" (kept for the parts that only ask that). */
  animation: boolean;
  speed: Speed;
  table: TableColour;
  back: CardBack;
  cardSize: CardSize;
  /** The table mirrored (the foundations left, the stock right) and the buttons on the left. */
  leftHanded: boolean;
  /** Diamonds blue and clubs green, so every suit has its own colour. */
  fourColour: boolean;
  /** The clock left out of the status line. */
  hideTimer: boolean;
  /** Ask before a new deal abandons a game in progress ("don't ask again" turns it off). */
  confirmAbandon: boolean;
  /** Warn when a move turns a winnable position into a lost one. */
  flagLosing: boolean;
  /** Hints, Solve and the status see face-down cards (the solver's analysis); off, they play blind. */
  peekingHints: boolean;
  /** Milliseconds the live winnable status may search a position. */
  statusBudgetMs: number;
  /** Per game of the registry; a game with no entry plays its defaults. */
  patience: Record<string, PatienceSettings>;
  tetris: {
    engine: TetrisEngine;
    /** The guideline game's mode (src/games/tetris/guideline/modes.ts). */
    mode: GameMode;
    /** Delayed auto shift, auto repeat rate and DAS cut delay, in ms; soft drop factor (0 instant). */
    das: number;
    arr: number;
    dcd: number;
    sdf: number;
    /** Sound volume of the game, 0-100. */
    volume: number;
    keys: Record<TetrisControl, string[]>;
    ghost: boolean;
  };
}

export const DEFAULT_TETRIS_KEYS: Record<TetrisControl, string[]> = {
  left: ["ArrowLeft"],
  right: ["ArrowRight"],
  softDrop: ["ArrowDown"],
  hardDrop: [" "],
  rotateCW: ["ArrowUp", "x"],
  rotateCCW: ["z", "Control"],
  rotate180: ["a"],
  hold: ["c", "Shift"],
  pause: ["p", "Escape"],
};

export const STATUS_BUDGETS = [500, 1000, 3000, 5000, 10000];

export function defaultSettings(): Settings {
  return {
    theme: "system",
    sound: false,
    animation: true,
    speed: "normal",
    table: "green",
    back: "blue",
    cardSize: "largest",
    leftHanded: false,
    fourColour: false,
    hideTimer: false,
    confirmAbandon: true,
    flagLosing: true,
    peekingHints: false,
    statusBudgetMs: 3000,
    patience: {},
    tetris: {
      engine: "guideline",
      mode: "marathon",
      das: 150,
      arr: 40,
      dcd: 0,
      sdf: 20,
      volume: 70,
      keys: structuredClone(DEFAULT_TETRIS_KEYS),
      ghost: true,
    },
  };
}

/** A game's defaults: the schema's defaults, the first policy, the first numbering, any deal. */
export function defaultPatienceSettings(game: AnyPatienceGame): PatienceSettings {
  return {
    rules: ruleFields(game, game.rules.defaults) as Record<string, RuleValue>,
    policy: game.policies[0],
    numbering: game.numberings[0],
    deal: "any",
  };
}

/** The settings of one game, defaults filled in. */
export function patienceSettings(settings: Settings, game: AnyPatienceGame): PatienceSettings {
  return settings.patience[game.id] ?? defaultPatienceSettings(game);
}

/** The rules the settings ask for, checked by the game's schema (bad combinations fall back to the defaults). */
export function rulesOf(settings: Settings, game: AnyPatienceGame): unknown {
  try {
    return game.rules.make(patienceSettings(settings, game).rules);
  } catch {
    return game.rules.make({});
  }
}

const pick = <T extends string>(value: unknown, allowed: readonly T[], fallbackValue: T): T =>
  allowed.includes(value as T) ? (value as T) : fallbackValue;
const bool = (value: unknown, fallbackValue: boolean): boolean =>
  typeof value === "boolean" ? value : fallbackValue;
const int = (value: unknown, min: number, max: number, fallbackValue: number): number =>
  typeof value === "number" && Number.isInteger(value) && value >= min && value <= max
    ? value
    : fallbackValue;

/** One game's stored settings, every field checked against the game's schema; bad ones take the defaults. */
export function checkPatienceSettings(game: AnyPatienceGame, raw: unknown): PatienceSettings {
  const d = defaultPatienceSettings(game);
  if (!isRecord(raw)) return d;
  const rules: Record<string, RuleValue> = { ...d.rules };
  const given = isRecord(raw.rules) ? raw.rules : {};
  for (const field of game.rules.fields) {
    const value = given[field.key];
    if (value !== undefined && fieldProblem(field, value) === undefined)
      rules[field.key] = value as RuleValue;
  }
  try {
    game.rules.make(rules);
  } catch {
    // Fields fine alone but not together (the schema's check): the defaults.
    Object.assign(rules, d.rules);
  }
  return {
    rules,
    policy: pick(raw.policy, game.policies, d.policy),
    numbering: pick(raw.numbering, game.numberings, d.numbering),
    deal: dealKindFor(game, pick(raw.deal, DEAL_KINDS, d.deal)),
  };
}

/** The kinds of deal a game offers: an easy deal only where the game has difficulty levels. */
export function dealKindsOf(game: AnyPatienceGame): readonly DealKind[] {
  return difficultyOf(game.id) ? DEAL_KINDS : DEAL_KINDS.filter((k) => k !== "easy");
}

/** `kind` where the game offers it; an easy deal in a game without levels is a winnable one. */
export function dealKindFor(game: AnyPatienceGame, kind: DealKind): DealKind {
  return dealKindsOf(game).includes(kind) ? kind : "winnable";
}

/** Settings from storage: unknown fields dropped, bad values replaced by the defaults. */
export function checkSettings(raw: unknown): Settings {
  if (!isRecord(raw)) throw new Error("settings are not an object");
  const d = defaultSettings();
  const t = isRecord(raw.tetris) ? raw.tetris : {};
  const keys = isRecord(t.keys) ? t.keys : {};
  const tetrisKeys = { ...d.tetris.keys };
  for (const control of TETRIS_CONTROLS) {
    const k = keys[control];
    if (Array.isArray(k) && k.every((x) => typeof x === "string") && k.length > 0) tetrisKeys[control] = k;
  }
  const patience: Record<string, PatienceSettings> = {};
  if (isRecord(raw.patience)) {
    for (const [id, value] of Object.entries(raw.patience)) {
      const game = findPatience(id);
      if (game) patience[id] = checkPatienceSettings(game, value);
    }
  }
  // Settings from before the speed: animation off is the speed "off".
  const speed = pick(raw.speed, SPEEDS, raw.animation === false ? "off" : d.speed);
  return {
    theme: pick(raw.theme, ["system", "light", "dark"], d.theme),
    sound: bool(raw.sound, d.sound),
    animation: speed !== "off",
    speed,
    table: pick(raw.table, TABLE_COLOURS, d.table),
    back: pick(raw.back, CARD_BACKS, d.back),
    cardSize: pick(raw.cardSize, CARD_SIZES, d.cardSize),
    leftHanded: bool(raw.leftHanded, d.leftHanded),
    fourColour: bool(raw.fourColour, d.fourColour),
    hideTimer: bool(raw.hideTimer, d.hideTimer),
    confirmAbandon: bool(raw.confirmAbandon, d.confirmAbandon),
    flagLosing: bool(raw.flagLosing, d.flagLosing),
    peekingHints: bool(raw.peekingHints, d.peekingHints),
    statusBudgetMs: int(raw.statusBudgetMs, 200, 30000, d.statusBudgetMs),
    patience,
    tetris: {
      engine: pick(t.engine, ["guideline", "classic"], d.tetris.engine),
      mode: isGameMode(t.mode) ? t.mode : d.tetris.mode,
      das: int(t.das, 0, 1000, d.tetris.das),
      arr: int(t.arr, 0, 500, d.tetris.arr),
      dcd: int(t.dcd, 0, 500, d.tetris.dcd),
      sdf: int(t.sdf, 0, 100, d.tetris.sdf),
      volume: int(t.volume, 0, 100, d.tetris.volume),
      keys: tetrisKeys,
      ghost: bool(t.ghost, d.tetris.ghost),
    },
  };
}

/**
 * The settings of the FreeCell-only app (`tsol.settings.v1`) in today's shape: the look, Tetris, and the FreeCell
 * choices (variant and cells become the rules, the policy, the kind of deal, the status options).
 */
export function migrateSettingsV1(raw: unknown): Settings {
  if (!isRecord(raw)) throw new Error("settings are not an object");
  const fc = isRecord(raw.freecell) ? raw.freecell : {};
  const freecell = findPatience("freecell");
  const patience: Record<string, unknown> = {};
  if (freecell) {
    const variant = freecell.rules.variants.find((v) => v.id === fc.variant);
    patience.freecell = {
      rules: {
        ...ruleFields(freecell, freecell.rules.defaults),
        ...((variant?.rules as Record<string, unknown>) ?? {}),
        ...(typeof fc.cells === "number" ? { cells: fc.cells } : {}),
      },
      policy: fc.policy,
      numbering: "microsoft",
      deal: fc.deal,
    };
  }
  return checkSettings({
    ...raw,
    flagLosing: fc.flagLosing,
    statusBudgetMs: fc.statusBudgetMs,
    patience,
  });
}

/** The stored settings; the FreeCell-only app's are migrated once (and then removed). */
export function loadSettings(store: KeyValueStore): Loaded<Settings> {
  if (!hasStored(store, KEYS.settings) && hasStored(store, KEYS.legacySettings)) {
    const old = readStored(store, KEYS.legacySettings, migrateSettingsV1, defaultSettings);
    if (!old.problem) {
      writeStored(store, KEYS.settings, old.value);
      removeStored(store, KEYS.legacySettings);
    }
    return old;
  }
  return readStored(store, KEYS.settings, checkSettings, defaultSettings);
}

export function saveSettings(store: KeyValueStore, settings: Settings): void {
  writeStored(store, KEYS.settings, settings);
}

export { NUMBERINGS };
