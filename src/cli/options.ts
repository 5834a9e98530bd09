import { readFileSync } from "node:fs";
import { type Command, InvalidArgumentError, Option } from "commander";
import { isMicrosoftDeal, MAX_MICROSOFT_DEAL } from "../cards/microsoft.ts";
import { parseBoard } from "../games/freecell/board-text.ts";
import { dealMicrosoft } from "../games/freecell/deal.ts";
import {
  type AutoPolicy,
  type FreeCellRules,
  type FreeCellState,
  makeRules,
} from "../games/freecell/rules.ts";

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
    throw new InvalidArgumentError(`"${text}" is not a deal number (1 to ${MAX_MICROSOFT_DEAL})`);
  }
  return n;
}

export class UsageError extends Error {
  readonly code = "usage";
}

/** The position a command starts from: deal N, or a board file (`-` for standard input). */
export function loadStart(
  deal: string | undefined,
  boardFile: string | undefined,
  rules: FreeCellRules,
): { state: FreeCellState; deal?: number } {
  if (deal !== undefined && boardFile !== undefined)
    throw new UsageError("give a deal number or --board, not both");
  if (boardFile !== undefined) {
    const text = readFileSync(boardFile === "-" ? 0 : boardFile, "utf8");
    try {
      return { state: parseBoard(text, rules) };
    } catch (error) {
      throw new UsageError(`${boardFile}: ${(error as Error).message}`);
    }
  }
  if (deal === undefined) throw new UsageError("give a deal number or --board FILE");
  const n = parseDealNumber(deal);
  return { state: dealMicrosoft(n, rules), deal: n };
}

/** Runs a command body, turning known errors into a message on standard error and exit code 1 (never a stack trace). */
export function reportErrors(body: () => void | Promise<void>): Promise<void> {
  return Promise.resolve()
    .then(body)
    .catch((error: unknown) => {
      const e = error as Error & { code?: string };
      if (e && typeof e.code === "string" && e.message) {
        console.error(`tsol: ${e.message}`);
        process.exitCode = 1;
        return;
      }
      throw error;
    });
}
