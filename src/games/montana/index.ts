import { dealCards, NUMBERINGS, type Numbering } from "../../cards/deals/layout.ts";
import type { PatienceGame } from "../patience/contract.ts";
import { ruleSet } from "../patience/rules.ts";
import { formatBoard, fromJson, parseBoard, toJson } from "./board-text.ts";
import { formatMove, parseMove } from "./notation.ts";
import { dealSeed } from "./redeal.ts";
import {
  applyMove,
  cardsInState,
  DEFAULT_RULES,
  isWon,
  legalMoves,
  MAX_REDEALS,
  type MontanaMove,
  type MontanaRules,
  type MontanaState,
  whyIllegal,
} from "./rules.ts";
import { describe, intent, key, lift, piles, quickMove } from "./table.ts";

/** Deal n of a numbering: the 52 cards in four rows of 13, the aces taken out. */
export function dealMontana(n: number, rules: MontanaRules, numbering: Numbering): MontanaState {
  const { rows } = dealCards(n, numbering, { montana: true });
  return {
    rules,
    rows,
    redealsLeft: rules.redeals,
    seed: rules.redeals > 0 ? dealSeed(n, numbering) : 0,
  };
}

export function montanaLabel(rules: MontanaRules): string {
  const parts = [rules.fixedSuits ? "Basic Gaps (fixed suits)" : "Montana"];
  if (rules.freeTwos && !rules.fixedSuits) parts.push("any 2 moves");
  if (rules.redeals > 0) parts.push(`${rules.redeals} ${rules.redeals === 1 ? "redeal" : "redeals"}`);
  return parts.join(", ");
}

export const montana: PatienceGame<MontanaState, MontanaMove, MontanaRules> = {
  id: "montana",
  title: "Montana",
  about:
    "Four rows of 13 places hold the cards with the aces taken out, leaving four gaps. A gap in the first column " +
    "takes a 2; any other gap takes the card one higher and of the same suit as the card on its left; nothing goes " +
    "after a king or a gap. Win by running each row 2 to king in one suit from the left.",
  solvitaireTwin: (r) => (r.fixedSuits ? "gaps-basic-variant" : "gaps-one-deal"),
  rules: ruleSet<MontanaRules>({
    fields: [
      {
        key: "freeTwos",
        kind: "boolean",
        about: "any 2 may move to any first-column gap (off: a 2 heading a row stays there)",
      },
      {
        key: "fixedSuits",
        kind: "boolean",
        about:
          "basic Gaps: row a is clubs, b hearts, c spades, d diamonds; a row's first gap takes only its 2",
      },
      {
        key: "redeals",
        kind: "integer",
        min: 0,
        max: MAX_REDEALS,
        about: "redeals of the cards not in place",
      },
    ],
    defaults: DEFAULT_RULES,
    variants: [
      { id: "montana", title: "Montana", rules: {}, about: "a 2 heading a row stays there; no redeal" },
      {
        id: "gaps-one-deal",
        title: "Gaps, one deal",
        rules: { freeTwos: true },
        about: "Solvitaire's one-deal Gaps: any 2 may move to any first-column gap",
      },
      {
        id: "gaps-basic",
        title: "Basic Gaps",
        rules: { fixedSuits: true },
        about: "Solvitaire's basic variant: each row's suit is fixed from the start",
      },
      {
        id: "montana-redeals",
        title: "Montana with three redeals",
        rules: { redeals: 3 },
        about: "the traditional game: up to three redeals of the cards not in place",
      },
    ],
    label: montanaLabel,
  }),
  numberings: NUMBERINGS,
  policies: ["none"],
  deal: dealMontana,
  legalMoves,
  whyIllegal,
  apply: applyMove,
  isWon,
  autoMoves: () => [],
  notation: { format: formatMove, parse: parseMove },
  board: {
    format: formatBoard,
    parse: (text, rules) => parseBoard(text, rules),
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
  solver: async () => {
    const { solve, searchThread } = await import("./solver.ts");
    return { solve, searchThread };
  },
};
