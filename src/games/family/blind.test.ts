import { describe, expect, it } from "vitest";
import { Prng } from "../../cards/random.ts";
import { chooseLine, settle } from "../patience/hindsight.ts";
import { arrangements, consistentDeals, type SeenPosition } from "../patience/knowledge.ts";
import { movesNotation } from "../patience/solution.ts";
import { checkSolution } from "../patience/verify.ts";
import { FAMILY_HINDSIGHT, FamilySampleSolver, familyBlindPlayer } from "./blind.ts";
import { apply, dealState, type FamilyState } from "./engine.ts";
import { FAMILY_GAMES, familyGame } from "./index.ts";
import { familyKnowledge, seen, stockSeen, unseenCount } from "./knowledge.ts";
import { CATALOGUE_RULES, SOLVITAIRE_PRESETS } from "./presets.ts";
import { solveFamily } from "./solver.ts";

const rulesOf = (id: string) => SOLVITAIRE_PRESETS[id] ?? CATALOGUE_RULES[id];
const quick = { samples: 3, positions: 1000 };
const play = (s: FamilyState, line: readonly Parameters<typeof apply>[1][]) =>
  line.reduce((a, m) => settle(FAMILY_HINDSIGHT, FAMILY_HINDSIGHT.apply(a, m), "safe"), s);

describe("the family's blind player", () => {
  it("is offered by the games with hidden cards only", () => {
    const blind = FAMILY_GAMES.filter((g) => g.blindPlayer).map((g) => g.id);
    for (const id of ["spider", "spider-one-suit", "spiderette", "canfield", "yukon", "scorpion", "golf"])
      expect(blind).toContain(id);
    for (const id of ["bakers-game", "fore-cell", "beleaguered-castle", "black-hole", "simple-simon", "fan"])
      expect(blind).not.toContain(id);
    for (const g of FAMILY_GAMES) expect(g.knowledge === undefined).toBe(g.blindPlayer === undefined);
  });

  it("never reads a hidden card: deals that differ only where the player cannot see get the same moves", () => {
    for (const id of ["canfield", "spider-one-suit"]) {
      const a = settle(FAMILY_HINDSIGHT, dealState(rulesOf(id), 4), "safe");
      const view = seen(a);
      // The same deal with its unseen cards in the reverse order: face-down cards, stock and reserve alike.
      let b = familyKnowledge.fill(view, view.unseen.slice().reverse());
      expect(b).not.toEqual(a);
      let s = a;
      const pa = new Prng(5);
      const pb = new Prng(5);
      const [sa, sb] = [new FamilySampleSolver(), new FamilySampleSolver()];
      let compared = 0;
      while (JSON.stringify(seen(s)) === JSON.stringify(seen(b)) && compared < 3) {
        const ca = chooseLine(FAMILY_HINDSIGHT, seen(s), quick, pa, sa);
        const cb = chooseLine(FAMILY_HINDSIGHT, seen(b), quick, pb, sb);
        expect(cb, id).toEqual(ca);
        compared++;
        if (ca.move === undefined) break;
        s = play(s, ca.line);
        b = play(b, ca.line);
      }
      expect(compared, id).toBeGreaterThan(0);
    }
  });

  it("gives the chance to win from here as exhaustive enumeration does, within its interval", () => {
    // Canfield deal 2 along its thoughtful win until at most 4 cards are unseen: every order of them decided.
    let state = dealState(rulesOf("canfield"), 2);
    const win = solveFamily(state, { policy: "safe", budget: { positions: 100_000 } });
    expect(win.result).toBe("solved");
    for (const m of win.moves) {
      if (unseenCount(state) <= 4) break;
      state = apply(state, m);
    }
    const view: SeenPosition<FamilyState> = seen(state);
    expect(view.unseen.length).toBeGreaterThanOrEqual(2);
    let won = 0;
    let all = 0;
    for (const deal of consistentDeals(familyKnowledge, view)) {
      all++;
      const r = solveFamily(settle(FAMILY_HINDSIGHT, deal, "safe"), {
        policy: "safe",
        budget: { positions: 200_000 },
      });
      expect(r.result).not.toBe("unknown");
      if (r.result === "solved") won++;
    }
    expect(all).toBe(arrangements(view));
    // Neither sure nor hopeless, or the test would say little.
    expect(won).toBeGreaterThan(0);
    const { chance } = familyBlindPlayer.bestMove(settle(FAMILY_HINDSIGHT, state, "safe"), {
      samples: 120,
      maxSamples: 120,
      seed: 3,
    });
    expect(chance.samples).toBe(120);
    expect(chance.unknown).toBe(0);
    expect(chance.low).toBeLessThanOrEqual(won / all);
    expect(chance.high).toBeGreaterThanOrEqual(won / all);
  });

  it("plays games whose moves replay through the verifier to what they say, the same with the same seed", () => {
    for (const [id, deal] of [
      ["canfield", 2],
      ["spiderette", 1],
    ] as const) {
      const game = familyGame(id, id, rulesOf(id));
      const start = dealState(rulesOf(id), deal);
      const played = familyBlindPlayer.play(start, { ...quick, seed: 9 });
      expect(played.stats.decisions, id).toBeGreaterThan(0);
      const check = checkSolution(game, start, movesNotation(game, start, played.moves), "none");
      expect(check, id).toMatchObject({ valid: true, won: played.won });
      expect(familyBlindPlayer.play(start, { ...quick, seed: 9 }).moves, id).toEqual(played.moves);
    }
  });

  it("remembers the stock once the waste has been turned over (a perfect memory)", () => {
    let s = dealState(rulesOf("canfield"), 1);
    const stock = s.table.stock.length;
    // Turn the whole stock (three at a time) and the waste over.
    while (s.table.stock.length > 0)
      s = FAMILY_HINDSIGHT.apply(s, {
        from: { kind: "stock", index: 0 },
        to: { kind: "waste", index: 0 },
        count: Math.min(3, s.table.stock.length),
      });
    expect(stockSeen(s)).toBe(false);
    const before = unseenCount(s);
    s = FAMILY_HINDSIGHT.apply(s, {
      from: { kind: "waste", index: 0 },
      to: { kind: "stock", index: 0 },
      count: stock,
    });
    expect(stockSeen(s)).toBe(true);
    expect(unseenCount(s)).toBe(before);
    expect(seen(s).position.table.stock).toEqual(s.table.stock);
    // A sample keeps the memory, and the stock where it lies.
    const sample = familyKnowledge.fill(seen(s), seen(s).unseen.slice().reverse());
    expect(sample.table.stock).toEqual(s.table.stock);
    expect(stockSeen(sample)).toBe(true);
  });
});
