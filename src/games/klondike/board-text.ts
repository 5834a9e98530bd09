import { type Card, formatCard, RANK_LETTERS, SUIT_LETTERS, type Suit } from "../../cards/card.ts";
import { asciiLower, quoteToken } from "../../cards/text.ts";
import { JsonBoardReader, WHOLE_DECK } from "../patience/board-json.ts";
import { boardCard, readFoundations } from "../patience/board-text.ts";
import { BoardTextError } from "../patience/errors.ts";
import {
  emptyState,
  fits,
  type KlondikeRules,
  type KlondikeState,
  MAX_PASSES,
  PILES,
  STOCK_SIZE,
  startScore,
} from "./rules.ts";

/**
 * Klondike's board text, in the spirit of fc-solve's: heading lines, then one line per pile.
 *
 * ```
 * Foundations: H-0 C-A D-0 S-0
 * Stock: 6H KS TC QH 2S 4H QC QS 3S AD 5C 2D 4D KC 7C 4S 9C 5S 7D TH 3H 6C TS
 * Waste:
 * : 9D
 * : 4C | AS
 * ...
 * ```
 *
 * - `Foundations:` gives each suit's top card (`0` for none; suits left out are empty).
 * - `Stock:` bottom card first: the last card is the next one turned. `Waste:` bottom card first: the last card is
 *   on top, the one in play.
 * - `Recycles:` how many times the waste has been turned over into the stock (absent: none); `Score:` the score
 *   (absent: the score of a fresh deal, 0 or -52 under Vegas scoring).
 * - A pile line lists its cards bottom first; the face-down cards come before a `|`, the face-up run after it
 *   (no `|`: every card face up). An empty pile is `:` or `-`. A pile line may start with `:`.
 * - Blank lines and lines starting with `#` are ignored.
 */
const FOUNDATION_ORDER: Suit[] = [2, 0, 1, 3];

const rankText = (rank: number): string => (rank === 0 ? "0" : RANK_LETTERS[rank - 1]);

export function formatBoard(state: KlondikeState): string {
  const lines: string[] = [];
  lines.push(
    `Foundations: ${FOUNDATION_ORDER.map((s) => `${SUIT_LETTERS[s]}-${rankText(state.foundations[s])}`).join(" ")}`,
  );
  lines.push(`Stock:${state.stock.map((c) => ` ${formatCard(c)}`).join("")}`);
  lines.push(`Waste:${state.waste.map((c) => ` ${formatCard(c)}`).join("")}`);
  if (state.recycles !== 0) lines.push(`Recycles: ${state.recycles}`);
  if (state.score !== startScore(state.rules)) lines.push(`Score: ${state.score}`);
  state.piles.forEach((cards, i) => {
    if (cards.length === 0) {
      lines.push(":");
      return;
    }
    const down = cards.slice(0, state.faceDown[i]).map(formatCard);
    const up = cards.slice(state.faceDown[i]).map(formatCard);
    lines.push(`: ${down.length > 0 ? `${down.join(" ")} | ` : ""}${up.join(" ")}`);
  });
  return `${lines.join("\n")}\n`;
}

type Heading = "foundations" | "stock" | "waste" | "recycles" | "score";
const HEADINGS: Record<string, Heading> = {
  foundations: "foundations",
  founds: "foundations",
  stock: "stock",
  talon: "stock",
  waste: "waste",
  recycles: "recycles",
  score: "score",
};

/** Records where each card was read, refusing a second copy. */
class CardLedger {
  private seen = new Map<Card, string>();
  note(c: Card, token: string, line: number | undefined, where: string): void {
    const first = this.seen.get(c);
    if (first !== undefined) {
      throw new BoardTextError(
        line,
        token,
        `duplicate card ${formatCard(c)} (${quoteToken(token)}; first seen ${first})`,
      );
    }
    this.seen.set(c, where);
  }
  missing(): Card[] {
    const out: Card[] = [];
    for (let c = 0; c < 52; c++) if (!this.seen.has(c)) out.push(c);
    return out;
  }
}

/**
 * The checks every position read from text or JSON passes, beyond each card once: what a game of Klondike can
 * reach. Pile i (from 1) holds at most i - 1 face-down cards (it was dealt i, the top one face up, and face-down
 * cards only ever leave); a pile with face-down cards has a face-up card on top; the face-up cards build down in
 * alternating colours; the stock and the waste together hold at most the 24 cards dealt to the stock; the passes
 * made are within the rules.
 */
