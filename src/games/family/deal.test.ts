import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { DealNumberError } from "../../cards/deals/layout.ts";
import { solvitaireDeck } from "../../cards/deals/solvitaire.ts";
import { MAX_MICROSOFT_DEAL, microsoftCascades } from "../../cards/microsoft.ts";
import { freecell } from "../freecell/index.ts";
import { kingAlbert } from "../king-albert/index.ts";
import { klondike } from "../klondike/index.ts";
import { montana } from "../montana/index.ts";
import { dealDeck, dealFamily, type FamilyTable, hasMicrosoftNumbering } from "./deal.ts";
import { FAMILY_GAMES } from "./index.ts";
import { CATALOGUE_RULES, SOLVITAIRE_PRESETS } from "./presets.ts";
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

/** Every card of a table, sorted. */
const allCards = (t: FamilyTable) =>
  [
    ...t.tableau,
    ...t.foundations,
    t.cells.filter((c) => c !== null),
    t.stock,
    t.waste,
    ...t.reserve,
    t.hole,
    ...t.accordion,
  ]
    .flat()
    .sort((a, b) => a - b);

describe("the Microsoft numbering of the family's 52-card games", () => {
  const deals = [1, 2, 617, 11982, 2 ** 31 - 1, 2 ** 31, 2 ** 32, 2 ** 32 + 1, MAX_MICROSOFT_DEAL];

  it.each(deals)("Baker's Game deal %d is FreeCell's Microsoft deal, card for card", (n) => {
    const bakers = FAMILY_GAMES.find((g) => g.id === "bakers-game");
    if (!bakers) throw new Error("no Baker's Game");
    const freecellDeal = freecell.deal(n, freecell.rules.defaults, "microsoft");
    expect(freecellDeal.cascades).toEqual(microsoftCascades(n));
    expect(bakers.deal(n, bakers.rules.defaults, "microsoft").table.tableau).toEqual(freecellDeal.cascades);
  });

  it("is the numbering of every one-deck, 52-card game, after Solvitaire's (the default)", () => {
    const dealt = FAMILY_GAMES.filter((g) => g.numberings.includes("microsoft")).map((g) => g.id);
    expect(dealt).toHaveLength(24);
    expect(FAMILY_GAMES.filter((g) => !dealt.includes(g.id)).map((g) => g.id)).toEqual([
      "spider",
      "forty-thieves",
      "mrs-mop",
      "spider-one-suit",
      "spider-two-suits",
    ]);
    for (const g of FAMILY_GAMES) expect(g.numberings[0]).toBe("solvitaire");
  });

  it.each(FAMILY_GAMES.filter((g) => g.numberings.includes("microsoft")).map((g) => g.id))(
    "%s deals each card once, a deal of its own",
    (id) => {
      const rules = SOLVITAIRE_PRESETS[id] ?? CATALOGUE_RULES[id];
      const fresh = Array.from({ length: 52 }, (_, c) => c);
      for (const n of [1, 2, MAX_MICROSOFT_DEAL]) {
        const table = dealFamily(rules, n, "microsoft");
        expect(allCards(table)).toEqual(fresh);
      }
      expect(dealFamily(rules, 1, "microsoft")).not.toEqual(dealFamily(rules, 1));
      expect(dealFamily(rules, 1, "microsoft")).not.toEqual(dealFamily(rules, 2, "microsoft"));
    },
  );

  it("deals the Microsoft cards through Solvitaire's routine: the first card where Solvitaire's last goes", () => {
    // Canfield: the deal draws the foundations' base from the deck's first card (the Microsoft order's last),
    // then the stock takes the first 13 cards dealt (the first at the bottom), the reserve the next 13.
    const rules = SOLVITAIRE_PRESETS.canfield;
    const order = microsoftCascades(5, 1)[0];
    const table = dealFamily(rules, 5, "microsoft");
    expect(table.foundations.flat()).toEqual([order[51]]);
    const rest = order.filter((c) => c !== order[51]);
    expect(table.stock).toEqual(rest.slice(0, table.stock.length));
    // Solvitaire's numbering is the same routine given Solvitaire's deck.
    expect(dealDeck(rules, solvitaireDeck(5, rules))).toEqual(dealFamily(rules, 5));
  });

  it("takes FreeCell's deal numbers, 1 to 2^33 - 1, and refuses other games and numbers", () => {
    const rules = SOLVITAIRE_PRESETS["bakers-game"];
    for (const bad of [0, -1, 1.5, MAX_MICROSOFT_DEAL + 1]) {
      expect(() => dealFamily(rules, bad, "microsoft")).toThrow(DealNumberError);
    }
    expect(() => dealFamily(SOLVITAIRE_PRESETS.spider, 1, "microsoft")).toThrow(/one deck of 52 cards/);
    expect(hasMicrosoftNumbering(SOLVITAIRE_PRESETS["gaps-one-deal"])).toBe(false);
    expect(hasMicrosoftNumbering(SOLVITAIRE_PRESETS.thirty)).toBe(false);
    expect(hasMicrosoftNumbering(SOLVITAIRE_PRESETS.accordion)).toBe(false);
    const spider = FAMILY_GAMES.find((g) => g.id === "spider");
    expect(() => spider?.deal(1, SOLVITAIRE_PRESETS.spider, "microsoft")).toThrow(
      /Solvitaire's numbering only/,
    );
  });
});
