import { type Command, Option } from "commander";
import {
  addGameOptions,
  type GameOptions,
  gameNamed,
  loadStart,
  numberingFrom,
  reportErrors,
  rulesFrom,
  UsageError,
} from "./options.ts";
import { formatPicture } from "./picture.ts";

export function registerDeal(program: Command): void {
  const command = program
    .command("deal")
    .description(
      "show a numbered deal of a game (--numbering microsoft: 1 to 2^33 - 1; solvitaire: 0 to 2^32 - 1)",
    )
    .argument("<game>", "the game (tsol games lists them)")
    .argument("<N>", "the deal number")
    .addOption(
      new Option(
        "--format <format>",
        "a picture, the game's board text (fcs: the same), JSON, or the shape Solvitaire prints a deal in",
      )
        .choices(["picture", "board", "text", "fcs", "json", "solvitaire"])
        .default("picture"),
    );
  addGameOptions(command).action((id: string, n: string, options: GameOptions & { format: string }) =>
    reportErrors(() => {
      const game = gameNamed(id);
      const numbering = numberingFrom(game, options);
      const { rules } = rulesFrom(game, options);
      const { state, deal } = loadStart(game, rules, numbering, n, undefined);
      if (options.format === "text" || options.format === "fcs")
        process.stdout.write(game.board.format(state));
      else if (options.format === "json")
        process.stdout.write(`${JSON.stringify(game.board.toJson(state, deal))}\n`);
      else if (options.format === "solvitaire") {
        if (!game.board.toSolvitaire)
          throw new UsageError(
            `${game.title} has no Solvitaire form (the games Solvitaire has do: tsol games)`,
          );
        process.stdout.write(`${JSON.stringify(game.board.toSolvitaire(state))}\n`);
      } else
        process.stdout.write(
          formatPicture(game, state, Boolean(process.stdout.isTTY) && !process.env.NO_COLOR),
        );
    }),
  );
}
