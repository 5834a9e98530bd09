/**
 * Replay files: a game is its mode, its options (with the seed) and its list of timed inputs. Playing the inputs
 * back through the engine gives the same game, move for move; `result` lets a reader check that it did.
 */

import { ClassicTetris } from "./classic.ts";
import type { RandomizerKind } from "./guideline/bag.ts";
import {
  ACTIONS,
  type Action,
  GuidelineGame,
  type ResolvedOptions,
  resolveOptions,
} from "./guideline/engine.ts";
import { GAME_MODES, type GameMode, isGameMode } from "./guideline/modes.ts";

export const REPLAY_FORMAT = "tsol-tetris-replay";
export const REPLAY_VERSION = 1;

/** The model's operations a classic front-end calls, in the order it called them. */
export type ClassicOperation =
  | "newRandomTetramino"
  | "down"
  | "left"
  | "right"
  | "rotate"
  | "drop"
  | "checkLines";
export const CLASSIC_OPERATIONS: readonly ClassicOperation[] = [
  "newRandomTetramino",
  "down",
  "left",
  "right",
  "rotate",
  "drop",
  "checkLines",
];

export interface ReplayResult {
  score: number;
  lines: number;
  level: number;
  gameOver: boolean;
  /** Key presses and finesse faults of the game (guideline, optional): the inputs alone cannot tell them. */
  keys?: number;
  finesseFaults?: number;
}

export interface GuidelineReplay {
  format: typeof REPLAY_FORMAT;
  version: 1;
  mode: "guideline";
  options: ResolvedOptions;
  /** `[game milliseconds, action]`, times never decreasing. */
  inputs: Array<[number, Action]>;
  /** Game time when the recording stopped. */
  end: number;
  result: ReplayResult;
}

export interface ClassicReplay {
  format: typeof REPLAY_FORMAT;
  version: 1;
  mode: "classic";
  options: { seed: number; faithful: boolean };
  /** `[milliseconds, operation]`: times are for information; the model has no clock. */
  inputs: Array<[number, ClassicOperation]>;
  end: number;
  result: ReplayResult;
}

export type ReplayFile = GuidelineReplay | ClassicReplay;

export class ReplayFormatError extends Error {
  readonly code = "TETRIS_REPLAY_FORMAT";
  constructor(message: string) {
    super(`not a valid Tetris replay: ${message}`);
    this.name = "ReplayFormatError";
  }
}

export function guidelineReplay(game: GuidelineGame): GuidelineReplay {
  return {
    format: REPLAY_FORMAT,
    version: REPLAY_VERSION,
    mode: "guideline",
    options: { ...game.options },
    inputs: game.getInputs(),
    end: game.now,
    result: {
      score: game.getScore(),
      lines: game.getLines(),
      level: game.getLevel(),
      gameOver: game.getGameOver() !== null,
    },
  };
}

/** A classic game played through a recorder, so that every model operation lands in the replay. */
export class ClassicRecorder {
  readonly game: ClassicTetris;
  private readonly inputs: Array<[number, ClassicOperation]> = [];
  private lastTime = 0;

  constructor(seed: number, faithful = false) {
    this.game = new ClassicTetris(seed, { faithful });
  }

  /** Calls the model operation and records it; returns what the operation returned. */
  call(ms: number, operation: ClassicOperation): boolean | number {
    this.lastTime = Math.max(this.lastTime, ms);
    this.inputs.push([this.lastTime, operation]);
    return applyClassic(this.game, operation);
  }

  replay(): ClassicReplay {
    const g = this.game;
    return {
      format: REPLAY_FORMAT,
      version: REPLAY_VERSION,
      mode: "classic",
      options: { seed: g.getSeed(), faithful: g.faithful },
      inputs: this.inputs.map(([t, o]) => [t, o]),
      end: this.lastTime,
      result: { score: g.getScore(), lines: g.getLines(), level: g.getLevel(), gameOver: g.getGameOver() },
    };
  }
}

export function applyClassic(game: ClassicTetris, operation: ClassicOperation): boolean | number {
  switch (operation) {
    case "newRandomTetramino":
      game.newRandomTetramino();
      return true;
    case "down":
      return game.down();
    case "left":
      return game.left();
    case "right":
      return game.right();
    case "rotate":
      return game.rotate();
    case "drop":
      return game.drop();
    case "checkLines":
      return game.checkLines();
  }
}

