import { describe, expect, it } from "vitest";
import type { AnyPatienceGame } from "../../../src/games/patience/contract.ts";
import { Session } from "../../../src/games/patience/session.ts";
import { findPatience, PATIENCE_GAMES } from "../../../src/games/registry.ts";
import { layoutOf } from "../games/index.ts";
import { defaultPatienceSettings, defaultSettings, type Settings } from "../settings.ts";
import { StatsBook, variantKey } from "../stats.ts";
import { KEYS, MemoryStore } from "../storage.ts";
import { PatienceController } from "./controller.ts";
import { type FakeEnv, fakeEnv, settle } from "./fake-env.ts";

const freecell = findPatience("freecell") as AnyPatienceGame;
const kingAlbert = findPatience("king-albert") as AnyPatienceGame;

function make(game: AnyPatienceGame, env: FakeEnv = fakeEnv(), settings: Settings = defaultSettings()) {
  const controller = new PatienceController(game, settings, env, layoutOf(game.id).clickMode ?? "select");
  return { controller, env };
}

/** Deal n, with nothing asked (a fresh controller has no game under way). */
async function dealt(game: AnyPatienceGame, n: number, env?: FakeEnv, settings?: Settings) {
  const made = make(game, env, settings);
  made.controller.newDeal(n);
  await settle(made.env);
  return made;
}

/** The solver's turns from the position on the table, as the cache knows them. */
function solution(c: PatienceController, env: FakeEnv): string[] {
  const known = env.solver.known(c.game, c.state, c.policy);
  if (known?.result !== "solved") throw new Error(`no solution known: ${known?.result}`);
  return known.turns;
}

const CARD_CODE = /\b(?:[2-9TJQKA]|10)[CDHS]\b/;

