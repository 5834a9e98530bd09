import { type Card, CardParseError, formatCard, parseCard, rankOf, suitOf } from "../../cards/card.ts";
import { formatSolvitaireCard, SOLVITAIRE_SUITS } from "../../cards/deals/solvitaire.ts";
import { quoteToken } from "../../cards/text.ts";
import { jsonType } from "../patience/board-json.ts";
import { BoardTextError } from "../patience/errors.ts";
import { emptyTable, type FamilyTable, foundationOfSolvitaireIndex, hideCovered } from "./deal.ts";
import { type FamilyState, ROW_LETTERS, relativeRank, rowLengthOf } from "./engine.ts";
import { copiesOf, coveredBy, deckSize, type FamilyRules } from "./rules.ts";

/**
 * The family's boards: a text form, a JSON form, and Solvitaire's own JSON deals. All hold the whole position,
 * and every reader refuses anything that is not exactly a position of the rules: wrong parts, wrong counts, a card
 * more often than the deck has it (twice in a two-deck game), a card missing, a foundation out of order.
 *
 * Board text, one line a part the rules have, then one line a tableau pile, every pile bottom card first:
 * ```
 * Base: J                      the rank the foundations start from, when the deal draws it (Canfield)
 * Foundations: 3C - AH -       each foundation's top card or -, clubs, diamonds, hearts, spades (then the second deck's)
 * Cells: KS - - -              each cell's card or -
 * Reserve: JS TD AS            a stacked reserve bottom first; a spread one place by place, - once played
 * Stock: 6H KS TC              bottom first: the last is dealt next
 * Waste: -                     bottom first, or - when empty
 * Hole: AS 2S                  bottom first
 * Discard: KS 6H 7C            the cards out of play (Pyramid's pairs), in the order they went
 * Redeals: 1                   the times the waste has turned over where the rules limit them; else 1 once it has
 * Row: 2C 3C -- 9D …           Gaps: a row's places left to right, -- a gap (one line a row, from the top)
 * Accordion: 5H 3C+9S KD       the accordion's piles left to right, a pile's cards bottom first joined by +
 * : 5H 3C | 9S                 a pile: its face-down cards, |, its face-up cards (no | when all are face up)
 * ```
 * A covering layout's piles (Pyramid, TriPeaks) are one card or none each, written without |: a covered card is
 * face down exactly when the rules hide covered cards, so the reader works it out.
 * A foundation holds its base card (the rules' base rank) up to its top card, in the top card's suit; a
 * whole-suit foundation (Spider) holds ace to king. Two decks: each card twice, the copies alike.
 */

const dash = (cards: readonly Card[]) => (cards.length === 0 ? "-" : cards.map(formatCard).join(" "));

export function formatBoard(state: FamilyState): string {
  const { rules, table: t } = state;
  const lines: string[] = [];
  if (rules.foundations?.base === "random") lines.push(`Base: ${"A23456789TJQK"[state.base - 1]}`);
  if (rules.foundations)
    lines.push(
      `Foundations: ${t.foundations.map((f) => (f.length === 0 ? "-" : formatCard(f[f.length - 1]))).join(" ")}`,
    );
  if (rules.cells.count > 0)
    lines.push(`Cells: ${t.cells.map((c) => (c === null ? "-" : formatCard(c))).join(" ")}`);
  if (rules.reserve)
    lines.push(
      `Reserve: ${rules.reserve.stacked ? dash(t.reserve[0]) : t.reserve.map((p) => (p.length === 0 ? "-" : formatCard(p[0]))).join(" ")}`,
    );
  if (rules.stock) lines.push(`Stock: ${dash(t.stock)}`);
  if (rules.stock?.dealsTo === "waste") lines.push(`Waste: ${dash(t.waste)}`);
  if (rules.hole) lines.push(`Hole: ${dash(t.hole)}`);
  if (rules.pairs) lines.push(`Discard: ${dash(t.hole)}`);
  // The passes of the waste: always where the rules limit them; where they are unlimited, once one is made (the
  // player has then seen the stock: knowledge.ts), a count that is no part of the position (key.ts).
  if (rules.stock?.redealLimit !== undefined || (t.redealt ?? 0) > 0)
    lines.push(`Redeals: ${t.redealt ?? 0}`);
  for (const row of t.sequences)
    lines.push(`Row: ${row.map((c) => (c === null ? "--" : formatCard(c))).join(" ")}`);
  if (rules.accordion)
    lines.push(`Accordion: ${t.accordion.map((p) => p.map(formatCard).join("+")).join(" ")}`);
  t.tableau.forEach((pile, i) => {
    if (rules.tableau.covering) {
      lines.push(`:${pile.length > 0 ? ` ${pile.map(formatCard).join(" ")}` : ""}`);
      return;
    }
    const down = pile.slice(0, t.faceDown[i]).map(formatCard);
    const up = pile.slice(t.faceDown[i]).map(formatCard);
    lines.push(
      down.length > 0 ? `: ${[...down, "|", ...up].join(" ")}` : `:${up.length ? ` ${up.join(" ")}` : ""}`,
    );
  });
  return `${lines.join("\n")}\n`;
}

