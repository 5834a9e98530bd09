// The command line's bundle (built by scripts/build-cli.js) and whether it may run: only when every file it was
// built from is still exactly as it was then. Each build is a folder of its own, dist/cli-<hash of its files>/,
// and dist/cli.json names the current one together with the sources it was built from, in one file written whole:
// the folder and the list always go together. A bundle that is missing, or built from any source that has changed
// since, is never used: bin/tsol.js then runs the TypeScript through tsx, as before the bundle.
import { readFileSync, statSync } from "node:fs";
import { fileURLToPath } from "node:url";

/** The repository (or installed package) root, with a trailing slash. */
export const ROOT = fileURLToPath(new URL("..", import.meta.url));

/**
 * The build folders' parent. A build folder is two levels below the root, like src/cli/main.ts, so that the code's
 * paths relative to its own file (`new URL("../../package.json", import.meta.url)`) find the same files from it.
 */
export const DIST = `${ROOT}dist/`;

/** The current build: `{ dir, files }`, the folder's name in dist/ and the stamp of each source it was built from. */
export const CURRENT = `${DIST}cli.json`;

/**
 * What says a file has not changed: its modification time (ms, with the fraction the file system keeps) and
 * size. Any edit, checkout or copy changes the time; a file put back with its old time and size is its old file.
 * @param {string} path
 * @returns {[number, number] | undefined} undefined when the file is missing
 */
export function stamp(path) {
  const s = statSync(path, { throwIfNoEntry: false });
  return s ? [s.mtimeMs, s.size] : undefined;
}

/** The current build as dist/cli.json describes it, or undefined. */
export function currentBuild() {
  try {
    const build = JSON.parse(readFileSync(CURRENT, "utf8"));
    return typeof build.dir === "string" && /^cli-[0-9a-f]+$/.test(build.dir) ? build : undefined;
  } catch {
    return undefined;
  }
}

/**
 * The bundle's main.js as a file URL, when there is a build and every source it was built from is unchanged;
 * undefined otherwise. `TSOL_BUNDLE=0` in the environment never uses the bundle.
 * @returns {URL | undefined}
 */
export function freshBundle() {
  if (process.env.TSOL_BUNDLE === "0") return undefined;
  const build = currentBuild();
  if (!build) return undefined;
  for (const [file, [mtimeMs, size]] of Object.entries(build.files)) {
    const now = stamp(ROOT + file);
    if (!now || now[0] !== mtimeMs || now[1] !== size) return undefined;
  }
  return new URL(`../dist/${build.dir}/main.js`, import.meta.url);
}
