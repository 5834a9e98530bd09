/**
 * FreeCell's presets three ways, by a budget of positions (so the counts do not depend on the machine): the
 * family's own search (solveFamilyOwn), FreeCell's solver alone (the twin, src/games/family/freecell-twin.ts), and
 * solveFamily as it runs them (FreeCell's solver with half the budget, then the family's own with the rest). Every
 * verdict of one is compared with the others'; a difference is printed and the bench exits 1.
 *
 *   taskset -c 0 npx tsx bench/freecell-twin.ts [--games a,b] [--from 1] [--to 100] [--positions 20000]
 *
 * Prints a table (deals decided and wall-clock ms of each way, per game) and one JSON line.
 */
import { freecellTwin, solveByFreeCell } from "../src/games/family/freecell-twin.ts";
import { familyGame } from "../src/games/family/index.ts";
import { SOLVITAIRE_PRESETS } from "../src/games/family/presets.ts";
import { solveFamily, solveFamilyOwn } from "../src/games/family/solver.ts";

function option(name: string, fallback: string): string {
  const i = process.argv.indexOf(`--${name}`);
  return i >= 0 && i + 1 < process.argv.length ? process.argv[i + 1] : fallback;
}

const all = Object.keys(SOLVITAIRE_PRESETS).filter((n) => freecellTwin(SOLVITAIRE_PRESETS[n]) !== undefined);
const games = option("games", all.join(",")).split(",");
const from = Number(option("from", "1"));
const to = Number(option("to", "100"));
const positions = Number(option("positions", "20000"));
for (const g of games)
  if (!all.includes(g)) {
    console.error(`freecell-twin: ${g} is not one of FreeCell's presets (${all.join(", ")})`);
    process.exit(2);
  }
if (![from, to, positions].every((n) => Number.isInteger(n) && n > 0) || from > to) {
  console.error("freecell-twin: --from, --to and --positions are positive whole numbers, --from <= --to");
  process.exit(2);
}

type Way = "own" | "twin" | "halves";
const WAYS: Way[] = ["own", "twin", "halves"];
const rows: { game: string; deals: number; decided: Record<Way, number>; ms: Record<Way, number> }[] = [];
let differ = 0;
for (const name of games) {
  const rules = SOLVITAIRE_PRESETS[name];
  const game = familyGame(name, name, rules);
  const twin = freecellTwin(rules);
  if (!twin) continue;
  const decided = { own: 0, twin: 0, halves: 0 };
  const ms = { own: 0, twin: 0, halves: 0 };
  for (let deal = from; deal <= to; deal++) {
    const start = game.deal(deal, rules, "solvitaire");
    const budget = { positions };
    const verdicts: Partial<Record<Way, string>> = {};
    for (const way of WAYS) {
      const t0 = performance.now();
      const r =
        way === "own"
          ? solveFamilyOwn(start, { budget })
          : way === "twin"
            ? solveByFreeCell(start, twin, { budget })
            : solveFamily(start, { budget });
      ms[way] += performance.now() - t0;
      if (r && r.result !== "unknown") {
        decided[way]++;
        verdicts[way] = r.result;
      }
    }
    const seen = new Set(Object.values(verdicts));
    if (seen.size > 1) {
      differ++;
      console.log(`!!! ${name} ${deal}: ${JSON.stringify(verdicts)}`);
    }
  }
  rows.push({ game: name, deals: to - from + 1, decided, ms });
}

const pad = (s: string | number, n: number) => String(s).padStart(n);
console.log(`FreeCell's presets, deals ${from}..${to}, ${positions.toLocaleString("en")} positions a deal`);
console.log(
  `${"game".padEnd(28)}${pad("deals", 6)}${pad("own", 7)}${pad("twin", 7)}${pad("halves", 8)}${pad("ms own", 9)}${pad("ms twin", 9)}${pad("ms halves", 11)}`,
);
for (const r of rows)
  console.log(
    `${r.game.padEnd(28)}${pad(r.deals, 6)}${pad(r.decided.own, 7)}${pad(r.decided.twin, 7)}${pad(r.decided.halves, 8)}${pad(r.ms.own.toFixed(0), 9)}${pad(r.ms.twin.toFixed(0), 9)}${pad(r.ms.halves.toFixed(0), 11)}`,
  );
const total = (way: Way) => rows.reduce((n, r) => n + r.decided[way], 0);
console.log(
  JSON.stringify({
    bench: "freecell-twin",
    deals: [from, to],
    positions,
    decided: { own: total("own"), twin: total("twin"), halves: total("halves") },
    differ,
    games: rows,
  }),
);
if (differ > 0) process.exit(1);
