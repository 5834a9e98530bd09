/**
 * The family engine against the games that have their own engines and solvers: for each pair (a Solvitaire
 * preset of the family, and the specialised game under the rules that equal it), Solvitaire-numbered deals
 * --from..--to (default 1..200), each solved by both solvers under the same budget: the family's own search
 * (solveFamilyOwn, never a twin; policy "none") and the game's own (its `solver()`, policy "none"). Every solution is replayed by the platform's
 * verifier (checkSolution, policy "none") through its own engine. Where both decide, the verdicts must be equal:
 * a disagreement is a defect of one side. USAGE below lists the options.
 *
 * Each engine deals the deal from its number; the bench checks the two put the same cards in the same places
 * (the piles as the solver sees them). specialised.test.ts holds the engines' moves to each other, and
 * verdicts.test.ts the verdicts on a sample. Both solvers run in
 * this process, one after the other, one deal at a time: pin it to one core on a shared machine:
 *
 *   taskset -c 1 npm run bench:family-specialised -- --to 20 --timeout 2
 *
 * Times and the time budget count this process's CPU time by default (--clock cpu). Prints a line per deal on
 * standard error, then a table per pair and the deals to look at, then one JSON line. The exit code is 1 on any
 * disagreement, any solution that does not replay to a win, and any deal the two engines deal differently.
 *
 * A pair is one entry of PAIRS: the preset, the game, the game's rules that equal the preset's, and why they do.
 */

import { performance } from "node:perf_hooks";
import { type FamilyGame, familyGame } from "../src/games/family/index.ts";
import { SOLVITAIRE_PRESETS } from "../src/games/family/presets.ts";
import { solveFamilyOwn } from "../src/games/family/solver.ts";
import { freecell } from "../src/games/freecell/index.ts";
import { kingAlbert } from "../src/games/king-albert/index.ts";
import { klondike } from "../src/games/klondike/index.ts";
import { montana } from "../src/games/montana/index.ts";
import type { PatienceGame } from "../src/games/patience/contract.ts";
import { checkSolution, solverTable } from "../src/games/patience/verify.ts";
import type { Budget, Clock } from "../src/search/budget.ts";
import type { SolveResult } from "../src/search/result.ts";
import { benchArgs, dealList, dealRange, oneOf, positive, whole } from "./args.ts";
import { cpuMs, quantile } from "./measure.ts";

type Verdict = "solved" | "unsolvable" | "unknown";

/** One solver on one deal. */
interface Side {
  result: Verdict;
  ms: number;
  positions: number;
  /** The solution's length, in its engine's moves (0 when not solved). */
  moves: number;
  /** Solved and replayed by the verifier to a win; null when not solved. */
  replayed: boolean | null;
  replayError?: string;
  /** The budget that stopped it, when unknown. */
  budget?: string;
}

/** A pair: the family's preset and a specialised game under the rules that equal it. */
interface Pair {
  id: string;
  /** The family preset (SOLVITAIRE_PRESETS). */
  preset: string;
  /** The specialised game and rules, in words. */
  specialised: string;
  /** Why the two are the same game. */
  note: string;
  /** The specialised solver on deal n (the game's own deal in Solvitaire's numbering), its solution replayed. */
  solveOwn(deal: number, budget: Budget, now: Clock): Promise<Side & { table: string }>;
}

/** Solves `start` and replays the solution through `game`'s verifier, moves as the game writes them. */
function solveAndReplay<S extends { rules: R }, M, R>(
  game: PatienceGame<S, M, R>,
  start: S,
  solve: (state: S) => SolveResult<M>,
  now: Clock,
): Side {
  const t0 = now();
  const result = solve(start);
  const ms = now() - t0;
  const side: Side = {
    result: result.result,
    ms,
    positions: result.stats.positions,
    moves: result.moves.length,
    replayed: null,
    ...(result.stats.budget ? { budget: result.stats.budget } : {}),
  };
  if (result.result !== "solved") return side;
  const text: string[] = [];
  let state = start;
  for (const m of result.moves) {
    text.push(game.notation.format(state, m));
    state = game.apply(state, m);
  }
  const check = checkSolution(game, start, text, "none");
  side.replayed = check.valid && check.won;
  if (!side.replayed)
    side.replayError = check.valid
      ? `the ${text.length} moves replay but do not win`
      : `move ${check.index} (${check.move}) is refused: ${check.reason}`;
  return side;
}

