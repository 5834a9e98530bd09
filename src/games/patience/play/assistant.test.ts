import { describe, expect, it } from "vitest";
import { freecell } from "../../freecell/index.ts";
import { makeRules } from "../../freecell/rules.ts";
import { findPatience } from "../../registry.ts";
import type { AnyPatienceGame } from "../contract.ts";
import { type AnySession, Session } from "../session.ts";
import { Assistant, type Notice } from "./assistant.ts";
import { InThreadWorker } from "./in-thread.ts";
import { SolverClient } from "./solver-client.ts";

/** An assistant over a real session and the real solver (answering in this thread), recording what it says. */
function table(game: AnyPatienceGame, deal: number, rules: unknown, peek = false) {
  const session = Session.deal(game, deal, rules, game.numberings[0], "safe") as AnySession;
  const said: Notice[] = [];
  let changes = 0;
  const assistant = new Assistant({
    game,
    solver: new SolverClient(
      () => new InThreadWorker(() => performance.now()),
      () => performance.now(),
    ),
    state: () => session.state,
    policy: () => session.policy,
    peek: () => peek,
    clock: () => performance.now(),
    statusBudgetMs: () => 5000,
    words: { again: "Hint again", stop: "Stop" },
    say: (notice) => said.push(notice),
    changed: () => changes++,
    play: (move) => {
      session.play(move, "computer");
      assistant.moved();
      return true;
    },
  });
  const last = () => said[said.length - 1]?.text ?? "";
  return { session, assistant, said, last, changes: () => changes };
}

/** Until `done` holds (the solver's answer arrived), or 20 s. */
async function until(done: () => boolean): Promise<void> {
  const end = performance.now() + 20_000;
  while (!done() && performance.now() < end) await new Promise((r) => setTimeout(r, 2));
}

describe("the assistant: hints, the status and Solve for every front-end", () => {
  it("hints at once from a quick search, puts the solver's move when it answers, then every other legal move", async () => {
    const { assistant, session, last } = table(freecell, 1, makeRules({}));
    assistant.hintPress();
    const first = assistant.hint;
    expect(first?.kind === "move" && first.provisional).toBe(true);
    expect(last()).toMatch(/^Suggested move: .*\(a quick search's; the solver looks on\)\. Hint again shows/);
    await until(() => assistant.hint?.kind === "move" && !assistant.hint.provisional);
    const best = assistant.hint;
    if (best?.kind !== "move") throw new Error("no hint");
    expect(best.best).toBe(true);
    expect(last()).toMatch(/^Best move: [A-Z]/);
    // The solver's answer is the status's too.
    expect(assistant.verdict.status).toBe("winnable");
    const legal = session.game.legalMoves(session.state).length;
    expect(best.total).toBe(legal);
    const seen = new Set([JSON.stringify(best.move)]);
    for (let i = 1; i < legal; i++) {
      assistant.hintPress();
      const h = assistant.hint;
      if (h?.kind !== "move") throw new Error("no hint");
      expect(h.rank).toBe(i);
      expect(last()).toMatch(new RegExp(`^Another legal move \\(${i} of ${legal - 1}\\): `));
      seen.add(JSON.stringify(h.move));
    }
    expect(seen.size).toBe(legal);
    assistant.hintPress();
    expect(assistant.hint?.kind === "move" && assistant.hint.rank).toBe(0);
  });

  it("says how far the status's search has got, then its verdict; a known verdict at once", async () => {
    const { assistant, last } = table(freecell, 3, makeRules({}));
    assistant.announce();
    expect(last()).toMatch(/^Searching…/);
    await until(() => assistant.verdict.status !== "checking");
    expect(last()).toMatch(/^Winnable: the solver wins from here in \d+ moves\.$/);
    const count = last();
    assistant.announce();
    expect(last()).toBe(count);
  });

  it("plays Solve's line a step at a time to a win, and stops on a second press", async () => {
    const { assistant, session, last } = table(freecell, 5, makeRules({}));
    assistant.solvePress();
    expect(assistant.solving).toBe(true);
    await until(() => assistant.playing);
    expect(last()).toMatch(/^Playing the solution \(\d+ moves\)… Stop stops it\.$/);
    let steps = 1;
    while (assistant.step()) steps++;
    expect(session.isWon()).toBe(true);
    expect(session.assisted).toBe(true);
    expect(steps).toBe(session.turns.length);
    expect(assistant.solving).toBe(false);
    assistant.solvePress();
    expect(last()).toBe("This game is won.");

    const other = table(freecell, 6, makeRules({}));
    other.assistant.solvePress();
    other.assistant.solvePress();
    expect(other.assistant.solving).toBe(false);
    expect(other.last()).toBe("Stopped. The moves made so far are the computer's.");
    await new Promise((r) => setTimeout(r, 30));
    expect(other.session.moveCount).toBe(0);
  });

  it("plays Klondike blind unless asked to peek; a peek marks the game", async () => {
    const klondike = findPatience("klondike") as AnyPatienceGame;
    const rules = klondike.rules.make({});
    const blind = table(klondike, 5, rules);
    expect(blind.assistant.blind).toBe(true);
    blind.assistant.hintPress();
    expect(blind.assistant.hint?.kind).toBe("thinking");
    await until(() => blind.assistant.hint?.kind !== "thinking");
    expect(blind.last()).toMatch(/^Best move seeing only what you see: /);
    expect(blind.assistant.verdict.status).toBe("chance");
    expect(blind.assistant.peeked).toBe(false);

    const peeking = table(klondike, 5, rules, true);
    expect(peeking.assistant.blind).toBe(false);
    peeking.assistant.announce();
    await until(() => peeking.assistant.verdict.status !== "checking");
    expect(peeking.last()).toMatch(/The solver knows the face-down cards; you do not\.$/);
    expect(peeking.assistant.peeked).toBe(true);
  });

  it("plays the family's games with hidden cards blind too (Canfield, Spider), the others with the solver", async () => {
    const canfield = findPatience("canfield") as AnyPatienceGame;
    const blind = table(canfield, 2, canfield.rules.make({}));
    expect(blind.assistant.blind).toBe(true);
    blind.assistant.hintPress();
    await until(() => blind.assistant.hint?.kind !== "thinking");
    expect(blind.last()).toMatch(/^Best move seeing only what you see: /);
    expect(blind.assistant.verdict.status).toBe("chance");
    expect(blind.assistant.peeked).toBe(false);
    const spider = findPatience("spider-one-suit") as AnyPatienceGame;
    expect(table(spider, 1, spider.rules.make({})).assistant.blind).toBe(true);
    expect(table(spider, 1, spider.rules.make({}), true).assistant.blind).toBe(false);
    const bakers = findPatience("bakers-game") as AnyPatienceGame;
    expect(table(bakers, 1, bakers.rules.make({})).assistant.blind).toBe(false);
  });
});
