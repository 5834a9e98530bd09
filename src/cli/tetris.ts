import { existsSync, writeFileSync } from "node:fs";
import { type Command, InvalidArgumentError, Option } from "commander";
import { escapeControlsKeepLines, shortText } from "../cards/text.ts";
import type { RandomizerKind } from "../games/tetris/guideline/bag.ts";
import { GAME_MODES, type GameMode } from "../games/tetris/guideline/modes.ts";
import { formatTime, resultLines } from "../games/tetris/play.ts";
import { drawSeed, normaliseSeed } from "../games/tetris/random.ts";
import { encodeReplayLink, parseReplay, type ReplayFile, verifyReplay } from "../games/tetris/replay.ts";
import { MAX_INPUT_BYTES, readTextInput } from "./input.ts";
import { DataFileError } from "./store.ts";
import { lastReplayPath, newSession, playInTerminal, TERMINAL_HANDLING } from "./tetris-play.ts";
import { keepReplay, keptReplay, listLines, loadKeptReplays, watchReplay } from "./tetris-replays.ts";
import { scoresPath } from "./tetris-scores.ts";

/** `guideline`, the one guideline mode before there were several, is the endless marathon. */
type ModeOption = GameMode | "classic" | "guideline";

interface TetrisOptions {
  mode: ModeOption;
  das: number;
  arr: number;
  sdf: number;
  seed?: string;
  level: number;
  randomizer: RandomizerKind;
  faithful?: boolean;
  color: boolean;
  ai?: boolean;
  games: number;
  pieces: number;
  watch?: boolean;
  verify?: string;
  replays?: boolean;
  replay?: string;
  export?: string;
  link?: boolean;
  objective?: "survive" | "attack";
  json?: boolean;
}

function wholeMs(name: string, max: number) {
  return (value: string): number => {
    const n = Number(value);
    if (!Number.isInteger(n) || n < 0 || n > max)
      throw new InvalidArgumentError(`${name} must be a whole number from 0 to ${max}`);
    return n;
  };
}

function positiveInt(name: string, max: number) {
  return (value: string): number => {
    const n = Number(value);
    if (!Number.isInteger(n) || n < 1 || n > max)
      throw new InvalidArgumentError(`${name} must be a whole number from 1 to ${max}`);
    return n;
  };
}

export function registerTetris(program: Command): void {
  program
    .command("tetris")
    .description("play Tetris in the terminal: the VDM++ model (classic) or the modern guideline game")
    .addOption(
      new Option(
        "--mode <mode>",
        "marathon (150 lines), endless, sprint (40 lines, timed), ultra (2 minutes), zen (no top-out), " +
          "classic (the VDM++ model); guideline is endless",
      )
        .choices([...GAME_MODES, "classic", "guideline"])
        .default("marathon"),
    )
    .option(
      "--das <ms>",
      "delayed auto shift, guideline modes (ms)",
      wholeMs("--das", 1000),
      TERMINAL_HANDLING.das,
    )
    .option(
      "--arr <ms>",
      "auto repeat rate, guideline modes (ms; 0 = to the wall)",
      wholeMs("--arr", 500),
      TERMINAL_HANDLING.arr,
    )
    .option(
      "--sdf <n>",
      "soft drop factor x gravity (0 = instant)",
      wholeMs("--sdf", 100),
      TERMINAL_HANDLING.sdf,
    )
    .option("--seed <seed>", "seed for the pieces (a number or any text); drawn at random when left out")
    .option("--level <n>", "starting level (guideline)", positiveInt("--level", 20), 1)
    .addOption(
      new Option("--randomizer <kind>", "piece order (guideline)").choices(["bag", "uniform"]).default("bag"),
    )
    .option("--faithful", "classic: reproduce the model's defects instead of fixing them")
    .option("--no-color", "draw without ANSI colours")
    .option("--ai", "let the AI play: headless games with a summary, or on screen with --watch")
    .option("--games <n>", "AI: games to play", positiveInt("--games", 100_000), 1)
    .option("--pieces <n>", "AI: piece cap a game", positiveInt("--pieces", 10_000_000), 1000)
    .option("--watch", "AI: play on screen")
    .addOption(
      new Option(
        "--objective <what>",
        "AI: play to survive, or to attack (guideline; default survive)",
      ).choices(["survive", "attack"]),
    )
    .option(
      "--json",
      "AI: one JSON line with the result {pieces, lines, toppedOut, attackPerPiece, tetrises, tspins}",
    )
    .option("--verify <file>", "play a replay file back and check its recorded result")
    .option("--replays", "list the kept games (the last 20 finished games), newest first")
    .option("--replay <what>", "watch a replay: a number from --replays, a replay file, or a replay link")
    .option("--export <file>", "with --replay: write it as a replay file instead of watching it")
    .option("--link", "with --replay: print its link instead of watching it")
    .addHelpText(
      "after",
      [
        "",
        "Keys: Left/a left, Right/d right, Up/s/x rotate, z rotate back, v half turn (guideline), Down soft",
        "drop, Space/f drop, c hold (guideline), p pause, q quit. Terminals send no key-release events: a held",
        "key auto-shifts from the terminal's first repeat at --arr, and counts as released 0.1 s after its",
        "last repeat.",
        `High scores: ${scoresPath()}; the last game's replay: ${lastReplayPath()}.`,
      ].join("\n"),
    )
    .action(async (options: TetrisOptions) => {
      try {
        await runTetris(options);
      } catch (error) {
        // A named pipe, a folder or a device where the high scores or the replay are kept: said at once.
        if (!(error instanceof DataFileError)) throw error;
        console.error(`tetris: ${error.message}`);
        process.exitCode = 2;
      }
    });
}

