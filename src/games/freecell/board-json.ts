import { type Card, formatCard, SUIT_LETTERS } from "../../cards/card.ts";
import { formatSolvitaireCard } from "../../cards/deals/solvitaire.ts";
import { JsonBoardReader, WHOLE_DECK } from "../patience/board-json.ts";
import { emptyState, type FreeCellRules, type FreeCellState, MAX_CASCADES, MAX_CELLS } from "./rules.ts";

/**
 * The JSON form of FreeCell's engine.
 *
 * FreeCell: `{"game": "freecell", "deal": N, "cascades": [[…], …], "cells": [c, …], "foundations": {…}}`, cards as
 * in the notation ("TH"), each cascade from the bottom card to the exposed card, one entry per cell (null for a
 * free one), `foundations` each suit's top card (a suit left out is empty).
 *
 * With a reserve (King Albert), Solvitaire's shape: `{"game", "deal", "tableau", "reserve"}`, cards as Solvitaire
 * writes them ("10H"), the reserve's seven places in the deal's order with null for a card played, and
 * `foundations` only when a card is home.
 *
 * `deal` is the deal's number, or null for any other position.
 */
export function toJson(game: string, state: FreeCellState, deal?: number): Record<string, unknown> {
  const text = state.rules.reserve ? formatSolvitaireCard : formatCard;
  const foundations: Record<string, string> = {};
  state.foundations.forEach((rank, s) => {
    if (rank > 0) foundations[SUIT_LETTERS[s]] = text((rank - 1) * 4 + s);
  });
  const cells = state.cells.map((c) => (c === null ? null : text(c)));
  if (!state.rules.reserve) {
    return {
      game,
      deal: deal ?? null,
      cascades: state.cascades.map((col) => col.map(formatCard)),
      cells,
      foundations,
    };
  }
  return {
    game,
    deal: deal ?? null,
    tableau: state.cascades.map((col) => col.map(text)),
    reserve: cells,
    ...(Object.keys(foundations).length > 0 ? { foundations } : {}),
  };
}

/**
 * Reads the JSON form back under the rules: exactly `toJson`'s keys (`foundations` may be left out), a list of as
 * many cascades and cells as the rules have, every card once; anything else is a BoardTextError naming the key or
 * the path. `fromJson(toJson(s))` is `s`.
 */
export function fromJson(
  game: { id: string; title: string },
  json: unknown,
  rules: FreeCellRules,
): FreeCellState {
  const reader = new JsonBoardReader(game.id, game.title);
  const reserve = rules.reserve;
  const pilesKey = reserve ? "tableau" : "cascades";
  const cellsKey = reserve ? "reserve" : "cells";
  const board = reader.board(json, [pilesKey, cellsKey], ["foundations"]);
  const state = emptyState(rules);
  const cascades = reader.list(board[pilesKey], pilesKey, "cascades", rules.cascades, (n) =>
    reserve || n < 1 || n > MAX_CASCADES
      ? `${n} cascades: ${game.title} has ${rules.cascades}`
      : `${n} cascades, but these rules have ${rules.cascades} (give --cascades ${n} to play with ${n})`,
  );
  cascades.forEach((col, i) => {
    const path = `${pilesKey}[${i}]`;
    state.cascades[i] = reader
      .list(col, path, "cards, from the bottom card to the exposed one")
      .map((c, k): Card => reader.card(c, `${path}[${k}]`));
  });
  const cells = reader.list(
    board[cellsKey],
    cellsKey,
    reserve ? "reserve places" : "cells",
    rules.cells,
    (n) =>
      reserve
        ? `${n} places: the reserve of ${game.title} has ${rules.cells}, one for each card dealt to it (null once the card is played)`
        : n > MAX_CELLS
          ? `${n} cells: FreeCell has at most ${MAX_CELLS}`
          : `${n} cells, but these rules have ${rules.cells}: give one entry a cell, null for a free one (or --cells ${n} to play with ${n})`,
  );
  cells.forEach((c, i) => {
    state.cells[i] = reader.cardOrNull(c, `${cellsKey}[${i}]`, reserve ? "a card played" : "a free cell");
  });
  if (board.foundations !== undefined) reader.foundations(board.foundations, state.foundations);
  reader.complete(WHOLE_DECK, "a board holds all 52 cards");
  return state;
}
