import type { Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { formatCard } from "../../src/cards/card.ts";
import type { FamilyState } from "../../src/games/family/engine.ts";
import { apply, legalMoves } from "../../src/games/family/engine.ts";
import type { AnyPatienceGame } from "../../src/games/patience/contract.ts";
import { dailyDeal } from "../../src/games/patience/daily.ts";
import { findPatience } from "../../src/games/registry.ts";
import { type Harness, openHarness, settled, shot, still } from "./harness.ts";

/**
 * Solvitaire's presets in the web app (issue 34): the games' chooser offers them below the games, found by their
 * names; Accordion played by a drag that the engine accepts, seen on the table; Gaps' 52 places in a grid of 4
 * rows of 13 (13 rows of 4 on an upright phone), a click playing a card to its gap; a preset's link, title and
 * Solvitaire numbering; the hint's solver for a preset. The accordion played by keys ended with Enter, each pile's
 * count on its top card; a notice that leaves the keys above the first piles in sight (Black Hole, a phone sideways).
 */

let h: Harness;
beforeAll(async () => {
  h = await openHarness();
}, 240_000);
afterAll(async () => {
  await h?.close();
});

const SETTINGS = "tsol.settings.v2";

async function fresh(page: Page, path: string): Promise<void> {
  await page.goto(`${h.server.url}favicon.svg`);
  await page.evaluate("localStorage.clear()");
  await page.evaluate(
    `localStorage.setItem(${JSON.stringify(SETTINGS)}, ${JSON.stringify('{"speed":"off"}')})`,
  );
  await page.goto(`${h.server.url}#/${path}`);
  await page.waitForSelector(".card");
  await still(page);
}

const moves = async (page: Page) => Number(await page.getByTestId("moves").first().textContent());

/** The centre of a card on the table, by its pile and its name. */
async function centre(page: Page, pile: string, card: string): Promise<{ x: number; y: number }> {
  const box = await page.locator(`.card[data-pile="${pile}"][data-card="${card}"]`).boundingBox();
  if (!box) throw new Error(`no ${card} on ${pile}`);
  return { x: box.x + box.width / 2, y: box.y + box.height / 2 };
}

/** The piles of a kind on the table, each at its box: rows by their top, left to right. */
function pileBoxes(page: Page, kind: string): Promise<{ pile: string; x: number; y: number; w: number }[]> {
  return page.evaluate(`Array.from(document.querySelectorAll('[data-slot^="${kind}-"]')).map((e) => {
    const r = e.getBoundingClientRect();
    return { pile: e.dataset.slot, x: Math.round(r.left), y: Math.round(r.top), w: r.width };
  })`);
}

describe("Solvitaire's presets in the web app", () => {
  it("the chooser keeps the presets below the games, finds one by its name and opens it", async () => {
    const page = await h.browser.newPage({ viewport: { width: 1280, height: 800 } });
    await fresh(page, "freecell/1");
    await page.getByRole("button", { name: /^Games/ }).click();
    const dialog = page.getByTestId("games-dialog");
    await dialog.waitFor();
    // The games' list as before; the presets behind a button, closed.
    const presets = dialog.locator(".preset-list a");
    expect(await presets.count()).toBe(0);
    const toggle = dialog.getByRole("button", { name: /More games/ });
    expect(await toggle.getAttribute("aria-expanded")).toBe("false");
    await toggle.click();
    expect(await presets.count()).toBe(53);
    expect(await dialog.locator(".preset-group h4").allTextContents()).toContain("Gaps and Accordion");
    await toggle.click();
    expect(await presets.count()).toBe(0);
    // Typing finds a preset by its name; the arrow keys reach it, Enter opens it.
    await page.locator("#game-filter").focus();
    await page.keyboard.type("accordion");
    await expect.poll(() => presets.count()).toBe(2);
    expect(await dialog.locator(".game-list a").count()).toBe(0);
    await page.keyboard.press("ArrowDown");
    expect(await page.evaluate("document.activeElement.textContent")).toContain("Accordion");
    await page.keyboard.press("Enter");
    await page.waitForSelector('section.patience[data-game="accordion"] .card');
    expect(await dialog.isVisible()).toBe(false);
    expect(await page.locator(".picker-now").textContent()).toBe("Accordion");
    expect(await page.title()).toBe("Accordion · tsol");
    // Its rules' words find it too, and the line under its name says why.
    await page.getByRole("button", { name: /^Games/ }).click();
    await page.keyboard.type("4 rows of 13");
    const found = dialog.locator(".preset-list a");
    await expect.poll(() => found.count()).toBe(2);
    for (const text of await found.allTextContents()) expect(text).toMatch(/Gaps.*4 rows of 13 places/);
    await page.keyboard.press("Escape");
    await page.close();
  }, 60_000);

  it("Accordion: a pile dragged onto the pile left of it whose top card matches goes there, in Solvitaire's deal", async () => {
    const page = await h.browser.newPage({ viewport: { width: 1280, height: 800 } });
    await fresh(page, "accordion/1");
    // Dealt in Solvitaire's numbering (the link says so), 52 piles in rows.
    expect(page.url()).toContain("numbering=solvitaire");
    const game = findPatience("accordion");
    if (!game) throw new Error("no accordion");
    const state = game.deal(1, game.rules.make({}), "solvitaire") as FamilyState;
    const piles = await pileBoxes(page, "accordion");
    expect(piles.length).toBe(52);
    expect(new Set(piles.map((p) => p.y)).size).toBeGreaterThan(1);
    for (let i = 0; i < 52; i++) {
      const shown = await page.locator(`.card[data-pile="accordion-${i}"]`).getAttribute("data-card");
      expect(shown).toBe(formatCard(state.table.accordion[i][0]));
    }
    // A move one pile left after which the pile it made (two cards) moves on.
    const move = legalMoves(state).find(
      (m) =>
        m.from.index === m.to.index + 1 &&
        legalMoves(apply(state, m)).some((next) => next.from.index === m.to.index),
    );
    if (!move) throw new Error("no move one pile left in deal 1 that a move of its pile follows");
    const card = formatCard(state.table.accordion[move.from.index][0]);
    const onto = formatCard(state.table.accordion[move.to.index][0]);
    const from = await centre(page, `accordion-${move.from.index}`, card);
    const to = await centre(page, `accordion-${move.to.index}`, onto);
    await page.mouse.move(from.x, from.y);
    await page.mouse.down();
    await page.mouse.move((from.x + to.x) / 2, from.y, { steps: 4 });
    await page.mouse.move(to.x, to.y, { steps: 4 });
    await page.mouse.up();
    await expect.poll(() => moves(page)).toBe(1);
    await still(page);
    // The card lies on the pile to its left, on top; the piles after it closed up: 51 piles.
    const top = page.locator(`.card[data-pile="accordion-${move.to.index}"]`);
    expect(await top.count()).toBe(2);
    expect(await top.last().getAttribute("data-card")).toBe(card);
    expect((await pileBoxes(page, "accordion")).length).toBe(51);
    // A move the rules refuse (onto the pile two to the left: only one or three) is refused, and says why.
    const after = apply(state, move);
    const i = 20;
    const lone = formatCard(after.table.accordion[i][0]);
    const two = formatCard(after.table.accordion[i - 2][after.table.accordion[i - 2].length - 1]);
    const a = await centre(page, `accordion-${i}`, lone);
    const b = await centre(page, `accordion-${i - 2}`, two);
    await page.mouse.move(a.x, a.y);
    await page.mouse.down();
    await page.mouse.move(b.x, b.y, { steps: 6 });
    await page.mouse.up();
    const refusal = game.intent(
      after,
      { kind: "accordion", index: i },
      { kind: "accordion", index: i - 2 },
      1,
    );
    if (!("reason" in refusal) || !refusal.reason) throw new Error("the engine took the move two piles left");
    await expect.poll(() => page.getByTestId("notice").textContent()).toContain(refusal.reason);
    expect(await moves(page)).toBe(1);
    expect(await page.locator(`.card[data-pile="accordion-${i}"]`).getAttribute("data-card")).toBe(lone);
    // The pile of two, picked up by its top card (the one in sight), moves on whole.
    const next = legalMoves(after).find((m) => m.from.index === move.to.index);
    if (!next) throw new Error("no move of the pile of two");
    const under = after.table.accordion[next.to.index];
    const p = await centre(page, `accordion-${next.from.index}`, card);
    const q = await centre(page, `accordion-${next.to.index}`, formatCard(under[under.length - 1]));
    await page.mouse.move(p.x, p.y);
    await page.mouse.down();
    await page.mouse.move(q.x, q.y, { steps: 6 });
    await page.mouse.up();
    await expect.poll(() => moves(page)).toBe(2);
    await still(page);
    const three = page.locator(`.card[data-pile="accordion-${next.to.index}"]`);
    expect(await three.count()).toBe(under.length + 2);
    expect(await three.last().getAttribute("data-card")).toBe(card);
    expect((await pileBoxes(page, "accordion")).length).toBe(50);
    await shot(page, "presets-accordion-played");
    await page.close();
  }, 60_000);

  it("Gaps: 52 places in 4 rows of 13 (13 rows of 4 upright), a click plays a card to its gap", async () => {
    const game = findPatience("gaps-one-deal");
    if (!game) throw new Error("no gaps-one-deal");
    const state = game.deal(1, game.rules.make({}), "solvitaire") as FamilyState;
    const page = await h.browser.newPage({ viewport: { width: 1280, height: 800 } });
    await fresh(page, "gaps-one-deal/1");
    // Across on a laptop (and a click's move); turned a quarter on an upright phone.
    for (const [w, hgt, rows] of [
      [1280, 800, 4],
      [390, 844, 13],
    ]) {
      await page.setViewportSize({ width: w, height: hgt });
      const where = `${w}x${hgt}`;
      await expect
        .poll(async () => new Set((await pileBoxes(page, "place")).map((p) => p.y)).size, { timeout: 10_000 })
        .toBe(rows);
      await still(page);
      const places = await pileBoxes(page, "place");
      expect(places.length, where).toBe(52);
      const ys = [...new Set(places.map((p) => p.y))].sort((a, b) => a - b);
      for (const y of ys) expect(places.filter((p) => p.y === y).length, where).toBe(52 / rows);
      // Row a left to right across, or down the first column upright: a1, a2, ...
      const at = (i: number) => places.find((p) => p.pile === `place-${i}`);
      const a1 = at(0);
      const a2 = at(1);
      if (!a1 || !a2) throw new Error("no a1, a2");
      if (rows === 4) expect(a2.y === a1.y && a2.x > a1.x, where).toBe(true);
      else expect(a2.y > a1.y && a2.x === a1.x, where).toBe(true);
      // Every card in view.
      const out = await page.evaluate(
        "Array.from(document.querySelectorAll('.card')).filter((e) => { const r = e.getBoundingClientRect(); return r.left < -0.5 || r.top < -0.5 || r.right > innerWidth + 0.5 || r.bottom > innerHeight + 0.5; }).length",
      );
      expect(out, where).toBe(0);
      if (rows === 4) {
        const move = legalMoves(state)[0];
        const card = formatCard(state.table.sequences.flat()[move.from.index] as number);
        await page.locator(`.card[data-pile="place-${move.from.index}"][data-card="${card}"]`).click();
        await expect.poll(() => moves(page)).toBe(1);
        await expect
          .poll(() => page.locator(`.card[data-pile="place-${move.to.index}"]`).getAttribute("data-card"))
          .toBe(card);
        expect(await page.locator(`.card[data-pile="place-${move.from.index}"]`).count()).toBe(0);
      }
    }
    await page.close();
  }, 60_000);

  it("two-deck and many-pile presets fit in the browser at a phone either way up, a laptop and a desktop", async () => {
    const page = await h.browser.newPage({ viewport: { width: 390, height: 844 } });
    await fresh(page, "gargantua/2");
    for (const id of ["gargantua", "scotch-patience"]) {
      await page.evaluate(`location.hash = "#/${id}/2"`);
      await page.waitForSelector(`section.patience[data-game="${id}"] .card`);
      for (const [w, hgt, least] of [
        [390, 844, 28],
        [844, 390, 28],
        [1280, 800, 55],
        [1920, 1080, 70],
      ]) {
        await page.setViewportSize({ width: w, height: hgt });
        // The table lays itself out again after the resize: the cards stay put between two looks.
        await settled(page);
        const check = await page.evaluate<{ out: string[]; narrowest: number }>(`(() => {
          const cards = Array.from(document.querySelectorAll('.card'));
          const out = cards.filter((e) => { const r = e.getBoundingClientRect(); return r.left < -0.5 || r.top < -0.5 || r.right > innerWidth + 0.5 || r.bottom > innerHeight + 0.5; }).map((e) => e.dataset.card + '@' + e.dataset.pile);
          return { out, narrowest: Math.min(...cards.map((e) => e.getBoundingClientRect().width)) };
        })()`);
        const where = `${id} at ${w}x${hgt}`;
        expect(check.out, where).toEqual([]);
        expect(check.narrowest, where).toBeGreaterThanOrEqual(least);
      }
    }
    await page.close();
  }, 60_000);

  it("a preset's hint comes from its solver, and its daily link opens the day's deal, proved winnable", async () => {
    const page = await h.browser.newPage({ viewport: { width: 1280, height: 800 } });
    // The page's clock on a fixed afternoon, so the day is the one the platform's daily deal is found for here.
    const date = "2026-12-05";
    await page.context().clock.setFixedTime(new Date(`${date}T15:30:00Z`));
    const preset = findPatience("free-cell-2-cell") as AnyPatienceGame;
    const expected = await dailyDeal(preset, { date, numbering: "solvitaire" });
    await fresh(page, "free-cell-2-cell/3");
    expect(await page.locator(".picker-now").textContent()).toBe("FreeCell, 2 cells");
    await page.getByRole("button", { name: "Hint", exact: true }).click();
    await page.waitForSelector(".card.hint-best-from", { timeout: 20_000 });
    // The preset has thresholds (docs/daily.md): its daily link deals the deal found for the date, in Solvitaire's
    // numbering, and the notice line gives its level.
    await page.evaluate(`location.hash = "#/free-cell-2-cell/daily"`);
    await expect
      .poll(() => page.evaluate("location.hash"), { timeout: 30_000 })
      .toMatch(new RegExp(`^#/free-cell-2-cell/${expected.deal}(\\?|$)`));
    await expect
      .poll(() => page.getByTestId("notice").textContent(), { timeout: 30_000 })
      .toMatch(
        new RegExp(`daily deal of ${date} \\(UTC\\): .*proved winnable; ${expected.difficulty.level} \\(`),
      );
    // A preset whose solver proved too few of deals 1..40 winnable has none, and says so.
    await page.evaluate(`location.hash = "#/maria/daily"`);
    await expect
      .poll(() => page.getByTestId("notice").textContent(), { timeout: 30_000 })
      .toMatch(/has no daily deal/);
    await page.close();
  }, 60_000);
});

describe("the accordion's counts, its keys, and the notice over the piles' keys", () => {
  it("Accordion: piles picked by keys ended with Enter (2, Enter is pile 2, not the start of 22), even with a card focused; each pile of more than one card says how many at four sizes", async () => {
    const game = findPatience("accordion");
    if (!game) throw new Error("no accordion");
    const page = await h.browser.newPage({ viewport: { width: 1280, height: 800 } });
    await fresh(page, "accordion/1");
    // A card focused: Enter must end the key, not also pick up the focused card.
    await page.locator(".card").first().focus();
    let state = game.deal(1, game.rules.make({}), "solvitaire") as FamilyState;
    let enters = 0;
    const played = 12;
    for (let n = 0; n < played; n++) {
      const options = legalMoves(state);
      const move = options[(n * 7) % options.length];
      const keys = game.piles(state as never, "player").map((p) => p.key as string);
      for (const ref of [move.from, move.to]) {
        const key = String(ref.index + 1);
        expect(keys[ref.index]).toBe(key);
        await page.keyboard.type(key);
        // A key that begins a longer one ("2" of "22") waits: Enter ends it at once.
        if (keys.some((k) => k !== key && k.startsWith(key))) {
          await page.keyboard.press("Enter");
          enters++;
        }
      }
      state = apply(state, move);
      await expect.poll(() => moves(page)).toBe(n + 1);
    }
    expect(enters).toBeGreaterThanOrEqual(3);
    await still(page);
    const piles = state.table.accordion;
    for (const [w, hgt] of [
      [1280, 800],
      [390, 844],
      [844, 390],
      [1920, 1080],
    ]) {
      const where = `${w}x${hgt}`;
      await page.setViewportSize({ width: w, height: hgt });
      await settled(page);
      expect((await pileBoxes(page, "accordion")).length, where).toBe(piles.length);
      const notes = await page.evaluate<{ pile: string; text: string }[]>(
        "Array.from(document.querySelectorAll('.pile-note')).map((e) => ({ pile: e.dataset.testid, text: e.textContent }))",
      );
      const grown = piles.flatMap((p, i) =>
        p.length > 1 ? [{ pile: `note-accordion-${i}`, text: `×${p.length}` }] : [],
      );
      expect(grown.length, where).toBeGreaterThan(3);
      expect(notes, where).toEqual(grown);
      // Each badge lies on its pile's top card, and can be read (at least 9 px).
      for (const { pile } of grown) {
        const i = Number(pile.slice("note-accordion-".length));
        const badge = await page.getByTestId(pile).boundingBox();
        const top = await page.locator(`.card[data-pile="accordion-${i}"]`).last().boundingBox();
        if (!badge || !top) throw new Error(`no badge or card on pile ${i + 1} at ${where}`);
        expect(badge.x >= top.x && badge.x + badge.width <= top.x + top.width, `${pile} ${where}`).toBe(true);
        expect(badge.y >= top.y && badge.y + badge.height <= top.y + top.height, `${pile} ${where}`).toBe(
          true,
        );
        expect(badge.height, where).toBeGreaterThanOrEqual(12);
      }
      await shot(page, `presets-accordion-counts-${where}`);
    }
    await page.close();
  }, 90_000);

  it("a deal that cannot be won says so in a notice that leaves the keys above the first piles in sight (Black Hole), at four sizes", async () => {
    for (const [w, hgt] of [
      [844, 390],
      [390, 844],
      [1280, 800],
      [1920, 1080],
    ]) {
      const where = `${w}x${hgt}`;
      const page = await h.browser.newPage({ viewport: { width: w, height: hgt } });
      await fresh(page, "black-hole/36?numbering=solvitaire");
      await expect
        .poll(() => page.getByTestId("notice").textContent(), { timeout: 20_000 })
        .toContain("cannot be won");
      await settled(page);
      const seen = await page.evaluate<{ key: string; top: number; hit: boolean }[]>(`(() => {
        const notice = document.querySelector('[data-testid="notice"]').getBoundingClientRect();
        const wrap = document.querySelector('.table-wrap').getBoundingClientRect();
        return Array.from(document.querySelectorAll('.slot-key.above')).map((e) => {
          const r = e.getBoundingClientRect();
          const x = r.left + r.width / 2;
          const y = r.top + r.height / 2;
          const at = document.elementFromPoint(x, y);
          return { key: e.textContent, top: Math.min(r.top - notice.bottom, r.top - wrap.top), hit: e.contains(at) };
        });
      })()`);
      // Black Hole's seventeen piles, each key whole: below the notice, inside the table, nothing over it.
      expect(seen.length, where).toBe(17);
      for (const k of seen) expect(k, where).toEqual({ key: k.key, top: expect.any(Number), hit: true });
      for (const k of seen) expect(k.top, `${k.key} ${where}`).toBeGreaterThanOrEqual(0);
      if (hgt < 500) {
        // A phone held sideways: one line of notice.
        const box = await page.getByTestId("notice").boundingBox();
        expect(box?.height ?? 99, where).toBeLessThan(24);
      }
      await shot(page, `notice-black-hole-${where}`);
      await page.close();
    }
  }, 120_000);
});
