/**
 * A blind survey's worker thread (blind.ts): it plays numbered deals with the game's blind player, one game a
 * request, and answers whether it won, with the CPU time the game took in this thread. A game the player says it
 * won is replayed through the game's engine first: moves that do not replay to a win are an error, never a win.
 */
import { performance } from "node:perf_hooks";
import { parentPort } from "node:worker_threads";
import { movesNotation } from "../games/patience/solution.ts";
import { checkSolution } from "../games/patience/verify.ts";
import { findPatience } from "../games/registry.ts";
import { threadCpuMs } from "../workers/thread-cpu.ts";
import type { BlindSurveySettings } from "./blind.ts";

/** One game for the blind player: the survey's settings (but the player's version, which is this code's) and the deal. */
export type BlindGameRequest = Omit<BlindSurveySettings, "version"> & { id: number; deal: number };

/** Its answer: the game's result, or why it could not be played. */
export type BlindGameAnswer =
  | { id: number; deal: number; won: boolean; moves: number; ms: number; clock: "cpu" | "wall" }
  | { id: number; deal: number; error: string };

const port = parentPort;
if (!port) throw new Error("src/survey/blind-thread.ts runs as a worker thread");

port.on("message", async (request: BlindGameRequest) => {
  port.postMessage(await playOne(request));
});

async function playOne(request: BlindGameRequest): Promise<BlindGameAnswer> {
  const { id, deal } = request;
  try {
    const game = findPatience(request.game);
    if (!game?.blindPlayer) return { id, deal, error: `no game "${request.game}" with a blind player` };
    const player = await game.blindPlayer();
    const rules = game.rules.make(request.rules);
    const start = game.deal(deal, rules, request.numbering);
    const cpu0 = threadCpuMs();
    const wall0 = performance.now();
    const result = player.play(start, {
      seed: request.seed,
      policy: request.policy,
      ...(request.samples !== null ? { samples: request.samples } : {}),
    });
    const cpu1 = threadCpuMs();
    const wall = performance.now() - wall0;
    // The player writes out every move, the automatic ones too: they replay with none made for them.
    if (result.won) {
      const check = checkSolution(game, start, movesNotation(game, start, result.moves), "none");
      if (!check.valid || !check.won)
        return {
          id,
          deal,
          error: check.valid
            ? `the blind player's game of deal ${deal} replays without winning`
            : `the blind player's game of deal ${deal} does not replay: move ${check.index} "${check.move}": ${check.reason}`,
        };
    }
    const cpu = cpu0 !== undefined && cpu1 !== undefined;
    return {
      id,
      deal,
      won: result.won,
      moves: result.moves.length,
      ms: cpu ? (cpu1 as number) - (cpu0 as number) : wall,
      clock: cpu ? "cpu" : "wall",
    };
  } catch (error) {
    return { id, deal, error: (error as Error).message };
  }
}
