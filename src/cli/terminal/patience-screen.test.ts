import { describe, expect, it } from "vitest";
import { parseBoard } from "../../games/freecell/board-text.ts";
import { freecell } from "../../games/freecell/index.ts";
import { makeRules } from "../../games/freecell/rules.ts";
import { position } from "../../games/freecell/testing.ts";
import { kingAlbert } from "../../games/king-albert/index.ts";
import { dealKlondike, makeRules as makeKlondikeRules } from "../../games/klondike/rules.ts";
import type { AnyPatienceGame, PileRef } from "../../games/patience/contract.ts";
import { InThreadWorker } from "../../games/patience/play/in-thread.ts";
import { SolverClient } from "../../games/patience/play/solver-client.ts";
import { type AnySession, Session } from "../../games/patience/session.ts";
import { findPatience } from "../../games/registry.ts";
import type { Key } from "./keys.ts";
import { type Advisor, PatienceScreen, wrapWords } from "./patience-screen.ts";

const STOCK: PileRef = { kind: "stock", index: 0 };
const key = (name: string): Key => ({ name, ctrl: false, meta: false, sequence: name });
const press = (screen: PatienceScreen, ...names: string[]) => {
  for (const n of names) screen.handleKey(key(n));
};

/** The real solver, answering in this thread (the command asks a worker thread the same through the same client). */
const inThread = (): Advisor =>
  new SolverClient(
    () => new InThreadWorker(() => performance.now()),
    () => performance.now(),
  );

function screenOf(
  game: AnyPatienceGame,
  state: { rules: unknown },
  policy: "none" | "safe" = "none",
  advisor?: Advisor,
  peek = false,
) {
  const session = new Session(game, state, policy) as AnySession;
  let changes = 0;
  const screen = new PatienceScreen(session, {
    game,
    rules: state.rules,
    numbering: "microsoft",
    policy,
    randomDeal: () => 42,
    advisor,
    peek,
    onChange: () => changes++,
  });
  return { screen, changes: () => changes };
}

const NEARLY = "Foundations: H-Q C-K D-K S-K\nKH\n:\n:\n:\n:\n:\n:\n:\n";

/** Waits for the solver's (or the blind player's) answer to reach the screen. */
async function settle(screen: PatienceScreen): Promise<void> {
  for (let i = 0; i < 2000 && /^(Searching|Solving|Weighing|Suggested)/.test(screen.message); i++)
    await new Promise((r) => setTimeout(r, 5));
}

describe("the terminal patience screen", () => {
  it("says when the game is won", () => {
    const { screen } = screenOf(freecell, parseBoard(NEARLY));
    press(screen, "1", "h");
    expect(screen.message).toBe("1h. You won in 1 moves! n for a new deal.");
  });

  it("says when no legal move is left", () => {
    const state = position(
      {},
      ["AC 9S", "AD JC", "AH JS", "AS 5C", "5S", "KC", "KS", "KD 8H"],
      ["2C", "2D", "2H", "2S"],
    );
    const { screen } = screenOf(freecell, state);
    press(screen, "8", "1");
    expect(screen.message).toBe("81. No legal move is left: u to undo, n for a new deal.");
  });

  it("moves the longest run that fits into an empty cascade", () => {
    const state = position({ cells: 1 }, ["9C 8H 7S 6D 5C", "", "KS", "KH", "KD", "KC", "QS", "QH"]);
    const { screen } = screenOf(freecell, state);
    press(screen, "1", "2");
    expect((screen.session.state as ReturnType<typeof position>).cascades[1]).toHaveLength(2);
  });

  it("treats the same key twice as a double-click, Escape as a cancel, and explains an empty pile", () => {
    const { screen } = screenOf(freecell, parseBoard(NEARLY));
    press(screen, "2");
    expect(screen.message).toBe("Cascade 2 is empty.");
    press(screen, "1", "escape", "h");
    expect(screen.session.moveCount).toBe(0);
    press(screen, "1", "1");
    expect(screen.session.isWon()).toBe(true);
  });

  it("refuses a move with the engine's reason in words", () => {
    const { screen } = screenOf(freecell, freecell.deal(1, makeRules({}), "microsoft"));
    press(screen, "1", "h");
    expect(screen.message).toBe(
      "Illegal: The six of spades cannot go home: the spades foundation needs its ace first.",
    );
  });

  it("starts a new deal and plays typed notation, quoting a bad move once", () => {
    const { screen } = screenOf(freecell, parseBoard(NEARLY));
    press(screen, "n");
    expect(screen.session.origin.deal).toBe(42);
    press(screen, ":", "1", "a", "space", "2", "b", "enter");
    expect(screen.message).toBe("Played 2 moves.");
    press(screen, ":", "9", "a", "enter");
    expect(screen.message).toBe('"9a": there is no cascade 9 (this game has 8)');
  });

  it("moves a cursor with the arrows and picks and drops with Enter", () => {
    const { screen } = screenOf(freecell, parseBoard(NEARLY));
    press(screen, "enter", "enter", "right", "left", "enter");
    expect(screen.session.isWon()).toBe(true);
  });

  it("shows text from outside escaped, never raw", () => {
    const { screen } = screenOf(freecell, parseBoard(NEARLY));
    press(screen, ":", "\x1b", "]", "2", ";", "X", "\x07", "enter");
    expect(screen.render()).not.toMatch(/[\x00-\x08\x0b-\x1f\x7f]/);
  });

  it("plays King Albert by the reserve's letters, never to the reserve", () => {
    const state = kingAlbert.deal(1, kingAlbert.rules.make({}), "solvitaire");
    const { screen } = screenOf(kingAlbert, state);
    expect(screen.render()).toContain("tsol King Albert");
    press(screen, "1", "a");
    expect(screen.message).toMatch(/^Illegal: /);
    press(screen, "?");
    expect(screen.render()).toMatch(/reserve/);
  });
});

