import { execFileSync, spawnSync } from "node:child_process";
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { GuidelinePlay } from "../games/tetris/play.ts";
import { parseReplay, verifyReplay } from "../games/tetris/replay.ts";
import { simplePlacement } from "../games/tetris/simple-player.ts";
import { actionForKey, ClassicSession, GuidelineSession } from "./tetris-play.ts";
import { addScore, emptyTable, loadScores, parseScoreTable, saveScores } from "./tetris-scores.ts";
import { plainCells, renderScreen } from "./tetris-screen.ts";

const key = (name: string, ctrl = false) => ({ name, ctrl, meta: false, sequence: name });

describe("the command", () => {
  it("lists the modes in --help", () => {
    const help = execFileSync("node", ["bin/tsol.js", "tetris", "--help"], { cwd: root, encoding: "utf8" });
    expect(help).toMatch(/marathon.*endless.*sprint.*ultra.*zen.*classic/s);
    expect(help).toContain("--das");
  });
});

describe("keys", () => {
  it("maps arrows and the model's keys a, d, s, f", () => {
    expect(actionForKey(key("left"))).toBe("left");
    expect(actionForKey(key("a"))).toBe("left");
    expect(actionForKey(key("d"))).toBe("right");
    expect(actionForKey(key("s"))).toBe("rotateCW");
    expect(actionForKey(key("up"))).toBe("rotateCW");
    expect(actionForKey(key("z"))).toBe("rotateCCW");
    expect(actionForKey(key("f"))).toBe("hardDrop");
    expect(actionForKey(key("space"))).toBe("hardDrop");
    expect(actionForKey(key("down"))).toBe("softDrop");
    expect(actionForKey(key("c"))).toBe("hold");
    expect(actionForKey(key("p"))).toBe("pause");
    expect(actionForKey(key("q"))).toBe("quit");
    expect(actionForKey(key("c", true))).toBe("quit");
    expect(actionForKey(key("y"))).toBeNull();
  });
});

describe("sessions and the screen", () => {
  it("classic: gravity moves the piece down and a failed down locks it and brings the next", () => {
    const session = new ClassicSession(5);
    const first = session.game.getTetramino()!.id;
    const next = session.game.previewRandomTetramino();
    session.tick(1000);
    expect(session.game.getTetramino()!.minoes[0]![0]).toBeGreaterThan(1);
    session.act(1000, "hardDrop");
    expect(session.game.getTetramino()!.id).toBe(next);
    expect(session.game.getScore()).toBeGreaterThan(0);
    const cells = plainCells(session.view());
    expect(cells).toHaveLength(20);
    expect(cells.join("")).toContain(".IJLOSTZ"[first]!);
    expect(session.replay().mode).toBe("classic");
  });

  it("guideline: the view shows the piece, its ghost, next and hold", () => {
    const session = new GuidelineSession(7);
    session.act(0, "hold");
    const view = session.view();
    expect(view.hold).not.toBeNull();
    expect(view.next).toHaveLength(5);
    const text = plainCells(view).join("\n");
    expect(text).toContain(":");
    const lines = renderScreen(view, false);
    expect(lines.join("\n")).toContain("Score: 0");
    expect(lines.join("\n")).toContain("report no key release");
    expect(renderScreen(view, true).join("\n")).toContain("\u001B[38;5;");
  });
});