const times = (n: number) => (n === 1 ? "once" : n === 2 ? "twice" : n === 3 ? "three times" : `${n} times`);

/** The deck in words, for a card that is not in it: its ranks, and its suits when it lacks some. */
function deckWords(rules: FamilyRules): string {
  const ranks = `ace to ${"A23456789TJQK"[rules.highestRank - 1]}`;
  const suits = rules.suits ?? 4;
  return suits === 4 ? ranks : `${ranks}, ${suits === 1 ? "spades" : "spades and hearts"} only`;
}

/** Counts each card read against the deck: a card more often than the deck holds it is refused where seen. */
class CardCount {
  private readonly seen = new Map<Card, string[]>();
  constructor(private readonly rules: FamilyRules) {}

  note(c: Card, where: string, line: number | undefined, token: string): void {
    const copies = copiesOf(this.rules, c);
    if (copies === 0)
      throw new BoardTextError(
        line,
        token,
        `${where}: ${quoteToken(token)} is not in this deck (${deckWords(this.rules)})`,
      );
    const places = this.seen.get(c) ?? [];
    if (places.length >= copies)
      throw new BoardTextError(
        line,
        token,
        `${where}: ${formatCard(c)} is given ${times(copies + 1)} (also at ${places.slice(0, 4).join(", ")}${places.length > 4 ? ", …" : ""}): the deck holds it ${times(copies)}`,
      );
    places.push(where);
    this.seen.set(c, places);
  }

  /**
   * Refuses the board unless the whole deck was read (an accordion of fewer cards leaves the rest out, and its
   * size is checked apart; Gaps' aces are out of play, a gap for each).
   */
  complete(line: number | undefined): void {
    if (this.rules.accordion) return;
    const missing: string[] = [];
    for (let c = 0; c < 52; c++) {
      if (this.rules.sequences && rankOf(c) === 1) continue;
      const n = this.seen.get(c)?.length ?? 0;
      for (let k = n; k < copiesOf(this.rules, c); k++) missing.push(formatCard(c));
    }
    if (missing.length > 0)
      throw new BoardTextError(
        line,
        missing[0],
        `the board: ${missing.length === 1 ? "a card is" : `${missing.length} cards are`} missing: ${missing.slice(0, 12).join(" ")}${missing.length > 12 ? " …" : ""} (a board holds all ${deckSize(this.rules)} cards)`,
      );
  }
}

function card(token: string, line: number | undefined, where: string): Card {
  try {
    return parseCard(token);
  } catch (error) {
    if (error instanceof CardParseError) throw new BoardTextError(line, token, `${where}: ${error.message}`);
    throw error;
  }
}

/** The cards of a foundation whose top card is `top`: from the base up, in its suit. */
function foundationCards(state: FamilyState, top: Card): Card[] {
  const out: Card[] = [];
  const n = relativeRank(state, top);
  for (let k = 0; k < n; k++) {
    const rank = ((state.base - 1 + k) % state.rules.highestRank) + 1;
    out.push((rank - 1) * 4 + suitOf(top));
  }
  return out;
}

/** A card of Gaps' rows read: the aces are out of play, a gap in their stead. */
function rowCard(c: Card, line: number | undefined, token: string, where: string): Card {
  if (rankOf(c) === 1)
    throw new BoardTextError(line, token, `${where}: the aces are out of play in Gaps (write -- for a gap)`);
  return c;
}

