import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { tsol } from "./tsol.ts";

/** Issue 15, "Trust": the real command refuses what is not the position in the file, and nothing drives the terminal. */

const tmp = mkdtempSync(join(tmpdir(), "tsol-trust-"));

/** Deal 1 as board text, without the given cards (to place them elsewhere). */
function dealOneWithout(...cards: string[]): string {
  const text = tsol(["deal", "freecell", "1", "--format", "fcs"]).stdout;
  return text
    .trimEnd()
    .split("\n")
    .map(
      (line) =>
        line
          .split(" ")
          .filter((c) => !cards.includes(c))
          .join(" ") || ":",
    )
    .join("\n");
}

describe("issue 15: solve never proves a board impossible that is not the whole deck", () => {
  it("a board with a second Freecells line (51 cards were kept) is refused, not answered impossible", () => {
    const board = join(tmp, "two-freecells.board");
    writeFileSync(
      board,
      `Freecells: TC 7D 7S 7C\nFreecells: 3C\n${dealOneWithout("TC", "7D", "7S", "7C", "3C")}\n`,
    );
    const r = tsol(["solve", "freecell", "--board", board, "--timeout", "5"]);
    expect(r.status).toBe(1);
    expect(r.stdout).not.toMatch(/impossible/);
    expect(r.stderr).toContain('line 2: "Freecells:": a second Freecells line (the first is line 1)');
  });

  it("a board naming a suit twice on the Foundations line (49 cards were kept) is refused", () => {
    const board = join(tmp, "two-hearts.board");
    writeFileSync(board, `Foundations: H-3 H-0\n${dealOneWithout("AH", "2H", "3H")}\n`);
    const r = tsol(["solve", "freecell", "--board", board, "--timeout", "5"]);
    expect(r.status).toBe(1);
    expect(r.stdout).toBe("");
    expect(r.stderr).toContain('line 1: "H-0": the hearts foundation is given twice');
  });
});