async function runTetris(options: TetrisOptions): Promise<void> {
  if (options.verify) {
    runVerify(options.verify);
    return;
  }
  if (options.replays) {
    const { list, problem } = loadKeptReplays();
    if (problem) console.error(`tetris: ${problem}`);
    for (const line of listLines(list)) console.log(line);
    return;
  }
  if (options.replay !== undefined) {
    await runReplay(options);
    return;
  }
  const seed = options.seed === undefined ? drawSeed() : normaliseSeed(options.seed);
  const aiProblem = checkAiFlags(options);
  if (aiProblem) {
    console.error(`tetris: ${aiProblem}`);
    process.exitCode = 2;
    return;
  }
  if (options.ai) {
    const { runAi } = await import("./tetris-ai.ts");
    await runAi({ ...options, mode: options.mode === "classic" ? "classic" : "guideline", seed });
    return;
  }
  if (!process.stdin.isTTY || !process.stdout.isTTY) {
    console.error("tetris: needs a terminal (stdin and stdout must be a TTY); try --ai for a headless game");
    process.exitCode = 2;
    return;
  }
  const session = newSession(
    options.mode === "guideline" ? "endless" : options.mode,
    seed,
    options.randomizer,
    options.faithful ?? false,
    options.level,
  );
  const { das, arr, sdf } = options;
  const result = await playInTerminal(session, { color: options.color, handling: { das, arr, sdf, dcd: 0 } });
  const r = result.results;
  console.log(
    `${r?.complete ? "Finished" : "Game over"}: ${r ? `time ${formatTime(r.timeMs)}, ` : ""}score ${result.score}, ` +
      `lines ${result.lines}, level ${result.level}` +
      (result.rank > 0 ? ` (personal best #${result.rank} in ${session.mode})` : "") +
      ` (seed ${session.seed})`,
  );
  if (r) for (const [k, v] of resultLines(r).slice(4)) console.log(`  ${k}: ${v}`);
  // Every finished game is kept for --replays (a game quit before its first piece locked is not).
  if (session.pieces() > 0) {
    try {
      keepReplay(session.replay());
    } catch (error) {
      console.error(`tetris: could not keep the replay: ${shortText((error as Error).message, 200)}`);
    }
  }
  for (const note of result.notes) console.error(escapeControlsKeepLines(note));
}

/** Flags of the AI that mean nothing in the way they were combined, said before anything runs. */
function checkAiFlags(options: TetrisOptions): string | null {
  if (!options.ai && (options.objective !== undefined || options.json)) {
    return `${options.json ? "--json" : "--objective"} goes with --ai (the AI's headless games)`;
  }
  if (options.json && options.watch) return "--json and --watch do not go together (--watch plays on screen)";
  if (options.objective === "attack" && options.mode === "classic") {
    return "--objective attack plays the guideline game (the classic model has no T-spins or back-to-back)";
  }
  return null;
}

/** --replay WHAT: watch it, or with --export / --link write it out. */
async function runReplay(options: TetrisOptions): Promise<void> {
  const what = options.replay!;
  let replay: ReplayFile;
  try {
    if (existsSync(what)) {
      replay = parseReplay(JSON.parse(readTextInput(what, "replay", 32 * MAX_INPUT_BYTES)));
    } else replay = keptReplay(what);
  } catch (error) {
    console.error(
      escapeControlsKeepLines(
        `tetris: --replay ${shortText(what, 40)}: ${shortText((error as Error).message, 300)}`,
      ),
    );
    process.exitCode = 2;
    return;
  }
  if (options.export) {
    try {
      writeFileSync(options.export, `${JSON.stringify(replay, null, 1)}\n`, { flag: "wx" });
    } catch (error) {
      console.error(
        escapeControlsKeepLines(
          `tetris: cannot write ${shortText(options.export, 80)}: ${shortText((error as Error).message, 200)}`,
        ),
      );
      process.exitCode = 2;
      return;
    }
    console.log(`replay written to ${options.export}`);
    return;
  }
  if (options.link) {
    console.log(`/#/tetris?replay=${encodeReplayLink(replay)}`);
    console.log("(after the address of tsol's web app, as tsol serve prints it)");
    return;
  }
  if (!process.stdin.isTTY || !process.stdout.isTTY) {
    console.error("tetris: --replay needs a terminal to play on (or --export FILE, --link)");
    process.exitCode = 2;
    return;
  }
  await watchReplay(replay, options.color);
}

function runVerify(path: string): void {
  let raw: unknown;
  try {
    // A replay records every input of a game: a long one runs to megabytes, so the bound is wider than a board's.
    raw = JSON.parse(readTextInput(path, "replay", 32 * MAX_INPUT_BYTES));
  } catch (error) {
    // A JSON error quotes the file: escaped and cut, like every text from a file shown here.
    console.error(
      escapeControlsKeepLines(`tetris: cannot read ${path}: ${shortText((error as Error).message, 200)}`),
    );
    process.exitCode = 2;
    return;
  }
  try {
    const replay = parseReplay(raw);
    const { matches, actual } = verifyReplay(replay);
    console.log(
      `${replay.mode} replay, seed ${replay.options.seed}, ${replay.inputs.length} inputs: score ${actual.score}, ` +
        `lines ${actual.lines}, level ${actual.level}${actual.gameOver ? ", game over" : ""}: ` +
        (matches ? "matches the recorded result" : "DOES NOT match the recorded result"),
    );
    if (!matches) process.exitCode = 1;
  } catch (error) {
    console.error(`tetris: ${shortText((error as Error).message, 300)}`);
    process.exitCode = 2;
  }
}
