import { ruleFields } from "../../games/patience/session.ts";
import type { SolveAnswer } from "../../search/protocol.ts";
import { SolverThread } from "../../workers/pool.ts";
import type { Advisor } from "./patience-screen.ts";

/** The solver in a worker thread, as the terminal screen's advisor: the screen never freezes while it thinks. */
export function threadAdvisor(): Advisor & { close(): void } {
  const thread = new SolverThread();
  return {
    async solve(session, budgetMs) {
      const answer = await thread.ask({
        type: "solve",
        game: session.game.id,
        rules: ruleFields(session.game, session.rules) as Record<string, unknown>,
        state: session.state,
        policy: session.policy,
        budget: { ms: budgetMs },
      });
      return answer as SolveAnswer;
    },
    stop: () => thread.stop(),
    close: () => thread.stop(),
  };
}
