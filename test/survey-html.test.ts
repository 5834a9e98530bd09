import { mkdirSync, mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { pathToFileURL } from "node:url";
import { chromium } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { run } from "./survey-run.ts";
import { ROOT } from "./tsol.ts";

/** Debian's chromium as root on a closed network (the flags of the web tests). */
const CHROMIUM_ARGS = [
  "--no-sandbox",
  "--disable-gpu",
  "--disable-quic",
  "--no-first-run",
  "--disable-background-networking",
  "--disable-component-update",
  "--disable-sync",
];
const SCREENSHOTS = join(ROOT, "test-output/screenshots");

let dir: string;
let page: string;

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), "tsol-survey-html-"));
  const db = join(dir, "s.db");
  // Two surveys: FreeCell with its impossible deal, King Albert on a budget small enough to leave some unknown.
  const freecell = await run([
    "survey",
    "freecell",
    "--deals",
    "1-300,11982",
    "--jobs",
    "2",
    "--budget-positions",
    "200000",
    "--db",
    db,
  ]);
  expect(freecell.status, freecell.stderr).toBe(0);
  const kingAlbert = await run([
    "survey",
    "king-albert",
    "--numbering",
    "solvitaire",
    "--deals",
    "1-40",
    "--jobs",
    "2",
    "--budget-positions",
    "20000",
    "--db",
    db,
  ]);
  expect(kingAlbert.status, kingAlbert.stderr).toBe(0);
  page = join(dir, "report.html");
  const report = await run(["survey", "report", "--db", db, "--html", page]);
  expect(report.status, report.stderr).toBe(0);
}, 180_000);

afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe("tsol survey report --html", () => {
  it("writes one self-contained page: no script, nothing loaded from elsewhere", () => {
    const html = readFileSync(page, "utf8");
    expect(html).toMatch(/^<!doctype html>/);
    expect(html).not.toMatch(/<script|<link|src=/i);
  });

  it("shows in chromium with its plots, the figures and every impossible deal named", async () => {
    const browser = await chromium.launch({ executablePath: "/usr/bin/chromium", args: CHROMIUM_ARGS });
    try {
      const tab = await browser.newPage({ viewport: { width: 1000, height: 1400 } });
      const problems: string[] = [];
      const requests: string[] = [];
      tab.on("console", (m) => {
        if (m.type() === "error") problems.push(m.text());
      });
      tab.on("pageerror", (e) => problems.push(e.message));
      tab.on("request", (r) => requests.push(r.url()));
      const url = pathToFileURL(page).href;
      await tab.goto(url);
      expect(problems).toEqual([]);
      expect(requests).toEqual([url]);
      // The share chart, then two histograms a survey, each drawn with a size.
      const charts = await tab.locator("svg.chart").evaluateAll((svgs) =>
        svgs.map((s) => {
          const box = s.getBoundingClientRect();
          return {
            label: s.getAttribute("aria-label"),
            width: box.width,
            height: box.height,
            shapes: s.querySelectorAll("rect, line, circle").length,
          };
        }),
      );
      expect(charts.map((c) => c.label)).toEqual([
        "share winnable per survey",
        "solver time per deal",
        "positions per deal",
        "solver time per deal",
        "positions per deal",
      ]);
      for (const c of charts) {
        expect(c.width).toBeGreaterThan(300);
        expect(c.height).toBeGreaterThan(100);
        expect(c.shapes).toBeGreaterThan(3);
      }
      // biome-ignore lint/performance/useDomNodeTextContent: the text as shown, laid out, is what is checked
      const text = await tab.locator("body").innerText();
      expect(text).toMatch(/freecell: FreeCell/);
      expect(text).toMatch(/king-albert: King Albert/);
      expect(text).toMatch(/Impossible deals \(1\)\s+11982/);
      expect(text).toMatch(/Undecided deals \([1-9]\d*\)/);
      mkdirSync(SCREENSHOTS, { recursive: true });
      await tab.screenshot({ path: join(SCREENSHOTS, "survey-report.png"), fullPage: true });
    } finally {
      await browser.close();
    }
  }, 60_000);
});
