import { describe, expect, it } from "vitest";
import { mulberry32 } from "../../cards/random.ts";
import { findPatience, OTHER_PRESETS } from "../registry.ts";
import type { AnyPatienceGame } from "./contract.ts";
import { findDaily, hasDaily } from "./daily.ts";
import {
  DEFAULT_BUDGET,
  describeDifficulty,
  difficultyOf,
  findDealOfLevel,
  LEVELS,
  levelOf,
  rate,
  THRESHOLDS,
} from "./difficulty.ts";

const game = (id: string) => findPatience(id) as AnyPatienceGame;

describe("difficulty levels", () => {
  it("split at the game's measured thresholds: easy up to the first, medium up to the second, hard above", () => {
    const t = THRESHOLDS["king-albert"];
    expect(t.easy).toBeLessThan(t.medium);
    expect(t.medium).toBeLessThanOrEqual(t.budget);
    expect(levelOf("king-albert", 1)).toBe("easy");
    expect(levelOf("king-albert", t.easy)).toBe("easy");
    expect(levelOf("king-albert", t.easy + 1)).toBe("medium");
    expect(levelOf("king-albert", t.medium)).toBe("medium");
    expect(levelOf("king-albert", t.medium + 1)).toBe("hard");
    // A game whose solver proves too few deals in the budget has no levels.
    expect(levelOf("spider", 10)).toBeNull();
  });

  it("every game with levels has thresholds in order within its budget", () => {
    for (const [id, t] of Object.entries(THRESHOLDS)) {
      expect(findPatience(id), id).toBeDefined();
      expect(t.easy, id).toBeGreaterThan(0);
      expect(t.easy, id).toBeLessThanOrEqual(t.medium);
      expect(t.medium, id).toBeLessThan(t.budget);
    }
  });

  it("a rating is the same every time (a count of positions, never time), and says what the solver did", async () => {
    const g = game("king-albert");
    const solver = await g.solver();
    const rules = g.rules.make({});
    const seen = new Set<string>();
    for (const deal of [1, 2, 3, 5]) {
      const state = g.deal(deal, rules, "microsoft");
      const a = rate(g, solver, state);
      expect(rate(g, solver, state)).toEqual(a);
      expect(a.budget).toBe(DEFAULT_BUDGET);
      if (a.result === "solved") {
        expect(a.level).toBe(levelOf("king-albert", a.positions));
        expect(a.moves).toBeGreaterThan(0);
        expect(describeDifficulty(a)).toMatch(
          new RegExp(`^${a.level} \\(the solver won in ${a.moves} moves`),
        );
      } else {
        expect(a.level).toBeNull();
      }
      seen.add(a.result);
    }
    // King Albert's deal 2 is proved not winnable: no level, and said so.
    const lost = rate(g, solver, g.deal(2, rules, "microsoft"));
    expect(lost.result).toBe("unsolvable");
    expect(describeDifficulty(lost)).toMatch(/^not winnable/);
    expect(seen.has("solved")).toBe(true);
  });

  it("a new deal of a level has that level", async () => {
    const g = game("klondike");
    const solver = await g.solver();
    const rules = g.rules.make({});
    for (const level of LEVELS) {
      const found = findDealOfLevel(g, solver, { rules, numbering: "microsoft", level }, mulberry32(7));
      expect(found, level).not.toBeNull();
      if (!found) continue;
      expect(found.difficulty.level).toBe(level);
      expect(rate(g, solver, g.deal(found.deal, rules, "microsoft")).level).toBe(level);
    }
    expect(
      findDealOfLevel(
        game("spider"),
        solver,
        { rules, numbering: "solvitaire", level: "easy" },
        mulberry32(1),
      ),
    ).toBeNull();
  });
});

describe("a Solvitaire preset with measured thresholds", () => {
  // FreeCell with 2 cells, a preset that is not a registry game, dealt in Solvitaire's numbering.
  const id = "free-cell-2-cell";

  it("gets levels: its numbered deals are rated and a deal of each level is found", async () => {
    expect(OTHER_PRESETS).toContain(id);
    const g = game(id);
    expect(difficultyOf(id)).toBeDefined();
    const solver = await g.solver();
    const rules = g.rules.make({});
    const rated = [1, 2, 3, 4, 5, 6].map((deal) => rate(g, solver, g.deal(deal, rules, "solvitaire")));
    const solved = rated.filter((d) => d.result === "solved");
    expect(solved.length).toBeGreaterThan(0);
    for (const d of rated) expect(d.level).toBe(d.result === "solved" ? levelOf(id, d.positions) : null);
    for (const d of solved) expect(LEVELS).toContain(d.level);
    for (const level of LEVELS) {
      const found = findDealOfLevel(g, solver, { rules, numbering: "solvitaire", level }, mulberry32(11));
      expect(found, level).not.toBeNull();
      if (found) expect(rate(g, solver, g.deal(found.deal, rules, "solvitaire")).level).toBe(level);
    }
  }, 60_000);

  it("gets a daily deal: proved winnable, with its level, the same every time", async () => {
    const g = game(id);
    expect(hasDaily(g)).toBe(true);
    const solver = await g.solver();
    const ask = { date: "2026-12-05", numbering: "solvitaire" as const };
    const daily = findDaily(g, solver, ask);
    expect(findDaily(g, solver, ask)).toEqual(daily);
    expect(daily).toMatchObject({ game: id, date: "2026-12-05", numbering: "solvitaire" });
    expect(daily.difficulty.result).toBe("solved");
    expect(daily.difficulty.level).toBe(levelOf(id, daily.difficulty.positions));
    expect(LEVELS).toContain(daily.difficulty.level);
    expect(rate(g, solver, g.deal(daily.deal, g.rules.make({}), "solvitaire"))).toEqual(daily.difficulty);
  }, 60_000);
});
