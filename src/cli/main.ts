import { readFileSync, writeSync } from "node:fs";
import { Command } from "commander";
import { escapeControlsKeepLines } from "../cards/text.ts";
import { registerCheck } from "./check.ts";
import { registerDeal } from "./deal.ts";
import { registerGames } from "./games.ts";
import { registerPlay } from "./play.ts";
import { registerServe } from "./serve.ts";
import { registerSolve } from "./solve.ts";
import { registerSurvey } from "./survey.ts";
import { registerTetris } from "./tetris.ts";

const VERSION = (
  JSON.parse(readFileSync(new URL("../../package.json", import.meta.url), "utf8")) as { version: string }
).version;

/** Builds the `tsol` command line; each command lives in its own file and registers itself here. */
export function buildProgram(): Command {
  const program = new Command();
  program
    .name("tsol")
    .description("Patience card games and Tetris, with solvers that know whether a deal can be won")
    .version(VERSION, "-V, --version", "print the version")
    .showHelpAfterError()
    // Commander's messages repeat what was typed (an unknown option, a bad argument): never raw to the terminal.
    .configureOutput({
      writeErr: (text) => process.stderr.write(escapeControlsKeepLines(text)),
      outputError: (text, write) => write(text),
    });
  registerGames(program);
  registerDeal(program);
  registerCheck(program);
  registerPlay(program);
  registerSolve(program);
  registerSurvey(program);
  registerServe(program);
  registerTetris(program);
  return program;
}

/**
 * When standard output cannot be written (`> /dev/full`, a closed pipe), says so in one line on standard error
 * and exits with code 1, instead of a stack trace or a loop of failed writes.
 */
export function onOutputError(error: NodeJS.ErrnoException): void {
  const why: Record<string, string> = {
    EPIPE: "the reader closed it",
    ENOSPC: "no space left on the device",
    EDQUOT: "over the disk quota",
    EIO: "an input/output error",
    EBADF: "it is not open",
  };
  const reason = (error.code && why[error.code]) ?? error.message;
  try {
    writeSync(2, `tsol: cannot write to standard output: ${escapeControlsKeepLines(reason)}\n`);
  } catch {
    // standard error is gone too: nothing more to say
  }
  process.exit(1);
}

export async function main(argv: string[]): Promise<void> {
  process.stdout.on("error", onOutputError);
  await buildProgram().parseAsync(argv);
}
