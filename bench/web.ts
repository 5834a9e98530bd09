/**
 * The web app's figures, measured in a real browser (Debian's chromium through playwright-core):
 * time to first render of a deal, the winnable verdict's latency in the page over deals 1..100, and the Tetris
 * frame time. Prints a table and one JSON line. Run: npx tsx bench/web.ts [--deals N]
 */
import { chromium } from "playwright-core";
import { buildWeb, WEB_BUILD } from "../src/cli/serve.ts";
import { startServer } from "../src/server/serve.ts";
import { CHROMIUM_ARGS } from "../test/e2e/harness.ts";

const dealsArg = process.argv.indexOf("--deals");
const DEALS = dealsArg > 0 ? Number(process.argv[dealsArg + 1]) : 100;

const median = (xs: number[]) => {
  const s = xs.slice().sort((a, b) => a - b);
  return s.length % 2 ? s[(s.length - 1) / 2] : (s[s.length / 2 - 1] + s[s.length / 2]) / 2;
};
const round = (x: number) => Math.round(x * 10) / 10;

async function main(): Promise<void> {
  await buildWeb();
  const server = await startServer({ root: WEB_BUILD, port: 0 });
  const browser = await chromium.launch({ executablePath: "/usr/bin/chromium", args: CHROMIUM_ARGS });
  const page = await browser.newPage({ viewport: { width: 1280, height: 860 } });
  try {
    // First render: from navigation to 52 cards on the table (a fresh profile each time: a new deal).
    const loads: number[] = [];
    for (let i = 0; i < 5; i++) {
      await page.goto(`${server.url}favicon.svg`);
      await page.evaluate("localStorage.clear()");
      const t0 = performance.now();
      await page.goto(server.url);
      await page.locator(".card").nth(51).waitFor();
      loads.push(performance.now() - t0);
    }
    // A deal by number, from Enter to the new layout.
    const deals: number[] = [];
    const verdicts: number[] = [];
    const outcomes: Record<string, number> = {};
    for (let n = 1; n <= DEALS; n++) {
      await page.fill("#deal-number", String(n));
      const t0 = performance.now();
      await page.press("#deal-number", "Enter");
      await page.locator(".deal-title", { hasText: new RegExp(`^Deal ${n}$`) }).waitFor();
      const t1 = performance.now();
      // Locators poll with the page's own script: waitForFunction would need eval, which the CSP forbids.
      await page
        .locator('[data-testid="verdict"]:not([data-status="checking"])')
        .waitFor({ timeout: 60_000 });
      const t2 = performance.now();
      deals.push(t1 - t0);
      verdicts.push(t2 - t0);
      const status = (await page.getByTestId("verdict").getAttribute("data-status")) ?? "?";
      outcomes[status] = (outcomes[status] ?? 0) + 1;
    }
    // Tetris: the AI plays while the page reports its draw time and frame rate.
    await page.goto(`${server.url}#/tetris`);
    await page.waitForSelector("canvas.field");
    await page.getByRole("button", { name: "AI demo" }).click();
    await page.waitForTimeout(5000);
    const drawMs = Number(await page.locator("canvas.field").getAttribute("data-draw-ms"));
    const fps = Number(await page.locator("canvas.field").getAttribute("data-fps"));

    const result = {
      bench: "web",
      firstRenderMs: { median: round(median(loads)), worst: round(Math.max(...loads)) },
      dealRenderMs: { median: round(median(deals)), worst: round(Math.max(...deals)) },
      verdictMs: {
        deals: DEALS,
        median: round(median(verdicts)),
        worst: round(Math.max(...verdicts)),
        outcomes,
      },
      tetris: { drawMs: drawMs, fps },
    };
    console.log("figure                                    median      worst");
    console.log(
      `first render of a deal (cold load, ms)  ${String(result.firstRenderMs.median).padStart(8)} ${String(result.firstRenderMs.worst).padStart(10)}`,
    );
    console.log(
      `deal by number rendered (ms)            ${String(result.dealRenderMs.median).padStart(8)} ${String(result.dealRenderMs.worst).padStart(10)}`,
    );
    console.log(
      `winnable verdict, deals 1..${DEALS} (ms)`.padEnd(40) +
        `${String(result.verdictMs.median).padStart(8)} ${String(result.verdictMs.worst).padStart(10)}`,
    );
    console.log(`tetris frame: draw ${drawMs} ms, ${fps} frames/s (AI demo)`);
    console.log(`verdicts: ${JSON.stringify(outcomes)}`);
    console.log(JSON.stringify(result));
  } finally {
    await browser.close();
    await server.close();
  }
}

await main();
