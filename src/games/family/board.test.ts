import { describe, expect, it } from "vitest";
import { formatSolvitaireCard } from "../../cards/deals/solvitaire.ts";
import { formatBoard, fromJson, parseBoard, toJson } from "./board.ts";
import { dealState } from "./engine.ts";
import { SOLVITAIRE_PRESETS } from "./presets.ts";

const spider = SOLVITAIRE_PRESETS.spider;
const canfield = SOLVITAIRE_PRESETS.canfield;
const golf = SOLVITAIRE_PRESETS.golf;

describe("family boards refuse what is not a position of the rules", () => {
  it("a card a third time in a two-deck game, or twice in one deck, names both places", () => {
    const text = formatBoard(dealState(spider, 1));
    const lines = text.split("\n");
    // Pile 1's top card written once more on pile 2, in place of pile 2's top card.
    const top1 = lines
      .find((l) => l.startsWith(":"))
      ?.split(" ")
      .pop() as string;
    const doubled = text.replace(/^(: .*) (\S+)$/m, `$1 $2 ${top1} ${top1}`);
    expect(() => parseBoard(doubled, spider)).toThrow(/is given three times .* the deck holds it twice/);
    const golfText = formatBoard(dealState(golf, 1)).replace(/^Hole: (\S+)$/m, "Hole: $1 $1");
    expect(() => parseBoard(golfText, golf)).toThrow(/is given twice .* the deck holds it once/);
  });

  it("a card missing, a pile too many, a part the game lacks", () => {
    const text = formatBoard(dealState(golf, 1));
    expect(() => parseBoard(text.replace(/^Stock: (\S+) /m, "Stock: "), golf)).toThrow(/a card is missing/);
    expect(() => parseBoard(`${text}: AS\n`, golf)).toThrow(/more piles than the game's 7/);
    expect(() => parseBoard(`Cells: -\n${text}`, golf)).toThrow(/this game has no cells/);
  });

  it("an empty pile while the reserve could fill it (Canfield fills spaces at once) is no position of the game", () => {
    const state = dealState(canfield, 1);
    const json = toJson("canfield", state) as Record<string, unknown>;
    const piles = json["tableau piles"] as string[][];
    const reserve = json.reserve as string[][];
    reserve[0].push(...piles[2]);
    piles[2] = [];
    expect(() => fromJson("canfield", json, canfield)).toThrow(/pile 3 is empty while the reserve has cards/);
  });

  it("reads back what it writes, Canfield's drawn base included", () => {
    for (let deal = 1; deal <= 5; deal++) {
      const state = dealState(canfield, deal);
      expect(parseBoard(formatBoard(state), canfield)).toEqual(state);
      expect(
        fromJson("canfield", JSON.parse(JSON.stringify(toJson("canfield", state, deal))), canfield),
      ).toEqual(state);
    }
  });

  it("reads a deal in Solvitaire's own JSON, every card named, as the same position", () => {
    for (const [rules, id] of [
      [spider, "spider"],
      [canfield, "canfield"],
      [golf, "golf"],
    ] as const) {
      const state = dealState(rules, 3);
      const t = state.table;
      const cards = (p: number[]) => p.map(formatSolvitaireCard);
      const deal: Record<string, unknown> = { "tableau piles": t.tableau.map(cards) };
      if (rules.stock) deal.stock = cards(t.stock);
      if (rules.reserve) deal.reserve = cards(t.reserve[0]);
      if (rules.hole) deal.hole = formatSolvitaireCard(t.hole[0]);
      if (rules.foundations?.start === "one")
        deal.foundations = t.foundations.flat().map(formatSolvitaireCard);
      expect(fromJson(id, deal, rules), id).toEqual(state);
    }
  });
});
