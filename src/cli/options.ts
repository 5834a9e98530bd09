import { type Command, InvalidArgumentError, Option } from "commander";
import { isMicrosoftDeal, MAX_MICROSOFT_DEAL } from "../cards/microsoft.ts";
import { escapeControlsKeepLines, quoteToken } from "../cards/text.ts";
import { parseBoard } from "../games/freecell/board-text.ts";
import { dealMicrosoft } from "../games/freecell/deal.ts";
import {
  type AutoPolicy,
  type FreeCellRules,
  type FreeCellState,
  makeRules,
} from "../games/freecell/rules.ts";
import { readTextInput } from "./input.ts";

export interface RuleOptions {
  cells?: number;
  cascades?: number;
  build?: "alternate" | "suit";
  empty?: "any" | "kings";
  fromFoundation?: boolean;
  sequenceMoves?: boolean;
  auto?: AutoPolicy;
}

function wholeNumber(low: number, high: number) {
  return (text: string): number => {
    const n = Number(text);
    if (!/^\d+$/.test(text) || n < low || n > high) {
      throw new InvalidArgumentError(`expected a whole number from ${low} to ${high}`);
    }
    return n;
  };
}

/** Adds the FreeCell rule flags every command that takes a deal shares, so deal, play, check and solve agree. */
export function addRuleOptions(command: Command, { cellsFlag = true, autoDefault = "safe" } = {}): Command {
  if (cellsFlag) command.option("--cells <K>", "free cells, 0 to 10 (default 4)", wholeNumber(0, 10));
  return command
    .option("--cascades <K>", "cascades, 1 to 9 (default 8)", wholeNumber(1, 9))
    .addOption(
      new Option("--build <how>", "build down by alternating colour or by suit").choices([
        "alternate",
        "suit",
      ]),
    )
    .addOption(new Option("--empty <what>", "what may fill an empty cascade").choices(["any", "kings"]))
    .option("--from-foundation", "a card may come back off a foundation")
    .option("--no-sequence-moves", "move one card at a time (no runs as one move)")
    .addOption(
      new Option("--auto <policy>", "automatic moves to the foundations")
        .choices(["none", "safe", "all"])
        .default(autoDefault),
    );
}

export function rulesFromOptions(options: RuleOptions): FreeCellRules {
  const rules: Partial<FreeCellRules> = {};
  if (options.cells !== undefined) rules.cells = options.cells;
  if (options.cascades !== undefined) rules.cascades = options.cascades;
  if (options.build !== undefined) rules.build = options.build;
  if (options.empty !== undefined) rules.empty = options.empty;
  if (options.fromFoundation) rules.fromFoundation = true;
  if (options.sequenceMoves === false) rules.sequenceMoves = false;
  return makeRules(rules);
}

export function policyFromOptions(options: RuleOptions): AutoPolicy {
  return options.auto ?? "safe";
}

/** Reads a deal number argument (1 to 2^33 - 1). */
export function parseDealNumber(text: string): number {
  const n = Number(text);
  if (!/^\d+$/.test(text.trim()) || !isMicrosoftDeal(n)) {
    throw new InvalidArgumentError(`${quoteToken(text)} is not a deal number (1 to ${MAX_MICROSOFT_DEAL})`);
  }
  return n;
}

export class UsageError extends Error {
  readonly code = "usage";
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

/** The position a command starts from: deal N, or a board file (`-` for standard input). */
export function loadStart(
  deal: string | undefined,
  board: string | BoardInput | undefined,
  rules: FreeCellRules,
): { state: FreeCellState; deal?: number } {
  if (deal !== undefined && board !== undefined)
    throw new UsageError("give a deal number or --board, not both");
  if (board !== undefined) {
    const { file, text } = typeof board === "string" ? readBoard(board) : board;
    try {
      return { state: parseBoard(text, rules) };
    } catch (error) {
      throw new UsageError(`${file === "-" ? "standard input" : file}: ${(error as Error).message}`);
    }
  }
  if (deal === undefined) throw new UsageError("give a deal number or --board FILE");
  const n = parseDealNumber(deal);
  return { state: dealMicrosoft(n, rules), deal: n };
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
