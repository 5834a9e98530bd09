import { totalmem } from "node:os";
import { type Command, InvalidArgumentError } from "commander";
import { readingJsonBoards } from "../games/patience/board-text.ts";
import { flagName } from "../games/patience/rules.ts";
import { movedCards, ruleFields } from "../games/patience/session.ts";
import { countSolution, movesNotation } from "../games/patience/solution.ts";
import { PATIENCE_GAMES } from "../games/registry.ts";
import { DEFAULT_MAX_BYTES } from "../search/budget.ts";
import type { SolveResult } from "../search/result.ts";
import { defaultSearchThreads, searchThreads } from "../workers/typescript-thread.ts";
import {
  addGameOptions,
  type BoardInput,
  type GameOptions,
  gameNamed,
  loadStart,
  numberingFrom,
  once,
  policyFrom,
  readBoard,
  reportErrors,
  rulesFrom,
  UsageError,
} from "./options.ts";

interface SolveCommandOptions extends GameOptions {
  board?: string;
  json?: boolean;
  timeout?: number;
  maxPositions?: number;
  maxMemory?: number;
  shortest?: boolean;
  threads?: number;
  blind?: boolean;
  seed?: number;
  samples?: number;
}

function threadCount(text: string): number {
  const n = Number(text);
  if (!Number.isInteger(n) || n < 1 || n > 64)
    throw new InvalidArgumentError("expected a whole number from 1 to 64");
  return n;
}

function positiveNumber(text: string): number {
  const n = Number(text);
  if (!Number.isFinite(n) || n <= 0) throw new InvalidArgumentError("expected a number above 0");
  return n;
}

function wholeNumber(text: string): number {
  const n = Number(text);
  if (!/^\d+$/.test(text.trim()) || n < 1) throw new InvalidArgumentError("expected a whole number above 0");
  return n;
}

function seedNumber(text: string): number {
  const n = Number(text);
  if (!/^\d+$/.test(text.trim()) || n > 0xffffffff)
    throw new InvalidArgumentError("expected a whole number from 0 to 4294967295");
  return n;
}

function sampleCount(text: string): number {
  const n = Number(text);
  if (!/^\d+$/.test(text.trim()) || n < 1 || n > 10_000)
    throw new InvalidArgumentError("expected a whole number from 1 to 10000");
  return n;
}

type Game = ReturnType<typeof gameNamed>;

/**
 * The JSON object of one solve (the shape `--json` prints). With an objective other than a win, `objective` names
 * it and `proven` says whether `value` is the best there is (an unknown result still gives the best line found).
 */
export function solveReport(
  game: Game,
  deal: number | undefined,
  start: { rules: unknown },
  result: SolveResult<unknown>,
  objective?: string,
): Record<string, unknown> {
  const moves = movesNotation(game, start, result.moves);
  // Counted for a win only: an objective's line need not win, nor keep to the automatic moves the count plays.
  const length =
    result.result === "solved" && objective === undefined
      ? countSolution(
          game,
          start,
          result.moves,
          (state, move) => movedCards(game, state, game.apply(state, move)).length,
        )
      : undefined;
  const report: Record<string, unknown> = {
    game: game.id,
    deal: deal ?? null,
    ...(objective ? { objective, proven: result.result === "solved" } : {}),
    result: result.result,
    moves,
    stats: {
      positions: result.stats.positions,
      ms: Math.round(result.stats.ms),
      expanded: result.stats.expanded,
      bytes: result.stats.bytes,
      ...(length ? { length } : {}),
      searched: result.stats.searched,
      ...(result.stats.budget ? { budget: result.stats.budget } : {}),
      phases: result.stats.phases.map((p) => ({ ...p, ms: Math.round(p.ms) })),
    },
    rules: ruleFields(game, start.rules),
  };
  if (result.value !== undefined) report.value = result.value;
  if (result.reason) report.reason = result.reason;
  if (result.proof) report.proof = result.proof;
  return report;
}

/**
 * The tables' budget when none is given: a quarter of the machine's memory, between the solver's own default
 * (512 MiB, what a browser's worker gets) and 2 GiB, which holds more positions than any game's search reaches in
 * the default minute. The hardest Klondike deals need more than 512 MiB (Microsoft's 1159 about 600 MiB).
 */
export function defaultMemoryBytes(machine = totalmem()): number {
  return Math.min(2 * 2 ** 30, Math.max(DEFAULT_MAX_BYTES, Math.floor(machine / 4)));
}

function describe(game: Game, deal: number | undefined, rules: unknown): string {
  return `${deal === undefined ? "the board" : `deal ${deal}`} (${game.rules.label(rules)})`;
}

/** Objectives of any game (`--max-score` …): what a solve may search for besides a win. */
function objectives(): { id: string; about: string; games: string[] }[] {
  const out = new Map<string, { id: string; about: string; games: string[] }>();
  for (const game of PATIENCE_GAMES) {
    for (const o of game.objectives ?? []) {
      const known = out.get(o.id);
      if (known) known.games.push(game.id);
      else out.set(o.id, { ...o, games: [game.id] });
    }
  }
  return [...out.values()];
}

