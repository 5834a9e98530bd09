import { spawnSync } from "node:child_process";
import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import type { Logger } from "vite";
import { describe, expect, it } from "vitest";
import { plainLogger } from "./build.ts";

const ROOT = fileURLToPath(new URL("../..", import.meta.url));
const BUILD = fileURLToPath(new URL("./build.ts", import.meta.url));
const ESCAPE = /\x1b/;

describe("the web build's output", () => {
  it("issue 36: every tsol serve build printed Rolldown's plugin-timing warning, in colour into a pipe; now it is quiet and plain", () => {
    // A small app whose build a slow plugin stretches past the time Rolldown reports, and a plugin that warns.
    const app = mkdtempSync(join(tmpdir(), "tsol-build-"));
    writeFileSync(
      join(app, "index.html"),
      '<!doctype html><script type="module" src="./main.js"></script>\n',
    );
    writeFileSync(join(app, "main.js"), "console.log(1);\n");
    const script = `
      const { build, createLogger } = await import("vite");
      const { webBuildOptions } = await import(${JSON.stringify(BUILD)});
      const options = webBuildOptions(createLogger);
      const slow = { name: "slow", transform() { const end = Date.now() + 1000; while (Date.now() < end); return null; } };
      const ours = { name: "ours", buildStart() { this.warn("a warning of ours"); } };
      await build({
        ...options,
        root: ${JSON.stringify(app)},
        configFile: false,
        plugins: [slow, ours],
        build: { ...options.build, outDir: ${JSON.stringify(join(app, "dist"))}, emptyOutDir: true },
      });
    `;
    // CI=true makes Vite's colour library colour even a pipe, as it did on CI.
    const r = spawnSync(process.execPath, ["--import", "tsx", "--input-type=module", "-e", script], {
      cwd: ROOT,
      encoding: "utf8",
      env: { ...process.env, CI: "true", FORCE_COLOR: undefined, NO_COLOR: undefined },
      timeout: 120_000,
    });
    expect(r.status, r.stderr).toBe(0);
    const output = `${r.stdout}${r.stderr}`;
    expect(output).not.toMatch(/PLUGIN_TIMINGS|significant time|JavaScript callbacks ran/);
    expect(output).toContain("[plugin ours] a warning of ours");
    expect(output).not.toMatch(ESCAPE);
  }, 150_000);

  it("keeps colour for a terminal and drops it for anything else, per stream", () => {
    const said: string[] = [];
    const base = {
      info: (text: string) => said.push(`info ${text}`),
      warn: (text: string) => said.push(`warn ${text}`),
      warnOnce: (text: string) => said.push(`once ${text}`),
      error: (text: string) => said.push(`error ${text}`),
      clearScreen: () => {},
      hasErrorLogged: () => false,
      hasWarned: false,
    } satisfies Logger;
    const logger = plainLogger(base, { stdout: { isTTY: true }, stderr: {} });
    logger.info("\x1b[32mbuilt\x1b[39m");
    logger.warn("\x1b[33mcareful\x1b[39m");
    logger.warnOnce("\x1b[33monce\x1b[39m");
    logger.error("\x1b[31m\x1b[1mbroken\x1b[22m\x1b[39m");
    expect(said).toEqual(["info \x1b[32mbuilt\x1b[39m", "warn careful", "once once", "error broken"]);
    logger.hasWarned = true;
    expect(base.hasWarned).toBe(true);
  });
});
