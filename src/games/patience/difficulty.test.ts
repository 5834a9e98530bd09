import { describe, expect, it } from "vitest";
import { mulberry32 } from "../../cards/random.ts";
import { findPatience } from "../registry.ts";
import type { AnyPatienceGame } from "./contract.ts";
import {
  DEFAULT_BUDGET,
  describeDifficulty,
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
