/**
 * The catalogue bench: the family engine's games (FAMILY_GAMES, or --games), Solvitaire-numbered deals, each
 * solved by the family solver (solveFamily, policy "none") under a time budget, every solution replayed through
 * the platform's verifier (checkSolution, policy "none": the moves exactly as written, nothing automatic). When a
 * `solvitaire` binary is found (on PATH, or --solvitaire PATH; bench/build-solvitaire.sh builds one), the same
 * deals go through it too, in the same run: its deal is checked equal to ours (`--deal-only`), its verdict
 * (`--classify`) read, and every deal where the two verdicts differ listed. USAGE below lists the options.
 *
 * Each deal is solved in a child process (one a --workers slot, reused from deal to deal): the solver's budget
 * stops it, and should it not, the child is killed and the deal counted unknown. Solvitaire runs in the same slot
 * right after, so the two never run at once in one slot. Pin the run to one core on a shared machine:
 *
 *   taskset -c 1 npm run bench:catalogue -- --games golf,black-hole --to 20 --timeout 10
 *
 * Times and time limits count CPU time by default (--clock cpu): tsol's is the solve call's in the child (one
 * deal at a time, so the child's CPU time is the deal's), Solvitaire's its whole process's under a CPU-time limit
 * (`ulimit -t`, see solvitaire() below); on a machine shared with other work, wall time measures the load as
 * much as the solver. With --clock wall, tsol's is the solve call's wall time and Solvitaire's the "Time Taken"
 * it prints (its search's wall time, its own --timeout the limit). The ratio is of median times over the deals
 * both decided.
 *
 * Prints a line per deal on standard error, then a table per solver and the deals to look at (solutions that do
 * not replay, deals the family solver failed on, deals dealt differently, verdicts that differ: a conflict, where
 * both decided, is a defect), then one JSON line. The exit code is 1 when any of those but an undecided difference
 * was found.
 */

import { type ChildProcess, fork, spawn } from "node:child_process";
import { accessSync, appendFileSync, constants, readFileSync, writeFileSync } from "node:fs";
import { delimiter, join } from "node:path";
import { performance } from "node:perf_hooks";
import { fileURLToPath } from "node:url";
import { isDeepStrictEqual } from "node:util";
import { dealFamily } from "../src/games/family/deal.ts";
import { dealState } from "../src/games/family/engine.ts";
import {
  FAMILY_GAMES,
  type FamilyGame,
  type FamilyMove,
  type FamilyState,
  presetGame,
} from "../src/games/family/index.ts";
import { SOLVITAIRE_PRESETS } from "../src/games/family/presets.ts";
import { solveFamily } from "../src/games/family/solver.ts";
import { toSolvitaireDeal } from "../src/games/family/solvitaire.ts";
import { checkSolution } from "../src/games/patience/verify.ts";
import { COVERING_GAMES } from "../src/games/registry.ts";
import { benchArgs, dealList, dealRange, oneOf, positive, UsageError, whole } from "./args.ts";
import { quantile } from "./measure.ts";

type Verdict = "solved" | "unsolvable" | "unknown";

interface Args {
  games: FamilyGame[];
  deals: number[];
  timeout: number;
  /** tsol's budget of positions a deal besides the time (undefined: none). */
  positions: number | undefined;
  clock: "cpu" | "wall";
  mb: number;
  workers: number;
  solvitaire: string | undefined;
  asPlays: boolean;
  out: string | undefined;
  /** What a deal's verdicts depend on, written with each deal (a run resumes only under the same). */
  settings: RunSettings;
  /** With --resume: the deals --out already holds. */
  done: DealRecord[];
}

interface RunSettings {
  timeout: number;
  positions: number | null;
  clock: "cpu" | "wall";
  mb: number;
  asPlays: boolean;
  /** Solvitaire ran beside tsol. */
  peer: boolean;
}

/** What the child sends back for one deal. */
interface ChildAnswer {
  result: Verdict;
  ms: number;
  cpuMs: number;
  positions: number;
  /** The solution in the game's notation. */
  moves: string[];
  budget?: string;
}

interface ChildJob {
  game: string;
  deal: number;
  /** Solve the rules Solvitaire plays rather than the preset's (see playsOtherwise). */
  asPlays: boolean;
  timeoutMs: number;
  positions?: number;
  mb: number;
  clock: "cpu" | "wall";
}

interface TsolRecord extends ChildAnswer {
  /** Solved and replayed by the verifier to a win; null when not solved. */
  replayed: boolean | null;
  replayError?: string;
}

interface PeerRecord {
  result: Verdict;
  /** What Solvitaire said: solved, unsolvable, timed-out, memory-limit-reached, or what went wrong. */
  said: string;
  ms: number;
  positions: number;
  /** Its deal equals ours. */
  sameDeal: boolean;
}

interface DealRecord {
  game: string;
  deal: number;
  tsol: TsolRecord;
  solvitaire?: PeerRecord;
}

/** A line of --out: a deal's record, its solution's length for its moves, and the run's settings. */
type DealLine = Omit<DealRecord, "tsol"> & {
  tsol: Omit<TsolRecord, "moves"> & { moves: number };
  settings: RunSettings;
};

