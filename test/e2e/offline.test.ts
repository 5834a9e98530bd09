import { mkdirSync } from "node:fs";
import { type Browser, type BrowserContext, chromium, type Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { formatCard } from "../../src/cards/card.ts";
import type { AnyPatienceGame } from "../../src/games/patience/contract.ts";
import { Session } from "../../src/games/patience/session.ts";
import { findPatience } from "../../src/games/registry.ts";
import { type RunningServer, startServer } from "../../src/server/serve.ts";
import { CHROMIUM_ARGS, productionBuild, rawGet, SCREENSHOTS, shot } from "./harness.ts";

// The app built as `npm start` builds it (the build the browser tests share), served by a server of this test's
// own (it counts the requests), in chromium: installable (the manifest) and playable offline.
let server: RunningServer;
let browser: Browser;
let context: BrowserContext;
let page: Page;
/** Requests that reached the server, by path. */
const served: string[] = [];
const problems: string[] = [];

beforeAll(async () => {
  mkdirSync(SCREENSHOTS, { recursive: true });
  server = await startServer({ root: await productionBuild(), port: 0 });
  server.server.on("request", (req) => served.push(req.url ?? ""));
  browser = await chromium.launch({ executablePath: "/usr/bin/chromium", args: CHROMIUM_ARGS });
  context = await browser.newContext({ viewport: { width: 1280, height: 860 }, deviceScaleFactor: 1 });
  page = await context.newPage();
  page.on("console", (m) => {
    if (m.type() === "error" && !m.text().startsWith("Failed to load resource")) problems.push(m.text());
  });
  page.on("pageerror", (error) => problems.push(error.message));
}, 180_000);

afterAll(async () => {
  await browser?.close();
  await server?.close();
});

/** The width and height a PNG says it has (its IHDR chunk). */
function pngSize(bytes: Buffer): [number, number] {
  expect(bytes.subarray(0, 8).toString("hex")).toBe("89504e470d0a1a0a");
  return [bytes.readUInt32BE(16), bytes.readUInt32BE(20)];
}

describe("the installable app", () => {
  it("serves a web manifest that names the app, its start, its display and its icons", async () => {
    const answer = await rawGet(server.url, "/manifest.webmanifest");
    expect(answer.status).toBe(200);
    expect(answer.headers["content-type"]).toBe("application/manifest+json");
    const manifest = JSON.parse(answer.body) as Record<string, unknown> & {
      icons: { src: string; sizes: string; type: string; purpose?: string }[];
    };
    expect(manifest).toMatchObject({ name: expect.stringContaining("tsol"), short_name: "tsol" });
    expect(manifest).toMatchObject({ start_url: "/", scope: "/", display: "standalone" });
    expect(manifest.theme_color).toMatch(/^#[0-9a-f]{6}$/);
    // What browsers need to offer the install: PNG icons of 192 and 512 pixels, and one for masks.
    for (const icon of manifest.icons.filter((i) => i.type === "image/png")) {
      const response = await fetch(new URL(icon.src, server.url));
      expect(response.headers.get("content-type")).toBe("image/png");
      const [w, h] = pngSize(Buffer.from(await response.arrayBuffer()));
      expect(`${w}x${h}`).toBe(icon.sizes);
    }
    const sizes = manifest.icons.map((i) => `${i.sizes} ${i.purpose ?? "any"}`);
    expect(sizes).toEqual(expect.arrayContaining(["192x192 any", "512x512 any", "512x512 maskable"]));
  });

  it("plays offline after the first visit: a reload, a move, and the solver's verdict with the network cut", async () => {
    await page.goto(`${server.url}#/freecell/1`);
    await page.waitForSelector(".card");
    expect(await page.title()).toBe("FreeCell · tsol");
    expect(await page.evaluate("document.querySelector('link[rel=manifest]').getAttribute('href')")).toBe(
      "/manifest.webmanifest",
    );
    // The service worker takes the page over once it holds every file of the build.
    await expect
      .poll(() => page.evaluate("navigator.serviceWorker.controller !== null"), { timeout: 30_000 })
      .toBe(true);

    await context.setOffline(true);
    const before = served.length;
    expect(await page.evaluate("fetch('/not-kept').then(() => 'answered', () => 'failed')")).toBe("failed");
    await page.reload();
    await page.waitForSelector(".card");
    expect(await page.locator(".card").count()).toBe(52);
    expect(await page.getByTestId("deal-title").textContent()).toBe("Deal 1");

    // A move: the top card of a cascade into a free cell, by click, then click.
    const freecell = findPatience("freecell") as AnyPatienceGame;
    const session = Session.deal(freecell, 1, freecell.rules.make({}), "microsoft", "safe");
    const move = freecell
      .legalMoves(session.state)
      .find((m) => (m as { to: { kind: string } }).to.kind === "cell") as {
      from: { index: number };
      to: { index: number };
    };
    const cascade = freecell
      .piles(session.state, "player")
      .find((p) => p.ref.kind === "cascade" && p.ref.index === move.from.index);
    const top = formatCard(cascade?.cards[cascade.cards.length - 1].card as number);
    await page.locator(`.card[data-card="${top}"]`).click();
    await page.locator(`[data-slot="cell-${move.to.index}"]`).click();
    await expect.poll(() => page.getByTestId("moves").textContent()).not.toBe("0");
    expect(await page.locator(`.card[data-card="${top}"]`).getAttribute("data-pile")).toBe(
      `cell-${move.to.index}`,
    );
    // The verdict comes from the solver's Web Worker, loaded after the reload: from the service worker's files.
    await page.waitForSelector('[data-testid="verdict"][data-status="winnable"]', { timeout: 30_000 });
    await shot(page, "offline-freecell");
    // Nothing of it came from the server. The browser's own check for a new service worker (its script and the
    // script that imports) is not the page's: it passes by the offline emulation (and fails harmlessly offline).
    const updateCheck = /^\/(sw|workbox-[\w-]+)\.js$/;
    expect(served.slice(before).filter((url) => !updateCheck.test(url))).toEqual([]);
    await context.setOffline(false);
    expect(problems).toEqual([]);
  });
});
