import type { AnyPatienceGame, AutoPolicy } from "../contract.ts";
import { playTurn } from "../session.ts";

type State = { rules: unknown };

/** A quick search's answer: the move to play, and whether the line it begins was seen to win. */
export interface QuickMove {
  move: unknown;
  wins: boolean;
  /** Positions looked at. */
  positions: number;
}

/**
 * How good a position looks to a player, for any game of the registry: cards home first, then face-up cards
 * (a card turned up is a card known), then empty piles that take cards.
 */
export function looks(game: AnyPatienceGame, state: State): number {
  let score = 0;
  for (const pile of game.piles(state, "player")) {
    if (pile.ref.kind === "foundation") score += 100 * pile.cards.length;
    else if (pile.ref.kind === "hole") score += 100 * pile.cards.length;
    else {
      for (const c of pile.cards) if (c.faceUp) score += 2;
      if (pile.cards.length === 0 && pile.takes !== "nothing" && pile.ref.kind !== "waste") score += 5;
    }
  }
  return score;
}

/** How long and how far the quick search may look. */
export interface QuickLimits {
  positions?: number;
  /** Milliseconds on `now`'s clock (both or neither). */
  ms?: number;
  now?: () => number;
}

/**
 * The best move a short search can find, at once, for any game: a best-first search from `state` over at most
 * `positions` positions (default 300) and `ms` milliseconds (each player move with the policy's automatic moves), led by `looks`; the first move of
 * the line to a win when one is found, else of the line to the best-looking position reached (the shorter line
 * when two look alike). Undefined when there is no legal move.
 */
export function quickMove(
  game: AnyPatienceGame,
  state: State,
  policy: AutoPolicy,
  limits: QuickLimits = {},
): QuickMove | undefined {
  const positions = limits.positions ?? 300;
  const { now, ms } = limits;
  const until = now && ms !== undefined ? now() + ms : undefined;
  const legal = game.legalMoves(state);
  if (legal.length === 0) return undefined;
  interface Node {
    state: State;
    first: unknown;
    depth: number;
    score: number;
  }
  const seen = new Set([game.key(state)]);
  const open: Node[] = [];
  let best: Node | undefined;
  let looked = 0;
  const push = (node: Node) => {
    open.push(node);
    if (!best || node.score > best.score || (node.score === best.score && node.depth < best.depth))
      best = node;
  };
  const expand = (from: State, first: unknown | undefined, depth: number): QuickMove | undefined => {
    for (const move of first === undefined ? legal : game.legalMoves(from)) {
      const after = playTurn(game, from, move, policy, "player", false).after;
      const line = first === undefined ? move : first;
      looked++;
      if (game.isWon(after)) return { move: line, wins: true, positions: looked };
      const key = game.key(after);
      if (seen.has(key)) continue;
      seen.add(key);
      // A little less for each move of the line: of two equal positions, the nearer.
      push({ state: after, first: line, depth: depth + 1, score: looks(game, after) - depth * 0.5 });
    }
    return undefined;
  };
  const won = expand(state, undefined, 0);
  if (won) return won;
  while (open.length > 0 && looked < positions && (until === undefined || (now as () => number)() < until)) {
    let at = 0;
    for (let i = 1; i < open.length; i++) if (open[i].score > open[at].score) at = i;
    const node = open[at];
    open[at] = open[open.length - 1];
    open.pop();
    const found = expand(node.state, node.first, node.depth);
    if (found) return found;
  }
  return { move: best ? best.first : legal[0], wins: false, positions: looked };
}
