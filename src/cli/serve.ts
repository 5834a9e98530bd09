import { existsSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { type Command, InvalidArgumentError } from "commander";
import { precompressFolder } from "../server/precompress.ts";
import { startServer } from "../server/serve.ts";
import { reportErrors, UsageError } from "./options.ts";

export const WEB_ROOT = fileURLToPath(new URL("../../web", import.meta.url));
export const WEB_BUILD = fileURLToPath(new URL("../../dist/web", import.meta.url));

/** Builds the web app with Vite into dist/web, then writes gzip and brotli copies for the server to send. */
export async function buildWeb(): Promise<void> {
  const { build } = await import("vite");
  await build({ configFile: `${WEB_ROOT}/vite.config.ts`, logLevel: "warn" });
  precompressFolder(WEB_BUILD);
}

function port(text: string): number {
  const n = Number(text);
  if (!/^\d+$/.test(text) || n > 65535)
    throw new InvalidArgumentError("expected a port number from 0 to 65535");
  return n;
}

export function registerServe(program: Command): void {
  program
    .command("serve")
    .description("build the web app and serve it (loopback only unless --host says otherwise)")
    .option("--port <port>", "port to listen on (default: $PORT or 8080)", port)
    .option("--host <host>", "address to listen on", "127.0.0.1")
    .option("--no-build", "serve the last build as it is")
    .action((options: { port?: number; host: string; build: boolean }) =>
      reportErrors(async () => {
        if (options.build) await buildWeb();
        if (!existsSync(`${WEB_BUILD}/index.html`))
          throw new UsageError("there is no build in dist/web: run without --no-build");
        const envPort = process.env.PORT === undefined ? undefined : port(process.env.PORT);
        const running = await startServer({
          root: WEB_BUILD,
          host: options.host,
          port: options.port ?? envPort ?? 8080,
        });
        console.log(`tsol is being served on ${running.url} (Ctrl-C to stop)`);
      }),
    );
}
