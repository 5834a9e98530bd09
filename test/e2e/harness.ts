import { mkdirSync, rmSync } from "node:fs";
import { request } from "node:http";
import { join } from "node:path";
import { type Browser, chromium, type Page } from "playwright-core";
import { buildWeb, WEB_BUILD } from "../../src/server/build.ts";
import { type RunningServer, startServer } from "../../src/server/serve.ts";

/** Where screenshots go: test-output/screenshots, or the folder in $TSOL_SCREENS (outside the repository). */
export const SCREENSHOTS =
  process.env.TSOL_SCREENS ?? join(import.meta.dirname, "../../test-output/screenshots");

export const CHROMIUM_ARGS = [
  "--no-sandbox",
  "--disable-gpu",
  "--disable-quic",
  "--no-first-run",
  "--disable-background-networking",
  "--disable-component-update",
  "--disable-sync",
];

export interface Harness {
  server: RunningServer;
  browser: Browser;
  page: Page;
  /** Console errors, page errors and CSP violations seen so far. */
  problems: string[];
  close(): Promise<void>;
}

/**
 * Builds the app as `npm start` does: Vite follows NODE_ENV, which the test runner sets to "test", and would
 * otherwise build React's development bundle.
 */
export async function buildProduction(): Promise<void> {
  const before = process.env.NODE_ENV;
  process.env.NODE_ENV = "production";
  try {
    await buildWeb();
  } finally {
    if (before === undefined) delete process.env.NODE_ENV;
    else process.env.NODE_ENV = before;
  }
}

/** Builds the app once, serves it, and opens one browser page that the tests share. */
export async function openHarness(): Promise<Harness> {
  if (!process.env.TSOL_SCREENS) rmSync(SCREENSHOTS, { recursive: true, force: true });
  mkdirSync(SCREENSHOTS, { recursive: true });
  await buildProduction();
  const server = await startServer({ root: WEB_BUILD, port: 0 });
  const browser = await chromium.launch({ executablePath: "/usr/bin/chromium", args: CHROMIUM_ARGS });
  const context = await browser.newContext({ viewport: { width: 1280, height: 860 }, deviceScaleFactor: 1 });
  const page = await context.newPage();
  const problems: string[] = [];
  page.on("console", (message) => {
    // Failed loads are judged below, by their address.
    if (message.type() === "error" && !message.text().startsWith("Failed to load resource")) {
      problems.push(`console: ${message.text()}`);
    }
  });
  page.on("response", (response) => {
    // The browser asks for /favicon.ico by itself when it shows a bare file; the app links its SVG icon.
    if (response.status() >= 400 && !response.url().endsWith("/favicon.ico")) {
      problems.push(`http ${response.status()}: ${response.url()}`);
    }
  });
  page.on("pageerror", (error) => problems.push(`page: ${error.message}`));
  return {
    server,
    browser,
    page,
    problems,
    close: async () => {
      await browser.close();
      await server.close();
    },
  };
}

export async function shot(page: Page, name: string): Promise<void> {
  await page.screenshot({ path: join(SCREENSHOTS, `${name}.png`) });
}

/** A raw GET: the path goes on the wire exactly as written (fetch would normalise the dots away). */
export function rawGet(
  url: string,
  path: string,
): Promise<{ status: number; headers: Record<string, string | string[] | undefined>; body: string }> {
  const { port, hostname } = new URL(url);
  return new Promise((done, fail) => {
    const req = request({ host: hostname, port, path, method: "GET" }, (res) => {
      let body = "";
      res.on("data", (chunk) => {
        body += chunk;
      });
      res.on("end", () => done({ status: res.statusCode ?? 0, headers: res.headers, body }));
    });
    req.on("error", fail);
    req.end();
  });
}
