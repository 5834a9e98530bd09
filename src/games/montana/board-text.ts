import { type Card, CardParseError, cardName, formatCard, parseCard, rankOf } from "../../cards/card.ts";
import { formatSolvitaireCard } from "../../cards/deals/solvitaire.ts";
import { JsonBoardReader } from "../patience/board-json.ts";
import { BoardTextError } from "../patience/errors.ts";
import { FULL_COLUMNS, type MontanaRules, type MontanaState, ROW_LETTERS, ROWS } from "./rules.ts";

/**
 * Montana's board text: four lines, the rows from the top, each 13 tokens (`TH`, or `10H`, `th` when read) with
 * `--` for a gap; when the rules allow redeals, a fifth line `redeals K seed S` gives the redeals left and the
 * redeal PRNG's state (read as the rules' redeals and seed 0 when absent). Blank lines are skipped.
 */
export function formatBoard(state: MontanaState): string {
  const lines = state.rows.map((row) => row.map((c) => (c === null ? "--" : formatCard(c))).join(" "));
  if (state.rules.redeals > 0) lines.push(`redeals ${state.redealsLeft} seed ${state.seed}`);
  return `${lines.join("\n")}\n`;
}

/** A place of a board being read: where it was written (for messages) and what it holds. */
interface Token {
  line: number | undefined;
  where: string;
  text: string | null;
}

/**
 * Checks a grid of tokens is exactly a position: `columns` places a row, the cards of ranks 2..columns each
 * once, no ace, the rest gaps (four of them). Throws BoardTextError naming the line and token.
 */
function readGrid(grid: Token[][], columns: number): (Card | null)[][] {
  const seen = new Map<Card, string>();
  const rows = grid.map((tokens) =>
    tokens.map((t): Card | null => {
      if (t.text === null || t.text === "--") return null;
      let c: Card;
      try {
        c = parseCard(t.text);
      } catch (error) {
        const reason = error instanceof CardParseError ? error.reason : String(error);
        throw new BoardTextError(t.line, t.text, `${t.where}: ${reason} (write -- for a gap)`);
      }
      if (rankOf(c) === 1) {
        throw new BoardTextError(
          t.line,
          t.text,
          `${t.where}: the aces are taken out in Montana (write -- for a gap)`,
        );
      }
      if (rankOf(c) > columns) {
        throw new BoardTextError(
          t.line,
          t.text,
          `${t.where}: a game of ${columns} columns has no ${cardName(c)}`,
        );
      }
      const before = seen.get(c);
      if (before !== undefined) {
        throw new BoardTextError(t.line, t.text, `${t.where}: the ${cardName(c)} is also at ${before}`);
      }
      seen.set(c, t.where);
      return c;
    }),
  );
  const missing: string[] = [];
  for (let c = 4; c < columns * 4; c++) if (!seen.has(c)) missing.push(formatCard(c));
  if (missing.length > 0) {
    throw new BoardTextError(
      undefined,
      missing[0],
      `missing ${missing.length === 1 ? "card" : "cards"} ${missing.join(" ")} (every card but the aces is on the table once)`,
    );
  }
  return rows;
}