const IDS = FAMILY_GAMES.map((g) => g.id);
const PRESETS = Object.keys(SOLVITAIRE_PRESETS);

/** A game by its id: a family game of the registry, or any of Solvitaire's presets by its name. */
function gameById(id: string): FamilyGame | undefined {
  return FAMILY_GAMES.find((g) => g.id === id) ?? COVERING_GAMES.find((g) => g.id === id) ?? presetGame(id);
}
/** Solvitaire reads --random as a C++ int. */
const MAX_PEER_DEAL = 2 ** 31 - 1;

const USAGE = `npm run bench:catalogue -- [options]     (or npx tsx bench/catalogue.ts [options])
  --games A,B,...            family games (default all ${IDS.length}: ${IDS.join(", ")}),
                             pyramid, tri-peaks, or any of Solvitaire's ${PRESETS.length} presets by its name
  --presets                  every one of Solvitaire's ${PRESETS.length} presets, by its name, instead
  --from N --to N            Solvitaire-numbered deals (default 1..100)
  --deals A,B,...            these deals instead
  --timeout S                seconds a deal, for each solver (default 60)
  --positions P              tsol's budget of positions a deal too, whichever ends first (a run whose verdicts
                             do not depend on the machine's speed or load; with --no-solvitaire)
  --clock cpu|wall           what times and time limits count, for both solvers (default cpu)
  --mb M                     tsol's memory budget a deal in MB (default 2048)
  --workers N                deals solved at once, each in its own child process (default 1)
  --solvitaire PATH          Solvitaire's binary (default: solvitaire on PATH, if there is one)
  --no-solvitaire            tsol alone, even with Solvitaire on PATH
  --as-solvitaire-plays      Spider and its kin under the rules Solvitaire's binary plays (cards home one at a
                             time: it ignores its presets' "only complete pile moves"), not as the presets state
  --out FILE                 a JSON line per deal
  --resume                   with --out: keep the deals FILE holds (made with the same settings) and solve
                             only the others, so a long run can go in parts
  -h, --help                 this text
Run it on one core of a shared machine: taskset -c 1 npm run bench:catalogue -- ...
Build Solvitaire with bench/build-solvitaire.sh (docs/family.md, "Solvitaire as a peer").
examples:
  npm run bench:catalogue -- --games golf,black-hole,canfield --to 20 --timeout 10
  npm run bench:catalogue -- --games spider --deals 3,17 --timeout 120 --no-solvitaire
  taskset -c 0,1 npm run bench:catalogue -- --workers 2 --out catalogue.jsonl
  taskset -c 1 npm run bench:catalogue -- --timeout 60 --out b60.jsonl --resume     (again after a stop)`;

/** The first executable `solvitaire` in PATH's directories. */
function solvitaireOnPath(): string | undefined {
  for (const dir of (process.env.PATH ?? "").split(delimiter)) {
    if (dir === "") continue;
    const file = join(dir, "solvitaire");
    try {
      accessSync(file, constants.X_OK);
      return file;
    } catch {
      // not here
    }
  }
  return undefined;
}

function parseArgs(): Args {
  return benchArgs(
    "bench/catalogue.ts",
    USAGE,
    {
      games: { type: "string" },
      presets: { type: "boolean" },
      from: { type: "string", default: "1" },
      to: { type: "string", default: "100" },
      deals: { type: "string" },
      timeout: { type: "string", default: "60" },
      positions: { type: "string" },
      clock: { type: "string", default: "cpu" },
      mb: { type: "string", default: "2048" },
      workers: { type: "string", default: "1" },
      solvitaire: { type: "string" },
      "no-solvitaire": { type: "boolean" },
      "as-solvitaire-plays": { type: "boolean" },
      out: { type: "string" },
      resume: { type: "boolean" },
    },
    (v) => {
      if (v.games !== undefined && v.presets)
        throw new UsageError("--games and --presets do not go together");
      const games = v.presets
        ? PRESETS.map((id) => gameById(id) as FamilyGame)
        : v.games === undefined
          ? [...FAMILY_GAMES]
          : v.games.split(",").map((id) => {
              const game = gameById(id.trim());
              if (game === undefined)
                throw new UsageError(
                  `--games: '${id.trim()}' is neither a family game (${IDS.join(", ")}) nor one of Solvitaire's presets`,
                );
              return game;
            });
      const range = dealRange(v, ["solvitaire"]);
      const deals =
        v.deals === undefined
          ? Array.from({ length: range.to - range.from + 1 }, (_, i) => range.from + i)
          : dealList("--deals", v.deals, ["solvitaire"]);
      if (v.solvitaire !== undefined && v["no-solvitaire"])
        throw new UsageError("--solvitaire and --no-solvitaire do not go together");
      let solvitaire: string | undefined;
      if (v.solvitaire !== undefined) {
        try {
          accessSync(v.solvitaire, constants.X_OK);
        } catch {
          throw new UsageError(`--solvitaire ${v.solvitaire} is not an executable file`);
        }
        solvitaire = v.solvitaire;
      } else if (!v["no-solvitaire"]) solvitaire = solvitaireOnPath();
      if (v.positions !== undefined && solvitaire !== undefined)
        throw new UsageError("--positions bounds tsol alone, so it goes with --no-solvitaire");
      if (solvitaire !== undefined && deals.some((d) => d > MAX_PEER_DEAL))
        throw new UsageError(`Solvitaire deals only up to ${MAX_PEER_DEAL} (--no-solvitaire for tsol alone)`);
      const timeout = positive("--timeout", v.timeout);
      const positions = v.positions === undefined ? undefined : whole("--positions", v.positions, 1);
      const clock = oneOf("--clock", v.clock, ["cpu", "wall"]);
      const mb = positive("--mb", v.mb);
      const asPlays = v["as-solvitaire-plays"] === true;
      const settings: RunSettings = {
        timeout,
        positions: positions ?? null,
        clock,
        mb,
        asPlays,
        peer: solvitaire !== undefined,
      };
      if (v.resume && v.out === undefined)
        throw new UsageError("--resume needs --out FILE, the run to resume");
      return {
        games,
        deals,
        timeout,
        positions,
        clock,
        mb,
        workers: whole("--workers", v.workers, 1),
        solvitaire,
        asPlays,
        out: v.out,
        settings,
        done: v.resume && v.out !== undefined ? readDone(v.out, settings) : [],
      };
    },
  );
}

