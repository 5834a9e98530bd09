import { closeSync, constants, fstatSync, openSync, readSync, type Stats } from "node:fs";
import { quoteToken } from "../cards/text.ts";

/** The most the command line reads of a board, a solution, a save or a replay: 1 MB. */
export const MAX_INPUT_BYTES = 1024 * 1024;

export class InputError extends Error {
  constructor(
    readonly code: "input_too_large" | "unreadable_input" | "special_file",
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
 * What a special file is, in words ("a named pipe (FIFO)", "a folder", …), or undefined for a plain file. Reading
 * a named pipe waits for a writer that may never come, a device may never end: tsol's own files must be plain.
 */
export function specialFileKind(stats: Stats): string | undefined {
  if (stats.isFile()) return undefined;
  if (stats.isDirectory()) return "a folder";
  if (stats.isFIFO()) return "a named pipe (FIFO)";
  if (stats.isSocket()) return "a socket";
  if (stats.isCharacterDevice() || stats.isBlockDevice()) return "a device";
  return "not a plain file";
}

/**
 * Reads a file, or standard input for `-`, as UTF-8 text (a byte-order mark dropped), reading at most `limit`
 * bytes: a larger input (a huge file, /dev/zero) is refused with an InputError without being read further.
 * `what` names the input in messages ("board", "solution", "saved game"). With `plainOnly` (tsol's own files: a
 * save, the high scores), the file is opened without waiting (a named pipe would wait for a writer) and anything
 * but a plain file is refused at once (code `special_file`).
 */
export function readTextInput(
  path: string,
  what: string,
  limit = MAX_INPUT_BYTES,
  plainOnly = false,
): string {
  let fd: number;
  try {
    fd =
      path === "-" && !plainOnly
        ? 0
        : openSync(path, plainOnly ? constants.O_RDONLY | constants.O_NONBLOCK | constants.O_NOCTTY : "r");
  } catch (error) {
    throw new InputError(
      "unreadable_input",
      `cannot read the ${describe(what, path)}: ${reason(error)}`,
      (error as NodeJS.ErrnoException).code,
    );
  }
  if (plainOnly) {
    let kind: string | undefined;
    try {
      kind = specialFileKind(fstatSync(fd));
    } catch (error) {
      kind = `not readable (${reason(error)})`;
    }
    if (kind !== undefined) {
      closeSync(fd);
      throw new InputError("special_file", `the ${describe(what, path)} is ${kind}, not a file`);
    }
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
