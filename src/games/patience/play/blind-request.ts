import type { AutoPolicy } from "../contract.ts";
import type { SampleShare } from "../knowledge.ts";
import type { Worker } from "../requests.ts";

/**
 * The blind player's question, for the workers beside the solver's protocol (src/search/protocol.ts): the move
 * a player who sees only what a player sees would make in `state`, and the chance to win from here. The worker
 * reads the whole state, but the blind player reads only what a player sees of it (knowledge.ts).
 */
export interface BlindRequest {
  type: "blind";
  id: number;
  game: string;
  rules?: Record<string, unknown>;
  policy?: AutoPolicy;
  state: unknown;
  /** The samples' seed: the same seed and position give the same answer. */
  seed?: number;
  samples?: number;
  /**
   * A soft limit of the decision's time in ms (BlindOptions.ms; default BLIND_MS): hints in play answer at once,
   * the samples not decided by then counted undecided.
   */
  ms?: number;
}

/** How long a hint or the status waits for the blind player's decision, at most (the 2 s, less the rest). */
export const BLIND_MS = 1500;

export interface BlindAnswer {
  type: "blind";
  id: number;
  /** The move in notation, or null when no sample can be won and nothing is left to reveal. */
  move: string | null;
  /** The line it begins, up to the next card turned up (or the win), in notation: the player's moves. */
  line: string[];
  chance: SampleShare;
  /** Positions the searches stored; milliseconds it took. */
  positions: number;
  ms: number;
}

export interface BlindFailure {
  type: "error";
  id: number;
  code: string;
  message: string;
}

export const isBlindRequest = (message: unknown): message is BlindRequest =>
  typeof message === "object" && message !== null && (message as { type?: unknown }).type === "blind";

/** Answers a blind request; errors become failure messages with a code, as the solver's requests do. */
export async function answerBlind(
  request: BlindRequest,
  worker: Worker,
): Promise<BlindAnswer | BlindFailure> {
  const id = typeof request.id === "number" ? request.id : -1;
  try {
    const game = typeof request.game === "string" ? worker.findGame(request.game) : undefined;
    if (!game)
      return {
        type: "error",
        id,
        code: "unknown_game",
        message: `no game "${String(request.game).slice(0, 40)}"`,
      };
    if (!game.blindPlayer || !game.knowledge) {
      return {
        type: "error",
        id,
        code: "no_blind_player",
        message: `${game.title} has no hidden cards to play blind`,
      };
    }
    const policy = request.policy ?? game.policies[0];
    if (!game.policies.includes(policy)) {
      return { type: "error", id, code: "bad_policy", message: `${game.title} has no policy "${policy}"` };
    }
    const rules = game.rules.make(request.rules ?? {});
    const state = { ...(request.state as { rules: unknown }), rules };
    const player = await game.blindPlayer();
    const began = worker.now();
    const choice = player.bestMove(state, {
      policy,
      seed: request.seed ?? 1,
      ...(request.samples ? { samples: request.samples } : {}),
      ms: typeof request.ms === "number" && request.ms > 0 ? request.ms : BLIND_MS,
      now: worker.now,
    });
    let s = state;
    const line: string[] = [];
    for (const move of choice.line) {
      line.push(game.notation.format(s, move));
      s = game.apply(s, move);
      for (const auto of game.autoMoves(s, policy)) s = game.apply(s, auto);
    }
    return {
      type: "blind",
      id,
      move: choice.move === undefined ? null : game.notation.format(state, choice.move),
      line,
      chance: choice.chance,
      positions: choice.positions,
      ms: worker.now() - began,
    };
  } catch (error) {
    const e = error as Error & { code?: unknown };
    return { type: "error", id, code: typeof e.code === "string" ? e.code : "internal", message: e.message };
  }
}
