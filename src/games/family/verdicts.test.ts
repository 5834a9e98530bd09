import { describe, expect, it } from "vitest";
import { freecell } from "../freecell/index.ts";
import { kingAlbert } from "../king-albert/index.ts";
import { klondike } from "../klondike/index.ts";
import { montana } from "../montana/index.ts";
import type { PatienceGame } from "../patience/contract.ts";
import { replaysToWin } from "../patience/testing.ts";
import { solverTable } from "../patience/verify.ts";
import { familyGame } from "./index.ts";
import { SOLVITAIRE_PRESETS } from "./presets.ts";
import { solveFamilyOwn, solveFamilyPlain } from "./solver.ts";

/**
 * The family engine's verdicts are the specialised solvers' (the issue: FreeCell, King Albert, Klondike draw 1
 * and 3 and both Gaps presets as family presets, their verdicts equal to their own solvers'). Each pair is a Solvitaire preset and the
 * specialised game under the rules that equal it; both deal Solvitaire's deal n alike (the same cards in the same
 * places, checked here), and specialised.test.ts holds their moves equal. On a sample of deals both solvers search
 * under the same budget of positions (no clock: the verdicts do not depend on the machine), policy "none": where
 * both decide, the verdicts must be equal, and enough deals of each pair must be decided by both that the
 * comparison is not empty. Every family solution replays through the family engine to a win (the platform's verifier), and
 * every specialised one through its own engine.
 *
 * The deals were picked among 1..200 (bench/family-specialised.ts) as ones both solvers decided within 15 000
 * positions, both before and after the family solver's streamliner and the stock's k-plus moves: wins and losses
 * where a pair has losses that cheap (FreeCell has none); the test never says which verdict a deal has.
 */

/** Positions each solver may store, a deal: every deal below took under 15 000 in both when picked. */
const POSITIONS = 50_000;

interface Pair {
  name: string;
  /** The family preset. */
  preset: string;
  /** How many of the deals both solvers must decide. */
  atLeast: number;
  deals: number[];
  /** The specialised solver on deal n: its verdict, its solution replayed by its own game's verifier, its deal. */
  own(deal: number): Promise<{ result: string; replays: boolean; table: string[] }>;
}

function pair<S extends { rules: R }, M, R>(
  name: string,
  preset: string,
  game: PatienceGame<S, M, R>,
  options: Partial<R>,
  deals: number[],
): Pair {
  const rules = game.rules.make(options);
  return {
    name,
    preset,
    deals,
    atLeast: Math.ceil(deals.length * 0.75),
    async own(deal) {
      const { solve } = await game.solver();
      const start = game.deal(deal, rules, "solvitaire");
      const result = solve(start, { policy: "none", budget: { positions: POSITIONS } });
      return {
        result: result.result,
        replays: replaysToWin(game, start, result.moves),
        table: solverTable(game, start),
      };
    },
  };
}

const PAIRS: Pair[] = [
  // FreeCell with single-card moves: the free-cell preset moves one card at a time (a run is only a shortcut
  // for them, so the verdict is the same with runs; this is the rule set whose moves are the preset's exactly).
  pair("FreeCell", "free-cell", freecell, { sequenceMoves: false }, [5, 13, 59, 60, 74, 120, 150, 164]),
  // King Albert with cards back off the foundations (its "solvitaire" variant): Solvitaire's preset has
  // removable foundations, the game's default does not.
  pair(
    "King Albert",
    "king-albert",
    kingAlbert,
    { fromFoundation: true },
    [57, 126, 127, 148, 165, 183, 18, 25, 33, 76],
  ),
  // Klondike as tsol plays it moves any face-up run and takes cards back off the foundations, with no limit on
  // the passes: Solvitaire's "arbitrary built moves" presets (its plain klondike presets move part of a run only
  // to uncover a card that then goes home).
  pair(
    "Klondike draw 1",
    "klondike-deal-1-arbitrary-built-moves",
    klondike,
    { draw: 1 },
    [30, 70, 95, 120, 128, 147, 175, 177, 153],
  ),
  pair(
    "Klondike draw 3",
    "klondike-arbitrary-built-moves",
    klondike,
    { draw: 3 },
    [12, 30, 52, 68, 95, 147, 19, 73, 106, 145],
  ),
  // Gaps: the family engine lays the cards in Solvitaire's sequences, Montana in its rows; both deal the same cards
  // to the same places (the tables are compared below). The one-deal preset lets any 2 start a row (Montana's free
  // twos), the basic variant keeps each row's suit (Montana's fixed suits). The family's solver hands these rules to
  // Montana's (montana-twin.ts), so here the family's own plain search stands against Montana's, which decides few
  // deals cheaply: these were picked among 1..200 as decided by both within 15 000.
  pair("Gaps, one deal", "gaps-one-deal", montana, { freeTwos: true }, [14, 53, 79, 88, 135, 140, 172, 191]),
  pair(
    "Gaps, basic variant",
    "gaps-basic-variant",
    montana,
    { fixedSuits: true },
    [7, 9, 14, 19, 53, 77, 106, 127, 198],
  ),
];

describe("the family engine's verdicts are the specialised solvers'", () => {
  const seen = new Set<string>();

  for (const p of PAIRS) {
    it(`${p.name}, as the ${p.preset} preset`, async () => {
      const game = familyGame(p.preset, p.preset, SOLVITAIRE_PRESETS[p.preset]);
      let both = 0;
      for (const deal of p.deals) {
        const start = game.deal(deal, game.rules.make({}), "solvitaire");
        // The family's own search, never a twin (solveFamily hands FreeCell's presets to FreeCell's solver).
        const search = start.rules.sequences ? solveFamilyPlain : solveFamilyOwn;
        const family = search(start, { policy: "none", budget: { positions: POSITIONS } });
        if (family.result === "solved")
          expect(replaysToWin(game, start, family.moves), `the family's win of deal ${deal}`).toBe(true);
        const own = await p.own(deal);
        expect(own.table, `deal ${deal} is the same in both`).toEqual(solverTable(game, start));
        if (own.result === "solved") expect(own.replays, `the ${p.name} win of deal ${deal}`).toBe(true);
        if (family.result === "unknown" || own.result === "unknown") continue;
        expect(family.result, `deal ${deal}`).toBe(own.result);
        seen.add(family.result);
        both++;
      }
      expect(both, "deals both decided").toBeGreaterThanOrEqual(p.atLeast);
    });
  }

  it("the sample holds both wins and losses", () => {
    expect([...seen].sort()).toEqual(["solved", "unsolvable"]);
  });
});