describe("the terminal screen with the real solver", () => {
  it("answers t, w and s on deal 1 as the web does, and plays the solution to a win", async () => {
    const { screen, changes } = screenOf(
      freecell,
      freecell.deal(1, makeRules({}), "microsoft"),
      "safe",
      inThread(),
    );
    // A tip at once, from a quick search; then the solver's.
    press(screen, "t");
    expect(screen.message).toMatch(
      /^Suggested move: [1-8a-d][1-8a-dh]\S*, the .* \(a quick search's; the solver looks on\)\. t again shows another move \(\d+ more\)\.$/,
    );
    await settle(screen);
    expect(screen.message).toMatch(/^Best move: [1-8a-d][1-8a-dh]\S*, the .*\. t again shows another move/);
    expect(changes()).toBeGreaterThanOrEqual(1);
    // t again: the other legal moves in turn.
    press(screen, "t");
    expect(screen.message).toMatch(/^Another legal move \(1 of \d+\): \S+, the /);
    // The verdict is known from the tip's search: w says it at once.
    press(screen, "w");
    expect(screen.message).toMatch(/^Winnable: the solver wins from here in \d+ moves\.$/);
    press(screen, "s");
    await settle(screen);
    expect(screen.playingSolution).toBe(true);
    // Keys other than Esc and s wait while Solve plays.
    press(screen, "u");
    expect(screen.message).toBe("Solve is under way: Esc or s stops it.");
    let steps = 0;
    while (screen.step()) steps++;
    expect(steps).toBeGreaterThan(10);
    expect(screen.session.isWon()).toBe(true);
    expect(screen.session.assisted).toBe(true);
    expect(screen.message).toMatch(/^You won in \d+ moves with the computer's moves! n for a new deal\.$/);
  });

  it("says how far w's search has got, then the verdict; Esc stops Solve", async () => {
    const { screen } = screenOf(freecell, freecell.deal(2, makeRules({}), "microsoft"), "safe", inThread());
    press(screen, "w");
    expect(screen.message).toMatch(/^Searching…/);
    await settle(screen);
    expect(screen.message).toMatch(/^Winnable: the solver wins from here in \d+ moves\.$/);
    press(screen, "n", "s");
    expect(screen.message).toBe("Solving…");
    press(screen, "escape");
    expect(screen.message).toBe("Stopped. The moves made so far are the computer's.");
    expect(screen.playingSolution).toBe(false);
    await new Promise((r) => setTimeout(r, 50));
    expect(screen.session.moveCount).toBe(0);
  });

  it("says when a position is proved lost", async () => {
    const state = position(
      {},
      ["AC 9S", "AD JC", "AH JS", "AS 5C", "5S", "KC", "KS", "8H KD"],
      ["2C", "2D", "2H", "2S"],
    );
    const { screen } = screenOf(freecell, state, "safe", inThread());
    press(screen, "w");
    await settle(screen);
    // Why, in words: what never moves, or every position reachable tried.
    expect(screen.message).toMatch(
      /^Not winnable: .*(can never move|positions reachable from here|no legal move)/,
    );
  });

  it("says why when a position is proved lost without a search, in lines that fit 80 columns", async () => {
    const klondike = findPatience("klondike") as AnyPatienceGame;
    const state = dealKlondike(22, makeKlondikeRules({ draw: 3 }), "solvitaire");
    const { screen } = screenOf(klondike, state, "safe", inThread(), true);
    press(screen, "W");
    await settle(screen);
    expect(screen.message).toMatch(
      /^Not winnable: the queen of clubs and the queen of spades can never both move: .*\. The solver knows the face-down cards; you do not\.$/,
    );
    const lines = screen.render().split("\n");
    expect(lines.every((line) => line.length <= 80)).toBe(true);
    expect(lines.join(" ")).toContain(screen.message);
  });
});

describe("the terminal screen without peeking", () => {
  it("gives the blind player's chance, tip and moves in Klondike, and peeks only with --peek", async () => {
    const klondike = findPatience("klondike") as AnyPatienceGame;
    const state = dealKlondike(5, makeKlondikeRules({}), "microsoft");
    const { screen } = screenOf(klondike, state, "safe", inThread());
    expect(screen.render().split("\n")[0]).toMatch(/tips: blind$/);
    press(screen, "W");
    await settle(screen);
    expect(screen.message).toMatch(
      /^Chance to win from here: (at least )?\d+% \(95% interval \d+%–\d+%\): won in \d+ of \d+ ways/,
    );
    press(screen, "t");
    await settle(screen);
    expect(screen.message).toMatch(
      /^Best move seeing only what you see: \S+, .* Chance to win (≥?\d+%|not known)\.$/,
    );
    press(screen, "S");
    await settle(screen);
    expect(screen.playingSolution).toBe(true);
    screen.step();
    expect(screen.session.turns.length).toBe(1);
    expect(screen.session.assisted).toBe(true);
    const peeking = screenOf(klondike, state, "safe", inThread(), true).screen;
    expect(peeking.render().split("\n")[0]).toMatch(/tips: peek$/);
    press(peeking, "W");
    await settle(peeking);
    expect(peeking.message).toMatch(/The solver knows the face-down cards; you do not\.$/);
    expect(peeking.peeked).toBe(true);
  });
});

describe("wrapWords", () => {
  it("breaks between words, at most the width a line, and loses nothing", () => {
    const text = "the queen of clubs and the queen of spades can never both move: the king of hearts never";
    const lines = wrapWords(text, 20);
    expect(lines.every((line) => line.length <= 20)).toBe(true);
    expect(lines.join(" ")).toBe(text);
    expect(wrapWords("short")).toEqual(["short"]);
  });
});

describe("the family engine's games on the terminal screen", () => {
  const familyScreen = (id: string, deal: number, size = { columns: 80, rows: 24 }) => {
    const game = findPatience(id) as AnyPatienceGame;
    const rules = game.rules.make({});
    const session = Session.deal(game, deal, rules, "solvitaire", "safe") as AnySession;
    const screen = new PatienceScreen(session, {
      game,
      rules,
      numbering: "solvitaire",
      policy: "safe",
      randomDeal: () => 2,
      columns: () => size.columns,
      rows: () => size.rows,
    });
    return { game, screen };
  };

  it("draws Fan's eighteen piles in 80 columns, each under its key, and in two rows in 40", () => {
    const { screen } = familyScreen("fan", 1);
    const lines = screen.render().split("\n");
    expect(lines.some((l) => /^ 1 {3}2 .* 9 {2}10 {2}11 .* 18$/.test(l))).toBe(true);
    expect(lines.every((l) => l.length <= 80)).toBe(true);
    const narrow = familyScreen("fan", 1, { columns: 40, rows: 30 }).screen.render().split("\n");
    expect(narrow.some((l) => /^ 1 {3}2 .* 9$/.test(l))).toBe(true);
    expect(narrow.some((l) => /^10 {2}11 .* 18$/.test(l))).toBe(true);
    // The table's lines (the title line is the screen's own).
    expect(narrow.slice(1).every((l) => l.length <= 40)).toBe(true);
  });

  it("shows the hole, the stock's count and Canfield's reserve with its count", () => {
    const golf = familyScreen("golf", 1).screen.render();
    expect(golf).toMatch(/^ s {7}o$/m);
    expect(golf).toMatch(/^## \(16\) JD$/m);
    const canfield = familyScreen("canfield", 1).screen.render();
    expect(canfield).toMatch(/ r$/m);
    expect(canfield).toMatch(/ 6D \(12\)$/m);
    const blackHole = familyScreen("black-hole", 1).screen.render();
    expect(blackHole).toMatch(/^ o\nAS$/m);
  });

  it("keeps a long Spider position within the terminal: face-down runs, then the lowest face-up cards, counted", () => {
    const deal = (size: { columns: number; rows: number }) => {
      const { game, screen } = familyScreen("spider", 1, size);
      // Deal the whole stock onto the piles: every pile eleven cards and more.
      for (let i = 0; i < 5; i++) {
        const intent = game.intent(screen.session.state, STOCK, STOCK);
        if (!("move" in intent)) throw new Error(intent.reason);
        screen.session.play(intent.move);
      }
      return screen.render().split("\n");
    };
    const table = (lines: string[]) => lines.slice(1).join("\n");
    const roomy = deal({ columns: 80, rows: 24 });
    expect(roomy.length).toBeLessThanOrEqual(24);
    expect(table(roomy)).not.toMatch(/#\d/);
    const short = deal({ columns: 80, rows: 16 });
    expect(short.length).toBeLessThanOrEqual(16);
    expect(table(short)).toMatch(/^#[45] {2}#[45] /m);
    const shorter = deal({ columns: 80, rows: 12 });
    expect(shorter.length).toBeLessThanOrEqual(13);
    expect(table(shorter)).toMatch(/^#[45] {2}#[45] .*\n\+\d /m);
    for (const lines of [roomy, short, shorter]) expect(lines.every((l) => l.length <= 80)).toBe(true);
  });

  it("picks piles beyond nine by two keys typed together, pile 1 after a pause", () => {
    const { game, screen } = familyScreen("black-hole", 1);
    type Move = { from: { kind: string; index: number }; to: { kind: string } };
    const far = (game.legalMoves(screen.session.state) as Move[]).find(
      (m) => m.from.kind === "cascade" && m.from.index >= 9 && m.to.kind === "hole",
    );
    if (!far) throw new Error("no move to the hole from piles 10 to 17");
    const key = String(far.from.index + 1);
    press(screen, key[0]);
    expect(screen.keyWaiting).toBe(true);
    expect(screen.message).toBe("Pile 1, or type the rest of 10–17.");
    press(screen, key[1]);
    expect(screen.keyWaiting).toBe(false);
    expect(screen.message).toMatch(new RegExp(`^From pile ${key} to where\\?`));
    press(screen, "o");
    expect(screen.session.moveCount).toBe(1);
    expect(screen.message).toMatch(new RegExp(`^${key}>o`));
    press(screen, "1");
    screen.flushKeys();
    expect(screen.message).toMatch(/^From pile 1 to where\?/);
    press(screen, "escape");
    expect(screen.message).toBe("");
    expect(screen.render()).not.toContain("<");
  });

  it("ends a key being typed with Enter or Space: 2, Enter, 2, Enter on the accordion is pile 2 twice, not pile 22", () => {
    const { screen } = familyScreen("accordion", 1);
    press(screen, "2");
    expect(screen.keyWaiting).toBe(true);
    press(screen, "enter");
    expect(screen.keyWaiting).toBe(false);
    expect(screen.message).toMatch(/^From pile 2 to where\?/);
    // The cursor stays hidden: Enter ended the key and did nothing else.
    expect(screen.render()).not.toContain(">");
    press(screen, "2", "space");
    // Pile 2 twice: its quick move, or a refusal; never pile 22 picked up.
    expect(screen.message).not.toMatch(/pile 22/);
    expect(screen.keyWaiting).toBe(false);
    press(screen, "2", "2");
    expect(screen.message).toMatch(/^From pile 22 to where\?/);
  });

  it("lists the keys of many piles as ranges in the help", () => {
    const { screen } = familyScreen("flower-garden", 1);
    press(screen, "?");
    const help = screen.render();
    expect(help).toContain("(h r1-r16 1-6)");
    expect(help).toContain("R redo");
    expect(help).toContain("A key of two characters is typed at once (r then 1)");
  });
});
