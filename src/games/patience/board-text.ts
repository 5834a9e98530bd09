import {
  type Card,
  CardParseError,
  parseCard,
  SUIT_NAMES,
  type Suit,
  suitFromLetter,
} from "../../cards/card.ts";
import { quoteToken } from "../../cards/text.ts";
import { parseJsonText } from "./board-json.ts";
import type { PatienceGame } from "./contract.ts";
import { BoardTextError } from "./errors.ts";

/**
 * What the board texts of the games share: a card token, and the `Foundations:` line (`H-A C-0 D-5 S-K`, each
 * suit at most once), read the same way in every game, with errors that name the line and the token.
 */

/** The card a token names; a token that is no card is a BoardTextError naming the line (none for JSON). */
export function boardCard(token: string, line: number | undefined): Card {
  try {
    return parseCard(token);
  } catch (error) {
    if (error instanceof CardParseError) throw new BoardTextError(line, token, error.message);
    throw error;
  }
}

/** The rank on a foundation: `0` for none, else a rank letter (`A`, `2`-`9`, `T` or `10`, `J`, `Q`, `K`). */
export function foundationRank(token: string, text: string, line: number | undefined): number {
  if (text === "0") return 0;
  if (/^(?:[2-9AaTtJjQqKk]|10)$/.test(text)) return (parseCard(`${text}C`) >> 2) + 1;
  throw new BoardTextError(
    line,
    token,
    `${quoteToken(token)}: unknown rank${Array.from(text).length <= 3 ? ` ${quoteToken(text)}` : ""} on a foundation (use 0, A, 2-9, T, J, Q, K)`,
  );
}

/**
 * Reads the tokens of a `Foundations:` line into `foundations` (top rank by suit), refusing a token that is not a
 * suit and a rank and a suit given twice; `note` is told each card the line puts on the foundations.
 */
export function readFoundations(
  tokens: readonly string[],
  line: number,
  foundations: number[],
  note: (card: Card, token: string) => void,
): void {
  const suitSeen = new Map<Suit, string>();
  for (const token of tokens) {
    const match = /^([^-]+)-(.+)$/.exec(token);
    const suit = match ? suitFromLetter(match[1]) : undefined;
    if (!match || suit === undefined) {
      throw new BoardTextError(
        line,
        token,
        `${quoteToken(token)}: a foundation is a suit and its top rank, like H-A or S-0`,
      );
    }
    const earlier = suitSeen.get(suit);
    if (earlier !== undefined) {
      throw new BoardTextError(
        line,
        token,
        `${quoteToken(token)}: the ${SUIT_NAMES[suit]} foundation is given twice (first as ${quoteToken(earlier)})`,
      );
    }
    suitSeen.set(suit, token);
    const rank = foundationRank(token, match[2], line);
    for (let r = 1; r <= rank; r++) note((r - 1) * 4 + suit, token);
    foundations[suit] = rank;
  }
}

/**
 * Whether board input is the JSON form: its first character after white space (and a byte-order mark) is `{`, or
 * `[` (a list, which the game's reader then refuses as not one board). No game's board text starts so.
 */
export function isJsonBoard(text: string): boolean {
  return /^\s*[{[]/.test(text);
}

/**
 * Reads a board as people have it: the game's JSON form (what `tsol deal GAME N --format json` and `tsol check
 * --print-board --format json` print) when `isJsonBoard`, else its board text. Either way only a whole position
 * of the game under `rules` is accepted; anything else is a BoardTextError naming the line, key or card.
 */
export function parseBoardInput<S extends { rules: R }, M, R>(
  game: PatienceGame<S, M, R>,
  text: string,
  rules: R,
): S {
  return isJsonBoard(text) ? game.board.fromJson(parseJsonText(text), rules) : game.board.parse(text, rules);
}

/**
 * The game with `board.parse` reading either form (`parseBoardInput`): for a caller that reads boards through
 * `board.parse` and should take JSON boards as well.
 */
export function readingJsonBoards<G extends PatienceGame<{ rules: R }, unknown, R>, R>(game: G): G {
  return {
    ...game,
    board: { ...game.board, parse: (text: string, rules: R) => parseBoardInput(game, text, rules) },
  };
}
