import { SUIT_LETTERS, type Suit, suitFromLetter, suitOf } from "../../cards/card.ts";
import { asciiLower, quoteToken } from "../../cards/text.ts";
import { NotationError } from "../patience/errors.ts";
import {
  CELL_LETTERS,
  type FreeCellState,
  foundation,
  type Move,
  type Place,
  placeName,
  runLength,
  topCard,
} from "./rules.ts";

/**
 * Standard FreeCell move notation: cascades `1`-`9`, cells `a`-`g` then `i`, `j`, `k`, `h` the foundation.
 * `3h`, `1a`, `a3`, `32`; a run into an empty cascade carries `v` and its length in hex (`36v3`); a card taken
 * back off a foundation is `h` and its suit (`hs3`).
 */
function placeLetter(place: Place): string {
  if (place.kind === "cascade") return String(place.index + 1);
  if (place.kind === "cell") return CELL_LETTERS[place.index];
  return `h${SUIT_LETTERS[place.index].toLowerCase()}`;
}

/** Writes a move in standard notation. `state` is the position before the move, to know whether a count is implied. */
export function formatMove(move: Move, state?: FreeCellState): string {
  const source = placeLetter(move.from);
  const destination = move.to.kind === "foundation" ? "h" : placeLetter(move.to);
  let text = source + destination;
  if (move.from.kind === "cascade" && move.to.kind === "cascade") {
    const destinationEmpty = state ? state.cascades[move.to.index].length === 0 : move.count > 1;
    if (destinationEmpty && move.count > 1) text += `v${move.count.toString(16)}`;
  }
  return text;
}

function parsePlace(text: string, ch: string, state: FreeCellState): Place {
  const cells = state.cells.length;
  const reserve = state.rules.reserve;
  if (/^[1-9]$/.test(ch)) {
    const index = Number(ch) - 1;
    if (index >= state.cascades.length) {
      throw new NotationError(text, `there is no cascade ${ch} (this game has ${state.cascades.length})`);
    }
    return { kind: "cascade", index };
  }
  const index = ch.length === 1 ? CELL_LETTERS.indexOf(ch) : -1;
  if (index >= 0) {
    if (index >= cells) {
      throw new NotationError(
        text,
        reserve
          ? `there is no reserve ${ch} (this game's reserve has ${cells}: ${letterRange(cells)})`
          : `there is no cell ${ch} (this game has ${cells})`,
      );
    }
    return { kind: "cell", index };
  }
  // The places of this game: its cascades and its cells, not every place the notation has.
  const cascades = `a cascade (1-${state.cascades.length})`;
  const places =
    cells === 0
      ? `${cascades} or the foundation (h)`
      : `${cascades}, ${reserve ? "the reserve" : "a cell"} (${letterRange(cells)}) or the foundation (h)`;
  throw new NotationError(text, `${quoteToken(ch)} is not ${places}`);
}

/** The letters of the first `n` cells or reserve places: "a-d", "a-g, i-j" (h is the foundation). */
function letterRange(n: number): string {
  if (n <= 1) return CELL_LETTERS.slice(0, n) || "none";
  const first = CELL_LETTERS.slice(0, Math.min(n, 7));
  const range = (s: string) => (s.length === 1 ? s : `${s[0]}-${s[s.length - 1]}`);
  return n <= 7 ? range(first) : `${range(first)}, ${range(CELL_LETTERS.slice(7, n))}`;
}

/**
 * Reads one move in standard notation (ASCII letters in either case) against the position it is played in. The
 * text is read by characters, not UTF-16 units, so that a message names a character such as an emoji whole.
 */
export function parseMove(text: string, state: FreeCellState): Move {
  const t = Array.from(asciiLower(text.trim()));
  if (t.length < 2) throw new NotationError(text, "a move is a source and a destination, like 3h or 1a");
  if (t.length > 8) throw new NotationError(text, "too long for a move (a move is like 3h, 1a or 36v3)");
  let from: Place;
  let rest: string[];
  if (t[0] === "h") {
    const suit = suitFromLetter(t[1]);
    if (suit === undefined || !/^[cdhs]$/.test(t[1])) {
      throw new NotationError(
        text,
        "a card taken off a foundation is h and its suit (c, d, h or s), like hs3",
      );
    }
    from = foundation(suit);
    rest = t.slice(2);
  } else {
    from = parsePlace(text, t[0], state);
    rest = t.slice(1);
  }
  if (rest.length === 0) throw new NotationError(text, "the destination is missing");
  const destinationChar = rest[0];
  const suffix = rest.slice(1).join("");
  if (destinationChar === "h") {
    if (suffix) throw new NotationError(text, `unexpected ${quoteToken(suffix)} after the destination`);
    const card = topCard(state, from);
    if (card === undefined) throw new NotationError(text, `${placeName(from)} is empty`);
    return { from, to: foundation(suitOf(card) as Suit), count: 1 };
  }
  const to = parsePlace(text, destinationChar, state);
  let count = 1;
  if (suffix) {
    const match = /^v([0-9a-f]+)$/.exec(suffix);
    if (!match)
      throw new NotationError(
        text,
        `unexpected ${quoteToken(suffix)} after the destination (a count is v and hex, like v3)`,
      );
    if (from.kind !== "cascade" || to.kind !== "cascade") {
      throw new NotationError(text, "a count (v) is only for a run moved between cascades");
    }
    if (state.cascades[to.index].length > 0) {
      throw new NotationError(
        text,
        "a count (v) is only for a move into an empty cascade; onto a card it is implied",
      );
    }
    count = Number.parseInt(match[1], 16);
    if (count < 1) throw new NotationError(text, "a move takes at least one card");
  } else if (from.kind === "cascade" && to.kind === "cascade") {
    const dest = state.cascades[to.index];
    const src = state.cascades[from.index];
    if (dest.length > 0 && src.length > 0) {
      // The run that fits: the card one rank below the destination's top, if it lies in the source's run.
      const need = (dest[dest.length - 1] >> 2) - (src[src.length - 1] >> 2);
      const run = runLength(state.rules, src);
      count = need >= 1 && need <= run ? need : 1;
    }
  }
  return { from, to, count };
}

/** Reads a list of moves separated by spaces or commas, each against the position the previous ones lead to. */
export function splitMoves(text: string): string[] {
  return text
    .split(/[\s,]+/)
    .map((m) => m.trim())
    .filter((m) => m.length > 0);
}

export { NotationError };