const VERDICTS: readonly unknown[] = ["solved", "unsolvable", "unknown"];
const isNumber = (x: unknown) => typeof x === "number" && Number.isFinite(x);

/** Whether `x` has the shape of a line this bench writes to --out (what the summary reads of it). */
function isDealLine(x: unknown): x is DealLine {
  if (typeof x !== "object" || x === null) return false;
  const r = x as Record<string, unknown>;
  const t = r.tsol as Record<string, unknown> | null | undefined;
  const p = r.solvitaire as Record<string, unknown> | null | undefined;
  return (
    typeof r.game === "string" &&
    Number.isSafeInteger(r.deal) &&
    (r.deal as number) >= 1 &&
    typeof t === "object" &&
    t !== null &&
    VERDICTS.includes(t.result) &&
    isNumber(t.ms) &&
    isNumber(t.cpuMs) &&
    isNumber(t.positions) &&
    isNumber(t.moves) &&
    (t.replayed === true || t.replayed === false || t.replayed === null) &&
    (p === undefined ||
      (typeof p === "object" &&
        p !== null &&
        VERDICTS.includes(p.result) &&
        typeof p.said === "string" &&
        isNumber(p.ms) &&
        isNumber(p.positions) &&
        typeof p.sameDeal === "boolean"))
  );
}

const isSettings = (s: unknown): s is RunSettings => {
  const r = s as Record<string, unknown> | null;
  return (
    typeof r === "object" &&
    r !== null &&
    isNumber(r.timeout) &&
    (r.positions === null || isNumber(r.positions)) &&
    (r.clock === "cpu" || r.clock === "wall") &&
    isNumber(r.mb) &&
    typeof r.asPlays === "boolean" &&
    typeof r.peer === "boolean"
  );
};

const describeSettings = (s: RunSettings) =>
  `${s.timeout} s${s.positions === null ? "" : ` and ${s.positions} positions`} a deal (${s.clock}), ${s.mb} MB, ` +
  `${s.asPlays ? "the rules Solvitaire plays" : "the presets' rules"}, ${s.peer ? "with" : "without"} Solvitaire`;

/**
 * The deals `file` holds, for --resume: every line a deal of this bench made with `settings` (anything else is
 * refused: a run resumes only the run it was). No file: none. A last line cut short (the run stopped while writing
 * it) is dropped from the file, and its deal solved again; the file is changed only then.
 */
function readDone(file: string, settings: RunSettings): DealRecord[] {
  let text: string;
  try {
    text = readFileSync(file, "utf8");
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === "ENOENT") return [];
    throw new UsageError(`--out ${file} cannot be read (${(error as Error).message})`);
  }
  const lines = text.split("\n");
  // The text after the last newline: none, or a line this bench was writing when it stopped.
  const last = lines.pop() ?? "";
  const seen = new Set<string>();
  const records = lines.map((line, i) => {
    const where = `${file} line ${i + 1}`;
    let x: unknown;
    try {
      x = JSON.parse(line);
    } catch {
      throw new UsageError(
        `${where} is not JSON: not a file of this bench (--out), so there is nothing to resume`,
      );
    }
    if (!isDealLine(x)) throw new UsageError(`${where} is not a deal of this bench (--out)`);
    const s = x.settings as RunSettings | undefined;
    if (!isDeepStrictEqual(s, settings))
      throw new UsageError(
        `${where} was made ${s === undefined ? "before --resume existed" : isSettings(s) ? `with ${describeSettings(s)}` : "with settings this bench does not write"}, not ` +
          `${describeSettings(settings)}: resume with the same settings, or write another --out`,
      );
    const key = `${x.game} ${x.deal}`;
    if (seen.has(key)) throw new UsageError(`${where}: ${x.game} deal ${x.deal} is there twice`);
    seen.add(key);
    const { settings: _, ...record } = x;
    return { ...record, tsol: { ...record.tsol, moves: [] } };
  });
  if (last !== "") {
    // Only the start of a deal's line is dropped (and that deal solved again); anything else is not this bench's.
    if (!last.startsWith('{"game":'))
      throw new UsageError(`${file} line ${lines.length + 1} is not a deal of this bench (--out)`);
    writeFileSync(file, lines.map((l) => `${l}\n`).join(""));
    process.stderr.write(`${file}: its last line was cut short; that deal is solved again\n`);
  }
  return records;
}