/** Plays a guideline replay back and returns the game as it stood at the end. */
export function playGuideline(replay: GuidelineReplay): GuidelineGame {
  const game = new GuidelineGame(replay.options);
  for (const [t, action] of replay.inputs) game.input(t, action);
  if (game.getGameOver() === null) game.advance(Math.max(replay.end, game.now));
  return game;
}

export function playClassic(replay: ClassicReplay): ClassicTetris {
  const game = new ClassicTetris(replay.options.seed, { faithful: replay.options.faithful });
  for (const [, operation] of replay.inputs) applyClassic(game, operation);
  return game;
}

/** Plays a replay back; `matches` says whether it ended with the recorded score, lines, level and game over. */
export function verifyReplay(replay: ReplayFile): { matches: boolean; actual: ReplayResult } {
  let actual: ReplayResult;
  if (replay.mode === "guideline") {
    const g = playGuideline(replay);
    actual = {
      score: g.getScore(),
      lines: g.getLines(),
      level: g.getLevel(),
      gameOver: g.getGameOver() !== null,
    };
  } else {
    const g = playClassic(replay);
    actual = { score: g.getScore(), lines: g.getLines(), level: g.getLevel(), gameOver: g.getGameOver() };
  }
  const r = replay.result;
  const matches =
    r.score === actual.score &&
    r.lines === actual.lines &&
    r.level === actual.level &&
    r.gameOver === actual.gameOver;
  return { matches, actual };
}

