import { type Command, InvalidArgumentError, Option } from "commander";
import { dealRange, isDealNumber, NUMBERINGS, type Numbering } from "../cards/deals/layout.ts";
import { escapeControlsKeepLines, quoteToken } from "../cards/text.ts";
import type { AnyPatienceGame, AutoPolicy } from "../games/patience/contract.ts";
import { type DailyDeal, dailyDeal, parseDailyDate, utcDate } from "../games/patience/daily.ts";
import { flagName, parseFieldValue, type RuleField } from "../games/patience/rules.ts";
import { findPatience, PATIENCE_GAMES } from "../games/registry.ts";
import { readTextInput } from "./input.ts";

export class UsageError extends Error {
  readonly code = "usage";
}

const KNOWN = () => PATIENCE_GAMES.map((g) => g.id).join(", ");

/** The game a command names; a name the registry does not know is a usage error listing the games. */
export function gameNamed(id: string): AnyPatienceGame {
  const game = findPatience(id);
  if (!game)
    throw new UsageError(`unknown game ${quoteToken(id)} (known: ${KNOWN()}; tetris is "tsol tetris")`);
  return game;
}

/** Every rule field of every game, once per key (games that share a key share its flag). */
function allFields(): Map<string, { field: RuleField; games: string[] }> {
  const fields = new Map<string, { field: RuleField; games: string[] }>();
  for (const game of PATIENCE_GAMES) {
    for (const field of game.rules.fields) {
      const known = fields.get(field.key);
      if (known) known.games.push(game.id);
      else fields.set(field.key, { field, games: [game.id] });
    }
  }
  return fields;
}

/** An integer flag's value in `solve`: one value, or a written range `a..b` to solve once per value. */
export interface ValueRange {
  low: number;
  high: number;
}

function valueText(field: RuleField): string {
  if (field.kind === "integer") return `${field.min}-${field.max}${field.unlimited ? " or unlimited" : ""}`;
  if (field.kind === "choice") return field.choices.join("|");
  return "";
}

/**
 * Adds the rule flags of every game (from the rule schemas), `--numbering` and `--auto`, so that deal, check,
 * solve, play and survey agree. Values are read per game when the command runs (`gameOptions`). With `ranges`,
 * an integer flag also takes a range `a..b`.
 */
export function addGameOptions(
  command: Command,
  { autoDefault }: { autoDefault?: AutoPolicy } = {},
): Command {
  for (const [key, { field, games }] of allFields()) {
    const flag = flagName(key);
    const whose = games.length === PATIENCE_GAMES.length ? "" : ` (${games.join(", ")})`;
    if (field.kind === "boolean") {
      command.option(`--${flag}`, `${field.about}${whose}`);
      command.option(`--no-${flag}`, `the opposite of --${flag}`);
    } else {
      command.option(`--${flag} <value>`, `${field.about}: ${valueText(field)}${whose}`);
    }
  }
  command.addOption(
    new Option(
      "--numbering <numbering>",
      "the deals' numbering (default: the game's first, as tsol games lists them)",
    ).choices(NUMBERINGS),
  );
  const auto = new Option(
    "--auto <policy>",
    "automatic moves to the foundations (default: the game's)",
  ).choices(["none", "safe", "all"]);
  if (autoDefault) auto.default(autoDefault);
  return command.addOption(auto);
}

export interface GameOptions {
  numbering?: Numbering;
  auto?: AutoPolicy;
  [flag: string]: unknown;
}

/**
 * The rules the flags given on the command line set for `game` (the rest take the game's defaults); a flag of
 * another game is refused. With `rangeKey`, that integer field may be a range (returned apart).
 */
export function rulesFrom(
  game: AnyPatienceGame,
  options: GameOptions,
  allowRange = false,
): { rules: unknown; range?: { key: string } & ValueRange } {
  const given: Record<string, unknown> = {};
  let range: ({ key: string } & ValueRange) | undefined;
  const own = new Map(game.rules.fields.map((f) => [f.key, f]));
  for (const [key] of allFields()) {
    const value = options[key];
    if (value === undefined) continue;
    const field = own.get(key);
    if (!field) {
      const flags = game.rules.fields.map((f) => `--${flagName(f.key)}`).join(", ") || "none";
      throw new UsageError(`--${flagName(key)} is not a rule of ${game.title} (its rules: ${flags})`);
    }
    if (typeof value === "boolean") {
      given[key] = value;
      continue;
    }
    const text = String(value);
    const flag = `--${flagName(key)}`;
    const match = /^(\d+)\.\.(\d+)$/.exec(text.trim());
    if (match && field.kind === "integer") {
      if (!allowRange) throw new UsageError(`${flag} takes one value here, not a range`);
      if (range) throw new UsageError("only one rule may be given as a range");
      const low = parseFieldValue(field, match[1], flag) as number;
      const high = parseFieldValue(field, match[2], flag) as number;
      if (low > high) throw new UsageError(`${flag} ${quoteToken(text)}: the range goes down`);
      range = { key, low, high };
      given[key] = low;
      continue;
    }
    given[key] = parseFieldValue(field, text, flag);
  }
  return { rules: game.rules.make(given), ...(range ? { range } : {}) };
}

