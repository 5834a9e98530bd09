import { CardParseError, formatCard, parseCard } from "../../cards/card.ts";
import { NotationError } from "../patience/errors.ts";
import { columnsOf, type MontanaMove, type MontanaState, ROW_LETTERS, ROWS } from "./rules.ts";

/**
 * Montana's move notation: the card, `>`, and the gap it fills, rows `a`-`d` from the top and columns from 1 at the
 * left: `5H>b7`, `2C>a1` (tens as T or 10, suits in either case); a redeal is `r`.
 */
export function formatMove(state: MontanaState, move: MontanaMove): string {
  if (move.kind === "redeal") return "r";
  const n = columnsOf(state);
  return `${formatCard(move.card)}>${ROW_LETTERS[Math.floor(move.to / n)]}${(move.to % n) + 1}`;
}

/** Reads one move; whether it is legal is for the engine to say. Throws NotationError. */
export function parseMove(state: MontanaState, text: string): MontanaMove {
  const t = text.trim();
  if (/^r$/i.test(t)) return { kind: "redeal" };
  const parts = t.split(">");
  if (parts.length !== 2) {
    throw new NotationError(text, "a move is a card, > and a place, like 5H>b7, or r for a redeal");
  }
  let card: number;
  try {
    card = parseCard(parts[0]);
  } catch (error) {
    throw new NotationError(text, error instanceof CardParseError ? error.reason : String(error));
  }
  const n = columnsOf(state);
  const place = /^\s*([a-dA-D])\s*(\d{1,2})\s*$/.exec(parts[1]);
  const col = place ? Number(place[2]) : 0;
  if (!place || col < 1 || col > n) {
    throw new NotationError(text, `a place is a row a-${ROW_LETTERS[ROWS - 1]} and a column 1-${n}, like b7`);
  }
  const row = ROW_LETTERS.indexOf(place[1].toLowerCase());
  return { kind: "card", card, to: row * n + col - 1 };
}
