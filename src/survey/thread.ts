/**
 * A survey's worker thread. It takes the platform's solve requests (src/search/protocol.ts) for numbered deals,
 * answers them with the platform's handler, and replays every solution through the game's engine before it
 * reports the deal solved: a solution that does not replay to a win makes the deal unknown, with a note saying
 * why, never solved; a deal stopped by the memory budget carries a note saying so. Only the figures go back to the main thread, not the moves, which keeps the messages small.
 */
import { performance } from "node:perf_hooks";
import { parentPort } from "node:worker_threads";
import { answerRequest } from "../games/patience/requests.ts";
import { checkSolution } from "../games/patience/verify.ts";
import { findPatience } from "../games/registry.ts";
import { DEFAULT_MAX_BYTES } from "../search/budget.ts";
import type { SolveRequest } from "../search/protocol.ts";
import type { SurveyAnswer } from "./runner.ts";

const port = parentPort;
if (!port) throw new Error("src/survey/thread.ts runs as a worker thread");

port.on("message", async (message: SolveRequest) => {
  const answer = await answerRequest(message, { findGame: findPatience, now: () => performance.now() });
  let reply: SurveyAnswer;
  if (answer.type === "error") {
    reply = {
      id: message.id,
      outcome: "unknown",
      length: null,
      positions: 0,
      ms: 0,
      note: `${answer.code}: ${answer.message}`,
      failure: { code: answer.code, message: answer.message },
    };
  } else if (answer.type !== "result") {
    reply = {
      id: message.id,
      outcome: "unknown",
      length: null,
      positions: 0,
      ms: 0,
      note: "internal: not a solve answer",
    };
  } else {
    const { stats } = answer;
    reply = {
      id: message.id,
      outcome: answer.result,
      length: answer.result === "solved" ? answer.moves.length : null,
      positions: stats.positions,
      ms: stats.ms,
    };
    // A deal stopped by the memory budget needs more memory, not more positions or time: say so.
    if (answer.result === "unknown" && stats.budget === "memory") {
      const mb = (message.budget?.bytes ?? DEFAULT_MAX_BYTES) / 2 ** 20;
      const after = `after ${stats.positions.toLocaleString("en")} positions`;
      // A table stops growing, too, where the machine has no room for its new arrays (src/search/budget.ts).
      reply.note = answer.reason?.startsWith("the machine's memory")
        ? `${answer.reason} ${after}: retry with fewer --jobs, or where more memory is free`
        : `the search's tables filled the memory budget (${mb.toLocaleString("en")} MB) ${after}: retry with --max-memory`;
    }
    if (answer.result === "solved") {
      const game = findPatience(message.game);
      if (!game) throw new Error(`no game ${message.game}`);
      const start = game.deal(
        message.deal as number,
        game.rules.make(message.rules ?? {}),
        message.numbering ?? "microsoft",
      );
      const check = checkSolution(game, start, answer.moves, "none");
      if (!check.valid || !check.won) {
        reply = {
          ...reply,
          outcome: "unknown",
          length: null,
          note: check.valid
            ? `the solver's solution replays without winning (${check.moves} moves)`
            : `the solver's solution does not replay: move ${check.index} "${check.move}": ${check.reason}`,
        };
      }
    }
  }
  port.postMessage(reply);
});
