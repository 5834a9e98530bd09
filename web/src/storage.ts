/**
 * Stored data, read defensively: anything unreadable is reported and replaced, never trusted. The store is
 * injected (localStorage in the page, a Map in the tests), so the controller and the migrations are tested in
 * vitest without a browser.
 */

/** What the app needs of localStorage. */
export interface KeyValueStore {
  getItem(key: string): string | null;
  setItem(key: string, value: string): void;
  removeItem(key: string): void;
}

export const KEYS = {
  settings: "tsol.settings.v2",
  stats: "tsol.stats.v2",
  tetrisScores: "tsol.tetris.scores.v1",
  /** The game in progress of a patience game of the registry. */
  save: (game: string) => `tsol.save.${game}.v2`,
  /** What earlier versions kept: read once, migrated, then removed. */
  legacySettings: "tsol.settings.v1",
  legacyStats: "tsol.stats.v1",
  legacyFreeCellSave: "tsol.freecell.save.v1",
} as const;

export interface Loaded<T> {
  value: T;
  /** Why the stored value could not be used, when it could not. */
  problem?: string;
}

/** A store kept in memory: the tests' store, and the page's when localStorage is forbidden. */
export class MemoryStore implements KeyValueStore {
  private readonly data = new Map<string, string>();
  getItem(key: string): string | null {
    return this.data.get(key) ?? null;
  }
  setItem(key: string, value: string): void {
    this.data.set(key, value);
  }
  removeItem(key: string): void {
    this.data.delete(key);
  }
  keys(): string[] {
    return [...this.data.keys()];
  }
}

let fallback: MemoryStore | undefined;

/** The page's store: localStorage, or memory when the browser forbids it (the game goes on unsaved). */
export function browserStore(): KeyValueStore {
  try {
    const store = globalThis.localStorage;
    if (store) return store;
  } catch {
    // Storage forbidden (privacy settings): fall through to memory.
  }
  fallback ??= new MemoryStore();
  return fallback;
}

/** Reads and checks a stored value; `check` throws an Error whose message says what is wrong. */
export function readStored<T>(
  store: KeyValueStore,
  key: string,
  check: (raw: unknown) => T,
  fallbackValue: () => T,
): Loaded<T> {
  let text: string | null;
  try {
    text = store.getItem(key);
  } catch {
    return { value: fallbackValue() };
  }
  if (text === null) return { value: fallbackValue() };
  try {
    return { value: check(JSON.parse(text)) };
  } catch (error) {
    removeStored(store, key);
    return { value: fallbackValue(), problem: error instanceof Error ? error.message : String(error) };
  }
}

export function writeStored(store: KeyValueStore, key: string, value: unknown): void {
  try {
    store.setItem(key, JSON.stringify(value));
  } catch {
    // Full or forbidden storage: the game goes on without saving.
  }
}

export function removeStored(store: KeyValueStore, key: string): void {
  try {
    store.removeItem(key);
  } catch {
    // Forbidden storage: nothing was kept anyway.
  }
}

/** Whether a key holds anything. */
export function hasStored(store: KeyValueStore, key: string): boolean {
  try {
    return store.getItem(key) !== null;
  } catch {
    return false;
  }
}

export function isRecord(raw: unknown): raw is Record<string, unknown> {
  return typeof raw === "object" && raw !== null && !Array.isArray(raw);
}