export function registerSolve(program: Command): void {
  const command = program
    .command("solve")
    .description(
      "solve a deal: the moves that win it, a proof that none do, or unknown when a budget runs out",
    )
    .argument("<game>", "the game (tsol games lists them)")
    .argument("[N]", "the deal number")
    .option(
      "--board <file>",
      "start from a board file instead of a numbered deal (- for standard input)",
      once("--board"),
    )
    .option("--json", "print one JSON object (an array for a range of a rule) on standard output")
    .option("--timeout <S>", "give up after S seconds (default 60)", positiveNumber)
    .option(
      "--max-positions <P>",
      "give up after P positions (the same verdict on every machine)",
      wholeNumber,
    )
    .option(
      "--max-memory <MB>",
      `let the search's tables take up to MB megabytes (default a quarter of this machine's memory, from ${DEFAULT_MAX_BYTES / 2 ** 20} to 2048: here ${defaultMemoryBytes() / 2 ** 20})`,
      positiveNumber,
    )
    .option("--shortest", "search longer for a shorter solution")
    .option(
      "--threads <N>",
      `search in N threads, one a core (Montana's solver, after its first second alone; the others search in one; default every core, ${defaultSearchThreads()} here)`,
      threadCount,
    );
  for (const o of objectives()) command.option(`--${o.id}`, `${o.about} (${o.games.join(", ")})`);
  command
    .option(
      "--blind",
      `play the deal to its end seeing only what a player sees, no face-down card peeked at (${blindGames().join(", ")})`,
    )
    .option("--seed <S>", "with --blind: the seed of the player's samples (default 1)", seedNumber)
    .option(
      "--samples <K>",
      "with --blind: samples of the hidden cards a decision (default the game's player's: 32 for Klondike, 12 for the family's games)",
      sampleCount,
    );
  command.addHelpText(
    "after",
    "\nA whole-number rule may be a range, e.g. --cells 0..5: one solve per value, a row each.",
  );
  addGameOptions(command).action((id: string, n: string | undefined, options: SolveCommandOptions) =>
    reportErrors(async () => {
      const game = gameNamed(id);
      const numbering = numberingFrom(game, options);
      const policy = policyFrom(game, options);
      const { range } = rulesFrom(game, options, true);
      const objective = objectives().find(
        (o) => options[o.id.replace(/-([a-z])/g, (_, c: string) => c.toUpperCase())],
      );
      if (objective && !(game.objectives ?? []).some((o) => o.id === objective.id)) {
        throw new UsageError(`--${objective.id} is not something ${game.title}'s solver searches for`);
      }
      if (n !== undefined && options.board !== undefined)
        throw new UsageError("give a deal number or --board, not both");
      if (options.blind) {
        const refused = [
          range && "a range of a rule",
          objective && `--${objective.id}`,
          options.shortest && "--shortest",
          options.timeout !== undefined && "--timeout",
          options.maxPositions !== undefined && "--max-positions",
          options.maxMemory !== undefined && "--max-memory",
          options.threads !== undefined && "--threads",
        ].filter(Boolean);
        if (refused.length > 0)
          throw new UsageError(
            `--blind plays one game under its own budgets: it takes no ${refused.join(", ")}`,
          );
        const board = options.board === undefined ? undefined : readBoard(options.board);
        return solveBlind(game, numbering, policy, n, board, options);
      }
      if (options.seed !== undefined || options.samples !== undefined)
        throw new UsageError("--seed and --samples go with --blind");
      // Read once: standard input is empty the second time, and a file may change between values.
      const board: BoardInput | undefined =
        options.board === undefined ? undefined : readBoard(options.board);
      const values = range
        ? Array.from({ length: range.high - range.low + 1 }, (_, i) => range.low + i)
        : [undefined];
      const reports: Record<string, unknown>[] = [];
      let unknown = false;
      for (const value of values) {
        const flags = range ? { ...options, [range.key]: String(value) } : options;
        const { rules } = rulesFrom(game, flags);
        const { state, deal } = loadStart(readingJsonBoards(game), rules, numbering, n, board);
        console.error(`tsol: solving ${describe(game, deal, rules)} …`);
        let reported = 0;
        const solver = await game.solver();
        const result = solver.solve(state, {
          onProgress: ({ positions, ms }) => {
            if (ms - reported < 1000) return;
            reported = ms;
            console.error(`tsol: ${positions.toLocaleString("en")} positions, ${(ms / 1000).toFixed(1)} s …`);
          },
          policy,
          shortest: options.shortest === true,
          ...(objective ? { objective: objective.id } : {}),
          now: () => performance.now(),
          threads: options.threads ?? defaultSearchThreads(),
          startThread: searchThreads(game.id),
          budget: {
            ms: (options.timeout ?? 60) * 1000,
            ...(options.maxPositions !== undefined ? { positions: options.maxPositions } : {}),
            bytes:
              options.maxMemory !== undefined
                ? Math.floor(options.maxMemory * 2 ** 20)
                : defaultMemoryBytes(),
          },
        });
        if (result.result === "unknown") unknown = true;
        const report = solveReport(game, deal, state, result, objective?.id);
        if (numbering !== "microsoft" && deal !== undefined) report.numbering = numbering;
        for (const field of game.rules.fields) {
          if (options[field.key] !== undefined)
            report[field.key] = (rules as Record<string, unknown>)[field.key];
        }
        reports.push(report);
        if (!options.json && !range) printOne(game, deal, rules, result, report, objective?.id);
      }
      if (options.json) process.stdout.write(`${JSON.stringify(range ? reports : reports[0])}\n`);
      else if (range) printRows(range.key, reports);
      if (unknown) process.exitCode = 2;
    }),
  );
}

