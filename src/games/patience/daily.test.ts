import { describe, expect, it } from "vitest";
import { findPatience } from "../registry.ts";
import type { AnyPatienceGame } from "./contract.ts";
import {
  DAILY_RANGE,
  DAILY_TRIES,
  DailyError,
  dailyCandidates,
  dailyDeal,
  findDaily,
  hasDaily,
  parseDailyDate,
  utcDate,
} from "./daily.ts";
import { budgetOf, ratingPolicy } from "./difficulty.ts";
import { movesNotation } from "./solution.ts";
import { checkSolution } from "./verify.ts";

const game = (id: string) => findPatience(id) as AnyPatienceGame;

describe("the daily deal's date", () => {
  it("is the UTC calendar date of the moment", () => {
    expect(utcDate(Date.UTC(2026, 10, 28, 23, 59, 59))).toBe("2026-11-28");
    expect(utcDate(Date.UTC(2026, 10, 29, 0, 0, 0))).toBe("2026-11-29");
    expect(utcDate(Date.UTC(2028, 1, 29, 12))).toBe("2028-02-29");
    // Day by day over four centuries, as the Date object counts them.
    for (let ms = Date.UTC(1999, 0, 1); ms < Date.UTC(2401, 0, 1); ms += 86_400_000 * 7 + 3_600_000)
      expect(utcDate(ms)).toBe(new Date(ms).toISOString().slice(0, 10));
  });

  it("is read as YYYY-MM-DD, a real day from 2000 on; anything else is a clear error", () => {
    expect(parseDailyDate("2026-11-28")).toBe("2026-11-28");
    expect(parseDailyDate(" 2028-02-29 ")).toBe("2028-02-29");
    expect(parseDailyDate("2000-02-29")).toBe("2000-02-29");
    expect(parseDailyDate("2026-12-31")).toBe("2026-12-31");
    for (const bad of [
      "2026-02-29",
      "2026-13-01",
      "2026-04-31",
      "1999-12-31",
      "28/11/2026",
      "2026-1-5",
      "",
      "today",
    ]) {
      expect(() => parseDailyDate(bad), bad).toThrow(DailyError);
    }
    expect(() => parseDailyDate("2026-02-30")).toThrow(/"2026-02-30" is not a day of the calendar/);
    expect(() => parseDailyDate("tomorrow")).toThrow(/write it YYYY-MM-DD/);
  });
});

describe("the day's sequence of deals", () => {
  const freecell = game("freecell");
  it("is the same every time, and differs by date, game and numbering", () => {
    const ask = { date: "2026-11-28", numbering: "microsoft" as const };
    const a = dailyCandidates(freecell, ask);
    expect(a).toEqual(dailyCandidates(freecell, ask));
    expect(a).toHaveLength(DAILY_TRIES);
    for (const n of a) expect(n >= 1 && n <= DAILY_RANGE && Number.isInteger(n)).toBe(true);
    expect(new Set(a).size).toBeGreaterThan(DAILY_TRIES - 2);
    expect(dailyCandidates(freecell, { ...ask, date: "2026-11-29" })).not.toEqual(a);
    expect(dailyCandidates(freecell, { ...ask, numbering: "solvitaire" })).not.toEqual(a);
    expect(dailyCandidates(game("klondike"), ask)).not.toEqual(a);
  });

  it("depends on the rules only when they are not the game's defaults", () => {
    const ask = { date: "2026-11-28", numbering: "microsoft" as const };
    const defaults = dailyCandidates(freecell, ask);
    expect(dailyCandidates(freecell, { ...ask, rules: freecell.rules.make({}) })).toEqual(defaults);
    expect(dailyCandidates(freecell, { ...ask, rules: freecell.rules.make({ cells: 3 }) })).not.toEqual(
      defaults,
    );
  });
});

describe("the daily deal", () => {
  // Every numbering of a quick game of each engine: the same deal twice, proved winnable by a solution that
  // replays, the deals skipped before it not proved within the budget.
  for (const id of ["freecell", "klondike", "king-albert", "fortunes-favor"]) {
    const g = game(id);
    for (const numbering of g.numberings) {
      it(`${id}, ${numbering} numbering: the same deal every time, and winnable`, async () => {
        const ask = { date: "2026-11-28", numbering };
        const solver = await g.solver();
        const daily = findDaily(g, solver, ask);
        expect(findDaily(g, solver, ask)).toEqual(daily);
        expect(daily).toMatchObject({ game: id, date: "2026-11-28", numbering });
        const candidates = dailyCandidates(g, ask);
        expect(candidates.slice(0, daily.skipped.length + 1)).toEqual([...daily.skipped, daily.deal]);
        const rules = g.rules.make({});
        const start = g.deal(daily.deal, rules, numbering);
        const result = solver.solve(start, {
          policy: ratingPolicy(g),
          budget: { positions: budgetOf(id) },
        });
        expect(result.result).toBe("solved");
        const check = checkSolution(g, start, movesNotation(g, start, result.moves), "none");
        expect(check.won).toBe(true);
        for (const skipped of daily.skipped) {
          const r = solver.solve(g.deal(skipped, rules, numbering), {
            policy: ratingPolicy(g),
            budget: { positions: budgetOf(id) },
          });
          expect(r.result).not.toBe("solved");
        }
      });
    }
  }

  it("is another deal on another day", async () => {
    const g = game("freecell");
    const a = await dailyDeal(g, { date: "2026-11-28", numbering: "microsoft" });
    const b = await dailyDeal(g, { date: "2026-11-29", numbering: "microsoft" });
    expect(a.deal).not.toBe(b.deal);
  });

  it("refuses a bad date, a numbering the game lacks, and a game without daily deals", async () => {
    const g = game("freecell");
    await expect(dailyDeal(g, { date: "2026-02-31", numbering: "microsoft" })).rejects.toThrow(DailyError);
    const spider = game("spider");
    expect(hasDaily(spider)).toBe(false);
    await expect(dailyDeal(spider, { date: "2026-11-28", numbering: "solvitaire" })).rejects.toThrow(
      /has no daily deal/,
    );
    await expect(dailyDeal(spider, { date: "2026-11-28", numbering: "microsoft" })).rejects.toThrow(
      /no microsoft numbering/,
    );
  });
});
