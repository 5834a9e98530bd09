import { readFileSync } from "node:fs";
import { Command } from "commander";
import { registerCheck } from "./check.ts";
import { registerDeal } from "./deal.ts";
import { registerPlay } from "./play.ts";
import { registerServe } from "./serve.ts";
import { registerSolve } from "./solve.ts";
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
    .showHelpAfterError();
  registerDeal(program);
  registerCheck(program);
  registerPlay(program);
  registerSolve(program);
  registerServe(program);
  registerTetris(program);
  return program;
}

export async function main(argv: string[]): Promise<void> {
  await buildProgram().parseAsync(argv);
}