describe("the patience controller", () => {
  it("deals every game of the registry and says whether the deal can be won", async () => {
    // The status's shortest search time: a game whose deal takes longer says "unknown" instead of holding the test.
    const settings = defaultSettings();
    settings.statusBudgetMs = 200;
    for (const game of PATIENCE_GAMES) {
      const started = performance.now();
      const { controller, env } = await dealt(game, 1, undefined, settings);
      expect(controller.deal, game.id).toBe(1);
      expect(controller.session.moveCount, game.id).toBe(0);
      // A game with face-down cards plays blind by default: its status is the chance to win.
      const statuses = game.blindPlayer ? ["chance"] : ["winnable", "not winnable", "unknown"];
      expect(statuses, game.id).toContain(controller.verdict.status);
      // Two searches at most (the first random deal's, then deal 1's), each within its budget and the solver's
      // loading: the verdict never waits on a search that ignores its time.
      expect(performance.now() - started, game.id).toBeLessThan(5000);
      expect(env.requests.length, game.id).toBeGreaterThan(0);
      expect(env.requests.every((r) => r.game === game.id)).toBe(true);
    }
  });

  it("moves cards by click, then click, through the engine's intent", async () => {
    const { controller } = await dealt(freecell, 1);
    const move = freecell
      .legalMoves(controller.state)
      .find((m) => (m as { to: { kind: string } }).to.kind === "cell") as {
      from: { index: number };
      to: { index: number };
    };
    const column = controller
      .piles()
      .find((p) => p.ref.kind === "cascade" && p.ref.index === move.from.index);
    if (!column) throw new Error("no such cascade");
    controller.clickCard(column.ref, column.cards.length - 1);
    expect(controller.selection?.from).toEqual(column.ref);
    expect(controller.notice?.text).toMatch(/^Where to\? Click a pile, or press its key/);
    controller.clickPile({ kind: "cell", index: move.to.index });
    expect(controller.session.moveCount).toBeGreaterThan(0);
    expect(controller.selection).toBeNull();
    expect(controller.played).toBe(true);
  });

  it("says why a move is refused, in a sentence that names cards in words", async () => {
    const { controller, env } = await dealt(freecell, 1);
    // A card onto a cascade where it does not fit.
    const piles = controller.piles().filter((p) => p.ref.kind === "cascade");
    let refused = false;
    for (const from of piles) {
      for (const to of piles) {
        if (from === to) continue;
        const intent = freecell.intent(controller.state, from.ref, to.ref);
        if (!("reason" in intent)) continue;
        controller.clickCard(from.ref, from.cards.length - 1);
        controller.clickCard(to.ref, to.cards.length - 1);
        refused = true;
        break;
      }
      if (refused) break;
    }
    expect(refused).toBe(true);
    expect(controller.notice?.tone).toBe("error");
    expect(controller.notice?.text).toMatch(/^[A-Z]/);
    expect(controller.notice?.text).not.toMatch(CARD_CODE);
    expect(env.sounds).toContain("error");
  });

  it("on a touch screen never asks to press a key", async () => {
    const env = fakeEnv({ touch: true });
    const { controller } = await dealt(freecell, 1, env);
    const column = controller.piles().find((p) => p.ref.kind === "cascade");
    if (!column) throw new Error("no cascade");
    controller.clickCard(column.ref, column.cards.length - 1);
    expect(controller.notice?.text).toMatch(/^Where to\? Tap a pile\./);
    expect(controller.notice?.text).not.toMatch(/key/);
  });

  it("plays with the keys: a pile's key, then another's; the same key twice is the quick move", async () => {
    const { controller } = await dealt(freecell, 1);
    const move = freecell
      .legalMoves(controller.state)
      .find((m) => (m as { to: { kind: string } }).to.kind === "cell") as {
      from: { index: number };
      to: { index: number };
    };
    const piles = controller.piles();
    const fromKey = piles.find((p) => p.ref.kind === "cascade" && p.ref.index === move.from.index)
      ?.key as string;
    const toKey = piles.find((p) => p.ref.kind === "cell" && p.ref.index === move.to.index)?.key as string;
    expect(controller.key(fromKey)).toBe(true);
    expect(controller.selection).not.toBeNull();
    expect(controller.key(toKey)).toBe(true);
    expect(controller.session.turns).toHaveLength(1);
    // The same key twice: the quick move of that cascade (home, or the first free cell).
    const other = piles.find((p) => p.ref.kind === "cascade" && p.ref.index !== move.from.index)
      ?.key as string;
    const before = controller.session.turns.length;
    controller.key(other);
    controller.key(other);
    expect(controller.session.turns.length).toBe(before + 1);
    // Commands: undo with its key.
    expect(controller.commandKey("u")).toBe("u");
    controller.key("u");
    expect(controller.session.turns.length).toBe(before);
  });

  it("gives a command the capital of its key when a pile's key is, or begins with, the lower-case one", async () => {
    // Each controller asks for its deal's status: the shortest search, so thirty of them stay small.
    const settings = defaultSettings();
    settings.statusBudgetMs = 200;
    for (const game of PATIENCE_GAMES) {
      const { controller, env } = make(game, fakeEnv(), settings);
      await settle(env);
      const keys = controller.piles().flatMap((p) => (p.key === undefined ? [] : [p.key]));
      for (const k of ["u", "r", "n", "t", "s", "w"]) {
        const taken = keys.some((key) => key.startsWith(k));
        expect(controller.commandKey(k), `${game.id} ${k}`).toBe(taken ? k.toUpperCase() : k);
      }
    }
    const flowerGarden = findPatience("flower-garden");
    if (flowerGarden) expect(make(flowerGarden, fakeEnv(), settings).controller.commandKey("r")).toBe("R");
  });

  it("reaches piles beyond nine from the keyboard: 1 then 2 at once is pile 12, 1 then a pause is pile 1", async () => {
    const blackHole = findPatience("black-hole");
    if (!blackHole) return; // Not in the registry yet.
    const settings = defaultSettings();
    settings.statusBudgetMs = 200;
    const { controller, env } = await dealt(blackHole, 1, undefined, settings);
    type Move = { from: { kind: string; index: number }; to: { kind: string } };
    const legal = blackHole.legalMoves(controller.state) as Move[];
    const far = legal.find((m) => m.from.kind === "cascade" && m.from.index >= 9 && m.to.kind === "hole");
    if (!far) throw new Error("deal 1 of Black Hole has no move to the hole from piles 10 to 17");
    const key = String(far.from.index + 1);
    expect(controller.key(key[0])).toBe(true);
    expect(controller.selection).toBeNull();
    expect(controller.notice?.text).toMatch(/^Pile 1, or type the rest of 10–17\.$/);
    expect(controller.key(key[1])).toBe(true);
    expect(controller.selection?.from).toEqual({ kind: "cascade", index: far.from.index });
    expect(controller.key("o")).toBe(true);
    expect(controller.session.turns).toHaveLength(1);
    expect(
      blackHole.notation.format(controller.session.turns[0].before, controller.session.turns[0].move),
    ).toBe(`${key}>o`);
    // "1" alone, then the pause: pile 1 is picked up; Esc puts it back.
    controller.key("1");
    expect(controller.selection).toBeNull();
    env.runTimers();
    expect(controller.selection?.from).toEqual({ kind: "cascade", index: 0 });
    controller.key("Escape");
    expect(controller.selection).toBeNull();
    // "1" then a key that cannot go on: pile 1, then that key on its own ("x" does nothing, "u" undoes).
    controller.key("1");
    expect(controller.key("x")).toBe(false);
    expect(controller.selection?.from).toEqual({ kind: "cascade", index: 0 });
    controller.key("Escape");
    controller.key("1");
    expect(controller.key("u")).toBe(true);
    expect(controller.session.turns).toHaveLength(0);
  });

  it("restarts undoably: redo takes the restart back, and the clock waits for a move", async () => {
    const { controller, env } = await dealt(freecell, 1);
    const turns = solution(controller, env).slice(0, 3);
    for (const t of turns) controller.playNotation(t);
    env.tick(5000);
    const after = controller.state;
    const time = controller.elapsedMs();
    expect(time).toBe(5000);
    controller.restart();
    expect(controller.state).toBe(controller.session.start);
    expect(controller.clockRunning).toBe(false);
    env.tick(3000);
    expect(controller.elapsedMs()).toBe(time);
    for (let i = 0; i < turns.length; i++) controller.redo();
    expect(freecell.key(controller.state)).toBe(freecell.key(after));
  });

  it("asks before a new deal abandons a game under way; no counts it as lost, don't ask again stops asking", async () => {
    const { controller, env } = await dealt(freecell, 1);
    const book = new StatsBook(env.store);
    controller.playNotation(solution(controller, env)[0]);
    controller.newDeal(2);
    expect(controller.confirm?.title).toBe("Leave this game?");
    expect(controller.deal).toBe(1);
    controller.answer(false);
    expect(controller.confirm).toBeNull();
    expect(controller.deal).toBe(1);
    controller.newDeal(2);
    controller.answer(true, true);
    expect(controller.deal).toBe(2);
    expect(env.settingsSeen).toHaveLength(1);
    expect((env.settingsSeen[0] as Settings).confirmAbandon).toBe(false);
    const stats = book.load().value.variants[variantKey("freecell", "FreeCell")];
    expect(stats.played).toBe(1);
    expect(stats.currentStreak).toBe(0);
    expect(stats.deals["microsoft:1"]).toBe("lost");
    expect(book.load().value.recent[0]).toMatchObject({ deal: 1, result: "lost", moves: expect.any(Number) });
    // Not asked again.
    await settle(env);
    controller.playNotation(solution(controller, env)[0]);
    controller.newDeal(3);
    expect(controller.confirm).toBeNull();
    expect(controller.deal).toBe(3);
  });

  it("credits a win played by hand after Solve then Restart: only the computer's moves make a win assisted", async () => {
    const { controller, env } = await dealt(freecell, 1);
    const book = new StatsBook(env.store);
    const turns = solution(controller, env);
    controller.solvePress();
    await settle(env);
    env.runTimers();
    expect(controller.session.isWon()).toBe(true);
    expect(controller.finished).toMatchObject({ assisted: true, counted: false });
    expect(book.load().value.variants[variantKey("freecell", "FreeCell")].won).toBe(0);
    controller.restart();
    expect(controller.finished).toBeNull();
    for (const t of turns) controller.playNotation(t);
    expect(controller.session.isWon()).toBe(true);
    expect(controller.finished).toMatchObject({ assisted: false, counted: true });
    const stats = book.load().value.variants[variantKey("freecell", "FreeCell")];
    expect(stats.won).toBe(1);
    expect(stats.played).toBe(1);
    expect(stats.deals["microsoft:1"]).toBe("won");
    // Undone and won again: counted once.
    controller.undo();
    controller.redo();
    expect(controller.finished?.counted).toBe(false);
    expect(book.load().value.variants[variantKey("freecell", "FreeCell")].won).toBe(1);
  });

  it("hints the solver's move first, then every other legal move in turn, without a search when it is known", async () => {
    const { controller, env } = await dealt(freecell, 1);
    const best = solution(controller, env)[0];
    const asked = env.requests.length;
    controller.hintPress();
    expect(env.requests.length).toBe(asked);
    const hint = controller.hint;
    if (hint?.kind !== "move") throw new Error("no hint shown");
    expect(hint.best).toBe(true);
    expect(freecell.notation.format(controller.state, hint.move)).toBe(best);
    expect(hint.outline.from).toBeDefined();
    expect(hint.outline.to).toBeDefined();
    expect(controller.notice?.text).toMatch(/^Best move: [A-Z]/);
    expect(controller.notice?.text).not.toMatch(CARD_CODE);
    const legal = freecell.legalMoves(controller.state).length;
    const seen = new Set<string>();
    for (let i = 0; i < legal; i++) {
      const h = controller.hint;
      if (h?.kind !== "move") throw new Error("no hint");
      seen.add(JSON.stringify(h.move));
      controller.hintPress();
    }
    expect(seen.size).toBe(legal);
    expect(controller.hint?.kind === "move" && controller.hint.best).toBe(true);
    controller.playHint();
    expect(controller.session.turns).toHaveLength(1);
    expect(controller.hint).toBeNull();
  });

  it("answers the status at once when the player follows the solution, and after undo and redo", async () => {
    const { controller, env } = await dealt(freecell, 7);
    const turns = solution(controller, env);
    const asked = env.requests.length;
    for (const t of turns.slice(0, 10)) {
      controller.playNotation(t);
      expect(controller.verdict.status).toBe("winnable");
    }
    controller.undo();
    expect(controller.verdict.status).toBe("winnable");
    controller.redo();
    expect(controller.verdict.status).toBe("winnable");
    expect(env.requests.length).toBe(asked);
  });

  it("works a slow verdict out from the last solution around a move off it, before the worker answers", async () => {
    let derived = 0;
    let tried = 0;
    for (let n = 1; n <= 12; n++) {
      const { controller, env } = await dealt(freecell, n);
      if (controller.verdict.status !== "winnable") continue;
      const best = solution(controller, env)[0];
      const off = freecell
        .legalMoves(controller.state)
        .find((m) => freecell.notation.format(controller.state, m) !== best);
      if (off === undefined) continue;
      controller.play(off);
      // Known at once (the same position to the rules as one on the solution): nothing to work out.
      if ((controller.verdict.status as string) !== "checking") {
        await settle(env);
        continue;
      }
      tried++;
      // The worker has not answered yet (it answers on a later turn of the event loop): the timer's fallback.
      env.runTimers();
      if ((controller.verdict.status as string) !== "checking") {
        derived++;
        expect(controller.verdict.status).toBe("winnable");
      }
      await settle(env);
      expect(["winnable", "not winnable", "unknown"]).toContain(controller.verdict.status);
    }
    expect(tried).toBeGreaterThan(3);
    expect(derived).toBeGreaterThan(0);
  });

  it("deals a winnable deal when the settings ask for one, and says so", async () => {
    const settings = defaultSettings();
    // FreeCell: nearly every deal can be won, and quickly shown so (the deals drawn follow the seeded env).
    settings.patience.freecell = { ...defaultPatienceSettings(freecell), deal: "winnable" };
    const { controller, env } = make(freecell, fakeEnv(), settings);
    controller.newDeal();
    expect(controller.dealing).toBe(true);
    expect(controller.notice?.text).toBe("Looking for a winnable deal…");
    await settle(env);
    await settle(env);
    expect(controller.dealing).toBe(false);
    expect(env.requests.some((r) => r.type === "pick")).toBe(true);
    expect(controller.notice?.text).toBe(`Deal ${controller.deal} can be won.`);
    expect(controller.verdict.status).toBe("winnable");
  });

  it("greets an impossible deal honestly, and flags the move that loses a winnable game", async () => {
    const { controller, env } = await dealt(freecell, 11982);
    expect(controller.verdict.status).toBe("not winnable");
    // Why, in words: no argument names the blocked cards here, so what the complete search covered.
    expect(controller.notice?.text).toMatch(
      /cannot be won: a complete search of [\d,]+ positions found no win\.$/,
    );
    expect(controller.notice?.text).not.toMatch(/luck/i);
    // Filling the cells with cards that cannot move soon loses a deal: the move that did it is flagged.
    let flagged = false;
    for (let n = 1; n <= 6 && !flagged; n++) {
      const next = await dealt(freecell, n, fakeEnv({ store: env.store }));
      const c = next.controller;
      if (c.verdict.status !== "winnable") continue;
      for (let i = 0; i < 10 && (c.verdict.status as string) === "winnable"; i++) {
        const move = freecell
          .legalMoves(c.state)
          .find(
            (m) =>
              (m as { to: { kind: string } }).to.kind === "cell" &&
              (m as { from: { kind: string } }).from.kind === "cascade",
          );
        if (!move) break;
        c.play(move);
        await settle(next.env);
      }
      if ((c.verdict.status as string) === "not winnable") {
        flagged = true;
        expect(c.losingTurn).toBe(c.session.turns.length - 1);
        expect(c.notice?.text).toMatch(/^That move lost the game: .* Why: .+\. Undo/);
      }
    }
    expect(flagged).toBe(true);
  });

  it("says why a Klondike deal proved lost without a search cannot be won", async () => {
    const klondike = findPatience("klondike") as AnyPatienceGame;
    const settings = defaultSettings();
    const own = defaultPatienceSettings(klondike);
    settings.patience.klondike = { ...own, rules: { ...own.rules, draw: 3 }, numbering: "solvitaire" };
    // The solver's verdict sees the face-down cards: only when the player asks hints to peek.
    settings.peekingHints = true;
    const { controller } = await dealt(klondike, 22, fakeEnv(), settings);
    expect(controller.verdict.status).toBe("not winnable");
    expect(controller.verdict.detail).toMatch(
      /^Not winnable: the queen of clubs and the queen of spades can never both move: .*\./,
    );
    expect(controller.notice?.text).toMatch(
      /^Solvitaire deal 22 cannot be won: the queen of clubs .*other has moved\.$/,
    );
    // A deal lost only to a search says what the search covered.
    const searched = await dealt(freecell, 11982);
    expect(searched.controller.verdict.detail).toMatch(
      /^Not winnable: a complete search of [\d,]+ positions found no win\.$/,
    );
  });

  it("keeps the game in progress in storage and finds it again", async () => {
    const store = new MemoryStore();
    const first = await dealt(kingAlbert, 3, fakeEnv({ store }));
    for (const t of solution(first.controller, first.env).slice(0, 4)) first.controller.playNotation(t);
    first.controller.undo();
    first.env.tick(4200);
    first.controller.save();
    const again = make(kingAlbert, fakeEnv({ store }));
    expect(again.controller.deal).toBe(3);
    expect(kingAlbert.key(again.controller.state)).toBe(kingAlbert.key(first.controller.state));
    expect(again.controller.session.canRedo).toBe(true);
    expect(again.controller.gameId).toBe(first.controller.gameId);
    expect(again.controller.elapsedMs()).toBe(4200);
    expect(again.controller.notice?.text).toMatch(/^Welcome back/);
  });

  it("says a corrupt save could not be restored and deals a new game", () => {
    const store = new MemoryStore();
    store.setItem(KEYS.save("freecell"), "{not json");
    const { controller } = make(freecell, fakeEnv({ store }));
    expect(controller.notice?.text).toMatch(/could not be restored/);
    expect(controller.deal).toBeGreaterThan(0);
    store.setItem(
      KEYS.save("freecell"),
      JSON.stringify({ version: 2, id: "x", elapsedMs: 0, save: { game: "freecell" } }),
    );
    const second = make(freecell, fakeEnv({ store }));
    expect(second.controller.notice?.text).toMatch(/could not be restored/);
  });

  it("migrates the FreeCell-only app's saved game, assisted moves included, and removes the old key", () => {
    const game = Session.deal(freecell, 5, freecell.rules.make({}), "microsoft", "safe");
    game.playNotation("1a");
    game.playNotation("2b");
    game.undo();
    const v2 = game.toSave();
    // The old app's save: the engine's version 1 (every rule of the engine, `reserve` too), id, time, assisted.
    const v1 = {
      game: "freecell",
      version: 1,
      deal: 5,
      rules: { ...(freecell.rules.make({}) as object), reserve: false },
      policy: v2.policy,
      board: v2.board,
      moves: v2.moves,
      redo: v2.redo,
    };
    const store = new MemoryStore();
    store.setItem(
      KEYS.legacyFreeCellSave,
      JSON.stringify({ version: 1, save: v1, gameId: "old-1", elapsedMs: 61000, assisted: true }),
    );
    const { controller } = make(freecell, fakeEnv({ store }));
    expect(controller.deal).toBe(5);
    expect(controller.gameId).toBe("old-1");
    expect(controller.elapsedMs()).toBe(61000);
    expect(controller.session.moveCount).toBe(game.moveCount);
    expect(controller.session.canRedo).toBe(true);
    // The old save did not say which moves the solver made: all of them count as the computer's.
    expect(controller.session.assisted).toBe(true);
    expect(store.getItem(KEYS.legacyFreeCellSave)).toBeNull();
    expect(store.getItem(KEYS.save("freecell"))).not.toBeNull();
  });

  it("plays Montana with clicks that play at once, and its redeal from the notation when it has redeals", async () => {
    const montana = findPatience("montana");
    if (!montana) return; // Not in the registry yet.
    const { controller } = await dealt(montana, 1);
    const gap = controller.piles().find((p) => p.cards.length === 0);
    if (!gap) throw new Error("no gap");
    const before = controller.session.turns.length;
    controller.clickPile(gap.ref);
    const intent = montana.quickMove(
      controller.session.turns.length > before ? controller.session.turns[0].before : controller.state,
      gap.ref,
    );
    expect(controller.session.turns.length).toBe("move" in intent ? before + 1 : before);
  });

  it("gives a hint at once while the solver searches, says how far it has got, then puts the solver's move", async () => {
    const settings = defaultSettings();
    settings.statusBudgetMs = 600;
    const env = fakeEnv();
    const { controller } = make(freecell, env, settings);
    await settle(env);
    controller.newDeal(7);
    // Before any answer from the worker: a move, marked as a quick search's.
    controller.hintPress();
    expect(controller.hint?.kind).toBe("move");
    expect(controller.hint?.kind === "move" && controller.hint.provisional).toBe(true);
    expect(controller.notice?.text).toMatch(
      /^Suggested move: .* \(a quick search's; the solver looks on\)\./,
    );
    await settle(env);
    expect(controller.verdict.status).toBe("winnable");
    expect(controller.hint?.kind === "move" && controller.hint.provisional).toBeFalsy();
    expect(controller.notice?.text).toMatch(/^Best move: /);
    expect(controller.hint?.kind === "move" && JSON.stringify(controller.hint.move)).toBe(
      JSON.stringify(freecell.notation.parse(controller.state, solution(controller, env)[0])),
    );
  });

  it("shows the search's positions on the status while it searches", async () => {
    const settings = defaultSettings();
    settings.statusBudgetMs = 1500;
    const env = fakeEnv();
    const { controller } = make(freecell, env, settings);
    await settle(env);
    const seen: number[] = [];
    controller.subscribe(() => {
      if (controller.verdict.status === "checking" && controller.verdict.positions !== undefined)
        seen.push(controller.verdict.positions);
    });
    // A lost deal FreeCell's solver does not decide in 1.5 s: it reports its positions as it goes.
    controller.newDeal(11982);
    await settle(env);
    expect(seen.length).toBeGreaterThan(0);
    expect(Math.min(...seen)).toBeGreaterThan(0);
    expect(controller.verdict.status).not.toBe("checking");
  });

  it("plays Klondike blind by default: the chance to win, the blind player's hint and Solve, no peeking solve", async () => {
    const klondike = findPatience("klondike") as AnyPatienceGame;
    const env = fakeEnv();
    const { controller } = await dealt(klondike, 5, env);
    expect(controller.blind).toBe(true);
    expect(controller.verdict.status).toBe("chance");
    const chance = controller.verdict.chance;
    expect(chance?.samples).toBeGreaterThan(0);
    expect(controller.verdict.detail).toMatch(
      /^Chance to win from here: (at least )?\d+% \(95% interval \d+%–\d+%\)/,
    );
    expect(env.requests.filter((r) => r.type === "solve")).toEqual([]);
    controller.hintPress();
    expect(controller.hint?.kind).toBe("move");
    expect(controller.notice?.text).toMatch(/^Best move seeing only what you see: /);
    const before = controller.session.moveCount;
    controller.solvePress();
    for (let i = 0; i < 2 && controller.solving; i++) {
      await settle(env);
      env.runTimers(200);
    }
    controller.stopSolving();
    expect(controller.session.moveCount).toBeGreaterThan(before);
    expect(controller.session.turns.every((t) => t.by === "computer")).toBe(true);
    expect(controller.peeked).toBe(false);
  });

  /** Klondike deal 5 with "Hints see face-down cards" on. */
  async function peekingKlondike() {
    const klondike = findPatience("klondike") as AnyPatienceGame;
    const settings = defaultSettings();
    settings.peekingHints = true;
    return { klondike, ...(await dealt(klondike, 5, fakeEnv(), settings)) };
  }

  it("peeks only when asked, and then a win with it is assisted", async () => {
    const { controller } = await peekingKlondike();
    expect(controller.blind).toBe(false);
    expect(["winnable", "not winnable", "unknown"]).toContain(controller.verdict.status);
    expect(controller.verdict.detail).toMatch(/The solver knows the face-down cards; you do not\.$/);
    expect(controller.peeked).toBe(true);
  });

  it("keeps a game's peek across a reload: its win is still an assisted one", async () => {
    const { klondike, controller, env } = await peekingKlondike();
    expect(controller.peeked).toBe(true);
    const stock = controller.piles().find((p) => p.ref.kind === "stock");
    if (!stock) throw new Error("no stock");
    expect(controller.quick(stock.ref)).toBe(true);
    controller.dispose();
    // The page again, hints no longer peeking: the game it restores was peeked at all the same.
    const again = make(klondike, fakeEnv({ store: env.store }), defaultSettings()).controller;
    expect(again.notice?.text).toMatch(/^Welcome back/);
    expect(again.session.moveCount).toBe(controller.session.moveCount);
    expect(again.peeked).toBe(true);
    // A new deal is a game of its own, not peeked at.
    again.newDeal(6);
    expect(again.confirm?.title).toBe("Leave this game?");
    again.answer(true);
    expect(again.deal).toBe(6);
    expect(again.peeked).toBe(false);
    again.dispose();
    expect(make(klondike, fakeEnv({ store: env.store }), defaultSettings()).controller.peeked).toBe(false);
  });
});
