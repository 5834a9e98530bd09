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
    // Exactly the keys of the acceptance line, in its order.
    expect(Object.keys(r)).toEqual(["pieces", "lines", "toppedOut", "attackPerPiece", "tetrises", "tspins"]);
    expect(r).toMatchObject({ pieces: 40, toppedOut: false });
    for (const key of ["lines", "attackPerPiece", "tetrises", "tspins"]) expect(typeof r[key]).toBe("number");
    // Attack is whole lines: over 40 pieces, the rate times 40 is a whole number (to its four digits).
    expect(Math.abs(r.attackPerPiece * 40 - Math.round(r.attackPerPiece * 40))).toBeLessThan(0.005);
    expect(tsol(...args, "--seed", "7", "--json").stdout).toBe(first.stdout);
    const other = JSON.parse(tsol(...args, "--seed", "8", "--json").stdout);
    expect(Object.keys(other)).toEqual(Object.keys(r));
  });

  it("sums several games, and gives null for what the classic model has not", () => {
    const two = JSON.parse(tsol("--ai", "--games", "2", "--pieces", "30", "--seed", "3", "--json").stdout);
    expect(two).toMatchObject({ pieces: 60, toppedOut: false });
    const classic = JSON.parse(tsol("--ai", "--mode", "classic", "--pieces", "30", "--json").stdout);
    expect(classic).toMatchObject({ pieces: 30, attackPerPiece: null, tetrises: null, tspins: null });
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
