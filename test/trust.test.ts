import { execFileSync, spawnSync } from "node:child_process";
import { existsSync, mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { TmuxSession } from "./tmux.ts";
import { BIN, ROOT, tsol } from "./tsol.ts";

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

/** Any byte that drives a terminal: C0 controls but newline, DEL, C1 controls (as UTF-8 text). */
const CONTROL = /[\u0000-\u0009\u000b-\u001f\u007f-\u009f]/;
const ESCAPE = "\x1b]2;PWNED\x07X";

function expectNoControl(r: { stdout: string; stderr: string }, what: string) {
  expect(r.stdout, `${what}: standard output`).not.toMatch(CONTROL);
  expect(r.stderr, `${what}: standard error`).not.toMatch(CONTROL);
}

describe("issue 15: no text from a file or an argument reaches the terminal raw", () => {
  it("an escape sequence in a board file, on standard input, in moves and in a solution file is shown escaped", () => {
    const board = join(tmp, "evil.board");
    writeFileSync(board, `JD KD ${ESCAPE}\n`);
    const fromFile = tsol(["check", "freecell", "--board", board, "--moves", "1a"]);
    expect(fromFile.status).toBe(1);
    expect(fromFile.stderr).toContain('line 1: "\\x1b]2;PWNED\\x07X": too long for a card');
    expectNoControl(fromFile, "board file");
    expectNoControl(
      tsol(["solve", "freecell", "--board", "-"], { input: `JD KD ${ESCAPE}\n` }),
      "board on stdin",
    );
    const moves = tsol(["check", "freecell", "1", "--moves", `1a ${ESCAPE}`]);
    expect(moves.stdout).toBe(
      'invalid: move 2 "\\x1b]2;PWNED\\x07X": too long for a move (a move is like 3h, 1a or 36v3)\n',
    );
    expectNoControl(moves, "moves");
    const solution = join(tmp, "evil.solution");
    writeFileSync(solution, `1a\n${ESCAPE}\n`);
    expectNoControl(tsol(["check", "freecell", "1", "--solution", solution]), "solution file");
    expectNoControl(tsol(["deal", ESCAPE, "1"]), "game argument");
    expectNoControl(tsol(["deal", "freecell", ESCAPE]), "deal argument");
    expectNoControl(tsol(["check", "freecell", "--board", `${tmp}/${ESCAPE}`, "--moves", "1a"]), "file name");
    expectNoControl(tsol(["check", "freecell", `--${ESCAPE}`]), "unknown option");
    const replay = join(tmp, "evil.replay");
    writeFileSync(replay, `{"format": "${ESCAPE}"`);
    expectNoControl(tsol(["tetris", "--verify", replay]), "tetris replay");
    writeFileSync(replay, JSON.stringify({ format: ESCAPE }));
    expectNoControl(tsol(["tetris", "--verify", replay]), "tetris replay");
  });

  it("a 10 MB token is named once, cut, in a line", () => {
    const board = join(tmp, "long.board");
    writeFileSync(board, `JD ${"K".repeat(900_000)}\n`);
    const r = tsol(["check", "freecell", "--board", board, "--moves", "1a"]);
    expect(r.stderr).toBe(
      `tsol: ${board}: line 1: "${"K".repeat(40)}…" (900000 characters): too long for a card: a rank and a suit, like TH or 10h\n`,
    );
  });
});

describe("issue 15: input is bounded", () => {
  it("tsol check freecell --board /dev/zero grew to 6.6 GB; it is refused after 1 MB", () => {
    // Reading /dev/zero whole never ends (it ran until memory did): an answer within the time limit is the fix.
    const started = Date.now();
    const r = tsol(["check", "freecell", "--board", "/dev/zero", "--moves", "1a"]);
    expect(r.status).toBe(1);
    expect(r.stderr).toBe(
      'tsol: the board "/dev/zero" is larger than 1,048,576 bytes: that is not a board\n',
    );
    expect(Date.now() - started).toBeLessThan(30_000);
  });

  it("a solution larger than 1 MB is refused", () => {
    const r = tsol(["check", "freecell", "1", "--solution", "/dev/zero"]);
    expect(r.status).toBe(1);
    expect(r.stderr).toMatch(/the solution "\/dev\/zero" is larger than 1,048,576 bytes/);
  });
});

describe("issue 15: smaller defects", () => {
  it("tsol deal freecell 1 > /dev/full printed a stack trace; now one line and exit 1", () => {
    const r = spawnSync("bash", ["-c", `exec "${process.execPath}" "${BIN}" deal freecell 1 > /dev/full`], {
      cwd: ROOT,
      encoding: "utf8",
    });
    expect(r.status).toBe(1);
    expect(r.stderr).toBe("tsol: cannot write to standard output: no space left on the device\n");
  });

  it("a closed pipe on standard output (EPIPE) ends in one line and exit 1, not a stack trace", () => {
    // `true` exits before tsol has started, so tsol's first write meets a pipe nobody reads.
    const r = spawnSync(
      "bash",
      ["-c", `"${process.execPath}" "${BIN}" deal freecell 1 | true; exit \${PIPESTATUS[0]}`],
      { cwd: ROOT, encoding: "utf8" },
    );
    expect(r.status).toBe(1);
    expect(r.stderr).toBe("tsol: cannot write to standard output: the reader closed it\n");
  });

  it("solve --board - --cells 3..4 read standard input once per count (the second read was empty)", () => {
    const board = tsol(["deal", "freecell", "1", "--format", "fcs"]).stdout;
    const r = tsol(["solve", "freecell", "--board", "-", "--cells", "3..4", "--json"], { input: board });
    expect(r.status).toBe(0);
    const rows = JSON.parse(r.stdout) as { cells: number; result: string }[];
    expect(rows.map((row) => [row.cells, row.result])).toEqual([
      [3, "solved"],
      [4, "solved"],
    ]);
  });

  it("solve freecell 1 --cells 2 printed a table row; a single count prints a single solve", () => {
    const r = tsol(["solve", "freecell", "1", "--cells", "5"]);
    expect(r.stdout).toMatch(/^deal 1 \(FreeCell, 5 cells\): solved in \d+ moves/);
  });

  it("look-alike letters were accepted (6ſ as 6S, the Kelvin sign as K)", () => {
    const board = tsol(["deal", "freecell", "1", "--format", "fcs"]).stdout;
    const lookalike = join(tmp, "lookalike.board");
    writeFileSync(lookalike, board.replace("6S", "6ſ"));
    const r = tsol(["check", "freecell", "--board", lookalike, "--moves", "1a"]);
    expect(r.status).toBe(1);
    expect(r.stderr).toContain('line 1: "6ſ": unknown suit "ſ" (use C, D, H or S)');
    writeFileSync(lookalike, board.replace("KD", "\u212aD"));
    expect(tsol(["check", "freecell", "--board", lookalike, "--moves", "1a"]).stderr).toContain(
      "unknown rank",
    );
    expect(tsol(["check", "freecell", "1", "--moves", "1\u212a", "--cells", "10"]).stdout).toMatch(
      /^invalid: move 1/,
    );
  });

  it("--moves a --moves b silently kept the last; a repeated --moves is a usage error", () => {
    const r = tsol(["check", "freecell", "1", "--moves", "1a", "--moves", "2b"]);
    expect(r.status).toBe(1);
    expect(r.stderr).toMatch(/--moves was given twice: give it once/);
    expect(r.stdout).toBe("");
  });
});

const sessions: TmuxSession[] = [];
afterEach(() => {
  for (const s of sessions.splice(0)) s.kill();
});

function paneTitle(session: TmuxSession): string {
  return session.tmux("display-message", "-p", "-t", session.name, "#{pane_title}");
}

function play(dataDir: string): TmuxSession {
  const session = TmuxSession.start(`node ${BIN} play freecell 1`, { TSOL_DATA_DIR: dataDir, NO_COLOR: "1" });
  sessions.push(session);
  return session;
}

describe("issue 15: the terminal game is not driven by a save", () => {
  it("a save holding an escape sequence in a move is refused on screen, escaped; the terminal's title is untouched", async () => {
    const data = mkdtempSync(join(tmpdir(), "tsol-trust-play-"));
    const good = JSON.parse(
      execFileSync(
        process.execPath,
        [
          "--import",
          "tsx",
          "--input-type=module",
          "-e",
          'const { Session } = await import("./src/games/patience/session.ts"); const { freecell } = await import("./src/games/freecell/index.ts"); const g = Session.deal(freecell, 1, freecell.rules.make({})); g.playNotation("6a"); console.log(JSON.stringify(g.toSave()));',
        ],
        { cwd: ROOT, encoding: "utf8" },
      ),
    );
    writeFileSync(join(data, "freecell-save.json"), JSON.stringify({ ...good, moves: ["6a", ESCAPE] }));
    const game = play(data);
    const screen = await game.waitFor("could not be used");
    expect(screen).toContain('move 2 "\\x1b]2;PWNED\\x07X" does not replay');
    expect(paneTitle(game)).not.toMatch(/PWNED/);
    game.keys("q");
    await game.waitFor("[exited 0]");
  });

  it("a save of raw junk with escapes is set aside with an escaped message; the title is untouched", async () => {
    const data = mkdtempSync(join(tmpdir(), "tsol-trust-play-"));
    writeFileSync(join(data, "freecell-save.json"), `${ESCAPE}\x1b[2J\x1b[31mjunk`);
    const game = play(data);
    await game.waitFor("could not be used");
    await game.waitFor("deal #1");
    expect(paneTitle(game)).not.toMatch(/PWNED/);
    game.keys("q");
    await game.waitFor("[exited 0]");
  });

  it("a save with a UTF-8 byte-order mark resumes, and a temporary file left by a killed save is removed", async () => {
    const data = mkdtempSync(join(tmpdir(), "tsol-trust-play-"));
    const first = play(data);
    await first.waitFor("deal #1  moves: 0");
    first.keys("6", "a");
    await first.waitFor("moves: 1");
    first.keys("q");
    await first.waitFor("[exited 0]");
    const path = join(data, "freecell-save.json");
    writeFileSync(path, `\ufeff${readFileSync(path, "utf8")}`);
    const stale = `${path}.999999999.tmp`;
    writeFileSync(stale, "{ half a save");
    const again = play(data);
    await again.waitFor("A saved game of deal #1 (1 moves) is waiting: resume it? (y/n)");
    expect(existsSync(stale)).toBe(false);
    again.keys("y");
    await again.waitFor("moves: 1");
    again.keys("q");
    await again.waitFor("[exited 0]");
  });
});
