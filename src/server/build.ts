import { fileURLToPath } from "node:url";
import { precompressFolder } from "./precompress.ts";

export const WEB_ROOT = fileURLToPath(new URL("../../web", import.meta.url));
export const WEB_BUILD = fileURLToPath(new URL("../../dist/web", import.meta.url));

/** Builds the web app with Vite into dist/web, then writes gzip and brotli copies for the server to send. */
export async function buildWeb(): Promise<void> {
  const { build } = await import("vite");
  await build({ configFile: `${WEB_ROOT}/vite.config.ts`, logLevel: "warn" });
  precompressFolder(WEB_BUILD);
}
