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
  // A source that does not build (an edit under way) fails the tests that run it, not every test: bin/tsol.js then
  // runs the sources through tsx, which meet the same error.
  if (built.status !== 0)
    console.warn(`${built.stderr || built.stdout}(the tests run bin/tsol.js through tsx)`);
}
