import { mkdirSync, readFileSync, renameSync, writeFileSync } from "node:fs";
import { homedir } from "node:os";
import { dirname, join } from "node:path";

/** Where tsol keeps save files and high scores: TSOL_DATA_DIR, else $XDG_DATA_HOME/tsol, else ~/.local/share/tsol. */
export function dataDir(): string {
  const own = process.env.TSOL_DATA_DIR;
  if (own) return own;
  const xdg = process.env.XDG_DATA_HOME;
  return join(xdg ? xdg : join(homedir(), ".local", "share"), "tsol");
}

/** Writes JSON so that a reader never sees half a file: a temporary file in the same directory, then a rename. */
export function writeJsonAtomic(path: string, value: unknown): void {
  mkdirSync(dirname(path), { recursive: true });
  const temporary = `${path}.${process.pid}.tmp`;
  writeFileSync(temporary, `${JSON.stringify(value, null, 2)}\n`);
  renameSync(temporary, path);
}

export interface ReadResult<T> {
  value?: T;
  /** Set when the file existed but could not be used; the file has been moved aside. */
  problem?: string;
}

/**
 * Reads a JSON file and checks it with `parse`. A missing file gives neither value nor problem. A file that is
 * not JSON, or that `parse` rejects, is moved aside to `<path>.corrupt-<timestamp>` so the caller can start clean.
 */
export function readJsonFile<T>(path: string, parse: (raw: unknown) => T): ReadResult<T> {
  let text: string;
  try {
    text = readFileSync(path, "utf8");
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === "ENOENT") return {};
    return { problem: `cannot read ${path}: ${(error as Error).message}` };
  }
  try {
    return { value: parse(JSON.parse(text)) };
  } catch (error) {
    const aside = `${path}.corrupt-${new Date().toISOString().replace(/[:.]/g, "-")}`;
    let where = `moved to ${aside}`;
    try {
      renameSync(path, aside);
    } catch (moveError) {
      where = `could not be moved aside (${(moveError as Error).message})`;
    }
    return { problem: `${path} is corrupt (${(error as Error).message}); ${where}` };
  }
}
