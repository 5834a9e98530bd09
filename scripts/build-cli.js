// Builds the command line with esbuild, so that `tsol` starts without compiling TypeScript: main.js (from
// src/cli/main.ts) and one file for each worker thread's entry point, found in the sources themselves (each
// `new URL("./x.ts", import.meta.url)` outside comments), named after it (x.js), with what they share, and what is
// loaded only when needed (a game's solver, the survey's PostgreSQL side), in chunks.
//
// Each build goes in a folder of its own, dist/cli-<hash of its files>, written whole before dist/cli.json names it
// (bin/bundle.js): a command started during a build, or by another build at the same time, runs one build's files
// and its list of sources, never a mix. The previous build's folder is kept, and any other for ten minutes, so that
// a program started before a build still finds the chunks and threads it loads later.
//
// `node scripts/build-cli.js` builds; with `--if-stale` it does nothing when the bundle is fresh. npm runs it on
// install (the `prepare` script), the tests before they start (test/global-setup.ts).
import { createHash } from "node:crypto";
import { mkdirSync, readdirSync, readFileSync, renameSync, rmSync, statSync, writeFileSync } from "node:fs";
import { basename, dirname, join, relative, resolve } from "node:path";
import { build } from "esbuild";
import { CURRENT, currentBuild, DIST, freshBundle, ROOT, stamp } from "../bin/bundle.js";

/** Files besides the bundled sources whose change makes the bundle stale: how it is built and read. */
const BUILD_FILES = [
  "scripts/build-cli.js",
  "bin/bundle.js",
  "tsconfig.json",
  "node_modules/esbuild/package.json",
];

/** A build folder of neither the current nor the previous build is removed once it is this old. */
const KEEP_MS = 10 * 60_000;

const posix = (path) => path.replaceAll("\\", "/");

/** Every TypeScript file under `dir`, relative to the root. */
function typescriptFiles(dir) {
  return readdirSync(join(ROOT, dir), { recursive: true, withFileTypes: true })
    .filter((e) => e.isFile() && e.name.endsWith(".ts"))
    .map((e) => posix(relative(ROOT, join(e.parentPath, e.name))));
}

/** The worker threads' entry points: `new URL("./x.ts", import.meta.url)` in a source that is not a test. */
function workerEntries(files) {
  const entries = {};
  for (const file of files) {
    if (/\.(test|fixture)\.ts$/.test(file)) continue;
    // Lines of code only: a comment may show the pattern.
    const code = readFileSync(join(ROOT, file), "utf8").replace(/^\s*(\/\/|\/?\*).*$/gm, "");
    for (const m of code.matchAll(/new URL\(\s*"(\.\.?\/[^"]+\.ts)",\s*import\.meta\.url\s*\)/g)) {
      const entry = posix(relative(ROOT, resolve(ROOT, dirname(file), m[1])));
      const name = basename(entry, ".ts");
      if (name === "main" || (entries[name] && entries[name] !== entry))
        throw new Error(
          `two entry points would be named ${name}.js: ${entries[name] ?? "main"} and ${entry}`,
        );
      entries[name] = entry;
    }
  }
  return entries;
}

/** Writes a file whole or not at all: a reader sees the old file or the new one, never half of one. */
function writeWhole(path, contents) {
  const partial = `${path}.${process.pid}.partial`;
  writeFileSync(partial, contents);
  renameSync(partial, path);
}

/** Removes build folders (and partial ones) older than KEEP_MS, except those in `keep`. */
function prune(keep) {
  const now = Date.now();
  for (const entry of readdirSync(DIST, { withFileTypes: true })) {
    if (!entry.isDirectory() || !/^cli-[0-9a-f]+(\.\d+\.partial)?$/.test(entry.name) || keep.has(entry.name))
      continue;
    const path = join(DIST, entry.name);
    if (now - statSync(path).mtimeMs > KEEP_MS) rmSync(path, { recursive: true, force: true });
  }
}

export async function buildCli() {
  // The sources' stamps are taken before esbuild reads them: a file edited during the build makes it stale.
  const before = new Map(typescriptFiles("src").map((file) => [file, stamp(join(ROOT, file))]));
  const entries = { main: "src/cli/main.ts", ...workerEntries([...before.keys()]) };
  const result = await build({
    absWorkingDir: ROOT,
    entryPoints: entries,
    outdir: join(DIST, "cli"),
    bundle: true,
    platform: "node",
    format: "esm",
    target: "node20",
    packages: "external",
    splitting: true,
    chunkNames: "chunk-[hash]",
    metafile: true,
    write: false,
    logLevel: "warning",
    legalComments: "none",
  });
  const hash = createHash("sha256");
  for (const out of result.outputFiles) hash.update(`${basename(out.path)}\n`).update(out.contents);
  const dir = `cli-${hash.digest("hex").slice(0, 12)}`;
  const folder = join(DIST, dir);
  if (!statSync(folder, { throwIfNoEntry: false })) {
    const partial = `${folder}.${process.pid}.partial`;
    rmSync(partial, { recursive: true, force: true });
    mkdirSync(partial, { recursive: true });
    for (const out of result.outputFiles) writeFileSync(join(partial, basename(out.path)), out.contents);
    try {
      renameSync(partial, folder);
    } catch (error) {
      // The same build, finished first by another process: its files are these.
      rmSync(partial, { recursive: true, force: true });
      if (!statSync(folder, { throwIfNoEntry: false })) throw error;
    }
  }
  const files = {};
  const sources = [...Object.keys(result.metafile.inputs), ...BUILD_FILES];
  const outputs = result.outputFiles.map((out) => `dist/${dir}/${basename(out.path)}`);
  for (const file of [...sources, ...outputs]) {
    const now = before.get(file) ?? stamp(join(ROOT, file));
    if (!now) throw new Error(`${file} is missing`);
    files[file] = now;
  }
  const previous = currentBuild()?.dir;
  writeWhole(CURRENT, `${JSON.stringify({ dir, files }, null, 1)}\n`);
  prune(new Set([dir, previous]));
  return { dir, entries: Object.keys(entries), sources: Object.keys(result.metafile.inputs).length };
}

if (process.argv[1] && resolve(process.argv[1]) === resolve(ROOT, "scripts/build-cli.js")) {
  if (process.argv.includes("--if-stale") && freshBundle()) process.exit(0);
  const started = performance.now();
  try {
    const built = await buildCli();
    console.log(
      `tsol: built the command line into dist/${built.dir} (${built.entries.join(", ")}; ${built.sources} sources) in ${Math.round(performance.now() - started)} ms`,
    );
  } catch (error) {
    console.error(
      `tsol: could not build the command line: ${error instanceof Error ? error.message : error}`,
    );
    process.exit(1);
  }
}
