import type { BrowserContext, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { AnyPatienceGame } from "../../src/games/patience/contract.ts";
import { type DailyDeal, dailyDeal } from "../../src/games/patience/daily.ts";
import { Session } from "../../src/games/patience/session.ts";
import { solutionTurns } from "../../src/games/patience/solution.ts";
import { findPatience } from "../../src/games/registry.ts";
import { type Harness, openHarness, shot } from "./harness.ts";

// The daily deal in chromium: two browsers (two contexts, nothing shared) on one date open /#/freecell/daily and
// get the same deal, the deal the platform proves winnable for that date; it is won through the page, and the
// daily statistics count the day. A Solvitaire preset with thresholds (Accordion) has the Daily button too, and it
// opens the preset's deal for the date in Solvitaire's numbering; one without (Maria) has none.
let h: Harness;
const contexts: BrowserContext[] = [];
const freecell = findPatience("freecell") as AnyPatienceGame;
const DATE = "2026-11-28";
let expected: DailyDeal;

beforeAll(async () => {
  h = await openHarness();
  expected = await dailyDeal(freecell, { date: DATE, numbering: "microsoft" });
}, 180_000);

afterAll(async () => {
  for (const c of contexts) await c.close();
  await h?.close();
});

/** A browser of its own (its own storage), whose clock says the afternoon of DATE, UTC. */
async function browserOn(date: string): Promise<Page> {
  const context = await h.browser.newContext({
    viewport: { width: 1280, height: 860 },
    deviceScaleFactor: 1,
  });
  contexts.push(context);
  await context.clock.setFixedTime(new Date(`${date}T15:30:00Z`));
  const page = await context.newPage();
  page.on("pageerror", (error) => h.problems.push(`page: ${error.message}`));
  return page;
}

async function openDaily(page: Page): Promise<void> {
  await page.goto(`${h.server.url}#/freecell/daily`);
  await page.waitForSelector(".card");
  await expect
    .poll(() => page.evaluate("location.hash"), { timeout: 30_000 })
    .toBe(`#/freecell/${expected.deal}`);
}

describe("the daily deal in the browser", () => {
  it("is the same deal in two browsers on one date, the one proved winnable for the date", async () => {
    const first = await browserOn(DATE);
    const second = await browserOn(DATE);
    await openDaily(first);
    await openDaily(second);
    await expect.poll(() => first.getByTestId("deal-title").textContent()).toBe(`Deal ${expected.deal}`);
    await expect.poll(() => second.getByTestId("deal-title").textContent()).toBe(`Deal ${expected.deal}`);
    await expect
      .poll(() => first.getByTestId("notice").textContent(), { timeout: 30_000 })
      .toMatch(new RegExp(`daily deal of ${DATE} \\(UTC\\): deal ${expected.deal}, proved winnable`));
    // Its difficulty, rated before play, is the platform's.
    const level = expected.difficulty.level as string;
    await expect
      .poll(() => first.getByTestId("difficulty").getAttribute("data-level"), { timeout: 30_000 })
      .toBe(level);
    await shot(first, "daily-freecell");
    // Another day, another deal.
    const later = await browserOn("2026-11-29");
    await later.goto(`${h.server.url}#/freecell/daily`);
    await later.waitForSelector(".card");
    const next = await dailyDeal(freecell, { date: "2026-11-29", numbering: "microsoft" });
    await expect
      .poll(() => later.evaluate("location.hash"), { timeout: 30_000 })
      .toBe(`#/freecell/${next.deal}`);
  }, 150_000);

  it("with new deals set to easy, New deal and n deal a deal the solver rates easy (the difficulty levels)", async () => {
    const page = await browserOn(DATE);
    await page.goto(`${h.server.url}favicon.svg`);
    await page.evaluate(
      `localStorage.setItem("tsol.settings.v2", JSON.stringify({ patience: { freecell: { deal: "easy" } } }))`,
    );
    await page.goto(`${h.server.url}#/freecell/7`);
    await page.waitForSelector(".card");
    // Deal 7 is hard: the badge says so before a new deal is asked for.
    await expect
      .poll(() => page.getByTestId("difficulty").getAttribute("data-level"), { timeout: 30_000 })
      .toBe("hard");
    for (const ask of [
      () => page.getByRole("button", { name: "New deal" }).click(),
      () => page.keyboard.press("n"),
    ]) {
      const before = await page.getByTestId("deal-title").textContent();
      await ask();
      await expect
        .poll(() => page.getByTestId("deal-title").textContent(), { timeout: 30_000 })
        .not.toBe(before);
      await expect
        .poll(() => page.getByTestId("difficulty").getAttribute("data-level"), { timeout: 30_000 })
        .toBe("easy");
    }
  }, 120_000);

  it("a Solvitaire preset with thresholds has a Daily button that opens its day's deal, with its level", async () => {
    const accordion = findPatience("accordion") as AnyPatienceGame;
    const mine = await dailyDeal(accordion, { date: DATE, numbering: "solvitaire" });
    const page = await browserOn(DATE);
    await page.goto(`${h.server.url}#/accordion/1`);
    await page.waitForSelector(".card");
    // The Daily button is among the menu's controls at this width.
    const daily = page.getByRole("button", { name: "Daily", exact: true });
    if (!(await daily.isVisible())) await page.getByRole("button", { name: "Menu" }).click();
    await daily.click();
    await expect
      .poll(() => page.evaluate("location.hash"), { timeout: 30_000 })
      .toMatch(new RegExp(`^#/accordion/${mine.deal}(\\?|$)`));
    await expect
      .poll(() => page.getByTestId("notice").textContent(), { timeout: 30_000 })
      .toMatch(new RegExp(`daily deal of ${DATE} \\(UTC\\): .*proved winnable`));
    await expect
      .poll(() => page.getByTestId("difficulty").getAttribute("data-level"), { timeout: 30_000 })
      .toBe(mine.difficulty.level as string);
    // A preset without thresholds offers no Daily button.
    await page.goto(`${h.server.url}#/maria/1`);
    await page.waitForSelector(".card");
    // (.daily-button: the button whether or not the menu shows it.)
    await expect.poll(() => page.locator(".daily-button").count()).toBe(0);
  }, 120_000);

  it("won through the page, counts in the daily statistics and starts a streak", async () => {
    const page = await browserOn(DATE);
    await openDaily(page);
    const session = Session.deal(
      freecell,
      expected.deal,
      freecell.rules.make({}),
      "microsoft",
      freecell.policies[0],
    );
    const result = (await freecell.solver()).solve(session.state, { policy: freecell.policies[0] });
    expect(result.result).toBe("solved");
    const turns = solutionTurns(freecell, session.state, result.moves, freecell.policies[0]).map(
      (t) => t.notation[0],
    );
    await page.fill("#moves-input", turns.join(" "));
    await page.press("#moves-input", "Enter");
    await expect.poll(() => page.getByTestId("win-dialog").isVisible(), { timeout: 20_000 }).toBe(true);
    await page.getByTestId("win-dialog").getByRole("button", { name: "Statistics" }).click();
    const row = page.locator('[data-testid="daily-stats"] [data-daily-game="freecell"]');
    await expect.poll(() => row.locator('[data-testid="daily-streak"]').textContent()).toBe("1");
    await expect.poll(() => row.locator('td[data-label="Today\'s"]').textContent()).toBe("Won");
    await shot(page, "daily-stats");
    expect(h.problems).toEqual([]);
  }, 120_000);
});
