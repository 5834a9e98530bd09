import { type Command, Option } from "commander";
import type { Numbering } from "../cards/deals/layout.ts";
import { type FamilyGame, presetGame } from "../games/family/index.ts";
import type { AnyPatienceGame } from "../games/patience/contract.ts";
import { type Difficulty, describeDifficulty, rate } from "../games/patience/difficulty.ts";
import {
  addDailyOption,
  addGameOptions,
  dealArgument,
  type GameOptions,
  gameNamed,
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
      "show a numbered deal of a game (--numbering microsoft: 1 to 2^33 - 1; solvitaire: 0 to 2^32 - 1), or the day's winnable deal (daily)",
    )
    .argument("<game>", "the game (tsol games lists them)")
    .argument("<N>", "the deal number, or daily: the day's deal, the same for everyone, proved winnable")
    .option(
      "--difficulty",
      "rate the deal: easy, medium or hard, from what the solver needed (docs/daily.md)",
    )
    .addOption(
      new Option(
        "--format <format>",
        "a picture, the game's board text (fcs: the same), JSON, or the shape Solvitaire prints a deal in",
      )
        .choices(["picture", "board", "text", "fcs", "json", "solvitaire"])
        .default("picture"),
    );
  addDailyOption(addGameOptions(command)).action((id: string, n: string, options: DealOptions) =>
    reportErrors(async () => {
      const game = gameNamed(id);
      const numbering = numberingFrom(game, options);
      const { rules } = rulesFrom(game, options);
      const rated = options.difficulty === true;
      if (rated && options.format !== "picture" && options.format !== "json")
        throw new UsageError("--difficulty goes with --format picture or json");
      const { deal, daily } = await dealArgument(game, rules, numbering, n, options.date);
      const state = game.deal(deal, rules, numbering);
      const difficulty = daily?.difficulty ?? (rated ? rate(game, await game.solver(), state) : undefined);
      if (options.format === "text" || options.format === "fcs")
        process.stdout.write(game.board.format(state));
      else if (options.format === "json")
        process.stdout.write(
          `${JSON.stringify({
            ...game.board.toJson(state, deal),
            ...(daily ? { daily: { date: daily.date, skipped: daily.skipped } } : {}),
            ...(rated && difficulty ? { difficulty: difficultyJson(difficulty) } : {}),
          })}\n`,
        );
      else if (options.format === "solvitaire")
        process.stdout.write(`${JSON.stringify(solvitaireForm(game, rules, numbering, deal, state))}\n`);
      else {
        if (daily) {
          const skipped = daily.skipped.length;
          process.stdout.write(
            `The daily deal of ${daily.date} (UTC): ${game.title} deal ${deal}${numbering === game.numberings[0] ? "" : ` (${numbering} numbering)`}, proved winnable${skipped ? ` (${skipped} deal${skipped === 1 ? "" : "s"} before it not proved in the budget)` : ""}.\n`,
          );
        }
        process.stdout.write(
          formatPicture(game, state, Boolean(process.stdout.isTTY) && !process.env.NO_COLOR),
        );
        if (rated && difficulty) process.stdout.write(`Difficulty: ${describeDifficulty(difficulty)}\n`);
      }
    }),
  );
}

interface DealOptions extends GameOptions {
  format: string;
  date?: string;
  difficulty?: boolean;
}

const difficultyJson = (d: Difficulty) => ({
  level: d.level,
  result: d.result,
  positions: d.positions,
  moves: d.moves,
  budget: d.budget,
});

/**
 * A deal in Solvitaire's shape: the game's own form, or for a game with an engine of its own, its Solvitaire twin's
 * deal of the same number (the same cards in the same places: `solvitaireTwin`), in Solvitaire's numbering only.
 */
function solvitaireForm(
  game: AnyPatienceGame,
  rules: unknown,
  numbering: Numbering,
  deal: number | undefined,
  state: { rules: unknown },
): Record<string, unknown> {
  if (game.board.toSolvitaire) return game.board.toSolvitaire(state);
  const twin = game.solvitaireTwin?.(rules);
  if (twin === undefined)
    throw new UsageError(
      `${game.title} under these rules has no Solvitaire form (the games Solvitaire has do: tsol games)`,
    );
  if (numbering !== "solvitaire" || deal === undefined)
    throw new UsageError(
      `${game.title} is printed in Solvitaire's form as its preset ${twin}'s deal: add --numbering solvitaire`,
    );
  const preset = presetGame(twin) as FamilyGame;
  return preset.board.toSolvitaire?.(preset.deal(deal, preset.rules.defaults, "solvitaire")) ?? {};
}