/** Checks a position read: the counts the rules fix, the face-down shape, and the whole deck. */
function finish(state: FamilyState, count: CardCount, line: number | undefined): FamilyState {
  count.complete(line);
  const t = state.table;
  const seq = state.rules.sequences;
  if (seq) {
    if (t.sequences.length !== seq.rows)
      throw new BoardTextError(line, undefined, `${t.sequences.length} rows, not the game's ${seq.rows}`);
    t.sequences.forEach((row, r) => {
      const n = rowLengthOf(state.rules, r);
      if (row.length !== n)
        throw new BoardTextError(line, undefined, `row ${ROW_LETTERS[r]}: ${row.length} places, not ${n}`);
    });
  }
  const acc = state.rules.accordion;
  if (acc) {
    const cards = t.accordion.reduce((n, p) => n + p.length, 0);
    if (t.accordion.some((p) => p.length === 0))
      throw new BoardTextError(
        line,
        undefined,
        "the accordion: a pile of no cards (a pile that moves goes whole)",
      );
    if (cards !== acc.size)
      throw new BoardTextError(
        line,
        undefined,
        `the accordion: ${cards} cards, not the game's ${acc.size} (every card dealt to it stays in it)`,
      );
  }
  const covering = state.rules.tableau.covering;
  if (covering) {
    const over = coveredBy(covering);
    t.tableau.forEach((pile, p) => {
      if (pile.length > 1)
        throw new BoardTextError(
          line,
          undefined,
          `pile ${p + 1}: ${pile.length} cards; a place holds one card`,
        );
      const still = over[p].find((q) => t.tableau[q].length > 0);
      if (pile.length === 0 && still !== undefined)
        throw new BoardTextError(
          line,
          undefined,
          `pile ${p + 1} is gone while pile ${still + 1}, which covers it, is still there: a card leaves only when free`,
        );
    });
    hideCovered(state.rules, t);
  }
  const limit = state.rules.stock?.redealLimit;
  if (limit !== undefined && ((t.redealt ?? 0) < 0 || (t.redealt ?? 0) > limit))
    throw new BoardTextError(line, undefined, `redeals: ${t.redealt}, and the rules allow ${limit} at most`);
  // A space the rules fill at once cannot stand empty while what fills it has cards: no play reaches that.
  const space = t.tableau.findIndex((p) => p.length === 0);
  if (space >= 0) {
    const spaces = state.rules.tableau.spaces;
    const reserveLeft = t.reserve.some((p) => p.length > 0);
    if ((spaces === "reserve-then-any" || spaces === "reserve-then-waste") && reserveLeft)
      throw new BoardTextError(
        line,
        undefined,
        `pile ${space + 1} is empty while the reserve has cards: the rules fill it from the reserve at once`,
      );
    if (spaces === "waste-then-stock" && (t.waste.length > 0 || t.stock.length > 0))
      throw new BoardTextError(
        line,
        undefined,
        `pile ${space + 1} is empty while the waste or the stock has cards: the rules fill it at once`,
      );
  }
  for (let i = 0; i < t.foundations.length; i++) {
    const f = t.foundations[i];
    if (f.length > 0 && !state.rules.foundations?.wholeSuits && suitOf(f[0]) !== i % 4)
      throw new BoardTextError(
        line,
        formatCard(f[0]),
        `foundation ${i + 1} holds ${["clubs", "diamonds", "hearts", "spades"][i % 4]}`,
      );
  }
  return state;
}

