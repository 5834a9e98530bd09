import { cardName } from "../../../cards/card.ts";
import { type AnyPatienceGame, type PileRef, type PileView, samePile } from "../contract.ts";
import { PileKeyReader } from "../pile-keys.ts";

type State = { rules: unknown };

/**
 * What a key means on the table, the same in the page and in the terminal: a pile's key picks the pile up, a
 * second key puts it down there, the same key again is its quick move; commands take the lower-case letter, or
 * its capital where a pile's key uses the letter.
 */

/** A pile picked up: from card `index` (0 the bottom card), `count` cards (undefined: as many as fit). */
export interface Selection {
  from: PileRef;
  index: number;
  count?: number;
}

/** The piles' keys, in the order of the piles. */
export function keysOf(piles: readonly PileView[]): string[] {
  return piles.flatMap((p) => (p.key === undefined ? [] : [p.key]));
}

/**
 * The key of a command in this game: the lower-case letter, or its capital when a pile's key is the letter or
 * begins with it (Flower Garden's reserve "r1".."r16" takes r: redo is R).
 */
export function commandKey(piles: readonly PileView[], letter: string): string {
  return PileKeyReader.takes(keysOf(piles), letter) ? letter.toUpperCase() : letter;
}

/** What the start of a longer key may become: "Pile 1, or type the rest of 10–18." */
export function waitingWords(piles: readonly PileView[], typed: string): string {
  const longer = keysOf(piles).filter((k) => k !== typed && k.startsWith(typed));
  const range = longer.length > 2 ? `${longer[0]}–${longer[longer.length - 1]}` : longer.join(" or ");
  const named = piles.find((p) => p.key === typed);
  return named
    ? `${named.label.charAt(0).toUpperCase()}${named.label.slice(1)}, or type the rest of ${range}.`
    : `Type the rest of ${range} (Esc cancels).`;
}

/** What a chosen pile does: a pile picked up (and the prompt for where it goes), or a move (or its reason). */
export type Gesture =
  | { kind: "select"; selection: Selection; prompt: string }
  | { kind: "move"; intent: { move: unknown } | { reason: string }; quick: boolean }
  | { kind: "cancel" };

type Intent = { move: unknown } | { reason: string };
const move = (intent: Intent, quick: boolean): Gesture => ({ kind: "move", intent, quick });

/**
 * A pile chosen from the keyboard (its key, or Enter on the cursor): `piles` are the piles of that key. With
 * nothing picked up, its lowest card that can move is picked up (the engine decides how many go where they
 * are put), else the pile's quick move is played (the stock turns, a gap is filled) or its reason given. With a
 * pile picked up: the same pile again is its quick move (home, or where it fits), another the move there.
 */
export function keyGesture(
  game: AnyPatienceGame,
  state: State,
  piles: readonly PileView[],
  selection: Selection | null,
): Gesture {
  if (selection) {
    if (piles.some((p) => samePile(p.ref, selection.from)))
      return { kind: "move", intent: game.quickMove(state, selection.from), quick: true };
    return {
      kind: "move",
      intent: game.intent(state, selection.from, piles[0].ref, selection.count),
      quick: false,
    };
  }
  const source = piles.find((p) => p.cards.length > 0) ?? piles[0];
  const lowest = source.cards.findIndex((_, i) => game.lift(state, source.ref, i) > 0);
  if (lowest < 0) return move(game.quickMove(state, source.ref), true);
  return {
    kind: "select",
    selection: { from: source.ref, index: lowest },
    prompt: `From ${source.label} to where? Press a pile's key (the same key again: home or where it fits; Esc cancels).`,
  };
}

/** How a click on a card plays: "select" picks it up; "quick" plays its quick move (Montana). */
export type ClickMode = "select" | "quick";

/**
 * A click (or tap) on card `index` of a pile (0 the bottom card), or on the pile itself (`index` undefined: an
 * empty pile, the space below a cascade). With a pile picked up: another pile is the move there; the same pile
 * picks up from the card clicked instead (or, clicked again where it was, puts it back). With nothing picked
 * up: the card and the cards on it are picked up when they can move together, else why not; a pile that gives
 * no card (the stock, an empty place) plays its quick move. `where` is the prompt for a pile picked up.
 */
export function clickGesture(
  game: AnyPatienceGame,
  state: State,
  piles: readonly PileView[],
  pile: PileRef,
  index: number | undefined,
  selection: Selection | null,
  mode: ClickMode,
  where: string,
): Gesture {
  if (selection) {
    if (!samePile(selection.from, pile))
      return move(game.intent(state, selection.from, pile, selection.count), false);
    const count = index === undefined ? 0 : game.lift(state, pile, index);
    if (index === undefined || count === 0 || index === selection.index) return { kind: "cancel" };
    return { kind: "select", selection: { from: pile, index, count }, prompt: where };
  }
  const view = piles.find((p) => samePile(p.ref, pile));
  if (mode === "quick" || !view || view.cards.length === 0) return move(game.quickMove(state, pile), true);
  const at = index ?? view.cards.length - 1;
  const count = game.lift(state, pile, at);
  if (count > 0) return { kind: "select", selection: { from: pile, index: at, count }, prompt: where };
  const card = view.cards[at];
  // A pile whose top card cannot be picked up (the stock, a foundation): its quick move, or why not.
  if (at >= view.cards.length - 1) return move(game.quickMove(state, pile), true);
  const reason =
    card && !card.faceUp
      ? "That card is face down: it turns up when the cards on it have gone"
      : `${card?.card != null ? `The ${cardName(card.card)}` : "That card"} is covered: only the cards on top of ${view.label} that move together can be picked up`;
  return move({ reason }, false);
}

/** A drag from card `index` of a pile dropped on another: the move of the cards from it, or why not. */
export function dropIntent(
  game: AnyPatienceGame,
  state: State,
  from: PileRef,
  index: number,
  to: PileRef,
): Intent | undefined {
  if (samePile(from, to)) return undefined;
  const count = game.lift(state, from, index);
  return game.intent(state, from, to, count > 0 ? count : undefined);
}
