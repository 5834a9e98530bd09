import type { Failure, PickAnswer, SolveAnswer } from "../../../search/protocol.ts";
import { answerRequest, type Worker } from "../requests.ts";
import { answerBlind, type BlindAnswer, type BlindFailure, isBlindRequest } from "./blind-request.ts";
import { whyLost } from "./why.ts";

/** How long a worker may walk a lost position's reachable positions for its reason. */
const WHY_MS = 250;

/** A solver's answer with, when the position is lost and the engine can name why, the reason in words. */
export type PlayAnswer = (SolveAnswer & { why?: string }) | PickAnswer | Failure | BlindAnswer | BlindFailure;

/**
 * What the front-ends' workers answer (the web's Web Worker, the terminal's thread): the solver's protocol, a
 * lost verdict with its reason when the engine can name it (whyLost, worked out here off the player's thread),
 * and the blind player's question.
 */
export async function answerPlay(message: unknown, worker: Worker): Promise<PlayAnswer> {
  if (isBlindRequest(message)) return answerBlind(message, worker);
  const answer = await answerRequest(message, worker);
  if (answer.type !== "result" || answer.result !== "unsolvable" || answer.proof) return answer;
  const m = message as { game: string; rules?: Record<string, unknown>; policy?: string; state?: unknown };
  const game = worker.findGame(m.game);
  if (!game || m.state === undefined) return answer;
  try {
    const rules = game.rules.make(m.rules ?? {});
    const state = { ...(m.state as { rules: unknown }), rules };
    const policy = (m.policy as (typeof game.policies)[number] | undefined) ?? game.policies[0];
    // A lost verdict waits for its reason at most this long: a walk that does not end in time names none.
    const why = whyLost(game, state, policy, undefined, { ms: WHY_MS, now: worker.now });
    return why ? { ...answer, why } : answer;
  } catch {
    return answer;
  }
}
