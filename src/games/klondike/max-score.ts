import { type BudgetKind, BudgetMeter, describeBudget } from "../../search/budget.ts";
import type { SolveResult } from "../../search/result.ts";
import { StateTable } from "../../search/state-table.ts";
import type { SolveOptions } from "../patience/contract.ts";
import { KlondikePosition } from "./packed.ts";
import { applyMove, cardsInState, type KlondikeMove, type KlondikeState } from "./rules.ts";
import { translate } from "./solver.ts";

/** What the score search found: the best score and the moves to it; `proven` when nothing higher exists. */
export interface MaxScore {
  /** The highest score reached (the score after `moves`). */
  score: number;
  /** Whether the search was complete: no line scores more. */
  proven: boolean;
  /** An upper bound on any line's score (equal to `score` when proven). */
  bound: number;
  moves: KlondikeMove[];
  positions: number;
}

/**
 * The highest score a deal allows, under the rules' scoring (untimed), and the moves that reach it: a
 * depth-first branch and bound over the packed position in its score mode (the face-up cards as a set, as for a
 * win: twins' runs exchanged score the same; the stock's place and the passes made kept as they are, since a pass
 * costs points; no forced moves and no shortcut, since how a card gets home counts: a stock card played onto a
 * pile before it goes home scores 5 more). A table keeps the best score each position was reached with: a
 * position reached again with no more is not searched again (what follows adds the same moves' gains to a score
 * that is no higher, and the floor at 0 is monotone, so it ends no higher). A line is cut when the bound on
 * anything it can still reach (`KlondikePosition.bound`, which accounts for the floor) is no more than the best
 * found. The game may stop anywhere, so every position reached counts, won or not. With no budget left, the best
 * found so far is returned, not proven.
 */
export function maxScore(
  state: KlondikeState,
  options: SolveOptions = {},
): MaxScore & { ms: number; bytes: number; budget?: string; budgetKind?: BudgetKind } {
  const cards = cardsInState(state);
  if (cards.length !== 52 || new Set(cards).size !== 52) {
    throw new RangeError("the score search needs a whole Klondike position: all 52 cards, each once");
  }
  const vegas = state.rules.scoring === "vegas";
  const floor = (x: number) => (vegas ? x : Math.max(0, x));
  const meter = new BudgetMeter(options.budget ?? {}, options.now);
  const domain = new KlondikePosition(state.rules, { score: true });
  domain.load(state);
  const words = domain.keyWords;
  const table = new StateTable(words, words + 1, meter, 1 << 12);
  const key = new Uint32Array(words);
  const moves = new Int32Array(domain.maxMoves);
  const path: number[] = [];
  let best = state.score;
  let bestPath: number[] = [];
  const top = domain.bound(state.score, vegas);
  let budgetHit: string | undefined;
  let budgetKind: BudgetKind | undefined;
  const stop = (kind: BudgetKind): "stop" => {
    budgetKind = kind;
    budgetHit = describeBudget(kind, meter);
    return "stop";
  };

  /** A position on the line searched: its score, its moves best immediate gain first, the next one to try. */
  interface Frame {
    score: number;
    order: number[];
    next: number;
  }
  const frames: Frame[] = [];
  /**
   * Enters the current position, reached with `score`: "leaf" when nothing below needs searching, "frame" when a
   * frame was pushed to search it, "stop" when a budget ran out. (An explicit stack, not recursion: where
   * standard scoring's floor lets cards go down and up again for points, lines run to thousands of moves.)
   */
  const open = (score: number): "leaf" | "frame" | "stop" => {
    if (!meter.tick()) return stop("time");
    if (score > best) {
      best = score;
      bestPath = path.slice();
      if (best === top) return "leaf";
    }
    if (domain.bound(score, vegas) <= best) return "leaf";
    domain.encode(key);
    const id = table.findOrInsert(key, domain.hash(), meter.positions < meter.maxPositions);
    if (id === -1) return stop(meter.tableFull());
    if (id === -2) return stop("positions");
    const slot = id * (words + 1) + words;
    if (!table.inserted) {
      // Reached before with at least as much: nothing new below. (Scores are stored shifted to stay positive.)
      if (score + 1_000_000 <= table.words[slot]) return "leaf";
    } else meter.positions++;
    table.words[slot] = score + 1_000_000;
    const end = domain.generate(0, moves, 0);
    const gains = new Map<number, number>();
    const order: number[] = [];
    for (let i = 0; i < end; i++) {
      order.push(moves[i]);
      gains.set(moves[i], domain.gain(moves[i], vegas));
    }
    order.sort((a, b) => (gains.get(b) as number) - (gains.get(a) as number));
    frames.push({ score, order, next: 0 });
    return "frame";
  };
  let complete = open(state.score) !== "stop";
  while (complete && frames.length > 0) {
    const f = frames[frames.length - 1];
    if (best === top || f.next === f.order.length) {
      frames.pop();
      if (frames.length > 0) {
        const parent = frames[frames.length - 1];
        domain.undo(parent.order[parent.next - 1]);
        path.pop();
      }
      continue;
    }
    const m = f.order[f.next++];
    const g = domain.gain(m, vegas);
    domain.apply(m);
    path.push(m);
    const r = open(floor(f.score + g));
    if (r === "stop") complete = false;
    else if (r === "leaf") {
      path.pop();
      domain.undo(m);
    }
  }
  const line = translate(domain, state, bestPath, "none", false);
  let s = state;
  for (const m of line) s = applyMove(s, m);
  if (s.score !== best) throw new Error(`internal error: the best line scores ${s.score}, not ${best}`);
  return {
    score: best,
    proven: complete,
    bound: complete ? best : top,
    moves: line,
    positions: table.count,
    ms: meter.elapsed(),
    bytes: table.bytes,
    ...(budgetHit === undefined ? {} : { budget: budgetHit }),
    ...(budgetKind === undefined ? {} : { budgetKind }),
  };
}

/** The score search in the shape of a solver's answer (objective "max-score"): `value` is the score of the moves. */
export function solveMaxScore(state: KlondikeState, options: SolveOptions = {}): SolveResult<KlondikeMove> {
  const r = maxScore(state, options);
  const searched = r.proven
    ? `complete branch and bound over every line: ${r.score} is the highest score this position allows`
    : `branch and bound stopped (${r.budget}): ${r.score} is the best found, and no line scores more than ${r.bound}`;
  const outcome = r.proven ? "exhausted" : (r.budgetKind ?? "capped");
  return {
    result: r.proven ? "solved" : "unknown",
    moves: r.moves,
    value: r.score,
    stats: {
      positions: r.positions,
      expanded: r.positions,
      ms: r.ms,
      bytes: r.bytes,
      phases: [{ name: "max-score", positions: r.positions, expanded: r.positions, ms: r.ms, outcome }],
      searched,
      ...(r.budgetKind === undefined ? {} : { budget: r.budgetKind }),
    },
    reason: r.proven
      ? `the highest score is ${r.score}`
      : `best score found ${r.score}, not proven the highest (no line scores more than ${r.bound})`,
  };
}
