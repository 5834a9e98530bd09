import { spawnSync } from "node:child_process";
import { fileURLToPath } from "node:url";

/**
 * Before the tests: brings the command line's bundle up to date with the sources (scripts/build-cli.js, nothing to
 * do when it is), so that the tests that run `bin/tsol.js` run what a user runs after `npm install`, from the code
 * as it is now. Were the bundle stale, bin/tsol.js would run the sources through tsx instead: right, only slower.
 */
export default function setup(): void {
  const script = fileURLToPath(new URL("../scripts/build-cli.js", import.meta.url));
  const built = spawnSync(process.execPath, [script, "--if-stale"], { encoding: "utf8" });
  if (built.status !== 0) throw new Error(built.stderr || built.stdout || "scripts/build-cli.js failed");
}
