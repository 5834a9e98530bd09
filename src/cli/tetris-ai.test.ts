import { spawnSync } from "node:child_process";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";

const bin = fileURLToPath(new URL("../../bin/tsol.js", import.meta.url));

function tsol(...args: string[]) {
  const r = spawnSync(process.execPath, [bin, "tetris", ...args], { encoding: "utf8", timeout: 60_000 });
  return { status: r.status, stdout: r.stdout, stderr: r.stderr };
}

describe("tsol tetris --ai --json", () => {
  it("prints one JSON line with the game's figures, the same for the same seed", () => {
    const args = ["--ai", "--objective", "attack", "--randomizer", "bag", "--games", "1", "--pieces", "40"];
    const first = tsol(...args, "--seed", "7", "--json");
    expect(first.status).toBe(0);
    const lines = first.stdout.trim().split("\n");
    expect(lines).toHaveLength(1);
    const r = JSON.parse(lines[0]!);
    expect(r).toMatchObject({
      objective: "attack",
      randomizer: "bag",
      seed: 7,
      pieces: 40,
      toppedOut: false,
    });
    for (const key of ["lines", "attackPerPiece", "tetrises", "tspins", "attack"]) {
      expect(typeof r[key]).toBe("number");
    }
    expect(r.attackPerPiece).toBeCloseTo(r.attack / 40, 3);
    const again = JSON.parse(tsol(...args, "--seed", "7", "--json").stdout);
    const { piecesPerSecond: _a, ...same } = r;
    const { piecesPerSecond: _b, ...sameAgain } = again;
    expect(sameAgain).toEqual(same);
  });

  it("refuses flags that do not go together, or bad values, with one clear line", () => {
    const bad = tsol("--ai", "--objective", "defend", "--json");
    expect(bad.status).not.toBe(0);
    expect(bad.stderr).toContain("argument 'defend' is invalid. Allowed choices are survive, attack");
    const noAi = tsol("--objective", "attack", "--json");
    expect(noAi.status).toBe(2);
    expect(noAi.stderr.trim()).toBe("tetris: --json goes with --ai (the AI's headless games)");
    const classic = tsol("--ai", "--mode", "classic", "--objective", "attack", "--json");
    expect(classic.status).toBe(2);
    expect(classic.stderr).toContain("--objective attack plays the guideline game");
  });
});
