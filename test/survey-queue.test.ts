import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startPostgres, type TestPostgres } from "./survey-postgres.ts";
import { type Running, run, sleep, start, steadyReport, storedResults } from "./survey-run.ts";

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
});