// ---------------------------------------------------------------------------------------------------------------
// The child: solves the deals it is sent, one at a time.

/** This process's CPU time in ms (the child runs one deal at a time, so it is the deal's, GC helpers included). */
function processCpuMs(): number {
  const t = process.cpuUsage();
  return (t.user + t.system) / 1000;
}

function solveInChild(job: ChildJob): ChildAnswer {
  const game = gameById(job.game) as FamilyGame;
  const start = startOf(game, job.deal, job.asPlays);
  const now = job.clock === "cpu" ? processCpuMs : () => performance.now();
  const w0 = performance.now();
  const c0 = processCpuMs();
  const result = solveFamily(start, {
    policy: "none",
    budget: {
      ms: job.timeoutMs,
      bytes: job.mb * 1024 * 1024,
      ...(job.positions === undefined ? {} : { positions: job.positions }),
    },
    now,
  });
  const ms = performance.now() - w0;
  const cpuMs = processCpuMs() - c0;
  return {
    result: result.result,
    ms: job.clock === "cpu" ? cpuMs : ms,
    cpuMs,
    positions: result.stats.positions,
    moves: notation(game, start, result.moves),
    ...(result.stats.budget ? { budget: result.stats.budget } : {}),
  };
}

/** Moves in the game's notation, each written in the position it is played from. */
function notation(game: FamilyGame, start: FamilyState, moves: readonly FamilyMove[]): string[] {
  const out: string[] = [];
  let state = start;
  for (const m of moves) {
    out.push(game.notation.format(state, m));
    state = game.apply(state, m);
  }
  return out;
}

// ---------------------------------------------------------------------------------------------------------------
// The parent: a slot a worker, each with its child; Solvitaire after tsol on the same deal.

const CHILD_ENV = "TSOL_CATALOGUE_CHILD";

/**
 * How long (wall time, ms) a solver may take before it is killed: a budget is checked between moves, so a little
 * past it. A CPU-time budget runs slower than the wall clock on a busy machine (at a load of 5 a core, a fifth as
 * fast): ten times as long.
 */
function killAfter(timeoutMs: number, clock: "cpu" | "wall"): number {
  return (clock === "cpu" ? 10 : 1.5) * timeoutMs + 10_000;
}

/** Processes started and still running: killed if the bench is interrupted. */
const live = new Set<ChildProcess>();
for (const signal of ["SIGINT", "SIGTERM"] as const) {
  process.on(signal, () => {
    for (const proc of live) {
      try {
        // A child process is its own; a command run by run() leads a process group.
        if (proc.pid !== undefined)
          process.kill(proc.spawnargs[0] === process.execPath ? proc.pid : -proc.pid, "SIGKILL");
      } catch {
        // gone already
      }
    }
    process.exit(130);
  });
}

class Child {
  private proc: ChildProcess | undefined;
  constructor(private readonly heapMb: number) {}

  /** A child, once it has loaded the solver and said so (its start is no deal's time). */
  private start(): Promise<ChildProcess> {
    const proc = fork(fileURLToPath(import.meta.url), [], {
      execArgv: ["--import", import.meta.resolve("tsx"), `--max-old-space-size=${this.heapMb}`],
      env: { ...process.env, [CHILD_ENV]: "1" },
      stdio: ["ignore", "inherit", "inherit", "ipc"],
    });
    live.add(proc);
    proc.on("exit", () => live.delete(proc));
    this.proc = proc;
    return new Promise((resolve, reject) => {
      proc.once("message", () => resolve(proc));
      proc.once("exit", (code, signal) =>
        reject(new Error(`a solving child did not start (${signal ?? code})`)),
      );
    });
  }

  /**
   * Solves one deal; a child that overruns is killed, one that dies is replaced, and the deal is unknown (its
   * time, the budget's under the CPU clock, when the child's own is lost with it).
   */
  async solve(job: ChildJob, limitMs: number): Promise<ChildAnswer> {
    const proc = this.proc ?? (await this.start());
    return new Promise((resolve) => {
      const t0 = performance.now();
      let settled = false;
      const finish = (answer: ChildAnswer, dead: boolean) => {
        if (settled) return;
        settled = true;
        clearTimeout(timer);
        proc.off("message", onMessage);
        proc.off("exit", onExit);
        if (dead) {
          proc.kill("SIGKILL");
          if (this.proc === proc) this.proc = undefined;
        }
        resolve(answer);
      };
      const lost = (budget: string): ChildAnswer => {
        const wall = performance.now() - t0;
        const ms = job.clock === "cpu" ? Math.min(wall, job.timeoutMs) : wall;
        return { result: "unknown", ms, cpuMs: ms, positions: 0, moves: [], budget };
      };
      const onMessage = (answer: ChildAnswer) => finish(answer, false);
      const onExit = (code: number | null, signal: string | null) =>
        finish(lost(`child died (${signal ?? `exit ${code}`})`), true);
      const timer = setTimeout(() => finish(lost("killed: past its budget"), true), limitMs);
      proc.on("message", onMessage);
      proc.on("exit", onExit);
      proc.send(job);
    });
  }

