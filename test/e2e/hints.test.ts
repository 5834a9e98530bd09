import type { Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type Harness, openHarness, shot } from "./harness.ts";

// Hints that never stall, in chromium on the production build: a move at once where the solver takes seconds
// (Montana deal 3, King Albert deal 47), and Klondike's hints and status without peeking. The times are measured
// by bench/web.ts; here only that a move was given.
let harness: Harness;
let page: Page;

beforeAll(async () => {
  harness = await openHarness();
  page = harness.page;
  await page.goto(`${harness.server.url}favicon.svg`);
  await page.evaluate(
    `localStorage.setItem('tsol.settings.v2', JSON.stringify({ confirmAbandon: false, animation: false }))`,
  );
}, 300_000);

afterAll(async () => {
  await harness?.close();
});

async function open(game: string, deal: number): Promise<void> {
  await page.goto(`${harness.server.url}#/${game}/${deal}`);
  await page.locator('[data-testid="deal-title"]', { hasText: new RegExp(`^Deal ${deal}$`) }).waitFor();
}

const notice = () => page.locator('[data-testid="notice"]');

describe("hints that never stall", () => {
  for (const [game, deal] of [
    ["montana", 3],
    ["king-albert", 47],
  ] as const) {
    it(`gives a move on ${game} deal ${deal}, whose verdict takes the solver seconds`, async () => {
      await open(game, deal);
      await page.getByRole("button", { name: "Hint", exact: true }).click();
      await expect
        .poll(() => notice().textContent(), { timeout: 5000 })
        .toMatch(/^(Suggested move|Best move): /);
      expect(await page.getByRole("button", { name: "Play it" }).isVisible()).toBe(true);
      await shot(page, `hint-${game}-${deal}`);
      expect(harness.problems).toEqual([]);
    });
  }
});

describe("Klondike without peeking", () => {
  it("shows the chance to win and gives the blind player's move", async () => {
    await open("klondike", 5);
    const verdict = page.locator('[data-testid="verdict"]');
    await expect.poll(() => verdict.getAttribute("data-status"), { timeout: 30_000 }).toBe("chance");
    expect(await verdict.textContent()).toMatch(/^Chance to win (≥?\d+% \(\d+–\d+%\)|not known)/);
    expect(await verdict.getAttribute("title")).toMatch(
      /^Chance to win from here: (at least )?\d+% \(95% interval/,
    );
    await page.getByRole("button", { name: "Hint", exact: true }).click();
    await expect
      .poll(() => notice().textContent(), { timeout: 30_000 })
      .toMatch(/^Best move seeing only what you see: /);
    await shot(page, "hint-klondike-blind");
    expect(harness.problems).toEqual([]);
  });
});
