import type { Numbering } from "../../cards/deals/layout.ts";
import { mulberry32 } from "../../cards/random.ts";
import type { Clock } from "../../search/budget.ts";
import {
  type Failure,
  type PickAnswer,
  type PickRequest,
  type ProgressMessage,
  RequestError,
  readRequest,
  requestId,
  type SolveAnswer,
  type SolveRequest,
} from "../../search/protocol.ts";
import type { AnyPatienceGame, AutoPolicy } from "./contract.ts";
import { movesNotation, solutionTurns } from "./solution.ts";

/** What a worker gives the handler: the registry's lookup and its own clock. */
export interface Worker {
  findGame(id: string): AnyPatienceGame | undefined;
  now: Clock;
  /** Where progress messages go (a worker posts them; absent, none are made). */
  progress?: (message: ProgressMessage) => void;
}

/** The most bytes a worker's search may take unless the request says less. */
const WORKER_BYTES = 512 * 1024 * 1024;

/**
 * Answers one message of the worker protocol (src/search/protocol.ts). Errors become failure messages that keep
 * their code, so one bad request never ends a worker.
 */
export async function answerRequest(
  message: unknown,
  worker: Worker,
): Promise<SolveAnswer | PickAnswer | Failure> {
  try {
    const request = readRequest(message);
    const game = worker.findGame(request.game);
    if (!game) throw new RequestError("unknown_game", `no game "${request.game.slice(0, 40)}"`);
    return request.type === "solve"
      ? await solveRequest(game, request, worker)
      : await pickRequest(game, request, worker);
  } catch (error) {
    const e = error as Error & { code?: unknown };
    return {
      type: "error",
      id: requestId(message),
      code: typeof e.code === "string" ? e.code : "internal",
      message: e.message ?? String(error),
    };
  }
}

function policyOf(game: AnyPatienceGame, policy: AutoPolicy | undefined): AutoPolicy {
  if (policy === undefined) return game.policies[0];
  if (!game.policies.includes(policy))
    throw new RequestError("bad_policy", `${game.title} has no policy "${policy}"`);
  return policy;
}

async function solveRequest(
  game: AnyPatienceGame,
  request: SolveRequest,
  worker: Worker,
): Promise<SolveAnswer> {
  const rules = game.rules.make(request.rules ?? {});
  const policy = policyOf(game, request.policy);
  const start =
    request.state !== undefined
      ? (request.state as { rules: unknown })
      : request.board !== undefined
        ? game.board.parse(request.board, rules)
        : game.deal(request.deal as number, rules, request.numbering ?? "microsoft");
  const solver = await game.solver();
  let last = -Infinity;
  const { progress } = worker;
  const every = request.progressMs;
  const result = solver.solve(start, {
    policy,
    budget: { bytes: WORKER_BYTES, ...request.budget },
    now: worker.now,
    ...(request.shortest ? { shortest: true } : {}),
    ...(request.objective ? { objective: request.objective } : {}),
    ...(progress && every !== undefined
      ? {
          onProgress: ({ positions, ms }: { positions: number; ms: number }) => {
            if (ms - last < every) return;
            last = ms;
            progress({ type: "progress", id: request.id, positions, ms });
          },
        }
      : {}),
  });
  const moves = movesNotation(game, start, result.moves);
  const turns =
    request.turns === false ? [] : solutionTurns(game, start, result.moves, policy).map((t) => t.notation[0]);
  return {
    type: "result",
    id: request.id,
    result: result.result,
    moves,
    turns,
    stats: result.stats,
    ...(result.reason ? { reason: result.reason } : {}),
    ...(result.proof ? { proof: result.proof } : {}),
    ...(result.value !== undefined ? { value: result.value } : {}),
  };
}

async function pickRequest(game: AnyPatienceGame, request: PickRequest, worker: Worker): Promise<PickAnswer> {
  const rules = game.rules.make(request.rules ?? {});
  const policy = policyOf(game, request.policy);
  const numbering: Numbering = request.numbering ?? "microsoft";
  const solver = await game.solver();
  const random = mulberry32(request.seed);
  const began = worker.now();
  const candidates = request.kind === "easy" ? 8 : 40;
  let best: PickAnswer = { type: "picked", id: request.id, deal: null, turns: 0, tried: 0 };
  for (let tried = 1; tried <= candidates; tried++) {
    const left = request.ms - (worker.now() - began);
    if (left <= 0) break;
    const deal = 1 + Math.floor(random() * 1_000_000);
    const start = game.deal(deal, rules, numbering);
    const result = solver.solve(start, {
      policy,
      budget: { ms: Math.min(left, request.kind === "easy" ? 1500 : 4000), bytes: WORKER_BYTES },
      shortest: request.kind === "easy",
      now: worker.now,
    });
    best = { ...best, tried };
    if (result.result !== "solved") continue;
    const turns = solutionTurns(game, start, result.moves, policy).length;
    if (best.deal === null || turns < best.turns) best = { ...best, deal, turns };
    if (request.kind === "winnable") break;
  }
  return best;
}
