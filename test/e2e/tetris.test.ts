import type { Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type Action, GuidelineGame } from "../../src/games/tetris/guideline/engine.ts";
import { simplePlacement } from "../../src/games/tetris/simple-player.ts";
import { type Harness, openHarness, shot } from "./harness.ts";

let h: Harness;
let page: Page;

beforeAll(async () => {
  h = await openHarness();
  page = h.page;
}, 180_000);

afterAll(async () => {
  await h?.close();
});

const SETTINGS = "tsol.settings.v2";

/** The page on Tetris with these Tetris settings (and theme), nothing else stored. */
async function open(tetris: Record<string, unknown>, theme = "dark"): Promise<void> {
  await page.goto(`${h.server.url}favicon.svg`);
  await page.evaluate("localStorage.clear()");
  const settings = { theme, sound: true, tetris: { engine: "guideline", ...tetris } };
  await page.evaluate(
    `localStorage.setItem(${JSON.stringify(SETTINGS)}, ${JSON.stringify(JSON.stringify(settings))})`,
  );
  await page.goto(`${h.server.url}#/tetris`);
  await page.waitForSelector("canvas.field");
}

/** The default key of each action, as KeyboardEvent.key names it. */
const KEY: Record<Action, string> = {
  left: "ArrowLeft",
  right: "ArrowRight",
  rotateCW: "ArrowUp",
  rotateCCW: "z",
  rotate180: "a",
  softDrop: "ArrowDown",
  hardDrop: " ",
  hold: "c",
};

/**
 * Plays a sprint to its end through the keyboard: a copy of the game in this process (same seed and mode) picks
 * each placement (simple-player.ts: no soft drop, no hold), and the keys for it go to the page. DAS is long (taps only), so each key does the same in both
 * games whatever the page's timing; the two are checked to agree as the game goes.
 */
async function playSprint(seed: number): Promise<number> {
  const game = new GuidelineGame({ seed, gameMode: "sprint", visibleRows: 20, nextCount: 5 });
  let keys = 0;
  while (!game.getGameOver()) {
    const piece = simplePlacement(game);
    for (const action of piece) game.input(0, action);
    // A piece's keys in one go (down and up each, as the page's key handlers receive them): one round trip a
    // piece keeps the whole sprint to a few seconds.
    await page.evaluate(
      `(${JSON.stringify(piece.map((a) => KEY[a]))}).forEach((key) => {
        window.dispatchEvent(new KeyboardEvent("keydown", { key, bubbles: true }));
        window.dispatchEvent(new KeyboardEvent("keyup", { key, bubbles: true }));
      })`,
    );
    keys += piece.length;
    if (game.getPieces() > 400) throw new Error("no sprint should take 400 pieces");
    // Lines, not the score: gravity may have taken a piece a row down before its hard drop (2 points fewer).
    if (game.getPieces() % 10 === 0 && !game.getGameOver()) {
      const lines = async () =>
        Number(/^\d+/.exec((await page.getByTestId("tetris-lines").textContent()) ?? "")?.[0]);
      await expect.poll(lines, { message: `lines after piece ${game.getPieces()}` }).toBe(game.getLines());
    }
  }
  expect(game.getGameOver()).toBe("goal");
  return keys;
}

