/**
 * The web app's figures, measured in a real browser (Debian's chromium through playwright-core):
 *
 * - the first dealt board on a cold load (a new browser context each time: no cache, no storage), median of 10,
 *   as the page's own mark ("tsol:first-board", ms from navigation) and as seen from outside;
 * - the winnable status after a move: on FreeCell deals 1..N, one move of play on each deal, then the time from
 *   the move to its verdict on the page (the page's own measure, from the move to the verdict committed to the
 *   DOM). Two kinds of moves: a legal move drawn at random (seeded; most leave the solution, the hard case), and
 *   the solution's next move (a player following the hint); and the verdict on each fresh deal;
 * - the Tetris draw time and frame rate;
 * - per game, on a deal of each (the hard cases of issue 32 among them: Montana deal 3, King Albert deal 47), the
 *   time from opening the deal's link to its first verdict on the page (page load included; a game with face-down
 *   cards gives the chance to win), and from a press of Hint to a move on the page.
 *
 * Prints a table and one JSON line. USAGE below lists the options (`--help` prints it).
 */
import { type Browser, chromium, type Page } from "playwright-core";
import { mulberry32 } from "../src/cards/random.ts";
import type { AnyPatienceGame } from "../src/games/patience/contract.ts";
import { type AnySession, Session } from "../src/games/patience/session.ts";
import { solutionTurns } from "../src/games/patience/solution.ts";
import { findPatience } from "../src/games/registry.ts";
import { buildWeb, WEB_BUILD } from "../src/server/build.ts";
import { startServer } from "../src/server/serve.ts";
import { benchArgs, whole } from "./args.ts";

const USAGE = `npx tsx bench/web.ts [options]
  --deals N                  FreeCell deals 1..N for the status after a move (default 100)
  --loads N                  cold loads for the first dealt board (default 10)
  --hints-only               only the first verdict and the first hint per game
  -h, --help                 this text`;

const { DEALS, LOADS, HINTS_ONLY } = benchArgs(
  "bench/web.ts",
  USAGE,
  {
    deals: { type: "string", default: "100" },
    loads: { type: "string", default: "10" },
    "hints-only": { type: "boolean", default: false },
  },
  (v) => ({
    DEALS: whole("--deals", v.deals, 1),
    LOADS: whole("--loads", v.loads, 1),
    HINTS_ONLY: v["hints-only"] === true,
  }),
);

/** The deals of the first verdict and the first hint: a deal of each kind of game, and the slow ones. */
const HINT_DEALS: [string, number][] = [
  ["freecell", 1],
  ["king-albert", 47],
  ["montana", 3],
  ["klondike", 5],
  ["spider", 1],
  ["canfield", 1],
  ["golf", 1],
];

interface FirstAnswers {
  game: string;
  deal: number;
  /** From the link opened to the dealt board on the page. */
  boardMs: number;
  /** From the link opened to the first verdict on the page, and what it was. */
  verdictMs: number;
  verdict: string;
  /** From Hint pressed to a move on the page, and whether it was a quick search's or a final one. */
  hintMs: number;
  hint: string;
}

/** Opens each deal's link in a fresh page and times its first verdict, then a press of Hint. */
async function firstAnswers(browser: Browser, url: string): Promise<FirstAnswers[]> {
  const out: FirstAnswers[] = [];
  for (const [game, deal] of HINT_DEALS) {
    const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
    const page = await context.newPage();
    await page.goto(`${url}favicon.svg`);
    await page.evaluate(
      `localStorage.setItem('tsol.settings.v2', JSON.stringify({ confirmAbandon: false, animation: false }))`,
    );
    const t0 = performance.now();
    await page.goto(`${url}#/${game}/${deal}`);
    await page.locator(".card").first().waitFor({ timeout: 120_000 });
    const boardMs = performance.now() - t0;
    const verdict = page.locator(`[data-testid="verdict"]:not([data-status="checking"])`);
    await verdict.waitFor({ timeout: 120_000 });
    const verdictMs = performance.now() - t0;
    const status = (await verdict.getAttribute("data-status")) ?? "?";
    // The press and the answer timed in the page: from the click to the notice showing a move.
    const hintMs = await page.evaluate(`new Promise((resolve) => {
      const button = [...document.querySelectorAll("button")].find((b) => b.textContent.trim() === "Hint");
      const notice = document.querySelector('[data-testid="notice"]');
      const t = performance.now();
      const done = () => /^(Suggested move|Best move|No move wins|No way)/.test(notice.textContent);
      button.click();
      const poll = () => (done() ? resolve(performance.now() - t) : requestAnimationFrame(poll));
      poll();
    })`);
    const text = (await page.locator('[data-testid="notice"]').textContent()) ?? "";
    out.push({
      game,
      deal,
      boardMs: round(boardMs),
      verdictMs: round(verdictMs),
      verdict: status,
      hintMs: round(hintMs as number),
      hint: text.startsWith("Suggested") ? "quick" : text.startsWith("Best move seeing") ? "blind" : "solver",
    });
    await context.close();
  }
  return out;
}

