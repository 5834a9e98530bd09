import { describe, expect, it } from "vitest";
import type { AnyPatienceGame } from "../../../src/games/patience/contract.ts";
import { playTurn } from "../../../src/games/patience/session.ts";
import { solutionTurns } from "../../../src/games/patience/solution.ts";
import { findPatience } from "../../../src/games/registry.ts";
import { type Analysis, replayTurns, VerdictCache } from "./verdicts.ts";

const freecell = findPatience("freecell") as AnyPatienceGame;
type State = { rules: unknown };

async function solved(n: number): Promise<{ start: State; turns: string[] }> {
  // The position a session starts from: the deal with the policy's opening moves made.
  let start = freecell.deal(n, freecell.rules.make({}), "microsoft");
  for (const move of freecell.autoMoves(start, "safe")) start = freecell.apply(start, move);
  const result = (await freecell.solver()).solve(start, { policy: "safe" });
  if (result.result !== "solved") throw new Error(`deal ${n} not solved`);
  const turns = solutionTurns(freecell, start, result.moves, "safe").map((t) => t.notation[0]);
  return { start, turns };
}

const analysis = (turns: string[]): Analysis => ({
  result: "solved",
  turns,
  ms: 1,
  budgetMs: 1000,
  source: "search",
});

describe("the verdict cache", () => {
  it("fills in every position along a solution, each with the rest of it, and each rest wins", async () => {
    const { start, turns } = await solved(3);
    const cache = new VerdictCache();
    cache.put(freecell, start, "safe", analysis(turns));
    let s = start;
    for (let i = 0; i < turns.length; i++) {
      s = playTurn(freecell, s, freecell.notation.parse(s, turns[i]), "safe").after;
      const known = cache.get(freecell, s, "safe");
      expect(known?.result).toBe("solved");
      expect(known?.turns).toEqual(turns.slice(i + 1));
      expect(replayTurns(freecell, s, known?.turns ?? [], "safe")).toBeDefined();
    }
  });

  it("never keeps a winnable verdict whose moves do not win", async () => {
    const { start, turns } = await solved(4);
    const cache = new VerdictCache();
    const kept = cache.put(freecell, start, "safe", analysis(turns.slice(0, -3)));
    expect(kept.result).toBe("unknown");
    expect(cache.get(freecell, start, "safe")?.result).toBe("unknown");
  });

  it("says a position after a lost one is lost", () => {
    const start = freecell.deal(11982, freecell.rules.make({}), "microsoft");
    const cache = new VerdictCache();
    cache.put(freecell, start, "safe", {
      result: "unsolvable",
      turns: [],
      ms: 5,
      budgetMs: 1000,
      source: "search",
    });
    const turn = playTurn(freecell, start, freecell.legalMoves(start)[0], "safe");
    expect(cache.after(freecell, turn, "safe")).toMatchObject({ result: "unsolvable", source: "lost" });
  });

  it("derives a move off the solution only with moves the engine plays to a win", async () => {
    let derived = 0;
    for (let n = 1; n <= 10; n++) {
      const { start, turns } = await solved(n);
      const cache = new VerdictCache();
      cache.put(freecell, start, "safe", analysis(turns));
      for (const move of freecell.legalMoves(start)) {
        const turn = playTurn(freecell, start, move, "safe");
        const known = cache.repair(freecell, turn, "safe");
        if (!known) continue;
        expect(known.result).toBe("solved");
        // Turns are given only for the very layout they were found for (a symmetric one keeps the verdict).
        if (known.fits !== false)
          expect(replayTurns(freecell, turn.after, known.turns, "safe")).toBeDefined();
        else expect(known.turns).toEqual([]);
        if (known.source === "repair" || known.source === "detour") derived++;
      }
    }
    expect(derived).toBeGreaterThan(10);
  });
});
