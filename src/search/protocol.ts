import type { Numbering } from "../cards/deals/layout.ts";
import type { Budget } from "./budget.ts";
import type { SolveOutcome, SolveStats } from "./result.ts";

/**
 * The one worker protocol: the web app's Web Worker, the terminal's worker thread, the benchmarks and the
 * survey's workers all speak it. Messages are plain data (they survive structured cloning and JSON). A request
 * names a game of the registry, its rules (as the game's schema takes them), and a position: a numbered deal, a
 * board in the game's text, or a state the sender already holds. Moves go back in the game's notation.
 */

export type Policy = "none" | "safe" | "all";

interface GameRequest {
  /** Chosen by the sender; every answer to the request carries it back. */
  id: number;
  /** A game of the registry, e.g. "freecell", "king-albert". */
  game: string;
  /** Rules as the game's schema takes them (missing fields take the defaults). */
  rules?: Record<string, unknown>;
  /** The automatic moves in force; the verdict is for this policy (default: the game's first). */
  policy?: Policy;
}

export interface SolveRequest extends GameRequest {
  type: "solve";
  /** The position: a numbered deal … */
  deal?: number;
  numbering?: Numbering;
  /** … or board text … */
  board?: string;
  /** … or a state of the game (from a session in the sender's hands). */
  state?: unknown;
  budget?: Budget;
  shortest?: boolean;
  /** What to search for, when the game offers more than a win ("max-score"). */
  objective?: string;
  /** Send progress messages about every this many ms (none when absent). */
  progressMs?: number;
  /**
   * Whether to work out the player's turns (default true). A survey sets false: it needs only the moves, and
   * splitting a solution into turns costs more than many solves.
   */
  turns?: boolean;
}

/** Finds a deal to play: the first winnable of a few drawn from `seed`, or the one with the fewest moves. */
export interface PickRequest extends GameRequest {
  type: "pick";
  numbering?: Numbering;
  kind: "winnable" | "easy";
  seed: number;
  /** Milliseconds for the whole pick. */
  ms: number;
}

export type Request = SolveRequest | PickRequest;

export interface SolveAnswer {
  type: "result";
  id: number;
  result: SolveOutcome;
  /** Every move, automatic ones written out, in notation: what `tsol check` replays with no automatic moves. */
  moves: string[];
  /** The player's moves of the same solution under the policy: one per turn (empty when not asked for). */
  turns: string[];
  stats: SolveStats;
  /** Why the result is unsolvable or unknown, for people. */
  reason?: string;
  /** When unsolvable by an argument rather than a search: the argument, in words (no leading capital, no stop). */
  proof?: string;
  /** The objective's value when one was asked for (e.g. the score). */
  value?: number;
}

export interface PickAnswer {
  type: "picked";
  id: number;
  /** The deal chosen, or null when none of those tried was found winnable in time. */
  deal: number | null;
  /** Its player moves (turns) under the policy. */
  turns: number;
  tried: number;
}

export interface ProgressMessage {
  type: "progress";
  id: number;
  positions: number;
  ms: number;
}

export interface Failure {
  type: "error";
  id: number;
  /** The error's stable code ("unknown_game", "invalid_rules", "bad_board" …; "internal" when it has none). */
  code: string;
  message: string;
}

export type Response = SolveAnswer | PickAnswer | ProgressMessage | Failure;

export class RequestError extends Error {
  constructor(
    readonly code: string,
    message: string,
  ) {
    super(message);
    this.name = "RequestError";
  }
}

/** Checks a message's shape: a request the handler can take, or a RequestError saying what is wrong. */
export function readRequest(message: unknown): Request {
  if (typeof message !== "object" || message === null)
    throw new RequestError("bad_message", "not a request object");
  const m = message as Record<string, unknown>;
  if (typeof m.id !== "number") throw new RequestError("bad_message", "a request needs a numeric id");
  if (m.type !== "solve" && m.type !== "pick")
    throw new RequestError("bad_message", "a request is of type solve or pick");
  if (typeof m.game !== "string") throw new RequestError("bad_message", "a request names its game");
  if (m.rules !== undefined && (typeof m.rules !== "object" || m.rules === null || Array.isArray(m.rules))) {
    throw new RequestError("invalid_rules", "rules are an object of named rules");
  }
  if (m.type === "solve") {
    const given = ["deal", "board", "state"].filter((k) => m[k] !== undefined);
    if (given.length !== 1)
      throw new RequestError("bad_message", "a solve request gives one of deal, board or state");
  } else if (typeof m.seed !== "number" || typeof m.ms !== "number") {
    throw new RequestError("bad_message", "a pick request gives a seed and a time in ms");
  }
  return m as unknown as Request;
}

/** The id of a message, or -1 when it has none (for a failure answer to a malformed message). */
export function requestId(message: unknown): number {
  const id = (message as { id?: unknown } | null)?.id;
  return typeof id === "number" ? id : -1;
}
