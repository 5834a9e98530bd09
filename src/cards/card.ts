import { asciiUpper, quoteToken } from "./text.ts";

/**
 * A card is an integer 0..51: (rank - 1) * 4 + suit, suits in the order clubs, diamonds, hearts, spades.
 * That is the order of the Microsoft deck (AC AD AH AS 2C …), so a fresh deck is simply 0..51.
 */
export type Card = number;

export type Suit = 0 | 1 | 2 | 3;
export const CLUBS: Suit = 0;
export const DIAMONDS: Suit = 1;
export const HEARTS: Suit = 2;
export const SPADES: Suit = 3;
export const SUITS: readonly Suit[] = [CLUBS, DIAMONDS, HEARTS, SPADES];

/** Ranks are 1 (ace) to 13 (king). */
export type Rank = number;
export const ACE = 1;
export const JACK = 11;
export const QUEEN = 12;
export const KING = 13;

export const SUIT_LETTERS = "CDHS";
export const RANK_LETTERS = "A23456789TJQK";
const SUIT_SYMBOLS = "♣♦♥♠";
export const SUIT_NAMES: readonly string[] = ["clubs", "diamonds", "hearts", "spades"];
/** Ranks in words, ace to king: `RANK_NAMES[rank - 1]`. */
export const RANK_NAMES: readonly string[] = [
  "ace",
  "two",
  "three",
  "four",
  "five",
  "six",
  "seven",
  "eight",
  "nine",
  "ten",
  "jack",
  "queen",
  "king",
];

export const card = (rank: Rank, suit: Suit): Card => (rank - 1) * 4 + suit;
export const rankOf = (c: Card): Rank => (c >> 2) + 1;
export const suitOf = (c: Card): Suit => (c & 3) as Suit;
export const isRed = (c: Card): boolean => (c & 3) === DIAMONDS || (c & 3) === HEARTS;
export const isRedSuit = (s: Suit): boolean => s === DIAMONDS || s === HEARTS;

export class CardParseError extends Error {
  readonly code = "card_parse";
  constructor(
    /** The text as given (it may be long and hold control characters: show it with quoteToken). */
    readonly text: string,
    /** What is wrong, without the text: for a caller that names the token itself. */
    readonly reason: string,
  ) {
    super(`${quoteToken(text)}: ${reason}`);
    this.name = "CardParseError";
  }
}

const SUIT_BY_TEXT: Record<string, Suit> = {
  C: CLUBS,
  D: DIAMONDS,
  H: HEARTS,
  S: SPADES,
  "♣": CLUBS,
  "♦": DIAMONDS,
  "♥": HEARTS,
  "♠": SPADES,
  "♧": CLUBS,
  "♢": DIAMONDS,
  "♡": HEARTS,
  "♤": SPADES,
};

function rankFromText(text: string): Rank | undefined {
  const upper = asciiUpper(text);
  if (upper === "10") return 10;
  const index = RANK_LETTERS.indexOf(upper);
  return upper.length === 1 && index >= 0 ? index + 1 : undefined;
}

/**
 * Parses `TH`, `10h`, `T♥`, `th` …: ASCII ranks and suit letters in either case, or the suit symbols; no other
 * letters (`6ſ` is not 6S). Throws a CardParseError that says what is wrong.
 */
export function parseCard(text: string): Card {
  const trimmed = text.trim();
  if (trimmed.length === 0) throw new CardParseError(text, "empty card");
  // An invisible character (a zero-width space, a joiner, a soft hyphen …) would otherwise be taken for the suit.
  if (/\p{Cf}/u.test(trimmed))
    throw new CardParseError(
      text,
      "holds an invisible character (shown escaped): delete it and type the card again",
    );
  const chars = Array.from(trimmed);
  if (chars.length < 2) throw new CardParseError(text, "a card is a rank and a suit, like TH or 10h");
  if (chars.length > 3)
    throw new CardParseError(text, "too long for a card: a rank and a suit, like TH or 10h");
  const suitText = chars[chars.length - 1];
  const rankText = chars.slice(0, -1).join("");
  const rank = rankFromText(rankText);
  if (rank === undefined) {
    const hint =
      rankText === "1" ? " (did you mean A or T?)" : rankText === "0" ? " (did you mean T or 10?)" : "";
    throw new CardParseError(text, `unknown rank ${quoteToken(rankText)}${hint}`);
  }
  const suit = SUIT_BY_TEXT[asciiUpper(suitText)];
  if (suit === undefined)
    throw new CardParseError(text, `unknown suit ${quoteToken(suitText)} (use C, D, H or S)`);
  return card(rank, suit);
}

/** `TH` form, the one used in board text and notation. */
export function formatCard(c: Card): string {
  return RANK_LETTERS[rankOf(c) - 1] + SUIT_LETTERS[suitOf(c)];
}

/** `T♥` form for people. */
export function formatCardSymbol(c: Card): string {
  return RANK_LETTERS[rankOf(c) - 1] + SUIT_SYMBOLS[suitOf(c)];
}

/** "ten of hearts", as a screen reader would say it. */
export function cardName(c: Card): string {
  return `${RANK_NAMES[rankOf(c) - 1]} of ${SUIT_NAMES[suitOf(c)]}`;
}

export function suitLetter(s: Suit): string {
  return SUIT_LETTERS[s];
}

/** The suit of a letter (C, D, H, S in either case) or a suit symbol; undefined for anything else. */
export function suitFromLetter(letter: string): Suit | undefined {
  return Object.hasOwn(SUIT_BY_TEXT, asciiUpper(letter)) ? SUIT_BY_TEXT[asciiUpper(letter)] : undefined;
}

/** A fresh deck in Microsoft order: AC AD AH AS 2C … KS. */
export function orderedDeck(): Card[] {
  return Array.from({ length: 52 }, (_, i) => i);
}