  stop(): void {
    this.proc?.disconnect();
    this.proc = undefined;
  }
}

/**
 * Runs a command in a process group of its own; its standard output, or why it failed. Past `limitMs` the whole
 * group is killed (a shell and what it started).
 */
function run(
  file: string,
  argv: string[],
  limitMs: number,
): Promise<{ stdout: string; error?: string; ms: number }> {
  return new Promise((resolve) => {
    const t0 = performance.now();
    const proc = spawn(file, argv, { stdio: ["ignore", "pipe", "pipe"], detached: true });
    live.add(proc);
    let stdout = "";
    let stderr = "";
    let killed = false;
    proc.stdout.setEncoding("utf8").on("data", (s: string) => {
      stdout += s;
    });
    proc.stderr.setEncoding("utf8").on("data", (s: string) => {
      stderr += s;
    });
    const timer = setTimeout(() => {
      killed = true;
      try {
        if (proc.pid !== undefined) process.kill(-proc.pid, "SIGKILL");
      } catch {
        // gone already
      }
    }, limitMs);
    proc.on("error", (e) => {
      clearTimeout(timer);
      resolve({ stdout, error: e.message, ms: performance.now() - t0 });
    });
    proc.on("close", (code, signal) => {
      live.delete(proc);
      clearTimeout(timer);
      const ms = performance.now() - t0;
      if (killed) resolve({ stdout, error: "killed: past its timeout", ms });
      else if (code !== 0)
        resolve({ stdout, error: `${signal ?? `exit ${code}`}: ${stderr.trim().split("\n")[0] ?? ""}`, ms });
      else resolve({ stdout, ms });
    });
  });
}

/** Solvitaire's deal equals ours (its `--deal-only` JSON, ours in its shape). */
async function sameDeal(bin: string, game: FamilyGame, deal: number): Promise<boolean> {
  const out = await run(bin, ["--type", game.id, "--random", String(deal), "--deal-only"], 60_000);
  if (out.error) return false;
  const rules = game.rules.make({});
  const ours = JSON.parse(JSON.stringify(toSolvitaireDeal(rules, dealFamily(rules, deal))));
  try {
    return isDeepStrictEqual(JSON.parse(out.stdout), ours);
  } catch {
    return false;
  }
}

/**
 * Solvitaire on one deal: `--classify` prints one line, `seed, outcome, time (ms), states searched, unique
 * states searched, …, overall outcome`; the outcome is solved, unsolvable, timed-out or memory-limit-reached.
 *
 * With --clock wall its own --timeout is the limit and its own time the figure. With --clock cpu it runs under a
 * shell that limits its CPU time (`ulimit -t`, whole seconds, rounded up; the kernel stops it with SIGXCPU) and
 * then prints it (`times`): the figure is the process's CPU time (its start and the freeing of its cache
 * included), and its own wall-clock --timeout is set far enough off not to count.
 */
async function solvitaire(bin: string, game: FamilyGame, deal: number, args: Args): Promise<PeerRecord> {
  const same = await sameDeal(bin, game, deal);
  const timeoutMs = Math.round(args.timeout * 1000);
  const cpu = args.clock === "cpu";
  const wallMs = cpu ? killAfter(timeoutMs, "cpu") : timeoutMs;
  const argv = ["--type", game.id, "--random", String(deal), "--classify", "--timeout", String(wallMs)];
  const out = cpu
    ? await run(
        "bash",
        [
          "-c",
          'ulimit -t "$1" && shift && "$@"; times',
          "solvitaire",
          String(Math.ceil(args.timeout)),
          bin,
          ...argv,
        ],
        wallMs + 10_000,
      )
    : await run(bin, argv, killAfter(timeoutMs, "wall"));
  const line = out.stdout
    .split("\n")
    .map((l) => /^\s*(\d+), ([a-z-]+), (\d+), (\d+), (\d+),/.exec(l))
    .find((m) => m !== null);
  // `times` prints the shell's user and system time, then its children's: 0m1.234s 0m0.056s.
  const used = [...out.stdout.matchAll(/^(\d+)m([\d.]+)s (\d+)m([\d.]+)s$/gm)].pop();
  const cpuMs = used
    ? (Number(used[1]) * 60 + Number(used[2]) + Number(used[3]) * 60 + Number(used[4])) * 1000
    : undefined;
  const ms = cpu ? (cpuMs ?? out.ms) : line ? Number(line[3]) : out.ms;
  if (out.error || !line) {
    const said =
      out.error ??
      (cpu && cpuMs !== undefined ? "cpu-limit" : `no verdict in: ${out.stdout.trim().slice(0, 80)}`);
    return { result: "unknown", said, ms, positions: 0, sameDeal: same };
  }
  const said = line[2];
  return {
    result: said === "solved" ? "solved" : said === "unsolvable" ? "unsolvable" : "unknown",
    said,
    ms,
    positions: Number(line[5]),
    sameDeal: same,
  };
}

