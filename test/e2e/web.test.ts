import type { Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { formatCard } from "../../src/cards/card.ts";
import { FreeCellGame } from "../../src/games/freecell/game.ts";
import { formatMove } from "../../src/games/freecell/notation.ts";
import {
  CELL_LETTERS,
  canGoHome,
  type FreeCellState,
  legalMoves,
  type Move,
  whyIllegal,
} from "../../src/games/freecell/rules.ts";
import { solve } from "../../src/games/freecell/solver.ts";
import { type Harness, openHarness, rawGet, shot } from "./harness.ts";

let h: Harness;
let page: Page;

beforeAll(async () => {
  h = await openHarness();
  page = h.page;
}, 120_000);

afterAll(async () => {
  await h?.close();
});

/** Every card's place on the page, as `TH` → `cascade-2:5`. */
async function boardOnPage(): Promise<Record<string, string>> {
  const pairs = await page.evaluate<[string, string][]>(
    "Array.from(document.querySelectorAll('.card')).map((e) => [e.dataset.card, e.dataset.place + ':' + e.dataset.index])",
  );
  return Object.fromEntries(pairs);
}

function boardOf(state: FreeCellState): Record<string, string> {
  const out: Record<string, string> = {};
  state.cascades.forEach((col, i) => {
    col.forEach((c, j) => {
      out[formatCard(c)] = `cascade-${i}:${j}`;
    });
  });
  state.cells.forEach((c, i) => {
    if (c !== null) out[formatCard(c)] = `cell-${i}:0`;
  });
  state.foundations.forEach((rank, suit) => {
    for (let r = 1; r <= rank; r++) out[formatCard((r - 1) * 4 + suit)] = `foundation-${suit}:${r - 1}`;
  });
  return out;
}

async function expectBoard(state: FreeCellState): Promise<void> {
  await expect.poll(boardOnPage, { timeout: 5000 }).toEqual(boardOf(state));
}

const card = (c: number) => page.locator(`.card[data-card="${formatCard(c)}"]`);
const top = (state: FreeCellState, i: number) => state.cascades[i][state.cascades[i].length - 1];
const movesShown = () => page.getByTestId("moves").textContent();
const button = (name: string) => page.getByRole("button", { name, exact: true });

async function dealNumber(n: number): Promise<void> {
  await page.fill("#deal-number", String(n));
  await page.press("#deal-number", "Enter");
  await expect.poll(() => page.locator(".deal-title").textContent()).toBe(`Deal ${n}`);
}

/** The first legal move the test wants, found by the engine. */
function firstMove(state: FreeCellState, test: (m: Move) => boolean): Move {
  const move = legalMoves(state).find(test);
  if (!move) throw new Error("no such move in this position");
  return move;
}

describe("FreeCell in the browser", () => {
  const game = FreeCellGame.fromDeal(1, {}, "safe");

  it("loads the app and deals 52 cards, with no errors and nothing blocked by the CSP", async () => {
    await page.goto(h.server.url);
    await page.waitForSelector(".card");
    expect(await page.locator(".card").count()).toBe(52);
    expect(await page.title()).toContain("tsol");
    await page.waitForTimeout(700);
    await shot(page, "01-freecell-start");
    expect(h.problems).toEqual([]);
  });

  it("deals by number: deal 1 as the engine deals it", async () => {
    await dealNumber(1);
    await expectBoard(game.state);
    expect(await button("Undo").isDisabled()).toBe(true);
    expect(await button("Redo").isDisabled()).toBe(true);
    await page.waitForTimeout(700);
  });

  it("moves a card by clicking it, then its destination", async () => {
    const move =
      legalMoves(game.state).find((m) => m.from.kind === "cascade" && m.to.kind === "cascade") ??
      firstMove(game.state, (m) => m.from.kind === "cascade" && m.to.kind === "cell");
    const before = game.state;
    await card(top(before, move.from.index)).click();
    await expect.poll(() => page.locator(".card.selected").count()).toBe(move.count);
    await shot(page, "02-freecell-selected");
    if (move.to.kind === "cascade" && before.cascades[move.to.index].length > 0) {
      await card(top(before, move.to.index)).click();
    } else {
      await page.locator(`[data-slot="${move.to.kind}-${move.to.index}"]`).click();
    }
    game.play(move);
    await expectBoard(game.state);
    expect(await movesShown()).toBe(String(game.moveCount));
    expect(await button("Undo").isDisabled()).toBe(false);
  });

  it("moves a card by dragging it", async () => {
    const move = firstMove(game.state, (m) => m.from.kind === "cascade" && m.to.kind === "cell");
    const from = await card(top(game.state, move.from.index)).boundingBox();
    const to = await page.locator(`[data-slot="cell-${move.to.index}"]`).boundingBox();
    if (!from || !to) throw new Error("no boxes");
    await page.mouse.move(from.x + from.width / 2, from.y + 10);
    await page.mouse.down();
    await page.mouse.move(from.x + from.width / 2 + 20, from.y + 30, { steps: 3 });
    await page.mouse.move(to.x + to.width / 2, to.y + to.height / 2, { steps: 8 });
    await page.mouse.up();
    game.play(move);
    await expectBoard(game.state);
  });

  it("double-click sends a card home, or else to the first free cell", async () => {
    const s = game.state;
    const i = s.cascades.findIndex((col) => col.length > 0 && !canGoHome(s, col[col.length - 1]));
    const free = s.cells.indexOf(null);
    await card(top(s, i)).dblclick();
    game.play({ from: { kind: "cascade", index: i }, to: { kind: "cell", index: free }, count: 1 });
    await expectBoard(game.state);
  });

  it("plays with the terminal's keys: source, then destination", async () => {
    const move = firstMove(game.state, (m) => m.from.kind === "cascade" && m.to.kind === "cell");
    await page.locator("body").click({ position: { x: 5, y: 300 } });
    await page.keyboard.press(String(move.from.index + 1));
    await page.keyboard.press(CELL_LETTERS[move.to.index]);
    game.play(move);
    await expectBoard(game.state);
  });

  it("undoes and redoes to any depth; the buttons say when there is nothing to do", async () => {
    const played = game.turns.length;
    for (let i = 0; i < played; i++) await button("Undo").click();
    await expect.poll(() => button("Undo").isDisabled()).toBe(true);
    expect(await button("Redo").isDisabled()).toBe(false);
    await expectBoard(game.initial);
    await button("Redo").click();
    for (let i = 1; i < played; i++) await page.keyboard.press("r");
    await expect.poll(() => button("Redo").isDisabled()).toBe(true);
    await expectBoard(game.state);
    expect(await movesShown()).toBe(String(game.moveCount));
  });

  it("shows the live winnable status and flags the move that lost a winnable game", async () => {
    // Four cards in the four cells with nowhere to go: the solver proves it lost, the move before was winnable.
    await page.waitForSelector('[data-testid="verdict"][data-status="not winnable"]', { timeout: 15_000 });
    expect(await page.getByTestId("verdict").textContent()).toContain("lost by move 4");
    expect(await page.getByTestId("notice").textContent()).toContain("lost the game");
    await shot(page, "03-freecell-lost-flag");
    await page.keyboard.press("u");
    game.undo();
    // Cached: undo is answered at once.
    await page.waitForSelector('[data-testid="verdict"][data-status="winnable"]', { timeout: 1000 });
  });

  it("finds the game as it was after a reload", async () => {
    await page.reload();
    await page.waitForSelector(".card");
    await expectBoard(game.state);
    expect(await movesShown()).toBe(String(game.moveCount));
    expect(await page.getByTestId("notice").textContent()).toContain("Welcome back");
  });

  it("hints every legal move, then the solver's best move on a second press", async () => {
    await button("Hint").click();
    const items = page.locator('[data-testid="hint-panel"] li');
    await expect.poll(() => items.count()).toBe(legalMoves(game.state).length);
    expect(await page.locator(".card.hint-from").count()).toBeGreaterThan(0);
    await shot(page, "04-freecell-hint-all");
    await button("Best move").click();
    await page.waitForSelector('[data-testid="best-move"]', { timeout: 15_000 });
    expect(await page.getByTestId("best-move").textContent()).toMatch(/Best move: \w+/);
    expect(await page.locator(".card.hint-best").count()).toBeGreaterThan(0);
    await page.waitForTimeout(300);
    await shot(page, "05-freecell-hint-best");
    await page.keyboard.press("Escape");
  });

  it("counts a win in the statistics, once even after undo and redo", async () => {
    const readStats = async () => {
      await button("Statistics").click();
      const row = page.locator('tr[data-stats-key="FreeCell"]');
      const has = (await row.count()) > 0;
      const played = has ? Number(await row.getByTestId("played").textContent()) : 0;
      const won = has ? Number(await row.getByTestId("won").textContent()) : 0;
      return { played, won };
    };
    const closeDialog = () => page.getByRole("button", { name: "Close" }).first().click();
    const before = await readStats();
    await closeDialog();

    // The solver's solution for deal 1, written as the player's moves (the policy makes the rest).
    await dealNumber(1);
    const replay = FreeCellGame.fromDeal(1, {}, "safe");
    const solution = solve(replay.state, { policy: "safe" });
    expect(solution.result).toBe("solved");
    const typed: string[] = [];
    for (const move of solution.moves) {
      if (whyIllegal(replay.state, move) !== undefined) continue;
      typed.push(formatMove(move, replay.state));
      replay.play(move);
    }
    expect(replay.isWon()).toBe(true);
    await page.fill("#moves-input", typed.join(" "));
    await page.press("#moves-input", "Enter");
    await page.waitForSelector(".notice-win", { timeout: 20_000 });
    expect(await page.getByTestId("notice").textContent()).toContain("You won deal 1");
    await page.waitForTimeout(600);
    await shot(page, "06-freecell-won");
    await page.press("#moves-input", "Escape");
    await page.keyboard.press("u");
    await expect
      .poll(() => page.locator('[data-testid="verdict"]').getAttribute("data-status"))
      .not.toBe("won");
    await page.keyboard.press("r");
    await page.waitForSelector(".notice-win");
    const after = await readStats();
    await shot(page, "07-statistics");
    await closeDialog();
    expect(after.won).toBe(before.won + 1);
    expect(after.played).toBe(before.played + 1);
  });

  it("solves deal 1 to the end, animated, after turning animation down in the settings", async () => {
    await button("Settings").click();
    await page.getByLabel("Animate cards").uncheck();
    await shot(page, "08-settings");
    await page.getByRole("button", { name: "Close" }).first().click();
    await dealNumber(1);
    await button("Solve").click();
    await page.waitForSelector('[data-testid="verdict"][data-status="won"]', { timeout: 40_000 });
    expect(await page.getByTestId("notice").textContent()).toContain("Solved by the computer");
    expect(await page.locator('.card[data-place^="foundation"]').count()).toBe(52);
  });

  it("deals an easy deal when the settings ask for one", async () => {
    await button("Settings").click();
    await page.getByTestId("deal-kind").selectOption("easy");
    await page.getByRole("button", { name: "Close" }).first().click();
    await button("New deal").click();
    await page.waitForSelector(".notice:has-text('it can be won in')", { timeout: 30_000 });
    const text = (await page.getByTestId("notice").textContent()) ?? "";
    const [, deal, moves] = /Easy deal (\d+): it can be won in (\d+) moves/.exec(text) ?? [];
    expect(Number(deal)).toBeGreaterThan(0);
    expect(Number(moves)).toBeLessThan(80);
    expect(await page.locator(".deal-title").textContent()).toBe(`Deal ${deal}`);
    await button("Settings").click();
    await page.getByTestId("deal-kind").selectOption("any");
    await page.getByRole("button", { name: "Close" }).first().click();
  });

  it("reports a corrupt saved game and starts clean", async () => {
    // Away from the app first, so that its own save on leaving does not overwrite the broken one.
    await page.goto(`${h.server.url}favicon.svg`);
    await page.evaluate(
      'localStorage.setItem(\'tsol.freecell.save.v1\', \'{"version":1,"gameId":"x","elapsedMs":0,"save":{"game":"freecell","version":1,"board":"nonsense","policy":"safe","moves":[],"redo":[],"deal":null}}\')',
    );
    await page.goto(h.server.url);
    await page.waitForSelector(".card");
    expect(await page.getByTestId("notice").textContent()).toContain("could not be restored");
    expect(await page.locator(".card").count()).toBe(52);
    await shot(page, "12-freecell-corrupt-save");
    await page.goto(`${h.server.url}favicon.svg`);
    await page.evaluate("localStorage.setItem('tsol.freecell.save.v1', '{not json')");
    await page.goto(h.server.url);
    await page.waitForSelector(".card");
    expect(await page.getByTestId("notice").textContent()).toContain("could not be restored");
  });

  it("is readable in the dark theme and at phone width, with help for each game", async () => {
    await button("Settings").click();
    await page.getByTestId("theme").selectOption("dark");
    await page.getByLabel("Animate cards").check();
    await page.getByRole("button", { name: "Close" }).first().click();
    await page.waitForTimeout(300);
    await shot(page, "09-freecell-dark");
    await page.setViewportSize({ width: 390, height: 844 });
    await page.waitForTimeout(400);
    await shot(page, "10-freecell-phone");
    await button("Help").click();
    await shot(page, "11-help");
    await page.getByRole("button", { name: "Close" }).last().click();
    await page.setViewportSize({ width: 1280, height: 860 });
    await button("Settings").click();
    await page.getByTestId("theme").selectOption("light");
    await page.getByRole("button", { name: "Close" }).first().click();
  });
});

describe("Tetris in the browser", () => {
  it("plays with the keyboard: the score changes; pause, and the AI demo", async () => {
    await page.goto(`${h.server.url}#/tetris`);
    await page.waitForSelector("canvas.field");
    const score = () => page.getByTestId("tetris-score").textContent();
    expect(await score()).toBe("0");
    await page.keyboard.press("ArrowLeft");
    await page.keyboard.press("ArrowUp");
    await page.keyboard.press("Space");
    await expect.poll(score).not.toBe("0");
    for (const key of ["ArrowRight", "ArrowRight", "Space", "z", "Space", "c", "Space"])
      await page.keyboard.press(key);
    await page.waitForTimeout(1200);
    expect(await page.locator("canvas.field").getAttribute("data-fps")).toMatch(/^\d/);
    await shot(page, "13-tetris");
    await page.keyboard.press("p");
    await page.waitForSelector(".field-overlay");
    await page.keyboard.press("p");
    await button("AI demo").click();
    const before = Number((await score())?.replace(/,/g, ""));
    await expect
      .poll(async () => Number((await score())?.replace(/,/g, "")), { timeout: 10_000 })
      .toBeGreaterThan(before + 20);
    await shot(page, "14-tetris-ai");
    await button("Stop AI").click();
  });

  it("pauses when the window loses focus", async () => {
    await page.goto(`${h.server.url}#/tetris`);
    await page.waitForSelector("canvas.field");
    await expect.poll(() => page.locator(".field-overlay").count()).toBe(0);
    await page.evaluate("window.dispatchEvent(new Event('blur'))");
    await page.waitForSelector(".field-overlay");
    await page.keyboard.press("p");
    await expect.poll(() => page.locator(".field-overlay").count()).toBe(0);
  });

  it("plays the classic engine (the VDM++ model) when the settings choose it", async () => {
    await page.goto(`${h.server.url}#/tetris`);
    await page.waitForSelector("canvas.field");
    await button("Settings").click();
    await page.getByLabel("Engine").selectOption("classic");
    await page.getByRole("button", { name: "Close" }).first().click();
    await page.getByText("Classic (VDM++ model)").waitFor();
    const score = () => page.getByTestId("tetris-score").textContent();
    await page.keyboard.press("Space");
    await expect.poll(score).not.toBe("0");
    await shot(page, "15-tetris-classic");
    await button("Settings").click();
    await page.getByLabel("Engine").selectOption("guideline");
    await page.getByRole("button", { name: "Close" }).first().click();
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