function pair<S extends { rules: R }, M, R>(entry: {
  id: string;
  preset: string;
  game: PatienceGame<S, M, R>;
  rules: Partial<R>;
  specialised: string;
  note: string;
}): Pair {
  const rules = entry.game.rules.make(entry.rules);
  return {
    id: entry.id,
    preset: entry.preset,
    specialised: entry.specialised,
    note: entry.note,
    async solveOwn(deal, budget, now) {
      const { solve } = await entry.game.solver();
      const start = entry.game.deal(deal, rules, "solvitaire");
      const side = solveAndReplay(entry.game, start, (s) => solve(s, { policy: "none", budget, now }), now);
      return { ...side, table: solverTable(entry.game, start).join("\n") };
    },
  };
}

/** The pairs: each preset the issue names that a specialised engine also plays. */
const PAIRS: readonly Pair[] = [
  pair({
    id: "freecell",
    preset: "free-cell",
    game: freecell,
    rules: { sequenceMoves: false },
    specialised: "freecell, single-card moves",
    note: "4 cells, 8 cascades, any card in a space, nothing back off the foundations; a run is a shortcut for single cards",
  }),
  pair({
    id: "king-albert",
    preset: "king-albert",
    game: kingAlbert,
    rules: { fromFoundation: true },
    specialised: "king-albert, cards back off the foundations",
    note: "Solvitaire's King Albert lets a card come back off a foundation: the game's 'solvitaire' variant",
  }),
  pair({
    id: "klondike-1",
    preset: "klondike-deal-1-arbitrary-built-moves",
    game: klondike,
    rules: { draw: 1 },
    specialised: "klondike, draw 1",
    note: "tsol's Klondike moves any face-up run and takes cards back off the foundations, passes unlimited",
  }),
  pair({
    id: "klondike-3",
    preset: "klondike-arbitrary-built-moves",
    game: klondike,
    rules: { draw: 3 },
    specialised: "klondike, draw 3",
    note: "as draw 1, three cards turned at a time",
  }),
  pair({
    id: "gaps-1",
    preset: "gaps-one-deal",
    game: montana,
    rules: { freeTwos: true },
    specialised: "montana, free twos",
    note: "no redeal; any 2 may start a row, a gap takes the card one above its left neighbour in suit",
  }),
  pair({
    id: "gaps-basic",
    preset: "gaps-basic-variant",
    game: montana,
    rules: { fixedSuits: true },
    specialised: "montana, fixed suits",
    note: "no redeal; each row's suit is the 2 dealt at its head",
  }),
];

const IDS = PAIRS.map((p) => p.id);

interface Args {
  pairs: Pair[];
  deals: number[];
  timeout: number;
  positions: number | undefined;
  mb: number;
  clock: "cpu" | "wall";
}

const USAGE = `npm run bench:family-specialised -- [options]     (or npx tsx bench/family-specialised.ts [options])
  --pairs A,B,...            pairs (default all: ${IDS.join(", ")})
  --from N --to N            Solvitaire-numbered deals (default 1..200)
  --deals A,B,...            these deals instead
  --timeout S                seconds a deal, for each solver (default 10)
  --positions N              also a budget of positions a deal, for each solver (default none)
  --mb M                     memory budget a deal in MB, for each solver (default 1024)
  --clock cpu|wall           what times and --timeout count (default cpu: this process's CPU time)
  -h, --help                 this text
the pairs (family preset = specialised game and rules):
${PAIRS.map((p) => `  ${p.id.padEnd(12)} ${p.preset} = ${p.specialised}`).join("\n")}
Run it on one core of a shared machine: taskset -c 1 npm run bench:family-specialised -- ...
examples:
  npm run bench:family-specialised -- --to 20 --timeout 2
  npm run bench:family-specialised -- --pairs klondike-3 --deals 7,22 --timeout 30`;

function parseArgs(): Args {
  return benchArgs(
    "bench/family-specialised.ts",
    USAGE,
    {
      pairs: { type: "string" },
      from: { type: "string", default: "1" },
      to: { type: "string", default: "200" },
      deals: { type: "string" },
      timeout: { type: "string", default: "10" },
      positions: { type: "string" },
      mb: { type: "string", default: "1024" },
      clock: { type: "string", default: "cpu" },
    },
    (v) => {
      const pairs =
        v.pairs === undefined
          ? [...PAIRS]
          : v.pairs.split(",").map((id) => PAIRS[IDS.indexOf(oneOf("--pairs", id.trim(), IDS))]);
      const range = dealRange(v, ["solvitaire"]);
      const deals =
        v.deals === undefined
          ? Array.from({ length: range.to - range.from + 1 }, (_, i) => range.from + i)
          : dealList("--deals", v.deals, ["solvitaire"]);
      return {
        pairs,
        deals,
        timeout: positive("--timeout", v.timeout),
        positions: v.positions === undefined ? undefined : whole("--positions", v.positions, 1),
        mb: positive("--mb", v.mb),
        clock: oneOf("--clock", v.clock, ["cpu", "wall"]),
      };
    },
  );
}

