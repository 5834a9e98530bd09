import { createHash } from "node:crypto";
import {
  existsSync,
  mkdirSync,
  readdirSync,
  readFileSync,
  renameSync,
  rmSync,
  statSync,
  writeFileSync,
} from "node:fs";
import { request } from "node:http";
import { join } from "node:path";
import { setTimeout as sleep } from "node:timers/promises";
import { type Browser, chromium, type Page } from "playwright-core";
import { expect } from "vitest";
import { WEB_ROOT, webBuildOptions } from "../../src/server/build.ts";
import { precompressFolder } from "../../src/server/precompress.ts";
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

const REPO = join(import.meta.dirname, "../..");
/** Where the browser tests' builds are kept, one folder per state of the sources (`web-<fingerprint>`). */
export const BUILDS = join(REPO, "node_modules/.cache/tsol-e2e");

/**
 * A fingerprint of everything a web build is made from: every file under web/ and src/ (the app imports the
 * engines) and the package files, by path, size and modification time.
 */
function sourcesFingerprint(): string {
  const hash = createHash("sha256");
  const walk = (dir: string) => {
    for (const entry of readdirSync(dir, { withFileTypes: true }).sort((a, b) =>
      a.name < b.name ? -1 : 1,
    )) {
      if (entry.name === "node_modules" || entry.name === "dist") continue;
      const path = join(dir, entry.name);
      if (entry.isDirectory()) walk(path);
      else if (entry.isFile()) {
        const st = statSync(path);
        hash.update(`${path}\0${st.size}\0${st.mtimeMs}\n`);
      }
    }
  };
  walk(join(REPO, "web"));
  walk(join(REPO, "src"));
  for (const file of ["package.json", "package-lock.json", "tsconfig.json"]) {
    const path = join(REPO, file);
    if (existsSync(path)) hash.update(`${path}\0${statSync(path).mtimeMs}\n`);
  }
  return hash.digest("hex").slice(0, 16);
}

function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

/**
 * The app built as `npm start` builds it (production, precompressed): one build that every browser test file of
 * a test run shares (the first file to need it builds it; the others wait for it and take it, even if a source
 * changed meanwhile), and later runs too while no source changes. Each build goes into a folder of its own,
 * named by the fingerprint of the sources, never changed afterwards (a test serving it is not disturbed by a
 * newer build). Returns the folder.
 */
export async function productionBuild(): Promise<string> {
  mkdirSync(BUILDS, { recursive: true });
  // The test files of one run are worker processes of one vitest process: its id and start time name the run.
  const runMarker = join(BUILDS, `run-${process.ppid}`);
  const run = `${process.ppid} ${readFileSafe(`/proc/${process.ppid}/stat`).split(" ")[21] ?? ""}`;
  const ofThisRun = () => {
    const [marked, folder] = readFileSafe(runMarker).split("\n");
    return marked === run && folder && existsSync(join(folder, "index.html")) ? folder : null;
  };
  const lock = join(BUILDS, "lock");
  for (;;) {
    const shared = ofThisRun();
    if (shared) return shared;
    try {
      mkdirSync(lock);
      writeFileSync(join(lock, "pid"), String(process.pid));
      break;
    } catch {
      // Another test file builds: wait for it, or take over when it died.
      const pid = Number(readFileSafe(join(lock, "pid")));
      if (pid > 0 && !alive(pid)) rmSync(lock, { recursive: true, force: true });
      else await sleep(250);
    }
  }
  try {
    const shared = ofThisRun();
    if (shared) return shared;
    const folder = join(BUILDS, `web-${sourcesFingerprint()}`);
    if (!existsSync(join(folder, "index.html"))) await buildInto(folder);
    writeFileSync(runMarker, `${run}\n${folder}`);
    // Builds of older sources and markers of other runs, an hour old, go.
    for (const name of readdirSync(BUILDS)) {
      const path = join(BUILDS, name);
      if (
        path !== folder &&
        path !== runMarker &&
        name !== "lock" &&
        Date.now() - statSync(path).mtimeMs > 3_600_000
      )
        rmSync(path, { recursive: true, force: true });
    }
    return folder;
  } finally {
    rmSync(lock, { recursive: true, force: true });
  }
}

async function buildInto(folder: string): Promise<void> {
  const partial = `${folder}.partial-${process.pid}`;
  const { build, createLogger } = await import("vite");
  const options = webBuildOptions(createLogger);
  // Vite follows NODE_ENV, which the test runner sets to "test", and would otherwise build React's development
  // bundle.
  const before = process.env.NODE_ENV;
  process.env.NODE_ENV = "production";
  try {
    await build({
      configFile: `${WEB_ROOT}/vite.config.ts`,
      ...options,
      build: { ...options.build, outDir: partial, emptyOutDir: true },
    });
  } finally {
    if (before === undefined) delete process.env.NODE_ENV;
    else process.env.NODE_ENV = before;
  }
  precompressFolder(partial);
  renameSync(partial, folder);
}

function readFileSafe(path: string): string {
  try {
    return readFileSync(path, "utf8");
  } catch {
    return "";
  }
}

/** Serves the shared production build (`productionBuild`) and opens one browser page that the tests share. */
export async function openHarness(): Promise<Harness> {
  if (!process.env.TSOL_SCREENS) rmSync(SCREENSHOTS, { recursive: true, force: true });
  mkdirSync(SCREENSHOTS, { recursive: true });
  const server = await startServer({ root: await productionBuild(), port: 0 });
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

/** Waits until no card is moving (the hint's glow, which never ends, aside). */
export async function still(page: Page): Promise<void> {
  await expect
    .poll(
      () =>
        page.evaluate(
          "document.getAnimations().filter((a) => a.playState === 'running' && a.effect && a.effect.target && a.effect.target.classList && a.effect.target.classList.contains('card') && a.effect.getTiming().iterations !== Infinity).length + (document.querySelector('[data-animating]') ? 1 : 0)",
        ),
      { timeout: 10_000 },
    )
    .toBe(0);
}

/**
 * Waits until there are cards, every table was laid out for the room its wrap has now (the wraps'
 * `data-laid-out`), and the cards stay where they are between two looks: the table lays itself out again after a
 * resize or a new game (a resize observer, then a render), which on a loaded machine can take longer than a frame or
 * two, and a check made in between sees the last layout in the new viewport (two looks alike could both be the old
 * one: the room is what tells).
 */
export async function settled(page: Page): Promise<void> {
  let last = "";
  await expect
    .poll(
      async () => {
        const now = await page.evaluate<string>(
          `(() => {
            for (const wrap of document.querySelectorAll('.table-wrap[data-laid-out]')) {
              const style = getComputedStyle(wrap);
              const px = (v) => Number.parseFloat(v) || 0;
              const w = Math.floor(wrap.clientWidth - px(style.paddingLeft) - px(style.paddingRight));
              const h = Math.floor(wrap.clientHeight - px(style.paddingTop) - px(style.paddingBottom));
              if (wrap.dataset.laidOut !== w + 'x' + h) return '';
            }
            return Array.from(document.querySelectorAll('.card')).map((e) => { const r = e.getBoundingClientRect(); return Math.round(r.left) + ',' + Math.round(r.top) + ',' + Math.round(r.width); }).join(';');
          })()`,
        );
        const same = now === last && now !== "";
        last = now;
        return same;
      },
      { timeout: 10_000, interval: 40 },
    )
    .toBe(true);
}
