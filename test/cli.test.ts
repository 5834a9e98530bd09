import { mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { numberingFrom } from "../src/cli/options.ts";
import { freecell } from "../src/games/freecell/index.ts";
import type { AnyPatienceGame } from "../src/games/patience/contract.ts";
import { findPatience } from "../src/games/registry.ts";
import { defaultSearchThreads } from "../src/workers/typescript-thread.ts";
import { tsol } from "./tsol.ts";

const tmp = mkdtempSync(join(tmpdir(), "tsol-cli-"));

/** Whether `tsol check` (the game, deal and rules in `args`) says the moves win. */
function replays(args: string[], moves: string[]): boolean {
  return /^valid: won in \d+ moves/.test(tsol(["check", ...args, "--moves", moves.join(" ")]).stdout);
}

describe("tsol deal", () => {
  it("shows deal 1 as a picture, as board text and as JSON", () => {
    const picture = tsol(["deal", "freecell", "1"]);
    expect(picture.status).toBe(0);
    const rows = picture.stdout.trimEnd().split("\n");
    expect(rows[0]).toBe("JD 2D 9H JC 5D 7H 7C 5H");
    expect(rows[rows.length - 1]).toBe("6S 9C 2H 6H");
    const fcs = tsol(["deal", "freecell", "1", "--format", "fcs"]);
    expect(fcs.stdout.split("\n")[0]).toBe("JD KD 2S 4C 3S 6D 6S");
    const json = JSON.parse(tsol(["deal", "freecell", "1", "--format", "json"]).stdout);
    expect(json.game).toBe("freecell");
    expect(json.deal).toBe(1);
    expect(json.cascades[0]).toEqual(["JD", "KD", "2S", "4C", "3S", "6D", "6S"]);
    expect(json.cells).toEqual([null, null, null, null]);
    expect(json.foundations).toEqual({});
  });

  it("deals a variant's layout when given its rule flags", () => {
    const json = JSON.parse(tsol(["deal", "freecell", "1", "--format", "json", "--cascades", "4"]).stdout);
    expect(json.cascades).toHaveLength(4);
    expect(json.cascades[0]).toHaveLength(13);
  });

  it("deals Baker's Game in the Microsoft numbering as FreeCell's deal; Solvitaire's stays its default", () => {
    const rows = tsol(["deal", "bakers-game", "1", "--numbering", "microsoft"]).stdout.trimEnd().split("\n");
    expect(rows[0]).toBe("JD 2D 9H JC 5D 7H 7C 5H");
    expect(rows[rows.length - 1]).toBe("6S 9C 2H 6H");
    const bakers = findPatience("bakers-game");
    expect(bakers && numberingFrom(bakers, {})).toBe("solvitaire");
    expect(numberingFrom(freecell as AnyPatienceGame, {})).toBe("microsoft");
  });

  it("refuses a bad deal number with a clear message and exit code 1", () => {
    for (const bad of ["0", "8589934592", "x"]) {
      const r = tsol(["deal", "freecell", bad]);
      expect(r.status).toBe(1);
      expect(r.stderr).toMatch(/is not a deal number \(1 to 8589934591\)/);
      expect(r.stderr).not.toMatch(/at .*\.ts:\d+/);
    }
    expect(tsol(["deal", "chess", "1"]).stderr).toMatch(/unknown game "chess"/);
  });
});

describe("tsol check", () => {
  it("accepts a winning solution and counts its moves", () => {
    // Deal 1 is won when all cards go home; build a winning list by letting the all policy finish a short line.
    const board = join(tmp, "nearly.board");
    writeFileSync(board, "Foundations: H-Q C-K D-K S-Q\nKH\nKS\n:\n:\n:\n:\n:\n:\n");
    const r = tsol(["check", "freecell", "--board", board, "--moves", "1h 2h"]);
    expect(r.stdout.trim()).toBe("valid: won in 2 moves");
    expect(r.status).toBe(0);
  });

  it("names the first illegal move, its index and why, and exits 1", () => {
    const r = tsol(["check", "freecell", "1", "--moves", "1a 2a 6h"]);
    expect(r.status).toBe(1);
    expect(r.stdout.trim()).toBe('invalid: move 2 "2a": cell a already holds 6S');
  });

  it("says when every move is legal but the deal is not won", () => {
    const r = tsol(["check", "freecell", "1", "--moves", "1a"]);
    expect(r.status).toBe(1);
    expect(r.stdout.trim()).toBe("not won: all 1 moves are legal but the deal is not won");
  });

  it("plays automatic moves only when asked", () => {
    const board = join(tmp, "auto.board");
    writeFileSync(board, "Foundations: H-J C-K D-K S-K\nQH KH\n:\n:\n:\n:\n:\n:\n:\n");
    expect(tsol(["check", "freecell", "--board", board, "--moves", "1a"]).stdout.trim()).toMatch(/^not won/);
    const r = tsol(["check", "freecell", "--board", board, "--moves", "1a", "--auto", "all"]);
    expect(r.stdout.trim()).toBe("valid: won in 3 moves");
    const empty = tsol(["check", "freecell", "--board", board, "--moves", "1h"]);
    expect(empty.stdout.trim()).toBe(
      'invalid: move 1 "1h": KH cannot go home: the hearts foundation is at JH',
    );
  });

  it("reads a solution file, comments allowed", () => {
    const board = join(tmp, "file.board");
    writeFileSync(board, "Foundations: H-Q C-K D-K S-Q\nKH\nKS\n:\n:\n:\n:\n:\n:\n");
    const solution = join(tmp, "solution.txt");
    writeFileSync(solution, "# two moves\n1h\n2h # the last king\n");
    expect(tsol(["check", "freecell", "--board", board, "--solution", solution]).stdout.trim()).toBe(
      "valid: won in 2 moves",
    );
  });

  it("reports a malformed board by line and card", () => {
    const board = join(tmp, "bad.board");
    writeFileSync(board, "JD KD 2S 4C 3S 6D 1S\n");
    const r = tsol(["check", "freecell", "--board", board, "--moves", "1a"]);
    expect(r.status).toBe(1);
    expect(r.stderr).toContain('bad.board: line 1: "1S": unknown rank "1" (did you mean A or T?)');
  });

  it("reads a board from standard input", () => {
    const r = tsol(["check", "freecell", "--board", "-", "--moves", "1h"], {
      input: "Foundations: H-K C-K D-K S-Q\nKS\n:\n:\n:\n:\n:\n:\n:\n",
    });
    expect(r.stdout.trim()).toBe("valid: won in 1 moves");
  });
});

describe("every game through the registry", () => {
  const printed = JSON.parse(
    readFileSync(new URL("./data/solvitaire-numbered-deals.json", import.meta.url), "utf8"),
  ) as {
    game: string;
    seed: number;
    [key: string]: unknown;
  }[];

  it("prints Solvitaire's deals 1-3 of King Albert and Montana in Solvitaire's own shape", () => {
    for (const p of printed.filter((d) => d.game === "king-albert" || d.game === "montana")) {
      const r = tsol(["deal", p.game, String(p.seed), "--numbering", "solvitaire", "--format", "json"]);
      expect(r.status).toBe(0);
      const { seed, ...rest } = p;
      expect(JSON.parse(r.stdout)).toEqual({ ...rest, deal: seed });
    }
  });

  it("solves a King Albert deal as one JSON object whose moves tsol check replays with no automatic moves", () => {
    const r = tsol(["solve", "king-albert", "1", "--numbering", "solvitaire", "--json", "--timeout", "20"]);
    const report = JSON.parse(r.stdout);
    expect(report).toMatchObject({ game: "king-albert", deal: 1, result: "solved" });
    expect(report.stats.positions).toBeGreaterThan(0);
    expect(replays(["king-albert", "1", "--numbering", "solvitaire"], report.moves)).toBe(true);
  });

  it("refuses a rule of another game, naming the game's own", () => {
    const r = tsol(["deal", "king-albert", "1", "--cells", "2"]);
    expect(r.status).toBe(1);
    expect(r.stderr).toMatch(
      /--cells is not a rule of King Albert \(its rules: --sequence-moves, --from-foundation\)/,
    );
  });

  it("lists every game with its rules, flags and variants", () => {
    const text = tsol(["games"]).stdout;
    for (const id of ["freecell", "king-albert", "montana", "tetris"]) expect(text).toContain(`${id}:`);
    expect(text).toMatch(/--from-foundation\s+a card may come back off a foundation/);
    const json = JSON.parse(tsol(["games", "--json"]).stdout);
    expect(json.games.map((g: { id: string }) => g.id)).toEqual(
      expect.arrayContaining(["freecell", "king-albert", "montana"]),
    );
  });
});

describe("tsol solve --max-score", () => {
  // Standard scoring, cards staying home: KH home (10) turns QS up (5), QS home (10), KS turned from the stock
  // onto an empty pile (5) and home (10): 40, every point there is (a card home once, a card turned up once).
  const board = join(tmp, "max-score.board");
  writeFileSync(board, "Foundations: H-Q C-K D-K S-J\nStock: KS\nWaste:\n:\n: QS | KH\n:\n:\n:\n:\n:\n");

  it("proves the highest score of a small board, and tsol check replays the moves", () => {
    const r = tsol(["solve", "klondike", "--board", board, "--no-from-foundation", "--max-score", "--json"]);
    expect(r.status).toBe(0);
    const report = JSON.parse(r.stdout);
    expect(report).toMatchObject({ objective: "max-score", proven: true, result: "solved", value: 40 });
    const check = tsol([
      "check",
      "klondike",
      "--board",
      board,
      "--no-from-foundation",
      "--moves",
      report.moves.join(" "),
    ]);
    expect(check.stdout.trim()).toBe(`valid: won in ${report.moves.length} moves`);
    const text = tsol(["solve", "klondike", "--board", board, "--no-from-foundation", "--max-score"]);
    expect(text.stdout.split("\n")[0]).toMatch(/: max-score 40, proven the best; 5 moves; /);
    expect(text.stdout.split("\n")[2]).toBe(report.moves.join(" "));
  });

  it("gives the best line found, not proven, when its budget runs out", () => {
    const args = ["solve", "klondike", "1", "--max-score", "--max-positions", "2000"];
    const r = tsol([...args, "--json"]);
    expect(r.status).toBe(2);
    const report = JSON.parse(r.stdout);
    expect(report).toMatchObject({ objective: "max-score", proven: false, result: "unknown" });
    expect(report.value).toBeGreaterThan(0);
    const check = tsol(["check", "klondike", "1", "--moves", report.moves.join(" ")]);
    // Every move legal (the line may or may not win the deal).
    const n = report.moves.length;
    expect(check.stdout.trim()).toMatch(
      new RegExp(`^(valid: won in ${n} moves|not won: all ${n} moves are legal)`),
    );
    const text = tsol(args);
    expect(text.stdout).toContain(`max-score ${report.value}, not proven the best`);
    expect(text.stdout).toContain(report.moves.join(" "));
    expect(text.stderr).not.toMatch(/at .*\.ts:\d+/);
  });
});

describe("tsol solve montana in threads", () => {
  it("searches a deal still undecided after a second in every core unless told --threads, and the win replays", () => {
    // Solvitaire's deal 41 under free twos is won after about 550,000 positions: 2 to 4 s.
    const args = ["solve", "montana", "41", "--numbering", "solvitaire", "--free-twos", "--json"];
    const cores = defaultSearchThreads();
    for (const [extra, threads] of [
      [[], cores],
      [["--threads", "1"], 1],
    ] as const) {
      const r = tsol([...args, ...extra]);
      expect(r.status, r.stderr).toBe(0);
      const report = JSON.parse(r.stdout);
      expect(report.result).toBe("solved");
      const names: string[] = report.stats.phases.map((p: { name: string }) => p.name);
      expect(names.includes(`complete, threads 2..${threads}`)).toBe(threads > 1);
      expect(names.some((n) => n.endsWith("(in one thread)"))).toBe(threads > 1);
      expect(replays(["montana", "41", "--numbering", "solvitaire", "--free-twos"], report.moves)).toBe(true);
    }
    expect(tsol([...args, "--threads", "0"]).stderr).toMatch(
      /--threads .* expected a whole number from 1 to 64/,
    );
  });
});

describe("tsol solve --max-memory", () => {
  it("stops a search at its memory budget with unknown, and a larger one lets it decide", () => {
    // Klondike deal 43 (draw 3, Solvitaire numbering) is proved impossible by a search of about 27,000 positions;
    // 0.1 MiB holds about 12,000 (8-byte keys). (Deal 1, used before, is now proved lost without a search.)
    const args = ["solve", "klondike", "43", "--numbering", "solvitaire", "--draw", "3", "--json"];
    const small = tsol([...args, "--max-memory", "0.1"]);
    expect(small.status).toBe(2);
    expect(JSON.parse(small.stdout)).toMatchObject({ result: "unknown" });
    expect(small.stdout).toMatch(/memory budget of 0\.1 MiB used up/);
    const large = tsol([...args, "--max-memory", "8"]);
    expect(large.status, large.stderr).toBe(0);
    expect(JSON.parse(large.stdout).result).toBe("unsolvable");
    expect(tsol([...args, "--max-memory", "0"]).stderr).toMatch(/--max-memory .* expected a number above 0/);
  });
});
