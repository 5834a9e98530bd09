import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { freecell } from "../games/freecell/index.ts";
import { chunks, jobProblem } from "./queue.ts";
import {
  canonicalJson,
  type DealResult,
  isLarger,
  makeSettings,
  parseDeals,
  settingsMismatch,
} from "./settings.ts";
import { SqliteStore } from "./store.ts";

describe("parseDeals", () => {
  it("reads ranges, single deals and lists, merged and sorted", () => {
    expect(parseDeals("1-100000", "microsoft")).toEqual([{ first: 1, last: 100000 }]);
    expect(parseDeals("7", "microsoft")).toEqual([{ first: 7, last: 7 }]);
    expect(parseDeals("500-600, 1-100,90-200", "microsoft")).toEqual([
      { first: 1, last: 200 },
      { first: 500, last: 600 },
    ]);
    expect(parseDeals("0-9", "solvitaire")).toEqual([{ first: 0, last: 9 }]);
  });

  it("refuses what is not a range of the numbering, saying why", () => {
    expect(() => parseDeals("0-10", "microsoft")).toThrow(/numbered 1 to/);
    expect(() => parseDeals("10-1", "microsoft")).toThrow(/backwards/);
    expect(() => parseDeals("1-x", "microsoft")).toThrow(/--deals takes a range/);
    expect(() => parseDeals("", "microsoft")).toThrow(/--deals takes a range/);
  });
});

describe("chunks", () => {
  it("splits ranges on multiples of the chunk, so a rerun makes the same jobs", () => {
    expect(chunks([{ first: 1, last: 2500 }], 1000)).toEqual([
      { first: 1, last: 999 },
      { first: 1000, last: 1999 },
      { first: 2000, last: 2500 },
    ]);
    expect(chunks([{ first: 5, last: 6 }], 1000)).toEqual([{ first: 5, last: 6 }]);
  });
});

describe("jobProblem (issue 36: values read back from the database are checked)", () => {
  const survey = {
    ...makeSettings(freecell, { rules: {}, budget: { positions: 1000 }, solverVersion: "v1" }),
    id: 1,
    created: "2026-11-26T10:00:00.000Z",
  };
  const job = { survey: 1, name: "freecell", first: 1, last: 1000 };

  it("takes the jobs tsol enqueues, and refuses a range or retry changed in the database", () => {
    expect(jobProblem(job, survey)).toBeUndefined();
    expect(
      jobProblem({ ...job, retry: { budget: { positions: 5000 }, deals: [3, 7] } }, survey),
    ).toBeUndefined();
    expect(jobProblem({ ...job, first: -5 }, survey)).toMatch(
      /deals -5 to 1000 are not a range of microsoft deals/,
    );
    expect(jobProblem({ ...job, last: 2 ** 40 }, survey)).toMatch(/not a range/);
    expect(jobProblem({ ...job, first: 9, last: 2 }, survey)).toMatch(/not a range/);
    expect(jobProblem({ ...job, retry: { budget: { positions: 5000 }, deals: [0] } }, survey)).toMatch(
      /the retry's deals are not a list of microsoft deals/,
    );
    expect(jobProblem({ ...job, retry: { budget: { positions: -1 }, deals: [3] } }, survey)).toMatch(
      /the retry's budget: the budget's positions -1/,
    );
    // A job carries its game (one queue takes every game's jobs); the jobs of the former queues of one game do not.
    expect(jobProblem({ ...job, game: "freecell" }, survey)).toBeUndefined();
    expect(jobProblem({ ...job, game: "klondike" }, survey)).toMatch(
      /the job's game "klondike" is not the survey's \(freecell\)/,
    );
  });
});

