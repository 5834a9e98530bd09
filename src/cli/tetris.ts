import type { Command } from "commander";

export function registerTetris(program: Command): void {
  program
    .command("tetris")
    .description("play Tetris in the terminal")
    .action(() => {
      console.error("tetris: not yet built");
      process.exitCode = 1;
    });
}
