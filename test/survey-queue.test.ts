import { createHash } from "node:crypto";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import Database from "better-sqlite3";
import { createPostgresBackend, withBackend } from "bullmq";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { freecell } from "../src/games/freecell/index.ts";
import type { AnyPatienceGame } from "../src/games/patience/contract.ts";
import { PostgresStore } from "../src/survey/pg-store.ts";
import { blindJobProblem, jobCounts, queueName, startQueueWorker } from "../src/survey/queue.ts";
import { canonicalJson, makeSettings } from "../src/survey/settings.ts";
import { solverVersion } from "../src/survey/version.ts";
import { startPostgres, type TestPostgres } from "./survey-postgres.ts";
import { type Running, run, sleep, start, steadyReport, storedResults } from "./survey-run.ts";

/** The registry's games, to which a test adds pretend ones (the worker started in this process sees them). */
const registry = vi.hoisted(() => ({ games: [] as AnyPatienceGame[] }));
vi.mock("../src/games/registry.ts", async (importOriginal) => {
  const real = await importOriginal<typeof import("../src/games/registry.ts")>();
  registry.games = [...real.PATIENCE_GAMES];
  return { ...real, PATIENCE_GAMES: registry.games };
});

/**
 * The many-machine survey: a real PostgreSQL server of the test's own, BullMQ jobs on it, three worker
 * processes, one killed with SIGKILL in the middle of a job. The figures must equal a one-machine SQLite run.
 */
const DEALS = "1-1200,11982";
const COUNT = 1201;
const SETTINGS = ["--deals", DEALS, "--budget-positions", "200000"];

let dir: string;
let server: TestPostgres;
const workers: Running[] = [];

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), "tsol-survey-queue-"));
  server = await startPostgres();
}, 120_000);

afterAll(async () => {
  for (const w of workers)
    if (w.child.exitCode === null && w.child.signalCode === null) w.child.kill("SIGKILL");
  await Promise.all(workers.map((w) => w.done));
  server?.stop();
  rmSync(dir, { recursive: true, force: true });
});

/** The job ids a worker's log says it started and finished. */
function jobs(log: string): { started: string[]; done: string[] } {
  return {
    started: [...log.matchAll(/job (\S+) started/g)].map((m) => m[1]),
    done: [...log.matchAll(/job (\S+) done/g)].map((m) => m[1]),
  };
}