const CHROMIUM_ARGS = ["--no-sandbox", "--disable-gpu", "--no-first-run", "--disable-background-networking"];

const median = (xs: number[]) => {
  const s = xs.slice().sort((a, b) => a - b);
  return s.length % 2 ? s[(s.length - 1) / 2] : (s[s.length / 2 - 1] + s[s.length / 2]) / 2;
};
const p90 = (xs: number[]) => xs.slice().sort((a, b) => a - b)[Math.floor(xs.length * 0.9)];
const round = (x: number) => Math.round(x * 10) / 10;
const summary = (xs: number[]) => ({
  n: xs.length,
  median: round(median(xs)),
  p90: round(p90(xs)),
  worst: round(Math.max(...xs)),
});

/** The production build `npm start` serves (Vite follows NODE_ENV). */
async function build(): Promise<void> {
  process.env.NODE_ENV = "production";
  await buildWeb();
}

async function coldLoads(browser: Browser, url: string): Promise<{ page: number[]; outside: number[] }> {
  const inPage: number[] = [];
  const outside: number[] = [];
  for (let i = 0; i < LOADS; i++) {
    const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
    const page = await context.newPage();
    const t0 = performance.now();
    await page.goto(`${url}#/freecell/${i + 1}`);
    await page.locator(".card").nth(51).waitFor();
    outside.push(performance.now() - t0);
    const mark = await page.evaluate<number>(
      "performance.getEntriesByName('tsol:first-board')[0]?.startTime ?? -1",
    );
    if (mark >= 0) inPage.push(mark);
    await context.close();
  }
  return { page: inPage, outside };
}

/** Waits for the verdict of the position after `moves` moves; its latency as the page measured it. */
async function verdictAfter(
  page: Page,
  moves: number,
): Promise<{ ms: number; search: number; status: string }> {
  const verdict = page.locator(
    `[data-testid="verdict"][data-moves="${moves}"][data-shown-ms]:not([data-status="checking"])`,
  );
  await verdict.waitFor({ timeout: 60_000 });
  return {
    ms: Number(await verdict.getAttribute("data-shown-ms")),
    search: Number(await verdict.getAttribute("data-search-ms")),
    status: (await verdict.getAttribute("data-status")) ?? "?",
  };
}

async function play(page: Page, notation: string): Promise<void> {
  await page.fill("#moves-input", notation);
  await page.press("#moves-input", "Enter");
}

