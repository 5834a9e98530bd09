/**
 * The errors every patience game throws. Each has a stable `code` and a message a player can act on; tokens
 * quoted from the user's text are cut short (see `clip`), never echoed whole.
 */

/** A user's text quoted in a message: control characters shown as escapes, at most 40 characters. */
export function clip(text: string, max = 40): string {
  const shown = Array.from(text)
    .slice(0, max + 1)
    .map((ch) => {
      const code = ch.codePointAt(0) as number;
      return code < 0x20 || (code >= 0x7f && code < 0xa0) ? `\\x${code.toString(16).padStart(2, "0")}` : ch;
    });
  return shown.length > max ? `${shown.slice(0, max).join("")}…` : shown.join("");
}

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
    readonly text: string,
    reason: string,
  ) {
    super(`"${clip(text)}": ${reason}`);
    this.name = "NotationError";
  }
}

/** Board text (or board JSON) that is not exactly a position of the game; names the line and the token. */
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

/** A saved game that cannot be resumed. */
export class SaveError extends Error {
  readonly code = "bad_save";
  constructor(reason: string) {
    super(`saved game: ${reason}`);
    this.name = "SaveError";
  }
}
