import { mkdirSync, readdirSync, renameSync, rmSync, statSync, writeFileSync } from "node:fs";
import { homedir } from "node:os";
import { basename, dirname, join } from "node:path";
import { escapeControls, shortText } from "../cards/text.ts";
import { InputError, readTextInput, specialFileKind } from "./input.ts";

/** Where tsol keeps save files and high scores: TSOL_DATA_DIR, else $XDG_DATA_HOME/tsol, else ~/.local/share/tsol. */
export function dataDir(): string {
  const own = process.env.TSOL_DATA_DIR;
  if (own) return own;
  const xdg = process.env.XDG_DATA_HOME;
  return join(xdg ? xdg : join(homedir(), ".local", "share"), "tsol");
}

/**
 * Something other than a plain file (a named pipe, a folder, a device, a socket) where tsol keeps one of its files.
 * Reading a named pipe would wait for a writer forever, before anything is drawn: such a path is refused at once,
 * and never replaced or removed either (it is the user's).
 */
export class DataFileError extends Error {
  readonly code = "special_file";
  constructor(
    readonly path: string,
    message: string,
  ) {
    super(message);
    this.name = "DataFileError";
  }
}

function refusal(path: string, what: string, kind: string): DataFileError {
  return new DataFileError(
    path,
    escapeControls(
      `${path} is ${kind}, not a file: tsol keeps its ${what} there. Move it away, or set TSOL_DATA_DIR to ` +
        "another folder",
    ),
  );
}

/**
 * Refuses (with a DataFileError) a path where something other than a plain file sits, without opening it; a
 * missing file is fine, and one that cannot be looked at is left for the read or write to report.
 */
export function checkDataFile(path: string, what: string): void {
  let kind: string | undefined;
  try {
    kind = specialFileKind(statSync(path));
  } catch {
    return;
  }
  if (kind !== undefined) throw refusal(path, what, kind);
}

/**
 * Writes JSON so that a reader never sees half a file: a temporary file in the same directory, then a rename. A
 * special file at `path` is refused (DataFileError), not replaced; the temporary file is created afresh (a named
 * pipe left at its name is removed first, never written into).
 */
export function writeJsonAtomic(path: string, value: unknown, what = "file"): void {
  checkDataFile(path, what);
  mkdirSync(dirname(path), { recursive: true });
  const temporary = `${path}.${process.pid}.tmp`;
  rmSync(temporary, { force: true });
  writeFileSync(temporary, `${JSON.stringify(value, null, 2)}\n`, { flag: "wx" });
  renameSync(temporary, path);
}

/** Removes one of tsol's files (a save no longer needed); a special file at `path` is refused, not removed. */
export function removeDataFile(path: string, what = "file"): void {
  checkDataFile(path, what);
  rmSync(path, { force: true });
}

export interface ReadResult<T> {
  value?: T;
  /** Set when the file existed but could not be used; the file has been moved aside. */
  problem?: string;
}

function isRunning(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === "EPERM";
  }
}

/**
 * Removes the temporary files (`<path>.<pid>.tmp`) that a save killed between its write and its rename left
 * behind; those of a process still running are its own business and are kept. Returns the files removed.
 */
export function removeStaleTemporaries(path: string): string[] {
  const dir = dirname(path);
  const pattern = new RegExp(`^${basename(path).replace(/[.*+?^${}()|[\]\\]/g, "\\$&")}\\.(\\d+)\\.tmp$`);
  let names: string[];
  try {
    names = readdirSync(dir);
  } catch {
    return [];
  }
  const removed: string[] = [];
  for (const name of names) {
    const pid = Number(pattern.exec(name)?.[1]);
    if (!Number.isInteger(pid) || pid === process.pid || (pid > 0 && isRunning(pid))) continue;
    try {
      rmSync(join(dir, name), { force: true });
      removed.push(name);
    } catch {
      // left for the next start
    }
  }
  return removed;
}

/**
 * Reads a JSON file (at most 1 MB; a UTF-8 byte-order mark is fine) and checks it with `parse`. A missing file
 * gives neither value nor problem. A file that is too large, not JSON, or that `parse` rejects, is moved aside to
 * `<path>.corrupt-<timestamp>` so the caller can start clean. Stale temporary files of a killed save are removed
 * first. A problem is text fit for the terminal: no control characters, nothing of the file's text at length.
 * Something other than a plain file at `path` (a named pipe, a folder, a device) is neither read nor moved: it
 * throws a DataFileError at once.
 */
export function readJsonFile<T>(path: string, parse: (raw: unknown) => T, what = "file"): ReadResult<T> {
  checkDataFile(path, what);
  removeStaleTemporaries(path);
  let text: string;
  try {
    text = readTextInput(path, what, undefined, true);
  } catch (error) {
    if (error instanceof InputError && error.errno === "ENOENT") return {};
    // Swapped in since the check above: still refused, still without waiting.
    if (error instanceof InputError && error.code === "special_file")
      throw refusal(path, what, "not a plain file");
    if (!(error instanceof InputError) || error.code !== "input_too_large") {
      return { problem: escapeControls(`cannot read ${path}: ${shortText((error as Error).message, 200)}`) };
    }
    return { problem: moveAside(path, error.message) };
  }
  try {
    return { value: parse(JSON.parse(text)) };
  } catch (error) {
    return { problem: moveAside(path, (error as Error).message) };
  }
}

function moveAside(path: string, why: string): string {
  const aside = `${path}.corrupt-${new Date().toISOString().replace(/[:.]/g, "-")}`;
  let where = `moved to ${aside}`;
  try {
    renameSync(path, aside);
  } catch (moveError) {
    where = `could not be moved aside (${(moveError as Error).message})`;
  }
  return escapeControls(`${path} is corrupt (${shortText(why, 200)}); ${where}`);
}
