import type { Clock } from "./budget.ts";
import type { SolveResult } from "./result.ts";

/**
 * Messages for running a solve off the main thread. The same objects go through a browser Web Worker's
 * postMessage and a Node worker thread's: plain data only (a state, its options without the clock), so they
 * survive structured cloning. The glue that owns the worker supplies the clock on the worker's side.
 */
export interface SolveRequest<State = unknown, Options = unknown> {
  type: "solve";
  /** Chosen by the sender; the answer carries it back. */
  id: number;
  /** Which solver, e.g. "freecell". */
  game: string;
  state: State;
  options?: Options;
}

export interface SolveAnswer<Move = unknown> {
  type: "result";
  id: number;
  result: SolveResult<Move>;
}

export interface SolveFailure {
  type: "error";
  id: number;
  /** The error's stable code ("unknown_game", "invalid_budget", …; "internal" when it has none). */
  code: string;
  message: string;
}

export type SolveResponse<Move = unknown> = SolveAnswer<Move> | SolveFailure;

/** A solver as the protocol calls it: a state, plain options, and the worker's clock. */
export type ProtocolSolver = (
  state: never,
  options: { now?: Clock } & Record<string, unknown>,
) => SolveResult<unknown>;

export function isSolveRequest(message: unknown): message is SolveRequest {
  if (typeof message !== "object" || message === null) return false;
  const m = message as Partial<SolveRequest>;
  return m.type === "solve" && typeof m.id === "number" && typeof m.game === "string" && "state" in m;
}

/**
 * Answers one message. Errors become a failure message rather than an exception, so one bad request does
 * not end the worker.
 */
export function handleSolveMessage(
  message: unknown,
  solvers: Readonly<Record<string, ProtocolSolver>>,
  now: Clock,
): SolveResponse {
  if (!isSolveRequest(message)) {
    const id = typeof (message as { id?: unknown })?.id === "number" ? (message as { id: number }).id : -1;
    return { type: "error", id, code: "bad_message", message: "not a solve request" };
  }
  const solver = solvers[message.game];
  if (!solver) {
    return {
      type: "error",
      id: message.id,
      code: "unknown_game",
      message: `no solver for "${message.game}" (known: ${Object.keys(solvers).join(", ")})`,
    };
  }
  try {
    const options = { ...((message.options ?? {}) as Record<string, unknown>), now };
    return { type: "result", id: message.id, result: solver(message.state as never, options) };
  } catch (error) {
    const e = error as Error & { code?: unknown };
    return {
      type: "error",
      id: message.id,
      code: typeof e.code === "string" ? e.code : "internal",
      message: e.message ?? String(error),
    };
  }
}
