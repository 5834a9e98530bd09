import { existsSync } from "node:fs";
import { type Command, InvalidArgumentError } from "commander";
import { buildWeb, WEB_BUILD } from "../server/build.ts";
import { startServer } from "../server/serve.ts";
import { reportErrors, UsageError } from "./options.ts";

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
