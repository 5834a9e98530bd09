import { createHash } from "node:crypto";
import { existsSync, readdirSync, readFileSync } from "node:fs";
import { dirname, join, relative, resolve } from "node:path";
import { fileURLToPath } from "node:url";

const ROOT = fileURLToPath(new URL("../..", import.meta.url));

/**
 * Files whose code decides a survey's verdicts besides the game's own: the handler that answers a solve request
 * and replays the solution, and this survey's worker thread.
 */
const COMMON_ENTRIES = [
  "src/games/patience/requests.ts",
  "src/games/patience/verify.ts",
  "src/survey/thread.ts",
];

/**
 * The registry lists every game: following it would make each game's version change with every other game's code.
 * The game's own module is an entry instead, so the registry is neither hashed nor followed.
 */
const BOUNDARY = new Set(["src/games/registry.ts"]);

/** Relative imports of a TypeScript file: static, re-exports and dynamic (a solver loaded lazily). */
function relativeImports(text: string): string[] {
  const out: string[] = [];
  for (const m of text.matchAll(/(?:\bfrom\s*|\bimport\s*\(\s*|^\s*import\s+)["'](\.{1,2}\/[^"']+)["']/gm)) {
    out.push(m[1]);
  }
  return out;
}

/** Every source file reachable from `entries` through relative imports, as paths relative to the repository. */
export function sourceClosure(entries: readonly string[]): string[] {
  const seen = new Set<string>();
  const todo = entries.map((e) => resolve(ROOT, e));
  while (todo.length) {
    const file = todo.pop() as string;
    if (seen.has(file) || !existsSync(file) || BOUNDARY.has(relative(ROOT, file).replace(/\\/g, "/")))
      continue;
    seen.add(file);
    for (const spec of relativeImports(readFileSync(file, "utf8"))) todo.push(resolve(dirname(file), spec));
  }
  return [...seen].map((f) => relative(ROOT, f).replace(/\\/g, "/")).sort();
}

/**
 * The entry file of a game's module: src/games/<id>/index.ts, else (a family game, or "" for every game) every
 * game's folder (src/games).
 */
function gameEntries(game: string): string[] {
  const own = join("src/games", game, "index.ts");
  if (game !== "" && existsSync(join(ROOT, own))) return [own];
  return readdirSync(join(ROOT, "src/games"))
    .map((dir) => join("src/games", dir, "index.ts"))
    .filter((entry) => existsSync(join(ROOT, entry)));
}

const PACKAGE_VERSION = (JSON.parse(readFileSync(join(ROOT, "package.json"), "utf8")) as { version: string })
  .version;

const cache = new Map<string, string>();

/**
 * The solver version of a game: the package version and a hash of every source file the game's verdicts can
 * depend on (the game's module and all it imports, the search machinery, the request handler and verifier).
 * It changes whenever one of those files changes, comments included: a conservative rule, but one that needs no
 * one to remember to bump a number. Line endings are normalised so that checkouts on every system agree.
 */
export function solverVersion(game: string): string {
  return versionOf(game, game, gameEntries(game));
}

/**
 * The solver version of every game at once: the package version and a hash of every source file a verdict of any
 * game can depend on (every game's module, the request handler, the verifier, the survey thread). Two machines
 * with the same one give every game the same solver version; the queue of a survey's jobs is named by it.
 */
export function allGamesVersion(): string {
  return versionOf("*", "all", gameEntries(""));
}

/** The version of the files reached from `entries`, cached under `key` (a game's id, or "*" for every game). */
function versionOf(key: string, label: string, entries: string[]): string {
  const known = cache.get(key);
  if (known) return known;
  const hash = createHash("sha256");
  for (const file of sourceClosure([...entries, ...COMMON_ENTRIES])) {
    hash.update(file);
    hash.update("\0");
    hash.update(readFileSync(join(ROOT, file), "utf8").replace(/\r\n/g, "\n"));
    hash.update("\0");
  }
  const version = `${PACKAGE_VERSION}+${label}.${hash.digest("hex").slice(0, 12)}`;
  cache.set(key, version);
  return version;
}
