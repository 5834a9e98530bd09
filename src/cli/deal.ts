import { type Command, Option } from "commander";
import type { Numbering } from "../cards/deals/layout.ts";
import { type FamilyGame, presetGame } from "../games/family/index.ts";
import type { AnyPatienceGame } from "../games/patience/contract.ts";
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
      else if (options.format === "solvitaire")
        process.stdout.write(`${JSON.stringify(solvitaireForm(game, rules, numbering, deal, state))}\n`);
      else
        process.stdout.write(
          formatPicture(game, state, Boolean(process.stdout.isTTY) && !process.env.NO_COLOR),
        );
    }),
  );
}

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
