import { formatCard } from "../../cards/card.ts";
import {
  applyMove,
  autoMoves,
  isWon,
  type KlondikeMove,
  type KlondikeState,
  legalMoves,
  STOCK,
  WASTE,
} from "./rules.ts";

/**
 * A second solver, written apart from the real one to check its verdicts on whole deals: a depth-first search on
 * the engine's own positions and moves, piles kept card by card (no twins, no sets), every pile-to-pile move
 * tried. Its only shortcuts are the engine's safe moves home after each move and stock moves taken as "turn
 * until the card shows, then play it" (turns alone never win anything). Slow, and meant to be: it decides the
 * deals whose spaces are small, where it tells whether the real solver's pruning ever lost a win.
 */
export function referenceSolve(
  start: KlondikeState,
  limit = 5_000_000,
): { result: "solved" | "unsolvable" | "unknown"; moves: KlondikeMove[]; positions: number } {
  const seen = new Set<string>();
  const key = (s: KlondikeState) => {
    const piles = s.piles.map((p, i) => `${s.faceDown[i]}:${p.map(formatCard).join("")}`).sort();
    const passes = s.rules.passes === null ? "" : `#${s.recycles}`;
    return `${piles.join("/")}|${s.stock.map(formatCard).join("")}|${s.waste.map(formatCard).join("")}|${s.foundations.join(",")}${passes}`;
  };
  const settle = (s: KlondikeState, moves: KlondikeMove[]) => {
    let state = s;
    for (const a of autoMoves(state, "safe")) {
      moves.push(a);
      state = applyMove(state, a);
    }
    return state;
  };
  /** Each child: the moves that lead to it (safe moves home included) and the position. */
  const children = (s: KlondikeState): { moves: KlondikeMove[]; state: KlondikeState }[] => {
    const out: { moves: KlondikeMove[]; state: KlondikeState }[] = [];
    for (const m of legalMoves(s)) {
      if (m.from.kind === "stock" || m.to.kind === "stock" || m.from.kind === "waste") continue;
      const moves = [m];
      out.push({ moves, state: settle(applyMove(s, m), moves) });
    }
    // The waste's card after 0, 1, 2 ... turns, each waste seen once.
    const shown = new Set<string>();
    let t = s;
    const turns: KlondikeMove[] = [];
    for (let guard = 0; guard < 200; guard++) {
      const top = `${t.stock.length}/${t.waste.length}`;
      if (shown.has(top)) break;
      shown.add(top);
      if (t.waste.length > 0) {
        for (const m of legalMoves(t)) {
          if (m.from.kind !== "waste" || m.to.kind === "stock") continue;
          const moves = [...turns, m];
          out.push({ moves, state: settle(applyMove(t, m), moves) });
        }
      }
      const turn: KlondikeMove =
        t.stock.length > 0
          ? { from: STOCK, to: WASTE, count: Math.min(t.rules.draw, t.stock.length) }
          : { from: WASTE, to: STOCK, count: t.waste.length };
      if (
        t.stock.length === 0 &&
        (t.waste.length === 0 || (t.rules.passes !== null && t.recycles + 1 >= t.rules.passes))
      )
        break;
      turns.push(turn);
      t = applyMove(t, turn);
    }
    return out;
  };
  interface Frame {
    state: KlondikeState;
    next: { moves: KlondikeMove[]; state: KlondikeState }[];
    at: number;
  }
  const first: KlondikeMove[] = [];
  const root = settle(start, first);
  if (isWon(root)) return { result: "solved", moves: first, positions: 1 };
  seen.add(key(root));
  const stack: Frame[] = [{ state: root, next: children(root), at: 0 }];
  while (stack.length > 0) {
    const top = stack[stack.length - 1];
    if (top.at === top.next.length) {
      stack.pop();
      continue;
    }
    const child = top.next[top.at++];
    const k = key(child.state);
    if (seen.has(k)) continue;
    if (seen.size >= limit) return { result: "unknown", moves: [], positions: seen.size };
    seen.add(k);
    if (isWon(child.state)) {
      const moves = [...first];
      for (const f of stack) moves.push(...f.next[f.at - 1].moves);
      return { result: "solved", moves, positions: seen.size };
    }
    stack.push({ state: child.state, next: children(child.state), at: 0 });
  }
  return { result: "unsolvable", moves: [], positions: seen.size };
}
