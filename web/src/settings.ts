import { AUTO_POLICIES, type AutoPolicy } from "../../src/games/freecell/rules.ts";
import { isRecord, KEYS, type Loaded, readStored, writeStored } from "./storage.ts";

export type Theme = "system" | "light" | "dark";
export type DealKind = "any" | "winnable" | "easy";
export type FreeCellVariant = "freecell" | "bakers-game" | "kings-only";
export const FREECELL_VARIANTS: readonly FreeCellVariant[] = ["freecell", "bakers-game", "kings-only"];
export type TetrisEngine = "guideline" | "classic";

export type TetrisControl =
  | "left"
  | "right"
  | "softDrop"
  | "hardDrop"
  | "rotateCW"
  | "rotateCCW"
  | "hold"
  | "pause";
export const TETRIS_CONTROLS: readonly TetrisControl[] = [
  "left",
  "right",
  "softDrop",
  "hardDrop",
  "rotateCW",
  "rotateCCW",
  "hold",
  "pause",
];

export interface Settings {
  theme: Theme;
  sound: boolean;
  animation: boolean;
  freecell: {
    policy: AutoPolicy;
    variant: FreeCellVariant;
    cells: number;
    deal: DealKind;
    /** Warn when a move turns a winnable position into a lost one. */
    flagLosing: boolean;
    /** Milliseconds the live winnable status may search a position. */
    statusBudgetMs: number;
  };
  tetris: {
    engine: TetrisEngine;
    /** Delayed auto shift and auto repeat rate, in ms. */
    das: number;
    arr: number;
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
  hold: ["c", "Shift"],
  pause: ["p", "Escape"],
};

export function defaultSettings(): Settings {
  return {
    theme: "system",
    sound: false,
    animation: true,
    freecell: {
      policy: "safe",
      variant: "freecell",
      cells: 4,
      deal: "any",
      flagLosing: true,
      statusBudgetMs: 3000,
    },
    tetris: {
      engine: "guideline",
      das: 150,
      arr: 40,
      keys: structuredClone(DEFAULT_TETRIS_KEYS),
      ghost: true,
    },
  };
}

const pick = <T extends string>(value: unknown, allowed: readonly T[], fallback: T): T =>
  allowed.includes(value as T) ? (value as T) : fallback;
const bool = (value: unknown, fallback: boolean): boolean => (typeof value === "boolean" ? value : fallback);
const int = (value: unknown, min: number, max: number, fallback: number): number =>
  typeof value === "number" && Number.isInteger(value) && value >= min && value <= max ? value : fallback;

/** Settings from storage: unknown fields dropped, bad values replaced by the defaults. */
export function checkSettings(raw: unknown): Settings {
  if (!isRecord(raw)) throw new Error("settings are not an object");
  const d = defaultSettings();
  const fc = isRecord(raw.freecell) ? raw.freecell : {};
  const t = isRecord(raw.tetris) ? raw.tetris : {};
  const keys = isRecord(t.keys) ? t.keys : {};
  const tetrisKeys = { ...d.tetris.keys };
  for (const control of TETRIS_CONTROLS) {
    const k = keys[control];
    if (Array.isArray(k) && k.every((x) => typeof x === "string") && k.length > 0) tetrisKeys[control] = k;
  }
  return {
    theme: pick(raw.theme, ["system", "light", "dark"], d.theme),
    sound: bool(raw.sound, d.sound),
    animation: bool(raw.animation, d.animation),
    freecell: {
      policy: pick(fc.policy, AUTO_POLICIES, d.freecell.policy),
      variant: pick(fc.variant, FREECELL_VARIANTS, d.freecell.variant),
      cells: int(fc.cells, 1, 6, d.freecell.cells),
      deal: pick(fc.deal, ["any", "winnable", "easy"], d.freecell.deal),
      flagLosing: bool(fc.flagLosing, d.freecell.flagLosing),
      statusBudgetMs: int(fc.statusBudgetMs, 200, 30000, d.freecell.statusBudgetMs),
    },
    tetris: {
      engine: pick(t.engine, ["guideline", "classic"], d.tetris.engine),
      das: int(t.das, 0, 1000, d.tetris.das),
      arr: int(t.arr, 0, 500, d.tetris.arr),
      keys: tetrisKeys,
      ghost: bool(t.ghost, d.tetris.ghost),
    },
  };
}

export function loadSettings(): Loaded<Settings> {
  return readStored(KEYS.settings, checkSettings, defaultSettings);
}

export function saveSettings(settings: Settings): void {
  writeStored(KEYS.settings, settings);
}
