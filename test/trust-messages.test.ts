import { execFileSync } from "node:child_process";
import { existsSync, lstatSync, mkdirSync, mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { TmuxSession } from "./tmux.ts";
import { BIN, tsol } from "./tsol.ts";

/** Issue 36, "Trust, second round": tsol's own files are plain files or refused, and every message says what was typed. */

const tmp = mkdtempSync(join(tmpdir(), "tsol-trust-messages-"));

/** A fresh data folder holding a named pipe (made by mkfifo, as a user would) at `name`. */
function dataWithFifo(name: string): string {
  const data = mkdtempSync(join(tmpdir(), "tsol-fifo-"));
  execFileSync("mkfifo", [join(data, name)]);
  return data;
}

const sessions: TmuxSession[] = [];
afterEach(() => {
  for (const s of sessions.splice(0)) s.kill();
});

function inTerminal(command: string, data: string): TmuxSession {
  const session = TmuxSession.start(
    `node ${BIN} ${command}`,
    { TSOL_DATA_DIR: data, NO_COLOR: "1" },
    {
      width: 160,
      height: 30,
    },
  );
  sessions.push(session);
  return session;
}

/** The screen once the command has ended; a command that hangs fails here after `ms`, not the whole run. */
async function ended(session: TmuxSession, ms = 10_000): Promise<string> {
  return (await session.waitFor(/\[exited \d+\]/, ms)).replace(/\n(?!\n)/g, "");
}

describe("issue 36: a named pipe or a folder where tsol keeps its files is refused at once", () => {
  it("a FIFO at the save path hung tsol play before anything was drawn (q was ignored); it is refused at once", async () => {
    const data = dataWithFifo("freecell-save.json");
    const screen = await ended(inTerminal("play freecell 1", data));
    expect(screen).toContain(
      `tsol: ${join(data, "freecell-save.json")} is a named pipe (FIFO), not a file: tsol keeps its saved game there. Move it away, or set TSOL_DATA_DIR to another folder`,
    );
    expect(screen).toContain("[exited 1]");
    // Left as it was: the pipe is the user's.
    expect(lstatSync(join(data, "freecell-save.json")).isFIFO()).toBe(true);
  }, 30_000);

  it("a folder at the save path is refused the same way, and not moved aside", async () => {
    const data = mkdtempSync(join(tmpdir(), "tsol-folder-"));
    mkdirSync(join(data, "klondike-save.json"));
    const screen = await ended(inTerminal("play klondike 1", data));
    expect(screen).toContain(`${join(data, "klondike-save.json")} is a folder, not a file`);
    expect(screen).toContain("[exited 1]");
    expect(lstatSync(join(data, "klondike-save.json")).isDirectory()).toBe(true);
  }, 30_000);

  it("a FIFO at the high-score path hung tsol tetris before anything was drawn; it is refused at once", async () => {
    const data = dataWithFifo("tetris-scores.json");
    const screen = await ended(inTerminal("tetris --seed 1", data));
    expect(screen).toContain(
      `tetris: ${join(data, "tetris-scores.json")} is a named pipe (FIFO), not a file: tsol keeps its high score file there.`,
    );
    expect(screen).toContain("[exited 2]");
  }, 30_000);

  it("a folder at the last replay's path is refused before the game, not found out when it cannot be saved", async () => {
    const data = mkdtempSync(join(tmpdir(), "tsol-folder-"));
    mkdirSync(join(data, "tetris-last-replay.json"));
    const screen = await ended(inTerminal("tetris --seed 1", data));
    expect(screen).toContain(`${join(data, "tetris-last-replay.json")} is a folder, not a file`);
    expect(screen).toContain("[exited 2]");
    expect(existsSync(join(data, "tetris-scores.json"))).toBe(false);
  }, 30_000);
});

describe("issue 36: a rule flag's bad value is shown as typed, with the range", () => {
  it('--cells -1, --cells 4.0, --passes Infinity and --redeals -1 were all shown as not "null"', () => {
    const cases: [string[], string][] = [
      [["freecell", "--cells", "-1"], 'tsol: --cells must be a whole number from 0 to 10, not "-1"\n'],
      [["freecell", "--cells", "4.0"], 'tsol: --cells must be a whole number from 0 to 10, not "4.0"\n'],
      [
        ["klondike", "--passes", "Infinity"],
        'tsol: --passes must be a whole number from 1 to 99 or "unlimited", not "Infinity"\n',
      ],
      [["montana", "--redeals", "-1"], 'tsol: --redeals must be a whole number from 0 to 3, not "-1"\n'],
    ];
    for (const [[game, ...flag], message] of cases) {
      const r = tsol(["deal", game, "1", ...flag]);
      expect(r.stderr, flag.join(" ")).toBe(message);
      expect(r.status).toBe(1);
    }
  });
});

describe("issue 36: messages name what was typed", () => {
  it('a 10-digit Klondike Score: was "not a whole number" (an unsaid 9-digit limit); the limit is said', () => {
    const board = tsol(["deal", "klondike", "1", "--format", "text"]).stdout;
    const path = join(tmp, "score.board");
    writeFileSync(path, `${board}Score: 1000000000\n`);
    expect(tsol(["check", "klondike", "--board", path, "--moves", "s"]).stdout).toMatch(/^not won/);
    writeFileSync(path, `${board}Score: 1234567890\n`);
    const r = tsol(["check", "klondike", "--board", path, "--moves", "s"]);
    expect(r.status).toBe(1);
    expect(r.stderr).toBe(
      `tsol: ${path}: line 11: "1234567890": a score is a whole number from -1000000000 to 1000000000\n`,
    );
  });

  it("an emoji in a move was reported as U+FFFD (half of it); the whole character is named", () => {
    const r = tsol(["check", "freecell", "1", "--moves", "6a 1\u{1f600}"]);
    expect(r.stdout).toBe(
      'invalid: move 2 "1\u{1f600}": "\u{1f600}" is not a cascade (1-8), a cell (a-d) or the foundation (h)\n',
    );
    expect(r.stdout).not.toContain("\ufffd");
    expect(tsol(["check", "freecell", "1", "--moves", "\u{1f600}"]).stdout).toBe(
      'invalid: move 1 "\u{1f600}": a move is a source and a destination, like 3h or 1a\n',
    );
  });

  it('JD and a zero-width space was reported as an unknown rank "JD"; the invisible character is shown escaped', () => {
    const board = tsol(["deal", "freecell", "1", "--format", "fcs"]).stdout;
    const path = join(tmp, "invisible.board");
    writeFileSync(path, board.replace("JD", "JD\u200b"));
    const r = tsol(["check", "freecell", "--board", path, "--moves", "1a"]);
    expect(r.status).toBe(1);
    expect(r.stderr).toContain(
      'line 1: "JD\\u{200b}": holds an invisible character (shown escaped): delete it and type the card again',
    );
    // In a move too (the other format characters: src/cards/text.test.ts).
    const m = tsol(["check", "freecell", "1", "--moves", "1\u2060"]);
    expect(m.stdout).toBe(
      'invalid: move 1 "1\\u{2060}": "\\u{2060}" is not a cascade (1-8), a cell (a-d) or the foundation (h)\n',
    );
  });

  it("King Albert's reserve was called a cell in messages", () => {
    expect(tsol(["check", "king-albert", "1", "--moves", "1k"]).stdout).toBe(
      'invalid: move 1 "1k": there is no reserve k (this game\'s reserve has 7: a-g)\n',
    );
    expect(tsol(["check", "king-albert", "1", "--moves", "1z"]).stdout).toBe(
      'invalid: move 1 "1z": "z" is not a cascade (1-9), the reserve (a-g) or the foundation (h)\n',
    );
  });

  it('Montana said "These rules" in the middle of a sentence', () => {
    expect(tsol(["check", "montana", "1", "--moves", "r"]).stdout).toBe(
      'invalid: move 1 "r": these rules have no redeal (play with --redeals K)\n',
    );
    expect(tsol(["check", "montana", "1", "--redeals", "1", "--moves", "r r"]).stdout).toBe(
      'invalid: move 2 "r": no redeal is left\n',
    );
  });
});
