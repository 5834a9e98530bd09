import { execFileSync } from "node:child_process";
import { fileURLToPath } from "node:url";
import { Command } from "commander";
import { afterEach, describe, expect, it, vi } from "vitest";
import { dealMicrosoft } from "../games/freecell/deal.ts";
import { freecell } from "../games/freecell/index.ts";
import { parseMove } from "../games/freecell/notation.ts";
import { applyMove, isWon } from "../games/freecell/rules.ts";
import { checkSolution } from "../games/patience/verify.ts";
import { splitMoves } from "./check.ts";
import { defaultMemoryBytes, registerSolve } from "./solve.ts";

/** Runs `tsol solve …` in this process and returns what it printed on standard output. */
async function run(...args: string[]): Promise<string> {
  const out: string[] = [];
  vi.spyOn(console, "log").mockImplementation((...parts: unknown[]) => {
    out.push(`${parts.join(" ")}\n`);
  });
  vi.spyOn(console, "error").mockImplementation(() => {});
  vi.spyOn(process.stdout, "write").mockImplementation((chunk: string | Uint8Array) => {
    out.push(String(chunk));
    return true;
  });
  const program = new Command().exitOverride();
  registerSolve(program);
  await program.parseAsync(["node", "tsol", "solve", "freecell", ...args]);
  vi.restoreAllMocks();
  return out.join("");
}

afterEach(() => {
  vi.restoreAllMocks();
  process.exitCode = undefined;
});

describe("tsol solve freecell", () => {
  it("prints exactly one JSON object with --json, whose moves tsol check accepts with automatic moves off", async () => {
    const text = await run("7", "--json");
    const report = JSON.parse(text);
    expect(report).toMatchObject({ game: "freecell", deal: 7, result: "solved" });
    expect(report.stats.positions).toBeGreaterThan(0);
    expect(typeof report.stats.ms).toBe("number");
    const start = dealMicrosoft(7);
    expect(checkSolution(freecell, start, report.moves, "none")).toMatchObject({ valid: true, won: true });
    let state = start;
    for (const m of splitMoves(report.moves.join(" "))) state = applyMove(state, parseMove(m, state));
    expect(isWon(state)).toBe(true);
  });

  it("solves once per cell count for a range, as a JSON array", async () => {
    const rows = JSON.parse(await run("11982", "--cells", "3..5", "--json"));
    expect(rows.map((r: { cells: number; result: string }) => [r.cells, r.result])).toEqual([
      [3, "unsolvable"],
      [4, "unsolvable"],
      [5, "solved"],
    ]);
  });

  it("prints a table for a range without --json", async () => {
    const text = await run("1", "--cells", "4..5");
    expect(text).toMatch(/cells\s+result\s+length\s+positions\s+ms/);
    expect(text.trim().split("\n")).toHaveLength(3);
  });

  it("issue 15: --cells 2 (a single count) printed a table row and a JSON array as if it were a range", async () => {
    const text = await run("1", "--cells", "5");
    expect(text).toMatch(/^deal 1 \(FreeCell, 5 cells\): solved in \d+ moves/);
    expect(text).not.toMatch(/cells\s+result/);
    const report = JSON.parse(await run("1", "--cells", "5", "--json"));
    expect(Array.isArray(report)).toBe(false);
    expect(report).toMatchObject({ deal: 1, cells: 5, result: "solved" });
  });

  it("says unknown, naming the budget, when --max-positions runs out, and exits with 2", async () => {
    const report = JSON.parse(await run("11982", "--max-positions", "100", "--json"));
    expect(report.result).toBe("unknown");
    expect(report.stats.budget).toBe("positions");
    expect(report.stats.positions).toBeLessThanOrEqual(100);
    expect(process.exitCode).toBe(2);
  });

  it("honours the rule flags", async () => {
    const report = JSON.parse(await run("5", "--no-sequence-moves", "--auto", "none", "--json"));
    expect(report.result).toBe("solved");
    expect(report.moves.some((m: string) => m.includes("v"))).toBe(false);
  });

  it("reads a range of any whole-number rule, and refuses one that goes down", async () => {
    const rows = JSON.parse(await run("1", "--cascades", "7..8", "--json"));
    expect(rows.map((r: { rules: { cascades: number } }) => r.rules.cascades)).toEqual([7, 8]);
    await run("1", "--cells", "5..2");
    expect(process.exitCode).toBe(1);
  });

  it("refuses a rule flag of another game, naming the game's own", async () => {
    await run("1", "--free-twos");
    expect(process.exitCode).toBe(1);
  });

  it("works end to end: tsol solve's moves pass tsol check with automatic moves off", () => {
    const bin = fileURLToPath(new URL("../../bin/tsol.js", import.meta.url));
    const report = JSON.parse(
      execFileSync("node", [bin, "solve", "freecell", "7", "--json"], { encoding: "utf8" }),
    );
    expect(report.result).toBe("solved");
    const check = execFileSync("node", [bin, "check", "freecell", "7", "--moves", report.moves.join(" ")], {
      encoding: "utf8",
    });
    expect(check).toMatch(/^valid: won/);
  });
});

describe("tsol solve's memory budget", () => {
  it("is a quarter of the machine's memory when none is given, at least 512 MiB and at most 2 GiB", () => {
    const MiB = 2 ** 20;
    expect(defaultMemoryBytes(1024 * MiB)).toBe(512 * MiB);
    expect(defaultMemoryBytes(4096 * MiB)).toBe(1024 * MiB);
    expect(defaultMemoryBytes(24 * 1024 * MiB)).toBe(2048 * MiB);
  });
});
