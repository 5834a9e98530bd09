/**
 * Survey benchmark: what the survey machinery costs over the bare solver. Solves the same deals twice:
 * (1) the bare solver in this process, one deal after another on one core; (2) the survey's runner on `--jobs`
 * threads, through the worker protocol, with every solution written in notation and replayed by the verifier.
 * Prints a table and one JSON line; nothing is stored. USAGE below lists the options (`--help` prints it).
 *
 * On a machine shared with other work the wall times say as much about the load as about the code: run it on a
 * quiet machine, or compare runs made side by side.
 */

import { performance } from "node:perf_hooks";
import { PATIENCE_GAMES } from "../src/games/registry.ts";
import { solveDeals } from "../src/survey/runner.ts";
import { makeSettings } from "../src/survey/settings.ts";
import { solverVersion } from "../src/survey/version.ts";
import { benchArgs, dealRange, oneOf, whole } from "./args.ts";

const USAGE = `npx tsx bench/survey.ts [options]
  --game G                   ${PATIENCE_GAMES.map((g) => g.id).join(", ")} (default freecell)
  --numbering NAME           one of the game's numberings (default its first)
  --from A --to B            deals (default 1..2000)
  --jobs N                   threads of the survey's runner (default 2)
  --positions N              positions a deal (default 1000000)
  -h, --help                 this text`;

const { game, numbering, from, to, jobs, positions } = benchArgs(
  "bench/survey.ts",
  USAGE,
  {
    game: { type: "string", default: "freecell" },
    numbering: { type: "string" },
    from: { type: "string", default: "1" },
    to: { type: "string", default: "2000" },
    jobs: { type: "string", default: "2" },
    positions: { type: "string", default: "1000000" },
  },
  (v) => {
    const ids = PATIENCE_GAMES.map((g) => g.id);
    const game = PATIENCE_GAMES[ids.indexOf(oneOf("--game", v.game, ids))];
    const numbering =
      v.numbering === undefined ? game.numberings[0] : oneOf("--numbering", v.numbering, game.numberings);
    const args = {
      game,
      numbering,
      ...dealRange(v, [numbering]),
      jobs: whole("--jobs", v.jobs, 1),
      positions: whole("--positions", v.positions, 1),
    };
    return args;
  },
);
const gameId = game.id;
const deals = Array.from({ length: to - from + 1 }, (_, i) => from + i);
const settings = makeSettings(game, {
  rules: {},
  numbering,
  budget: { positions },
  solverVersion: solverVersion(gameId),
});

// (1) The bare solver, one core.
const solver = await game.solver();
const rules = game.rules.make({});
let bare = performance.now();
const bareOutcomes: string[] = [];
for (const deal of deals) {
  const start = game.deal(deal, rules, numbering);
  const result = solver.solve(start, {
    policy: settings.policy,
    budget: { positions },
    now: () => performance.now(),
  });
  bareOutcomes.push(result.result);
}
bare = performance.now() - bare;

// (2) The survey's runner: threads, protocol, notation, replay.
let survey = performance.now();
const surveyOutcomes = new Map<number, string>();
await solveDeals(settings, deals, (r) => surveyOutcomes.set(r.deal, r.outcome), { jobs });
survey = performance.now() - survey;

const agree = deals.every((d, i) => surveyOutcomes.get(d) === bareOutcomes[i]);
const rate = (ms: number) => (deals.length * 1000) / ms;
console.log(
  `${game.title}, ${numbering} deals ${from}..${to} (${deals.length}), ${positions.toLocaleString("en")} positions a deal`,
);
console.log(
  `  bare solver, 1 core:          ${(bare / 1000).toFixed(2)} s  ${rate(bare).toFixed(0)} deals/s`,
);
console.log(
  `  survey runner, ${jobs} threads:     ${(survey / 1000).toFixed(2)} s  ${rate(survey).toFixed(0)} deals/s (threads starting included)`,
);
console.log(`  same verdicts: ${agree ? "yes" : "NO"}`);
console.log(
  JSON.stringify({
    bench: "survey",
    game: gameId,
    numbering,
    from,
    to,
    jobs,
    positions,
    bareMs: Math.round(bare),
    surveyMs: Math.round(survey),
    bareRate: Math.round(rate(bare)),
    surveyRate: Math.round(rate(survey)),
    agree,
  }),
);
