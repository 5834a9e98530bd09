import { describe, expect, it } from "vitest";
import { findPatience } from "../../src/games/registry.ts";
import { defaultSettings, loadSettings, patienceSettings, rulesOf } from "./settings.ts";
import { StatsBook, variantKey } from "./stats.ts";
import { KEYS, MemoryStore } from "./storage.ts";

const freecell = findPatience("freecell");
if (!freecell) throw new Error("no FreeCell in the registry");

const info = (id: string, deal: number | null = 7) => ({
  id,
  game: "freecell",
  label: "FreeCell",
  rules: {},
  deal,
  numbering: "microsoft" as const,
});

describe("settings", () => {
  it("migrates the FreeCell-only app's settings: variant and cells become rules; the look and Tetris stay", () => {
    const store = new MemoryStore();
    store.setItem(
      KEYS.legacySettings,
      JSON.stringify({
        theme: "dark",
        sound: true,
        animation: false,
        freecell: {
          policy: "all",
          variant: "bakers-game",
          cells: 2,
          deal: "winnable",
          flagLosing: false,
          statusBudgetMs: 5000,
        },
        tetris: { engine: "classic", das: 120, arr: 30, ghost: false },
      }),
    );
    const { value, problem } = loadSettings(store);
    expect(problem).toBeUndefined();
    expect(value).toMatchObject({
      theme: "dark",
      sound: true,
      animation: false,
      flagLosing: false,
      statusBudgetMs: 5000,
    });
    expect(value.tetris).toMatchObject({ engine: "classic", das: 120, arr: 30, ghost: false });
    const fc = patienceSettings(value, freecell);
    expect(fc).toMatchObject({ policy: "all", deal: "winnable", numbering: "microsoft" });
    expect(freecell.rules.label(rulesOf(value, freecell))).toBe("Baker's Game, 2 cells");
    expect(store.getItem(KEYS.legacySettings)).toBeNull();
    expect(loadSettings(store).value).toEqual(value);
  });

  it("replaces what does not fit the game's schema by the defaults, and says when the text is not JSON", () => {
    const store = new MemoryStore();
    store.setItem(
      KEYS.settings,
      JSON.stringify({
        patience: { freecell: { rules: { cells: 99, build: "suit" }, policy: "sometimes" }, nogame: {} },
      }),
    );
    const { value } = loadSettings(store);
    const fc = patienceSettings(value, freecell);
    expect(fc.rules.cells).toBe(4);
    expect(fc.rules.build).toBe("suit");
    expect(fc.policy).toBe(freecell.policies[0]);
    expect(Object.keys(value.patience)).toEqual(["freecell"]);
    store.setItem(KEYS.settings, "{nope");
    const broken = loadSettings(store);
    expect(broken.problem).toBeDefined();
    expect(broken.value).toEqual(defaultSettings());
  });
});

describe("statistics", () => {
  it("migrates the FreeCell-only app's statistics, kept per variant with the rules to deal again", () => {
    const store = new MemoryStore();
    store.setItem(
      KEYS.legacyStats,
      JSON.stringify({
        FreeCell: {
          played: 10,
          won: 7,
          currentStreak: 2,
          bestStreak: 4,
          bestTimeMs: 95000,
          fewestMoves: 80,
          countedPlayed: ["a"],
          countedWon: ["a"],
        },
        "Baker's Game, 2 cells": {
          played: 3,
          won: 0,
          currentStreak: 0,
          bestStreak: 0,
          bestTimeMs: null,
          fewestMoves: null,
        },
      }),
    );
    const book = new StatsBook(store);
    const all = book.load().value;
    expect(all.variants[variantKey("freecell", "FreeCell")]).toMatchObject({
      played: 10,
      won: 7,
      bestStreak: 4,
      countedWon: ["a"],
    });
    const bakers = all.variants[variantKey("freecell", "Baker's Game, 2 cells")];
    expect(bakers.played).toBe(3);
    expect(freecell.rules.label(freecell.rules.make(bakers.rules))).toBe("Baker's Game, 2 cells");
    expect(store.getItem(KEYS.legacyStats)).toBeNull();
    // A win of an already counted game is not counted again.
    expect(book.won(info("a"), 1000, 90, false)).toBe(false);
    expect(book.load().value.variants[variantKey("freecell", "FreeCell")].won).toBe(7);
  });

  it("counts a game once, records recent games, and the deals won and lost", () => {
    const book = new StatsBook(new MemoryStore(), () => 42);
    book.played(info("g1", 5));
    book.played(info("g1", 5));
    book.abandoned(info("g1", 5), 30_000, 12);
    book.played(info("g2", 6));
    expect(book.won(info("g2", 6), 60_000, 90, false)).toBe(true);
    expect(book.won(info("g2", 6), 50_000, 80, false)).toBe(false);
    book.played(info("g3", 8));
    expect(book.won(info("g3", 8), 10_000, 100, true)).toBe(false);
    const all = book.load().value;
    const v = all.variants[variantKey("freecell", "FreeCell")];
    expect(v).toMatchObject({
      played: 3,
      won: 1,
      currentStreak: 0,
      bestStreak: 1,
      bestTimeMs: 60_000,
      fewestMoves: 90,
    });
    expect(v.deals).toEqual({ "microsoft:5": "lost", "microsoft:6": "won" });
    expect(all.recent.map((r) => [r.id, r.result])).toEqual([
      ["g3", "assisted"],
      ["g2", "won"],
      ["g1", "lost"],
    ]);
    expect(all.recent[2]).toMatchObject({ moves: 12, ms: 30_000, date: 42 });
  });
});
