import type { Command } from "commander";
import { quoteToken } from "../cards/text.ts";
import { checkSolution } from "../games/patience/verify.ts";
import { readTextInput } from "./input.ts";
import {
  addGameOptions,
  type GameOptions,
  gameNamed,
  loadStart,
  numberingFrom,
  once,
  policyFrom,
  reportErrors,
  rulesFrom,
  safeText,
  UsageError,
} from "./options.ts";

/** Moves separated by spaces or commas; `#` starts a comment to the end of the line. */
export function splitMoves(text: string): string[] {
  return text
    .replace(/#.*$/gm, "")
    .split(/[\s,]+/)
    .filter((m) => m.length > 0);
}

export function registerCheck(program: Command): void {
  const command = program
    .command("check")
    .description("replay a solution and say whether it wins (no automatic moves unless --auto asks)")
    .argument("<game>", "the game (tsol games lists them)")
    .argument("[N]", "the deal number")
    .option(
      "--board <file>",
      "start from a board file instead of a numbered deal (- for standard input)",
      once("--board"),
    )
    .option(
      "--moves <moves>",
      'the moves in the game\'s notation, e.g. "3h 1a a3" (once: put every move in it)',
      once("--moves", ' (put every move in one --moves "3h 1a a3")'),
    )
    .option(
      "--solution <file>",
      "a file of moves in the game's notation (- for standard input)",
      once("--solution"),
    );
  addGameOptions(command, { autoDefault: "none" }).action(
    (
      id: string,
      n: string | undefined,
      options: GameOptions & { board?: string; moves?: string; solution?: string },
    ) =>
      reportErrors(() => {
        const game = gameNamed(id);
        if ((options.moves === undefined) === (options.solution === undefined)) {
          throw new UsageError("give the moves with --moves or --solution FILE (one of them)");
        }
        if (options.board === "-" && options.solution === "-")
          throw new UsageError("the board and the solution cannot both come from standard input");
        const text = options.moves ?? readTextInput(options.solution as string, "solution");
        const numbering = numberingFrom(game, options);
        const { rules } = rulesFrom(game, options);
        const policy = options.auto === "none" ? "none" : policyFrom(game, options);
        const { state } = loadStart(game, rules, numbering, n, options.board);
        const report = checkSolution(game, state, splitMoves(text), policy);
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
