import {
  type Card,
  CardParseError,
  formatCard,
  parseCard,
  RANK_LETTERS,
  SUIT_LETTERS,
  type Suit,
  suitFromLetter,
} from "../../cards/card.ts";
import { emptyState, type FreeCellRules, type FreeCellState, makeRules } from "./rules.ts";

/**
 * Board text compatible with fc-solve: optional `Foundations:` and `Freecells:` lines, then one line per cascade
 * from the bottom card to the exposed card. An empty cascade is a line holding only `:` (or `-`); a leading `:`
 * on a cascade line is allowed, as fc-solve writes it. Blank lines and lines starting with `#` are ignored.
 */
export class BoardTextError extends Error {
  readonly code = "bad_board";
  constructor(
    readonly line: number | undefined,
    readonly token: string | undefined,
    reason: string,
  ) {
    super(line === undefined ? reason : `line ${line}: ${reason}`);
    this.name = "BoardTextError";
  }
}

/** fc-solve writes foundations in this order. */
const FOUNDATION_ORDER: Suit[] = [2, 0, 1, 3];

export function formatBoard(state: FreeCellState): string {
  const lines: string[] = [];
  if (state.foundations.some((rank) => rank > 0)) {
    const parts = FOUNDATION_ORDER.map(
      (s) =>
        `${SUIT_LETTERS[s]}-${state.foundations[s] === 0 ? "0" : RANK_LETTERS[state.foundations[s] - 1]}`,
    );
    lines.push(`Foundations: ${parts.join(" ")}`);
  }
  if (state.cells.some((c) => c !== null)) {
    lines.push(`Freecells: ${state.cells.map((c) => (c === null ? "-" : formatCard(c))).join(" ")}`);
  }
  for (const col of state.cascades) lines.push(col.length === 0 ? ":" : col.map(formatCard).join(" "));
  return `${lines.join("\n")}\n`;
}

function cardAt(token: string, line: number): Card {
  try {
    return parseCard(token);
  } catch (error) {
    if (error instanceof CardParseError) throw new BoardTextError(line, token, error.message);
    throw error;
  }
}

function foundationRank(token: string, text: string, line: number): number {
  if (text === "0") return 0;
  try {
    return (parseCard(`${text}C`) >> 2) + 1;
  } catch {
    throw new BoardTextError(
      line,
      token,
      `"${token}": unknown rank "${text}" on a foundation (use 0, A, 2-9, T, J, Q, K)`,
    );
  }
}

/** Parses board text under the given rules (8 cascades and 4 cells unless told otherwise). */
export function parseBoard(text: string, rules: Partial<FreeCellRules> = {}): FreeCellState {
  const fullRules: FreeCellRules = makeRules(rules);
  const state = emptyState(fullRules);
  const seen = new Map<Card, number>();
  const note = (c: Card, token: string, line: number) => {
    const first = seen.get(c);
    if (first !== undefined) {
      throw new BoardTextError(
        line,
        token,
        `duplicate card ${formatCard(c)} ("${token}"; first seen on line ${first})`,
      );
    }
    seen.set(c, line);
  };
  let cascadesRead = 0;
  let foundationsRead = false;
  const readFoundations = (tokens: string[], line: number) => {
    if (foundationsRead) throw new BoardTextError(line, undefined, "a second Foundations line");
    foundationsRead = true;
    for (const token of tokens) {
      const match = /^([^-]+)-(.+)$/.exec(token);
      const suit = match ? suitFromLetter(match[1]) : undefined;
      if (!match || suit === undefined) {
        throw new BoardTextError(
          line,
          token,
          `"${token}": a foundation is a suit and its top rank, like H-A or S-0`,
        );
      }
      const rank = foundationRank(token, match[2], line);
      for (let r = 1; r <= rank; r++) note((r - 1) * 4 + suit, token, line);
      state.foundations[suit] = rank;
    }
  };
  const readCells = (tokens: string[], line: number) => {
    const cards = tokens.filter((t) => t !== "-");
    if (cards.length > fullRules.cells) {
      throw new BoardTextError(
        line,
        cards[fullRules.cells],
        `too many cards in the cells: ${cards.length} given, this game has ${fullRules.cells} cells`,
      );
    }
    tokens.forEach((token, i) => {
      if (token === "-") return;
      const c = cardAt(token, line);
      note(c, token, line);
      state.cells[i < fullRules.cells && state.cells[i] === null ? i : state.cells.indexOf(null)] = c;
    });
  };
  const lines = text.split(/\r?\n/);
  for (const [i, raw] of lines.entries()) {
    const line = i + 1;
    const trimmed = raw.trim();
    if (trimmed === "" || trimmed.startsWith("#")) continue;
    const header = /^([A-Za-z]+)\s*:(.*)$/.exec(trimmed);
    if (header) {
      const name = header[1].toLowerCase();
      const tokens = header[2].trim().split(/\s+/).filter(Boolean);
      if (name === "foundations" || name === "founds") readFoundations(tokens, line);
      else if (name === "freecells" || name === "fc") readCells(tokens, line);
      else {
        throw new BoardTextError(
          line,
          header[1],
          `unknown heading "${header[1]}:" (expected Foundations: or Freecells:)`,
        );
      }
      continue;
    }
    const body = trimmed.startsWith(":") ? trimmed.slice(1).trim() : trimmed;
    cascadesRead++;
    if (cascadesRead > fullRules.cascades) {
      throw new BoardTextError(
        line,
        undefined,
        `wrong number of cascades: more than ${fullRules.cascades}, the number this game has (set the number of cascades to match)`,
      );
    }
    if (body === "-" || body === "") continue;
    for (const token of body.split(/\s+/)) {
      const c = cardAt(token, line);
      note(c, token, line);
      state.cascades[cascadesRead - 1].push(c);
    }
  }
  if (cascadesRead !== fullRules.cascades) {
    throw new BoardTextError(
      undefined,
      undefined,
      `wrong number of cascades: found ${cascadesRead}, this game has ${fullRules.cascades} (set the number of cascades to match)`,
    );
  }
  if (seen.size !== 52) {
    const missing: string[] = [];
    for (let c = 0; c < 52; c++) if (!seen.has(c)) missing.push(formatCard(c));
    throw new BoardTextError(
      undefined,
      missing[0],
      `missing cards: ${missing.join(" ")} (a board holds all 52 cards)`,
    );
  }
  return state;
}
