import { type Card, formatCard, RANK_LETTERS, SUIT_LETTERS, type Suit } from "../../cards/card.ts";
import { asciiLower, quoteToken } from "../../cards/text.ts";
import { boardCard, readFoundations } from "../patience/board-text.ts";
import { BoardTextError } from "../patience/errors.ts";
import { emptyState, type FreeCellRules, type FreeCellState, makeRules } from "./rules.ts";

/**
 * Board text compatible with fc-solve: optional `Foundations:` and `Freecells:` (King Albert: `Reserve:`) lines, then one line per cascade
 * from the bottom card to the exposed card. An empty cascade is a line holding only `:` (or `-`); a leading `:`
 * on a cascade line is allowed, as fc-solve writes it. Blank lines and lines starting with `#` are ignored.
 */
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
    // A reserve (King Albert) keeps each card at its letter: a played card leaves a `-`.
    const heading = state.rules.reserve ? "Reserve" : "Freecells";
    lines.push(`${heading}: ${state.cells.map((c) => (c === null ? "-" : formatCard(c))).join(" ")}`);
  }
  for (const col of state.cascades) lines.push(col.length === 0 ? ":" : col.map(formatCard).join(" "));
  return `${lines.join("\n")}\n`;
}

/** Where each card of the deck is in a position, for the check that every card is there exactly once. */
function placeOfEach(state: FreeCellState): { card: Card; where: string }[] {
  const found: { card: Card; where: string }[] = [];
  state.foundations.forEach((rank, s) => {
    for (let r = 1; r <= rank; r++) found.push({ card: (r - 1) * 4 + s, where: "the foundations" });
  });
  state.cells.forEach((c, i) => {
    if (c !== null)
      found.push({ card: c, where: state.rules.reserve ? `reserve place ${i + 1}` : `cell ${i + 1}` });
  });
  state.cascades.forEach((col, i) => {
    for (const c of col) found.push({ card: c, where: `cascade ${i + 1}` });
  });
  return found;
}

/**
 * Why `state` is not a whole FreeCell position (every one of the 52 cards exactly once across the cascades, the
 * cells and the cards the foundations imply; cells and cascades as the rules say), or undefined when it is one.
 * A solver's "impossible" means something only for such a position.
 */
export function whyNotFullDeck(state: FreeCellState): string | undefined {
  const { rules } = state;
  if (state.cascades.length !== rules.cascades)
    return `${state.cascades.length} cascades where the rules have ${rules.cascades}`;
  if (state.cells.length !== rules.cells)
    return rules.reserve
      ? `${state.cells.length} reserve places where the rules have ${rules.cells}`
      : `${state.cells.length} cells where the rules have ${rules.cells}`;
  if (
    state.foundations.length !== 4 ||
    state.foundations.some((r) => !Number.isInteger(r) || r < 0 || r > 13)
  )
    return "the foundations are not four ranks from 0 to 13";
  const where = new Map<Card, string>();
  for (const { card: c, where: place } of placeOfEach(state)) {
    if (!Number.isInteger(c) || c < 0 || c > 51) return `${place} holds something that is not a card`;
    const first = where.get(c);
    if (first !== undefined) return `${formatCard(c)} is both in ${first} and in ${place}`;
    where.set(c, place);
  }
  if (where.size !== 52) {
    const missing: string[] = [];
    for (let c = 0; c < 52; c++) if (!where.has(c)) missing.push(formatCard(c));
    return `missing cards: ${missing.join(" ")} (a board holds all 52 cards)`;
  }
  return undefined;
}

const HEADINGS: Record<string, "foundations" | "cells" | "reserve"> = {
  foundations: "foundations",
  founds: "foundations",
  freecells: "cells",
  fc: "cells",
  reserve: "reserve",
};

