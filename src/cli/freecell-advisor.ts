import { performance } from "node:perf_hooks";
import { solve } from "../games/freecell/solver.ts";
import type { Advisor } from "./freecell-screen.ts";

/** The solver as the terminal game's adviser: decides the position within a few seconds, answers w, t and s. */
export function solverAdvisor(budgetMs = 5000): Advisor {
  return {
    verdict(game) {
      const result = solve(game.state, {
        policy: game.policy,
        budget: { ms: budgetMs },
        now: () => performance.now(),
      });
      const positions = `${result.stats.positions.toLocaleString("en")} positions, ${Math.round(result.stats.ms)} ms`;
      if (result.result === "solved") {
        return {
          verdict: "winnable",
          detail: `a win in ${result.moves.length} moves (${positions})`,
          moves: result.moves,
        };
      }
      if (result.result === "unsolvable") return { verdict: "not winnable", detail: `proved: ${positions}` };
      return { verdict: "unknown", detail: `${result.reason ?? "the search stopped"} (${positions})` };
    },
  };
}