/**
 * Whether Solvitaire's binary plays the game by other rules than its preset states: its presets of whole suits
 * going home (Spider and its kin: "only complete pile moves") are read by a parser that looks for another key
 * ("complete piles"), so it sends their cards home one at a time (docs/family.md). Their verdicts are not
 * compared as conflicts unless tsol plays the same rules (--as-solvitaire-plays).
 */
function playsOtherwise(game: FamilyGame): boolean {
  return game.rules.make({}).foundations?.wholeSuits === true;
}

/** The deal tsol solves: the preset's, or with --as-solvitaire-plays the same cards under the rules Solvitaire plays. */
function startOf(game: FamilyGame, deal: number, asPlays: boolean): FamilyState {
  const start = game.deal(deal, game.rules.make({}), "solvitaire");
  const f = start.rules.foundations;
  if (!asPlays || !f?.wholeSuits) return start;
  return dealState({ ...start.rules, foundations: { ...f, wholeSuits: false } }, deal);
}

/** Replays tsol's solution through the verifier, from a deal dealt afresh here. */
function replay(game: FamilyGame, deal: number, asPlays: boolean, answer: ChildAnswer): TsolRecord {
  if (answer.result !== "solved") return { ...answer, replayed: null };
  const start = startOf(game, deal, asPlays);
  const check = checkSolution(game, start, answer.moves, "none");
  if (check.valid && check.won) return { ...answer, replayed: true };
  const replayError = check.valid
    ? `the ${answer.moves.length} moves replay but do not win`
    : `move ${check.index} (${check.move}) is refused: ${check.reason}`;
  return { ...answer, replayed: false, replayError };
}

// ---------------------------------------------------------------------------------------------------------------
// Summaries.

interface Times {
  median: number;
  p99: number;
  max: number;
}

function times(ms: number[]): Times {
  const s = [...ms].sort((a, b) => a - b);
  const tenth = (x: number) => Math.round(x * 10) / 10;
  return { median: tenth(quantile(s, 0.5)), p99: tenth(quantile(s, 0.99)), max: tenth(s[s.length - 1] ?? 0) };
}

function counts(verdicts: Verdict[]) {
  return {
    solved: verdicts.filter((v) => v === "solved").length,
    unsolvable: verdicts.filter((v) => v === "unsolvable").length,
    unknown: verdicts.filter((v) => v === "unknown").length,
  };
}

const decided = (v: Verdict | undefined) => v === "solved" || v === "unsolvable";

function summarise(game: string, records: DealRecord[], otherRules: boolean) {
  const tsolTimes = times(records.map((r) => r.tsol.ms));
  const positions = records.map((r) => r.tsol.positions).sort((a, b) => a - b);
  const tsol = {
    ...counts(records.map((r) => r.tsol.result)),
    replayed: records.filter((r) => r.tsol.replayed === true).length,
    replayFailed: records.filter((r) => r.tsol.replayed === false).length,
    ms: tsolTimes,
    positionsMedian: quantile(positions, 0.5),
    positionsMax: positions[positions.length - 1] ?? 0,
  };
  const peers = records.filter((r) => r.solvitaire !== undefined);
  if (peers.length === 0) return { game, deals: records.length, tsol };
  const both = peers.filter((r) => decided(r.tsol.result) && decided(r.solvitaire?.result));
  const bothTsol = times(both.map((r) => r.tsol.ms)).median;
  const bothPeer = times(both.map((r) => r.solvitaire?.ms ?? 0)).median;
  const peerPositions = peers.map((r) => r.solvitaire?.positions ?? 0).sort((a, b) => a - b);
  const differ = peers.filter((r) => r.solvitaire?.result !== r.tsol.result);
  return {
    game,
    deals: records.length,
    tsol,
    solvitaire: {
      ...counts(peers.map((r) => r.solvitaire?.result ?? "unknown")),
      ms: times(peers.map((r) => r.solvitaire?.ms ?? 0)),
      positionsMedian: quantile(peerPositions, 0.5),
      positionsMax: peerPositions[peerPositions.length - 1] ?? 0,
      dealsDiffer: peers.filter((r) => r.solvitaire?.sameDeal === false).length,
      bothDecided: both.length,
      // Solvitaire prints whole milliseconds: a median of 0 counts as 1.
      ratio: both.length === 0 ? null : Math.round((bothTsol / Math.max(1, bothPeer)) * 10) / 10,
      verdictsDiffer: differ.length,
      /** Solvitaire plays this game by other rules than tsol: differing verdicts are no conflict. */
      otherRules,
      conflicts: otherRules
        ? 0
        : differ.filter((r) => decided(r.tsol.result) && decided(r.solvitaire?.result)).length,
    },
  };
}

const fmtMs = (ms: number) => (ms < 10 ? ms.toFixed(1) : ms.toFixed(0));

function pad(cells: (string | number)[], widths: number[]): string {
  return cells
    .map((c, i) => (i === 0 ? String(c).padEnd(widths[i]) : String(c).padStart(widths[i])))
    .join(" ");
}

