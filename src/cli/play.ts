import { join } from "node:path";
import type { Command } from "commander";
import { drawSeed } from "../cards/entropy.ts";
import type { AnyPatienceGame } from "../games/patience/contract.ts";
import { PILE_KEY_PAUSE_MS } from "../games/patience/pile-keys.ts";
import { type AnySession, Session } from "../games/patience/session.ts";
import { findPatience } from "../games/registry.ts";
import {
  addDailyOption,
  addGameOptions,
  dealArgument,
  type GameOptions,
  gameNamed,
  numberingFrom,
  policyFrom,
  reportErrors,
  rulesFrom,
  safeText,
  UsageError,
} from "./options.ts";
import { dataDir, readJsonFile, removeDataFile, writeJsonAtomic } from "./store.ts";
import { threadAdvisor } from "./terminal/advisor.ts";
import { startRawSession } from "./terminal/keys.ts";
import { PatienceScreen } from "./terminal/patience-screen.ts";

/** Where a game in progress is kept between runs: one file per game. */
export const saveFile = (game: string): string => join(dataDir(), `${game}-save.json`);

/** A deal number for "new deal": drawn here, at the edge, and kept with the game. */
const randomDeal = (): number => 1 + (drawSeed() % 1_000_000);

export function registerPlay(program: Command): void {
  const command = program
    .command("play")
    .description("play in the terminal: a pile's key picks it up, another drops it there")
    .argument("<game>", "the game (tsol games lists them; tetris is tsol tetris)")
    .argument("[N]", "the deal number, or daily: the day's winnable deal (default: a random deal)")
    .option(
      "--peek",
      "tips, the status and Solve see the face-down cards (by default they see what a player sees); a win is then assisted",
    );
  addDailyOption(addGameOptions(command)).action((id: string, n: string | undefined, options: GameOptions) =>
    reportErrors(async () => {
      const game = gameNamed(id);
      if (!process.stdin.isTTY) throw new UsageError("play needs a terminal (standard input is not one)");
      const numbering = numberingFrom(game, options);
      const policy = policyFrom(game, options);
      const { rules } = rulesFrom(game, options);
      const deal =
        n === undefined
          ? randomDeal()
          : (await dealArgument(game, rules, numbering, n, options.date as string | undefined)).deal;
      const session = Session.deal(game, deal, rules, numbering, policy) as AnySession;
      const loaded = readJsonFile(
        saveFile(game.id),
        (raw) => Session.fromSave(raw, (g) => (g === game.id ? findPatience(g) : undefined)),
        "saved game",
      );
      const advisor = threadAdvisor();
      let draw = () => {};
      const screen = new PatienceScreen(session, {
        game,
        rules,
        numbering,
        policy,
        randomDeal,
        advisor,
        peek: options.peek === true,
        saved: loaded.value,
        colour: !process.env.NO_COLOR,
        onChange: () => draw(),
        columns: () => process.stdout.columns || 80,
        rows: () => process.stdout.rows || 24,
      });
      if (loaded.problem)
        screen.message = `The saved game could not be used: ${loaded.problem}. ${screen.message}`;
      await runScreen(game, screen, (d) => {
        draw = d;
      });
      advisor.close();
    }),
  );
}

function runScreen(
  game: AnyPatienceGame,
  screen: PatienceScreen,
  setDraw: (draw: () => void) => void,
): Promise<void> {
  return new Promise((resolve) => {
    let timer: NodeJS.Timeout | undefined;
    const draw = () => terminal.write(`\x1b[H\x1b[2J${screen.render().replace(/\n/g, "\r\n")}`);
    const saveOnExit = () => save(game, screen.session);
    const playSolution = () => {
      if (!screen.playingSolution || timer) return;
      timer = setInterval(() => {
        if (!screen.step()) {
          clearInterval(timer);
          timer = undefined;
        }
        draw();
      }, 120);
    };
    // A resized terminal is drawn again, so the message and the keys wrap at its new width.
    const onResize = () => draw();
    const finish = () => {
      if (timer) clearInterval(timer);
      clearTimeout(keyTimer);
      process.off("exit", saveOnExit);
      process.stdout.off("resize", onResize);
      save(game, screen.session);
      terminal.stop();
      resolve();
    };
    // The start of a longer pile key ("1" where there are piles 10 to 18) is taken as it is after a pause.
    let keyTimer: NodeJS.Timeout | undefined;
    const terminal = startRawSession((key) => {
      clearTimeout(keyTimer);
      screen.handleKey(key);
      if (screen.quit) return finish();
      if (screen.keyWaiting)
        keyTimer = setTimeout(() => {
          screen.flushKeys();
          playSolution();
          draw();
        }, PILE_KEY_PAUSE_MS);
      playSolution();
      draw();
    });
    setDraw(() => {
      playSolution();
      draw();
    });
    process.on("exit", saveOnExit);
    process.stdout.on("resize", onResize);
    draw();
  });
}

/** Saves the game in progress; a won or untouched game leaves no save behind. */
function save(game: AnyPatienceGame, session: AnySession): void {
  try {
    if (session.isWon() || (!session.canUndo && !session.canRedo))
      removeDataFile(saveFile(game.id), "saved game");
    else writeJsonAtomic(saveFile(game.id), session.toSave(), "saved game");
  } catch (error) {
    console.error(`tsol: could not save the game: ${safeText((error as Error).message)}`);
  }
}
