import { type Command, Option } from "commander";
import { quoteToken } from "../cards/text.ts";
import { readingJsonBoards } from "../games/patience/board-text.ts";
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
    )
    .option(
      "--print-board",
      "print the position the moves reach, to save it as a board (--board reads it back); the verdict goes to standard error",
    )
    .addOption(
      new Option(
        "--format <format>",
        "how --print-board writes the position: the game's board text, or JSON",
      ).choices(["text", "json"]),
    );
  addGameOptions(command, { autoDefault: "none" }).action(
    (
      id: string,
      n: string | undefined,
      options: GameOptions & {
        board?: string;
        moves?: string;
        solution?: string;
        printBoard?: boolean;
        format?: "text" | "json";
      },
    ) =>
      reportErrors(() => {
        const game = gameNamed(id);
        if ((options.moves === undefined) === (options.solution === undefined)) {
          throw new UsageError("give the moves with --moves or --solution FILE (one of them)");
        }
        if (options.board === "-" && options.solution === "-")
          throw new UsageError("the board and the solution cannot both come from standard input");
        const print = options.printBoard === true;
        if (options.format !== undefined && !print)
          throw new UsageError(
            "--format says how --print-board writes the position: give --print-board as well",
          );
        const text = options.moves ?? readTextInput(options.solution as string, "solution");
        const numbering = numberingFrom(game, options);
        const { rules } = rulesFrom(game, options);
        const policy = options.auto === "none" ? "none" : policyFrom(game, options);
        const { state, deal } = loadStart(readingJsonBoards(game), rules, numbering, n, options.board);
        const report = checkSolution(game, state, splitMoves(text), policy);
        if (!report.valid || report.position === undefined) {
          // With --print-board, standard output holds a board or nothing: a file it goes to is never a message.
          const say = print ? (line: string) => console.error(`tsol: ${line}`) : console.log;
          say(
            `invalid: move ${report.index} ${quoteToken(report.move ?? "")}: ${safeText(report.reason ?? "")}`,
          );
          process.exitCode = 1;
          return;
        }
        const verdict = report.won
          ? `valid: won in ${report.moves} moves`
          : `not won: all ${report.moves} moves are legal but the deal is not won`;
        if (!print) {
          console.log(verdict);
          if (!report.won) process.exitCode = 1;
          return;
        }
        // Every move was played: the position is printed and the command succeeds, won or not (a game in
        // progress is what one saves), the verdict said on standard error.
        console.error(`tsol: ${verdict}`);
        const position = report.position;
        process.stdout.write(
          options.format === "json"
            ? `${JSON.stringify(game.board.toJson(position, report.moves === 0 ? deal : undefined))}\n`
            : game.board.format(position),
        );
      }),
  );
}