interface DealRecord {
  pair: string;
  deal: number;
  /** Both engines dealt the same cards to the same places. */
  sameDeal: boolean;
  family: Side;
  own: Side;
}

const decided = (v: Verdict) => v !== "unknown";

/** Both solvers on one deal: the family's first, then the game's own. */
async function solveDeal(
  p: Pair,
  game: FamilyGame,
  deal: number,
  budget: Budget,
  now: Clock,
): Promise<DealRecord> {
  const start = game.deal(deal, game.rules.make({}), "solvitaire");
  const family = solveAndReplay(game, start, (s) => solveFamilyOwn(s, { policy: "none", budget, now }), now);
  const { table: ownTable, ...own } = await p.solveOwn(deal, budget, now);
  return { pair: p.id, deal, sameDeal: ownTable === solverTable(game, start).join("\n"), family, own };
}

const fmtMs = (ms: number) => (ms < 10 ? ms.toFixed(1) : ms.toFixed(0));

function describeSide(name: string, s: Side): string {
  const replay =
    s.replayed === true ? ", replays" : s.replayed === false ? `, DOES NOT REPLAY: ${s.replayError}` : "";
  return `${name} ${s.result}${s.budget ? ` (${s.budget})` : ""} ${fmtMs(s.ms)} ms ${s.positions} positions${replay}`;
}

const describeDeal = (r: DealRecord) =>
  `${r.pair} ${r.deal}: ${describeSide("family", r.family)}; ${describeSide("own", r.own)}${
    r.sameDeal ? "" : "; THE DEALS DIFFER"
  }`;

function median(ms: number[]): number {
  const tenth = (x: number) => Math.round(x * 10) / 10;
  const sorted = [...ms].sort((a, b) => a - b);
  return tenth(quantile(sorted, 0.5));
}

function summarise(p: Pair, records: DealRecord[]) {
  const both = records.filter((r) => decided(r.family.result) && decided(r.own.result));
  const count = (side: "family" | "own", v: Verdict) => records.filter((r) => r[side].result === v).length;
  const familyBoth = median(both.map((r) => r.family.ms));
  const ownBoth = median(both.map((r) => r.own.ms));
  return {
    pair: p.id,
    preset: p.preset,
    game: p.specialised,
    deals: records.length,
    bothDecided: both.length,
    agree: both.filter((r) => r.family.result === r.own.result).length,
    disagree: both.filter((r) => r.family.result !== r.own.result).length,
    onlyFamily: records.filter((r) => decided(r.family.result) && !decided(r.own.result)).length,
    onlySpecialised: records.filter((r) => !decided(r.family.result) && decided(r.own.result)).length,
    unknown: records.filter((r) => !decided(r.family.result) && !decided(r.own.result)).length,
    dealsDiffer: records.filter((r) => !r.sameDeal).length,
    family: {
      solved: count("family", "solved"),
      unsolvable: count("family", "unsolvable"),
      replayed: records.filter((r) => r.family.replayed === true).length,
      msMedian: median(records.map((r) => r.family.ms)),
      msMedianBoth: familyBoth,
    },
    specialised: {
      solved: count("own", "solved"),
      unsolvable: count("own", "unsolvable"),
      replayed: records.filter((r) => r.own.replayed === true).length,
      msMedian: median(records.map((r) => r.own.ms)),
      msMedianBoth: ownBoth,
    },
    // The family's median time over the specialised solver's, on the deals both decided (a median of 0.1 ms at least).
    ratio: both.length === 0 ? null : Math.round((familyBoth / Math.max(0.1, ownBoth)) * 10) / 10,
  };
}

function pad(cells: (string | number)[], widths: number[]): string {
  return cells
    .map((c, i) => (i === 0 ? String(c).padEnd(widths[i]) : String(c).padStart(widths[i])))
    .join(" ");
}