/** A replay written before the modes has none: it was an endless marathon. */
function gameMode(value: unknown): GameMode {
  if (value === undefined) return "endless";
  if (!isGameMode(value))
    throw new ReplayFormatError(`options.gameMode should be one of ${GAME_MODES.join(", ")}`);
  return value;
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

function wholeNumber(value: unknown, what: string): number {
  if (typeof value !== "number" || !Number.isFinite(value) || value < 0) {
    throw new ReplayFormatError(`${what} should be a number of zero or more`);
  }
  return value;
}

/** Checks a parsed JSON value and returns it as a replay, or throws ReplayFormatError saying what is wrong. */
export function parseReplay(raw: unknown): ReplayFile {
  if (!isRecord(raw)) throw new ReplayFormatError("expected a JSON object");
  if (raw.format !== REPLAY_FORMAT) throw new ReplayFormatError(`"format" should be "${REPLAY_FORMAT}"`);
  if (raw.version !== REPLAY_VERSION)
    throw new ReplayFormatError(`"version" ${String(raw.version)} is not 1`);
  const options = raw.options;
  if (!isRecord(options)) throw new ReplayFormatError(`"options" should be an object`);
  const seed = wholeNumber(options.seed, "options.seed");
  if (!Array.isArray(raw.inputs)) throw new ReplayFormatError(`"inputs" should be an array`);
  const end = wholeNumber(raw.end, "end");
  const result = raw.result;
  if (!isRecord(result)) throw new ReplayFormatError(`"result" should be an object`);
  const parsedResult: ReplayResult = {
    score: wholeNumber(result.score, "result.score"),
    lines: wholeNumber(result.lines, "result.lines"),
    level: wholeNumber(result.level, "result.level"),
    gameOver: result.gameOver === true,
  };
  if (result.keys !== undefined) parsedResult.keys = wholeNumber(result.keys, "result.keys");
  if (result.finesseFaults !== undefined)
    parsedResult.finesseFaults = wholeNumber(result.finesseFaults, "result.finesseFaults");
  let last = 0;
  const names: readonly string[] = raw.mode === "classic" ? CLASSIC_OPERATIONS : ACTIONS;
  const inputs = raw.inputs.map((entry, i) => {
    if (!Array.isArray(entry) || entry.length !== 2) {
      throw new ReplayFormatError(`inputs[${i}] should be [milliseconds, action]`);
    }
    const t = wholeNumber(entry[0], `inputs[${i}][0]`);
    if (t < last) throw new ReplayFormatError(`inputs[${i}] goes back in time (${t} after ${last})`);
    last = t;
    if (typeof entry[1] !== "string" || !names.includes(entry[1])) {
      throw new ReplayFormatError(`inputs[${i}][1] "${String(entry[1])}" is not one of ${names.join(", ")}`);
    }
    return [t, entry[1]] as [number, string];
  });
  if (raw.mode === "classic") {
    return {
      format: REPLAY_FORMAT,
      version: REPLAY_VERSION,
      mode: "classic",
      options: { seed, faithful: options.faithful === true },
      inputs: inputs as Array<[number, ClassicOperation]>,
      end,
      result: parsedResult,
    };
  }
  if (raw.mode !== "guideline") throw new ReplayFormatError(`"mode" should be "classic" or "guideline"`);
  const randomizer = options.randomizer;
  if (randomizer !== "bag" && randomizer !== "uniform") {
    throw new ReplayFormatError(`options.randomizer should be "bag" or "uniform"`);
  }
  const visibleRows = options.visibleRows;
  if (visibleRows !== 20 && visibleRows !== 22)
    throw new ReplayFormatError("options.visibleRows should be 20 or 22");
  return {
    format: REPLAY_FORMAT,
    version: REPLAY_VERSION,
    mode: "guideline",
    options: {
      seed,
      randomizer: randomizer as RandomizerKind,
      startLevel: wholeNumber(options.startLevel, "options.startLevel"),
      visibleRows,
      nextCount: wholeNumber(options.nextCount, "options.nextCount"),
      gameMode: gameMode(options.gameMode),
    },
    inputs: inputs as Array<[number, Action]>,
    end,
    result: parsedResult,
  };
}

/**
 * A replay as a short text for a link. Guideline: `1.<mode>.<seed>.<b|u>.<level>.<end>.<keys>.<faults>.<inputs>`;
 * classic: `1.classic.<seed>.<f|n>.<end>.<inputs>` (f: the model's defects reproduced).
 */
const LINK_VERSION = "1";
const ACTION_LETTERS: Record<Action, string> = {
  left: "L",
  right: "R",
  rotateCW: "C",
  rotateCCW: "W",
  rotate180: "H",
  softDrop: "S",
  hardDrop: "D",
  hold: "O",
};
const LETTER_ACTIONS = Object.fromEntries(Object.entries(ACTION_LETTERS).map(([a, l]) => [l, a])) as Record<
  string,
  Action
>;
/** The classic model's operations in a link: N new tetramino, V down, L, R, T rotate (turn), D drop, K checkLines. */
const OPERATION_LETTERS: Record<ClassicOperation, string> = {
  newRandomTetramino: "N",
  down: "V",
  left: "L",
  right: "R",
  rotate: "T",
  drop: "D",
  checkLines: "K",
};
const LETTER_OPERATIONS = Object.fromEntries(
  Object.entries(OPERATION_LETTERS).map(([a, l]) => [l, a]),
) as Record<string, ClassicOperation>;

/** Timed inputs as text: each the time since the one before in base 36 (nothing for 0), then its letter. */
function encodeInputs<A extends string>(
  inputs: ReadonlyArray<readonly [number, A]>,
  letters: Record<A, string>,
) {
  let last = 0;
  let text = "";
  for (const [t, action] of inputs) {
    const gap = Math.round(t) - last;
    last += gap;
    text += `${gap > 0 ? gap.toString(36) : ""}${letters[action]}`;
  }
  return text;
}

function decodeInputs<A extends string>(text: string, letters: Record<string, A>): Array<[number, A]> {
  const alphabet = Object.keys(letters).join("");
  if (!new RegExp(`^(?:[0-9a-z]*[${alphabet}])*$`).test(text)) {
    throw new ReplayFormatError("the link's inputs are not times and action letters");
  }
  const inputs: Array<[number, A]> = [];
  let t = 0;
  for (const m of text.matchAll(new RegExp(`([0-9a-z]*)([${alphabet}])`, "g"))) {
    t += m[1] ? Number.parseInt(m[1], 36) : 0;
    inputs.push([t, letters[m[2]!]!]);
  }
  return inputs;
}

function linkCount(s: string | undefined, what: string, radix = 10): number {
  if (!s || !/^[0-9a-z]{1,12}$/.test(s)) throw new ReplayFormatError(`the link's ${what} is not a number`);
  return Number.parseInt(s, radix);
}

/**
 * Encodes a replay for a link (URL-safe, about three characters an input): each input is the time since the one
 * before in base 36 (nothing for 0) and a capital letter for the action. The result is not kept: whoever opens
 * the link plays the inputs back, which gives it.
 */
export function encodeReplayLink(replay: ReplayFile): string {
  if (replay.mode === "classic") {
    return [
      LINK_VERSION,
      "classic",
      replay.options.seed,
      replay.options.faithful ? "f" : "n",
      Math.round(replay.end).toString(36),
      encodeInputs(replay.inputs, OPERATION_LETTERS),
    ].join(".");
  }
  const o = replay.options;
  return [
    LINK_VERSION,
    o.gameMode,
    o.seed,
    o.randomizer === "bag" ? "b" : "u",
    o.startLevel,
    Math.round(replay.end).toString(36),
    replay.result.keys ?? 0,
    replay.result.finesseFaults ?? 0,
    encodeInputs(replay.inputs, ACTION_LETTERS),
  ].join(".");
}

/** Reads a link's replay text (or a whole link with `replay=` in it); the result is what playing it back gives. */
export function decodeReplayLink(text: string): ReplayFile {
  const code = decodeURIComponent(/replay=([^&#]*)/.exec(text)?.[1] ?? text.trim());
  const parts = code.split(".");
  if (parts[0] === LINK_VERSION && parts[1] === "classic") return decodeClassicLink(parts);
  if (parts.length !== 9 || parts[0] !== LINK_VERSION) {
    throw new ReplayFormatError(
      "a replay link has nine parts separated by dots (a classic game's six), starting with 1",
    );
  }
  const [, mode, seedText, randomizer, levelText, endText, keysText, faultsText, inputText] = parts as [
    string,
    ...string[],
  ];
  if (!isGameMode(mode)) throw new ReplayFormatError(`the link's mode "${mode.slice(0, 20)}" is not known`);
  if (randomizer !== "b" && randomizer !== "u")
    throw new ReplayFormatError("the link's randomizer is not b or u");
  const inputs = decodeInputs(inputText ?? "", LETTER_ACTIONS);
  const options = resolveOptions({
    seed: linkCount(seedText, "seed"),
    randomizer: randomizer === "b" ? "bag" : "uniform",
    startLevel: linkCount(levelText, "level"),
    visibleRows: 20,
    nextCount: 5,
    gameMode: mode,
  });
  const replay: GuidelineReplay = {
    format: REPLAY_FORMAT,
    version: REPLAY_VERSION,
    mode: "guideline",
    options,
    inputs,
    end: Math.max(linkCount(endText, "end", 36), inputs.at(-1)?.[0] ?? 0),
    result: { score: 0, lines: 0, level: 1, gameOver: false },
  };
  const game = playGuideline(replay);
  replay.result = {
    score: game.getScore(),
    lines: game.getLines(),
    level: game.getLevel(),
    gameOver: game.getGameOver() !== null,
    keys: linkCount(keysText, "key count"),
    finesseFaults: linkCount(faultsText, "fault count"),
  };
  return replay;
}

function decodeClassicLink(parts: string[]): ClassicReplay {
  if (parts.length !== 6) throw new ReplayFormatError("a classic game's replay link has six parts");
  const [, , seedText, faithful, endText, inputText] = parts as [string, ...string[]];
  if (faithful !== "f" && faithful !== "n")
    throw new ReplayFormatError("the link's model flag is not f or n");
  const inputs = decodeInputs(inputText ?? "", LETTER_OPERATIONS);
  const replay: ClassicReplay = {
    format: REPLAY_FORMAT,
    version: REPLAY_VERSION,
    mode: "classic",
    options: { seed: linkCount(seedText, "seed"), faithful: faithful === "f" },
    inputs,
    end: Math.max(linkCount(endText, "end", 36), inputs.at(-1)?.[0] ?? 0),
    result: { score: 0, lines: 0, level: 1, gameOver: false },
  };
  const game = playClassic(replay);
  replay.result = {
    score: game.getScore(),
    lines: game.getLines(),
    level: game.getLevel(),
    gameOver: game.getGameOver(),
  };
  return replay;
}
