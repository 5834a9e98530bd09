import { type Command, Option } from "commander";
import { type Card, formatCard, isRed, SUIT_LETTERS } from "../cards/card.ts";
import { quoteToken } from "../cards/text.ts";
import { formatBoard } from "../games/freecell/board-text.ts";
import type { FreeCellState } from "../games/freecell/rules.ts";
import {
  addRuleOptions,
  loadStart,
  type RuleOptions,
  reportErrors,
  rulesFromOptions,
  UsageError,
} from "./options.ts";

const RED = "\x1b[31m";
const RESET = "\x1b[0m";

/** The deal as people lay it out: row i holds the i-th card of each cascade. */
export function formatPicture(state: FreeCellState, colour = false): string {
  const show = (c: Card) => (colour && isRed(c) ? `${RED}${formatCard(c)}${RESET}` : formatCard(c));
  const lines: string[] = [];
  if (state.cells.some((c) => c !== null) || state.foundations.some((r) => r > 0)) {
    const cells = state.cells.map((c) => (c === null ? "--" : show(c))).join(" ");
    const homes = state.foundations
      .map((rank, s) => (rank === 0 ? "--" : show((rank - 1) * 4 + s)))
      .join(" ");
    lines.push(`${cells} | ${homes}`, "");
  }
  const depth = Math.max(0, ...state.cascades.map((col) => col.length));
  for (let row = 0; row < depth; row++) {
    const cards = state.cascades.map((col) => (row < col.length ? show(col[row]) : "  "));
    lines.push(cards.join(" ").trimEnd());
  }
  return `${lines.join("\n")}\n`;
}

export function dealJson(state: FreeCellState, deal: number | undefined): object {
  const foundations: Record<string, string> = {};
  state.foundations.forEach((rank, s) => {
    if (rank > 0) foundations[SUIT_LETTERS[s]] = formatCard((rank - 1) * 4 + s);
  });
  return {
    game: "freecell",
    deal: deal ?? null,
    cascades: state.cascades.map((col) => col.map(formatCard)),
    cells: state.cells.filter((c): c is Card => c !== null).map(formatCard),
    foundations,
  };
}

export function registerDeal(program: Command): void {
  const command = program
    .command("deal")
    .description("show a numbered deal (Microsoft / FreeCell Pro numbering, 1 to 2^33 - 1)")
    .argument("<game>", "the game: freecell")
    .argument("<N>", "the deal number")
    .addOption(
      new Option("--format <format>", "picture rows, fc-solve board text, or JSON")
        .choices(["board", "fcs", "json"])
        .default("board"),
    );
  addRuleOptions(command).action((game: string, n: string, options: RuleOptions & { format: string }) =>
    reportErrors(() => {
      if (game !== "freecell") throw new UsageError(`unknown game ${quoteToken(game)} (known: freecell)`);
      const { state, deal } = loadStart(n, undefined, rulesFromOptions(options));
      if (options.format === "fcs") process.stdout.write(formatBoard(state));
      else if (options.format === "json") process.stdout.write(`${JSON.stringify(dealJson(state, deal))}\n`);
      else process.stdout.write(formatPicture(state, Boolean(process.stdout.isTTY) && !process.env.NO_COLOR));
    }),
  );
}