async function main(): Promise<void> {
  const args = parseArgs();
  const now: Clock = args.clock === "cpu" ? cpuMs : () => performance.now();
  const budget: Budget = {
    ms: Math.round(args.timeout * 1000),
    bytes: Math.round(args.mb * 1024 * 1024),
    ...(args.positions === undefined ? {} : { positions: args.positions }),
  };
  const records: DealRecord[] = [];
  const total = args.pairs.length * args.deals.length;
  const wall0 = performance.now();
  for (const p of args.pairs) {
    const game = familyGame(p.preset, p.preset, SOLVITAIRE_PRESETS[p.preset]);
    for (const deal of args.deals) {
      const record = await solveDeal(p, game, deal, budget, now);
      records.push(record);
      process.stderr.write(`[${records.length}/${total}] ${describeDeal(record)}\n`);
    }
  }
  const wallMs = performance.now() - wall0;
  const pairs = args.pairs.map((p) =>
    summarise(
      p,
      records.filter((r) => r.pair === p.id),
    ),
  );

  const contiguous = args.deals.length === args.deals[args.deals.length - 1] - args.deals[0] + 1;
  const dealsText = contiguous
    ? `deals ${args.deals[0]}..${args.deals[args.deals.length - 1]}`
    : `deals ${args.deals.join(",")}`;
  console.log(
    `Family against specialised solvers: Solvitaire-numbered ${dealsText}, ${args.timeout} s a deal ` +
      `(${args.clock === "cpu" ? "CPU time" : "wall time"}), ${args.mb} MB` +
      `${args.positions === undefined ? "" : `, ${args.positions} positions`} for each solver, policy none; ` +
      `${(wallMs / 1000).toFixed(1)} s in all`,
  );
  for (const p of args.pairs) console.log(`  ${p.id}: ${p.preset} = ${p.specialised} (${p.note})`);
  console.log("");
  console.log(
    "verdicts (both: decided by both; only: decided by one; unknown: by neither), times on the deals both decided",
  );
  const widths = [12, 6, 6, 6, 9, 9, 9, 8, 9, 9, 10, 10, 7];
  console.log(
    pad(
      [
        "pair",
        "deals",
        "both",
        "agree",
        "DISAGREE",
        "only fam",
        "only spec",
        "unknown",
        "fam s/i",
        "spec s/i",
        "fam ms med",
        "spec ms med",
        "ratio",
      ],
      widths,
    ),
  );
  for (const s of pairs)
    console.log(
      pad(
        [
          s.pair,
          s.deals,
          s.bothDecided,
          s.agree,
          s.disagree,
          s.onlyFamily,
          s.onlySpecialised,
          s.unknown,
          `${s.family.solved}/${s.family.unsolvable}`,
          `${s.specialised.solved}/${s.specialised.unsolvable}`,
          fmtMs(s.family.msMedianBoth),
          fmtMs(s.specialised.msMedianBoth),
          s.ratio === null ? "-" : s.ratio.toFixed(1),
        ],
        widths,
      ),
    );

  const disagree = records.filter(
    (r) => decided(r.family.result) && decided(r.own.result) && r.family.result !== r.own.result,
  );
  const replayFailed = records.filter((r) => r.family.replayed === false || r.own.replayed === false);
  const oneSided = records.filter((r) => decided(r.family.result) !== decided(r.own.result));
  const dealsDiffer = records.filter((r) => !r.sameDeal);
  if (dealsDiffer.length > 0) {
    console.log("");
    console.log(
      `!!! ${dealsDiffer.length} DEAL${dealsDiffer.length > 1 ? "S" : ""} DEALT DIFFERENTLY BY THE TWO ENGINES:`,
    );
    for (const r of dealsDiffer) console.log(`!!!   ${describeDeal(r)}`);
  }
  if (disagree.length > 0) {
    console.log("");
    console.log(`!!! ${disagree.length} VERDICT${disagree.length > 1 ? "S DISAGREE" : " DISAGREES"}:`);
    for (const r of disagree) console.log(`!!!   ${describeDeal(r)}`);
  }
  if (replayFailed.length > 0) {
    console.log("");
    console.log(
      `!!! ${replayFailed.length} SOLUTION${replayFailed.length > 1 ? "S DO" : " DOES"} NOT REPLAY:`,
    );
    for (const r of replayFailed) console.log(`!!!   ${describeDeal(r)}`);
  }
  if (oneSided.length > 0) {
    console.log("");
    console.log(`decided by one solver only (${oneSided.length}):`);
    for (const r of oneSided) console.log(`  ${describeDeal(r)}`);
  }
  console.log(
    JSON.stringify({
      bench: "family-specialised",
      deals: [args.deals[0], args.deals[args.deals.length - 1]],
      dealCount: args.deals.length,
      timeoutS: args.timeout,
      positions: args.positions ?? null,
      mb: args.mb,
      clock: args.clock,
      wallMs: Math.round(wallMs),
      pairs,
      disagree: disagree.map((r) => ({
        pair: r.pair,
        deal: r.deal,
        family: r.family.result,
        specialised: r.own.result,
      })),
      replayFailed: replayFailed.map((r) => [r.pair, r.deal]),
      dealsDiffer: dealsDiffer.map((r) => [r.pair, r.deal]),
      onlyFamily: oneSided.filter((r) => decided(r.family.result)).map((r) => [r.pair, r.deal]),
      onlySpecialised: oneSided.filter((r) => decided(r.own.result)).map((r) => [r.pair, r.deal]),
    }),
  );
  if (disagree.length + replayFailed.length + dealsDiffer.length > 0) process.exitCode = 1;
}

await main();