/** The automatic-move policy asked for, if the game has it (else the game's default). */
export function policyFrom(game: AnyPatienceGame, options: GameOptions): AutoPolicy {
  const policy = options.auto ?? game.policies[0];
  if (!game.policies.includes(policy)) {
    throw new UsageError(
      `${game.title} has no automatic-move policy "${policy}" (its: ${game.policies.join(", ")})`,
    );
  }
  return policy;
}

/**
 * The numbering asked for; without --numbering, the game's first (Microsoft's for the games dealt as Windows
 * deals them, Solvitaire's for the family's).
 */
export function numberingFrom(game: AnyPatienceGame, options: GameOptions): Numbering {
  if (options.numbering === undefined) return game.numberings[0];
  if (!game.numberings.includes(options.numbering)) {
    throw new UsageError(
      `${game.title} has no ${options.numbering} numbering (its: ${game.numberings.join(", ")})`,
    );
  }
  return options.numbering;
}

/** Reads a deal number argument in a numbering. */
export function parseDealNumber(text: string, numbering: Numbering = "microsoft"): number {
  const n = Number(text);
  if (!/^\d+$/.test(text.trim()) || !isDealNumber(n, numbering)) {
    const [low, high] = dealRange(numbering);
    throw new UsageError(`${quoteToken(text)} is not a deal number (${low} to ${high})`);
  }
  return n;
}

/** `--date`: the day of a daily deal (the deal argument `daily`). */
export function addDailyOption(command: Command): Command {
  return command.option("--date <YYYY-MM-DD>", "with the deal daily: that day's deal (UTC; default: today)");
}

/**
 * A deal argument: a number, or `daily` for the day's winnable deal (docs/daily.md), searched for here under the
 * rules and numbering given. `--date` goes with `daily` only.
 */
export async function dealArgument(
  game: AnyPatienceGame,
  rules: unknown,
  numbering: Numbering,
  text: string,
  date: string | undefined,
): Promise<{ deal: number; daily?: DailyDeal }> {
  if (text.trim().toLowerCase() !== "daily") {
    if (date !== undefined) throw new UsageError("--date goes with the deal daily");
    return { deal: parseDealNumber(text, numbering) };
  }
  const day = date === undefined ? utcDate(Date.now()) : parseDailyDate(date);
  const daily = await dailyDeal(game, { date: day, numbering, rules });
  return { deal: daily.deal, daily };
}

/** A board read from a file or standard input, kept so that it is read once however often it is used. */
export interface BoardInput {
  /** The file name as given (`-` for standard input). */
  file: string;
  text: string;
}

/** Reads `--board FILE` (`-` for standard input), at most 1 MB. */
export function readBoard(file: string): BoardInput {
  return { file, text: readTextInput(file, "board") };
}

/**
 * The position a command starts from: deal N of the numbering, or a board (`-` for standard input). A board must
 * be a whole position of the game: every card exactly once.
 */
export function loadStart(
  game: AnyPatienceGame,
  rules: unknown,
  numbering: Numbering,
  deal: string | undefined,
  board: string | BoardInput | undefined,
): { state: { rules: unknown }; deal?: number } {
  if (deal !== undefined && board !== undefined)
    throw new UsageError("give a deal number or --board, not both");
  if (board !== undefined) {
    const { file, text } = typeof board === "string" ? readBoard(board) : board;
    let state: { rules: unknown };
    try {
      state = game.board.parse(text, rules);
    } catch (error) {
      throw new UsageError(`${file === "-" ? "standard input" : file}: ${(error as Error).message}`);
    }
    // The whole deck, as a deal of the game holds it (two decks: every card twice).
    const sorted = (cards: number[]) =>
      cards
        .slice()
        .sort((a, b) => a - b)
        .join(",");
    const deck = game.cards(game.deal(1, rules, game.numberings[0]));
    if (sorted(game.cards(state)) !== sorted(deck))
      throw new UsageError(
        `not a whole position: a board holds all ${deck.length} cards${deck.length === new Set(deck).size ? " once" : ""}`,
      );
    return { state };
  }
  if (deal === undefined) throw new UsageError("give a deal number or --board FILE");
  const n = parseDealNumber(deal, numbering);
  return { state: game.deal(n, rules, numbering), deal: n };
}

/**
 * An option that may be given once only. Commander silently keeps the last of a repeated option, which dropped
 * input (`--moves a --moves b` checked b alone): a second one is refused as a usage error instead.
 */
export function once(name: string, hint = "") {
  return (text: string, previous: string | undefined): string => {
    if (previous !== undefined)
      throw new InvalidArgumentError(`${name} was given twice: give it once${hint}`);
    return text;
  };
}

/** Text for the terminal: control characters from files or arguments are shown escaped, never sent as they are. */
export function safeText(text: string): string {
  return escapeControlsKeepLines(text);
}

/** Runs a command body, turning known errors into a message on standard error and exit code 1 (never a stack trace). */
export function reportErrors(body: () => void | Promise<void>): Promise<void> {
  return Promise.resolve()
    .then(body)
    .catch((error: unknown) => {
      const e = error as Error & { code?: string };
      if (e && typeof e.code === "string" && e.message) {
        console.error(`tsol: ${safeText(e.message)}`);
        process.exitCode = 1;
        return;
      }
      throw error;
    });
}
