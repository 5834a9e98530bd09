import {
  CardParseError,
  formatCard,
  parseCard,
  SUIT_LETTERS,
  suitFromLetter,
  suitOf,
} from "../../cards/card.ts";
import type { PileRef } from "../patience/contract.ts";
import { NotationError } from "../patience/errors.ts";
import {
  accordionPile,
  atPlace,
  type FamilyMove,
  type FamilyState,
  HOLE,
  isPairMove,
  legalMovesFrom,
  placeRef,
  ROW_LETTERS,
  rowLength,
  STOCK,
  tableauPile,
  WASTE,
  whyIllegal,
} from "./engine.ts";

/**
 * The family's move notation, for any number of piles:
 * - places: tableau piles `1`, `2`, … `18` (counted from the left); cells `a`-`g`, then `i`, `j`, `k`, `l`, `m`,
 *   `n`, `p`, `q`, `t` (letters the other places use are skipped); a foundation `h` as a destination (the card
 *   says which) and `hc`, `hd`, `hh`, `hs` as a source (a card coming back; with two decks `hs1` or `hs2`, the first or the
 *   second spades foundation); the reserve `r` (stacked) or `r1`,
 *   `r2`, … (a spread reserve's places); the waste `w`; the hole `o`.
 * - a move is its source then its destination, joined by `>` when either is more than one character: `3h`,
 *   `1a`, `a3`, `36`, `w3`, `ro`, `12>h`, `3>11`, `r2>5`, `hs>3`.
 * - `s` is the stock's move: turn cards onto the waste, deal a card onto every pile, or play its top card to the
 *   hole, as the rules say; with the stock empty, turn the waste over.
 * - between tableau piles, the number of cards is the one the rules allow when only one is; else it is one card
 *   unless the move ends with `v` and the count in lower-case hex (`36v3`, `2>11va`).
 * - Gaps: the card, `>`, and the gap it goes to, rows `a`, `b`, … from the top and places from 1 at the left:
 *   `5H>b7`, `2C>a1` (Montana's notation); with two decks the card's place stands for the card: `c4>b7`. A place
 *   is read as a source too.
 * - the accordion: its piles `1`, `2`, … from the left as they lie now, the pile that moves then the pile it goes
 *   onto: `54`, `52`, `12>11`; the whole pile moves.
 * - pairs (Pyramid): the two places whose cards go out together, `s` then standing for the stock's top card:
 *   `27>28`, `5w`, `sw`, `12>s`; a king (the rank of the total) alone goes out to the discard `o`: `5o`, `wo`, `so`.
 * A face-down card uncovered turns up, and a space the rules fill at once is filled: both are part of the move.
 */

export const CELL_LETTERS = "abcdefgijklmnpqt";

function place(state: FamilyState, ref: PileRef): string {
  switch (ref.kind) {
    case "cascade":
      return String(ref.index + 1);
    case "cell":
      return CELL_LETTERS[ref.index];
    case "foundation":
      return "h";
    case "reserve":
      return state.rules.reserve?.stacked ? "r" : `r${ref.index + 1}`;
    case "waste":
      return "w";
    case "hole":
      return "o";
    case "place": {
      const n = rowLength(state.rules);
      return `${ROW_LETTERS[Math.floor(ref.index / n)]}${(ref.index % n) + 1}`;
    }
    case "accordion":
      return String(ref.index + 1);
    default:
      return "s";
  }
}

const join = (a: string, b: string) => (a.length > 1 || b.length > 1 ? `${a}>${b}` : `${a}${b}`);

/** The counts the notation's reader takes for `from` -> `to` without `v`: the one legal count, or else one card. */
function impliedCount(state: FamilyState, from: number, to: number): number {
  const counts = legalMovesFrom(state, { kind: "cascade", index: from })
    .filter((m) => m.to.kind === "cascade" && m.to.index === to)
    .map((m) => m.count);
  return counts.length === 1 ? counts[0] : 1;
}

export function formatMove(state: FamilyState, move: FamilyMove): string {
  const { from, to, count } = move;
  // Pairs: the stock's top card is a place like the others (Pyramid).
  if (state.rules.pairs && (isPairMove(state, move) || to.kind === "hole"))
    return join(place(state, from), place(state, to));
  if (from.kind === "stock" || to.kind === "stock") return "s";
  if (from.kind === "place") {
    const c = atPlace(state, from.index);
    const source =
      state.rules.decks === 1 && c !== null && c !== undefined ? formatCard(c) : place(state, from);
    return `${source}>${place(state, to)}`;
  }
  // A foundation as a source: by its suit, and with two decks by which of the suit's two (hs2).
  const source =
    from.kind === "foundation"
      ? `h${SUIT_LETTERS[from.index % 4].toLowerCase()}${state.rules.decks === 2 ? Math.floor(from.index / 4) + 1 : ""}`
      : place(state, from);
  const text = join(source, place(state, to));
  if (from.kind === "cascade" && to.kind === "cascade" && impliedCount(state, from.index, to.index) !== count)
    return `${text}v${count.toString(16)}`;
  return text;
}

