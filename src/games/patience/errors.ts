import { quoteToken } from "../../cards/text.ts";

/**
 * The errors every patience game throws. Each has a stable `code` and a message a player can act on; text
 * quoted from the user is escaped and cut short (`quoteToken`), never echoed whole.
 */

/** An illegal move; `reason` says why, in words. */
export class IllegalMoveError extends Error {
  readonly code = "illegal_move";
  constructor(
    readonly move: unknown,
    readonly reason: string,
  ) {
    super(reason);
    this.name = "IllegalMoveError";
  }
}

/** A move that cannot be read in the game's notation. */
export class NotationError extends Error {
  readonly code = "bad_notation";
  constructor(
    /** The move as given (it may be long or hold control characters: show it with quoteToken). */
    readonly text: string,
    /** What is wrong, without the move: for a caller that names the move itself. */
    readonly reason: string,
  ) {
    super(`${quoteToken(text)}: ${reason}`);
    this.name = "NotationError";
  }
}

/** Board text (or board JSON) that is not exactly a position of the game; names the line and the token. */
export class BoardTextError extends Error {
  readonly code = "bad_board";
  constructor(
    /** The line at fault (1-based), when the fault is on one line. */
    readonly line: number | undefined,
    /** The token at fault as given (it may be long or hold control characters: show it with quoteToken). */
    readonly token: string | undefined,
    reason: string,
  ) {
    super(line === undefined ? reason : `line ${line}: ${reason}`);
    this.name = "BoardTextError";
  }
}

/** A saved game that cannot be resumed. */
export class SaveError extends Error {
  readonly code = "bad_save";
  constructor(reason: string) {
    super(`saved game: ${reason}`);
    this.name = "SaveError";
  }
}
