import type { SolveOutcome } from "../../../search/result.ts";
import type { AnyPatienceGame, AutoPolicy } from "../contract.ts";
import type { SampleShare } from "../knowledge.ts";
import { playTurn, type Turn } from "../session.ts";
import { lostWords } from "./why.ts";

type State = { rules: unknown };
type AnyTurn = Turn<State, unknown>;

/** What is known of a position: the solver's verdict, and when it can be won, the player's moves that win. */
export interface Analysis {
  result: SolveOutcome;
  /** The player's moves that win from the position under the policy, in notation, one per turn (when solved). */
  turns: string[];
  /** Milliseconds the search took (0 when the verdict was derived). */
  ms: number;
  /** The search's budget: an unknown verdict under a small budget may be asked again under a larger one. */
  budgetMs: number;
  /** Why the result is unsolvable or unknown, in words. */
  reason?: string;
  /** When unsolvable by an argument rather than a search: the argument, in words. */
  proof?: string;
  /** When unsolvable by a search: why, as the engine can name it (whyLost: the stuck cards, no legal move). */
  why?: string;
  /** Positions the search stored (0 or absent when the verdict was derived). */
  positions?: number;
  /**
   * How it is known. "search": the solver searched this position; "solution": the position lies on a solution
   * found for an earlier one; "repair": an earlier position's solution, replayed around the player's move, wins;
   * "detour": the player's move can be taken back, then the earlier solution wins; "lost": a position reached
   * from one that cannot be won cannot be won either.
   */
  source: "search" | "solution" | "repair" | "detour" | "lost";
  /**
   * False when the position asked about is the same to the rules as the one the turns were found for, but laid
   * out otherwise (cells or cascades in another order): the verdict holds, the turns' notation does not, so
   * they are left out.
   */
  fits?: boolean;
}

interface Entry extends Analysis {
  /** The exact position (its board text) the turns are written for. */
  exact: string;
}

/** The cache's key: the game, the policy, the rules and the game's canonical position key. */
export function positionKey(game: AnyPatienceGame, state: State, policy: AutoPolicy): string {
  return `${game.id}|${policy}|${JSON.stringify(state.rules)}|${game.key(state)}`;
}

/**
 * Verdicts per position. A solution fills in every position along it, so undo, redo and following a hint are
 * answered at once; a position one move off a known one is derived when that can be proved by the engine:
 * after a lost position, lost; after a winnable one, the old solution replayed around the move, or the move
 * taken back. Every solution kept has been replayed through the engine to a win.
 */
export class VerdictCache {
  private readonly entries = new Map<string, Entry>();

  constructor(private readonly limit = 20_000) {}

  get size(): number {
    return this.entries.size;
  }

  /** What is known of the position; its turns only when they are written for this very layout of it. */
  get(game: AnyPatienceGame, state: State, policy: AutoPolicy): Analysis | undefined {
    const entry = this.entries.get(positionKey(game, state, policy));
    if (!entry) return undefined;
    const { exact, ...analysis } = entry;
    if (analysis.result !== "solved" || exact === game.board.format(state)) return analysis;
    return { ...analysis, turns: [], fits: false };
  }

  /**
   * Keeps a verdict; a winning one also for every position along its turns (each turn replayed through the
   * engine; a turn that does not replay ends the walk, and a solution that does not win is not kept).
   */
  put(game: AnyPatienceGame, state: State, policy: AutoPolicy, analysis: Analysis): Analysis {
    const exact = (s: State) => game.board.format(s);
    if (analysis.result !== "solved") {
      this.set(positionKey(game, state, policy), { ...analysis, exact: exact(state) });
      return analysis;
    }
    const line = replayTurns(game, state, analysis.turns, policy);
    if (!line) {
      // Never keep a "winnable" that the engine does not confirm.
      const doubtful: Analysis = {
        ...analysis,
        result: "unknown",
        turns: [],
        reason: "its solution did not replay",
      };
      this.set(positionKey(game, state, policy), { ...doubtful, exact: exact(state) });
      return doubtful;
    }
    this.set(positionKey(game, state, policy), { ...analysis, exact: exact(line.start) });
    line.positions.forEach((s, i) => {
      const key = positionKey(game, s, policy);
      const here = exact(s);
      const known = this.entries.get(key);
      if (known?.result === "solved" && known.source !== "detour" && known.exact === here) return;
      this.set(key, {
        result: "solved",
        turns: analysis.turns.slice(i + 1),
        ms: 0,
        budgetMs: analysis.budgetMs,
        source: "solution",
        exact: here,
      });
    });
    return analysis;
  }

  /**
   * The verdict after a turn when it is known at once: the position's own, or lost after a lost position;
   * undefined otherwise.
   */
  after(game: AnyPatienceGame, turn: AnyTurn, policy: AutoPolicy): Analysis | undefined {
    const hit = this.get(game, turn.after, policy);
    if (hit) return hit;
    const before = this.get(game, turn.before, policy);
    if (!before) return undefined;
    if (before.result === "unsolvable") {
      return this.put(game, turn.after, policy, {
        result: "unsolvable",
        turns: [],
        ms: 0,
        budgetMs: before.budgetMs,
        reason: "it is reached from a position that cannot be won",
        source: "lost",
      });
    }
    return undefined;
  }