const HELP =
  "a move is a source then a destination: piles 1, 2, …; cells a-g; h (foundation); r (reserve); w (waste); o (hole); s (the stock), e.g. 3h, 1a, 36, 12>h, s; pairs (Pyramid): the two places, e.g. 27>28, 5w, sw, a king 5o";
const GAPS_HELP = "a move is a card (or its place), > and a gap, like 5H>b7";

function readPlace(state: FamilyState, text: string, token: string, role: "source" | "destination"): PileRef {
  const t = state.table;
  if (/^\d{1,2}$/.test(token) && t.tableau.length === 0 && state.rules.accordion) {
    const n = Number(token);
    if (n < 1 || n > t.accordion.length)
      throw new NotationError(text, `there is no pile ${n} (the accordion's piles 1-${t.accordion.length})`);
    return accordionPile(n - 1);
  }
  if (/^\d{1,2}$/.test(token)) {
    const n = Number(token);
    if (n < 1 || n > t.tableau.length)
      throw new NotationError(text, `there is no pile ${n} (piles 1-${t.tableau.length})`);
    return tableauPile(n - 1);
  }
  if (token === "w") return WASTE;
  if (token === "o") return HOLE;
  if (token === "s" && state.rules.pairs) return STOCK;
  if (token === "r") {
    if (!state.rules.reserve) throw new NotationError(text, "this game has no reserve");
    if (!state.rules.reserve.stacked)
      throw new NotationError(text, `say which reserve place: r1-r${t.reserve.length}`);
    return { kind: "reserve", index: 0 };
  }
  const reserve = /^r(\d{1,2})$/.exec(token);
  if (reserve) {
    const n = Number(reserve[1]);
    if (!state.rules.reserve || state.rules.reserve.stacked || n < 1 || n > t.reserve.length)
      throw new NotationError(text, `there is no reserve place ${quote(token)}`);
    return { kind: "reserve", index: n - 1 };
  }
  if (token === "h") {
    if (role === "source")
      throw new NotationError(text, "say which foundation the card comes off: hc, hd, hh or hs");
    return { kind: "foundation", index: -1 };
  }
  const home = /^h([cdhs])([12])?$/.exec(token);
  if (home) {
    if (role === "destination") throw new NotationError(text, "a card goes to h, its foundation");
    const suit = suitFromLetter(home[1]) as number;
    if (home[2] !== undefined) {
      const index = suit + 4 * (Number(home[2]) - 1);
      if (index >= t.foundations.length) throw new NotationError(text, "this game has one foundation a suit");
      return { kind: "foundation", index };
    }
    // The foundation of that suit whose top card would come off: the fuller of two.
    let best = -1;
    for (let i = suit; i < t.foundations.length; i += 4)
      if (best < 0 || t.foundations[i].length > t.foundations[best].length) best = i;
    if (best < 0) throw new NotationError(text, "this game has no foundations");
    return { kind: "foundation", index: best };
  }
  const cell = CELL_LETTERS.indexOf(token);
  if (token.length === 1 && cell >= 0) {
    if (cell >= t.cells.length)
      throw new NotationError(
        text,
        t.cells.length === 0 ? "this game has no cells" : `there is no cell ${token}`,
      );
    return { kind: "cell", index: cell };
  }
  throw new NotationError(text, HELP);
}

const quote = (s: string) => `"${s}"`;

/** A place of Gaps' rows ("b7"), or undefined when the token is not one. */
function readRowPlace(state: FamilyState, text: string, token: string): PileRef | undefined {
  const m = /^([a-h])(\d{1,2})$/.exec(token.trim().toLowerCase());
  if (!m) return undefined;
  const rows = state.table.sequences;
  const r = ROW_LETTERS.indexOf(m[1]);
  const k = Number(m[2]);
  if (r >= rows.length || k < 1 || k > rows[r].length)
    throw new NotationError(
      text,
      `there is no place ${m[1]}${k}: rows a-${ROW_LETTERS[rows.length - 1]}, places 1-${rows[0]?.length ?? 0}`,
    );
  return placeRef(r * rowLength(state.rules) + k - 1);
}

/** A Gaps move: a card or its place, `>`, a gap. */
function parseGapsMove(state: FamilyState, text: string): FamilyMove {
  const parts = text.trim().split(">");
  if (parts.length !== 2) throw new NotationError(text, GAPS_HELP);
  const to = readRowPlace(state, text, parts[1]);
  if (!to) throw new NotationError(text, `${quote(parts[1].trim())} is not a place: ${GAPS_HELP}`);
  const from = readRowPlace(state, text, parts[0]);
  if (from) return { from, to, count: 1 };
  let card: number;
  try {
    card = parseCard(parts[0].trim());
  } catch (error) {
    throw new NotationError(
      text,
      error instanceof CardParseError ? `${error.reason}: ${GAPS_HELP}` : String(error),
    );
  }
  const n = rowLength(state.rules);
  const rows = state.table.sequences;
  for (let r = 0; r < rows.length; r++) {
    const k = rows[r].indexOf(card);
    if (k >= 0) return { from: placeRef(r * n + k), to, count: 1 };
  }
  throw new NotationError(text, `the ${formatCard(card)} is not in the rows (the aces are out of play)`);
}

