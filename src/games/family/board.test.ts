import { describe, expect, it } from "vitest";
import { formatSolvitaireCard } from "../../cards/deals/solvitaire.ts";
import { mulberry32 } from "../../cards/random.ts";
import { formatBoard, fromJson, parseBoard, toJson } from "./board.ts";
import { apply, dealState, type FamilyState, legalMoves } from "./engine.ts";
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

/** Positions of random play from a deal: the deal itself and every position after it, up to `moves` moves. */
function played(rules: (typeof SOLVITAIRE_PRESETS)[string], deal: number, moves: number): FamilyState[] {
  const random = mulberry32(deal);
  let state = dealState(rules, deal);
  const out = [state];
  for (let k = 0; k < moves; k++) {
    const legal = legalMoves(state);
    if (legal.length === 0) break;
    state = apply(state, legal[Math.floor(random() * legal.length)]);
    out.push(state);
  }
  return out;
}

describe("Gaps' rows and the accordion on the board", () => {
  const games = ["gaps-one-deal", "gaps-basic-variant", "accordion", "accordion-knuth"] as const;

  it.each(games)("%s: reads back what it writes, in text and JSON, through random play", (id) => {
    const rules = SOLVITAIRE_PRESETS[id];
    for (const deal of [1, 2]) {
      for (const state of played(rules, deal, 30)) {
        expect(parseBoard(formatBoard(state), rules)).toEqual(state);
        expect(fromJson(id, JSON.parse(JSON.stringify(toJson(id, state, deal))), rules)).toEqual(state);
      }
    }
  });

  it("writes Gaps' rows a line each, -- a gap, and the accordion's piles on one line, a pile's cards joined by +", () => {
    const gaps = SOLVITAIRE_PRESETS["gaps-one-deal"];
    const text = formatBoard(dealState(gaps, 1));
    expect(text.split("\n").filter((l) => l.startsWith("Row: "))).toHaveLength(4);
    expect(text).toMatch(/^Row: (\S\S )+\S\S$/m);
    expect(text.match(/--/g)).toHaveLength(4);
    const knuth = SOLVITAIRE_PRESETS["accordion-knuth"];
    const state = played(knuth, 1, 3)[3];
    const line = formatBoard(state).trim();
    expect(line).toMatch(/^Accordion: /);
    expect(line.split(" ")).toHaveLength(1 + state.table.accordion.length);
    expect(line).toContain("+");
  });

  it("refuses an ace in the rows, a row too short or too many, a card twice, a bad accordion", () => {
    const gaps = SOLVITAIRE_PRESETS["gaps-one-deal"];
    const text = formatBoard(dealState(gaps, 1));
    expect(() => parseBoard(text.replace("--", "AS"), gaps)).toThrow(/the aces are out of play in Gaps/);
    expect(() => parseBoard(text.replace(/^Row: \S+ /m, "Row: "), gaps)).toThrow(/row a: 12 places, not 13/);
    expect(() => parseBoard(`${text}Row: --\n`, gaps)).toThrow(/more rows than the game's 4/);
    expect(() => parseBoard(text.replace(/^Row: .*\n/m, ""), gaps)).toThrow(/3 Row: lines, not the game's 4/);
    const [first, second] = text.match(/^Row: (\S+) (\S+)/m)?.slice(1) ?? [];
    expect(() => parseBoard(text.replace(`Row: ${first} ${second}`, `Row: ${first} ${first}`), gaps)).toThrow(
      /is given twice/,
    );
    expect(() => parseBoard(`Cells: -\n${text}`, gaps)).toThrow(/this game has no cells/);
    expect(() => parseBoard(text, SOLVITAIRE_PRESETS.accordion)).toThrow(/this game has no rows/);

    const accordion = SOLVITAIRE_PRESETS.accordion;
    const line = formatBoard(dealState(accordion, 1));
    expect(() => parseBoard(line.replace(/ (\S+)\n$/, "\n"), accordion)).toThrow(
      /51 cards, not the game's 52/,
    );
    expect(() => parseBoard(line.replace(/ (\S+) (\S+)\n$/, " $1+$2+\n"), accordion)).toThrow(/joined by \+/);
    expect(() => parseBoard("", accordion)).toThrow(/no Accordion: line/);
    const knuth = SOLVITAIRE_PRESETS["accordion-knuth"];
    expect(() => parseBoard(formatBoard(dealState(knuth, 1)), accordion)).toThrow(
      /18 cards, not the game's 52/,
    );
  });

  it("refuses JSON rows of the wrong shape or a gap written as a card", () => {
    const gaps = SOLVITAIRE_PRESETS["gaps-basic-variant"];
    const json = toJson("gaps-basic-variant", dealState(gaps, 2)) as { sequences: (string | null)[][] };
    const row = json.sequences[1];
    const shortRow = { ...json, sequences: [json.sequences[0], row.slice(1), ...json.sequences.slice(2)] };
    expect(() => fromJson("gaps-basic-variant", shortRow, gaps)).toThrow(/sequences\[1\]: 12 items, not 13/);
    const withAce = { ...json, sequences: json.sequences.map((r) => r.map((c) => c ?? "AH")) };
    expect(() => fromJson("gaps-basic-variant", withAce, gaps)).toThrow(/the aces are out of play/);
    const { sequences: _, ...none } = json;
    expect(() => fromJson("gaps-basic-variant", none, gaps)).toThrow(/no "sequences" key/);
  });

  it('reads Gaps and the accordion in Solvitaire\'s own JSON: a gap as "" or "AS", an accordion of cards or of piles', () => {
    const gaps = SOLVITAIRE_PRESETS["gaps-one-deal"];
    const state = dealState(gaps, 3);
    const rows = (gap: string) =>
      state.table.sequences.map((row) => row.map((c) => (c === null ? gap : formatSolvitaireCard(c))));
    expect(fromJson("gaps-one-deal", { sequences: rows("") }, gaps)).toEqual(state);
    expect(fromJson("gaps-one-deal", { sequences: rows("AS") }, gaps)).toEqual(state);
    expect(() => fromJson("gaps-one-deal", {}, gaps)).toThrow(/no "sequences" key/);

    const knuth = SOLVITAIRE_PRESETS["accordion-knuth"];
    const dealt = dealState(knuth, 3);
    const flat = dealt.table.accordion.map((p) => formatSolvitaireCard(p[0]));
    expect(fromJson("accordion-knuth", { accordion: flat }, knuth)).toEqual(dealt);
    expect(fromJson("accordion-knuth", { accordion: flat.map((c) => [c]) }, knuth)).toEqual(dealt);
    expect(() => fromJson("accordion-knuth", { accordion: flat.slice(1) }, knuth)).toThrow(
      /17 cards, not the game's 18/,
    );
  });
});
