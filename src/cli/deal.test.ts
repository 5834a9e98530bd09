import { Command } from "commander";
import { afterEach, describe, expect, it, vi } from "vitest";
import type { AnyPatienceGame } from "../games/patience/contract.ts";
import { dailyDeal } from "../games/patience/daily.ts";
import { levelOf, rate } from "../games/patience/difficulty.ts";
import { findPatience } from "../games/registry.ts";
import { registerDeal } from "./deal.ts";

/** Runs `tsol deal …` in this process: what it printed on standard output and standard error, and the exit code. */
async function run(...args: string[]): Promise<{ out: string; err: string; code: number | undefined }> {
  const out: string[] = [];
  const err: string[] = [];
  vi.spyOn(console, "error").mockImplementation((...parts: unknown[]) => {
    err.push(parts.join(" "));
  });
  vi.spyOn(process.stdout, "write").mockImplementation((chunk: string | Uint8Array) => {
    out.push(String(chunk));
    return true;
  });
  const program = new Command().exitOverride();
  registerDeal(program);
  await program.parseAsync(["node", "tsol", "deal", ...args]);
  vi.restoreAllMocks();
  const code = process.exitCode === undefined ? undefined : Number(process.exitCode);
  process.exitCode = undefined;
  return { out: out.join(""), err: err.join("\n"), code };
}

afterEach(() => {
  vi.restoreAllMocks();
  process.exitCode = undefined;
});

const game = (id: string) => findPatience(id) as AnyPatienceGame;

describe("tsol deal GAME daily", () => {
  it("prints the day's deal, the platform's, for the date given, in every numbering", async () => {
    for (const numbering of ["microsoft", "solvitaire"] as const) {
      const expected = await dailyDeal(game("freecell"), { date: "2026-11-28", numbering });
      const json = await run(
        "freecell",
        "daily",
        "--date",
        "2026-11-28",
        "--numbering",
        numbering,
        "--format",
        "json",
      );
      expect(json.code).toBeUndefined();
      const printed = JSON.parse(json.out);
      expect(printed).toMatchObject({ game: "freecell", deal: expected.deal, daily: { date: "2026-11-28" } });
      const picture = await run("freecell", "daily", "--date", "2026-11-28", "--numbering", numbering);
      expect(picture.out).toContain(`The daily deal of 2026-11-28 (UTC): FreeCell deal ${expected.deal}`);
      expect(picture.out).toContain("proved winnable");
    }
  });

  it("refuses a bad date, --date without daily, and a game without daily deals, in one line each", async () => {
    const bad = await run("freecell", "daily", "--date", "2026-02-30");
    expect(bad.code).toBe(1);
    expect(bad.err).toBe('tsol: "2026-02-30" is not a day of the calendar from 2000-01-01 on');
    expect(bad.out).toBe("");
    const format = await run("freecell", "daily", "--date", "30.11.2026");
    expect(format.err).toMatch(/is not a date: write it YYYY-MM-DD/);
    const stray = await run("freecell", "5", "--date", "2026-11-28");
    expect(stray.err).toBe("tsol: --date goes with the deal daily");
    const spider = await run("spider", "daily");
    expect(spider.code).toBe(1);
    expect(spider.err).toMatch(/^tsol: Spider has no daily deal/);
    const word = await run("freecell", "today");
    expect(word.err).toMatch(/"today" is not a deal number/);
  });
});

describe("tsol deal --difficulty", () => {
  it("rates the deal as the platform does: its level, or not winnable", async () => {
    const g = game("king-albert");
    const solver = await g.solver();
    const expected = rate(g, solver, g.deal(1, g.rules.make({}), "microsoft"));
    const json = JSON.parse((await run("king-albert", "1", "--difficulty", "--format", "json")).out);
    expect(json.difficulty).toEqual({
      level: levelOf("king-albert", expected.positions),
      result: "solved",
      positions: expected.positions,
      moves: expected.moves,
      budget: expected.budget,
    });
    const lost = await run("king-albert", "2", "--difficulty");
    expect(lost.out).toMatch(/\nDifficulty: not winnable \([\d,]+ positions searched\)\n$/);
    const refused = await run("king-albert", "2", "--difficulty", "--format", "text");
    expect(refused.err).toBe("tsol: --difficulty goes with --format picture or json");
  });
});
