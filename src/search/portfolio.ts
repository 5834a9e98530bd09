import type { BudgetKind, BudgetMeter } from "./budget.ts";
import type { SearchOutcome } from "./depth-first.ts";

/** What the portfolio needs of a search: it starts, runs in shares of positions, and says how it ended. */
export interface Runner<S> {
  readonly name: string;
  /** Whether running out of positions proves that no win exists. */
  readonly complete: boolean;
  readonly positions: number;
  readonly bytes: number;
  expanded: number;
  ms: number;
  outcome: SearchOutcome;
  meter: BudgetMeter | undefined;
  begin(root: S, meter: BudgetMeter): boolean;
  resume(until: number): SearchOutcome;
  /** Gives its memory back to the budget once it is dropped (optional). */
  release?(): void;
}

/** A search and its shares: `first` positions in the first round (easy deals end there), `quantum` after. */
export interface Entry<R> {
  runner: R;
  first: number;
  quantum: number;
  /**
   * A search that proves nothing is dropped, its memory given back, once it has stored this many positions
   * (the room goes to the searches still running).
   */
  limit?: number;
  /**
   * Whether its running out of positions proves that no win exists, when not the runner's own `complete`: false
   * for a complete kind of search made to search less than the rules allow (a streamliner's subset of moves).
   */
  complete?: boolean;
}

export type PortfolioEnd<R> =
  | { kind: "solved"; by: R }
  | { kind: "unsolvable"; by: R }
  | { kind: "unknown"; budget: BudgetKind }
  /** Every search ran out of positions, and none of them was complete: nothing is proved. */
  | { kind: "exhausted" };

/**
 * Runs several searches in turn, each for its share of positions, until one wins, a complete one runs out of
 * positions (no win exists), or a budget ends them all. Searches that are not complete and run out simply
 * drop out; when all have, the end is "exhausted". `maxBytes` records the most the tables held.
 */
export function runPortfolio<S, R extends Runner<S>>(
  entries: readonly Entry<R>[],
  root: S,
  meter: BudgetMeter,
  onProgress?: (progress: { positions: number; ms: number }) => void,
): PortfolioEnd<R> & { maxBytes: number } {
  meter.bytesUsed = entries.reduce((sum, e) => sum + e.runner.bytes, 0);
  let maxBytes = meter.bytesUsed;
  if (meter.bytesUsed > meter.maxBytes) {
    meter.exceeded = "memory";
    return { kind: "unknown", budget: "memory", maxBytes };
  }
  const live: Entry<R>[] = [...entries];
  for (let round = 0; ; round++) {
    for (const { runner, first, quantum, complete } of live) {
      // A search begins at its first turn: most deals end in the first search's first share.
      if (round === 0 && !runner.begin(root, meter)) {
        return { kind: "unknown", budget: runner.outcome as BudgetKind, maxBytes };
      }
      const share = round === 0 ? first : quantum;
      const outcome = runner.outcome === "solved" ? "solved" : runner.resume(runner.positions + share);
      maxBytes = Math.max(maxBytes, meter.bytesUsed);
      if (outcome === "solved") return { kind: "solved", by: runner, maxBytes };
      if (outcome === "exhausted" && (complete ?? runner.complete))
        return { kind: "unsolvable", by: runner, maxBytes };
      if (outcome !== "exhausted" && outcome !== "capped")
        return { kind: "unknown", budget: outcome, maxBytes };
      onProgress?.({ positions: meter.positions, ms: meter.elapsed() });
    }
    for (let i = live.length - 1; i >= 0; i--) {
      const { runner, limit, complete } = live[i];
      const full = limit !== undefined && !(complete ?? runner.complete) && runner.positions >= limit;
      if (runner.outcome !== "exhausted" && !full) continue;
      // Its positions may be many (a fast search on a lost deal): the searches still running get the room.
      live[i].runner.release?.();
      live.splice(i, 1);
    }
    if (live.length === 0) return { kind: "exhausted", maxBytes };
  }
}
