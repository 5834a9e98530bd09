import { describe, expect, it } from "vitest";
import { replaysToWin } from "../patience/testing.ts";
import { freecellTwin, solveByFreeCell } from "./freecell-twin.ts";
import { familyGame } from "./index.ts";
import { CATALOGUE_RULES, SOLVITAIRE_PRESETS } from "./presets.ts";
import { solveFamily, solveFamilyOwn } from "./solver.ts";

/**
 * FreeCell's presets go to FreeCell's solver (freecell-twin.ts): which rules are FreeCell's, and the twin's
 * verdicts held to the family's own search (solveFamilyOwn, no twin) on deals of every such preset, one budget of
 * positions for both, every twin win replayed by the platform's verifier through the family's engine with no
 * automatic move.
 */

const TWINS = [
  "bakers-game",
  "british-canister",
  "eight-off",
  "eight-off-any-card-spaces",
  "fore-cell",
  "fore-cell-same-suit",
  "free-cell",
  "free-cell-0-cell",
  "free-cell-1-cell",
  "free-cell-2-cell",
  "free-cell-3-cell",
  "free-cell-4-pile",
  "free-cell-5-pile",
  "free-cell-6-pile",
  "free-cell-7-pile",
];

describe("FreeCell's presets are solved by FreeCell's solver", () => {
  it("takes exactly the rules FreeCell's engine plays: one deck face up on at most 9 piles, cards moved singly", () => {
    const all = { ...SOLVITAIRE_PRESETS, ...CATALOGUE_RULES };
    const taken = Object.keys(all).filter((name) => freecellTwin(all[name]) !== undefined);
    expect(taken.sort()).toEqual(TWINS);
    // Not: 10 piles (Seahaven Towers), 13 (One Cell), groups that move as one (Alpha Star), a reserve (King Albert).
    for (const name of ["seahaven-towers", "one-cell", "alpha-star", "king-albert", "beleaguered-castle"])
      expect(freecellTwin(all[name]), name).toBeUndefined();
    expect(freecellTwin(SOLVITAIRE_PRESETS["eight-off"])).toMatchObject({
      cells: 8,
      build: "suit",
      empty: "kings",
    });
  });

  it.each(TWINS.map((name) => [name]))("%s: the same verdicts as the family's own search", (name) => {
    const rules = SOLVITAIRE_PRESETS[name];
    const game = familyGame(name, name, rules);
    const twin = freecellTwin(rules);
    if (!twin) throw new Error(`${name} is no twin`);
    let both = 0;
    for (let deal = 1; deal <= 3; deal++) {
      const start = game.deal(deal, rules, "solvitaire");
      const byTwin = solveByFreeCell(start, twin, { budget: { positions: 200_000 } });
      if (!byTwin) throw new Error(`deal ${deal} is not a FreeCell position`);
      const own = solveFamilyOwn(start, { budget: { positions: 200_000 } });
      if (byTwin.result === "solved")
        expect(replaysToWin(game, start, byTwin.moves), `deal ${deal}`).toBe(true);
      if (byTwin.result === "unknown" || own.result === "unknown") continue;
      expect(byTwin.result, `deal ${deal}`).toBe(own.result);
      both++;
    }
    expect(both, "deals both decided").toBeGreaterThanOrEqual(2);
  });

  it("solveFamily keeps the family's own search where only kings fill a space (Eight Off)", () => {
    const rules = SOLVITAIRE_PRESETS["eight-off"];
    const start = familyGame("eight-off", "eight-off", rules).deal(1, rules, "solvitaire");
    expect(solveFamily(start, { budget: { positions: 100_000 } }).stats.searched).not.toMatch(
      /FreeCell's solver/,
    );
  });

  it("solveFamily hands them over, and keeps the family's own search under the policy 'all'", () => {
    const game = familyGame("free-cell", "free-cell", SOLVITAIRE_PRESETS["free-cell"]);
    const start = game.deal(1, SOLVITAIRE_PRESETS["free-cell"], "solvitaire");
    const r = solveFamily(start, { budget: { positions: 100_000 } });
    expect(r.result).toBe("solved");
    expect(r.stats.searched).toMatch(/^FreeCell's solver/);
    const all = solveFamily(start, { policy: "all", budget: { positions: 100_000 } });
    expect(all.stats.searched).not.toMatch(/^FreeCell's solver/);
  });
});