function describeDeal(r: DealRecord): string {
  const t = r.tsol;
  const peer = r.solvitaire;
  const tsolPart = `tsol ${t.result}${t.budget ? ` (${t.budget})` : ""} ${fmtMs(t.ms)} ms${
    t.replayed === true ? ", replays" : t.replayed === false ? `, DOES NOT REPLAY: ${t.replayError}` : ""
  }`;
  const peerPart = peer
    ? `; solvitaire ${peer.said} ${fmtMs(peer.ms)} ms${peer.sameDeal ? "" : ", ITS DEAL DIFFERS"}`
    : "";
  return `${r.game} ${r.deal}: ${tsolPart}${peerPart}`;
}

async function main(): Promise<void> {
  const args = parseArgs();
  const all = args.games.flatMap((game) => args.deals.map((deal) => ({ game, deal })));
  const done = new Map(args.done.map((r) => [`${r.game} ${r.deal}`, r]));
  // Resumed: the deals of this run the file holds count as solved already (the file keeps any others too).
  const records: DealRecord[] = all.flatMap(({ game, deal }) => done.get(`${game.id} ${deal}`) ?? []);
  const resumed = records.length;
  const jobs = all.filter(({ game, deal }) => !done.has(`${game.id} ${deal}`));
  if (args.out && args.done.length === 0) writeFileSync(args.out, "");
  if (resumed > 0)
    process.stderr.write(`${resumed} of the ${all.length} deals from ${args.out}, ${jobs.length} to solve\n`);
  const timeoutMs = Math.round(args.timeout * 1000);
  let next = 0;
  const wall0 = performance.now();
  await Promise.all(
    Array.from({ length: Math.min(args.workers, jobs.length) }, async () => {
      const child = new Child(Math.ceil(args.mb) + 1024);
      try {
        while (next < jobs.length) {
          const { game, deal } = jobs[next++];
          const answer = await child.solve(
            {
              game: game.id,
              deal,
              asPlays: args.asPlays,
              timeoutMs,
              ...(args.positions === undefined ? {} : { positions: args.positions }),
              mb: args.mb,
              clock: args.clock,
            },
            killAfter(timeoutMs, args.clock),
          );
          const record: DealRecord = { game: game.id, deal, tsol: replay(game, deal, args.asPlays, answer) };
          if (args.solvitaire) record.solvitaire = await solvitaire(args.solvitaire, game, deal, args);
          records.push(record);
          if (args.out) {
            const line: DealLine = {
              ...record,
              tsol: { ...record.tsol, moves: record.tsol.moves.length },
              settings: args.settings,
            };
            appendFileSync(args.out, `${JSON.stringify(line)}\n`);
          }
          process.stderr.write(`[${records.length}/${all.length}] ${describeDeal(record)}\n`);
        }
      } finally {
        child.stop();
      }
    }),
  );
  const wallMs = performance.now() - wall0;
  const otherRules = (g: FamilyGame) => !args.asPlays && playsOtherwise(g);
  const otherIds = new Set(args.games.filter(otherRules).map((g) => g.id));
  const gameOrder = args.games.map((g) => g.id);
  const order = (r: DealRecord) => gameOrder.indexOf(r.game) * 2 ** 32 + r.deal;
  records.sort((a, b) => order(a) - order(b));
  const games = args.games.map((g) =>
    summarise(
      g.id,
      records.filter((r) => r.game === g.id),
      otherRules(g),
    ),
  );

  const dealsText =
    args.deals.length === args.deals[args.deals.length - 1] - args.deals[0] + 1
      ? `deals ${args.deals[0]}..${args.deals[args.deals.length - 1]}`
      : `deals ${args.deals.join(",")}`;
  console.log(
    `Family catalogue: ${args.games.length} game${args.games.length > 1 ? "s" : ""}, Solvitaire-numbered ${dealsText}, ` +
      `${args.timeout} s${args.positions === undefined ? "" : ` and ${args.positions.toLocaleString("en")} positions`} a deal (${args.clock === "cpu" ? "CPU time, both solvers" : "wall time: tsol's solve call, Solvitaire's own figure"}), ${args.mb} MB, ` +
      `${args.workers} at once; ${(wallMs / 1000).toFixed(1)} s in all` +
      (resumed > 0 ? ` (this part: ${resumed} deals were ${args.out}'s already)` : ""),
  );
  console.log("");
  console.log("tsol (family solver, policy none; every solution replayed by the verifier)");
  const w1 = [20, 6, 7, 8, 8, 9, 9, 8, 8, 10, 10];
  console.log(
    pad(
      [
        "game",
        "deals",
        "solved",
        "imposs.",
        "unknown",
        "replayed",
        "ms med",
        "ms p99",
        "ms max",
        "pos med",
        "pos max",
      ],
      w1,
    ),
  );
  for (const g of games)
    console.log(
      pad(
        [
          g.game,
          g.deals,
          g.tsol.solved,
          g.tsol.unsolvable,
          g.tsol.unknown,
          `${g.tsol.replayed}/${g.tsol.solved}`,
          fmtMs(g.tsol.ms.median),
          fmtMs(g.tsol.ms.p99),
          fmtMs(g.tsol.ms.max),
          g.tsol.positionsMedian,
          g.tsol.positionsMax,
        ],
        w1,
      ),
    );
  if (args.solvitaire) {
    console.log("");
    console.log(
      `Solvitaire (${args.solvitaire}; ratio: tsol's median time over Solvitaire's, deals both decided)`,
    );
    if (otherIds.size > 0)
      console.log(
        `rules≠: Solvitaire sends these games' cards home one at a time, not whole suits as its presets state (docs/family.md): ${[...otherIds].join(", ")}; --as-solvitaire-plays solves them under those rules`,
      );
    const w2 = [20, 7, 8, 8, 8, 8, 8, 10, 6, 7, 8, 7, 9];
    console.log(
      pad(
        [
          "game",
          "solved",
          "imposs.",
          "unknown",
          "ms med",
          "ms p99",
          "ms max",
          "pos med",
          "deal≠",
          "both",
          "ratio",
          "differ",
          "CONFLICT",
        ],
        w2,
      ),
    );
    for (const g of games) {
      const s = g.solvitaire;
      if (!s) continue;
      console.log(
        pad(
          [
            g.game,
            s.solved,
            s.unsolvable,
            s.unknown,
            fmtMs(s.ms.median),
            fmtMs(s.ms.p99),
            fmtMs(s.ms.max),
            s.positionsMedian,
            s.dealsDiffer,
            s.bothDecided,
            s.ratio === null ? "-" : s.ratio.toFixed(1),
            s.verdictsDiffer,
            s.otherRules ? "rules≠" : s.conflicts,
          ],
          w2,
        ),
      );
    }
  } else {
    console.log("");
    console.log("Solvitaire: not found (--solvitaire PATH, or bench/build-solvitaire.sh)");
  }

  const replayFailed = records.filter((r) => r.tsol.replayed === false);
  const crashed = records.filter((r) => r.tsol.budget?.startsWith("child died"));
  const dealsDiffer = records.filter((r) => r.solvitaire && !r.solvitaire.sameDeal);
  const differ = records.filter((r) => r.solvitaire && r.solvitaire.result !== r.tsol.result);
  const conflicts = differ.filter(
    (r) => decided(r.tsol.result) && decided(r.solvitaire?.result) && !otherIds.has(r.game),
  );
  const undecidedDiffer = differ.filter((r) => !conflicts.includes(r));
  if (replayFailed.length > 0) {
    console.log("");
    console.log(
      `!!! ${replayFailed.length} SOLUTION${replayFailed.length > 1 ? "S DO" : " DOES"} NOT REPLAY:`,
    );
    for (const r of replayFailed) console.log(`!!!   ${describeDeal(r)}`);
  }
  if (crashed.length > 0) {
    console.log("");
    console.log(
      `!!! THE FAMILY SOLVER FAILED ON ${crashed.length} DEAL${crashed.length > 1 ? "S" : ""} (its error above):`,
    );
    for (const r of crashed) console.log(`!!!   ${describeDeal(r)}`);
  }
  if (dealsDiffer.length > 0) {
    console.log("");
    console.log(
      `!!! ${dealsDiffer.length} DEAL${dealsDiffer.length > 1 ? "S" : ""} DEALT DIFFERENTLY BY SOLVITAIRE:`,
    );
    for (const r of dealsDiffer) console.log(`!!!   ${describeDeal(r)}`);
  }
  if (conflicts.length > 0) {
    console.log("");
    console.log(`!!! ${conflicts.length} VERDICT CONFLICT${conflicts.length > 1 ? "S" : ""} (both decided):`);
    for (const r of conflicts) console.log(`!!!   ${describeDeal(r)}`);
  }
  if (undecidedDiffer.length > 0) {
    console.log("");
    console.log(
      `verdicts that differ, one solver undecided or the rules played differ (${undecidedDiffer.length}):`,
    );
    for (const r of undecidedDiffer) console.log(`  ${describeDeal(r)}`);
  }
  console.log(
    JSON.stringify({
      bench: "catalogue",
      deals: args.deals.length === 0 ? [] : [args.deals[0], args.deals[args.deals.length - 1]],
      dealCount: args.deals.length,
      timeoutS: args.timeout,
      positions: args.positions ?? null,
      clock: args.clock,
      mb: args.mb,
      workers: args.workers,
      solvitaire: args.solvitaire ?? null,
      wallMs: Math.round(wallMs),
      games,
      replayFailed: replayFailed.map((r) => [r.game, r.deal]),
      crashed: crashed.map((r) => [r.game, r.deal]),
      dealsDiffer: dealsDiffer.map((r) => [r.game, r.deal]),
      conflicts: conflicts.map((r) => ({
        game: r.game,
        deal: r.deal,
        tsol: r.tsol.result,
        solvitaire: r.solvitaire?.result,
        replayed: r.tsol.replayed,
      })),
      undecided: undecidedDiffer.map((r) => ({
        game: r.game,
        deal: r.deal,
        tsol: r.tsol.result,
        solvitaire: r.solvitaire?.said,
      })),
    }),
  );
  if (replayFailed.length + crashed.length + dealsDiffer.length + conflicts.length > 0) process.exitCode = 1;
}

if (process.env[CHILD_ENV] === "1" && process.send) {
  const send = process.send.bind(process);
  process.on("message", (job: ChildJob) => send(solveInChild(job)));
  send("ready");
  process.on("disconnect", () => process.exit(0));
} else {
  await main();
}
