import type { BrowserContext, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { AnyPatienceGame } from "../../src/games/patience/contract.ts";
import { Session } from "../../src/games/patience/session.ts";
import { solutionTurns } from "../../src/games/patience/solution.ts";
import { findPatience, PATIENCE_GAMES } from "../../src/games/registry.ts";
import { type Harness, openHarness, settled, shot, still } from "./harness.ts";

/**
 * The table's look (issue 32): every game of the registry at the five screen sizes, each card in view and large
 * enough, the buttons big enough for a finger on a touch screen and clear of the cards; the win's dialog at once,
 * its focus on New deal; the Finish button; the settings of the look. Screenshots of each size, light and dark.
 */

let h: Harness;

beforeAll(async () => {
  h = await openHarness();
}, 180_000);

afterAll(async () => {
  await h?.close();
});

interface Size {
  w: number;
  h: number;
  minCard: number;
}

/**
 * Phones upright and sideways (touch screens, one browser context: the phone turned), laptops and a large screen
 * (another): each game is dealt once a context and checked at each of its sizes by resizing the page. 1100 px is
 * where the toolbar wrapped to two rows.
 */
const DEVICES: { name: string; touch: boolean; sizes: Size[] }[] = [
  {
    name: "phones",
    touch: true,
    sizes: [
      { w: 390, h: 844, minCard: 28 },
      { w: 844, h: 390, minCard: 28 },
    ],
  },
  {
    name: "laptops and a large screen",
    touch: false,
    sizes: [
      { w: 1100, h: 800, minCard: 55 },
      { w: 1280, h: 800, minCard: 55 },
      { w: 1366, h: 768, minCard: 55 },
      { w: 1920, h: 1080, minCard: 70 },
    ],
  },
];

/** The games whose screenshots are kept, light (every game is checked); the first three dark too. */
const SHOWN = ["freecell", "klondike", "montana", "spider", "bakers-dozen", "golf", "black-hole"];
const DARK = SHOWN.slice(0, 3);

const freecell = findPatience("freecell") as AnyPatienceGame;
const SETTINGS = "tsol.settings.v2";

async function openPage(size: { w: number; h: number; touch: boolean }): Promise<{
  context: BrowserContext;
  page: Page;
  problems: string[];
}> {
  const context = await h.browser.newContext({
    viewport: { width: size.w, height: size.h },
    deviceScaleFactor: 1,
    hasTouch: size.touch,
    isMobile: size.touch,
  });
  const page = await context.newPage();
  const problems: string[] = [];
  page.on("console", (m) => {
    if (m.type() === "error" || m.type() === "warning") problems.push(`${m.type()}: ${m.text()}`);
  });
  page.on("pageerror", (e) => problems.push(e.message));
  return { context, page, problems };
}

/** A game's deal by its link, on a page with nothing stored (`store`: what is). */
async function fresh(page: Page, path: string, store: Record<string, string> = {}): Promise<void> {
  await page.goto(`${h.server.url}favicon.svg`);
  await page.evaluate("localStorage.clear()");
  for (const [key, value] of Object.entries(store))
    await page.evaluate(`localStorage.setItem(${JSON.stringify(key)}, ${JSON.stringify(value)})`);
  await page.goto(`${h.server.url}#/${path}`);
  await page.waitForSelector(".card");
  await still(page);
}

/** Another game on the same page, by its link. */
async function show(page: Page, id: string, deal: number): Promise<void> {
  await page.evaluate(`location.hash = ${JSON.stringify(`#/${id}/${deal}`)}`);
  await page.waitForSelector(`section.patience[data-game="${id}"] .card`);
  await still(page);
  await settled(page);
}

interface TableCheck {
  outOfView: string[];
  narrowest: number;
  underButtons: string[];
  smallButtons: string[];
}

/** Cards outside the viewport, the narrowest card, cards a visible button covers, buttons under 44 px. */
function checkTable(page: Page): Promise<TableCheck> {
  return page.evaluate<TableCheck>(`(() => {
    const cards = Array.from(document.querySelectorAll('.card'));
    const name = (e) => (e.dataset.card || 'back') + '@' + e.dataset.pile;
    const outOfView = cards.filter((e) => { const r = e.getBoundingClientRect(); return r.left < -0.5 || r.top < -0.5 || r.right > innerWidth + 0.5 || r.bottom > innerHeight + 0.5; }).map(name);
    const narrowest = Math.min(...cards.map((e) => e.getBoundingClientRect().width));
    const buttons = Array.from(document.querySelectorAll('button, .game-menu a, input')).filter((b) => {
      const r = b.getBoundingClientRect();
      return r.width > 0 && r.height > 0 && getComputedStyle(b).visibility !== 'hidden' && !b.closest('dialog');
    });
    const underButtons = [];
    for (const c of cards) {
      const r = c.getBoundingClientRect();
      for (const b of buttons) {
        const q = b.getBoundingClientRect();
        if (r.left < q.right - 1 && q.left < r.right - 1 && r.top < q.bottom - 1 && q.top < r.bottom - 1) underButtons.push(name(c) + ' under ' + (b.textContent || b.id));
      }
    }
    // The game menu's strip scrolls sideways: a link cut by its edge is still 44 px tall.
    const smallButtons = buttons.filter((b) => { const r = b.getBoundingClientRect(); return r.height < 43.5 || (b.tagName === 'BUTTON' && r.width < 43.5); }).map((b) => (b.textContent || b.id).trim() + ' ' + Math.round(b.getBoundingClientRect().width) + 'x' + Math.round(b.getBoundingClientRect().height));
    return { outOfView, narrowest, underButtons, smallButtons };
  })()`);
}

/** The dialog is open and lies inside the viewport. */
async function fits(page: Page, id: string, w: number, hgt: number): Promise<void> {
  const dialog = page.getByTestId(id);
  await dialog.waitFor();
  const box = await dialog.boundingBox();
  expect(box, id).not.toBeNull();
  if (!box) return;
  expect(box.x, id).toBeGreaterThanOrEqual(0);
  expect(box.x + box.width, id).toBeLessThanOrEqual(w);
  expect(box.y, id).toBeGreaterThanOrEqual(0);
  expect(box.y + box.height, id).toBeLessThanOrEqual(hgt);
  const overflow = await page.evaluate<number>(
    `(() => { const d = document.querySelector('[data-testid="${id}"]'); return d.scrollWidth - d.clientWidth; })()`,
  );
  expect(overflow, `${id} scrolls sideways`).toBeLessThanOrEqual(0);
}

/** FreeCell deal 3's solution in notation (the policy the app plays by default). */
async function solution(): Promise<string[]> {
  const start = Session.deal(freecell, 3, freecell.rules.make({}), "microsoft", "safe");
  const result = (await freecell.solver()).solve(start.state, { policy: start.policy });
  if (result.result !== "solved") throw new Error(`deal 3 not solved: ${result.result}`);
  return solutionTurns(freecell, start.state, result.moves, start.policy).map((t) => t.notation[0]);
}

/** Types moves into the Moves box (in the menu on a small screen). */
async function typeMoves(page: Page, moves: string[]): Promise<void> {
  const input = page.locator("#moves-input");
  if (!(await input.isVisible())) await page.getByRole("button", { name: "Menu" }).click();
  await input.fill(moves.join(" "));
  await input.press("Enter");
}

/** The page at another size: the table is laid out again for it, and nothing moves. */
async function resize(page: Page, size: Size): Promise<void> {
  const now = page.viewportSize();
  if (now?.width === size.w && now.height === size.h) return;
  await page.setViewportSize({ width: size.w, height: size.h });
  await page.evaluate("new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done)))");
  await still(page);
  await settled(page);
}

interface Bars {
  /** The status line's content wider than its box (cut), and whether it lies under the toolbar. */
  statusCut: boolean;
  statusUnderToolbar: boolean;
  /** The rows the toolbar's visible commands take, and whether any is cut by its edge. */
  toolbarRows: number;
  toolbarCut: boolean;
  /** The share of the viewport's height the table has. */
  tableShare: number;
  /** The game picker's words, and whether the strip of games shows with the game shown inside its box. */
  picker: string;
  strip: "hidden" | "in sight" | "out of sight";
}

/** The bars around the table: the status line, the toolbar, the game picker and the strip of games. */
function checkBars(page: Page): Promise<Bars> {
  return page.evaluate<Bars>(`(() => {
    const box = (e) => e.getBoundingClientRect();
    const status = document.querySelector('.status-bar');
    const toolbar = document.querySelector('.toolbar');
    const s = box(status), t = box(toolbar);
    const overlap = s.left < t.right - 1 && t.left < s.right - 1 && s.top < t.bottom - 1 && t.top < s.bottom - 1;
    const text = document.querySelector('.verdict-text');
    const tops = new Set(Array.from(toolbar.querySelectorAll(':scope > button, :scope > .group.main > button'))
      .filter((b) => box(b).width > 0 && getComputedStyle(b).visibility !== 'hidden')
      .map((b) => Math.round(box(b).top / 8)));
    const strip = document.querySelector('.game-menu');
    const active = strip.querySelector('a.active');
    const inSight = active && box(active).left >= box(strip).left - 1 && box(active).right <= box(strip).right + 1;
    return {
      statusCut: status.scrollWidth > status.clientWidth + 1 || (text && text.scrollWidth > text.clientWidth + 1),
      statusUnderToolbar: overlap,
      toolbarRows: tops.size,
      toolbarCut: toolbar.scrollWidth > toolbar.clientWidth + 1 || toolbar.scrollHeight > toolbar.clientHeight + 1,
      tableShare: box(document.querySelector('.table-wrap')).height / innerHeight,
      picker: document.querySelector('.game-picker').textContent,
      strip: box(strip).width === 0 ? 'hidden' : inSight ? 'in sight' : 'out of sight',
    };
  })()`);
}

describe("every game's table at the five sizes (and 1100 px)", () => {
  for (const device of DEVICES) {
    const sizes = device.sizes.map((s) => `${s.w}x${s.h}`).join(", ");
    it(`${device.name} (${sizes}): every card of every game in view and large enough, no button over a card${device.touch ? ", buttons of 44 px" : ""}; the status line whole, the toolbar one row, the game shown in the picker; the menu, the hint and the dialogs inside the screen`, async () => {
      const first = device.sizes[0];
      const { context, page, problems } = await openPage({ ...first, touch: device.touch });
      try {
        // Nothing moves (the speed "off"): thirty games are dealt without waiting for the cards to fly.
        await fresh(page, "freecell/7", { [SETTINGS]: JSON.stringify({ speed: "off" }) });
        for (const [g, game] of PATIENCE_GAMES.entries()) {
          await show(page, game.id, 7);
          // Back and forth through the sizes: one resize a game fewer.
          for (const size of g % 2 === 0 ? device.sizes : [...device.sizes].reverse()) {
            await resize(page, size);
            const [check, bars] = await Promise.all([checkTable(page), checkBars(page)]);
            const where = `${game.id} at ${size.w}x${size.h}`;
            expect(check.outOfView, where).toEqual([]);
            expect(check.narrowest, where).toBeGreaterThanOrEqual(size.minCard);
            expect(check.underButtons, where).toEqual([]);
            if (device.touch) expect(check.smallButtons, where).toEqual([]);
            expect(bars.statusUnderToolbar, where).toBe(false);
            expect(bars.statusCut, `${where}: the status line is cut`).toBe(false);
            // One row of commands, except an upright phone's (the toolbar at the bottom) and a sideways one's (a column).
            if (!device.touch) expect(bars.toolbarRows, where).toBe(1);
            expect(bars.toolbarCut, where).toBe(false);
            // The game shown: named on the picker below 900 px, in the strip's sight wider.
            if (size.w < 900) {
              expect(bars.picker, where).toContain(game.title);
              expect(bars.strip, where).toBe("hidden");
            } else expect(bars.strip, where).toBe("in sight");
            // A phone held sideways gives the table most of its height (the bars are columns at the sides).
            if (size.h < 500) expect(bars.tableShare, where).toBeGreaterThan(0.8);
            if (SHOWN.includes(game.id)) await shot(page, `layout-${game.id}-${size.w}x${size.h}-light`);
            if (DARK.includes(game.id)) {
              await page.emulateMedia({ colorScheme: "dark" });
              await shot(page, `layout-${game.id}-${size.w}x${size.h}-dark`);
              await page.emulateMedia({ colorScheme: "light" });
            }
          }
        }
        // Klondike's chance to win, the longest verdict, whole beside the side toolbar of a phone held sideways.
        await show(page, "klondike", 7);
        for (const size of device.sizes) {
          await resize(page, size);
          await expect
            .poll(() => page.getByTestId("verdict").textContent(), { timeout: 15_000 })
            .toMatch(/%\)/);
          const bars = await checkBars(page);
          expect(bars.statusCut, `Klondike's chance at ${size.w}x${size.h}`).toBe(false);
          expect(bars.statusUnderToolbar).toBe(false);
        }
        // The menu holds the rest of the commands on a phone, the choice of deal on a laptop, inside the screen.
        await show(page, "freecell", 7);
        for (const size of device.sizes.filter((s) => s.w < 1440)) {
          await resize(page, size);
          await page.getByRole("button", { name: "Menu" }).click();
          // Under 1200 px the menu holds all the rest; wider, the choice of deal.
          const [inMenu, menu] = size.w < 1200 ? ["Restart", "#table-menu"] : ["Daily", ".group.extra"];
          const item = page.getByRole("button", { name: inMenu, exact: true });
          await item.waitFor();
          const box = await page.locator(menu).boundingBox();
          expect(
            box && box.x >= 0 && box.y >= 0 && box.x + box.width <= size.w && box.y + box.height <= size.h,
            `the menu at ${size.w}x${size.h}`,
          ).toBe(true);
          await shot(page, `layout-menu-${size.w}x${size.h}`);
          await page.keyboard.press("Escape");
          await expect.poll(() => item.isVisible()).toBe(false);
        }
        // The hint on the table, and the shell's dialogs, inside the screen at each size.
        await page.getByRole("button", { name: "Hint", exact: true }).click();
        await page.waitForSelector(".card.hint-best-from", { timeout: 15_000 });
        for (const size of device.sizes) {
          await resize(page, size);
          expect((await checkTable(page)).outOfView, `with a hint at ${size.w}x${size.h}`).toEqual([]);
          await shot(page, `layout-hint-${size.w}x${size.h}`);
        }
        for (const [name, id] of [
          ["Settings", "settings-dialog"],
          ["Statistics", "stats-dialog"],
          ["Help", "help-dialog"],
        ]) {
          await page.getByRole("button", { name, exact: true }).click();
          for (const size of device.sizes) {
            await resize(page, size);
            await fits(page, id, size.w, size.h);
            await shot(page, `layout-${id}-${size.w}x${size.h}`);
          }
          await page.locator("dialog[open] .close").click();
        }
        // The game picker: every game in a list that fits the screen, the game shown marked; typing narrows it,
        // and a game chosen from it is dealt.
        await page.getByRole("button", { name: /^Games/ }).click();
        for (const size of device.sizes) {
          await resize(page, size);
          await fits(page, "games-dialog", size.w, size.h);
          await shot(page, `layout-games-dialog-${size.w}x${size.h}`);
        }
        const list = page.getByTestId("games-dialog").locator(".game-list a");
        expect(await list.count()).toBe(PATIENCE_GAMES.length + 1);
        expect(await list.and(page.locator('[aria-current="page"]')).textContent()).toContain("FreeCell");
        await page.keyboard.type("spider");
        await expect.poll(() => list.count()).toBeLessThan(PATIENCE_GAMES.length);
        for (const text of await list.allTextContents()) expect(text.toLowerCase()).toContain("spider");
        await list.filter({ has: page.locator("strong", { hasText: /^Spiderette$/ }) }).click();
        await page.waitForSelector('section.patience[data-game="spiderette"] .card');
        expect(await page.getByTestId("games-dialog").isVisible()).toBe(false);
        // A win on a phone: the dialog fits the screen either way up (the win's own test is at a laptop's size).
        if (device.touch) {
          await resize(page, first);
          await fresh(page, "freecell/3", { [SETTINGS]: JSON.stringify({ speed: "off" }) });
          await typeMoves(page, await solution());
          for (const size of device.sizes) {
            await resize(page, size);
            await fits(page, "win-dialog", size.w, size.h);
            await shot(page, `layout-win-${size.w}x${size.h}`);
          }
        }
        // Failed loads are judged by the harness's tests of the server (the browser asks for /favicon.ico itself).
        expect(
          problems.filter((p) => !p.startsWith("warning:") && !p.includes("Failed to load resource")),
        ).toEqual([]);
      } finally {
        await context.close();
      }
    }, 600_000);
  }
});

describe("the win", () => {
  it("offers Finish once the rest is forced; the dialog at once with the celebration behind it, its focus on New deal; Enter deals anew", async () => {
    const { context, page } = await openPage({ w: 1280, h: 800, touch: false });
    try {
      // Klondike deal 4: the first turn of its solution after which every card left goes home by itself.
      const klondike = findPatience("klondike") as AnyPatienceGame;
      const start = Session.deal(klondike, 4, klondike.rules.make({}), "microsoft", "safe");
      const result = (await klondike.solver()).solve(start.state, { policy: start.policy });
      if (result.result !== "solved") throw new Error(`Klondike deal 4 not solved: ${result.result}`);
      const turns = solutionTurns(klondike, start.state, result.moves, start.policy);
      const forced = turns.findIndex((t) => {
        const after = t.after as { rules: unknown };
        const rest = klondike.autoMoves(after, "all");
        let s = after;
        for (const move of rest) s = klondike.apply(s, move);
        return rest.length >= 2 && klondike.isWon(s);
      });
      expect(forced).toBeGreaterThan(0);
      await fresh(page, "klondike/4");
      const finish = page.getByRole("button", { name: "Finish" });
      await typeMoves(
        page,
        turns.slice(0, forced).map((t) => t.notation[0]),
      );
      await still(page);
      expect(await finish.isVisible(), "not yet forced").toBe(false);
      await typeMoves(page, [turns[forced].notation[0]]);
      await still(page);
      await finish.waitFor();
      await shot(page, "layout-finish-offered");
      await finish.click();
      const dialog = page.getByTestId("win-dialog");
      await dialog.waitFor({ timeout: 10_000 });
      // The celebration runs behind the dialog (it took up to minutes before the dialog came).
      expect(await page.getByTestId("celebration").count()).toBe(1);
      expect(await page.evaluate("document.activeElement && document.activeElement.textContent")).toBe(
        "New deal",
      );
      await page.waitForTimeout(800);
      await shot(page, "layout-win-celebration");
      await page.keyboard.press("Enter");
      await expect.poll(() => dialog.isVisible()).toBe(false);
      await expect.poll(() => page.getByTestId("celebration").count()).toBe(0);
      await expect.poll(() => page.getByTestId("deal-title").textContent()).not.toBe("Deal 4");
    } finally {
      await context.close();
    }
  }, 120_000);
});

describe("the look's settings", () => {
  const cardBox = (page: Page, selector: string) =>
    page.locator(selector).first().boundingBox() as Promise<{ x: number; y: number; width: number }>;

  it("card size, left hand, four colours, the hidden clock, animation speed and sounds, from the Settings dialog", async () => {
    const { context, page, problems } = await openPage({ w: 1280, h: 800, touch: false });
    try {
      await fresh(page, "freecell/7");
      const choose = async (label: string, value: string | boolean) => {
        await page.getByRole("button", { name: "Settings", exact: true }).click();
        const control = page.getByTestId("settings-dialog").getByLabel(label);
        if (typeof value === "string") await control.selectOption(value);
        else await control.setChecked(value);
        await page.locator("dialog[open] .close").click();
        await still(page);
      };
      const largest = (await cardBox(page, ".card")).width;
      await choose("Card size", "small");
      const small = (await cardBox(page, ".card")).width;
      expect(small).toBeLessThanOrEqual(Math.ceil(largest * 0.7));
      expect(small).toBeGreaterThanOrEqual(Math.floor(largest * 0.7) - 1);
      await choose("Card size", "largest");

      // Left-handed: the foundations left of the cells, the first cascade right of the last.
      const cell = await cardBox(page, '[data-slot="cell-0"]');
      const home = await cardBox(page, '[data-slot="foundation-3"]');
      expect(cell.x).toBeLessThan(home.x);
      await choose("Left-handed (the table mirrored, the buttons left)", true);
      const cellL = await cardBox(page, '[data-slot="cell-0"]');
      const homeL = await cardBox(page, '[data-slot="foundation-3"]');
      expect(homeL.x).toBeLessThan(cellL.x);
      expect((await cardBox(page, '[data-slot="cascade-0"]')).x).toBeGreaterThan(
        (await cardBox(page, '[data-slot="cascade-7"]')).x,
      );
      await shot(page, "layout-left-handed-1280x800");
      await choose("Left-handed (the table mirrored, the buttons left)", false);

      // Four colours: diamonds blue, clubs green; hearts stay red.
      const fill = (suit: number) =>
        page.evaluate(`getComputedStyle(document.querySelector('.card-face.suit-${suit}')).fill`);
      const redBefore = await fill(1);
      await choose("Four-colour deck (diamonds blue, clubs green)", true);
      expect(await fill(1)).not.toBe(redBefore);
      expect(await fill(1)).toBe("rgb(21, 101, 192)");
      expect(await fill(0)).toBe("rgb(46, 125, 50)");
      expect(await fill(2)).toBe(redBefore);
      await shot(page, "layout-four-colour-1280x800");
      await choose("Four-colour deck (diamonds blue, clubs green)", false);

      await expect.poll(() => page.getByTestId("time").isVisible()).toBe(true);
      await choose("Hide the clock", true);
      await expect.poll(() => page.getByTestId("time").isVisible()).toBe(false);

      // Speed: a card's flight takes twice as long slow as normal; off, nothing moves.
      const flight = async (move: string): Promise<number> => {
        await page.fill("#moves-input", move);
        await page.press("#moves-input", "Enter");
        const ms = await page.evaluate<number>(
          "Math.max(0, ...document.getAnimations().filter((a) => a.effect && a.effect.target && a.effect.target.classList.contains('card')).map((a) => Number(a.effect.getTiming().duration)))",
        );
        await still(page);
        return ms;
      };
      const normal = await flight("1a");
      expect(normal).toBeGreaterThan(0);
      await choose("Animation", "slow");
      expect(await flight("2b")).toBe(normal * 2);
      await choose("Animation", "off");
      expect(await flight("3c")).toBe(0);

      // Sounds on: moves play them without a warning from the audio (made only in a click or a key press).
      await choose("Sounds", true);
      await page.locator('.card[data-pile="cascade-4"]').last().click();
      await page.locator('[data-slot="cell-3"]').click();
      await page.waitForTimeout(300);
      expect(problems.filter((p) => /audio/i.test(p))).toEqual([]);
      expect(await page.evaluate(`JSON.parse(localStorage.getItem("${SETTINGS}")).sound`)).toBe(true);
    } finally {
      await context.close();
    }
  }, 120_000);

  it("Montana's dead gaps are drawn dead and its redeals left are on the button; Klondike's passes left on the stock", async () => {
    const montana = findPatience("montana") as AnyPatienceGame;
    // A deal with a gap after a king (a dead gap) at the start.
    let deal = 1;
    while (
      !montana
        .piles(montana.deal(deal, montana.rules.make({ redeals: 2 }), "microsoft"), "player")
        .some((p) => p.takes === "nothing")
    )
      deal++;
    const { context, page } = await openPage({ w: 1280, h: 800, touch: false });
    try {
      const settings = {
        patience: {
          montana: {
            rules: { freeTwos: false, fixedSuits: false, redeals: 2 },
            policy: "none",
            numbering: "microsoft",
            deal: "any",
          },
          klondike: {
            rules: { draw: 3, passes: 3, fromFoundation: true, scoring: "vegas" },
            policy: "none",
            numbering: "microsoft",
            deal: "any",
          },
        },
      };
      await fresh(page, `montana/${deal}`, { [SETTINGS]: JSON.stringify(settings) });
      const gaps = await page.evaluate<{ dead: boolean; label: string }[]>(
        "Array.from(document.querySelectorAll('.slot-place:not(.filled)')).map((e) => ({ dead: e.classList.contains('dead'), label: e.getAttribute('aria-label') }))",
      );
      expect(gaps.some((g) => g.dead)).toBe(true);
      for (const gap of gaps) expect(gap.dead, gap.label).toBe(gap.label.includes("takes nothing"));
      await expect.poll(() => page.getByRole("button", { name: "Redeal (2 left)" }).isEnabled()).toBe(true);
      await shot(page, "layout-montana-dead-gaps");
      await page.getByRole("button", { name: "Redeal (2 left)" }).click();
      await page.getByRole("button", { name: "Redeal (1 left)" }).waitFor();

      await page.evaluate(`location.hash = "#/klondike/7"`);
      await page.waitForSelector('section.patience[data-game="klondike"] .card');
      await expect.poll(() => page.getByTestId("note-stock-0").textContent()).toBe("↺2");
      await shot(page, "layout-klondike-vegas");
    } finally {
      await context.close();
    }
  }, 60_000);
});
