import { spawnSync } from "node:child_process";
import { cpSync, mkdtempSync, readFileSync, rmSync, symlinkSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { pathToFileURL } from "node:url";
import { afterAll, describe, expect, it } from "vitest";
import { ROOT } from "./tsol.ts";

// A copy of the command line's files in a folder of its own (node_modules linked), so that its sources can be
// edited without touching the repository's.
const copy = mkdtempSync(join(tmpdir(), "tsol-bundle-"));
for (const part of ["src", "bin", "scripts", "tsconfig.json", "package.json"]) {
  cpSync(join(ROOT, part), join(copy, part), { recursive: true });
}
symlinkSync(join(ROOT, "node_modules"), join(copy, "node_modules"), "dir");

afterAll(() => rmSync(copy, { recursive: true, force: true }));

const node = (args: string[], env: Record<string, string> = {}) =>
  spawnSync(process.execPath, args, { cwd: copy, encoding: "utf8", env: { ...process.env, ...env } });
const tsol = (...args: string[]) => node([join(copy, "bin/tsol.js"), ...args]);

/** Whether the copy's bin/tsol.js would run its bundle (asked in a process of its own, as the bin asks). */
function fresh(): boolean {
  const ask = `import(${JSON.stringify(pathToFileURL(join(copy, "bin/bundle.js")).href)}).then((b) => console.log(b.freshBundle() ? "fresh" : "stale"))`;
  return node(["-e", ask]).stdout.trim() === "fresh";
}

/** The packages the build's `file` loads as it starts: its static imports, followed through the build's chunks. */
function loadedAtStart(dir: string, file: string, seen = new Set<string>()): Set<string> {
  const packages = new Set<string>();
  if (seen.has(file)) return packages;
  seen.add(file);
  const code = readFileSync(join(dir, file), "utf8");
  for (const m of code.matchAll(/^import\s(?:[^;]*?\sfrom\s*)?"([^"]+)"/gm)) {
    if (m[1].startsWith("./")) for (const p of loadedAtStart(dir, m[1].slice(2), seen)) packages.add(p);
    else packages.add(m[1]);
  }
  return packages;
}

describe("the command line's bundle", () => {
  it("runs the bundle only while its sources are unchanged, and its worker threads from the bundle", () => {
    expect(fresh()).toBe(false);
    const built = node(["scripts/build-cli.js"]);
    expect(built.status, built.stderr).toBe(0);
    expect(built.stdout).toMatch(/built the command line into dist\/cli-[0-9a-f]+ \(main, .*solver-thread/);
    expect(fresh()).toBe(true);

    expect(tsol("deal", "freecell", "1").stdout.split("\n")[0]).toBe("JD 2D 9H JC 5D 7H 7C 5H");
    // What only some commands need is loaded when they run, not at every start (a third of a second for these).
    const build = join(
      copy,
      "dist",
      (JSON.parse(readFileSync(join(copy, "dist/cli.json"), "utf8")) as { dir: string }).dir,
    );
    const atStart = loadedAtStart(build, "main.js");
    expect(atStart).toContain("commander");
    for (const heavy of ["bullmq", "pg", "better-sqlite3", "vite"]) expect(atStart).not.toContain(heavy);
    // The survey solves in worker threads: from the bundle, its thread.js.
    const survey = tsol("survey", "freecell", "--deals", "1-2", "--jobs", "1", "--db", join(copy, "s.db"));
    expect(survey.status, survey.stderr).toBe(0);
    expect(survey.stderr).toMatch(/solved 2/);

    // An edit makes the bundle stale: the command runs the edited sources, never the bundle's old code.
    const main = join(copy, "src/cli/main.ts");
    writeFileSync(main, readFileSync(main, "utf8").replace("Patience card games and Tetris", "Edited games"));
    expect(fresh()).toBe(false);
    expect(tsol("--help").stdout).toContain("Edited games");
    // Rebuilt, the bundle runs again, with the edit.
    expect(node(["scripts/build-cli.js", "--if-stale"]).status).toBe(0);
    expect(fresh()).toBe(true);
    expect(tsol("--help").stdout).toContain("Edited games");
    // A build whose files are gone is not run.
    const { dir } = JSON.parse(readFileSync(join(copy, "dist/cli.json"), "utf8")) as { dir: string };
    rmSync(join(copy, "dist", dir), { recursive: true });
    expect(fresh()).toBe(false);
  });
});
