import { type Card, CardParseError, formatCard, parseCard, SUIT_NAMES } from "../../cards/card.ts";
import { quoteToken } from "../../cards/text.ts";
import { BoardTextError } from "./errors.ts";

/**
 * What the games' JSON boards share: a strict reader of JSON text, and the checks every game's JSON board passes
 * (known keys only, the types each key takes, every card once), with messages that name the key or the path.
 *
 * The JSON text is read here rather than with `JSON.parse` so that a board that is not exactly one JSON object is
 * refused with the line at fault, and a key given twice in one object (which `JSON.parse` would settle by keeping
 * the last, silently dropping the first) is refused as well.
 */

/** A JSON value as read. */
export type Json = null | boolean | number | string | Json[] | { [key: string]: Json };

/** Deeper than any game's board (an object of lists of lists of cards): refused before it costs anything. */
const MAX_DEPTH = 16;

const WORD = /[^\s{}[\],:"]+/y;
const NUMBER = /-?(?:0|[1-9]\d*)(?:\.\d+)?(?:[eE][+-]?\d+)?/y;
const ESCAPES: Record<string, string> = {
  '"': '"',
  "\\": "\\",
  "/": "/",
  b: "\b",
  f: "\f",
  n: "\n",
  r: "\r",
  t: "\t",
};

class JsonText {
  private at = 0;
  private line = 1;

  constructor(private readonly text: string) {}

  read(): Json {
    if (this.text.charCodeAt(0) === 0xfeff) this.at = 1;
    const value = this.value(0);
    this.space();
    if (this.at < this.text.length) {
      this.fail(`${quoteToken(this.word())}: more text after the end of the board`, this.word());
    }
    return value;
  }

  private fail(reason: string, token?: string, line = this.line): never {
    throw new BoardTextError(line, token, reason);
  }

  /** The token at the reading point, for a message: a run of characters up to a space or JSON's punctuation. */
  private word(): string {
    WORD.lastIndex = this.at;
    const match = WORD.exec(this.text);
    return match ? match[0] : this.text.slice(this.at, this.at + 1);
  }

  private space(): void {
    for (; this.at < this.text.length; this.at++) {
      const c = this.text[this.at];
      if (c === "\n") this.line++;
      else if (c !== " " && c !== "\t" && c !== "\r") return;
    }
  }

  private value(depth: number): Json {
    this.space();
    if (depth > MAX_DEPTH) this.fail(`nested more than ${MAX_DEPTH} deep: no board is`, this.word());
    const c = this.text[this.at];
    if (c === undefined) return this.fail("the JSON ends where a value should be (is a } or ] missing?)");
    if (c === "{") return this.object(depth);
    if (c === "[") return this.list(depth);
    if (c === '"') return this.string();
    if (c === "-" || (c >= "0" && c <= "9")) return this.number();
    const word = this.word();
    if (word === "true" || word === "false" || word === "null") {
      this.at += word.length;
      return word === "null" ? null : word === "true";
    }
    return this.fail(
      `${quoteToken(word)}: not a JSON value (text such as a card is written in double quotes, like "TH")`,
      word,
    );
  }

  private object(depth: number): Json {
    this.at++;
    const entries: [string, Json][] = [];
    const keys = new Map<string, number>();
    this.space();
    if (this.text[this.at] === "}") {
      this.at++;
      return {};
    }
    for (;;) {
      this.space();
      if (this.text[this.at] !== '"') {
        const word = this.word();
        this.fail(
          this.text[this.at] === "}"
            ? "a comma before }: JSON has none after the last key"
            : this.at >= this.text.length
              ? "the JSON ends inside an object (a } is missing)"
              : `${quoteToken(word)}: a key in double quotes should be here`,
          word,
        );
      }
      const line = this.line;
      const key = this.string();
      const first = keys.get(key);
      if (first !== undefined) {
        this.fail(
          `${quoteToken(key)} is given twice in one object (first on line ${first}): give it once`,
          key,
          line,
        );
      }
      keys.set(key, line);
      this.space();
      if (this.text[this.at] !== ":") this.fail(`a : should follow the key ${quoteToken(key)}`, this.word());
      this.at++;
      entries.push([key, this.value(depth + 1)]);
      this.space();
      const next = this.text[this.at];
      this.at++;
      if (next === "}") break;
      if (next !== ",") {
        this.at--;
        this.fail(
          next === undefined ? "the JSON ends inside an object (a } is missing)" : "a , or } should be here",
          next === undefined ? undefined : this.word(),
        );
      }
    }
    // fromEntries makes every key an own property, "__proto__" too, so that the key check sees it.
    return Object.fromEntries(entries);
  }

  private list(depth: number): Json {
    this.at++;
    const items: Json[] = [];
    this.space();
    if (this.text[this.at] === "]") {
      this.at++;
      return items;
    }
    for (;;) {
      this.space();
      if (this.text[this.at] === "]") this.fail("a comma before ]: JSON has none after the last item", "]");
      items.push(this.value(depth + 1));
      this.space();
      const next = this.text[this.at];
      this.at++;
      if (next === "]") return items;
      if (next !== ",") {
        this.at--;
        this.fail(
          next === undefined ? "the JSON ends inside a list (a ] is missing)" : "a , or ] should be here",
          next === undefined ? undefined : this.word(),
        );
      }
    }
  }

  private string(): string {
    const line = this.line;
    let out = "";
    let from = ++this.at;
    for (;;) {
      const c = this.text[this.at];
      if (c === undefined) return this.fail("a text in double quotes is never closed", undefined, line);
      if (c === '"') {
        out += this.text.slice(from, this.at);
        this.at++;
        return out;
      }
      if (c < " ") {
        this.fail(
          c === "\n"
            ? "a line ends inside a text in double quotes (is a closing quote missing?)"
            : "a control character inside a text in double quotes",
          this.text.slice(from, this.at),
        );
      }
      if (c === "\\") {
        out += this.text.slice(from, this.at);
        const e = this.text[this.at + 1];
        if (e === "u" && /^[0-9a-fA-F]{4}$/.test(this.text.slice(this.at + 2, this.at + 6))) {
          out += String.fromCharCode(Number.parseInt(this.text.slice(this.at + 2, this.at + 6), 16));
          this.at += 6;
        } else if (e !== undefined && Object.hasOwn(ESCAPES, e)) {
          out += ESCAPES[e];
          this.at += 2;
        } else {
          this.fail(`${quoteToken(`\\${e ?? ""}`)}: not an escape JSON knows`, `\\${e ?? ""}`);
        }
        from = this.at;
        continue;
      }
      this.at++;
    }
  }

  private number(): number {
    NUMBER.lastIndex = this.at;
    const match = NUMBER.exec(this.text);
    if (!match) return this.fail(`${quoteToken(this.word())}: not a JSON number`, this.word());
    this.at += match[0].length;
    return Number(match[0]);
  }
}

/**
 * Reads JSON text strictly (RFC 8259, a byte-order mark allowed first): syntax errors and a key given twice in
 * one object are BoardTextErrors naming the line. Nesting deeper than any board is refused.
 */
export function parseJsonText(text: string): Json {
  return new JsonText(text).read();
}

/** The name of a JSON value's type, for messages: "a number", "a list" … */
export function jsonType(value: unknown): string {
  if (value === null) return "null";
  if (Array.isArray(value)) return "a list";
  if (typeof value === "object") return "an object";
  if (typeof value === "string") return `the text ${quoteToken(value)}`;
  if (typeof value === "number") return `the number ${value}`;
  if (typeof value === "boolean") return String(value);
  return typeof value;
}

/** A suit's letter in JSON boards: exactly one of these, upper case. */
const SUIT_KEYS = ["C", "D", "H", "S"];

/**
 * One game's JSON board being read: each check names the path at fault (`cascades[2][5]`, `foundations.H`), and
 * each card is noted where it was read, so that a card given twice names both places and a missing card is named.
 * Cards may be written as in the notation ("TH") or as Solvitaire writes them ("10H"), in either case.
 */
export class JsonBoardReader {
  private readonly seen = new Map<Card, string>();

  constructor(
    /** The game's id, which the board's `game` key must give. */
    readonly game: string,
    /** The game's title, for messages. */
    readonly title: string,
  ) {}

  fail(path: string, reason: string, token?: string): never {
    throw new BoardTextError(undefined, token, `${path}: ${reason}`);
  }

  /**
   * The board object: an object with every `required` key, no key outside `required` and `optional`, `game` naming
   * this game and `deal` (when given) null or a deal number. `game` and `deal` need not be listed.
   */
  board(value: unknown, required: readonly string[], optional: readonly string[]): Record<string, unknown> {
    const keys = ["game", ...required, "deal", ...optional];
    const shape = `a ${this.title} board is an object with the keys ${keys.join(", ")}`;
    if (Array.isArray(value)) {
      this.fail(
        "the board",
        `a list, not one board: ${shape} (what tsol deal ${this.game} N --format json prints)`,
      );
    }
    if (typeof value !== "object" || value === null)
      this.fail("the board", `${jsonType(value)}, not an object: ${shape}`);
    const board = value as Record<string, unknown>;
    // The game first: a board of another game would otherwise be refused for keys this game does not have.
    if (!Object.hasOwn(board, "game")) this.fail("the board", `no "game" key (${shape})`, "game");
    if (board.game !== this.game) {
      this.fail(
        "game",
        typeof board.game === "string"
          ? `${quoteToken(board.game)}: this is a board of another game, not ${this.title} (give that game's name to tsol)`
          : `${jsonType(board.game)}: the game's name, "${this.game}"`,
        typeof board.game === "string" ? board.game : undefined,
      );
    }
    for (const key of Object.keys(board)) {
      if (!keys.includes(key)) this.fail("the board", `unknown key ${quoteToken(key)} (${shape})`, key);
    }
    for (const key of required) {
      if (!Object.hasOwn(board, key)) this.fail("the board", `no ${quoteToken(key)} key (${shape})`, key);
    }
    if (board.deal !== undefined && board.deal !== null) this.whole(board.deal, "deal", 0, 2 ** 33 - 1);
    return board;
  }

  /** A list; with `length`, exactly that many items, else `wrongLength` says why not. */
  list(
    value: unknown,
    path: string,
    what: string,
    length?: number,
    wrongLength?: (n: number) => string,
  ): unknown[] {
    if (!Array.isArray(value)) return this.fail(path, `${jsonType(value)}, not a list of ${what}`);
    if (length !== undefined && value.length !== length) {
      this.fail(path, wrongLength ? wrongLength(value.length) : `${value.length} ${what}, not ${length}`);
    }
    return value;
  }

  /** A card, noted at `path`: a second copy of a card is refused, naming where the first was. */
  card(value: unknown, path: string): Card {
    const c = this.cardAt(value, path);
    this.note(c, path, `${formatCard(c)} is given twice`, value as string);
    return c;
  }

  private note(c: Card, path: string, twice: string, token: string): void {
    const first = this.seen.get(c);
    if (first !== undefined)
      this.fail(path, `${twice} (also at ${first}): a board holds each card once`, token);
    this.seen.set(c, path);
  }

  /** A card or null (a free cell, a gap, a played reserve card). */
  cardOrNull(value: unknown, path: string, nullMeans: string): Card | null {
    if (value === null) return null;
    if (typeof value !== "string") {
      this.fail(path, `${jsonType(value)}: a card is text such as "TH" or "10H", ${nullMeans} null`);
    }
    return this.card(value, path);
  }

  /** A whole number from `min` to `max`. */
  whole(value: unknown, path: string, min: number, max: number, what = "a whole number"): number {
    if (typeof value !== "number" || !Number.isInteger(value) || value < min || value > max) {
      this.fail(path, `${jsonType(value)}: ${what} from ${min} to ${max}`);
    }
    return value as number;
  }

  /**
   * The foundations: an object of suit letters (C, D, H, S) and each one's top card, a suit left out being empty.
   * Every card under a top card is noted as on that foundation. Fills `ranks` (by suit).
   */
  foundations(value: unknown, ranks: number[]): void {
    const path = "foundations";
    if (typeof value !== "object" || value === null || Array.isArray(value)) {
      this.fail(path, `${jsonType(value)}: an object of suit letters and top cards, like {"H": "3H"}`);
    }
    for (const [letter, top] of Object.entries(value as Record<string, unknown>)) {
      const suit = SUIT_KEYS.indexOf(letter);
      if (suit < 0) {
        this.fail(path, `${quoteToken(letter)}: a suit letter, C, D, H or S (upper case)`, letter);
      }
      const where = `${path}.${letter}`;
      if (typeof top !== "string") {
        this.fail(
          where,
          `${jsonType(top)}: the top card of the ${SUIT_NAMES[suit]} foundation, like "3${letter}" (leave the suit out when it is empty)`,
        );
      }
      const c = this.cardAt(top, where);
      if ((c & 3) !== suit)
        this.fail(where, `${quoteToken(top as string)} is not a card of ${SUIT_NAMES[suit]}`, top as string);
      const rank = (c >> 2) + 1;
      for (let r = 1; r <= rank; r++) {
        const under = (r - 1) * 4 + suit;
        this.note(
          under,
          where,
          `${quoteToken(top as string)} puts ${formatCard(under)} on the foundation, but it is given again`,
          top as string,
        );
      }
      ranks[suit] = rank;
    }
  }

  /** Refuses the board unless every card of `expected` was read; `about` says what a board holds. */
  complete(expected: readonly Card[], about: string): void {
    const missing = expected.filter((c) => !this.seen.has(c)).map(formatCard);
    if (missing.length > 0) {
      this.fail(
        "the board",
        `${missing.length === 1 ? "a card is" : `${missing.length} cards are`} missing: ${missing.join(" ")} (${about})`,
        missing[0],
      );
    }
  }

  private cardAt(value: unknown, path: string): Card {
    if (typeof value !== "string")
      return this.fail(path, `${jsonType(value)}: a card is text such as "TH" or "10H"`);
    if (value !== value.trim())
      return this.fail(path, `${quoteToken(value)}: a card without spaces, like "TH"`, value);
    try {
      return parseCard(value);
    } catch (error) {
      if (error instanceof CardParseError) return this.fail(path, error.message, value);
      throw error;
    }
  }
}

/** Every card of the deck: what a whole board of FreeCell, King Albert or Klondike holds. */
export const WHOLE_DECK: readonly Card[] = Array.from({ length: 52 }, (_, c) => c);
