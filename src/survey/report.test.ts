import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { buildReport, quantile, reportCsv, reportJson, wilson, winnable } from "./report.ts";
import type { DealResult } from "./settings.ts";
import type { StoredSurvey } from "./store.ts";

describe("wilson", () => {
  it("matches textbook values", () => {
    // 0 of 10: the upper bound is 0.2775 (the "rule of three" overstates it); 10 of 10 mirrors it.
    expect(wilson(0, 10).low).toBe(0);
    expect(wilson(0, 10).high).toBeCloseTo(0.2775, 4);
    expect(wilson(10, 10).low).toBeCloseTo(0.7225, 4);
    // 81 of 263 (a worked example): 0.2553 to 0.3662.
    expect(wilson(81, 263).low).toBeCloseTo(0.25526, 4);
    expect(wilson(81, 263).high).toBeCloseTo(0.36619, 4);
    // 50 of 100: symmetric about one half.
    const half = wilson(50, 100);
    expect(half.low + half.high).toBeCloseTo(1, 12);
    expect(half.low).toBeCloseTo(0.4038, 4);
  });

  it("says nothing of no deals", () => {
    expect(wilson(0, 0)).toEqual({ low: 0, high: 1 });
  });

  it("holds the point estimate inside, within 0..1, for any count", () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 10_000_000 }),
        fc.double({ min: 0, max: 1, noNaN: true }),
        (n, f) => {
          const k = Math.floor(f * n);
          const { low, high } = wilson(k, n);
          return low >= 0 && high <= 1 && low <= k / n + 1e-12 && k / n <= high + 1e-12;
        },
      ),
    );
  });
});

describe("winnable", () => {
  // Solvitaire's published figures (Blake and Gent, JAIR 2026): won / lost / unknown and "share ± margin" in %.
  const published: [string, number, number, number, number, number][] = [
    ["King Albert, cards off the foundations", 1_370_321, 628_618, 1_061, 68.542, 0.092],
    ["Klondike draw 3", 819_371, 180_472, 157, 81.945, 0.084],
    ["Klondike draw 1", 904_226, 94_629, 1_145, 90.48, 0.116],
    ["Gaps, any 2 may move", 8_285, 1_107, 608, 85.815, 3.717],
  ];
  it.each(published)("reproduces Solvitaire's %s", (_name, won, lost, unknown, share, margin) => {
    const w = winnable(won, lost, unknown);
    expect(100 * w.share).toBeCloseTo(share, 3 - 1);
    expect(Math.abs(100 * w.share - share)).toBeLessThan(0.0015);
    expect(Math.abs(100 * w.margin - margin)).toBeLessThan(0.0015);
  });

  it("counts unknown deals as losses for the low end and wins for the high end", () => {
    const w = winnable(60, 30, 10);
    expect(w.low).toBeCloseTo(wilson(60, 100).low, 12);
    expect(w.high).toBeCloseTo(wilson(70, 100).high, 12);
    expect(w.share).toBeCloseTo((w.low + w.high) / 2, 12);
    // More unknown deals only widen it.
    const wider = winnable(60, 20, 20);
    expect(wider.low).toBeCloseTo(w.low, 12);
    expect(wider.high).toBeGreaterThan(w.high);
  });
});

describe("quantile", () => {
  it("takes the nearest rank", () => {
    const values = Array.from({ length: 100 }, (_, i) => i + 1);
    expect(quantile(values, 0.5)).toBe(50);
    expect(quantile(values, 0.99)).toBe(99);
    expect(quantile(values, 1)).toBe(100);
    expect(quantile([7], 0.99)).toBe(7);
    expect(quantile([], 0.5)).toBe(0);
  });
});

const SURVEY: StoredSurvey = {
  id: 1,
  name: 'freecell, "two" cells',
  game: "freecell",
  rules: { cells: 2 },
  numbering: "microsoft",
  policy: "safe",
  budget: { positions: 1000 },
  solverVersion: "0.1.0+freecell.test",
  created: "2026-01-01T00:00:00.000Z",
};

function result(deal: number, outcome: DealResult["outcome"], positions: number): DealResult {
  return {
    deal,
    outcome,
    length: outcome === "solved" ? 80 + (deal % 7) : null,
    positions,
    ms: positions / 100,
    budget: { positions: 1000 },
  };
}

const RESULTS = [
  result(1, "solved", 10),
  result(2, "unsolvable", 400),
  result(3, "solved", 20),
  result(4, "unknown", 1000),
  result(5, "solved", 30),
  result(6, "unsolvable", 50),
];

describe("buildReport", () => {
  const report = buildReport(SURVEY, RESULTS);

  it("counts, names the impossible and undecided deals, and ranks the hardest", () => {
    expect(report).toMatchObject({
      game: "freecell",
      label: "FreeCell, 2 cells",
      deals: 6,
      first: 1,
      last: 6,
      solved: 3,
      unsolvable: 2,
      unknown: 1,
      impossible: [2, 6],
      undecided: [4],
    });
    expect(report.hardest.map((h) => h.deal)).toEqual([4, 2, 6, 5, 3, 1]);
    expect(report.positions).toEqual({ median: 30, p99: 1000, max: 1000 });
    expect(report.winnable).toEqual(winnable(3, 2, 1));
  });

  it("prints JSON in the issue's shape", () => {
    const json = JSON.parse(reportJson([report])) as { surveys: Record<string, unknown>[] };
    expect(json.surveys).toHaveLength(1);
    const [s] = json.surveys;
    for (const key of [
      "game",
      "rules",
      "numbering",
      "deals",
      "solved",
      "unsolvable",
      "unknown",
      "winnable",
    ]) {
      expect(s).toHaveProperty(key);
    }
    expect(s.winnable).toEqual({
      share: report.winnable.share,
      low: report.winnable.low,
      high: report.winnable.high,
      margin: report.winnable.margin,
    });
    expect(s.rules).toEqual({ cells: 2 });
  });

  it("writes CSV that reads back: quoted fields, one line per survey", () => {
    const text = reportCsv([report, { ...report, name: "plain" }]);
    const lines = text.trimEnd().split("\r\n");
    expect(lines).toHaveLength(3);
    const header = lines[0].split(",");
    // A small RFC 4180 reader: a quoted field may hold commas and doubled quotes.
    const read = (line: string): string[] =>
      [...`${line},`.matchAll(/("(?:[^"]|"")*"|[^,"]*),/g)].map((m) =>
        m[1].startsWith('"') ? m[1].slice(1, -1).replace(/""/g, '"') : m[1],
      );
    const first = Object.fromEntries(read(lines[1]).map((v, i) => [header[i], v]));
    expect(first.survey).toBe('freecell, "two" cells');
    expect(first.solved).toBe("3");
    expect(first.unsolvable).toBe("2");
    expect(first.unknown).toBe("1");
    expect(Number(first.low)).toBeCloseTo(report.winnable.low, 12);
    expect(first.impossible).toBe("2 6");
    expect(first.undecided).toBe("4");
    expect(read(lines[2])[0]).toBe("plain");
  });
});
