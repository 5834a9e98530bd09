/**
 * A stand-in for the survey thread in runner.test.ts: it answers at once, and deal 13 ends the thread (as a
 * search that runs out of memory would), so the runner's recovery can be watched.
 */
import { parentPort } from "node:worker_threads";
import type { SolveRequest } from "../search/protocol.ts";
import type { SurveyAnswer } from "./runner.ts";

const port = parentPort;
if (!port) throw new Error("a worker thread");
port.on("message", (request: SolveRequest) => {
  if (request.deal === 13) {
    // Later, so that the deals sent with it are in flight when the thread dies.
    setTimeout(() => process.exit(7), 20);
    return;
  }
  const deal = request.deal as number;
  const answer: SurveyAnswer = {
    id: request.id,
    outcome: deal % 3 === 0 ? "unsolvable" : "solved",
    length: deal % 3 === 0 ? null : deal,
    positions: deal * 10,
    ms: 1,
  };
  setTimeout(() => port.postMessage(answer), 50);
});
