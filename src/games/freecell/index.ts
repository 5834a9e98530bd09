import type { Patience } from "../patience.ts";
import { formatBoard, parseBoard } from "./board-text.ts";
import { dealMicrosoft } from "./deal.ts";
import { formatMove, parseMove } from "./notation.ts";
import {
  applyMove,
  autoMoves,
  type FreeCellRules,
  type FreeCellState,
  isWon,
  legalMoves,
  type Move,
} from "./rules.ts";

export const freecell: Patience<FreeCellState, Move, FreeCellRules> = {
  id: "freecell",
  title: "FreeCell",
  deal: dealMicrosoft,
  legalMoves,
  apply: applyMove,
  isWon,
  autoMoves: (state, policy) => autoMoves(state, policy).moves,
  formatMove,
  parseMove,
  formatBoard,
  parseBoard,
};