describe("Tetris in the browser: modes and results", () => {
  it("a sprint played by script through key events ends at 40 lines with its results screen and a personal best", async () => {
    // The game's clock starts with the page: the wall clock from before it bounds the game time.
    const started = Date.now();
    await open({ mode: "sprint", das: 1000, arr: 40 });
    const seedText = await page.locator(".engine-name").textContent();
    const seed = Number(/seed (\d+)/.exec(seedText ?? "")?.[1]);
    expect(Number.isInteger(seed)).toBe(true);
    expect(seedText).toContain("40-line sprint");
    const keys = await playSprint(seed);
    const results = page.getByTestId("tetris-results");
    await results.waitFor({ timeout: 10_000 });
    const text = (await results.textContent()) ?? "";
    expect(await page.locator(".field-overlay strong").textContent()).toBe("Finished");
    const lines = Number(/Lines(\d+)/.exec(text)?.[1]);
    expect(lines).toBeGreaterThanOrEqual(40);
    const time = /Time(\d+):(\d\d)\.(\d{3})/.exec(text);
    expect(time).not.toBeNull();
    const ms = Number(time![1]) * 60_000 + Number(time![2]) * 1000 + Number(time![3]);
    // Game time: more than nothing, no more than the wall clock the script took.
    expect(ms).toBeGreaterThan(0);
    expect(ms).toBeLessThanOrEqual(Date.now() - started);
    expect(text).toMatch(/Pieces\d+ \([\d.]+ per second\)/);
    expect(text).toContain(`Keys${keys} (`);
    expect(text).toMatch(/Finesse faults\d+/);
    expect(text).toMatch(/Attack\d+/);
    expect(await page.getByTestId("tetris-rank").textContent()).toContain("#1 in your 40-line sprint bests");
    const bests = JSON.parse((await page.evaluate("localStorage.getItem('tsol.tetris.bests.v2')")) as string);
    expect(bests.sprint).toHaveLength(1);
    expect(bests.sprint[0].timeMs).toBe(ms);
    await shot(page, "tetris-sprint-results");

    // The game is kept as a replay: watched at 4x, the timeline taken to its end, the same lines.
    await page.getByRole("button", { name: "Replays", exact: true }).click();
    await page.getByTestId("replay-list").getByRole("button", { name: "Watch" }).first().click();
    await page.getByTestId("replay-badge").waitFor();
    await page.getByRole("button", { name: "4x", exact: true }).click();
    await shot(page, "tetris-replay");
    const timeline = page.getByLabel("Replay timeline");
    await timeline.fill((await timeline.getAttribute("max")) ?? "0");
    const replayText = await page.getByTestId("replay-results").textContent({ timeout: 10_000 });
    expect(Number(/Lines(\d+)/.exec(replayText ?? "")?.[1])).toBe(lines);
    expect(replayText).toContain(`Keys${keys} (`);
    // Its link opens the same replay on a fresh page.
    await page.getByRole("button", { name: "Link", exact: true }).click();
    const link = await page.getByLabel("Replay link").inputValue();
    expect(link).toMatch(/#\/tetris\?replay=1\.sprint\./);
    await page.goto(`${h.server.url}favicon.svg`);
    await page.goto(link);
    await page.getByTestId("replay-badge").waitFor();
    await page.getByRole("button", { name: "Back to the game", exact: true }).click();
    expect(await page.getByTestId("replay-badge").count()).toBe(0);
  }, 120_000);

  it("the game screen's mode picker starts a game of the mode picked; a classic game is kept, watched and linked", async () => {
    await open({ mode: "marathon" });
    const picker = page.getByTestId("tetris-mode");
    const stored = async () =>
      JSON.parse((await page.evaluate(`localStorage.getItem(${JSON.stringify(SETTINGS)})`)) as string).tetris;
    await picker.selectOption("ultra");
    await expect.poll(() => page.locator(".engine-name").textContent()).toContain("2-minute ultra");
    expect(await page.locator(".tetris-stats dt", { hasText: "Time left" }).count()).toBe(1);
    expect(await stored()).toMatchObject({ engine: "guideline", mode: "ultra" });
    await picker.selectOption("classic");
    await expect.poll(() => page.locator(".engine-name").textContent()).toContain("Classic (VDM++ model)");
    expect(await stored()).toMatchObject({ engine: "classic" });
    // Pieces dropped where they appear pile up in the middle until a new one cannot appear.
    for (let n = 0; n < 60 && (await page.getByTestId("tetris-results").count()) === 0; n++) {
      if ((await page.locator(".field-overlay strong", { hasText: "Game over" }).count()) > 0) break;
      await page.keyboard.press("Space");
    }
    await page.locator(".field-overlay strong", { hasText: "Game over" }).waitFor();
    const score = (await page.getByTestId("tetris-score").textContent())!.replace(/,/g, "");
    expect(Number(score)).toBeGreaterThan(0);
    await page.getByRole("button", { name: "Replays", exact: true }).click();
    const first = page.getByTestId("replay-list").locator("li").first();
    expect(await first.textContent()).toMatch(/^Classic: /);
    await first.getByRole("button", { name: "Watch" }).click();
    await expect.poll(() => page.getByTestId("replay-badge").textContent()).toBe("Replay · Classic");
    const timeline = page.getByLabel("Replay timeline");
    await timeline.fill((await timeline.getAttribute("max")) ?? "0");
    const replayText = await page.getByTestId("replay-results").textContent({ timeout: 10_000 });
    expect(replayText).toContain("ModeClassic");
    expect(replayText).toContain(`Score${Number(score).toLocaleString("en")}`);
    expect(replayText).toContain("Endgame over");
    await shot(page, "tetris-classic-replay");
    await page.getByRole("button", { name: "Link", exact: true }).click();
    const link = await page.getByLabel("Replay link").inputValue();
    expect(link).toMatch(/#\/tetris\?replay=1\.classic\.\d+\.n\./);
    await page.goto(`${h.server.url}favicon.svg`);
    await page.goto(link);
    await expect.poll(() => page.getByTestId("replay-badge").textContent()).toBe("Replay · Classic");
    await page.getByRole("button", { name: "Back to the game", exact: true }).click();
  }, 60_000);

  it("the AI demo's game stays out of the bests", async () => {
    await open({ mode: "ultra" });
    await page.getByRole("button", { name: "AI demo", exact: true }).click();
    await expect
      .poll(() => page.getByTestId("tetris-lines").textContent(), { timeout: 10_000 })
      .not.toMatch(/^0/);
    await page.getByRole("button", { name: "Stop AI", exact: true }).click();
    await page.getByRole("button", { name: "New game", exact: true }).click();
    expect(await page.evaluate("localStorage.getItem('tsol.tetris.bests.v2')")).toBeNull();
  });

  it("rebinding takes the next key pressed and refuses one already taken", async () => {
    await open({ mode: "marathon" });
    await page.getByRole("button", { name: "Settings", exact: true }).click();
    const row = page.locator(".key-row", { hasText: "Half turn" });
    await row.getByRole("button", { name: "Add key" }).click();
    await page.keyboard.press("ArrowLeft");
    await expect
      .poll(() => page.locator(".key-bindings .note").textContent())
      .toContain("ArrowLeft is already Move left");
    await page.keyboard.press("q");
    await expect.poll(() => row.textContent()).toContain("Q");
    await shot(page, "tetris-settings");
    await page.keyboard.press("Escape");
  });

  it("screens at the four sizes, light and dark", async () => {
    for (const theme of ["light", "dark"]) {
      for (const [w, hgt] of [
        [390, 844],
        [844, 390],
        [1366, 768],
        [1920, 1080],
      ] as const) {
        await page.setViewportSize({ width: w, height: hgt });
        await open({ mode: "marathon" }, theme);
        await page.keyboard.press("Space");
        await page.keyboard.press("ArrowLeft");
        await shot(page, `tetris-${w}x${hgt}-${theme}`);
      }
    }
    await page.setViewportSize({ width: 1280, height: 860 });
  }, 120_000);

  it("on a phone (touch), upright and on its side: the pad's places, and a swipe down drops the piece", async () => {
    for (const [w, hgt] of [
      [390, 844],
      [844, 390],
    ] as const) {
      const phone = await h.browser.newContext({
        viewport: { width: w, height: hgt },
        isMobile: true,
        hasTouch: true,
        deviceScaleFactor: 2,
      });
      const p = await phone.newPage();
      await p.goto(`${h.server.url}#/tetris`);
      await p.waitForSelector("canvas.field");
      const box = async (sel: string) => (await p.locator(sel).boundingBox())!;
      const left = await box(".pad-left");
      const right = await box(".pad-right");
      const field = await box("canvas.field");
      // The mode picker and every button of the panels are on the screen.
      for (const sel of ["[data-testid=tetris-mode]", ".tetris-buttons button:last-child"]) {
        const b = await box(sel);
        expect(b.y + b.height).toBeLessThanOrEqual(hgt);
        expect(b.x + b.width).toBeLessThanOrEqual(w);
      }
      // ◀ and ▶ side by side, on one row.
      expect(Math.abs(left.y - right.y)).toBeLessThan(2);
      expect(right.x).toBeGreaterThan(left.x);
      if (w > hgt) {
        // On its side: the moves left of the field, the drops right of it, none over it.
        expect(right.x + right.width).toBeLessThanOrEqual(field.x);
        expect((await box(".pad-hard")).x).toBeGreaterThanOrEqual(field.x + field.width);
      } else {
        expect(left.y).toBeGreaterThanOrEqual(field.y + field.height);
        // The field takes most of the width.
        expect(field.width).toBeGreaterThan(w * 0.55);
        // A quick swipe down the field is a hard drop: points for the rows it fell.
        await p.evaluate(`(() => {
          const el = document.querySelector(".field-wrap");
          const at = (type, y) => el.dispatchEvent(new PointerEvent(type, { pointerType: "touch", pointerId: 7, clientX: 200, clientY: y, bubbles: true }));
          at("pointerdown", 200);
          at("pointermove", 330);
          at("pointerup", 330);
        })()`);
        await expect.poll(() => p.getByTestId("tetris-score").textContent()).not.toBe("0");
      }
      await p.screenshot({
        path: `${process.env.TSOL_SCREENS ?? "test-output/screenshots"}/tetris-phone-${w}x${hgt}.png`,
      });
      await phone.close();
    }
  }, 120_000);

  it("saw no console errors (no AudioContext warnings) in the whole session", () => {
    expect(h.problems).toEqual([]);
  });
});