async function main(): Promise<void> {
  await build();
  const server = await startServer({ root: WEB_BUILD, port: 0 });
  const browser = await chromium.launch({ executablePath: "/usr/bin/chromium", args: CHROMIUM_ARGS });
  const freecell = findPatience("freecell") as AnyPatienceGame;
  try {
    const first = await firstAnswers(browser, server.url);
    const firstTable = () => {
      console.log(
        `${"game, deal".padEnd(20)}${"board ms".padStart(10)}${"first verdict ms".padStart(18)}  ${"verdict".padEnd(14)}${"first hint ms".padStart(14)}  hint`,
      );
      for (const f of first)
        console.log(
          `${`${f.game} ${f.deal}`.padEnd(20)}${String(f.boardMs).padStart(10)}${String(f.verdictMs).padStart(18)}  ${f.verdict.padEnd(14)}${String(f.hintMs).padStart(14)}  ${f.hint}`,
        );
    };
    if (HINTS_ONLY) {
      firstTable();
      console.log(JSON.stringify({ bench: "web", firstAnswers: first }));
      return;
    }
    const loads = await coldLoads(browser, server.url);

    const page = await browser.newPage({ viewport: { width: 1280, height: 800 } });
    // No question before a new deal; no animation, so a move is played at once.
    await page.goto(`${server.url}favicon.svg`);
    await page.evaluate(
      `localStorage.setItem('tsol.settings.v2', JSON.stringify({ confirmAbandon: false, animation: false }))`,
    );
    await page.goto(`${server.url}#/freecell/1`);
    await page.locator(".card").nth(51).waitFor();

    const random = mulberry32(2024);
    const fresh: number[] = [];
    const offSolution: number[] = [];
    const onSolution: number[] = [];
    const outcomes: Record<string, number> = {};
    const derivedOff: number[] = [];
    const freshSearch: number[] = [];
    const offSearch: number[] = [];
    for (let n = 1; n <= DEALS; n++) {
      await page.fill("#deal-number", String(n));
      await page.press("#deal-number", "Enter");
      await page.locator(`[data-testid="deal-title"]`, { hasText: new RegExp(`^Deal ${n}$`) }).waitFor();
      const session: AnySession = Session.deal(freecell, n, freecell.rules.make({}), "microsoft", "safe");
      const first = await verdictAfter(page, 0);
      fresh.push(first.ms);
      freshSearch.push(first.search);
      outcomes[first.status] = (outcomes[first.status] ?? 0) + 1;
      if (freecell.isWon(session.state)) continue;
      // A move drawn at random among the legal ones.
      const legal = freecell.legalMoves(session.state);
      const move = legal[Math.floor(random() * legal.length)];
      const text = freecell.notation.format(session.state, move);
      session.play(move);
      await play(page, text);
      const off = await verdictAfter(page, session.moveCount);
      offSolution.push(off.ms);
      offSearch.push(off.search);
      if (off.ms < 20) derivedOff.push(off.ms);
      // Then the solution's next move, as a player following the hint.
      if (off.status !== "winnable") continue;
      const result = (await freecell.solver()).solve(session.state, { policy: "safe" });
      if (result.result !== "solved") continue;
      const next = solutionTurns(freecell, session.state, result.moves, "safe")[0];
      if (!next) continue;
      session.play(next.move);
      await play(page, next.notation[0]);
      onSolution.push((await verdictAfter(page, session.moveCount)).ms);
    }

    // Tetris: the AI plays while the page reports its draw time and frame rate.
    await page.goto(`${server.url}#/tetris`);
    await page.waitForSelector("canvas.field");
    await page.getByRole("button", { name: "AI demo" }).click();
    await page.waitForTimeout(5000);
    const drawMs = Number(await page.locator("canvas.field").getAttribute("data-draw-ms"));
    const fps = Number(await page.locator("canvas.field").getAttribute("data-fps"));

    const moves = [...offSolution, ...onSolution];
    const result = {
      bench: "web",
      firstBoardMs: { page: summary(loads.page), outside: summary(loads.outside) },
      statusAfterMoveMs: {
        deals: DEALS,
        randomMove: summary(offSolution),
        solutionMove: summary(onSolution),
        all: summary(moves),
        under20ms: derivedOff.length,
        randomMoveSearch: summary(offSearch),
      },
      statusOnFreshDealMs: { ...summary(fresh), outcomes, search: summary(freshSearch) },
      tetris: { drawMs, fps },
      firstAnswers: first,
    };
    const row = (name: string, s: { n: number; median: number; p90: number; worst: number }) =>
      console.log(
        `${name.padEnd(48)}${String(s.n).padStart(5)}${String(s.median).padStart(9)}${String(s.p90).padStart(9)}${String(s.worst).padStart(9)}`,
      );
    console.log(
      `${"figure (ms)".padEnd(48)}${"n".padStart(5)}${"median".padStart(9)}${"p90".padStart(9)}${"worst".padStart(9)}`,
    );
    row("first dealt board, cold load (page's mark)", result.firstBoardMs.page);
    row("first dealt board, cold load (seen outside)", result.firstBoardMs.outside);
    row(`status after a random legal move, deals 1..${DEALS}`, result.statusAfterMoveMs.randomMove);
    row(`status after the solution's move, deals 1..${DEALS}`, result.statusAfterMoveMs.solutionMove);
    row("status after a move, both kinds", result.statusAfterMoveMs.all);
    row("  of which the solver's search in the worker", result.statusAfterMoveMs.randomMoveSearch);
    row("status of a fresh deal", result.statusOnFreshDealMs);
    row("  of which the solver's search in the worker", result.statusOnFreshDealMs.search);
    console.log(`random moves answered in under 20 ms: ${derivedOff.length} of ${offSolution.length}`);
    console.log(`fresh deals: ${JSON.stringify(outcomes)}; tetris frame: draw ${drawMs} ms, ${fps} frames/s`);
    firstTable();
    console.log(JSON.stringify(result));
  } finally {
    await browser.close();
    await server.close();
  }
}

await main();
