import type { Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { formatCard } from "../../src/cards/card.ts";
import type { AnyPatienceGame, PileRef } from "../../src/games/patience/contract.ts";
import { type AnySession, playTurn, Session } from "../../src/games/patience/session.ts";
import { solutionTurns } from "../../src/games/patience/solution.ts";
import { findPatience } from "../../src/games/registry.ts";
import { type Harness, openHarness, rawGet, shot, still as stillOn } from "./harness.ts";

let h: Harness;
let page: Page;

beforeAll(async () => {
  h = await openHarness();
  page = h.page;
}, 180_000);

afterAll(async () => {
  await h?.close();
});

const freecell = findPatience("freecell") as AnyPatienceGame;
const kingAlbert = findPatience("king-albert") as AnyPatienceGame;
type State = { rules: unknown };

const button = (name: string) => page.getByRole("button", { name, exact: true });
const notice = () => page.getByTestId("notice").textContent();
const movesShown = () => page.getByTestId("moves").textContent();

/** A fresh page on a link, with nothing stored (the app's own save on leaving is kept off by going away first). */
async function fresh(path: string, store: Record<string, string> = {}): Promise<void> {
  await page.goto(`${h.server.url}favicon.svg`);
  await page.evaluate("localStorage.clear()");
  for (const [key, value] of Object.entries(store)) {
    await page.evaluate(`localStorage.setItem(${JSON.stringify(key)}, ${JSON.stringify(value)})`);
  }
  await page.goto(`${h.server.url}#/${path}`);
  await page.waitForSelector(".card");
  await still();
}

/** Waits until no card is moving (harness.ts). */
const still = (): Promise<void> => stillOn(page);

/** Every face-up card's place on the page, as `TH` -> `cascade-2:5`. */
async function boardOnPage(): Promise<Record<string, string>> {
  const pairs = await page.evaluate<[string, string][]>(
    "Array.from(document.querySelectorAll('.card[data-face=\"up\"]')).map((e) => [e.dataset.card, e.dataset.pile + ':' + e.dataset.index])",
  );
  return Object.fromEntries(pairs);
}

function boardOf(game: AnyPatienceGame, state: State): Record<string, string> {
  const out: Record<string, string> = {};
  for (const pile of game.piles(state, "player")) {
    pile.cards.forEach((c, i) => {
      if (c.card !== null) out[formatCard(c.card)] = `${pile.ref.kind}-${pile.ref.index}:${i}`;
    });
  }
  return out;
}

/** The page shows the position, and has finished moving cards there (a drag during the steps is ignored). */
async function expectBoard(game: AnyPatienceGame, state: State): Promise<void> {
  await expect.poll(boardOnPage, { timeout: 10_000 }).toEqual(boardOf(game, state));
  await still();
}

const cardEl = (code: string) => page.locator(`.card[data-card="${code}"]`);
const slotEl = (pile: string) => page.locator(`[data-slot="${pile}"]`);

/** The solver's turns from the session's position, in notation. */
async function solve(session: AnySession): Promise<string[]> {
  const result = (await session.game.solver()).solve(session.state, { policy: session.policy });
  if (result.result !== "solved") throw new Error(`not solved: ${result.result}`);
  return solutionTurns(session.game, session.state, result.moves, session.policy).map((t) => t.notation[0]);
}

async function typeMoves(moves: string[]): Promise<void> {
  await page.fill("#moves-input", moves.join(" "));
  await page.press("#moves-input", "Enter");
}

/** Deals n from the Deal # box, leaving the game under way if the app asks. */
async function dealNumber(n: number): Promise<void> {
  await page.fill("#deal-number", String(n));
  await page.press("#deal-number", "Enter");
  const confirm = page.getByTestId("confirm-dialog");
  await page.waitForTimeout(50);
  if (await confirm.isVisible()) await confirm.locator("button.primary").click();
  await expect.poll(() => page.getByTestId("deal-title").textContent()).toBe(`Deal ${n}`);
  await still();
}

async function closeDialog(): Promise<void> {
  await page.locator("dialog[open] .close").click();
}

/** Animation speed: "off", "fast", "normal" or "slow". */
async function setSpeed(speed: string): Promise<void> {
  await button("Settings").click();
  await page.getByTestId("speed").selectOption(speed);
  await closeDialog();
}

/** Every card of the position inside the viewport. */
async function cardsOutOfView(): Promise<string[]> {
  return page.evaluate<string[]>(
    "Array.from(document.querySelectorAll('.card')).filter((e) => { const r = e.getBoundingClientRect(); return r.left < -0.5 || r.top < -0.5 || r.right > innerWidth + 0.5 || r.bottom > innerHeight + 0.5; }).map((e) => (e.dataset.card || 'back') + '@' + e.dataset.pile)",
  );
}

/**
 * The stacking order on the page matches the position: in every pile each card is drawn above the one under
 * it, and the visible corner of every covered card is that card (nothing from lower down shows over it).
 */
async function stackingProblems(): Promise<string[]> {
  return page.evaluate<string[]>(`(() => {
    const out = [];
    // A card in flight is drawn above the table until it lands; the others keep the position's order. A card
    // waiting to fly (an animation still in its delay) is not in flight: it must keep its place in the stack.
    const moving = new Set(document.getAnimations().filter((a) => a.playState === 'running' && a.effect && a.effect.target && a.effect.target.classList.contains('card') && a.effect.getTiming().iterations !== Infinity && Number(a.currentTime) >= Number(a.effect.getTiming().delay || 0)).map((a) => a.effect.target));
    const piles = new Map();
    for (const e of document.querySelectorAll('.card')) {
      const list = piles.get(e.dataset.pile) || [];
      list.push(e);
      piles.set(e.dataset.pile, list);
    }
    for (const [pile, cards] of piles) {
      cards.sort((a, b) => Number(a.dataset.index) - Number(b.dataset.index));
      for (let i = 0; i < cards.length; i++) {
        if (moving.has(cards[i]) || (i > 0 && moving.has(cards[i - 1]))) continue;
        const z = Number(getComputedStyle(cards[i]).zIndex);
        if (i > 0 && !(z > Number(getComputedStyle(cards[i - 1]).zIndex))) out.push(pile + ':' + i + ' not above ' + (i - 1));
        const r = cards[i].getBoundingClientRect();
        const next = cards[i + 1] && cards[i + 1].getBoundingClientRect();
        // A point of this card that no card above it in its pile covers.
        const y = next && next.top > r.top + 4 ? r.top + 3 : next ? -1 : r.top + r.height / 2;
        const x = next && next.left > r.left + 4 ? r.left + 3 : r.left + r.width / 2;
        if (y < 0 && !(next && next.left > r.left + 4)) continue;
        const hit = document.elementFromPoint(x, y < 0 ? r.top + 3 : y);
        const card = hit && hit.closest('.card');
        if (card && card !== cards[i] && !moving.has(card)) out.push(pile + ':' + i + ' (' + cards[i].dataset.card + ') shows ' + card.dataset.card + ' over it');
      }
    }
    return out;
  })()`);
}

describe("FreeCell in the browser", () => {
  let session: AnySession;

  it("loads the app on a link and deals 52 cards, each named by data-card, with no errors", async () => {
    await fresh("freecell/1");
    session = Session.deal(freecell, 1, freecell.rules.make({}), "microsoft", "safe");
    expect(await page.locator(".card").count()).toBe(52);
    expect(await page.title()).toContain("tsol");
    await expectBoard(freecell, session.state);
    const codes = await page.evaluate<string[]>(
      "Array.from(document.querySelectorAll('.card')).map((e) => e.dataset.card)",
    );
    expect(codes.every((c) => /^[A2-9TJQK][CDHS]$/.test(c))).toBe(true);
    expect(await page.getByTestId("deal-title").textContent()).toBe("Deal 1");
    await page.waitForSelector('[data-testid="verdict"][data-status="winnable"]', { timeout: 15_000 });
    await shot(page, "freecell-start");
    expect(h.problems).toEqual([]);
  });

  it("moves cards by click, then click", async () => {
    const move = freecell
      .legalMoves(session.state)
      .find((m) => (m as { to: { kind: string } }).to.kind === "cell") as {
      from: { index: number };
      to: { index: number };
    };
    const column = session.game
      .piles(session.state, "player")
      .find((p) => p.ref.kind === "cascade" && p.ref.index === move.from.index);
    const top = column?.cards[column.cards.length - 1].card as number;
    await cardEl(formatCard(top)).click();
    await expect.poll(() => page.locator(".card.selected").count()).toBeGreaterThan(0);
    await shot(page, "freecell-selected");
    await slotEl(`cell-${move.to.index}`).click();
    session.play(move);
    await expectBoard(freecell, session.state);
    expect(await movesShown()).toBe(String(session.moveCount));
  });

  it("moves cards by dragging them", async () => {
    const move = freecell
      .legalMoves(session.state)
      .find((m) => (m as { to: { kind: string } }).to.kind === "cell") as {
      from: { index: number };
      to: { index: number };
    };
    const column = session.game
      .piles(session.state, "player")
      .find((p) => p.ref.kind === "cascade" && p.ref.index === move.from.index);
    const top = column?.cards[column.cards.length - 1].card as number;
    const from = await cardEl(formatCard(top)).boundingBox();
    const to = await slotEl(`cell-${move.to.index}`).boundingBox();
    if (!from || !to) throw new Error("no boxes");
    await page.mouse.move(from.x + from.width / 2, from.y + 10);
    await page.mouse.down();
    await page.mouse.move(from.x + from.width / 2 + 20, from.y + 30, { steps: 3 });
    await page.mouse.move(to.x + to.width / 2, to.y + to.height / 2, { steps: 8 });
    await page.mouse.up();
    session.play(move);
    await expectBoard(freecell, session.state);
  });

  it("double-click plays the quick move; the keys pick up and put down", async () => {
    const cascade = session.game.piles(session.state, "player").find((p) => {
      if (p.ref.kind !== "cascade" || p.cards.length === 0) return false;
      return "move" in freecell.quickMove(session.state, p.ref);
    });
    if (!cascade) throw new Error("no quick move");
    const quick = freecell.quickMove(session.state, cascade.ref) as { move: unknown };
    await cardEl(formatCard(cascade.cards[cascade.cards.length - 1].card as number)).dblclick();
    session.play(quick.move);
    await expectBoard(freecell, session.state);
    await still();
    const move = freecell.legalMoves(session.state).find((m) => {
      const mm = m as { from: { kind: string }; to: { kind: string } };
      return mm.from.kind === "cascade" && mm.to.kind === "cascade";
    }) as { from: { index: number }; to: { index: number } } | undefined;
    if (move) {
      const intent = freecell.intent(
        session.state,
        { kind: "cascade", index: move.from.index },
        { kind: "cascade", index: move.to.index },
      );
      if ("move" in intent) {
        await page.locator("body").press(String(move.from.index + 1));
        await page.keyboard.press(String(move.to.index + 1));
        session.play(intent.move);
        await expectBoard(freecell, session.state);
      }
    }
  });

  it("undoes and redoes to any depth; the buttons say when there is nothing to do", async () => {
    const played = session.turns.length;
    for (let i = 0; i < played; i++) await button("Undo").click();
    await expect.poll(() => button("Undo").isDisabled()).toBe(true);
    await expectBoard(freecell, session.start);
    await button("Redo").click();
    for (let i = 1; i < played; i++) await page.keyboard.press("r");
    await expect.poll(() => button("Redo").isDisabled()).toBe(true);
    await expectBoard(freecell, session.state);
    expect(await movesShown()).toBe(String(session.moveCount));
  });

  it("finds the game as it was after a reload", async () => {
    await page.reload();
    await page.waitForSelector(".card");
    await expectBoard(freecell, session.state);
    expect(await notice()).toContain("Welcome back");
  });

  it("shows the hint on the table, the solver's move first, other moves on request, without moving the board", async () => {
    await still();
    const table = await page.getByTestId("table").boundingBox();
    await button("Hint").click();
    await page.waitForSelector(".card.hint-best-from", { timeout: 15_000 });
    expect(await notice()).toMatch(/^Best move: [A-Z]/);
    expect(await notice()).not.toMatch(/\b[2-9TJQKA][CDHS]\b/);
    expect(await page.locator(".hint-best-to").count()).toBe(1);
    await shot(page, "freecell-hint-best");
    await button("Hint").click();
    await page.waitForSelector(".card.hint-other-from");
    expect(await notice()).toMatch(/^Another legal move \(1 of \d+\)/);
    expect(await page.getByTestId("table").boundingBox()).toEqual(table);
    await shot(page, "freecell-hint-other");
    await page.keyboard.press("Escape");
    expect(await page.locator(".hint-best-from, .hint-other-from").count()).toBe(0);
  });

  it("after Deal # and Enter, the box gives the keys back to the game", async () => {
    await fresh("freecell/2");
    await page.fill("#deal-number", "1");
    await page.press("#deal-number", "Enter");
    await expect.poll(() => page.getByTestId("deal-title").textContent()).toBe("Deal 1");
    session = Session.deal(freecell, 1, freecell.rules.make({}), "microsoft", "safe");
    const focused = await page.evaluate<string>(
      "document.activeElement ? document.activeElement.id || document.activeElement.className : ''",
    );
    expect(focused).not.toBe("deal-number");
    await page.keyboard.press("t");
    await page.waitForSelector(".card.hint-best-from", { timeout: 15_000 });
    expect(await page.inputValue("#deal-number")).toBe("");
    await page.keyboard.press("Escape");
  });

  it("asks before a new deal abandons a game under way, with 'don't ask again'", async () => {
    const turns = await solve(session);
    await typeMoves(turns.slice(0, 1));
    session.playNotation(turns[0]);
    await expectBoard(freecell, session.state);
    await button("New deal").click();
    const dialog = page.getByTestId("confirm-dialog");
    await dialog.waitFor();
    expect(await dialog.textContent()).toContain("counts it as lost");
    await shot(page, "freecell-confirm");
    await dialog.getByRole("button", { name: "Keep playing" }).click();
    await expectBoard(freecell, session.state);
    await page.keyboard.press("n");
    await dialog.waitFor();
    await dialog.getByLabel("Don't ask again").check();
    await dialog.getByRole("button", { name: "A new deal" }).click();
    await expect.poll(() => page.getByTestId("deal-title").textContent()).not.toBe("Deal 1");
    // Not asked again; the setting shows it, and puts it back.
    await dealNumber(1);
    await typeMoves(turns.slice(0, 1));
    await dealNumber(2);
    expect(await page.getByTestId("confirm-dialog").isVisible()).toBe(false);
    await button("Settings").click();
    expect(await page.getByTestId("confirm-abandon").isChecked()).toBe(false);
    await page.getByTestId("confirm-abandon").check();
    await closeDialog();
  });

  it("counts a win played by hand after Solve and Restart; the prompt comes at once, the celebration behind it", async () => {
    const stats = async () => {
      await button("Statistics").click();
      const row = page.locator('tr[data-stats-key="freecell/FreeCell"]');
      const has = (await row.count()) > 0;
      const played = has ? Number(await row.getByTestId("played").textContent()) : 0;
      const won = has ? Number(await row.getByTestId("won").textContent()) : 0;
      await closeDialog();
      return { played, won };
    };
    await setSpeed("off");
    await dealNumber(3);
    const before = await stats();
    await button("Solve").click();
    await page.waitForSelector('[data-testid="verdict"][data-status="won"]', { timeout: 40_000 });
    const prompt = page.getByTestId("win-dialog");
    await prompt.waitFor();
    expect(await prompt.textContent()).toContain("not counted as a win");
    await closeDialog();
    expect(await stats()).toEqual({ played: before.played + 1, won: before.won });
    await button("Restart").click();
    await expect.poll(movesShown).toBe("0");
    const start = Session.deal(freecell, 3, freecell.rules.make({}), "microsoft", "safe");
    await setSpeed("normal");
    await typeMoves(await solve(start));
    // The dialog at once, the celebration behind it.
    await prompt.waitFor({ timeout: 20_000 });
    await page.getByTestId("celebration").waitFor();
    await shot(page, "freecell-celebration");
    expect(await prompt.textContent()).toMatch(/Deal 3 in \d+ moves/);
    await shot(page, "freecell-won");
    await prompt.getByRole("button", { name: "Statistics" }).click();
    await page.getByTestId("stats").waitFor();
    await shot(page, "statistics");
    await closeDialog();
    expect(await stats()).toEqual({ played: before.played + 1, won: before.won + 1 });
  });

  it("keeps the stacking order of the position through an automatic-move animation", async () => {
    // A turn of deal 5's solution that sends at least two cards home by themselves.
    const s = Session.deal(freecell, 5, freecell.rules.make({}), "microsoft", "safe");
    const turns = await solve(s);
    let at = -1;
    let state = s.state;
    for (let i = 0; i < turns.length; i++) {
      const turn = playTurn(freecell, state, freecell.notation.parse(state, turns[i]), "safe");
      if (turn.auto.length >= 2) {
        at = i;
        break;
      }
      state = turn.after;
    }
    expect(at).toBeGreaterThanOrEqual(0);
    await dealNumber(5);
    if (at > 0) await typeMoves(turns.slice(0, at));
    await still();
    expect(await stackingProblems()).toEqual([]);
    await typeMoves([turns[at]]);
    // While the cards fly home one after another, and after.
    const seen: string[] = [];
    for (let i = 0; i < 8; i++) {
      await page.waitForTimeout(60);
      seen.push(...(await stackingProblems()));
    }
    await still();
    expect(await stackingProblems()).toEqual([]);
    expect(seen).toEqual([]);
  });

  it("draws focus and selection differently; one tab stop for the table, arrows between piles", async () => {
    await dealNumber(1);
    await page.locator("#moves-input").focus();
    await page.keyboard.press("Escape");
    const stops = await page.evaluate<number>("document.querySelectorAll('.table [tabindex=\"0\"]').length");
    expect(stops).toBe(1);
    await page.evaluate("document.querySelector('.table [tabindex=\"0\"]').focus()");
    // From the first free cell down to the cascades, then along them.
    await page.keyboard.press("ArrowDown");
    await page.keyboard.press("ArrowRight");
    const focused = page.locator(".card:focus");
    await expect.poll(() => focused.count()).toBe(1);
    const style = (sel: string) =>
      page.evaluate<{ outline: string; shadow: string }>(
        `(() => { const e = document.querySelector(${JSON.stringify(sel)}); const s = getComputedStyle(e); return { outline: s.outlineStyle, shadow: s.boxShadow }; })()`,
      );
    const focus = await style(".card:focus");
    expect(focus.outline).toBe("dashed");
    expect(focus.shadow).not.toContain("255, 202, 40");
    // Enter picks the focused card up; the focus then moves on to the next pile: one card selected, one focused.
    await page.keyboard.press("Enter");
    await page.waitForSelector(".card.selected");
    await page.keyboard.press("ArrowRight");
    await expect.poll(() => page.locator(".card:focus:not(.selected)").count()).toBe(1);
    const picked = await style(".card.selected:not(:focus)");
    expect(picked.shadow).toContain("255, 202, 40");
    expect(picked.outline).toBe("none");
    const other = await style(".card:focus");
    expect(other.outline).toBe("dashed");
    expect(other.shadow).not.toContain("255, 202, 40");
    await shot(page, "freecell-focus-and-selection");
    const covered = await page.locator('.card[aria-label*="covered"]').first().getAttribute("tabindex");
    expect(covered).toBe("-1");
    await page.keyboard.press("Escape");
  });

  it("reports a corrupt saved game and starts clean", async () => {
    await fresh("freecell", { "tsol.save.freecell.v2": "{not json" });
    expect(await notice()).toContain("could not be restored");
    expect(await page.locator(".card").count()).toBe(52);
  });

  it("migrates the FreeCell-only app's saved game and statistics", async () => {
    const old = Session.deal(freecell, 617, freecell.rules.make({}), "microsoft", "safe");
    const turns = await solve(old);
    for (const t of turns.slice(0, 5)) old.playNotation(t);
    const v2 = old.toSave();
    const v1 = {
      game: "freecell",
      version: 1,
      deal: 617,
      rules: { ...(freecell.rules.make({}) as object), reserve: false },
      policy: "safe",
      board: v2.board,
      moves: v2.moves,
      redo: [],
    };
    await fresh("freecell", {
      "tsol.freecell.save.v1": JSON.stringify({
        version: 1,
        save: v1,
        gameId: "old",
        elapsedMs: 5000,
        assisted: false,
      }),
      "tsol.stats.v1": JSON.stringify({
        FreeCell: { played: 9, won: 4, currentStreak: 1, bestStreak: 3, bestTimeMs: 100000, fewestMoves: 88 },
      }),
    });
    expect(await page.getByTestId("deal-title").textContent()).toBe("Deal 617");
    await expectBoard(freecell, old.state);
    expect(await notice()).toContain("Welcome back");
    await button("Statistics").click();
    const row = page.locator('tr[data-stats-key="freecell/FreeCell"]');
    expect(await row.getByTestId("played").textContent()).toBe("9");
    expect(await row.getByTestId("won").textContent()).toBe("4");
    await closeDialog();
  });
});

describe("King Albert in the browser", () => {
  it("is playable: a reserve card by click, the solver's status, Solve to the end", async () => {
    await fresh("king-albert/2");
    const session = Session.deal(
      kingAlbert,
      2,
      kingAlbert.rules.make({}),
      "microsoft",
      kingAlbert.policies[0],
    );
    await expectBoard(kingAlbert, session.state);
    await page.waitForSelector('[data-testid="verdict"]:not([data-status="checking"])', { timeout: 20_000 });
    await shot(page, "king-albert-start");
    const move = kingAlbert
      .legalMoves(session.state)
      .find((m) => (m as { from: { kind: string } }).from.kind === "cell") as
      | { from: { index: number }; to: { kind: string; index: number } }
      | undefined;
    if (move) {
      const reserve = session.game
        .piles(session.state, "player")
        .find((p) => p.ref.kind === "reserve" && p.ref.index === move.from.index);
      await cardEl(formatCard(reserve?.cards[0].card as number)).click();
      const dest = session.game
        .piles(session.state, "player")
        .find((p) => p.ref.kind === move.to.kind && p.ref.index === move.to.index);
      if (dest && dest.cards.length > 0)
        await cardEl(formatCard(dest.cards[dest.cards.length - 1].card as number)).click();
      else await slotEl(`${move.to.kind}-${move.to.index}`).click();
      session.play(move);
      await expectBoard(kingAlbert, session.state);
    }
    if ((await page.getByTestId("verdict").getAttribute("data-status")) === "winnable") {
      await setSpeed("off");
      await button("Solve").click();
      await page.waitForSelector('[data-testid="verdict"][data-status="won"]', { timeout: 60_000 });
      expect(await page.locator('.card[data-pile^="foundation"]').count()).toBe(52);
      await setSpeed("normal");
    }
  });
});

describe("the family engine's tables in the browser", () => {
  type Move = { from: PileRef; to: PileRef; count?: number };
  const id = (ref: PileRef) => `${ref.kind}-${ref.index}`;
  /** Every face-up card with its place, sorted (two decks hold every card twice). */
  const placesOnPage = async () =>
    (
      await page.evaluate<string[]>(
        "Array.from(document.querySelectorAll('.card[data-face=\"up\"]')).map((e) => e.dataset.card + '@' + e.dataset.pile + ':' + e.dataset.index)",
      )
    ).sort();
  const placesOf = (game: AnyPatienceGame, state: State) =>
    game
      .piles(state, "player")
      .flatMap((p) =>
        p.cards.flatMap((c, i) => (c.card === null ? [] : [`${formatCard(c.card)}@${id(p.ref)}:${i}`])),
      )
      .sort();
  const pileOf = (game: AnyPatienceGame, state: State, ref: PileRef) =>
    game.piles(state, "player").find((p) => id(p.ref) === id(ref));
  /** The element of a pile's card `index` (its top card by default), or the empty pile's outline. */
  const spotOf = (game: AnyPatienceGame, state: State, ref: PileRef, fromTop = 1) => {
    const n = pileOf(game, state, ref)?.cards.length ?? 0;
    return n === 0
      ? slotEl(id(ref))
      : page.locator(`.card[data-pile="${id(ref)}"][data-index="${n - fromTop}"]`);
  };
  const dealt = async (game: AnyPatienceGame) => {
    await fresh(`${game.id}/1?numbering=solvitaire`);
    const session = Session.deal(game, 1, game.rules.make({}), "solvitaire", game.policies[0]);
    await expect.poll(placesOnPage, { timeout: 10_000 }).toEqual(placesOf(game, session.state));
    expect(await cardsOutOfView()).toEqual([]);
    return session;
  };
  const settled = async (session: AnySession) => {
    await expect.poll(placesOnPage, { timeout: 10_000 }).toEqual(placesOf(session.game, session.state));
    await still();
    expect(await movesShown()).toBe(String(session.moveCount));
  };
  /** A move by clicks: the card the group starts at, then the pile it goes to. */
  const clickMove = async (session: AnySession, move: Move) => {
    const { game, state } = session;
    await spotOf(game, state, move.from, move.count ?? 1).click();
    await expect.poll(() => page.locator(".card.selected").count()).toBeGreaterThan(0);
    await spotOf(game, state, move.to).click();
    session.play(move);
    await settled(session);
  };
  /** A move by dragging the card to the pile it goes to. */
  const dragMove = async (session: AnySession, move: Move) => {
    const { game, state } = session;
    const from = await spotOf(game, state, move.from, move.count ?? 1).boundingBox();
    const to = await spotOf(game, state, move.to).boundingBox();
    if (!from || !to) throw new Error("no boxes");
    await page.mouse.move(from.x + from.width / 2, from.y + 8);
    await page.mouse.down();
    await page.mouse.move(from.x + from.width / 2 + 15, from.y + 25, { steps: 3 });
    await page.mouse.move(to.x + to.width / 2, to.y + to.height / 2, { steps: 8 });
    await page.mouse.up();
    session.play(move);
    await settled(session);
  };
  const stockClick = async (session: AnySession) => {
    await spotOf(session.game, session.state, { kind: "stock", index: 0 }).click();
    session.playNotation("s");
    await settled(session);
  };
  const legal = (session: AnySession) => session.game.legalMoves(session.state) as Move[];

  it("Spider: ten piles and eight foundations in view; a run moved by click, then by drag; the stock deals", async () => {
    const game = findPatience("spider") as AnyPatienceGame;
    const session = await dealt(game);
    await shot(page, "family-spider");
    const between = (m: Move) => m.from.kind === "cascade" && m.to.kind === "cascade";
    await clickMove(session, legal(session).find(between) as Move);
    await stockClick(session);
    await dragMove(session, legal(session).find(between) as Move);
  });

  it("Golf: the stock's card goes to the hole by a click, a pile's card by a drag", async () => {
    const game = findPatience("golf") as AnyPatienceGame;
    const session = await dealt(game);
    const toHole = (m: Move) => m.from.kind === "cascade" && m.to.kind === "hole";
    for (let i = 0; i < 10 && !legal(session).some(toHole); i++) await stockClick(session);
    await dragMove(session, legal(session).find(toHole) as Move);
    await shot(page, "family-golf");
  });

  it("Canfield: the stock turns onto the waste, then a card moves by click", async () => {
    const game = findPatience("canfield") as AnyPatienceGame;
    const session = await dealt(game);
    await stockClick(session);
    const move = legal(session).find((m) => m.from.kind !== "stock" && m.to.kind !== "stock");
    if (move) await clickMove(session, move);
    expect(session.moveCount).toBeGreaterThan(0);
    await shot(page, "family-canfield");
  });

  it("Black Hole: a card from pile 10 or beyond into the hole by its keys, another by click", async () => {
    const game = findPatience("black-hole") as AnyPatienceGame;
    const session = await dealt(game);
    const far = legal(session).find(
      (m) => m.from.kind === "cascade" && m.from.index >= 9 && m.to.kind === "hole",
    ) as Move;
    await page.locator("[data-testid='table']").click({ position: { x: 2, y: 2 } });
    await page.keyboard.type(String(far.from.index + 1));
    await expect.poll(() => page.locator(".card.selected").count()).toBe(1);
    await page.keyboard.press("o");
    session.play(far);
    await settled(session);
    const next = legal(session).find((m) => m.from.kind === "cascade" && m.to.kind === "hole");
    if (next) await clickMove(session, next);
    await shot(page, "family-black-hole");
  });
});

describe("Tetris in the browser", () => {
  it("plays with the keyboard: the score changes; pause, and the AI demo", async () => {
    await page.goto(`${h.server.url}#/tetris`);
    await page.waitForSelector("canvas.field");
    const score = () => page.getByTestId("tetris-score").textContent();
    // The game takes the keyboard when shown: Space drops a piece, it does not press the last button used.
    await expect
      .poll(() => page.evaluate("document.activeElement && document.activeElement.className"))
      .toBe("field-wrap");
    await page.keyboard.press("ArrowLeft");
    await page.keyboard.press("ArrowUp");
    await page.keyboard.press("Space");
    await expect.poll(score).not.toBe("0");
    await shot(page, "tetris");
    await page.keyboard.press("p");
    await page.waitForSelector(".field-overlay");
    await page.keyboard.press("p");
    await button("AI demo").click();
    const before = Number((await score())?.replace(/,/g, ""));
    await expect
      .poll(async () => Number((await score())?.replace(/,/g, "")), { timeout: 10_000 })
      .toBeGreaterThan(before + 20);
    await button("Stop AI").click();
  });

  it("keeps a running game paused when another game is shown, and finds it on return", async () => {
    const score = () => page.getByTestId("tetris-score").textContent();
    const before = await score();
    await page.locator(".game-menu a", { hasText: "FreeCell" }).click();
    await page.waitForSelector(".card");
    await page.locator(".game-menu a", { hasText: "Tetris" }).click();
    await page.waitForSelector(".field-overlay");
    expect(await page.locator(".field-overlay").textContent()).toContain("Paused");
    expect(await score()).toBe(before);
    await page.locator(".field-overlay button").click();
  });

  it("plays the classic engine without a Hold box", async () => {
    await button("Settings").click();
    await page.getByLabel("Engine").selectOption("classic");
    await closeDialog();
    await page.getByText("Classic (VDM++ model)").waitFor();
    // No Hold box, and no Hold button to be seen (the phone pad keeps the button's place, hidden).
    const holds = page.getByText("Hold", { exact: true });
    for (let i = 0; i < (await holds.count()); i++) expect(await holds.nth(i).isVisible()).toBe(false);
    await shot(page, "tetris-classic");
    await button("Settings").click();
    await page.getByLabel("Engine").selectOption("guideline");
    await closeDialog();
  });
});

describe("the server", () => {
  it("refuses paths outside the build and sends the security headers", async () => {
    for (const path of [
      "/../package.json",
      "/%2e%2e/package.json",
      "/%2e%2e%2fpackage.json",
      "//etc/passwd",
    ]) {
      const res = await rawGet(h.server.url, path);
      expect(res.status, path).toBeGreaterThanOrEqual(400);
      expect(res.body, path).not.toContain('"name": "tsol"');
      expect(res.body, path).not.toContain("root:");
    }
    const index = await rawGet(h.server.url, "/");
    expect(index.status).toBe(200);
    expect(String(index.headers["content-security-policy"])).toContain("script-src 'self'");
    expect(index.body).not.toMatch(/<script(?![^>]*\ssrc=)[^>]*>/);
    expect(index.body).not.toMatch(/<style|style="/);
  });

  it("saw no console errors or CSP violations in the whole session", () => {
    expect(h.problems).toEqual([]);
  });
});
