import { spawnSync } from "node:child_process";
import { chownSync, existsSync, mkdtempSync, readdirSync, rmSync } from "node:fs";
import { createServer } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";

/** A PostgreSQL server of the test's own, in a temporary folder, on a loopback port. */
export interface TestPostgres {
  /** postgres://…/tsol on the loopback port. */
  url: string;
  stop(): void;
}

/** Debian's binaries: /usr/lib/postgresql/<version>/bin (the newest when several are installed). */
export function postgresBin(): string | undefined {
  const root = "/usr/lib/postgresql";
  if (!existsSync(root)) return undefined;
  const versions = readdirSync(root)
    .filter((v) => existsSync(join(root, v, "bin", "pg_ctl")))
    .sort((a, b) => Number(b) - Number(a));
  return versions.length ? join(root, versions[0], "bin") : undefined;
}

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.listen(0, "127.0.0.1", () => {
      const address = server.address();
      server.close(() => (typeof address === "object" && address ? resolve(address.port) : reject()));
    });
  });
}

/**
 * initdb and pg_ctl into a temporary folder. PostgreSQL refuses to run as root (CI runs as root), so there the
 * server runs as Debian's `postgres` user, which owns the folder.
 */
export async function startPostgres(): Promise<TestPostgres> {
  const bin = postgresBin();
  if (!bin) throw new Error("PostgreSQL is not installed: apt-get install postgresql");
  const dir = mkdtempSync(join(tmpdir(), "tsol-pg-"));
  const data = join(dir, "data");
  const asRoot = process.getuid?.() === 0;
  if (asRoot) {
    const ids = spawnSync("id", ["-u", "postgres"], { encoding: "utf8" });
    const gids = spawnSync("id", ["-g", "postgres"], { encoding: "utf8" });
    chownSync(dir, Number(ids.stdout), Number(gids.stdout));
  }
  const run = (program: string, args: string[]) => {
    const command = asRoot ? "runuser" : join(bin, program);
    const full = asRoot ? ["-u", "postgres", "--", join(bin, program), ...args] : args;
    const result = spawnSync(command, full, { encoding: "utf8", cwd: dir });
    if (result.status !== 0) {
      throw new Error(`${program} failed: ${result.stderr || result.stdout}`);
    }
    return result.stdout;
  };
  run("initdb", ["-D", data, "-U", "postgres", "-A", "trust", "-E", "UTF8", "--no-sync"]);
  const port = await freePort();
  // PostgreSQL's default max_connections (100): a survey worker holds a few connections whatever the number of
  // games (test/survey-queue.test.ts counts them).
  const options = `-p ${port} -k ${dir} -c listen_addresses=127.0.0.1 -c fsync=off`;
  run("pg_ctl", ["-D", data, "-o", options, "-l", join(dir, "log"), "-w", "-t", "60", "start"]);
  run("createdb", ["-h", "127.0.0.1", "-p", String(port), "-U", "postgres", "tsol"]);
  return {
    url: `postgres://postgres@127.0.0.1:${port}/tsol`,
    stop() {
      try {
        run("pg_ctl", ["-D", data, "-m", "immediate", "-w", "stop"]);
      } finally {
        rmSync(dir, { recursive: true, force: true });
      }
    },
  };
}
