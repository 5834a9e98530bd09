import { dealFreeCell, freecellFamily } from "../freecell/index.ts";
import { DEFAULT_RULES, type FreeCellRules, type FreeCellState, type Move } from "../freecell/rules.ts";
import type { PatienceGame } from "../patience/contract.ts";
import { ruleSet } from "../patience/rules.ts";

/**
 * King Albert: FreeCell's engine with nine cascades dealt 1 to 9 cards and a reserve of seven instead of free
 * cells. The paper's rules are the default: single-card moves, no card back off a foundation.
 */
export const KING_ALBERT_RULES: FreeCellRules = {
  ...DEFAULT_RULES,
  cells: 7,
  cascades: 9,
  reserve: true,
  sequenceMoves: false,
  fromFoundation: false,
};

export const kingAlbert: PatienceGame<FreeCellState, Move, FreeCellRules> = {
  id: "king-albert",
  title: "King Albert",
  about:
    "Move every card to the four foundations, ace to king by suit. Nine cascades are dealt 1 to 9 cards and " +
    "the seven cards left form a reserve: cards are played from it, never to it, and there are no free cells. " +
    "Cascades build down in alternating colours; any card may fill an empty cascade; one card moves at a time.",
  // Every preset of King Albert deals the same layout; Solvitaire's has cards come back off the foundations.
  solvitaireTwin: () => "king-albert",
  rules: ruleSet<FreeCellRules>({
    fields: [
      {
        key: "sequenceMoves",
        kind: "boolean",
        about: "a run moves as one, as far as empty cascades could carry it card by card",
      },
      {
        key: "fromFoundation",
        kind: "boolean",
        about: "a card may come back off a foundation (Solvitaire's rules)",
      },
    ],
    defaults: KING_ALBERT_RULES,
    variants: [
      {
        id: "king-albert",
        title: "King Albert",
        rules: {},
        about: "the paper's rules: single cards, nothing back off the foundations",
      },
      {
        id: "solvitaire",
        title: "King Albert, cards back off the foundations",
        rules: { fromFoundation: true },
        about: "Solvitaire's rules: a card may come back off a foundation",
      },
    ],
    label: (rules) =>
      [
        "King Albert",
        ...(rules.sequenceMoves ? ["runs move as one"] : []),
        ...(rules.fromFoundation ? ["cards leave foundations"] : []),
      ].join(", "),
  }),
  deal: dealFreeCell,
  ...freecellFamily("king-albert", "King Albert"),
};