describe("high scores", () => {
  let dir: string;
  beforeAll(() => {
    dir = mkdtempSync(join(tmpdir(), "tsol-scores-"));
  });
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  const zero = { score: 0, lines: 0, level: 1, seed: 0, date: "d", timeMs: 0, pieces: 0, complete: false };
  it("keeps the ten best per mode, best first", () => {
    const table = emptyTable();
    for (let i = 1; i <= 12; i++) addScore(table, "classic", { ...zero, score: i * 10, seed: i });
    expect(table.classic).toHaveLength(10);
    expect(table.classic[0]!.score).toBe(120);
    expect(addScore(table, "classic", { ...zero, score: 5 })).toBe(0);
    expect(addScore(table, "classic", { ...zero, score: 115 })).toBe(2);
    expect(addScore(table, "endless", { ...zero, score: 0 })).toBe(0);
    // A sprint ranks by time, and only when its 40 lines were cleared.
    expect(addScore(table, "sprint", { ...zero, lines: 40, timeMs: 90_000, complete: true })).toBe(1);
    expect(addScore(table, "sprint", { ...zero, lines: 40, timeMs: 80_000, complete: true })).toBe(1);
    expect(addScore(table, "sprint", { ...zero, lines: 12, timeMs: 10_000, complete: false })).toBe(0);
    expect(table.sprint.map((e) => e.timeMs)).toEqual([80_000, 90_000]);
  });

  it("reads a version 1 file, its guideline table as the endless marathon's", () => {
    const v1 = {
      version: 1,
      classic: [{ score: 10, lines: 1, level: 1, seed: 1, date: "2026-01-01T00:00:00.000Z" }],
      guideline: [{ score: 20, lines: 2, level: 1, seed: 2, date: "2026-01-01T00:00:00.000Z" }],
    };
    const table = parseScoreTable(v1);
    expect(table.version).toBe(2);
    expect(table.classic[0]!.score).toBe(10);
    expect(table.endless[0]).toMatchObject({ score: 20, timeMs: 0, complete: false });
    expect(table.sprint).toEqual([]);
  });

  it("round-trips through the file; a corrupt file is moved aside and reported", () => {
    const path = join(dir, "scores.json");
    const table = emptyTable();
    addScore(table, "ultra", { ...zero, score: 99, lines: 1, seed: 3, date: "2026-01-01", timeMs: 120_000 });
    saveScores(table, path);
    expect(loadScores(path).table).toEqual(table);
    writeFileSync(path, "{ not json");
    const { table: fresh, problem } = loadScores(path);
    expect(fresh).toEqual(emptyTable());
    expect(problem).toMatch(/corrupt/);
    expect(existsSync(path)).toBe(false);
    expect(readdirSync(dir).some((f) => f.startsWith("scores.json.corrupt-"))).toBe(true);
    expect(() => parseScoreTable({ version: 1, classic: [{ score: "x" }], guideline: [] })).toThrow();
  });
});

const hasTmux = spawnSync("tmux", ["-V"]).status === 0;
const root = join(import.meta.dirname, "..", "..");

/** A tsol process in a detached tmux pane on its own tmux server (so no other test's session can stop it); the screen is read with capture-pane. */
class Pane {
  readonly name = `tsol-tetris-${process.pid}-${Math.floor(Math.random() * 1e6)}`;
  private readonly socket = join(tmpdir(), `${this.name}.tmux`);
  constructor(command: string, env: Record<string, string>) {
    const exports = Object.entries(env)
      .map(([k, v]) => `${k}='${v}'`)
      .join(" ");
    this.tmux(
      "new-session",
      "-d",
      "-s",
      this.name,
      "-x",
      "120",
      "-y",
      "45",
      `cd '${root}' && env ${exports} ${command}; echo "EXITED $?"; sleep 60`,
    );
  }
  private tmux(...args: string[]): string {
    return execFileSync("tmux", ["-S", this.socket, ...args]).toString();
  }
  screen(): string {
    return this.tmux("capture-pane", "-p", "-t", this.name);
  }
  format(f: string): string {
    return this.tmux("display-message", "-p", "-t", this.name, f).trim();
  }
  resize(width: number, height: number): void {
    this.tmux("resize-window", "-t", this.name, "-x", String(width), "-y", String(height));
  }
  send(...keys: string[]): void {
    this.tmux("send-keys", "-t", this.name, ...keys);
  }
  async waitFor(test: (screen: string) => boolean, what: string, timeoutMs = 8000): Promise<string> {
    const deadline = Date.now() + timeoutMs;
    let screen = "";
    while (Date.now() < deadline) {
      screen = this.screen();
      if (test(screen)) return screen;
      await new Promise((r) => setTimeout(r, 50));
    }
    throw new Error(`timed out waiting for ${what}; the screen was:\n${screen}`);
  }
  kill(): void {
    spawnSync("tmux", ["-S", this.socket, "kill-server"], { stdio: "ignore" });
    rmSync(this.socket, { force: true });
  }
}

const scoreOf = (screen: string) => Number(/Score: (\d+)/.exec(screen)?.[1] ?? Number.NaN);