/** Reads board text under the rules; throws BoardTextError naming the line and the token. */
export function parseBoard(text: string, rules: FamilyRules, base = 1): FamilyState {
  const state: FamilyState = { rules, table: emptyTable(rules), base };
  const t = state.table;
  const count = new CardCount(rules);
  const seenPart = new Map<string, number>();
  let pile = 0;
  const lines = text.split(/\r?\n/);
  const parts: [string, number][] = [];
  lines.forEach((raw, i) => {
    const line = raw.trim();
    if (line === "" || line.startsWith("#")) return;
    parts.push([line, i + 1]);
  });
  // The base first: the cards under a foundation's top card are read from it.
  parts.sort((a, b) => Number(!/^base:/i.test(a[0])) - Number(!/^base:/i.test(b[0])));
  for (const [line, n] of parts) {
    const m = /^([A-Za-z]+):\s*(.*)$/.exec(line);
    if (!m) {
      if (!line.startsWith(":"))
        throw new BoardTextError(
          n,
          line.split(/\s+/)[0],
          `${quoteToken(line.split(/\s+/)[0])}: a line is a part (Foundations:, Cells:, Reserve:, Stock:, Waste:, Hole:, Row:, Accordion:) or a pile (: 5H | 9S)`,
        );
      if (pile >= t.tableau.length)
        throw new BoardTextError(n, undefined, `more piles than the game's ${t.tableau.length}`);
      const tokens = line
        .slice(1)
        .trim()
        .split(/\s+/)
        .filter((x) => x !== "" && x !== "-");
      const bar = tokens.indexOf("|");
      if (bar >= 0 && tokens.indexOf("|", bar + 1) >= 0)
        throw new BoardTextError(n, "|", "a pile has one | at most");
      const cards = tokens
        .filter((x) => x !== "|")
        .map((x, k) => {
          const c = card(x, n, `pile ${pile + 1}`);
          count.note(c, `pile ${pile + 1} card ${k + 1}`, n, x);
          return c;
        });
      if (bar >= 0 && bar >= cards.length && cards.length > 0)
        throw new BoardTextError(n, "|", "the top card of a pile is face up");
      if (bar >= 0 && rules.tableau.covering)
        throw new BoardTextError(
          n,
          "|",
          "a pile of this layout is one card, written alone: a covered card's face follows from the rules",
        );
      t.tableau[pile] = cards;
      t.faceDown[pile] = Math.max(bar, 0);
      pile++;
      continue;
    }
    const [, key, rest] = m;
    const name = key.toLowerCase();
    if (name === "row") {
      if (!rules.sequences) throw new BoardTextError(n, `${key}:`, "this game has no rows");
      const r = t.sequences.findIndex((row) => row.length === 0);
      if (r < 0) throw new BoardTextError(n, `${key}:`, `more rows than the game's ${rules.sequences.rows}`);
      const tokens = rest.split(/\s+/).filter((x) => x !== "");
      const where = `row ${ROW_LETTERS[r]}`;
      if (tokens.length !== rowLengthOf(rules, r))
        throw new BoardTextError(
          n,
          undefined,
          `${where}: ${tokens.length} places, not ${rowLengthOf(rules, r)} (write -- for a gap)`,
        );
      t.sequences[r] = tokens.map((x, k) => {
        if (x === "--" || x === "-") return null;
        const c = rowCard(card(x, n, `${where} place ${k + 1}`), n, x, `${where} place ${k + 1}`);
        count.note(c, `${where} place ${k + 1}`, n, x);
        return c;
      });
      seenPart.set(name, n);
      continue;
    }
    if (seenPart.has(name))
      throw new BoardTextError(
        n,
        `${key}:`,
        `a second ${key} line (the first is line ${seenPart.get(name)})`,
      );
    seenPart.set(name, n);
    const tokens = rest.split(/\s+/).filter((x) => x !== "");
    const cardsOf = (where: string) =>
      tokens
        .filter((x) => x !== "-")
        .map((x, k) => {
          const c = card(x, n, where);
          count.note(c, `${where} card ${k + 1}`, n, x);
          return c;
        });
    switch (name) {
      case "base": {
        if (rules.foundations?.base !== "random")
          throw new BoardTextError(n, `${key}:`, "the foundations of this game start from the ace");
        const r = "A23456789TJQK".indexOf((tokens[0] ?? "").toUpperCase().replace("10", "T"));
        if (tokens.length !== 1 || r < 0 || r >= rules.highestRank)
          throw new BoardTextError(n, tokens[0], "Base: one rank, like J");
        state.base = r + 1;
        break;
      }
      case "foundations": {
        if (!rules.foundations) throw new BoardTextError(n, `${key}:`, "this game has no foundations");
        if (tokens.length !== t.foundations.length)
          throw new BoardTextError(n, undefined, `${tokens.length} foundations, not ${t.foundations.length}`);
        tokens.forEach((x, i) => {
          if (x === "-") return;
          const top = card(x, n, `foundation ${i + 1}`);
          const cards = rules.foundations?.wholeSuits
            ? Array.from({ length: rules.highestRank }, (_, k) => k * 4 + suitOf(top))
            : foundationCards(state, top);
          if (rules.foundations?.wholeSuits && rankOf(top) !== rules.highestRank)
            throw new BoardTextError(n, x, `foundation ${i + 1}: a whole suit, its king on top`);
          for (const c of cards) count.note(c, `foundation ${i + 1}`, n, x);
          t.foundations[i] = cards;
        });
        break;
      }
      case "cells": {
        if (rules.cells.count === 0) throw new BoardTextError(n, `${key}:`, "this game has no cells");
        if (tokens.length !== t.cells.length)
          throw new BoardTextError(n, undefined, `${tokens.length} cells, not ${t.cells.length}`);
        tokens.forEach((x, i) => {
          if (x === "-") return;
          const c = card(x, n, `cell ${i + 1}`);
          count.note(c, `cell ${i + 1}`, n, x);
          t.cells[i] = c;
        });
        break;
      }
      case "reserve": {
        if (!rules.reserve) throw new BoardTextError(n, `${key}:`, "this game has no reserve");
        if (rules.reserve.stacked) t.reserve[0] = cardsOf("the reserve");
        else {
          if (tokens.length !== t.reserve.length)
            throw new BoardTextError(
              n,
              undefined,
              `${tokens.length} reserve places, not ${t.reserve.length}`,
            );
          tokens.forEach((x, i) => {
            if (x === "-") return;
            const c = card(x, n, `reserve place ${i + 1}`);
            count.note(c, `reserve place ${i + 1}`, n, x);
            t.reserve[i] = [c];
          });
        }
        break;
      }
      case "stock":
        if (!rules.stock) throw new BoardTextError(n, `${key}:`, "this game has no stock");
        t.stock = cardsOf("the stock");
        break;
      case "waste":
        if (rules.stock?.dealsTo !== "waste")
          throw new BoardTextError(n, `${key}:`, "this game has no waste");
        t.waste = cardsOf("the waste");
        break;
      case "hole":
        if (!rules.hole) throw new BoardTextError(n, `${key}:`, "this game has no hole");
        t.hole = cardsOf("the hole");
        if (t.hole.length === 0) throw new BoardTextError(n, `${key}:`, "the hole always holds a card");
        break;
      case "discard":
        if (!rules.pairs) throw new BoardTextError(n, `${key}:`, "this game has no discard pile");
        t.hole = cardsOf("the discard");
        break;
      case "redeals": {
        if (!rules.stock?.redeals)
          throw new BoardTextError(n, `${key}:`, "this game never turns its waste over");
        // Unlimited passes: 1 once the waste has been turned over (the player has seen the stock), else 0.
        const limit = rules.stock.redealLimit ?? 1;
        if (tokens.length !== 1 || !/^\d{1,3}$/.test(tokens[0]) || Number(tokens[0]) > limit)
          throw new BoardTextError(
            n,
            tokens[0],
            `Redeals: the times the waste has turned over, 0 to ${limit}`,
          );
        t.redealt = Number(tokens[0]);
        break;
      }
      case "accordion":
        if (!rules.accordion) throw new BoardTextError(n, `${key}:`, "this game has no accordion");
        t.accordion = tokens.map((x, i) =>
          x.split("+").map((part, k) => {
            const where = `accordion pile ${i + 1}`;
            if (part === "") throw new BoardTextError(n, x, `${where}: cards joined by +, like 5H+3C`);
            const c = card(part, n, where);
            count.note(c, `${where} card ${k + 1}`, n, part);
            return c;
          }),
        );
        break;
      default:
        throw new BoardTextError(n, `${key}:`, `${quoteToken(`${key}:`)}: not a part of this game's board`);
    }
  }
  if (pile !== t.tableau.length)
    throw new BoardTextError(undefined, undefined, `${pile} piles, not the game's ${t.tableau.length}`);
  if (rules.foundations?.base === "random" && !seenPart.has("base"))
    throw new BoardTextError(
      undefined,
      undefined,
      "no Base: line (the rank this game's foundations start from, like Base: J)",
    );
  for (const [part, needed] of [
    ["foundations", !!rules.foundations],
    ["cells", rules.cells.count > 0],
    ["reserve", !!rules.reserve],
    ["stock", !!rules.stock],
    ["hole", !!rules.hole],
    ["discard", !!rules.pairs],
    ["accordion", !!rules.accordion],
  ] as const) {
    if (needed && !seenPart.has(part))
      throw new BoardTextError(
        undefined,
        undefined,
        `no ${part[0].toUpperCase()}${part.slice(1)}: line (this game has ${part === "cells" || part === "foundations" ? "them" : "one"})`,
      );
  }
  if (rules.sequences) {
    const read = t.sequences.filter((row) => row.length > 0).length;
    if (read !== rules.sequences.rows)
      throw new BoardTextError(
        undefined,
        undefined,
        `${read} Row: lines, not the game's ${rules.sequences.rows} (one a row, from the top)`,
      );
  }
  return finish(state, count, undefined);
}

