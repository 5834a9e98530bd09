import { type ChildProcess, spawn } from "node:child_process";
import { existsSync } from "node:fs";
import Database from "better-sqlite3";
import { BIN, ROOT } from "./tsol.ts";

/** The real `tsol` started in the background, so a test can kill it or wait for it. */
export interface Running {
  child: ChildProcess;
  /** Resolves when it exits: its code (null when killed), signal and output. */
  done: Promise<{ status: number | null; signal: NodeJS.Signals | null; stdout: string; stderr: string }>;
  /** What it wrote on standard error so far. */
  stderr(): string;
}

export function start(args: string[], env: Record<string, string> = {}): Running {
  const child = spawn(process.execPath, [BIN, ...args], {
    cwd: ROOT,
    env: { ...process.env, NO_COLOR: "1", ...env },
    stdio: ["ignore", "pipe", "pipe"],
  });
  let stdout = "";
  let stderr = "";
  child.stdout?.on("data", (chunk) => {
    stdout += chunk;
  });
  child.stderr?.on("data", (chunk) => {
    stderr += chunk;
  });
  const done = new Promise<{
    status: number | null;
    signal: NodeJS.Signals | null;
    stdout: string;
    stderr: string;
  }>((resolve) => child.on("close", (status, signal) => resolve({ status, signal, stdout, stderr })));
  return { child, done, stderr: () => stderr };
}

export async function run(args: string[], env: Record<string, string> = {}) {
  return start(args, env).done;
}

/** Every stored result of a SQLite survey database, by survey and deal, without the times (they vary). */
export function storedResults(
  db: string,
): { survey: string; deal: number; outcome: string; length: number | null; positions: number }[] {
  const d = new Database(db, { readonly: true });
  try {
    return d
      .prepare(
        "SELECT s.name AS survey, r.deal, r.outcome, r.length, r.positions FROM results r JOIN surveys s ON s.id = r.survey ORDER BY s.name, r.deal",
      )
      .all() as { survey: string; deal: number; outcome: string; length: number | null; positions: number }[];
  } finally {
    d.close();
  }
}

/**
 * How many results a survey database holds so far, read while a survey may be writing it: 0 before the file or
 * its tables exist (a run just started has opened the file and not yet made them).
 */
export function storedCount(db: string): number {
  if (!existsSync(db)) return 0;
  const d = new Database(db, { readonly: true });
  try {
    const table = d.prepare("SELECT 1 FROM sqlite_master WHERE type = 'table' AND name = 'results'").get();
    return table ? (d.prepare("SELECT COUNT(*) AS n FROM results").get() as { n: number }).n : 0;
  } finally {
    d.close();
  }
}

/** The report's JSON without what varies from run to run: times and the start date. */
export function steadyReport(json: string): unknown {
  return JSON.parse(json, (key, value: unknown) => (key === "ms" || key === "created" ? undefined : value));
}

export const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Reads one CSV line (RFC 4180: quoted fields may hold commas and doubled quotes). */
export function csvFields(line: string): string[] {
  const out: string[] = [];
  let i = 0;
  while (i <= line.length) {
    if (line[i] === '"') {
      let value = "";
      i++;
      while (i < line.length) {
        if (line[i] === '"' && line[i + 1] === '"') {
          value += '"';
          i += 2;
        } else if (line[i] === '"') {
          i++;
          break;
        } else value += line[i++];
      }
      out.push(value);
      i++; // the comma
    } else {
      const end = line.indexOf(",", i);
      const stop = end < 0 ? line.length : end;
      out.push(line.slice(i, stop));
      i = stop + 1;
    }
  }
  return out;
}
