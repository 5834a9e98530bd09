import { dealCards, NUMBERINGS, type Numbering } from "../../cards/deals/layout.ts";
import type { PatienceGame } from "../patience/contract.ts";
import { ruleSet } from "../patience/rules.ts";
import { fromJson, toJson } from "./board-json.ts";
import { formatBoard, parseBoard } from "./board-text.ts";
import { formatMove, parseMove } from "./notation.ts";
import {
  applyMove,
  autoMoves,
  cardsInState,
  DEFAULT_RULES,
  emptyState,
  type FreeCellRules,
  type FreeCellState,
  isWon,
  legalMoves,
  MAX_CASCADES,
  MAX_CELLS,
  type Move,
  makeRules,
  whyIllegal,
} from "./rules.ts";
import { describe, intent, key, lift, piles, quickMove } from "./table.ts";
import { VARIANTS } from "./variants.ts";

/** How many cards each of n cascades holds when 52 are dealt round: the first 52 mod n one more. */
export function cascadeSizes(n: number): number[] {
  return Array.from({ length: n }, (_, i) => Math.floor(52 / n) + (i < 52 % n ? 1 : 0));
}

/** Deal n of a numbering laid out as the rules say: round the cascades, and a reserve when the rules have one. */
export function dealFreeCell(n: number, rules: FreeCellRules, numbering: Numbering): FreeCellState {
  const reserve = rules.reserve ? rules.cells : 0;
  const sizes = rules.reserve
    ? Array.from({ length: rules.cascades }, (_, i) => i + 1)
    : cascadeSizes(rules.cascades);
  const dealt = dealCards(n, numbering, { piles: sizes, diagonal: rules.reserve, reserve });
  const state = emptyState(rules);
  state.cascades = dealt.piles;
  if (rules.reserve) state.cells = dealt.reserve;
  return state;
}

/** The label of a rule set, also the key of its statistics: "FreeCell", "Baker's Game, 2 cells". */
export function freecellLabel(rules: FreeCellRules): string {
  const base =
    rules.build === "suit"
      ? "Baker's Game"
      : rules.empty === "kings"
        ? "FreeCell, kings in spaces"
        : "FreeCell";
  const extra: string[] = [];
  if (rules.cells !== 4) extra.push(`${rules.cells} ${rules.cells === 1 ? "cell" : "cells"}`);
  if (rules.cascades !== 8) extra.push(`${rules.cascades} cascades`);
  if (!rules.sequenceMoves) extra.push("single-card moves");
  if (rules.fromFoundation) extra.push("cards leave foundations");
  return [base, ...extra].join(", ");
}

/** The engine's functions in the contract's shape; FreeCell and King Albert differ only in rules and deal. */
export function freecellFamily(
  id: string,
  title: string,
): Omit<PatienceGame<FreeCellState, Move, FreeCellRules>, "id" | "title" | "about" | "rules" | "deal"> {
  return {
    numberings: NUMBERINGS,
    policies: ["safe", "none", "all"],
    legalMoves,
    whyIllegal,
    apply: applyMove,
    isWon,
    autoMoves: (state, policy) => autoMoves(state, policy).moves,
    notation: {
      format: (state, move) => formatMove(move, state),
      parse: (state, text) => parseMove(text, state),
    },
    board: {
      format: formatBoard,
      parse: (text, rules) => parseBoard(text, rules),
      toJson: (state, deal) => toJson(id, state, deal),
      fromJson: (json, rules) => fromJson({ id, title }, json, rules),
    },
    key,
    cards: cardsInState,
    piles,
    lift,
    intent,
    quickMove,
    describe,
    solver: async () => {
      const { solve } = await import("./solver.ts");
      return { solve: (state, options) => solve(state, options) };
    },
  };
}

export const freecell: PatienceGame<FreeCellState, Move, FreeCellRules> = {
  id: "freecell",
  // The layout depends on the cascades alone (the cells start empty): Solvitaire's free-cell and its pile variants.
  solvitaireTwin: (r) =>
    r.reserve
      ? undefined
      : r.cascades === 8
        ? "free-cell"
        : r.cascades >= 4 && r.cascades <= 7
          ? `free-cell-${r.cascades}-pile`
          : undefined,
  title: "FreeCell",
  about:
    "Move every card to the four foundations, ace to king by suit. Cascades build down in alternating colours; " +
    "any card may sit in a free cell; any card may fill an empty cascade. A run moves as one when the free " +
    "cells and empty cascades could carry it card by card.",
  rules: ruleSet<FreeCellRules>({
    fields: [
      { key: "cells", kind: "integer", min: 0, max: MAX_CELLS, about: "free cells" },
      { key: "cascades", kind: "integer", min: 1, max: MAX_CASCADES, about: "cascades" },
      {
        key: "build",
        kind: "choice",
        choices: ["alternate", "suit"],
        about: "build down by alternating colour or by suit",
      },
      { key: "empty", kind: "choice", choices: ["any", "kings"], about: "what may fill an empty cascade" },
      { key: "fromFoundation", kind: "boolean", about: "a card may come back off a foundation" },
      { key: "sequenceMoves", kind: "boolean", about: "a run moves as one move (off: one card at a time)" },
    ],
    defaults: DEFAULT_RULES,
    variants: Object.entries(VARIANTS).map(([id, v]) => ({ id, ...v })),
    label: freecellLabel,
    check: (rules) => {
      try {
        makeRules(rules);
        return undefined;
      } catch (error) {
        return (error as Error).message;
      }
    },
  }),
  deal: dealFreeCell,
  ...freecellFamily("freecell", "FreeCell"),
};
