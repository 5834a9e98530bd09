import { spawnSync } from "node:child_process";
import { mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";

/** The catalogue bench run for real (its child processes too), on a game whose deals take a millisecond. */
const bench = (...argv: string[]) =>
  spawnSync(
    process.execPath,
    ["--import", "tsx", "bench/catalogue.ts", "--games", "fortunes-favor", ...argv],
    {
      encoding: "utf8",
      cwd: fileURLToPath(new URL("..", import.meta.url)),
    },
  );

const lines = (file: string) =>
  readFileSync(file, "utf8")
    .split("\n")
    .filter((l) => l !== "")
    .map((l) => JSON.parse(l) as { game: string; deal: number; tsol: { result: string } });
const summary = (stdout: string) =>
  JSON.parse(stdout.trim().split("\n").at(-1) ?? "") as {
    games: { deals: number; tsol: { solved: number; unsolvable: number; unknown: number } }[];
  };

describe("bench/catalogue.ts --resume", () => {
  it("keeps the deals its --out holds, solves only the others, and sums them all", () => {
    const out = join(mkdtempSync(join(tmpdir(), "tsol-bench-")), "run.jsonl");
    const first = bench("--to", "3", "--timeout", "20", "--no-solvitaire", "--out", out);
    expect(first.status).toBe(0);
    expect(lines(out).map((l) => l.deal)).toEqual([1, 2, 3]);

    const again = bench("--to", "5", "--timeout", "20", "--no-solvitaire", "--out", out, "--resume");
    expect(again.status).toBe(0);
    expect(again.stderr).toContain(`3 of the 5 deals from ${out}, 2 to solve`);
    // Deals 1..3 are not solved again: only 4 and 5 have a progress line.
    expect(again.stderr.match(/^\[\d+\/5\]/gm)).toHaveLength(2);
    expect(lines(out).map((l) => l.deal)).toEqual([1, 2, 3, 4, 5]);
    const [game] = summary(again.stdout).games;
    expect(game.deals).toBe(5);
    expect(game.tsol.solved + game.tsol.unsolvable + game.tsol.unknown).toBe(5);
    expect(again.stdout).toContain("3 deals were");
  });

  it("drops a last line cut short and solves its deal again, once", () => {
    const out = join(mkdtempSync(join(tmpdir(), "tsol-bench-")), "run.jsonl");
    expect(bench("--to", "2", "--timeout", "20", "--no-solvitaire", "--out", out).status).toBe(0);
    const text = readFileSync(out, "utf8");
    writeFileSync(out, text.slice(0, text.length - 20)); // the run stopped while writing deal 2
    const again = bench("--to", "2", "--timeout", "20", "--no-solvitaire", "--out", out, "--resume");
    expect(again.status).toBe(0);
    expect(again.stderr).toContain("its last line was cut short");
    expect(lines(out).map((l) => l.deal)).toEqual([1, 2]);
  });

  it("refuses a file of other settings, of something else, or without --out, in one line", () => {
    const out = join(mkdtempSync(join(tmpdir(), "tsol-bench-")), "run.jsonl");
    expect(bench("--to", "1", "--timeout", "20", "--no-solvitaire", "--out", out).status).toBe(0);
    const kept = readFileSync(out, "utf8");

    const other = bench("--to", "2", "--timeout", "30", "--no-solvitaire", "--out", out, "--resume");
    expect(other.status).toBe(2);
    expect(other.stderr.trim()).toMatch(
      /^bench\/catalogue\.ts: .*line 1 was made with 20 s a deal .*not 30 s a deal/,
    );
    expect(other.stderr.trim().split("\n")).toHaveLength(1);
    expect(readFileSync(out, "utf8")).toBe(kept);

    writeFileSync(out, "not json\n");
    const junk = bench("--to", "1", "--no-solvitaire", "--out", out, "--resume");
    expect(junk.status).toBe(2);
    expect(junk.stderr).toContain("line 1 is not JSON");
    expect(readFileSync(out, "utf8")).toBe("not json\n");

    writeFileSync(out, `${JSON.stringify({ game: "fortunes-favor", deal: 1 })}\n`);
    const shape = bench("--to", "1", "--no-solvitaire", "--out", out, "--resume");
    expect(shape.status).toBe(2);
    expect(shape.stderr).toContain("line 1 is not a deal of this bench");

    const alone = bench("--to", "1", "--no-solvitaire", "--resume");
    expect(alone.status).toBe(2);
    expect(alone.stderr).toContain("--resume needs --out FILE");
  });
});
