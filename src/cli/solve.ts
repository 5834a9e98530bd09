import { type Command, InvalidArgumentError } from "commander";
import { quoteToken } from "../cards/text.ts";
import { whyNotFullDeck } from "../games/freecell/board-text.ts";
import type { FreeCellRules, FreeCellState } from "../games/freecell/rules.ts";
import {
  countSolution,
  type FreeCellSolveResult,
  solutionNotation,
  solve,
} from "../games/freecell/solver.ts";
import {
  addRuleOptions,
  loadStart,
  once,
  policyFromOptions,
  type RuleOptions,
  readBoard,
  reportErrors,
  rulesFromOptions,
  UsageError,
} from "./options.ts";

interface SolveCommandOptions extends Omit<RuleOptions, "cells"> {
  board?: string;
  cells?: CellRange;
  json?: boolean;
  timeout?: number;
  maxPositions?: number;
  shortest?: boolean;
}

interface CellRange {
  low: number;
  high: number;
  /** Whether a range was written (`0..5`, even `2..2`): a range prints a table, a single count one solve. */
  range: boolean;
}

/** `4` or a range `0..5`. */
export function parseCellRange(text: string): CellRange {
  const match = /^(\d+)(?:\.\.(\d+))?$/.exec(text.trim());
  const low = match ? Number(match[1]) : Number.NaN;
  const high = match?.[2] !== undefined ? Number(match[2]) : low;
  if (!match || low > 10 || high > 10 || low > high) {
    throw new InvalidArgumentError("expected a number of cells from 0 to 10, or a range like 0..5");
  }
  return { low, high, range: match[2] !== undefined };
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

/** The JSON object of one solve (the shape `--json` prints). */
export function solveReport(
  deal: number | undefined,
  start: FreeCellState,
  result: FreeCellSolveResult,
): Record<string, unknown> {
  const moves = solutionNotation(start, result.moves);
  const report: Record<string, unknown> = {
    game: "freecell",
    deal: deal ?? null,
    result: result.result,
    moves,
    stats: {
      positions: result.stats.positions,
      ms: Math.round(result.stats.ms),
      expanded: result.stats.expanded,
      bytes: result.stats.bytes,
      ...(result.result === "solved" ? { length: countSolution(start, result.moves) } : {}),
      searched: result.stats.searched,
      ...(result.stats.budget ? { budget: result.stats.budget } : {}),
      phases: result.stats.phases.map((p) => ({ ...p, ms: Math.round(p.ms) })),
    },
    cells: start.rules.cells,
  };
  if (result.reason) report.reason = result.reason;
  return report;
}

function describe(deal: number | undefined, rules: FreeCellRules): string {
  return `${deal === undefined ? "the board" : `deal ${deal}`} (${rules.cells} cells)`;
}

export function registerSolve(program: Command): void {
  const command = program
    .command("solve")
    .description(
      "solve a deal: the moves that win it, a proof that none do, or unknown when a budget runs out",
    )
    .argument("<game>", "the game: freecell")
    .argument("[N]", "the deal number")
    .option(
      "--board <file>",
      "start from a board file instead of a numbered deal (- for standard input)",
      once("--board"),
    )
    .option(
      "--cells <K>",
      "free cells, 0 to 10, or a range such as 0..5 to solve once per count",
      parseCellRange,
    )
    .option("--json", "print one JSON object (an array for a range of cells) on standard output")
    .option("--timeout <S>", "give up after S seconds (default 60)", positiveNumber)
    .option("--max-positions <P>", "give up after P positions", wholeNumber)
    .option("--shortest", "search longer for a shorter solution");
  addRuleOptions(command, { cellsFlag: false }).action(
    (game: string, n: string | undefined, options: SolveCommandOptions) =>
      reportErrors(() => {
        if (game !== "freecell") throw new UsageError(`unknown game ${quoteToken(game)} (known: freecell)`);
        const cellsOption = options.cells;
        const range = cellsOption?.range === true;
        const counts: (number | undefined)[] = [];
        if (cellsOption) for (let k = cellsOption.low; k <= cellsOption.high; k++) counts.push(k);
        else counts.push(undefined);
        if (n !== undefined && options.board !== undefined)
          throw new UsageError("give a deal number or --board, not both");
        // Read once: standard input is empty the second time, and a file may change between counts.
        const board = options.board === undefined ? undefined : readBoard(options.board);
        const policy = policyFromOptions({ auto: options.auto });
        const reports: Record<string, unknown>[] = [];
        let unknown = false;
        for (const cells of counts) {
          const rules = rulesFromOptions({ ...options, cells });
          const { state, deal } = loadStart(n, board, rules);
          // A verdict of "impossible" is only worth something for the whole deck: never solve anything else.
          const notWhole = whyNotFullDeck(state);
          if (notWhole !== undefined) throw new UsageError(`not a whole position: ${notWhole}`);
          console.error(`tsol: solving ${describe(deal, rules)} …`);
          let reported = 0;
          const result = solve(state, {
            onProgress: ({ positions, ms }) => {
              if (ms - reported < 1000) return;
              reported = ms;
              console.error(
                `tsol: ${positions.toLocaleString("en")} positions, ${(ms / 1000).toFixed(1)} s …`,
              );
            },
            policy,
            shortest: options.shortest === true,
            now: () => performance.now(),
            budget: {
              ms: (options.timeout ?? 60) * 1000,
              ...(options.maxPositions !== undefined ? { positions: options.maxPositions } : {}),
            },
          });
          if (result.result === "unknown") unknown = true;
          const report = solveReport(deal, state, result);
          reports.push(report);
          if (options.json) continue;
          if (range) continue;
          printOne(deal, rules, result, report);
        }
        if (options.json) {
          process.stdout.write(`${JSON.stringify(range ? reports : reports[0])}\n`);
        } else if (range) {
          printRows(reports);
        }
        if (unknown) process.exitCode = 2;
      }),
  );
}

function printOne(
  deal: number | undefined,
  rules: FreeCellRules,
  result: FreeCellSolveResult,
  report: Record<string, unknown>,
): void {
  const { positions, ms } = result.stats;
  const tail = `${positions.toLocaleString("en")} positions, ${Math.round(ms)} ms`;
  if (result.result === "solved") {
    const counts = (report.stats as { length: { moves: number; cards: number; player: number } }).length;
    console.log(
      `${describe(deal, rules)}: solved in ${counts.moves} moves (${counts.cards} cards moved, ` +
        `${counts.player} not counting safe automatic moves); ${tail}`,
    );
    console.log((report.moves as string[]).join(" "));
  } else if (result.result === "unsolvable") {
    console.log(`${describe(deal, rules)}: impossible; ${tail}`);
    console.log(result.reason);
  } else {
    console.log(`${describe(deal, rules)}: unknown (${result.reason}); ${tail}`);
  }
}

function printRows(reports: Record<string, unknown>[]): void {
  console.log("cells  result      length  positions       ms");
  for (const r of reports) {
    const stats = r.stats as { positions: number; ms: number };
    const moves = r.moves as string[];
    console.log(
      `${String(r.cells).padStart(5)}  ${String(r.result).padEnd(10)}  ${String(r.result === "solved" ? moves.length : "-").padStart(6)}  ${String(stats.positions).padStart(9)}  ${String(stats.ms).padStart(7)}`,
    );
  }
}
