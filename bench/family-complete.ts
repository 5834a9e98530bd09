/**
 * The family solver's complete search alone, the search whose running out of positions proves a deal lost: each
 * deal of one game searched by it with the whole time limit, none of it shared with the best-first searches and the
 * streamliner of `solveFamily`'s plan. It says whether a deal left undecided by the plan would be proved lost if the
 * complete search had the limit to itself, and how many positions that takes (docs/family.md, "The deals left, given
 * the whole minute and more").
 *
 * The search is built as `solveFamilyOwn` builds it: two depth-first walks (the move orders forward and reverse)
 * over one table, on the packed position with the cards home that `safeHome` proves never wrong. Times are this
 * process's CPU time (the deals run one after another in it).
 *
 *   npx tsx bench/family-complete.ts --game forty-thieves --deals 2,5,97 --timeout 60
 */

import { apply, dealState, type FamilyMove, type FamilyState, isWon } from "../src/games/family/engine.ts";
import { MODE_SEARCH, PackedFamily, packedUnsupported } from "../src/games/family/packed.ts";
import { SOLVITAIRE_PRESETS } from "../src/games/family/presets.ts";
import { BudgetMeter } from "../src/search/budget.ts";
import type { SearchOutcome } from "../src/search/depth-first.ts";
import { pathMoves } from "../src/search/domain.ts";
import { replayer } from "../src/search/kit.ts";
import { TeamDepthFirst } from "../src/search/team-depth-first.ts";
import { benchArgs, dealList, positive, UsageError, whole } from "./args.ts";

const USAGE = `npx tsx bench/family-complete.ts --game NAME --deals LIST [options]
  --game NAME      a Solvitaire preset of the family (forty-thieves, spider, ...)
  --deals LIST     Solvitaire-numbered deals, separated by commas (2,5,97)
  --timeout S      CPU seconds a deal (default 60)
  --mb M           the search's memory budget in MiB (default 6144)
  --member-turn N  positions a walk stores before the other takes its turn (default 2000, the solver's)
  -h, --help       this text`;

const args = benchArgs(
  "bench/family-complete.ts",
  USAGE,
  {
    game: { type: "string" },
    deals: { type: "string" },
    timeout: { type: "string", default: "60" },
    mb: { type: "string", default: "6144" },
    "member-turn": { type: "string", default: "2000" },
  },
  (v) => {
    if (v.game === undefined || !(v.game in SOLVITAIRE_PRESETS))
      throw new UsageError(`--game names a Solvitaire preset (${v.game ?? "none given"} is not one)`);
    if (v.deals === undefined) throw new UsageError("--deals is needed");
    return {
      game: v.game,
      deals: dealList("--deals", v.deals, ["solvitaire"]),
      timeoutMs: positive("--timeout", v.timeout) * 1000,
      bytes: whole("--mb", v.mb, 16) * 2 ** 20,
      memberTurn: whole("--member-turn", v["member-turn"], 1),
    };
  },
);

const cpuMs = (): number => {
  const t = process.cpuUsage();
  return (t.user + t.system) / 1000;
};

interface Row {
  deal: number;
  outcome: SearchOutcome;
  positions: number;
  ms: number;
}

/** Why a win the search found does not replay through the engine to a won position (the kit's replayer); undefined when it does. */
function whyNotReplayed(
  start: FamilyState,
  team: TeamDepthFirst<FamilyState, FamilyMove>,
): string | undefined {
  const { moves, domain } = team.path();
  return replayer(start, apply, isWon)(pathMoves(domain, start, moves));
}

function searchAlone(start: FamilyState): Omit<Row, "deal"> {
  const rules = start.rules;
  const team = new TeamDepthFirst(
    [new PackedFamily(rules, "safe", "forward"), new PackedFamily(rules, "safe", "reverse")],
    "complete, in two orders",
    [MODE_SEARCH, MODE_SEARCH],
    args.memberTurn,
  );
  const c0 = cpuMs();
  const meter = new BudgetMeter({ ms: args.timeoutMs, bytes: args.bytes }, cpuMs, 1024);
  let outcome: SearchOutcome = team.begin(start, meter) ? team.outcome : (meter.exceeded ?? "memory");
  while (outcome === "capped") outcome = team.resume(meter.positions + 50_000);
  const ms = cpuMs() - c0;
  const why = outcome === "solved" ? whyNotReplayed(start, team) : undefined;
  if (why !== undefined) throw new Error(`a win found does not replay through the engine: ${why}`);
  return { outcome, positions: meter.positions, ms };
}

const rules = SOLVITAIRE_PRESETS[args.game];
const rows: Row[] = [];
for (const deal of args.deals) {
  const start = dealState(rules, deal);
  const unsupported = packedUnsupported(start);
  if (unsupported !== undefined) {
    console.error(`bench/family-complete.ts: the packed position does not play ${args.game}: ${unsupported}`);
    process.exit(2);
  }
  const row = { deal, ...searchAlone(start) };
  rows.push(row);
  const verdict =
    row.outcome === "exhausted"
      ? "lost"
      : row.outcome === "solved"
        ? "won (replayed)"
        : `not ended (${row.outcome})`;
  console.log(
    `${args.game} ${deal}: ${verdict}, ${row.positions.toLocaleString("en")} positions, ${(row.ms / 1000).toFixed(1)} s`,
  );
}

const ended = rows.filter((r) => r.outcome === "exhausted" || r.outcome === "solved");
const sorted = rows.map((r) => r.positions).sort((a, b) => a - b);
const median = sorted.length ? sorted[Math.floor((sorted.length - 1) / 2)] : 0;
const perSecond =
  rows.reduce((a, r) => a + r.positions, 0) / (rows.reduce((a, r) => a + r.ms, 0) / 1000 || 1);
console.log();
console.log("game                  deals  lost  won  not ended  positions median  positions/s");
console.log(
  `${args.game.padEnd(20)}  ${String(rows.length).padStart(5)}  ${String(rows.filter((r) => r.outcome === "exhausted").length).padStart(4)}  ${String(rows.filter((r) => r.outcome === "solved").length).padStart(3)}  ${String(rows.length - ended.length).padStart(9)}  ${median.toLocaleString("en").padStart(16)}  ${Math.round(perSecond).toLocaleString("en").padStart(11)}`,
);
console.log(
  JSON.stringify({
    bench: "family-complete",
    game: args.game,
    timeoutS: args.timeoutMs / 1000,
    mb: args.bytes / 2 ** 20,
    deals: rows.map((r) => ({
      deal: r.deal,
      outcome: r.outcome,
      positions: r.positions,
      cpuMs: Math.round(r.ms),
    })),
  }),
);
