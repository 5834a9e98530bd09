import { existsSync, mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { TmuxSession } from "./tmux.ts";
import { BIN } from "./tsol.ts";

const sessions: TmuxSession[] = [];
afterEach(() => {
  for (const s of sessions.splice(0)) s.kill();
});

function play(args: string, dataDir: string, game = "freecell"): TmuxSession {
  const session = TmuxSession.start(`node ${BIN} play ${game} ${args}`, {
    TSOL_DATA_DIR: dataDir,
    NO_COLOR: "1",
  });
  sessions.push(session);
  return session;
}

describe("terminal FreeCell, driven through tmux", () => {
  it("plays by keys, shows auto-moves, undoes, saves on quit and offers the game again", async () => {
    const data = mkdtempSync(join(tmpdir(), "tsol-play-"));
    const game = play("1", data);
    await game.waitFor("deal #1  moves: 0");
    game.keys("6", "a");
    await game.waitFor("moves: 1");
    game.keys("6", "b");
    const screen = await game.waitFor("auto: 6h bh 6h");
    expect(screen).toContain("moves: 5");
    game.keys("u");
    await game.waitFor("Undone (1 moves)");
    game.keys("r");
    await game.waitFor("Redone (5 moves)");
    game.keys("1", "h");
    await game.waitFor(
      "Illegal: The six of spades cannot go home: the spades foundation is at the ace of spades.",
    );
    game.keys(":", "1b 2c");
    game.keys("Enter");
    await game.waitFor("Played 2 moves.");
    game.keys("q");
    await game.waitFor("[exited 0]");
    const save = JSON.parse(readFileSync(join(data, "freecell-save.json"), "utf8"));
    expect(save.moves).toEqual(["6a", "6b", "1b", "2c"]);

    const again = play("1", data);
    await again.waitFor("A saved game of deal #1 (7 moves) is waiting: resume it? (y/n)");
    again.keys("y");
    await again.waitFor("moves: 7");
    again.keys("C-c");
    await again.waitFor("[exited 0]");
    expect(existsSync(join(data, "freecell-save.json"))).toBe(true);
  });

  it("goes to a deal by number and shows help", async () => {
    const data = mkdtempSync(join(tmpdir(), "tsol-play-"));
    const game = play("1", data);
    await game.waitFor("deal #1");
    game.keys("#", "617", "Enter");
    await game.waitFor("deal #617");
    game.keys("?");
    await game.waitFor("Keys: pick a pile by its key");
    game.keys("x");
    await game.waitFor("keys pick");
    game.keys("#", "0", "Enter");
    await game.waitFor('"0" is not a deal number');
    game.keys("q");
    await game.waitFor("[exited 0]");
  });

  it("reports a corrupt save, sets it aside and starts clean", async () => {
    const data = mkdtempSync(join(tmpdir(), "tsol-play-"));
    writeFileSync(join(data, "freecell-save.json"), "{ not json");
    const game = play("2", data);
    const screen = await game.waitFor("could not be used");
    expect(screen).toMatch(/corrupt/);
    expect(screen).toContain("deal #2  moves: 0");
    game.keys("q");
    await game.waitFor("[exited 0]");
    expect(existsSync(join(data, "freecell-save.json"))).toBe(false);
  });
});

describe("every game on the one terminal screen", () => {
  it("Klondike: face-down cards hidden, s turns the stock, the score shown, the solver asked off the main thread", async () => {
    const data = mkdtempSync(join(tmpdir(), "tsol-play-"));
    const game = play("3", data, "klondike");
    const first = await game.waitFor("tsol Klondike  deal #3");
    expect(first).toContain("##");
    expect(first).toMatch(/score: \d+/);
    game.keys("s");
    await game.waitFor(/^s\.$/m);
    // By default the tips do not peek: W gives the chance to win from what a player sees.
    game.keys("W");
    await game.waitFor(/Chance to win from here: (at least )?\d+%/);
    game.keys("q");
    await game.waitFor("[exited 0]");
  });

  it("Klondike with --peek: the solver's verdict, named as seeing the face-down cards", async () => {
    const data = mkdtempSync(join(tmpdir(), "tsol-play-"));
    const game = play("3 --peek", data, "klondike");
    await game.waitFor("tsol Klondike  deal #3");
    game.keys("W");
    await game.waitFor(/(Winnable|Not winnable|Unknown)[\s\S]*The solver knows the\s+face-down\s+cards/);
    game.keys("q");
    await game.waitFor("[exited 0]");
  });

  it("Klondike: a blocked deal says why, and the message wraps again when the terminal is resized", async () => {
    const data = mkdtempSync(join(tmpdir(), "tsol-play-"));
    const game = play("22 --numbering solvitaire --draw 3 --peek", data, "klondike");
    await game.waitFor("Solvitaire deal #22");
    game.keys("W");
    await game.waitFor("Not winnable: the queen of clubs and the queen of spades can never both move");
    // At 46 columns the lines drawn for 100 would be cut, losing "spades"; drawn again, they wrap between words.
    game.resize(46);
    const narrow = await game.waitFor(/^of spades can never both move/m);
    for (const line of narrow.split("\n")) expect(line.trimEnd().length).toBeLessThanOrEqual(46);
    game.keys("q");
    await game.waitFor("[exited 0]");
  });

  it("Montana: a cursor over the grid, Enter on a gap fills it with the card that goes there", async () => {
    const data = mkdtempSync(join(tmpdir(), "tsol-play-"));
    const game = play("3", data, "montana");
    const first = await game.waitFor("tsol Montana  deal #3  moves: 0");
    expect(first).toMatch(/^b {2}8S {2}9C .* -- /m);
    // Deal 3's gap at b11 (right of 7C) takes the eight of clubs.
    game.keys("Enter");
    for (let i = 0; i < 10; i++) game.keys("Right");
    game.keys("Down", "Enter");
    await game.waitFor("moves: 1");
    await game.waitFor(/^b {2}8S .* 7C {2}>8C /m);
    game.keys("u");
    await game.waitFor("Undone (0 moves)");
    game.keys("q");
    await game.waitFor("[exited 0]");
  });
});