describe("tsol survey --queue (BullMQ on PostgreSQL)", () => {
  it("three workers, one killed mid-job: every deal has one result, and the report equals the SQLite run's", async () => {
    const reference = join(dir, "reference.db");
    const local = await run(["survey", "freecell", ...SETTINGS, "--jobs", "2", "--db", reference]);
    expect(local.status, local.stderr).toBe(0);

    const queued = await run([
      "survey",
      "freecell",
      ...SETTINGS,
      "--queue",
      server.url,
      "--chunk",
      "200",
      "--detach",
    ]);
    expect(queued.status, queued.stderr).toBe(0);
    expect(queued.stderr).toMatch(/8 jobs queued/);

    // A job's lock runs out 2 s after its worker dies, so the test need not wait BullMQ's default 30 s.
    const env = { TSOL_SURVEY_LOCK_MS: "2000" };
    for (let i = 0; i < 3; i++)
      workers.push(start(["survey", "worker", "--queue", server.url, "--jobs", "1"], env));

    // Kill the first worker seen in the middle of a job: started, not done.
    let victim: Running | undefined;
    let interrupted: string | undefined;
    for (let waited = 0; !victim && waited < 60_000; waited += 10) {
      for (const w of workers) {
        const { started, done } = jobs(w.stderr());
        const open = started.filter((id) => !done.includes(id));
        if (open.length) {
          w.child.kill("SIGKILL");
          victim = w;
          interrupted = open[0];
          break;
        }
      }
      await sleep(10);
    }
    expect(victim, "no worker started a job").toBeDefined();
    const killed = await victim?.done;
    expect(killed?.signal).toBe("SIGKILL");
    // It really died mid-job: its log never says the job was done.
    expect(jobs(killed?.stderr ?? "").done).not.toContain(interrupted);

    // The waiting command returns when every deal has a result.
    const watched = await run(["survey", "freecell", ...SETTINGS, "--queue", server.url, "--chunk", "200"]);
    expect(watched.status, watched.stderr).toBe(0);
    expect(watched.stderr).toMatch(/solved 1200, impossible 1, unknown 0/);
    expect(watched.stderr).not.toMatch(/failed/);

    // Another worker took the interrupted job back and finished it.
    const survivors = workers.filter((w) => w !== victim);
    expect(survivors.some((w) => jobs(w.stderr()).done.includes(interrupted as string))).toBe(true);

    // Every deal exactly once, with the results of the one-machine run.
    const client = new pg.Client({ connectionString: server.url });
    await client.connect();
    try {
      const rows = (
        await client.query<{ deal: string; outcome: string; length: number | null; positions: string }>(
          "SELECT deal, outcome, length, positions FROM tsol_survey_results ORDER BY deal",
        )
      ).rows;
      expect(rows).toHaveLength(COUNT);
      const same = rows.map((r) => ({
        survey: "freecell",
        deal: Number(r.deal),
        outcome: r.outcome,
        length: r.length,
        positions: Number(r.positions),
      }));
      expect(same).toEqual(storedResults(reference));
    } finally {
      await client.end();
    }

    const fromQueue = await run(["survey", "report", "--queue", server.url, "--json"]);
    const fromSqlite = await run(["survey", "report", "--db", reference, "--json"]);
    expect(fromQueue.status, fromQueue.stderr).toBe(0);
    expect(steadyReport(fromQueue.stdout)).toEqual(steadyReport(fromSqlite.stdout));

    // A second survey under the same name with other settings is refused here too.
    const refused = await run([
      "survey",
      "freecell",
      "--deals",
      "1-10",
      "--cells",
      "2",
      "--queue",
      server.url,
      "--detach",
    ]);
    expect(refused.status).toBe(1);
    expect(refused.stderr).toMatch(/was started with other settings: the rules \(cells 4, not 2\)/);

    // A retry through the queue: a survey on a tiny budget leaves deals unknown; the workers decide them again.
    const small = await run([
      "survey",
      "freecell",
      "--deals",
      "1-100",
      "--budget-positions",
      "300",
      "--name",
      "small",
      "--queue",
      server.url,
      "--chunk",
      "50",
    ]);
    expect(small.status, small.stderr).toBe(0);
    const unknown = Number(/unknown (\d+) \(tsol survey report/.exec(small.stderr)?.[1]);
    expect(unknown).toBeGreaterThan(0);
    const retry = await run([
      "survey",
      "retry",
      "small",
      "--queue",
      server.url,
      "--budget-positions",
      "1000000",
    ]);
    expect(retry.status, retry.stderr).toBe(0);
    expect(retry.stderr).toMatch(new RegExp(`retry of "small": ${unknown} undecided deals`));
    expect(retry.stderr).toMatch(/survey "small": solved 100, impossible 0, unknown 0/);

    for (const w of survivors) w.child.kill("SIGTERM");
    for (const w of survivors) expect((await w.done).status).toBe(0);
  }, 240_000);

  /** The connections to the test's database other than the one asking. */
  async function connections(client: pg.Client): Promise<number> {
    const { rows } = await client.query<{ n: number }>(
      "SELECT count(*)::int AS n FROM pg_stat_activity WHERE datname = current_database() AND pid <> pg_backend_pid()",
    );
    return rows[0].n;
  }

  async function until(what: string, done: () => Promise<boolean>, ms = 60_000): Promise<void> {
    for (let waited = 0; !(await done()); waited += 100) {
      if (waited > ms) throw new Error(`waited ${ms} ms for ${what}`);
      await sleep(100);
    }
  }

  it("a worker holds the same few connections whatever the number of games", async () => {
    const client = new pg.Client({ connectionString: server.url });
    await client.connect();
    const counts: Record<number, number> = {};
    const base = registry.games.length;
    try {
      for (const more of [0, 30, 100]) {
        for (let i = registry.games.length; registry.games.length < base + more; i++)
          registry.games.push({ ...freecell, id: `pretend-${i}` } as AnyPatienceGame);
        await until("the other connections to close", async () => (await connections(client)) === 0);
        const worker = await startQueueWorker(server.url, { jobs: 1 });
        try {
          counts[registry.games.length] = await connections(client);
        } finally {
          await worker.close();
        }
      }
    } finally {
      registry.games.splice(base);
      await client.end();
    }
    // Before one queue took every game a worker held three connections a game: 87 with the registry's 29, 387
    // with 129. Now at most BullMQ's pool of 3, its listening connection and the results store's pool of 4,
    // whatever the games (how many of the pools' connections are open depends on which queries overlapped).
    for (const n of Object.values(counts)) {
      expect(n, JSON.stringify(counts)).toBeGreaterThanOrEqual(2);
      expect(n, JSON.stringify(counts)).toBeLessThanOrEqual(8);
    }
  }, 120_000);

  const blindSettings = {
    game: "klondike",
    rules: { draw: 3 },
    numbering: "microsoft",
    policy: "safe",
    seed: 1,
    samples: 1,
    version: solverVersion("klondike"),
  };

  it("moves the jobs of tsol's former queues of one game to its queue, and names those it cannot run", async () => {
    const { Queue } = withBackend(createPostgresBackend);
    const store = new PostgresStore(server.url);
    const budget = { positions: 200_000 };
    const version = solverVersion("freecell");
    const survey = await store.open(
      makeSettings(freecell, { name: "former", rules: {}, budget, solverVersion: version }),
    );
    const other = "0.0.1+freecell.000000000000";
    // Another seed than the blind survey's below: its games are its own.
    const strayBlind = { ...blindSettings, seed: 2 };
    const foreign = await store.open(
      makeSettings(freecell, { name: "foreign", rules: {}, budget, solverVersion: other }),
    );
    // Queues as tsol named them before: one a game and solver version. The second has a worker listening.
    const hash = (v: string) => createHash("sha256").update(v).digest("hex").slice(0, 12);
    const formerName = `tsol-survey-freecell-${hash(version)}`;
    const busyName = `tsol-survey-freecell-${hash(`${version}-busy`)}`;
    const connection = { connection: { connectionString: server.url, migrate: true } };
    const former = new Queue(formerName, connection);
    const busy = new Queue(busyName, connection);
    const listener = new pg.Client({ connectionString: server.url, application_name: busyName });
    await listener.connect();
    let listening = true;
    const lines: string[] = [];
    const worker = await (async () => {
      try {
        await former.add(
          "range",
          { survey: survey.id, name: "former", first: 1, last: 20 },
          { jobId: `s${survey.id}-1-20` },
        );
        await former.add(
          "range",
          { survey: foreign.id, name: "foreign", first: 1, last: 5 },
          { jobId: `s${foreign.id}-1-5` },
        );
        await busy.add(
          "range",
          { survey: survey.id, name: "former", first: 21, last: 30 },
          { jobId: `s${survey.id}-21-30` },
        );
        // A blind survey's job too (the blind player's version is this machine's).
        await former.add("blind", { blind: strayBlind, first: 7, last: 7 }, { jobId: "b-former-7-7" });
        return await startQueueWorker(server.url, {
          jobs: 1,
          adoptEveryMs: 300,
          log: (line) => lines.push(line),
        });
      } catch (error) {
        await listener.end();
        throw error;
      }
    })();
    try {
      await until("the moved job's deals", async () => (await store.countIn(survey.id, 1, 20)) === 20);
      expect(lines.join("\n")).toMatch(
        new RegExp(
          `moved 1 jobs of survey "former" from queue ${formerName} \\(a queue of one game, as tsol made them before one queue took every game\\) to queue ${queueName()}`,
        ),
      );
      expect(lines.join("\n")).toMatch(
        new RegExp(
          `queue ${formerName} .* holds 1 jobs of survey "foreign", made with solver ${other.replace(/[.+]/g, "\\$&")}; this machine's is ${version.replace(/[.+]/g, "\\$&")}: they wait for a worker of that version`,
        ),
      );
      await until(
        "the moved blind job's game",
        async () => (await store.blindDone(canonicalJson(strayBlind), 7, 7)).length === 1,
      );
      expect(lines.join("\n")).toMatch(
        new RegExp(`moved 1 blind jobs from queue ${formerName} .* to queue ${queueName()}`),
      );
      // Said once, though looked for again every 300 ms.
      await sleep(1000);
      expect(lines.filter((l) => l.includes('"foreign"'))).toHaveLength(1);
      // The moved job carries its game; nothing is left of it where it was; the foreign job stays.
      const one = new Queue(queueName(), connection);
      const moved = await one.getJob(`s${survey.id}-1-20`).finally(() => one.close());
      expect(moved?.data).toMatchObject({ survey: survey.id, game: "freecell", first: 1, last: 20 });
      expect(await former.getJobState(`s${survey.id}-1-20`)).toBe("unknown");
      expect(await former.getJobState(`s${foreign.id}-1-5`)).toBe("waiting");
      // A queue some worker listens to keeps its jobs, until that worker is gone.
      expect(await busy.getJobState(`s${survey.id}-21-30`)).toBe("waiting");
      await listener.end();
      listening = false;
      await until("the busy queue's deals", async () => (await store.countIn(survey.id, 21, 30)) === 10);
      expect(await store.countIn(foreign.id, 1, 5)).toBe(0);
      expect(await jobCounts(server.url, survey)).toEqual({ completed: 2 });
      expect(await jobCounts(server.url, foreign)).toEqual({ waiting: 1 });
    } finally {
      if (listening) await listener.end();
      await worker.close();
      await former.close();
      await busy.close();
      await store.close();
    }
  }, 120_000);

  it("a blind survey on the queue: the worker plays the games the one-machine run plays, stored once, and in the report", async () => {
    const blind = ["survey", "klondike", "--blind", "--draw", "3", "--samples", "1", "--deals", "1-6"];
    const reference = join(dir, "blind.db");
    const local = await run([...blind, "--jobs", "2", "--db", reference]);
    expect(local.status, local.stderr).toBe(0);

    const queued = await run([...blind, "--queue", server.url, "--chunk", "2", "--detach"]);
    expect(queued.status, queued.stderr).toBe(0);
    expect(queued.stderr).toMatch(
      /blind survey of klondike \(Klondike, draw 3\), microsoft deals 1-6 on .*: 4 jobs queued/,
    );
    const worker = start(["survey", "worker", "--queue", server.url, "--jobs", "2"]);
    try {
      const watched = await run([...blind, "--queue", server.url, "--chunk", "2"]);
      expect(watched.status, watched.stderr).toBe(0);
      expect(watched.stdout).toMatch(/won [0-6] of 6 games \([\d.]+%, 95% Wilson/);
      expect(watched.stdout).not.toMatch(/deals left/);
      // The same games as the threads of one machine play (a game depends only on the deal and the settings).
      const client = new pg.Client({ connectionString: server.url });
      await client.connect();
      const { rows } = await client
        .query<{ deal: string; won: boolean; moves: number }>(
          // Seed 1: the stray job's game of the test above was played with seed 2.
          "SELECT deal, won, moves FROM tsol_blind_games WHERE (settings::jsonb)->>'seed' = '1' ORDER BY deal",
        )
        .finally(() => client.end());
      const db = new Database(reference, { readonly: true });
      const games = db.prepare("SELECT deal, won, moves FROM blind_games ORDER BY deal").all() as {
        deal: number;
        won: number;
        moves: number;
      }[];
      db.close();
      expect(rows.map((r) => ({ deal: Number(r.deal), won: r.won ? 1 : 0, moves: r.moves }))).toEqual(games);
      // Done: enqueueing again makes no job.
      const again = await run([...blind, "--queue", server.url, "--chunk", "2", "--detach"]);
      expect(again.stderr).toMatch(/0 jobs queued, 4 ranges already done/);
      // The report reads them from PostgreSQL as from SQLite.
      const steady = (json: string) =>
        (JSON.parse(json).blind as Record<string, unknown>[])
          // The stray job's game of the test above was played with seed 2.
          .filter((r) => r.seed === 1)
          .map(({ file: _, seconds: __, ...r }) => r);
      const fromQueue = await run(["survey", "report", "--queue", server.url, "--json"]);
      const fromSqlite = await run(["survey", "report", "--db", reference, "--json"]);
      expect(fromQueue.status, fromQueue.stderr).toBe(0);
      expect(steady(fromQueue.stdout)).toEqual(steady(fromSqlite.stdout));
      expect(steady(fromQueue.stdout)).toHaveLength(1);
      const text = await run(["survey", "report", "--queue", server.url]);
      expect(text.stdout).toMatch(/klondike \(Klondike, draw 3\), microsoft deals 1\.\.6 \(6 games\)/);
    } finally {
      worker.child.kill("SIGTERM");
      expect((await worker.done).status).toBe(0);
    }
    // A job that is not one this machine's code would play is refused before any game, saying why.
    expect(blindJobProblem({ blind: blindSettings, first: 1, last: 2 } as never)).toBeUndefined();
    expect(
      blindJobProblem({
        blind: { ...blindSettings, version: "0.0.1+klondike.0" },
        first: 1,
        last: 2,
      } as never),
    ).toMatch(/the blind player 0\.0\.1\+klondike\.0 wanted, this worker has /);
    expect(blindJobProblem({ blind: { ...blindSettings, seed: "x" }, first: 1, last: 2 } as never)).toBe(
      "its settings are not a blind survey's",
    );
    expect(
      blindJobProblem({ blind: { ...blindSettings, game: "freecell" }, first: 1, last: 2 } as never),
    ).toMatch(/"freecell" is not a game with a blind player here/);
    expect(blindJobProblem(null as never)).toBe("its data is not a blind job's");
    expect(blindJobProblem({ blind: blindSettings, first: 3, last: 2 } as never)).toMatch(
      /not a range of microsoft deals/,
    );
  }, 180_000);
});