/** Reads one move against the position it is played in; throws NotationError when the text is not a move. */
export function parseMove(state: FamilyState, text: string): FamilyMove {
  if (state.rules.sequences) return parseGapsMove(state, text);
  const t = text.trim().toLowerCase();
  if (t === "s") {
    const stock = state.rules.stock;
    if (!stock) throw new NotationError(text, "this game has no stock");
    const table = state.table;
    if (table.stock.length === 0 && stock.redeals && table.waste.length > 0)
      return { from: WASTE, to: STOCK, count: table.waste.length };
    if (stock.dealsTo === "waste")
      return { from: STOCK, to: WASTE, count: Math.max(1, Math.min(stock.draw, table.stock.length)) };
    if (stock.dealsTo === "hole") return { from: STOCK, to: HOLE, count: 1 };
    return {
      from: STOCK,
      to: tableauPile(0),
      count: Math.max(1, Math.min(table.tableau.length, table.stock.length)),
    };
  }
  const m = /^(.+?)(?:v([0-9a-f]{1,2}))?$/.exec(t);
  const body = m ? m[1] : t;
  const countText = m?.[2];
  let sourceText: string;
  let destText: string;
  if (body.includes(">")) {
    const parts = body.split(">");
    if (parts.length !== 2 || parts[0] === "" || parts[1] === "") throw new NotationError(text, HELP);
    [sourceText, destText] = parts;
  } else {
    const chars = Array.from(body);
    const split = chars[0] === "h" && /^[cdhs]$/.test(chars[1] ?? "") && chars.length > 2 ? 2 : 1;
    if (chars.length < 2 || chars.length > 3) throw new NotationError(text, HELP);
    sourceText = chars.slice(0, split).join("");
    destText = chars.slice(split).join("");
  }
  const from = readPlace(state, text, sourceText, "source");
  const to = readPlace(state, text, destText, "destination");
  if (countText !== undefined && (state.rules.pairs || !(from.kind === "cascade" && to.kind === "cascade")))
    throw new NotationError(text, "a count (v3) is given only for cards from pile to pile");
  if (state.rules.pairs) {
    // A pair: two places whose cards go out together; a card alone goes out to the discard.
    if (from.kind === to.kind && from.index === to.index)
      throw new NotationError(text, "a pair is two cards from two places");
    if (from.kind === "hole")
      throw new NotationError(text, "the discard's cards stay out: write it last (5o)");
    return { from, to, count: to.kind === "hole" ? 1 : 2 };
  }
  if (to.kind === "foundation") {
    if (state.rules.foundations?.wholeSuits) {
      const empty = state.table.foundations.findIndex((f) => f.length === 0);
      return { from, to: { kind: "foundation", index: Math.max(0, empty) }, count: state.rules.highestRank };
    }
    // The foundation that takes the card, else the first of its suit (so that playing it says why not).
    const probe: FamilyMove = { from, to: { kind: "foundation", index: 0 }, count: 1 };
    for (let i = 0; i < state.table.foundations.length; i++) {
      probe.to = { kind: "foundation", index: i };
      if (whyIllegal(state, probe) === undefined) return probe;
    }
    const card = topCard(state, from);
    return { from, to: { kind: "foundation", index: card === undefined ? 0 : suitOf(card) }, count: 1 };
  }
  if (from.kind === "accordion" && to.kind === "accordion") {
    if (from.index === to.index)
      throw new NotationError(text, `pile ${from.index + 1} is both source and destination`);
    return { from, to, count: state.table.accordion[from.index].length };
  }
  if (from.kind === "cascade" && to.kind === "cascade") {
    if (from.index === to.index)
      throw new NotationError(text, `pile ${from.index + 1} is both source and destination`);
    if (countText !== undefined) {
      const count = Number.parseInt(countText, 16);
      if (count < 1) throw new NotationError(text, "a move takes one card or more");
      return { from, to, count };
    }
    return { from, to, count: impliedCount(state, from.index, to.index) };
  }
  return { from, to, count: 1 };
}

function topCard(state: FamilyState, ref: PileRef): number | undefined {
  const t = state.table;
  const last = <T>(a: readonly T[] | undefined) => (a ? a[a.length - 1] : undefined);
  switch (ref.kind) {
    case "cascade":
      return last(t.tableau[ref.index]);
    case "cell":
      return t.cells[ref.index] ?? undefined;
    case "reserve":
      return last(t.reserve[ref.index]);
    case "waste":
      return last(t.waste);
    case "foundation":
      return last(t.foundations[ref.index]);
    default:
      return undefined;
  }
}
