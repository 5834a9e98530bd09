import type { AnyPatienceGame } from "../contract.ts";
import type { SampleShare } from "../knowledge.ts";

/**
 * What the front-ends (the web table, the terminal) say about hints, the chance to win and the solver's search,
 * in one place: the same words, the same choices, framework-free.
 */

type State = { rules: unknown };

/** Whether the player does not see every card of the position (face-down cards, an unturned stock). */
export function hasUnseen(game: AnyPatienceGame, state: State): boolean {
  return game.knowledge !== undefined && game.knowledge.seen(state).unseen.length > 0;
}

/**
 * Whether hints, Solve and the status play blind here: the game has a blind player, the player has not asked to
 * peek, and some card is unseen. Otherwise they use the solver, which sees every card.
 */
export function playsBlind(game: AnyPatienceGame, state: State, peek: boolean): boolean {
  return !peek && game.blindPlayer !== undefined && hasUnseen(game, state);
}

/** Whether the solver's answer here rests on cards the player cannot see: a hint from it peeks. */
export function peeks(game: AnyPatienceGame, state: State, peek: boolean): boolean {
  return peek && hasUnseen(game, state);
}

const percent = (x: number) => `${Math.round(x * 100)}%`;

/** The chance to win, short ("62%") and in full (the interval and what it was counted over). */
export function chanceWords(chance: SampleShare): { short: string; detail: string } {
  const share = chance.samples > 0 ? chance.wins / chance.samples : 0;
  // An undecided sample may be won: the share won is then a floor, and the interval's high end counts them won.
  const least = chance.unknown > 0 ? "at least " : "";
  const undecided =
    chance.unknown > 0
      ? ` (${chance.unknown} undecided in time: the interval's high end counts them won)`
      : "";
  // No sample decided: nothing is known yet (Spider's samples within a decision's time).
  const unknown = chance.samples > 0 && chance.unknown === chance.samples;
  return {
    // Short, for the status line of a phone: "≥50%".
    short: unknown ? "not known" : `${chance.unknown > 0 ? "≥" : ""}${percent(share)}`,
    detail:
      `Chance to win from here: ${least}${percent(share)} (95% interval ${percent(chance.low)}–${percent(chance.high)}): ` +
      `won in ${chance.wins} of ${chance.samples} ways the face-down cards may lie${undecided}, by a player who then knew them.`,
  };
}

/** "Searching… (12,345 positions)". */
export function searchingWords(positions?: number): string {
  return positions === undefined ? "Searching…" : `Searching… (${positions.toLocaleString("en")} positions)`;
}

/** What a hint says, from the move in words ("the ten of hearts to …") and where it comes from. */
export function hintWords(
  words: string,
  from: "solver" | "quick" | "blind",
  others: number,
  again: string,
): string {
  const more = others > 0 ? ` ${again} shows another move (${others} more).` : "";
  // The move first: on a narrow screen the notice's two lines may not hold the rest.
  if (from === "quick")
    return `Suggested move: ${words.replace(/\.$/, "")} (a quick search's; the solver looks on).${more}`;
  if (from === "blind") return `Best move seeing only what you see: ${words}${more}`;
  return `Best move: ${words}${more}`;
}
