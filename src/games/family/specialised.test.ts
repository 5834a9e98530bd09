import { describe, expect, it } from "vitest";
import type { Card } from "../../cards/card.ts";
import { mulberry32 } from "../../cards/random.ts";
import { freecell } from "../freecell/index.ts";
import type { FreeCellState } from "../freecell/rules.ts";
import { kingAlbert } from "../king-albert/index.ts";
import { klondike } from "../klondike/index.ts";
import type { KlondikeState } from "../klondike/rules.ts";
import { montana } from "../montana/index.ts";
import type { MontanaState } from "../montana/rules.ts";
import type { PatienceGame } from "../patience/contract.ts";
import { emptyTable } from "./deal.ts";
import { apply, type FamilyState, isWon, legalMoves } from "./engine.ts";
import { familyKey } from "./key.ts";
import { SOLVITAIRE_PRESETS } from "./presets.ts";
import type { FamilyRules } from "./rules.ts";

/**
 * The family engine says FreeCell, King Albert, Klondike and Gaps: given their rules it makes exactly the moves
 * their own engines make. From positions of random play, the positions one move away are the same set in both
 * engines (compared by the family's canonical key, which counts piles and cells in any order as one position).
 * FreeCell is taken with single-card moves (its runs are shortcuts for them), Klondike with any face-up run moving
 * (Solvitaire's "arbitrary built moves" presets), Gaps as Montana's variants named after Solvitaire's presets.
 */

const foundationCards = (ranks: readonly number[]): Card[][] =>
  ranks.map((rank, suit) => Array.from({ length: rank }, (_, r) => r * 4 + suit));

function fromFreeCell(s: FreeCellState, rules: FamilyRules): FamilyState {
  const table = emptyTable(rules);
  table.tableau = s.cascades.map((p) => p.slice());
  table.foundations = foundationCards(s.foundations);
  if (s.rules.reserve) table.reserve = s.cells.map((c) => (c === null ? [] : [c]));
  else table.cells = s.cells.slice();
  return { rules, table, base: 1 };
}

function fromKlondike(s: KlondikeState, rules: FamilyRules): FamilyState {
  const table = emptyTable(rules);
  table.tableau = s.piles.map((p) => p.slice());
  table.faceDown = s.faceDown.slice();
  table.stock = s.stock.slice();
  table.waste = s.waste.slice();
  table.foundations = foundationCards(s.foundations);
  return { rules, table, base: 1 };
}

function fromMontana(s: MontanaState, rules: FamilyRules): FamilyState {
  const table = emptyTable(rules);
  table.sequences = s.rows.map((row) => row.slice());
  return { rules, table, base: 1 };
}

function sameMoves<S extends { rules: R }, M, R>(
  game: PatienceGame<S, M, R>,
  rules: R,
  family: FamilyRules,
  convert: (s: S, rules: FamilyRules) => FamilyState,
  deals = 6,
) {
  const random = mulberry32(36);
  let compared = 0;
  for (let deal = 1; deal <= deals; deal++) {
    let state = game.deal(deal, rules, "solvitaire");
    for (let step = 0; step < 60; step++) {
      const own = game.legalMoves(state);
      const mine = convert(state, family);
      // A move that leaves a position the rules cannot tell from the one before (FreeCell's card from one cell
      // to another) is no move: neither set holds the position itself.
      const here = familyKey(mine);
      const theirs = new Set(own.map((m) => familyKey(convert(game.apply(state, m), family))));
      const ours = new Set(legalMoves(mine).map((m) => familyKey(apply(mine, m))));
      theirs.delete(here);
      ours.delete(here);
      expect([...ours].sort(), `deal ${deal} step ${step}`).toEqual([...theirs].sort());
      compared++;
      if (own.length === 0) break;
      state = game.apply(state, own[Math.floor(random() * own.length)]);
    }
  }
  expect(compared).toBeGreaterThan(40);
}

describe("the family engine makes the moves of the games that have their own engines", () => {
  it("FreeCell (single cards), as the free-cell preset", () => {
    sameMoves(
      freecell,
      freecell.rules.make({ sequenceMoves: false }),
      SOLVITAIRE_PRESETS["free-cell"],
      fromFreeCell,
    );
  });

  it("Baker's Game with 2 cells", () => {
    const family = { ...SOLVITAIRE_PRESETS["bakers-game"], cells: { count: 2, filled: 0 } };
    sameMoves(
      freecell,
      freecell.rules.make({ sequenceMoves: false, build: "suit", cells: 2 }),
      family,
      fromFreeCell,
    );
  });

  it("King Albert with cards back off the foundations, as the king-albert preset", () => {
    sameMoves(
      kingAlbert,
      kingAlbert.rules.make({ fromFoundation: true }),
      SOLVITAIRE_PRESETS["king-albert"],
      fromFreeCell,
    );
  });

  it("Klondike draw 1 and draw 3, as the arbitrary-built-moves presets", () => {
    sameMoves(
      klondike,
      klondike.rules.make({}),
      SOLVITAIRE_PRESETS["klondike-deal-1-arbitrary-built-moves"],
      fromKlondike,
    );
    sameMoves(
      klondike,
      klondike.rules.make({ draw: 3 }),
      SOLVITAIRE_PRESETS["klondike-arbitrary-built-moves"],
      fromKlondike,
    );
  });
});

describe("the family engine plays Gaps as Montana does", () => {
  it.each([
    ["gaps-one-deal", { freeTwos: true }],
    ["gaps-basic-variant", { fixedSuits: true }],
  ] as const)("%s, as Montana's variant of the same rules", (preset, variant) => {
    const rules = montana.rules.make(variant);
    expect(montana.rules.variants.some((v) => JSON.stringify(v.rules) === JSON.stringify(variant))).toBe(
      true,
    );
    sameMoves(montana, rules, SOLVITAIRE_PRESETS[preset], fromMontana, 10);
  });

  it("and wins where Montana wins", () => {
    const rules = SOLVITAIRE_PRESETS["gaps-one-deal"];
    const won = montana.rules.make({ freeTwos: true });
    const rows = [0, 1, 2, 3].map((suit) => [
      ...Array.from({ length: 12 }, (_, k) => (k + 1) * 4 + suit),
      null,
    ]);
    const state: MontanaState = { ...montana.deal(1, won, "solvitaire"), rows };
    expect(montana.isWon(state)).toBe(true);
    expect(isWon(fromMontana(state, rules))).toBe(true);
    // A row's gap anywhere but at its end is no win, in both.
    const moved = { ...state, rows: rows.map((r, i) => (i === 0 ? [r[0], null, ...r.slice(1, 12)] : r)) };
    expect(montana.isWon(moved)).toBe(false);
    expect(isWon(fromMontana(moved, rules))).toBe(false);
  });
});
