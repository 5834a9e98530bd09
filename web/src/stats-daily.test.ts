import { describe, expect, it } from "vitest";
import { dailySummaries, dayBefore, type GameInfo, StatsBook } from "./stats.ts";
import { MemoryStore } from "./storage.ts";

const info = (id: string, deal: number): GameInfo => ({
  id,
  game: "freecell",
  label: "FreeCell",
  rules: {},
  deal,
  numbering: "microsoft",
});

function open(book: StatsBook, date: string, deal: number): void {
  book.dailyOpened({ game: "freecell", date, label: "FreeCell", numbering: "microsoft", deal });
}

describe("the daily deals' statistics", () => {
  it("count a day won on its deal, and a streak of days won one after another", () => {
    const book = new StatsBook(new MemoryStore());
    expect(dayBefore("2026-03-01")).toBe("2026-02-28");
    open(book, "2026-11-26", 100);
    book.played(info("a", 100));
    book.won(info("a", 100), 1000, 80, false);
    open(book, "2026-11-27", 200);
    book.won(info("b", 200), 1000, 80, false);
    open(book, "2026-11-28", 300);
    let [fc] = dailySummaries(book.load().value, "2026-11-28");
    // Today's not won yet: the streak runs up to yesterday.
    expect(fc).toMatchObject({
      game: "freecell",
      played: 2,
      won: 2,
      streak: 2,
      bestStreak: 2,
      today: "open",
    });
    // Another deal won is not the day's.
    book.won(info("c", 999), 1000, 80, false);
    book.won(info("d", 300), 1000, 80, false);
    [fc] = dailySummaries(book.load().value, "2026-11-28");
    expect(fc).toMatchObject({ won: 3, streak: 3, bestStreak: 3, today: "won" });
    // A day missed ends the streak; the best stays.
    [fc] = dailySummaries(book.load().value, "2026-11-30");
    expect(fc).toMatchObject({ streak: 0, bestStreak: 3 });
  });

  it("a day given up is lost, can be won again on its deal, and a win with help is no win", () => {
    const book = new StatsBook(new MemoryStore());
    open(book, "2026-11-28", 300);
    book.played(info("a", 300));
    book.abandoned(info("a", 300), 1000, 5);
    let [fc] = dailySummaries(book.load().value, "2026-11-28");
    expect(fc).toMatchObject({ played: 1, won: 0, today: "lost" });
    book.won(info("b", 300), 1000, 80, false);
    [fc] = dailySummaries(book.load().value, "2026-11-28");
    expect(fc).toMatchObject({ won: 1, streak: 1, today: "won" });
    open(book, "2026-11-29", 400);
    book.won(info("c", 400), 1000, 80, true);
    [fc] = dailySummaries(book.load().value, "2026-11-29");
    expect(fc).toMatchObject({ won: 1, streak: 1, today: "assisted" });
  });

  it("survive a reload, and drop a malformed day", () => {
    const store = new MemoryStore();
    const book = new StatsBook(store);
    open(book, "2026-11-28", 300);
    const raw = JSON.parse(store.getItem("tsol.stats.v2") as string);
    raw.daily.bad = {
      game: "freecell",
      date: "28/11",
      label: "x",
      numbering: "microsoft",
      deal: 1,
      result: "won",
    };
    store.setItem("tsol.stats.v2", JSON.stringify(raw));
    const all = new StatsBook(store).load().value;
    expect(Object.keys(all.daily)).toEqual(["freecell|2026-11-28"]);
  });
});
