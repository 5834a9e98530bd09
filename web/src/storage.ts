/** localStorage, read defensively: anything unreadable is reported and replaced, never trusted. */

export const KEYS = {
  settings: "tsol.settings.v1",
  stats: "tsol.stats.v1",
  freecell: "tsol.freecell.save.v1",
  tetrisScores: "tsol.tetris.scores.v1",
} as const;

export interface Loaded<T> {
  value: T;
  /** Why the stored value could not be used, when it could not. */
  problem?: string;
}

function storage(): Storage | undefined {
  try {
    return globalThis.localStorage;
  } catch {
    return undefined;
  }
}

/** Reads and checks a stored value; `check` throws an Error whose message says what is wrong. */
export function readStored<T>(key: string, check: (raw: unknown) => T, fallback: () => T): Loaded<T> {
  const store = storage();
  const text = store?.getItem(key);
  if (text === null || text === undefined) return { value: fallback() };
  try {
    return { value: check(JSON.parse(text)) };
  } catch (error) {
    store?.removeItem(key);
    return { value: fallback(), problem: error instanceof Error ? error.message : String(error) };
  }
}

export function writeStored(key: string, value: unknown): void {
  try {
    storage()?.setItem(key, JSON.stringify(value));
  } catch {
    // Full or forbidden storage: the game goes on without saving.
  }
}

export function removeStored(key: string): void {
  storage()?.removeItem(key);
}

export function isRecord(raw: unknown): raw is Record<string, unknown> {
  return typeof raw === "object" && raw !== null && !Array.isArray(raw);
}

export class StoredDataError extends Error {
  readonly code = "bad_stored_data";
  constructor(message: string) {
    super(message);
    this.name = "StoredDataError";
  }
}