function checkShape(
  state: KlondikeState,
  lineOf: (what: "pile" | "stock" | "recycles", index: number) => number | undefined,
): void {
  state.piles.forEach((cards, i) => {
    const down = state.faceDown[i];
    const line = lineOf("pile", i);
    if (down > 0 && down >= cards.length) {
      throw new BoardTextError(
        line,
        "|",
        `pile ${i + 1} has face-down cards but no face-up card on top of them`,
      );
    }
    if (down > i) {
      throw new BoardTextError(
        line,
        formatCard(cards[down - 1]),
        `pile ${i + 1} has ${down} face-down cards: a Klondike deal puts ${i} face down there, and they only ever leave`,
      );
    }
    for (let k = down + 1; k < cards.length; k++) {
      if (!fits(cards[k], cards[k - 1])) {
        throw new BoardTextError(
          line,
          formatCard(cards[k]),
          `pile ${i + 1}: the face-up ${formatCard(cards[k])} does not build on ${formatCard(cards[k - 1])} (down in alternating colours)`,
        );
      }
    }
  });
  if (state.stock.length + state.waste.length > STOCK_SIZE) {
    throw new BoardTextError(
      lineOf("stock", 0),
      undefined,
      `the stock and the waste hold ${state.stock.length + state.waste.length} cards: a Klondike stock is dealt ${STOCK_SIZE}`,
    );
  }
  const { passes } = state.rules;
  if (passes !== null && state.recycles > passes - 1) {
    throw new BoardTextError(
      lineOf("recycles", 0),
      String(state.recycles),
      `the waste was turned over ${state.recycles} times, but these rules allow ${passes} ${passes === 1 ? "pass" : "passes"} (set --passes to match)`,
    );
  }
}

/** The most a Score: line may say either way, as in the JSON form. */
const SCORE_LIMIT = 1_000_000_000;

function whole(
  value: string,
  line: number | undefined,
  token: string,
  what: string,
  min: number,
  max = Number.MAX_SAFE_INTEGER,
): number {
  const n = /^-?\d+$/.test(value) ? Number(value) : Number.NaN;
  if (!Number.isSafeInteger(n) || n < min || n > max) {
    throw new BoardTextError(line, token, `${quoteToken(token)}: ${what}`);
  }
  return n;
}

/**
 * Reads board text under the given rules. Accepted only when it is a whole position a game of Klondike can
 * reach: every card exactly once, each heading at most once, each suit at most once on the Foundations line,
 * seven pile lines, and the shape `checkShape` describes. Otherwise a BoardTextError names the line and token.
 */
export function parseBoard(text: string, rules: KlondikeRules): KlondikeState {
  const state = emptyState(rules);
  const ledger = new CardLedger();
  const headingLine = new Map<Heading, number>();
  const pileLines: number[] = [];
  const lines = text.split(/\r?\n/);
  for (const [i, raw] of lines.entries()) {
    const line = i + 1;
    const trimmed = raw.trim();
    if (trimmed === "" || trimmed.startsWith("#")) continue;
    const header = /^([A-Za-z]+)\s*:(.*)$/.exec(trimmed);
    if (header) {
      const name = asciiLower(header[1]);
      const heading = Object.hasOwn(HEADINGS, name) ? HEADINGS[name] : undefined;
      if (heading === undefined) {
        throw new BoardTextError(
          line,
          header[1],
          `unknown heading ${quoteToken(`${header[1]}:`)} (expected Foundations:, Stock:, Waste:, Recycles: or Score:)`,
        );
      }
      const first = headingLine.get(heading);
      if (first !== undefined) {
        throw new BoardTextError(
          line,
          `${header[1]}:`,
          `a second ${header[1]} line (the first is line ${first})`,
        );
      }
      headingLine.set(heading, line);
      const tokens = header[2].trim().split(/\s+/).filter(Boolean);
      readHeading(state, ledger, heading, tokens, line);
      continue;
    }
    const body = (trimmed.startsWith(":") ? trimmed.slice(1) : trimmed).replaceAll("|", " | ").trim();
    const index = pileLines.length;
    if (index >= PILES) {
      throw new BoardTextError(
        line,
        body.split(/\s+/)[0] || trimmed,
        `more than ${PILES} pile lines: Klondike has ${PILES} piles`,
      );
    }
    pileLines.push(line);
    if (body === "-" || body === "") continue;
    const tokens = body.split(/\s+/);
    const bar = tokens.indexOf("|");
    if (bar >= 0 && tokens.indexOf("|", bar + 1) >= 0) {
      throw new BoardTextError(
        line,
        "|",
        `pile ${index + 1}: one | separates the face-down cards from the face-up ones`,
      );
    }
    for (const token of tokens) {
      if (token === "|") continue;
      const c = boardCard(token, line);
      ledger.note(c, token, line, `on line ${line}`);
      state.piles[index].push(c);
    }
    state.faceDown[index] = Math.max(bar, 0);
  }
  if (pileLines.length !== PILES) {
    throw new BoardTextError(
      undefined,
      undefined,
      `found ${pileLines.length} pile lines: Klondike has ${PILES} piles`,
    );
  }
  const missing = ledger.missing();
  if (missing.length > 0) {
    throw new BoardTextError(
      undefined,
      formatCard(missing[0]),
      `missing cards: ${missing.map(formatCard).join(" ")} (a board holds all 52 cards)`,
    );
  }
  checkShape(state, (what, i) =>
    what === "pile" ? pileLines[i] : headingLine.get(what === "stock" ? "stock" : "recycles"),
  );
  return state;
}

