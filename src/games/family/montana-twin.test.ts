import { describe, expect, it } from "vitest";
import { apply, dealState, type FamilyMove, type FamilyState, isWon } from "./engine.ts";
import { familyGame } from "./index.ts";
import { montanaTwin, solveByMontana } from "./montana-twin.ts";
import { SOLVITAIRE_PRESETS } from "./presets.ts";
import type { FamilyRules, SequenceRules } from "./rules.ts";
import { solveFamily, solveFamilyPlain } from "./solver.ts";

const ONE_DEAL = SOLVITAIRE_PRESETS["gaps-one-deal"];
const BASIC = SOLVITAIRE_PRESETS["gaps-basic-variant"];
const cut = (rules: FamilyRules, highestRank: number): FamilyRules => ({ ...rules, highestRank });

describe("Gaps solved by Montana's solver (montana-twin.ts)", () => {
  it("takes exactly the rules of rows Montana plays: four rows building left in suit, one deck", () => {
    expect(montanaTwin(ONE_DEAL)).toEqual({ freeTwos: true, fixedSuits: false, redeals: 0 });
    expect(montanaTwin(BASIC)).toEqual({ freeTwos: false, fixedSuits: true, redeals: 0 });
    expect(montanaTwin(cut(BASIC, 5))).toEqual({ freeTwos: false, fixedSuits: true, redeals: 0 });
    const rows = (s: Partial<SequenceRules>): FamilyRules => ({
      ...ONE_DEAL,
      sequences: { ...(ONE_DEAL.sequences as SequenceRules), ...s },
    });
    expect(montanaTwin(rows({ direction: "right" }))).toBeUndefined();
    expect(montanaTwin(rows({ direction: "both" }))).toBeUndefined();
    expect(montanaTwin(rows({ rows: 3 }))).toBeUndefined();
    expect(montanaTwin(rows({ build: "any-suit" }))).toBeUndefined();
    expect(montanaTwin({ ...ONE_DEAL, decks: 2 })).toBeUndefined();
    for (const [name, rules] of Object.entries(SOLVITAIRE_PRESETS))
      if (!name.startsWith("gaps-")) expect(montanaTwin(rules), name).toBeUndefined();
  });

  // The family's plain search (every move, no pruning but positions seen before) is the reference: on decks cut
  // to ranks 2..5 and 2..6 every deal is decided by both, and the verdicts must be the same deal by deal.
  it.each([
    ["gaps-one-deal", ONE_DEAL, 5, 30],
    ["gaps-basic-variant", BASIC, 5, 60],
    ["gaps-basic-variant", BASIC, 6, 60],
  ] as const)(
    "%s cut to rank %i: the same verdict as a plain search on %i deals, every win won in the family's engine",
    (_name, rules, rank, deals) => {
      const small = cut(rules, rank);
      const twin = montanaTwin(small);
      expect(twin).toBeDefined();
      const verdicts = { solved: 0, unsolvable: 0 };
      for (let deal = 1; deal <= deals; deal++) {
        const start = dealState(small, deal);
        const plain = solveFamilyPlain(start);
        const bridged = solveByMontana(start, twin as NonNullable<typeof twin>);
        expect(bridged.result, `deal ${deal}`).toBe(plain.result);
        if (bridged.result === "solved") expect(isWon(bridged.moves.reduce(playOne, start))).toBe(true);
        verdicts[bridged.result as "solved" | "unsolvable"]++;
      }
      // Both verdicts occur, so the agreement is not one answer given every time.
      expect(verdicts.solved).toBeGreaterThan(0);
      expect(verdicts.unsolvable).toBeGreaterThan(0);
    },
  );

  it("is the family solver's search for these rules: full deals decided, the wins replayed by the game's checker", () => {
    const game = familyGame("gaps-basic-variant", "Basic Gaps", BASIC, "");
    const seen = new Set<string>();
    for (let deal = 1; deal <= 6; deal++) {
      const start = game.deal(deal, game.rules.make({}), "solvitaire");
      const result = solveFamily(start, { budget: { positions: 1_000_000 } });
      expect(result.stats.searched).toMatch(/^Montana's solver/);
      seen.add(result.result);
      if (result.result === "solved") expect(isWon(result.moves.reduce(playOne, start))).toBe(true);
    }
    expect(seen).toEqual(new Set(["solved", "unsolvable"]));
  });
});

function playOne(state: FamilyState, move: FamilyMove): FamilyState {
  return apply(state, move);
}