/** Reads board text (13 columns, or `columns` for a cut-down deck); throws BoardTextError. */
export function parseBoard(text: string, rules: MontanaRules, columns = FULL_COLUMNS): MontanaState {
  if (typeof text !== "string") throw new BoardTextError(undefined, undefined, "a board is text");
  const lines = text.split("\n").map((l) => l.replace(/\r$/, ""));
  const grid: Token[][] = [];
  let redealLine: { line: number; text: string } | undefined;
  lines.forEach((raw, i) => {
    const lineNo = i + 1;
    const trimmed = raw.trim();
    if (trimmed === "") return;
    if (grid.length < ROWS) {
      const tokens = trimmed.split(/\s+/);
      const row = ROW_LETTERS[grid.length];
      if (tokens.length !== columns) {
        throw new BoardTextError(
          lineNo,
          tokens[Math.min(tokens.length, columns)],
          `row ${row} has ${tokens.length} places, not ${columns} (a card like TH, or -- for a gap)`,
        );
      }
      grid.push(tokens.map((t, c) => ({ line: lineNo, where: `${row}${c + 1}`, text: t })));
      return;
    }
    if (redealLine === undefined && /^redeals\b/i.test(trimmed)) {
      redealLine = { line: lineNo, text: trimmed };
      return;
    }
    throw new BoardTextError(
      lineNo,
      trimmed.split(/\s+/)[0],
      "more than four rows (a board is four rows of places)",
    );
  });
  if (grid.length < ROWS) {
    throw new BoardTextError(undefined, undefined, `only ${grid.length} of the ${ROWS} rows are given`);
  }
  const rows = readGrid(grid, columns);
  let redealsLeft = rules.redeals;
  let seed = 0;
  if (redealLine !== undefined) {
    const m = /^redeals\s+(\d{1,2})\s+seed\s+(\d{1,10})$/i.exec(redealLine.text);
    if (!m) {
      throw new BoardTextError(
        redealLine.line,
        redealLine.text.slice(0, 40),
        "write the redeal line as: redeals K seed S",
      );
    }
    redealsLeft = Number(m[1]);
    seed = Number(m[2]);
    if (rules.redeals === 0) {
      throw new BoardTextError(redealLine.line, m[1], "these rules have no redeals (play with --redeals K)");
    }
    if (redealsLeft > rules.redeals) {
      throw new BoardTextError(redealLine.line, m[1], `at most ${rules.redeals} redeals under these rules`);
    }
    if (seed > 0xffffffff) throw new BoardTextError(redealLine.line, m[2], "a seed is at most 4294967295");
  }
  return { rules, rows, redealsLeft, seed };
}

/**
 * The JSON form, Solvitaire's shape: `{"game": "montana", "deal": N, "rows": [[13 cards or null] x 4]}` with cards
 * as Solvitaire writes them (tens as 10); with redeals in the rules, `redealsLeft` and `seed` as well.
 */
export function toJson(state: MontanaState, deal?: number): Record<string, unknown> {
  return {
    game: "montana",
    deal: deal ?? null,
    rows: state.rows.map((row) => row.map((c) => (c === null ? null : formatSolvitaireCard(c)))),
    ...(state.rules.redeals > 0 ? { redealsLeft: state.redealsLeft, seed: state.seed } : {}),
  };
}

/**
 * Reads the JSON form back under the rules: exactly `toJson`'s keys, four rows of 13 places, each a card or null,
 * every card but the aces once; `redealsLeft` and `seed` only when the rules have redeals (left out: the rules'
 * redeals and seed 0, as in board text). Anything else is a BoardTextError naming the key or the path.
 * `fromJson(toJson(s))` is `s`.
 */
export function fromJson(json: unknown, rules: MontanaRules): MontanaState {
  const reader = new JsonBoardReader("montana", "Montana");
  const board = reader.board(json, ["rows"], ["redealsLeft", "seed"]);
  const rows = reader
    .list(board.rows, "rows", "rows", ROWS, (n) => `${n} rows: Montana has ${ROWS}`)
    .map((row, r) =>
      reader
        .list(row, `rows[${r}]`, "places", FULL_COLUMNS, (n) => `${n} places: a row has ${FULL_COLUMNS}`)
        .map((value, k): Card | null => {
          const path = `rows[${r}][${k}] (${ROW_LETTERS[r]}${k + 1})`;
          if (value === "--") reader.fail(path, "a gap is null in JSON", value);
          const c = reader.cardOrNull(value, path, "a gap");
          if (c !== null && rankOf(c) === 1)
            reader.fail(path, "the aces are taken out in Montana (a gap is null)", value as string);
          return c;
        }),
    );
  reader.complete(MONTANA_CARDS, "every card but the aces is on the table once");
  let redealsLeft = rules.redeals;
  let seed = 0;
  for (const key of ["redealsLeft", "seed"] as const) {
    if (board[key] !== undefined && rules.redeals === 0) {
      reader.fail(key, "these rules have no redeals (give --redeals K to play with K)", key);
    }
  }
  if (board.redealsLeft !== undefined) {
    redealsLeft = reader.whole(
      board.redealsLeft,
      "redealsLeft",
      0,
      rules.redeals,
      "the redeals left under these rules,",
    );
  }
  if (board.seed !== undefined)
    seed = reader.whole(board.seed, "seed", 0, 0xffffffff, "the redeal shuffle's state,");
  return { rules, rows, redealsLeft, seed };
}

/** The cards on a Montana table: all but the aces. */
const MONTANA_CARDS: readonly Card[] = Array.from({ length: 48 }, (_, i) => i + 4);
