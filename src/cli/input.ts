import { closeSync, openSync, readSync } from "node:fs";
import { quoteToken } from "../cards/text.ts";

/** The most the command line reads of a board, a solution, a save or a replay: 1 MB. */
export const MAX_INPUT_BYTES = 1024 * 1024;

export class InputError extends Error {
  constructor(
    readonly code: "input_too_large" | "unreadable_input",
    message: string,
    /** The system's error code when the file could not be read (ENOENT, EACCES, …). */
    readonly errno?: string,
  ) {
    super(message);
    this.name = "InputError";
  }
}

const pause = new Int32Array(new SharedArrayBuffer(4));

/** Reads into `buffer` from `offset`; waits and tries again when a non-blocking descriptor has nothing yet. */
function readSome(fd: number, buffer: Buffer, offset: number): number {
  for (;;) {
    try {
      return readSync(fd, buffer, offset, buffer.length - offset, null);
    } catch (error) {
      const code = (error as NodeJS.ErrnoException).code;
      if (code === "EAGAIN" || code === "EWOULDBLOCK") {
        Atomics.wait(pause, 0, 0, 10);
        continue;
      }
      if (code === "EOF") return 0;
      throw error;
    }
  }
}

function describe(what: string, path: string): string {
  return path === "-" ? `${what} on standard input` : `${what} ${quoteToken(path)}`;
}

/**
 * Reads a file, or standard input for `-`, as UTF-8 text (a byte-order mark dropped), reading at most `limit`
 * bytes: a larger input (a huge file, /dev/zero) is refused with an InputError without being read further.
 * `what` names the input in messages ("board", "solution", "saved game").
 */
export function readTextInput(path: string, what: string, limit = MAX_INPUT_BYTES): string {
  let fd: number;
  try {
    fd = path === "-" ? 0 : openSync(path, "r");
  } catch (error) {
    throw new InputError(
      "unreadable_input",
      `cannot read the ${describe(what, path)}: ${reason(error)}`,
      (error as NodeJS.ErrnoException).code,
    );
  }
  const buffer = Buffer.allocUnsafe(limit + 1);
  let length = 0;
  try {
    for (;;) {
      const n = readSome(fd, buffer, length);
      if (n === 0) break;
      length += n;
      if (length > limit) {
        throw new InputError(
          "input_too_large",
          `the ${describe(what, path)} is larger than ${limit.toLocaleString("en")} bytes: that is not a ${what}`,
        );
      }
    }
  } catch (error) {
    if (error instanceof InputError) throw error;
    throw new InputError(
      "unreadable_input",
      `cannot read the ${describe(what, path)}: ${reason(error)}`,
      (error as NodeJS.ErrnoException).code,
    );
  } finally {
    if (fd !== 0) closeSync(fd);
  }
  return new TextDecoder("utf-8").decode(buffer.subarray(0, length));
}

function reason(error: unknown): string {
  const e = error as NodeJS.ErrnoException;
  const known: Record<string, string> = {
    ENOENT: "no such file",
    EACCES: "permission denied",
    EISDIR: "it is a folder",
  };
  return (e.code && known[e.code]) ?? e.message;
}
