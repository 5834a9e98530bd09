import { describe, expect, it } from "vitest";
import { parseScoreTable, SCORE_LIMITS } from "./tetris-scores.ts";

const entry = (over: Record<string, unknown>) => ({
  score: 100,
  lines: 2,
  level: 1,
  seed: 7,
  date: "2026-01-01T00:00:00.000Z",
  ...over,
});
const table = (e: unknown) => ({ version: 1, classic: [e], guideline: [] });

describe("the high score table", () => {
  it("issue 15: scores of 1e308 and below zero were accepted", () => {
    expect(parseScoreTable(table(entry({}))).classic[0].score).toBe(100);
    for (const bad of [1e308, -5, 2.5, Number.NaN, SCORE_LIMITS.score + 1]) {
      expect(() => parseScoreTable(table(entry({ score: bad }))), String(bad)).toThrow(
        /"score" is not a whole number/,
      );
    }
    expect(() => parseScoreTable(table(entry({ lines: -1 })))).toThrow(/"lines"/);
    expect(() => parseScoreTable(table(entry({ level: 1e9 })))).toThrow(/"level"/);
    expect(() => parseScoreTable(table(entry({ seed: 2 ** 32 })))).toThrow(/"seed"/);
    expect(() => parseScoreTable(table(entry({ date: "yesterday" })))).toThrow(/"date"/);
    expect(() =>
      parseScoreTable({ version: 1, classic: Array.from({ length: 11 }, () => entry({})), guideline: [] }),
    ).toThrow(/at most 10/);
  });
});