/**
 * The JSON form: Solvitaire's deal shape with every card named (`tableau piles`, `cells`, `reserve`,
 * `foundations`, `stock`, `waste`, `hole`, `sequences` (Gaps' rows, a gap null), `accordion` (its piles); piles
 * bottom card first, an empty pile []), after `game` and `deal`,
 * and `face down` (each pile's face-down cards) when any card lies face down, `base` when the foundations start
 * from a drawn rank. The foundations run clubs, diamonds, hearts, spades as in tsol's other games.
 */
export function toJson(id: string, state: FamilyState, deal?: number): Record<string, unknown> {
  const { rules, table: t } = state;
  const cards = (p: readonly Card[]) => p.map(formatSolvitaireCard);
  const out: Record<string, unknown> = { game: id, deal: deal ?? null };
  if (rules.tableau.piles > 0) out["tableau piles"] = t.tableau.map(cards);
  // A covering layout's faces follow from the rules (a covered card face down when they hide it).
  if (t.faceDown.some((n) => n > 0) && !rules.tableau.covering) out["face down"] = t.faceDown.slice();
  if (rules.cells.count > 0) out.cells = t.cells.map((c) => (c === null ? null : formatSolvitaireCard(c)));
  if (rules.reserve) out.reserve = t.reserve.map(cards);
  if (rules.foundations) {
    out.foundations = t.foundations.map(cards);
    if (rules.foundations.base === "random") out.base = state.base;
  }
  if (rules.stock) out.stock = cards(t.stock);
  if (rules.stock?.dealsTo === "waste") out.waste = cards(t.waste);
  if (rules.hole) out.hole = cards(t.hole);
  if (rules.pairs) out.discard = cards(t.hole);
  if (rules.stock?.redealLimit !== undefined) out.redeals = t.redealt ?? 0;
  // Unlimited passes: 1 once the waste has turned over (what the player has seen), as the text's Redeals: line.
  else if ((t.redealt ?? 0) > 0) out.redeals = t.redealt;
  if (rules.sequences)
    out.sequences = t.sequences.map((row) => row.map((c) => (c === null ? null : formatSolvitaireCard(c))));
  if (rules.accordion) out.accordion = t.accordion.map(cards);
  return out;
}