describe.skipIf(!hasTmux)("terminal play through tmux", () => {
  let dir: string;
  const panes: Pane[] = [];
  beforeAll(() => {
    dir = mkdtempSync(join(tmpdir(), "tsol-tetris-tmux-"));
  });
  afterAll(() => {
    for (const p of panes) p.kill();
    rmSync(dir, { recursive: true, force: true });
  });

  it("guideline: raw keys move, drop, hold and pause; q quits, saves the score and replay, restores the terminal", async () => {
    writeFileSync(join(dir, "tetris-scores.json"), "{ this is not json");
    const pane = new Pane("node bin/tsol.js tetris --mode guideline --seed 1 --no-color", {
      TSOL_DATA_DIR: dir,
    });
    panes.push(pane);
    let screen = await pane.waitFor((s) => s.includes("Score: 0"), "the game screen");
    expect(screen).toContain("High score file problem");
    expect(screen).toContain("Next:");
    expect(pane.format("#{alternate_on}")).toBe("1");
    // Two taps, apart: the same key twice within 80 ms would be the terminal's repeat (a held key).
    pane.send("Left");
    await new Promise((r) => setTimeout(r, 200));
    pane.send("Left", "Space");
    screen = await pane.waitFor((s) => scoreOf(s) > 0, "points from a hard drop");
    expect(scoreOf(screen)).toBeGreaterThanOrEqual(30);
    pane.send("c");
    await pane.waitFor((s) => /Hold: [IJLOSTZ]/.test(s), "a held piece");
    pane.send("p");
    await pane.waitFor((s) => s.includes("PAUSED"), "the pause");
    pane.send("p");
    await pane.waitFor((s) => !s.includes("PAUSED"), "the end of the pause");
    pane.send("q");
    screen = await pane.waitFor((s) => s.includes("EXITED"), "the process to end");
    expect(screen).toMatch(/Game over: time \d:\d\d\.\d{3}, score \d+/);
    expect(screen).toMatch(/Keys: \d+ \([\d.]+ per piece\)/);
    expect(screen).toContain("EXITED 0");
    expect(pane.format("#{alternate_on}")).toBe("0");
    expect(pane.format("#{cursor_flag}")).toBe("1");
    const table = loadScores(join(dir, "tetris-scores.json")).table;
    expect(table.endless[0]!.score).toBeGreaterThanOrEqual(30);
    expect(readdirSync(dir).some((f) => f.startsWith("tetris-scores.json.corrupt-"))).toBe(true);
    const replay = parseReplay(JSON.parse(readFileSync(join(dir, "tetris-last-replay.json"), "utf8")));
    expect(replay.inputs.map(([, a]) => a)).toEqual(["left", "left", "hardDrop", "hold"]);
    expect(verifyReplay(replay).matches).toBe(true);
    // The game is kept for --replays, and its link plays the same game.
    const env = { ...process.env, TSOL_DATA_DIR: dir };
    const listed = execFileSync("node", ["bin/tsol.js", "tetris", "--replays"], {
      cwd: root,
      env,
      encoding: "utf8",
    });
    expect(listed).toMatch(/^ 1\. .*Endless marathon: \d+ points, 0 lines/m);
    const link = execFileSync("node", ["bin/tsol.js", "tetris", "--replay", "1", "--link"], {
      cwd: root,
      env,
      encoding: "utf8",
    });
    expect(link).toMatch(/^\/#\/tetris\?replay=1\.endless\.1\.b\.1\./);
  }, 20_000);

  it("redraws on a resize: too small at 50x18 (paused, said so), whole again at 100x40", async () => {
    const pane = new Pane("node bin/tsol.js tetris --mode sprint --seed 4 --no-color", {
      TSOL_DATA_DIR: dir,
    });
    panes.push(pane);
    await pane.waitFor(
      (s) => s.includes("40-line sprint") && s.includes("40 lines to go"),
      "the sprint screen",
    );
    pane.resize(50, 18);
    let screen = await pane.waitFor(
      (s) => s.includes("Terminal too small: 50 x 18"),
      "the too-small message",
    );
    expect(screen).not.toContain("|");
    pane.resize(100, 40);
    screen = await pane.waitFor((s) => s.includes("Score: 0"), "the game again");
    // The whole well: its top line is the title's, its floor is there, nothing scrolled away.
    const lines = screen.split("\n");
    expect(lines[0]).toMatch(/^\| .*tsol tetris: 40-line sprint/);
    expect(lines.some((l) => l.startsWith("+--------------------+"))).toBe(true);
    pane.send("q");
    await pane.waitFor((s) => s.includes("EXITED 0"), "the process to end");
  }, 20_000);

  it("watches a replay: 4x, seek to the end, its results; export writes the file; q leaves", async () => {
    const play = new GuidelinePlay({ seed: 5, gameMode: "sprint" });
    let t = 0;
    while (!play.game.getGameOver()) {
      t += 300;
      for (const action of simplePlacement(play.game)) play.act(t, action);
    }
    const file = join(dir, "sprint.json");
    writeFileSync(file, JSON.stringify(play.replay()));
    const out = join(dir, "exported.json");
    execFileSync("node", ["bin/tsol.js", "tetris", "--replay", file, "--export", out], { cwd: root });
    expect(verifyReplay(parseReplay(JSON.parse(readFileSync(out, "utf8")))).matches).toBe(true);
    const pane = new Pane(`node bin/tsol.js tetris --replay '${file}' --no-color`, { TSOL_DATA_DIR: dir });
    panes.push(pane);
    await pane.waitFor((s) => s.includes("REPLAY 1x playing"), "the replay");
    pane.send("4");
    await pane.waitFor((s) => s.includes("REPLAY 4x"), "4x");
    for (let i = 0; i < 30; i++) pane.send("Right");
    const screen = await pane.waitFor((s) => s.includes("END OF THE REPLAY"), "the end of the replay");
    expect(screen).toContain(`Lines: ${play.game.getLines()}`);
    expect(screen).toContain("[########################]");
    pane.send("q");
    await pane.waitFor((s) => s.includes("EXITED 0"), "the process to end");
  }, 20_000);

  it("classic: the model's keys play, and Ctrl-C leaves with the terminal restored", async () => {
    const pane = new Pane("node bin/tsol.js tetris --mode classic --seed 2 --no-color", {
      TSOL_DATA_DIR: dir,
    });
    panes.push(pane);
    await pane.waitFor((s) => s.includes("Score: 0") && s.includes("VDM++ model"), "the classic screen");
    pane.send("s", "a", "f");
    const screen = await pane.waitFor((s) => scoreOf(s) > 0, "points from the model's drop");
    expect(scoreOf(screen)).toBeGreaterThanOrEqual(10);
    pane.send("C-c");
    await pane.waitFor((s) => s.includes("EXITED 0"), "the process to end");
    expect(pane.format("#{alternate_on}")).toBe("0");
    expect(loadScores(join(dir, "tetris-scores.json")).table.classic[0]!.score).toBe(scoreOf(screen));
    // The classic game is kept too: listed, linked, and watched to its end.
    const env = { ...process.env, TSOL_DATA_DIR: dir };
    const list = execFileSync("node", ["bin/tsol.js", "tetris", "--replays"], { cwd: root, env }).toString();
    expect(list.split("\n")[0]).toMatch(/^ 1\. .* Classic: \d+ points, \d+ lines$/);
    const link = execFileSync("node", ["bin/tsol.js", "tetris", "--replay", "1", "--link"], {
      cwd: root,
      env,
    });
    expect(link.toString()).toMatch(/^\/#\/tetris\?replay=1\.classic\.2\.n\./);
    const watch = new Pane("node bin/tsol.js tetris --replay 1 --no-color", { TSOL_DATA_DIR: dir });
    panes.push(watch);
    await watch.waitFor(
      (s) => s.includes("replay of classic") && s.includes("REPLAY 1x"),
      "the classic replay",
    );
    for (let i = 0; i < 30; i++) watch.send("Right");
    const end = await watch.waitFor((s) => s.includes("END OF THE REPLAY"), "the end of the classic replay");
    expect(end).toContain(`Score: ${scoreOf(screen)}`);
    watch.send("q");
    await watch.waitFor((s) => s.includes("EXITED 0"), "the replay to end");
  }, 30_000);
});