/**
 * Parses board text under the given rules (8 cascades and 4 cells unless told otherwise). A board is accepted
 * only when it is a whole position: every card exactly once, each heading at most once, each suit at most once on
 * the Foundations line, every card of the Freecells line in a cell the game has. Otherwise a BoardTextError names
 * the line and the token at fault.
 */
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
        `duplicate card ${formatCard(c)} (${quoteToken(token)}; first seen on line ${first})`,
      );
    }
    seen.set(c, line);
  };
  let cascadesRead = 0;
  const headingLine: Record<"foundations" | "cells" | "reserve", number | undefined> = {
    foundations: undefined,
    cells: undefined,
    reserve: undefined,
  };
  const readFoundationsLine = (tokens: string[], line: number) =>
    readFoundations(tokens, line, state.foundations, (c, token) => note(c, token, line));
  const readCells = (tokens: string[], line: number) => {
    const cards = tokens.filter((t) => t !== "-");
    const where = fullRules.reserve ? "the reserve" : "the cells";
    if (cards.length > fullRules.cells) {
      throw new BoardTextError(
        line,
        cards[fullRules.cells],
        `too many cards in ${where}: ${cards.length} given, this game has ${fullRules.cells} ${fullRules.reserve ? "reserve places" : "cells"}`,
      );
    }
    // The i-th entry is cell i; a `-` is a free cell, and may go beyond the cells the game has.
    tokens.forEach((token, i) => {
      if (token === "-") return;
      if (i >= fullRules.cells) {
        throw new BoardTextError(
          line,
          token,
          fullRules.reserve
            ? `${quoteToken(token)} is reserve card ${i + 1}, but this game's reserve holds ${fullRules.cells}`
            : `${quoteToken(token)} is in cell ${i + 1}, but this game has ${fullRules.cells} cells (set the number of cells to match)`,
        );
      }
      const c = boardCard(token, line);
      note(c, token, line);
      state.cells[i] = c;
    });
  };
  const lines = text.split(/\r?\n/);
  for (const [i, raw] of lines.entries()) {
    const line = i + 1;
    const trimmed = raw.trim();
    if (trimmed === "" || trimmed.startsWith("#")) continue;
    const header = /^([A-Za-z]+)\s*:(.*)$/.exec(trimmed);
    if (header) {
      const named = Object.hasOwn(HEADINGS, asciiLower(header[1]))
        ? HEADINGS[asciiLower(header[1])]
        : undefined;
      // A game's cells are free cells or a reserve, never both: the other heading is not this game's.
      const own = fullRules.reserve ? "reserve" : "cells";
      const heading = named === "foundations" || named === own ? named : undefined;
      if (heading === undefined) {
        throw new BoardTextError(
          line,
          header[1],
          `unknown heading ${quoteToken(`${header[1]}:`)} (expected Foundations: or ${fullRules.reserve ? "Reserve:" : "Freecells:"})`,
        );
      }
      const first = headingLine[heading];
      if (first !== undefined) {
        throw new BoardTextError(
          line,
          `${header[1]}:`,
          `${quoteToken(`${header[1]}:`)}: a second ${heading === "foundations" ? "Foundations" : fullRules.reserve ? "Reserve" : "Freecells"} line (the first is line ${first})`,
        );
      }
      headingLine[heading] = line;
      const tokens = header[2].trim().split(/\s+/).filter(Boolean);
      if (heading === "foundations") readFoundationsLine(tokens, line);
      else readCells(tokens, line);
      continue;
    }
    const body = trimmed.startsWith(":") ? trimmed.slice(1).trim() : trimmed;
    cascadesRead++;
    if (cascadesRead > fullRules.cascades) {
      throw new BoardTextError(
        line,
        body.split(/\s+/)[0] || trimmed,
        `wrong number of cascades: more than ${fullRules.cascades}, the number this game has (set the number of cascades to match)`,
      );
    }
    if (body === "-" || body === "") continue;
    for (const token of body.split(/\s+/)) {
      const c = boardCard(token, line);
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
  const why = whyNotFullDeck(state);
  if (why !== undefined) {
    const missing = /^missing cards: (\S+)/.exec(why)?.[1];
    throw new BoardTextError(undefined, missing, why);
  }
  return state;
}

export { BoardTextError };
