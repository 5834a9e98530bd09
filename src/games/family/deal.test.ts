import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { freecell } from "../freecell/index.ts";
import { kingAlbert } from "../king-albert/index.ts";
import { klondike } from "../klondike/index.ts";
import { montana } from "../montana/index.ts";
import { dealFamily } from "./deal.ts";
import { SOLVITAIRE_PRESETS } from "./presets.ts";
import { toSolvitaireDeal } from "./solvitaire.ts";

/** Solvitaire's deals 1 to 3 of each of its 80 presets, as `solvitaire --type PRESET --random N --deal-only` prints them. */
const PRINTED = JSON.parse(
  readFileSync(new URL("../../../test/data/solvitaire-catalogue-deals.json", import.meta.url), "utf8"),
) as { deals: Record<string, Record<string, unknown>> };

const PRESETS = JSON.parse(
  readFileSync(new URL("../../../test/data/solvitaire-presets.json", import.meta.url), "utf8"),
) as { presets: Record<string, unknown> };

describe("the family deals every Solvitaire preset as Solvitaire does", () => {
  it("has a game for each of Solvitaire's presets, and no other", () => {
    expect(Object.keys(SOLVITAIRE_PRESETS).sort()).toEqual(Object.keys(PRESETS.presets).sort());
    expect(Object.keys(PRINTED.deals).sort()).toEqual(Object.keys(PRESETS.presets).sort());
  });

  const cases = Object.entries(PRINTED.deals).flatMap(([name, deals]) =>
    Object.entries(deals).map(([n, printed]) => [name, Number(n), printed] as const),
  );
  it.each(cases)("%s deal %d", (name, n, printed) => {
    const rules = SOLVITAIRE_PRESETS[name];
    expect(toSolvitaireDeal(rules, dealFamily(rules, n))).toEqual(printed);
  });
});

describe("the specialised games deal Solvitaire's numbering as the family does", () => {
  const deals = [0, 1, 2, 3, 617, 11982, 2 ** 32 - 1];

  it.each(deals)("FreeCell deal %d (Solvitaire deals FreeCell's piles left to right)", (n) => {
    const rules = SOLVITAIRE_PRESETS["free-cell"];
    const state = freecell.deal(n, freecell.rules.defaults, "solvitaire");
    expect(state.cascades).toEqual(dealFamily(rules, n).tableau);
  });

  it.each(deals)("Baker's Game deal %d, and FreeCell with 6 cascades", (n) => {
    const bakers = freecell.deal(n, freecell.rules.make({ build: "suit" }), "solvitaire");
    expect(bakers.cascades).toEqual(dealFamily(SOLVITAIRE_PRESETS["bakers-game"], n).tableau);
    const six = freecell.deal(n, freecell.rules.make({ cascades: 6 }), "solvitaire");
    expect(six.cascades).toEqual(dealFamily(SOLVITAIRE_PRESETS["free-cell-6-pile"], n).tableau);
  });

  it.each(deals)("King Albert deal %d", (n) => {
    const family = dealFamily(SOLVITAIRE_PRESETS["king-albert"], n);
    const state = kingAlbert.deal(n, kingAlbert.rules.defaults, "solvitaire");
    expect(state.cascades).toEqual(family.tableau);
    expect(state.cells).toEqual(family.reserve.flat());
  });

  it.each(deals)("Klondike deal %d", (n) => {
    const family = dealFamily(SOLVITAIRE_PRESETS.klondike, n);
    const state = klondike.deal(n, klondike.rules.defaults, "solvitaire");
    expect(state.piles).toEqual(family.tableau);
    expect(state.faceDown).toEqual(family.faceDown);
    expect(state.stock).toEqual(family.stock);
  });

  it.each(deals)("Gaps deal %d", (n) => {
    const family = dealFamily(SOLVITAIRE_PRESETS["gaps-one-deal"], n);
    expect(montana.deal(n, montana.rules.defaults, "solvitaire").rows).toEqual(family.sequences);
  });
});
