import type { Numbering } from "../../../src/cards/deals/layout.ts";
import { mulberry32 } from "../../../src/cards/random.ts";
import { findDaily } from "../../../src/games/patience/daily.ts";
import { findDealOfLevel, type Level, rate } from "../../../src/games/patience/difficulty.ts";
import { findPatience } from "../../../src/games/registry.ts";

/**
 * The daily deal's and the difficulty's worker: the platform's findDaily, rate and findDealOfLevel off the page's
 * thread (a worker of its own, beside the hints' solver worker, so a rating never waits behind a hint).
 */
export type DailyRequest = {
  id: number;
  game: string;
  rules: Record<string, unknown>;
  numbering: Numbering;
} & (
  | { type: "daily"; date: string }
  | { type: "rate"; deal: number }
  | { type: "level"; level: Level; seed: number }
);

export type DailyResponse = { id: number } & (
  | { type: "answer"; value: unknown }
  | { type: "progress"; tried: number }
  | { type: "error"; message: string }
);

interface WorkerScope {
  postMessage(message: DailyResponse): void;
  onmessage: ((event: MessageEvent<DailyRequest>) => void) | null;
}

const scope = globalThis as unknown as WorkerScope;

async function answer(request: DailyRequest): Promise<unknown> {
  const game = findPatience(request.game);
  if (!game) throw new Error(`no game "${request.game.slice(0, 40)}"`);
  const rules = game.rules.make(request.rules);
  const solver = await game.solver();
  if (request.type === "daily")
    return findDaily(game, solver, { date: request.date, numbering: request.numbering, rules }, (_, tried) =>
      scope.postMessage({ id: request.id, type: "progress", tried }),
    );
  if (request.type === "rate") return rate(game, solver, game.deal(request.deal, rules, request.numbering));
  return findDealOfLevel(
    game,
    solver,
    { rules, numbering: request.numbering, level: request.level },
    mulberry32(request.seed),
  );
}

scope.onmessage = (event) => {
  const request = event.data;
  answer(request).then(
    (value) => scope.postMessage({ id: request.id, type: "answer", value }),
    (error: Error) => scope.postMessage({ id: request.id, type: "error", message: error.message }),
  );
};