function readHeading(
  state: KlondikeState,
  ledger: CardLedger,
  heading: Heading,
  tokens: string[],
  line: number,
) {
  if (heading === "foundations") {
    readFoundations(tokens, line, state.foundations, (c, token) =>
      ledger.note(c, token, line, `on the foundations (line ${line})`),
    );
    return;
  }
  if (heading === "stock" || heading === "waste") {
    for (const token of tokens) {
      const c = boardCard(token, line);
      ledger.note(c, token, line, `on line ${line}`);
      state[heading].push(c);
    }
    return;
  }
  if (tokens.length !== 1) {
    throw new BoardTextError(
      line,
      tokens[1] ?? heading,
      `the ${heading === "score" ? "Score" : "Recycles"} line holds one number`,
    );
  }
  if (heading === "recycles") {
    state.recycles = whole(
      tokens[0],
      line,
      tokens[0],
      "the waste is turned over a whole number of times (0 or more)",
      0,
    );
  } else {
    state.score = whole(
      tokens[0],
      line,
      tokens[0],
      `a score is a whole number from ${-SCORE_LIMIT} to ${SCORE_LIMIT}`,
      -SCORE_LIMIT,
      SCORE_LIMIT,
    );
  }
}

/** A card as Solvitaire's JSON writes it: rank then suit letter, tens as 10 ("10D", "QS"). */
export const jsonCard = (c: Card): string =>
  `${"A 2 3 4 5 6 7 8 9 10 J Q K".split(" ")[c >> 2]}${SUIT_LETTERS[c & 3]}`;

const defaultFaceDown = (i: number) => i;

/**
 * The JSON form, in the shape of Solvitaire's deals: `{game, deal, tableau, stock}` (piles bottom card first, the
 * stock's last card turned first, cards such as "10D"), then only what differs from a fresh deal: `waste` (bottom
 * first), `foundations` (suit letter to top card), `faceDown` (face-down cards of each pile), `recycles`, `score`.
 */
export function toJson(state: KlondikeState, deal?: number): Record<string, unknown> {
  const out: Record<string, unknown> = {
    game: "klondike",
    deal: deal ?? null,
    tableau: state.piles.map((cards) => cards.map(jsonCard)),
    stock: state.stock.map(jsonCard),
  };
  if (state.waste.length > 0) out.waste = state.waste.map(jsonCard);
  const foundations: Record<string, string> = {};
  state.foundations.forEach((rank, s) => {
    if (rank > 0) foundations[SUIT_LETTERS[s]] = jsonCard((rank - 1) * 4 + s);
  });
  if (Object.keys(foundations).length > 0) out.foundations = foundations;
  if (state.faceDown.some((n, i) => n !== defaultFaceDown(i))) out.faceDown = state.faceDown.slice();
  if (state.recycles !== 0) out.recycles = state.recycles;
  if (state.score !== startScore(state.rules)) out.score = state.score;
  return out;
}

/**
 * Reads the JSON form back under the rules: exactly `toJson`'s keys (those after `stock` may be left out: then as
 * at a fresh deal, each pile's cards face down but the top one, at most the deal's), seven piles, every card once,
 * and the shape board text is held to; anything else is a BoardTextError naming the key or the path.
 * `fromJson(toJson(s))` is `s`.
 */
export function fromJson(json: unknown, rules: KlondikeRules): KlondikeState {
  const reader = new JsonBoardReader("klondike", "Klondike");
  const board = reader.board(
    json,
    ["tableau", "stock"],
    ["waste", "foundations", "faceDown", "recycles", "score"],
  );
  const state = emptyState(rules);
  const tableau = reader.list(
    board.tableau,
    "tableau",
    "piles",
    PILES,
    (n) => `${n} piles: Klondike has ${PILES}`,
  );
  tableau.forEach((pile, i) => {
    const path = `tableau[${i}]`;
    state.piles[i] = reader
      .list(pile, path, "cards, from the bottom card to the top one")
      .map((c, k) => reader.card(c, `${path}[${k}]`));
  });
  for (const key of ["stock", "waste"] as const) {
    if (board[key] === undefined) continue;
    state[key] = reader
      .list(
        board[key],
        key,
        key === "stock" ? "cards, the next one turned last" : "cards, the one in play last",
      )
      .map((c, k) => reader.card(c, `${key}[${k}]`));
  }
  if (board.foundations !== undefined) reader.foundations(board.foundations, state.foundations);
  if (board.faceDown !== undefined) {
    state.faceDown = reader
      .list(
        board.faceDown,
        "faceDown",
        "whole numbers, the face-down cards of each pile",
        PILES,
        (n) => `${n} numbers: one for each of the ${PILES} piles, its face-down cards`,
      )
      .map((n, i) => reader.whole(n, `faceDown[${i}]`, 0, PILES - 1));
  } else {
    state.faceDown = state.piles.map((p, i) => Math.min(defaultFaceDown(i), Math.max(0, p.length - 1)));
  }
  if (board.recycles !== undefined) {
    state.recycles = reader.whole(
      board.recycles,
      "recycles",
      0,
      MAX_PASSES,
      "the times the waste was turned over,",
    );
  }
  if (board.score !== undefined) state.score = reader.whole(board.score, "score", -1e9, 1e9, "the score,");
  reader.complete(WHOLE_DECK, "a board holds all 52 cards");
  checkShape(state, () => undefined);
  return state;
}
