import { fileURLToPath } from "node:url";
import type { InlineConfig, Logger, LogLevel, LogOptions } from "vite";
import { precompressFolder } from "./precompress.ts";

export const WEB_ROOT = fileURLToPath(new URL("../../web", import.meta.url));
export const WEB_BUILD = fileURLToPath(new URL("../../dist/web", import.meta.url));

/** Terminal escape sequences (colours and the like): ESC [ parameters, then a letter. */
const ESCAPES = /\x1b\[[0-9;?]*[A-Za-z]/g;

/** Where a logger writes; only whether each is a terminal matters here. */
export interface LogStreams {
  stdout: { isTTY?: boolean };
  stderr: { isTTY?: boolean };
}

/**
 * Vite's logger with colour escapes dropped from what goes to a stream that is not a terminal. Vite colours its
 * warnings whenever its colour library thinks it may (with CI set, say), even into a pipe or a log file.
 */
export function plainLogger(base: Logger, streams: LogStreams = process): Logger {
  const plain = (tty: boolean | undefined, text: string) => (tty ? text : text.replace(ESCAPES, ""));
  return {
    info: (text: string, options?: LogOptions) => base.info(plain(streams.stdout.isTTY, text), options),
    warn: (text: string, options?: LogOptions) => base.warn(plain(streams.stderr.isTTY, text), options),
    warnOnce: (text: string, options?: LogOptions) =>
      base.warnOnce(plain(streams.stderr.isTTY, text), options),
    error: (text, options) => base.error(plain(streams.stderr.isTTY, text), options),
    clearScreen: (type) => base.clearScreen(type),
    hasErrorLogged: (error) => base.hasErrorLogged(error),
    get hasWarned() {
      return base.hasWarned;
    },
    set hasWarned(value: boolean) {
      base.hasWarned = value;
    },
  };
}

/**
 * How `tsol serve` has Vite build: warnings and errors only, in plain text where the output is not a terminal,
 * and without Rolldown's report of the time plugins took (a warning on every build of a busy machine, which the
 * user can do nothing about).
 */
export function webBuildOptions(
  createLogger: (level: LogLevel, options: { allowClearScreen: boolean }) => Logger,
  streams: LogStreams = process,
): InlineConfig {
  return {
    logLevel: "warn",
    customLogger: plainLogger(createLogger("warn", { allowClearScreen: false }), streams),
    build: { rolldownOptions: { checks: { bundlerTimings: false } } },
  };
}

/** Builds the web app with Vite into dist/web, then writes gzip and brotli copies for the server to send. */
export async function buildWeb(): Promise<void> {
  const { build, createLogger } = await import("vite");
  await build({ configFile: `${WEB_ROOT}/vite.config.ts`, ...webBuildOptions(createLogger) });
  precompressFolder(WEB_BUILD);
}
