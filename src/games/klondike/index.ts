import { NUMBERINGS } from "../../cards/deals/layout.ts";
import type { PatienceGame } from "../patience/contract.ts";
import { formatBoard, fromJson, parseBoard, toJson } from "./board-text.ts";
import { klondikeKnowledge } from "./knowledge.ts";
import { formatMove, parseMove } from "./notation.ts";
import {
  applyMove,
  autoMoves,
  cardsInState,
  dealKlondike,
  isWon,
  KLONDIKE_RULES,
  type KlondikeMove,
  type KlondikeRules,
  type KlondikeState,
  legalMoves,
  scoreOf,
  whyIllegal,
} from "./rules.ts";
import { describe, intent, key, lift, piles, quickMove } from "./table.ts";

export type { KlondikeMove, KlondikeRules, KlondikeState };

/** Klondike: the patience most people know, with a solver that knows every face-down card ("thoughtful"). */
export const klondike: PatienceGame<KlondikeState, KlondikeMove, KlondikeRules> = {
  id: "klondike",
  title: "Klondike",
  about:
    "Move every card to the four foundations, ace to king by suit. Seven piles are dealt 1 to 7 cards, only the " +
    "top one face up; the other 24 cards form the stock, turned one (or three) at a time onto the waste, whose " +
    "top card is in play. Piles build down in alternating colours; any face-up run moves; only a king, or a run " +
    "headed by one, fills an empty pile; a face-down card turns up when it is uncovered. When the stock is empty " +
    "the waste turns over into it for another pass.",
  rules: KLONDIKE_RULES,
  // Every Klondike preset deals the same layout; Solvitaire's klondike turns three cards, klondike-deal-1 one.
  solvitaireTwin: (r) => (r.draw === 3 ? "klondike" : "klondike-deal-1"),
  numberings: NUMBERINGS,
  policies: ["safe", "none", "all"],
  objectives: [
    {
      id: "max-score",
      about: "the highest score (untimed, standard or Vegas) the deal allows, and the moves",
    },
  ],
  deal: dealKlondike,
  legalMoves,
  whyIllegal,
  apply: applyMove,
  isWon,
  autoMoves,
  notation: { format: formatMove, parse: parseMove },
  board: {
    format: formatBoard,
    parse: parseBoard,
    toJson,
    fromJson,
  },
  key,
  cards: cardsInState,
  piles,
  lift,
  intent,
  quickMove,
  describe,
  score: scoreOf,
  knowledge: klondikeKnowledge,
  blindPlayer: async () => (await import("./blind.ts")).klondikeBlindPlayer,
  solver: async () => {
    const [{ solveKlondike }, { solveMaxScore }] = await Promise.all([
      import("./solver.ts"),
      import("./max-score.ts"),
    ]);
    return {
      solve: (state, options = {}) =>
        options.objective === "max-score" ? solveMaxScore(state, options) : solveKlondike(state, options),
    };
  },
};