  /**
   * The verdict after a turn off a known solution, worked out on the engine: the old solution replayed around
   * the move (the move taken out of it, or the moves that no longer fit skipped), or the move taken back and the
   * old solution played. Undefined when neither wins. It costs a few replays, so it is tried only when a search
   * is slow to answer.
   */
  repair(game: AnyPatienceGame, turn: AnyTurn, policy: AutoPolicy): Analysis | undefined {
    const hit = this.get(game, turn.after, policy);
    if (hit) return hit;
    const before = this.get(game, turn.before, policy);
    if (before?.result !== "solved" || before.fits === false) return undefined;
    const line = replayTurns(game, turn.before, before.turns, policy);
    if (!line) return undefined;
    const played = JSON.stringify(turn.move);
    const same = line.moves.findIndex((m) => JSON.stringify(m) === played);
    const tries = same > 0 ? [line.moves.filter((_, i) => i !== same), line.moves] : [line.moves];
    for (const moves of tries) {
      const turns = playAround(game, turn.after, moves, policy);
      if (turns) {
        return this.put(game, turn.after, policy, {
          result: "solved",
          turns,
          ms: 0,
          budgetMs: 0,
          source: "repair",
        });
      }
    }
    const back = game.key(turn.before);
    for (const move of game.legalMoves(turn.after)) {
      const undo = playTurn(game, turn.after, move, policy);
      if (
        game.key(undo.after) === back &&
        JSON.stringify(undo.after.rules) === JSON.stringify(turn.before.rules)
      ) {
        return this.put(game, turn.after, policy, {
          result: "solved",
          turns: [undo.notation[0], ...before.turns],
          ms: 0,
          budgetMs: 0,
          source: "detour",
        });
      }
    }
    return undefined;
  }

  private set(key: string, analysis: Entry): void {
    this.entries.delete(key);
    this.entries.set(key, analysis);
    if (this.entries.size > this.limit) {
      // The oldest entries go first (a Map keeps insertion order).
      const drop = this.entries.size - Math.floor(this.limit * 0.75);
      let n = 0;
      for (const k of this.entries.keys()) {
        if (n++ >= drop) break;
        this.entries.delete(k);
      }
    }
  }
}

/** A solution's turns replayed from `state`: the moves and the position after each; undefined unless it wins. */
export function replayTurns(
  game: AnyPatienceGame,
  state: State,
  turns: readonly string[],
  policy: AutoPolicy,
): { start: State; moves: unknown[]; positions: State[] } | undefined {
  const moves: unknown[] = [];
  const positions: State[] = [];
  let s = state;
  let start = state;
  try {
    // The policy's automatic moves come first, as the solver's turns assume (a session makes them on the deal).
    for (const move of game.autoMoves(s, policy)) s = game.apply(s, move);
    start = s;
    for (const text of turns) {
      const move = game.notation.parse(s, text);
      s = playTurn(game, s, move, policy).after;
      moves.push(move);
      positions.push(s);
    }
  } catch {
    return undefined;
  }
  return game.isWon(s) ? { start, moves, positions } : undefined;
}

/** Plays the moves that are legal in turn (the others skipped) from `state`; their notation when they win. */
function playAround(
  game: AnyPatienceGame,
  state: State,
  moves: readonly unknown[],
  policy: AutoPolicy,
): string[] | undefined {
  let s = state;
  const out: string[] = [];
  for (const move of moves) {
    if (game.isWon(s)) break;
    if (game.whyIllegal(s, move) !== undefined) continue;
    const turn = playTurn(game, s, move, policy);
    out.push(turn.notation[0]);
    s = turn.after;
  }
  return game.isWon(s) ? out : undefined;
}

/** The winnable status a player sees, and its words. */
export type VerdictStatus = "checking" | "winnable" | "not winnable" | "unknown" | "won" | "chance";
export interface Verdict {
  status: VerdictStatus;
  detail: string;
  /** Why it is not winnable, in words (no capital, no stop): the argument, the stuck cards, or the search. */
  proof?: string;
  /** While checking: the positions the search has stored so far. */
  positions?: number;
  /** Blind ("chance"): the share of the ways the hidden cards may lie in which the position can be won. */
  chance?: SampleShare;
}

const count = (n: number, one: string, many = `${one}s`) =>
  `${n.toLocaleString("en")} ${n === 1 ? one : many}`;

/** The status while the solver searches: "Searching… (12,345 positions)". */
export function searching(positions?: number): Verdict {
  return {
    status: "checking",
    detail:
      positions === undefined
        ? "The solver is looking at this position."
        : `The solver is looking at this position (${count(positions, "position")} so far).`,
    ...(positions === undefined ? {} : { positions }),
  };
}

/** The status a player sees for what is known of a position, in words. */
export function verdictOf(analysis: Analysis): Verdict {
  if (analysis.result === "solved") {
    return {
      status: "winnable",
      detail: `Winnable: the solver wins from here in ${count(analysis.turns.length, "move")}.`,
    };
  }
  if (analysis.result === "unsolvable") {
    if (analysis.source === "lost") {
      return {
        status: "not winnable",
        detail: "Not winnable: an earlier position already could not be won.",
        proof: "an earlier position already could not be won",
      };
    }
    const proof = lostWords(analysis);
    return { status: "not winnable", detail: `Not winnable: ${proof}.`, proof };
  }
  const after =
    analysis.positions !== undefined && analysis.positions > 0
      ? ` and ${count(analysis.positions, "position")}`
      : "";
  return {
    status: "unknown",
    detail: `Unknown: no verdict within ${(analysis.budgetMs / 1000).toFixed(1)} s${after}${analysis.reason ? ` (${analysis.reason})` : ""}.`,
  };
}
