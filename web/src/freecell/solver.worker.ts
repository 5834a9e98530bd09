import { mulberry32 } from "../../../src/cards/random.ts";
import { dealMicrosoft } from "../../../src/games/freecell/deal.ts";
import { countSolution, solve } from "../../../src/games/freecell/solver.ts";
import type { Analysis, PickedDeal, SolverRequest, SolverResponse } from "./protocol.ts";

/** The solver, off the page's thread: it is pure, so it runs here as it runs in Node. */
interface WorkerScope {
  postMessage(message: SolverResponse): void;
  onmessage: ((event: MessageEvent<SolverRequest>) => void) | null;
}

const scope = globalThis as unknown as WorkerScope;
const now = () => performance.now();
const MAX_BYTES = 256 * 1024 * 1024;

function analyse(request: Extract<SolverRequest, { type: "analyse" }>): Analysis {
  const start = now();
  const r = solve(request.state, {
    policy: request.policy,
    budget: { ms: request.budgetMs, bytes: MAX_BYTES },
    now,
  });
  return {
    result: r.result,
    moves: r.moves,
    ...(r.reason ? { reason: r.reason } : {}),
    ms: now() - start,
    budgetMs: request.budgetMs,
  };
}

/** Deal numbers drawn from the seed, solved in turn: the first winnable one, or the shortest of a few. */
function pickDeal(request: Extract<SolverRequest, { type: "pick-deal" }>): PickedDeal | null {
  const random = mulberry32(request.seed);
  const start = now();
  const candidates = request.kind === "easy" ? 8 : 40;
  let bestDeal: PickedDeal | null = null;
  for (let tried = 1; tried <= candidates; tried++) {
    const deal = 1 + Math.floor(random() * 1_000_000);
    const state = dealMicrosoft(deal, request.rules);
    const left = request.budgetMs - (now() - start);
    if (left <= 0) break;
    const r = solve(state, {
      policy: request.policy,
      budget: { ms: Math.min(left, request.kind === "easy" ? 1500 : 4000), bytes: MAX_BYTES },
      shortest: request.kind === "easy",
      now,
    });
    if (r.result !== "solved") continue;
    const playerMoves = countSolution(state, r.moves).player;
    if (!bestDeal || playerMoves < bestDeal.playerMoves) bestDeal = { deal, playerMoves, tried };
    if (request.kind === "winnable") break;
  }
  return bestDeal;
}

scope.onmessage = (event) => {
  const request = event.data;
  try {
    if (request.type === "analyse") {
      scope.postMessage({ type: "analysis", id: request.id, analysis: analyse(request) });
    } else {
      scope.postMessage({ type: "picked", id: request.id, picked: pickDeal(request) });
    }
  } catch (error) {
    scope.postMessage({
      type: "error",
      id: request.id,
      message: error instanceof Error ? error.message : String(error),
    });
  }
};