describe("settings", () => {
  const base = makeSettings(freecell, { rules: {}, budget: { positions: 1000 }, solverVersion: "v1" });

  it("keeps the rules of the schema, in full, with the game's defaults", () => {
    expect(base).toMatchObject({
      name: "freecell",
      game: "freecell",
      numbering: "microsoft",
      policy: "safe",
    });
    expect(base.rules).toEqual({
      cells: 4,
      cascades: 8,
      build: "alternate",
      empty: "any",
      fromFoundation: false,
      sequenceMoves: true,
    });
    expect(canonicalJson({ b: 1, a: { d: 1, c: 2 } })).toBe('{"a":{"c":2,"d":1},"b":1}');
  });

  it("names every difference of a resume, and matches itself", () => {
    expect(settingsMismatch(base, base, "x.db")).toBeUndefined();
    const other = { ...base, rules: { ...base.rules, cells: 2 }, budget: { positions: 5 } };
    const message = settingsMismatch(base, other, "x.db") ?? "";
    expect(message).toMatch(/survey "freecell" in x.db was started with other settings/);
    expect(message).toMatch(/cells 4, not 2/);
    expect(message).toMatch(/1,000 positions, not 5 positions/);
    expect(message).toMatch(/--name/);
    expect(settingsMismatch(base, { ...base, solverVersion: "v2" }, "x.db")).toMatch(/solver changed/);
  });

  it("compares budgets: larger means at least as far in each and further in one", () => {
    expect(isLarger({ positions: 2000 }, { positions: 1000 })).toBe(true);
    expect(isLarger({ positions: 1000 }, { positions: 1000 })).toBe(false);
    expect(isLarger({ ms: 5000 }, { positions: 1000 })).toBe(false);
    expect(isLarger({}, { positions: 1000 })).toBe(true);
    // Megabytes: absent is the solver's default, 512.
    expect(isLarger({ positions: 1000, mb: 1024 }, { positions: 1000 })).toBe(true);
    expect(isLarger({ positions: 1000, mb: 512 }, { positions: 1000 })).toBe(false);
    expect(isLarger({ positions: 2000, mb: 256 }, { positions: 1000 })).toBe(false);
  });
});

describe("SqliteStore", () => {
  let dir: string;
  beforeEach(() => {
    dir = mkdtempSync(join(tmpdir(), "tsol-store-"));
  });
  afterEach(() => rmSync(dir, { recursive: true, force: true }));

  const settings = makeSettings(freecell, { rules: {}, budget: { positions: 1000 }, solverVersion: "v1" });
  const r = (deal: number, outcome: DealResult["outcome"]): DealResult => ({
    deal,
    outcome,
    length: outcome === "solved" ? 90 : null,
    positions: 10,
    ms: 1,
    budget: { positions: 1000 },
  });

  it("writes a deal's result once, however often it is written", async () => {
    const store = new SqliteStore(join(dir, "s.db"));
    const survey = await store.open(settings);
    await store.record(survey.id, [r(1, "solved"), r(2, "unknown")]);
    await store.record(survey.id, [r(1, "unsolvable"), r(3, "solved")]);
    expect((await store.results(survey)).map((x) => [x.deal, x.outcome])).toEqual([
      [1, "solved"],
      [2, "unknown"],
      [3, "solved"],
    ]);
    expect(await store.doneIn(survey.id, 2, 10)).toEqual([2, 3]);
    // A retry replaces only an unknown result.
    await store.replaceUnknown(survey.id, [
      { ...r(2, "solved"), budget: { positions: 5000 } },
      r(1, "unknown"),
    ]);
    expect(await store.counts(survey)).toEqual({ solved: 3, unsolvable: 0, unknown: 0 });
    await store.close();
  });

  it("resumes the same survey and refuses other settings under its name", async () => {
    const path = join(dir, "s.db");
    const store = new SqliteStore(path);
    const first = await store.open(settings);
    expect((await store.open(settings)).id).toBe(first.id);
    await expect(store.open({ ...settings, numbering: "solvitaire" })).rejects.toThrow(
      /numbering \(microsoft, not solvitaire\)/,
    );
    // Under another name it is another survey.
    const second = await store.open({ ...settings, name: "other", numbering: "solvitaire" });
    expect(second.id).not.toBe(first.id);
    expect((await store.list()).map((s) => s.name)).toEqual(["freecell", "other"]);
    await store.close();
  });
});
