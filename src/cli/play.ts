import { rmSync } from "node:fs";
import { join } from "node:path";
import type { Command } from "commander";
import { quoteToken } from "../cards/text.ts";
import { dealMicrosoft } from "../games/freecell/deal.ts";
import { FreeCellGame } from "../games/freecell/game.ts";
import { solverAdvisor } from "./freecell-advisor.ts";
import { FreeCellScreen } from "./freecell-screen.ts";
import {
  addRuleOptions,
  parseDealNumber,
  policyFromOptions,
  type RuleOptions,
  reportErrors,
  rulesFromOptions,
  safeText,
  UsageError,
} from "./options.ts";
import { dataDir, readJsonFile, writeJsonAtomic } from "./store.ts";
import { startRawSession } from "./terminal/keys.ts";

export const saveFile = (): string => join(dataDir(), "freecell-save.json");

/** A deal number for "new deal": drawn here, at the edge, and kept with the game. */
const randomDeal = (): number => 1 + Math.floor(Math.random() * 1_000_000);

export function registerPlay(program: Command): void {
  const command = program
    .command("play")
    .description("play in the terminal: keys pick a source then a destination")
    .argument("<game>", "the game: freecell")
    .argument("[N]", "the deal number (default: a random deal)");
  addRuleOptions(command).action((game: string, n: string | undefined, options: RuleOptions) =>
    reportErrors(async () => {
      if (game !== "freecell")
        throw new UsageError(`unknown game ${quoteToken(game)} (known: freecell; tetris is "tsol tetris")`);
      if (!process.stdin.isTTY) throw new UsageError("play needs a terminal (standard input is not one)");
      const rules = rulesFromOptions(options);
      const deal = n === undefined ? randomDeal() : parseDealNumber(n);
      dealMicrosoft(deal, rules);
      const loaded = readJsonFile(saveFile(), FreeCellGame.fromSave, "saved game");
      const screen = new FreeCellScreen(FreeCellGame.fromDeal(deal, rules, policyFromOptions(options)), {
        rules,
        randomDeal,
        advisor: solverAdvisor(),
        saved: loaded.value,
        colour: !process.env.NO_COLOR,
      });
      if (loaded.problem)
        screen.message = `The saved game could not be used: ${loaded.problem}. ${screen.message}`;
      await runScreen(screen);
    }),
  );
}

function runScreen(screen: FreeCellScreen): Promise<void> {
  return new Promise((resolve) => {
    let timer: NodeJS.Timeout | undefined;
    const draw = () => session.write(`\x1b[H\x1b[2J${screen.render().replace(/\n/g, "\r\n")}`);
    const saveOnExit = () => save(screen.game);
    const finish = () => {
      if (timer) clearInterval(timer);
      process.off("exit", saveOnExit);
      save(screen.game);
      session.stop();
      resolve();
    };
    const session = startRawSession((key) => {
      screen.handleKey(key);
      if (screen.quit) return finish();
      if (screen.playingSolution && !timer) {
        timer = setInterval(() => {
          if (!screen.step()) {
            clearInterval(timer);
            timer = undefined;
          }
          draw();
        }, 120);
      }
      draw();
    });
    process.on("exit", saveOnExit);
    draw();
  });
}

/** Saves the game in progress; a won or untouched game leaves no save behind. */
function save(game: FreeCellGame): void {
  try {
    if (game.isWon() || (!game.canUndo && !game.canRedo)) rmSync(saveFile(), { force: true });
    else writeJsonAtomic(saveFile(), game.toSave());
  } catch (error) {
    console.error(`tsol: could not save the game: ${safeText((error as Error).message)}`);
  }
}
