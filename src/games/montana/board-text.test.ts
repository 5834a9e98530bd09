import fc from "fast-check";
import { describe, expect, it } from "vitest";
import solvitaireDeals from "../../../test/data/solvitaire-numbered-deals.json" with { type: "json" };
import { formatBoard, fromJson, parseBoard, toJson } from "./board-text.ts";
import { dealMontana, montana } from "./index.ts";
import { DEFAULT_RULES, type MontanaRules } from "./rules.ts";

const rules = (r: Partial<MontanaRules> = {}): MontanaRules => montana.rules.make(r);

describe("Montana numbered deals", () => {
  const expected = (solvitaireDeals as { game: string; seed: number; rows?: (string | null)[][] }[]).filter(
    (d) => d.game === "montana",
  );

  it("deals Solvitaire's deals 1-3 exactly as Solvitaire prints them", () => {
    expect(expected.map((d) => d.seed)).toEqual([1, 2, 3]);
    for (const d of expected) {
      const state = dealMontana(d.seed, DEFAULT_RULES, "solvitaire");
      expect(toJson(state, d.seed)).toEqual({ game: "montana", deal: d.seed, rows: d.rows });
      expect(JSON.stringify(toJson(state, d.seed).rows)).toBe(JSON.stringify(d.rows));
    }
  });

  it("deals the Microsoft deck row by row, aces taken out", () => {
    const state = dealMontana(1, DEFAULT_RULES, "microsoft");
    // Microsoft deal 1 starts JD 2D 9H JC 5D 7H 7C 5H KD KC 9S 5S AD (FreeCell's first row read across).
    expect(formatBoard(state).split("\n")[0]).toBe("JD 2D 9H JC 5D 7H 7C 5H KD KC 9S 5S --");
    expect(state.rows.flat().filter((c) => c === null)).toHaveLength(4);
  });
});

describe("Montana board text", () => {
  const deal1 = dealMontana(1, DEFAULT_RULES, "solvitaire");

  it("writes four rows of 13 tokens and reads them back", () => {
    const text = formatBoard(deal1);
    expect(text).toBe(
      [
        "6H -- QS 2D 4S TH 2H QD 3C -- 8S 8D JH",
        "KS 2S 3S 4D 9C 3H 3D 4C 8H KD JC 6D KH",
        "TC 4H -- KC 5S 6C 6S 9D JS 8C 7S 2C --",
        "QH QC 5C 7C 7D TS 9S 5D TD 5H 7H 9H JD",
        "",
      ].join("\n"),
    );
    expect(parseBoard(text, DEFAULT_RULES)).toEqual(deal1);
    // Tens as 10, lower case, extra spaces and blank lines are read too.
    const loose = `\n${text.replace(/TH/, "10h").replace(/ /g, "  ")}\n\n`;
    expect(parseBoard(loose, DEFAULT_RULES)).toEqual(deal1);
  });

  it("keeps the redeal state on a fifth line when the rules allow redeals", () => {
    const s = dealMontana(5, rules({ redeals: 2 }), "microsoft");
    const text = formatBoard(s);
    expect(text.split("\n")[4]).toBe(`redeals 2 seed ${s.seed}`);
    expect(parseBoard(text, s.rules)).toEqual(s);
    const noLine = text.split("\n").slice(0, 4).join("\n");
    expect(parseBoard(noLine, s.rules)).toEqual({ ...s, seed: 0 });
  });

  const bad = (text: string, r: MontanaRules = DEFAULT_RULES) => {
    try {
      parseBoard(text, r);
    } catch (error) {
      return error as { code: string; line?: number; token?: string; message: string };
    }
    throw new Error("no error");
  };
  const lines = formatBoard(deal1).trimEnd().split("\n");

  it("refuses anything but a whole position, naming the line and the token", () => {
    const short = bad([lines[0], lines[1].replace(/ KH$/, ""), lines[2], lines[3]].join("\n"));
    expect(short).toMatchObject({ code: "bad_board", line: 2 });
    expect(short.message).toMatch(/row b has 12 places, not 13/);
    const twice = bad([lines[0], lines[1].replace("KS", "6H"), lines[2], lines[3]].join("\n"));
    expect(twice).toMatchObject({ line: 2, token: "6H" });
    expect(twice.message).toMatch(/b1: the six of hearts is also at a1/);
    const ace = bad([lines[0].replace("--", "AS"), lines[1], lines[2], lines[3]].join("\n"));
    expect(ace).toMatchObject({ line: 1, token: "AS" });
    expect(ace.message).toMatch(/aces are taken out/);
    const junk = bad([lines[0], lines[1], lines[2].replace("4H", "4X"), lines[3]].join("\n"));
    expect(junk).toMatchObject({ line: 3, token: "4X" });
    const missing = bad([lines[0].replace("QS", "--"), lines[1], lines[2], lines[3]].join("\n"));
    expect(missing.message).toMatch(/missing card QS/);
    expect(bad(lines.slice(0, 3).join("\n")).message).toMatch(/only 3 of the 4 rows/);
    expect(bad([...lines, lines[0]].join("\n"))).toMatchObject({ line: 5 });
    expect(bad([...lines, "redeals 1 seed 5"].join("\n")).message).toMatch(/no redeals/);
    expect(bad([...lines, "redeals 4 seed 5"].join("\n"), rules({ redeals: 3 })).message).toMatch(
      /at most 3/,
    );
    expect(bad([...lines, "redeals one"].join("\n"), rules({ redeals: 3 }))).toMatchObject({ line: 5 });
  });

  it("round-trips any shuffled position through text and JSON (property)", () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 1_000_000 }),
        fc.constantFrom("microsoft", "solvitaire" as const),
        (n, numbering) => {
          const s = dealMontana(n, rules({ redeals: 1 }), numbering);
          expect(parseBoard(formatBoard(s), s.rules)).toEqual(s);
          expect(fromJson(JSON.parse(JSON.stringify(toJson(s, n))), s.rules)).toEqual(s);
        },
      ),
      { numRuns: 200 },
    );
  });
});

describe("Montana JSON", () => {
  it("writes Solvitaire's shape with only the deal's keys under default rules", () => {
    const s = dealMontana(2, DEFAULT_RULES, "solvitaire");
    expect(Object.keys(toJson(s, 2))).toEqual(["game", "deal", "rows"]);
    expect(Object.keys(toJson({ ...s, rules: rules({ redeals: 1 }), redealsLeft: 1 }, 2))).toEqual([
      "game",
      "deal",
      "rows",
      "redealsLeft",
      "seed",
    ]);
  });

  it("refuses JSON that is not a whole position", () => {
    const s = toJson(dealMontana(2, DEFAULT_RULES, "solvitaire"), 2) as { rows: (string | null)[][] };
    const fail = (json: unknown) => () => fromJson(json, DEFAULT_RULES);
    expect(fail(null)).toThrow(/not an object/);
    expect(fail({ ...s, rows: s.rows.slice(0, 3) })).toThrow(/3 rows: Montana has 4/);
    const dup = structuredClone(s.rows);
    dup[0][0] = dup[0][2];
    expect(fail({ ...s, rows: dup })).toThrow(
      /rows\[0\]\[2\] \(a3\): \w+ is given twice \(also at rows\[0\]\[0\] \(a1\)\)/,
    );
    const gap = structuredClone(s.rows);
    gap[1][1] = "--";
    expect(fail({ ...s, rows: gap })).toThrow(/a gap is null/);
    expect(fail({ ...s, redealsLeft: 1 })).toThrow(/no redeals/);
    expect(fail({ rows: s.rows })).toThrow(/no "game" key/);
  });
});