/** Games whose player can play seeing only what a player sees. */
const blindGames = (): string[] => PATIENCE_GAMES.filter((g) => g.blindPlayer).map((g) => g.id);

/** `tsol solve GAME N --blind`: one game played by the game's blind player, its moves and whether it won. */
async function solveBlind(
  game: Game,
  numbering: ReturnType<typeof numberingFrom>,
  policy: ReturnType<typeof policyFrom>,
  n: string | undefined,
  board: BoardInput | undefined,
  options: SolveCommandOptions,
): Promise<void> {
  if (!game.blindPlayer) {
    throw new UsageError(
      `${game.title} has no hidden cards: --blind plays games with cards a player cannot see (${blindGames().join(", ")})`,
    );
  }
  const { rules } = rulesFrom(game, options);
  const { state, deal } = loadStart(readingJsonBoards(game), rules, numbering, n, board);
  console.error(`tsol: playing ${describe(game, deal, rules)} seeing only what a player sees …`);
  const player = await game.blindPlayer();
  const seed = options.seed ?? 1;
  const result = player.play(state, {
    seed,
    policy,
    now: () => performance.now(),
    ...(options.samples !== undefined ? { samples: options.samples } : {}),
  });
  const moves = movesNotation(game, state, result.moves);
  const { stats } = result;
  const report: Record<string, unknown> = {
    game: game.id,
    deal: deal ?? null,
    won: result.won,
    moves,
    stats: {
      decisions: stats.decisions,
      searches: stats.solves,
      positions: stats.positions,
      ms: Math.round(stats.ms),
      seed,
      samples: options.samples ?? null,
      startChance: stats.startChance,
    },
    rules: ruleFields(game, rules),
  };
  if (numbering !== "microsoft" && deal !== undefined) report.numbering = numbering;
  if (options.json) {
    process.stdout.write(`${JSON.stringify(report)}\n`);
    return;
  }
  const c = stats.startChance;
  console.log(
    `${describe(game, deal, rules)}: ${result.won ? "won" : "lost"} by the blind player in ${moves.length} moves ` +
      `(seed ${seed}; ${stats.decisions} decisions, ${stats.solves.toLocaleString("en")} searches, ` +
      `${Math.round(stats.ms)} ms; chance to win at the start ${c.wins} of ${c.samples} samples)`,
  );
  if (moves.length > 0) console.log(moves.join(" "));
}

function printOne(
  game: Game,
  deal: number | undefined,
  rules: unknown,
  result: SolveResult<unknown>,
  report: Record<string, unknown>,
  objective?: string,
): void {
  const { positions, ms } = result.stats;
  const tail = `${positions.toLocaleString("en")} positions, ${Math.round(ms)} ms`;
  const what = describe(game, deal, rules);
  const moves = report.moves as string[];
  if (objective !== undefined && result.result !== "unsolvable") {
    // The best value found, whether the search proved it the best, and its line, even when a budget stopped it.
    const proven = result.result === "solved" ? "proven the best" : "not proven the best";
    const value = result.value ?? "none found";
    console.log(`${what}: ${objective} ${value}, ${proven}; ${moves.length} moves; ${tail}`);
    if (result.reason) console.log(result.reason);
    if (moves.length > 0) console.log(moves.join(" "));
  } else if (result.result === "solved") {
    const counts = (report.stats as { length: { moves: number; cards: number; player: number } }).length;
    const value = result.value !== undefined ? `, value ${result.value}` : "";
    console.log(
      `${what}: solved in ${counts.moves} moves (${counts.cards} cards moved, ` +
        `${counts.player} not counting safe automatic moves)${value}; ${tail}`,
    );
    console.log((report.moves as string[]).join(" "));
  } else if (result.result === "unsolvable") {
    console.log(`${what}: impossible; ${tail}`);
    console.log(result.reason);
  } else {
    console.log(`${what}: unknown (${result.reason}); ${tail}`);
  }
}

function printRows(key: string, reports: Record<string, unknown>[]): void {
  const name = flagName(key);
  console.log(`${name.padStart(5)}  result      length  positions       ms`);
  for (const r of reports) {
    const stats = r.stats as { positions: number; ms: number };
    const moves = r.moves as string[];
    const value = (r.rules as Record<string, unknown>)[key];
    console.log(
      `${String(value).padStart(Math.max(5, name.length))}  ${String(r.result).padEnd(10)}  ${String(r.result === "solved" ? moves.length : "-").padStart(6)}  ${String(stats.positions).padStart(9)}  ${String(stats.ms).padStart(7)}`,
    );
  }
}
