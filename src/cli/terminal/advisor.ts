import type { BlindAnswer } from "../../games/patience/play/blind-request.ts";
import { ruleFields } from "../../games/patience/session.ts";
import type { SolveAnswer } from "../../search/protocol.ts";
import { SolverThread } from "../../workers/pool.ts";
import type { Advisor } from "./patience-screen.ts";

/**
 * The solver and the blind player in a worker thread, as the terminal screen's advisor: the screen never freezes
 * while they think. The thread answers a lost position with its reason when the engine can name it, and reports
 * a search's positions as it goes.
 */
export function threadAdvisor(): Advisor & { close(): void } {
  const thread = new SolverThread();
  const fields = (session: Parameters<Advisor["solve"]>[0]) =>
    ruleFields(session.game, session.rules) as Record<string, unknown>;
  return {
    async solve(session, budgetMs, progress) {
      const answer = await thread.ask(
        {
          type: "solve",
          game: session.game.id,
          rules: fields(session),
          state: session.state,
          policy: session.policy,
          budget: { ms: budgetMs },
          ...(progress ? { progressMs: 250 } : {}),
        },
        progress ? (message) => progress(message.positions) : undefined,
      );
      return answer as SolveAnswer & { why?: string };
    },
    async blind(session, seed) {
      const answer = await thread.ask({
        type: "blind",
        game: session.game.id,
        rules: fields(session),
        state: session.state,
        policy: session.policy,
        seed,
      });
      return answer as BlindAnswer;
    },
    stop: () => thread.stop(),
    close: () => thread.stop(),
  };
}
