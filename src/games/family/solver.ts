import { BudgetMeter, describeBudget } from "../../search/budget.ts";
import type { SolveResult } from "../../search/result.ts";
import type { AutoPolicy, SolveOptions } from "../patience/contract.ts";
import { apply, autoMoves, type FamilyMove, type FamilyState, isWon, legalMoves } from "./engine.ts";
import { familyKey } from "./key.ts";

/**
 * The family's solver for any rules: a depth-first search with an explicit stack over the engine's own moves,
 * every position remembered by its canonical key (piles that differ only in order counted once). The only moves
 * made without choice are those the rules make (turning a card up, filling a space at once) and, under the
 * policy "none", the cards going home that `safeHome` proves never wrong for the rules in force. So when it runs
 * out of positions the deal is unsolvable under those rules; a budget met first gives unknown.
 *
 * It knows nothing clever, on purpose: a game gets a correct solver the day its rules are written. Games that
 * need speed get a packed position of their own.
 */

/** Rough bytes a remembered position costs (its key as a string, and the set's entry). */
const BYTES_PER_KEY_CHAR = 2;
const BYTES_PER_ENTRY = 48;

interface Frame {
  state: FamilyState;
  moves: FamilyMove[];
  next: number;
  /** The moves that led here from the parent: the chosen move and the automatic moves after it. */
  path: FamilyMove[];
}

/** The automatic moves made after every move: the policy's, or, with none, those proved never wrong. */
function forcedAfter(state: FamilyState, policy: AutoPolicy): FamilyMove[] {
  return autoMoves(state, policy === "none" ? "safe" : policy);
}

function play(state: FamilyState, moves: readonly FamilyMove[]): FamilyState {
  let s = state;
  for (const m of moves) s = apply(s, m);
  return s;
}

export function solveFamily(start: FamilyState, options: SolveOptions = {}): SolveResult<FamilyMove> {
  const policy = options.policy ?? "none";
  const meter = new BudgetMeter(options.budget ?? {}, options.now);
  const searched = `every move of the rules (${policy === "none" ? "cards home only when proved safe" : `automatic moves: ${policy}`}), positions that differ only in the order of piles counted once`;
  const stats = (expanded: number) => ({
    positions: meter.positions,
    expanded,
    ms: meter.elapsed(),
    bytes: meter.bytesUsed,
    phases: [],
    searched,
  });
  const seen = new Set<string>();
  const remember = (state: FamilyState): boolean | "budget" => {
    const key = familyKey(state);
    if (seen.has(key)) return false;
    if (!meter.storePosition() || !meter.grow(key.length * BYTES_PER_KEY_CHAR + BYTES_PER_ENTRY))
      return "budget";
    seen.add(key);
    return true;
  };

  const firstForced = forcedAfter(start, policy);
  const root = play(start, firstForced);
  remember(root);
  const won = (stack: Frame[], last: FamilyMove[]): SolveResult<FamilyMove> => ({
    result: "solved",
    moves: [...firstForced, ...stack.slice(1).flatMap((f) => f.path), ...last],
    stats: stats(stack.length),
  });
  if (isWon(root)) return { result: "solved", moves: firstForced, stats: stats(0) };

  const stack: Frame[] = [{ state: root, moves: legalMoves(root), next: 0, path: [] }];
  let expanded = 1;
  while (stack.length > 0) {
    const frame = stack[stack.length - 1];
    if (frame.next === frame.moves.length) {
      stack.pop();
      continue;
    }
    if (!meter.tick()) break;
    const move = frame.moves[frame.next++];
    let state = apply(frame.state, move);
    const after = forcedAfter(state, policy);
    state = play(state, after);
    const fresh = remember(state);
    if (fresh === "budget") break;
    if (!fresh) continue;
    const path = [move, ...after];
    if (isWon(state)) return won(stack, path);
    expanded++;
    if ((expanded & 4095) === 0) options.onProgress?.({ positions: meter.positions, ms: meter.elapsed() });
    stack.push({ state, moves: legalMoves(state), next: 0, path });
  }
  if (meter.exceeded) {
    return {
      result: "unknown",
      moves: [],
      stats: { ...stats(expanded), budget: meter.exceeded },
      reason: describeBudget(meter.exceeded, meter),
    };
  }
  return {
    result: "unsolvable",
    moves: [],
    stats: stats(expanded),
    reason: `no position reached wins: ${meter.positions} searched`,
  };
}
