import type { Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { cardName, formatCard } from "../../src/cards/card.ts";
import type { FamilyState } from "../../src/games/family/engine.ts";
import { apply, autoMoves, legalMoves } from "../../src/games/family/engine.ts";
import type { AnyPatienceGame } from "../../src/games/patience/contract.ts";
import { findPatience } from "../../src/games/registry.ts";
import { type Harness, openHarness, shot } from "./harness.ts";

/**
 * Pyramid and TriPeaks in chromium: their tables (a pyramid of seven overlapping rows, three peaks over a row of
 * ten) at a phone either way up, a laptop and a desktop, every card in view and each row's cards half a card
 * over the next; a pair chosen by two clicks (Pyramid), a card played to the hole by one (TriPeaks).
 */

let h: Harness;
beforeAll(async () => {
  h = await openHarness();
}, 240_000);
afterAll(async () => {
  await h?.close();
});

const SIZES = [
  // Upright, TriPeaks' bottom row of ten cards spans the screen: 35 px a card.
  { w: 390, h: 844, touch: true, minCard: 34 },
  { w: 844, h: 390, touch: true, minCard: 30 },
  { w: 1280, h: 800, touch: false, minCard: 60 },
  { w: 1920, h: 1080, touch: false, minCard: 80 },
];

interface CardBox {
  card: string;
  pile: string;
  face: string;
  x: number;
  y: number;
  w: number;
  h: number;
}

function cardBoxes(page: Page): Promise<CardBox[]> {
  return page.evaluate<CardBox[]>(`Array.from(document.querySelectorAll('.card')).map((e) => {
    const r = e.getBoundingClientRect();
    return { card: e.dataset.card, pile: e.dataset.pile, face: e.dataset.face, x: r.left, y: r.top, w: r.width, h: r.height };
  })`);
}

async function open(page: Page, id: string, deal: number): Promise<void> {
  await page.goto(`${h.server.url}favicon.svg`);
  await page.evaluate("localStorage.clear()");
  await page.goto(`${h.server.url}#/${id}/${deal}?numbering=solvitaire`);
  await page.waitForSelector(`section.patience[data-game="${id}"] .card`);
  await page.waitForTimeout(400);
}

const moves = async (page: Page) => Number(await page.getByTestId("moves").first().textContent());

/** A card on the table by its pile and its name. */
const cardAt = (page: Page, pile: string, card: string) =>
  page.locator(`.card[data-pile="${pile}"][data-card="${card}"]`);

describe("Pyramid and TriPeaks on the web table", () => {
  for (const id of ["pyramid", "tri-peaks"]) {
    it(`${id}: every card in view and large enough at four sizes, the rows overlapping by half a card in line`, async () => {
      for (const size of SIZES) {
        const context = await h.browser.newContext({
          viewport: { width: size.w, height: size.h },
          deviceScaleFactor: 1,
          hasTouch: size.touch,
          isMobile: size.touch,
        });
        const page = await context.newPage();
        await open(page, id, 1);
        const where = `${id} at ${size.w}x${size.h}`;
        const cards = await cardBoxes(page);
        const table = cards.filter((c) => c.pile.startsWith("cascade-"));
        // The deal's cards, less those its automatic moves took out (Pyramid deal 1's free king).
        const g = findPatience(id) as AnyPatienceGame;
        let dealt = g.deal(1, g.rules.make({}), "solvitaire") as FamilyState;
        for (const m of autoMoves(dealt, "safe")) dealt = apply(dealt, m);
        expect(table.length, where).toBe(dealt.table.tableau.flat().length);
        for (const c of cards) {
          expect(c.x, `${where} ${c.card}@${c.pile}`).toBeGreaterThanOrEqual(-0.5);
          expect(c.y, `${where} ${c.card}@${c.pile}`).toBeGreaterThanOrEqual(-0.5);
          expect(c.x + c.w, `${where} ${c.card}@${c.pile}`).toBeLessThanOrEqual(size.w + 0.5);
          expect(c.y + c.h, `${where} ${c.card}@${c.pile}`).toBeLessThanOrEqual(size.h + 0.5);
        }
        const w = Math.min(...table.map((c) => c.w));
        expect(w, where).toBeGreaterThanOrEqual(size.minCard);
        // Each card lies half a card below the row above and centred under the two cards it covers.
        const at = (i: number) => table.find((c) => c.pile === `cascade-${i}`) as CardBox;
        const covers = id === "pyramid" ? [0, 1, 2] : [0, 3, 4];
        const [top, under1, under2] = covers.map(at);
        expect(Math.abs(under1.y - top.y - top.h / 2), where).toBeLessThanOrEqual(2);
        expect(Math.abs((under1.x + under2.x) / 2 - top.x), where).toBeLessThanOrEqual(2);
        // No two cards of a row overlap.
        const rows = new Map<number, CardBox[]>();
        for (const c of table) rows.set(Math.round(c.y), [...(rows.get(Math.round(c.y)) ?? []), c]);
        for (const row of rows.values()) {
          const xs = row.map((c) => c.x).sort((a, b) => a - b);
          for (let k = 1; k < xs.length; k++) expect(xs[k] - xs[k - 1], where).toBeGreaterThanOrEqual(w);
        }
        await shot(page, `covering-${id}-${size.w}x${size.h}`);
        await context.close();
      }
    }, 120_000);
  }

  it("Pyramid: a click on one card and one on another takes the pair out; a free king is out at once", async () => {
    const page = await h.browser.newPage({ viewport: { width: 1280, height: 800 } });
    await open(page, "pyramid", 1);
    const game = findPatience("pyramid") as AnyPatienceGame;
    const state = game.deal(1, game.rules.make({}), "solvitaire") as FamilyState;
    const pair = legalMoves(state).find((m) => m.from.kind === "cascade" && m.to.kind === "cascade");
    if (!pair) throw new Error("no pair of the pyramid in deal 1");
    const cardOf = (i: number) => state.table.tableau[i][0];
    await cardAt(page, `cascade-${pair.from.index}`, formatCard(cardOf(pair.from.index))).click();
    await cardAt(page, `cascade-${pair.to.index}`, formatCard(cardOf(pair.to.index))).click();
    await expect.poll(() => moves(page)).toBe(1);
    await expect.poll(() => page.locator(`.card[data-pile="cascade-${pair.from.index}"]`).count()).toBe(0);
    // The free king of the deal went out by itself (the automatic moves), to the discard.
    await expect.poll(() => page.locator('.card[data-pile="hole-0"][data-card="KH"]').count()).toBe(1);
    await page.waitForTimeout(800);
    await shot(page, "covering-pyramid-played");
    await page.close();
  }, 60_000);

  it("TriPeaks: a click on a free card one rank from the hole's plays it there; a click on the stock turns a card", async () => {
    const page = await h.browser.newPage({ viewport: { width: 1280, height: 800 } });
    await open(page, "tri-peaks", 3);
    const game = findPatience("tri-peaks") as AnyPatienceGame;
    const state = game.deal(3, game.rules.make({}), "solvitaire") as FamilyState;
    const play = legalMoves(state).find((m) => m.from.kind === "cascade" && m.to.kind === "hole");
    if (!play) throw new Error(`no card plays to the hole in deal 3 (${cardName(state.table.hole[0])})`);
    const c = state.table.tableau[play.from.index][0];
    await cardAt(page, `cascade-${play.from.index}`, formatCard(c)).click();
    await expect.poll(() => moves(page)).toBe(1);
    await expect
      .poll(() => page.locator(`.card[data-pile="hole-0"][data-card="${formatCard(c)}"]`).count())
      .toBe(1);
    await page.locator('.card[data-pile="stock-0"]').last().click();
    await expect.poll(() => moves(page)).toBe(2);
    await page.waitForTimeout(800);
    await shot(page, "covering-tri-peaks-played");
    await page.close();
  }, 60_000);
});