/** Reads the JSON form back under the rules (see toJson), or a deal in Solvitaire's own JSON (no `game` key). */
export function fromJson(id: string, json: unknown, rules: FamilyRules): FamilyState {
  const fail = (path: string, reason: string, token?: string): never => {
    throw new BoardTextError(undefined, token, `${path}: ${reason}`);
  };
  if (typeof json !== "object" || json === null || Array.isArray(json))
    return fail("the board", `${jsonType(json)}, not an object`);
  const board = json as Record<string, unknown>;
  if (!Object.hasOwn(board, "game")) return fromSolvitaireJson(board, rules);
  if (board.game !== id)
    fail(
      "game",
      typeof board.game === "string"
        ? `${quoteToken(board.game)}: a board of another game`
        : `${jsonType(board.game)}: the game's name, "${id}"`,
    );
  const allowed = [
    "game",
    "deal",
    "tableau piles",
    "face down",
    "cells",
    "reserve",
    "foundations",
    "base",
    "stock",
    "waste",
    "hole",
    "discard",
    "redeals",
    "sequences",
    "accordion",
  ];
  for (const key of Object.keys(board))
    if (!allowed.includes(key)) fail("the board", `unknown key ${quoteToken(key)}`, key);
  if (
    board.deal !== undefined &&
    board.deal !== null &&
    !(Number.isInteger(board.deal) && (board.deal as number) >= 0)
  )
    fail("deal", `${jsonType(board.deal)}: a deal number or null`);
  const state: FamilyState = { rules, table: emptyTable(rules), base: 1 };
  const t = state.table;
  const count = new CardCount(rules);
  const list = (value: unknown, path: string, length?: number): unknown[] => {
    if (!Array.isArray(value)) return fail(path, `${jsonType(value)}, not a list`);
    if (length !== undefined && value.length !== length) fail(path, `${value.length} items, not ${length}`);
    return value;
  };
  const cardAt = (value: unknown, path: string): Card => {
    if (typeof value !== "string") return fail(path, `${jsonType(value)}: a card is text such as "10H"`);
    const c = card(value, undefined, path);
    count.note(c, path, undefined, value);
    return c;
  };
  const pile = (value: unknown, path: string): Card[] =>
    list(value, path).map((c, k) => cardAt(c, `${path}[${k}]`));
  const need = (key: string, present: boolean) => {
    if (present && board[key] === undefined) fail("the board", `no ${quoteToken(key)} key`, key);
    if (!present && board[key] !== undefined) fail(key, "this game has none", key);
  };
  need("tableau piles", rules.tableau.piles > 0);
  need("cells", rules.cells.count > 0);
  need("reserve", !!rules.reserve);
  need("foundations", !!rules.foundations);
  need("stock", !!rules.stock);
  need("hole", !!rules.hole);
  need("discard", !!rules.pairs);
  // Where passes are unlimited the key is optional: 1 once the waste has turned over.
  if (!rules.stock?.redeals || rules.stock.redealLimit !== undefined)
    need("redeals", rules.stock?.redealLimit !== undefined);
  need("sequences", !!rules.sequences);
  need("accordion", !!rules.accordion);
  if (board.waste !== undefined && rules.stock?.dealsTo !== "waste") fail("waste", "this game has none");
  if (board.base !== undefined) {
    if (rules.foundations?.base !== "random") fail("base", "the foundations of this game start from the ace");
    if (
      !Number.isInteger(board.base) ||
      (board.base as number) < 1 ||
      (board.base as number) > rules.highestRank
    )
      fail("base", `${jsonType(board.base)}: a rank from 1 to ${rules.highestRank}`);
    state.base = board.base as number;
  }
  if (rules.tableau.piles > 0)
    list(board["tableau piles"], "tableau piles", rules.tableau.piles).forEach((p, i) => {
      t.tableau[i] = pile(p, `tableau piles[${i}]`);
    });
  if (board["face down"] !== undefined && rules.tableau.covering)
    fail("face down", "a covered card's face follows from the rules: leave this key out", "face down");
  if (board["face down"] !== undefined) {
    list(board["face down"], "face down", rules.tableau.piles).forEach((n, i) => {
      if (!Number.isInteger(n) || (n as number) < 0)
        fail(`face down[${i}]`, `${jsonType(n)}: a count of cards`);
      const pileLength = t.tableau[i].length;
      if ((n as number) > 0 && (n as number) >= pileLength)
        fail(`face down[${i}]`, "the top card of a pile is face up");
      t.faceDown[i] = n as number;
    });
  }
  if (rules.cells.count > 0)
    list(board.cells, "cells", rules.cells.count).forEach((c, i) => {
      t.cells[i] = c === null ? null : cardAt(c, `cells[${i}]`);
    });
  if (rules.reserve)
    list(board.reserve, "reserve", t.reserve.length).forEach((p, i) => {
      t.reserve[i] = pile(p, `reserve[${i}]`);
      if (!rules.reserve?.stacked && t.reserve[i].length > 1)
        fail(`reserve[${i}]`, "a place of a spread reserve holds one card");
    });
  if (rules.foundations)
    list(board.foundations, "foundations", t.foundations.length).forEach((p, i) => {
      const cards = list(p, `foundations[${i}]`);
      const read = cards.map((c, k) => {
        if (typeof c !== "string") return fail(`foundations[${i}][${k}]`, `${jsonType(c)}: a card`);
        return card(c, undefined, `foundations[${i}][${k}]`);
      });
      if (read.length > 0) {
        const expected = rules.foundations?.wholeSuits
          ? Array.from({ length: rules.highestRank }, (_, k) => k * 4 + suitOf(read[0]))
          : foundationCards(state, read[read.length - 1]);
        if (read.length !== expected.length || read.some((c, k) => c !== expected[k]))
          fail(`foundations[${i}]`, "a foundation is built up in suit from its base card");
      }
      read.forEach((c, k) => {
        count.note(c, `foundations[${i}][${k}]`, undefined, formatCard(c));
      });
      t.foundations[i] = read;
    });
  if (rules.stock) t.stock = pile(board.stock, "stock");
  if (board.waste !== undefined) t.waste = pile(board.waste, "waste");
  if (rules.hole) {
    t.hole = pile(board.hole, "hole");
    if (t.hole.length === 0) fail("hole", "the hole always holds a card");
  }
  if (rules.pairs) t.hole = pile(board.discard, "discard");
  if (rules.stock?.redealLimit !== undefined) {
    const r = board.redeals;
    if (!Number.isInteger(r) || (r as number) < 0 || (r as number) > rules.stock.redealLimit)
      fail("redeals", `${jsonType(r)}: the times the waste has turned over, 0 to ${rules.stock.redealLimit}`);
    t.redealt = r as number;
  } else if (board.redeals !== undefined) {
    const r = board.redeals;
    if (r !== 0 && r !== 1)
      fail("redeals", `${jsonType(r)}: 1 once the waste has turned over, else 0 (the passes are unlimited)`);
    if (r === 1) t.redealt = 1;
  }
  if (rules.sequences)
    t.sequences = list(board.sequences, "sequences", rules.sequences.rows).map((row, r) =>
      list(row, `sequences[${r}]`, rowLengthOf(rules, r)).map((c, k) => {
        const path = `sequences[${r}][${k}]`;
        if (c === null) return null;
        if (typeof c !== "string")
          return fail(path, `${jsonType(c)}: a card such as "10H", or null for a gap`);
        return rowCard(cardAt(c, path), undefined, c, path);
      }),
    );
  if (rules.accordion)
    t.accordion = list(board.accordion, "accordion").map((p, i) => pile(p, `accordion[${i}]`));
  return finish(state, count, undefined);
}

