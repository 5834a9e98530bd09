import { cardName, rankOf } from "../../../cards/card.ts";
import type { AnyPatienceGame, AutoPolicy } from "../contract.ts";
import { playTurn } from "../session.ts";

type State = { rules: unknown };

/** How many positions `whyLost` walks at most: a lost position with more gets the search's own words. */
export const WHY_LIMIT = 5_000;

/**
 * Why a position cannot be won, in words a player can check (no leading capital, no full stop), when the engine
 * can name it: no legal move; or, walking every position reachable from here (at most `limit`), the stock and
 * waste that can no longer change and the cards that never move. Undefined when there are more positions than
 * `limit`, or the walk outlasts `time` (or, a walk finding a win, when the position is not lost at all).
 *
 * Reads every card (as the solver does): a card face down to the player is counted, never named.
 */
export function whyLost(
  game: AnyPatienceGame,
  state: State,
  policy: AutoPolicy,
  limit = WHY_LIMIT,
  /** A time limit too (a game whose moves are slow to list): milliseconds on `now`'s clock. */
  time?: { ms: number; now: () => number },
): string | undefined {
  const until = time ? time.now() + time.ms : undefined;
  if (game.isWon(state)) return undefined;
  if (game.legalMoves(state).length === 0) return "no legal move is left";
  const seen = new Map<string, State>([[game.key(state), state]]);
  const todo = [state];
  while (todo.length > 0) {
    const s = todo.pop() as State;
    for (const move of game.legalMoves(s)) {
      const after = playTurn(game, s, move, policy, "player", false).after;
      if (game.isWon(after)) return undefined;
      const key = game.key(after);
      if (seen.has(key)) continue;
      if (seen.size >= limit) return undefined;
      if (until !== undefined && seen.size % 64 === 0 && (time as { now: () => number }).now() > until)
        return undefined;
      seen.set(key, after);
      todo.push(after);
    }
  }
  const reachable = [...seen.values()];
  // Where each card lies in every reachable position: a pile, with the stock and the waste counted as one.
  const place = (s: State) => {
    const at = new Map<number, string>();
    for (const pile of game.piles(s, "solver")) {
      const where = pile.ref.kind === "waste" || pile.ref.kind === "stock" ? "stock" : pile.ref.kind;
      const id = where === "stock" ? "stock" : `${where}${pile.ref.index}`;
      for (const view of pile.cards) if (view.card !== null) at.set(view.card, id);
    }
    return at;
  };
  const first = place(state);
  const still = new Set(first.keys());
  for (const s of reachable.slice(1)) {
    const at = place(s);
    for (const card of still) if (at.get(card) !== first.get(card)) still.delete(card);
  }
  const shown = new Map<number, { label: string; faceUp: boolean; kind: string }>();
  for (const pile of game.piles(state, "player")) {
    const solverPile = game
      .piles(state, "solver")
      .find((p) => p.ref.kind === pile.ref.kind && p.ref.index === pile.ref.index);
    pile.cards.forEach((view, i) => {
      const card = solverPile?.cards[i]?.card;
      if (card !== null && card !== undefined)
        shown.set(card, { label: pile.label, faceUp: view.faceUp, kind: pile.ref.kind });
    });
  }
  const parts: string[] = [];
  const stockCards = [...first.entries()].filter(([, at]) => at === "stock").map(([c]) => c);
  const stockStuck = stockCards.length > 0 && stockCards.every((c) => still.has(c));
  if (stockStuck) {
    const n = stockCards.length;
    parts.push(
      `the stock and waste can no longer change: none of ${n === 1 ? "its card" : `their ${n} cards`} can ever be played`,
    );
  }
  const stuck = [...still].filter((c) => {
    const where = shown.get(c);
    return where !== undefined && where.kind !== "foundation" && first.get(c) !== "stock";
  });
  if (stuck.length > 0) {
    // The lowest cards first: they are the ones the foundations wait for.
    const named = stuck
      .filter((c) => shown.get(c)?.faceUp)
      .sort((a, b) => rankOf(a) - rankOf(b))
      .slice(0, 3)
      .map((c) => `the ${cardName(c)} (${shown.get(c)?.label})`);
    const hidden = stuck.filter((c) => !shown.get(c)?.faceUp).length;
    const list = [...named, ...(hidden > 0 ? [`${hidden} face-down card${hidden === 1 ? "" : "s"}`] : [])];
    parts.push(
      `${stuck.length} card${stuck.length === 1 ? "" : "s"} can never move${list.length > 0 ? `, among them ${joinWords(list)}` : ""}`,
    );
  }
  const n = reachable.length;
  parts.push(
    n === 1
      ? "no move leads anywhere new"
      : `all ${n.toLocaleString("en")} positions reachable from here were tried and none wins`,
  );
  return parts.join("; ");
}

const joinWords = (words: string[]): string =>
  words.length <= 1 ? words.join("") : `${words.slice(0, -1).join(", ")} and ${words[words.length - 1]}`;

/** The words of a lost verdict: the argument or the walk when there is one, else what the search covered. */
export function lostWords(reason: { proof?: string; why?: string; positions?: number }): string {
  if (reason.proof) return reason.proof;
  if (reason.why) return reason.why;
  if (reason.positions !== undefined && reason.positions > 0)
    return `a complete search of ${reason.positions.toLocaleString("en")} positions found no win`;
  return "a complete search found no win";
}
