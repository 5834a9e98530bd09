import type { AnyPatienceGame } from "../../../src/games/patience/contract.ts";
import { hasDaily, utcDate } from "../../../src/games/patience/daily.ts";
import { describeDifficulty } from "../../../src/games/patience/difficulty.ts";
import { patienceSettings, rulesOf, type Settings } from "../settings.ts";
import { StatsBook } from "../stats.ts";
import { browserStore } from "../storage.ts";
import { dailyClient } from "./daily-client.ts";
import { controllerFor } from "./env.ts";

/**
 * Opens today's deal (the UTC date) of a game on its table: found by the daily worker (or the store, when found
 * before), recorded for the daily statistics, then dealt through the controller as a link's deal is. The notice
 * line says what is going on.
 */
export function openDaily(game: AnyPatienceGame, settings: Settings): Promise<void> {
  const controller = controllerFor(game, settings);
  if (!hasDaily(game)) {
    controller.say(
      `${game.title} has no daily deal: its solver proves too few deals winnable quickly enough.`,
      "warn",
    );
    return Promise.resolve();
  }
  const date = utcDate(Date.now());
  const { numbering } = patienceSettings(settings, game);
  const rules = rulesOf(settings, game);
  controller.say(`Finding the daily deal of ${date}…`);
  return dailyClient(browserStore())
    .daily(game, rules, numbering, date, (tried) =>
      controller.say(`Finding the daily deal of ${date}… (${tried} deals tried)`),
    )
    .then((daily) => {
      new StatsBook(browserStore()).dailyOpened({
        game: game.id,
        date,
        label: game.rules.label(rules),
        numbering,
        deal: daily.deal,
      });
      controller.open(daily.deal, numbering);
      if (controller.deal === daily.deal && !controller.session.canUndo)
        controller.say(
          `The daily deal of ${date} (UTC): ${controller.title()}, proved winnable; ${describeDifficulty(daily.difficulty)}.`,
          "info",
        );
    })
    .catch((error: Error) => controller.say(`No daily deal today: ${error.message}.`, "error"));
}