/**
 * A deal in Solvitaire's own JSON, every card named: `tableau piles` (lists bottom first), `foundations` (a list
 * of cards, each on its suit's foundation in turn), `cells` (cards or ""), `reserve` (a list of cards: a stacked
 * reserve bottom first, a spread one place by place), `stock`, `waste` (bottom first), `hole` (one card),
 * `sequences` (Gaps' rows, a gap "" as Solvitaire reads it or "AS" as it prints it), `accordion` (a card a pile as
 * it reads it, or lists of cards as it prints them). Solvitaire deals the tableau face down when its rules say so; so does this, each pile's top card face up.
 */
function fromSolvitaireJson(board: Record<string, unknown>, rules: FamilyRules): FamilyState {
  const fail = (path: string, reason: string, token?: string): never => {
    throw new BoardTextError(undefined, token, `${path}: ${reason}`);
  };
  const allowed = [
    "tableau piles",
    "foundations",
    "cells",
    "reserve",
    "stock",
    "waste",
    "hole",
    "sequences",
    "accordion",
  ];
  for (const key of Object.keys(board))
    if (!allowed.includes(key))
      fail(
        "the board",
        `unknown key ${quoteToken(key)} (Solvitaire's deal keys: ${allowed.join(", ")})`,
        key,
      );
  const state: FamilyState = { rules, table: emptyTable(rules), base: 1 };
  const t = state.table;
  const count = new CardCount(rules);
  const cards = (value: unknown, path: string): Card[] => {
    if (value === "") return [];
    if (!Array.isArray(value)) return fail(path, `${jsonType(value)}, not a list of cards`);
    return value.map((c, k) => {
      if (typeof c !== "string") return fail(`${path}[${k}]`, `${jsonType(c)}: a card such as "10H"`);
      const read = card(c, undefined, `${path}[${k}]`);
      count.note(read, `${path}[${k}]`, undefined, c);
      return read;
    });
  };
  if (rules.tableau.piles > 0) {
    const piles = board["tableau piles"];
    if (!Array.isArray(piles) || piles.length !== rules.tableau.piles)
      fail("tableau piles", `the game has ${rules.tableau.piles} piles`);
    (piles as unknown[]).forEach((p, i) => {
      t.tableau[i] = cards(p, `tableau piles[${i}]`);
    });
    if (rules.tableau.faceDown) t.faceDown = t.tableau.map((p) => Math.max(0, p.length - 1));
    // A deal by counts: each pile's face-down cards as dealt, its top card always face up.
    const layout = rules.tableau.layout;
    if (layout) t.faceDown = t.tableau.map((p, i) => Math.max(0, Math.min(layout.down[i], p.length - 1)));
  } else if (board["tableau piles"] !== undefined) fail("tableau piles", "this game has none");
  if (board.cells !== undefined) {
    if (rules.cells.count === 0) fail("cells", "this game has none");
    const list = board.cells;
    if (!Array.isArray(list) || (list.length !== 0 && list.length !== rules.cells.count))
      fail("cells", `the game has ${rules.cells.count} cells`);
    (list as unknown[]).forEach((c, i) => {
      const read = cards(c === "" ? "" : [c], `cells[${i}]`);
      t.cells[i] = read[0] ?? null;
    });
  }
  if (board.reserve !== undefined) {
    if (!rules.reserve) fail("reserve", "this game has none");
    const read = cards(board.reserve, "reserve");
    if (rules.reserve?.stacked) t.reserve[0] = read;
    else {
      if (read.length > t.reserve.length) fail("reserve", `the reserve has ${t.reserve.length} places`);
      read.forEach((c, i) => {
        t.reserve[i] = [c];
      });
    }
  }
  if (board.foundations !== undefined) {
    if (!rules.foundations) fail("foundations", "this game has none");
    const read = cards(board.foundations, "foundations");
    for (const c of read) {
      // Solvitaire puts each card on its suit's foundation in turn; the first card read sets a drawn base.
      const index = SOLVITAIRE_SUITS.indexOf(suitOf(c) as 0 | 1 | 2 | 3);
      const slot = foundationOfSolvitaireIndex(index);
      if (t.foundations[slot].length === 0 && read.indexOf(c) === 0 && rules.foundations?.base === "random")
        state.base = rankOf(c);
      t.foundations[slot].push(c);
    }
  }
  if (board.stock !== undefined) {
    if (!rules.stock) fail("stock", "this game has none");
    t.stock = cards(board.stock, "stock");
  }
  if (board.waste !== undefined) {
    if (rules.stock?.dealsTo !== "waste") fail("waste", "this game has none");
    t.waste = cards(board.waste, "waste");
  }
  if (board.hole !== undefined) {
    if (!rules.hole) fail("hole", "this game has none");
    t.hole = cards(typeof board.hole === "string" ? [board.hole] : board.hole, "hole");
  } else if (rules.hole) fail("the board", 'no "hole" key');
  if (board.sequences !== undefined) {
    const seq = rules.sequences;
    if (!seq) return fail("sequences", "this game has none");
    const rows = board.sequences;
    if (!Array.isArray(rows) || rows.length !== seq.rows) fail("sequences", `the game has ${seq.rows} rows`);
    t.sequences = (rows as unknown[]).map((row, r) => {
      const path = `sequences[${r}]`;
      if (!Array.isArray(row) || row.length !== rowLengthOf(rules, r))
        return fail(path, `a row of ${rowLengthOf(rules, r)} places`);
      return row.map((c, k) => {
        // Solvitaire reads a gap as "" and prints it as "AS", its placeholder (the aces are out of play).
        if (c === "" || c === "AS") return null;
        return rowCard(cards([c], `${path}[${k}]`)[0], undefined, String(c), `${path}[${k}]`);
      });
    });
  } else if (rules.sequences) fail("the board", 'no "sequences" key');
  if (board.accordion !== undefined) {
    if (!rules.accordion) fail("accordion", "this game has none");
    const piles = board.accordion;
    if (!Array.isArray(piles)) return fail("accordion", `${jsonType(piles)}, not a list of cards`);
    t.accordion = piles.map((p, i) => cards(typeof p === "string" ? [p] : p, `accordion[${i}]`));
  } else if (rules.accordion) fail("the board", 'no "accordion" key');
  if (rules.foundations?.start === "all" && t.foundations.every((f) => f.length === 0)) {
    for (let i = 0; i < t.foundations.length; i++) {
      const c = ((state.base - 1) * 4 + (i % 4)) as Card;
      count.note(c, `foundation ${i + 1}`, undefined, formatCard(c));
      t.foundations[i] = [c];
    }
  }
  return finish(state, count, undefined);
}

/**
 * The table's cards, every one, for conservation checks (two decks: each card twice); Gaps' aces, out of play, too.
 * An accordion of fewer cards than the deck (Knuth's 18) holds only those: the rest are out of the game.
 */
export function tableCards(t: FamilyTable): Card[] {
  return [
    ...t.tableau.flat(),
    ...t.foundations.flat(),
    ...t.cells.filter((c): c is Card => c !== null),
    ...t.stock,
    ...t.waste,
    ...t.reserve.flat(),
    ...t.hole,
    ...t.sequences.flat().filter((c): c is Card => c !== null),
    // Gaps' aces are out of play, a gap for each: the k-th gap stands for the ace of suit k mod 4.
    ...t.sequences
      .flat()
      .filter((c) => c === null)
      .map((_, k) => k % 4),
    ...t.accordion.flat(),
  ];
}
