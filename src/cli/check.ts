import type { Command } from "commander";
import { quoteToken } from "../cards/text.ts";
import { NotationError, parseMove, splitMoves } from "../games/freecell/notation.ts";
import { type AutoPolicy, applyMove, autoMoves, type FreeCellState, isWon } from "../games/freecell/rules.ts";
import { readTextInput } from "./input.ts";
import {
  addRuleOptions,
  loadStart,
  once,
  type RuleOptions,
  reportErrors,
  rulesFromOptions,
  safeText,
  UsageError,
} from "./options.ts";

export interface CheckReport {
  valid: boolean;
  won: boolean;
  /** Moves applied, automatic ones included. */
  moves: number;
  /** 1-based index of the first illegal move in the list given, when there is one. */
  index?: number;
  /** That move as given (show it with quoteToken). */
  move?: string;
  /** Why it is illegal, without the move itself. */
  reason?: string;
}

/**
 * Replays moves exactly as given. With policy "none" nothing else happens; with "safe" or "all" the automatic
 * foundation moves are played after each move, as a game would.
 */
export function checkSolution(
  start: FreeCellState,
  moves: readonly string[],
  policy: AutoPolicy,
): CheckReport {
  let state = autoMoves(start, policy).state;
  let count = 0;
  for (let i = 0; i < moves.length; i++) {
    try {
      state = applyMove(state, parseMove(moves[i], state));
    } catch (error) {
      return {
        valid: false,
        won: false,
        moves: count,
        index: i + 1,
        move: moves[i],
        reason: error instanceof NotationError ? error.reason : (error as Error).message,
      };
    }
    count++;
    const auto = autoMoves(state, policy);
    count += auto.moves.length;
    state = auto.state;
  }
  return { valid: true, won: isWon(state), moves: count };
}

export function registerCheck(program: Command): void {
  const command = program
    .command("check")
    .description("replay a solution and say whether it wins (no automatic moves unless --auto asks)")
    .argument("<game>", "the game: freecell")
    .argument("[N]", "the deal number")
    .option(
      "--board <file>",
      "start from a board file instead of a numbered deal (- for standard input)",
      once("--board"),
    )
    .option(
      "--moves <moves>",
      'the moves in standard notation, e.g. "3h 1a a3" (once: put every move in it)',
      once("--moves", ' (put every move in one --moves "3h 1a a3")'),
    )
    .option(
      "--solution <file>",
      "a file of moves in standard notation (- for standard input)",
      once("--solution"),
    );
  addRuleOptions(command, { autoDefault: "none" }).action(
    (
      game: string,
      n: string | undefined,
      options: RuleOptions & { board?: string; moves?: string; solution?: string },
    ) =>
      reportErrors(() => {
        if (game !== "freecell") throw new UsageError(`unknown game ${quoteToken(game)} (known: freecell)`);
        if ((options.moves === undefined) === (options.solution === undefined)) {
          throw new UsageError("give the moves with --moves or --solution FILE (one of them)");
        }
        if (options.board === "-" && options.solution === "-")
          throw new UsageError("the board and the solution cannot both come from standard input");
        const text =
          options.moves ?? readTextInput(options.solution as string, "solution").replace(/#.*$/gm, "");
        const { state } = loadStart(n, options.board, rulesFromOptions(options));
        const report = checkSolution(state, splitMoves(text), options.auto ?? "none");
        if (!report.valid) {
          console.log(
            `invalid: move ${report.index} ${quoteToken(report.move ?? "")}: ${safeText(report.reason ?? "")}`,
          );
          process.exitCode = 1;
        } else if (!report.won) {
          console.log(`not won: all ${report.moves} moves are legal but the deal is not won`);
          process.exitCode = 1;
        } else {
          console.log(`valid: won in ${report.moves} moves`);
        }
      }),
  );
}
