import { readdirSync, readFileSync, statSync } from "node:fs";
import { join, relative, resolve } from "node:path";
import { describe, expect, it } from "vitest";
import { ROOT } from "./tsol.ts";

/**
 * The layer map of docs/architecture.md, held against every import of the code. A layer lists the layers it may
 * import; `node` stands for Node's own modules, `packages` for npm packages.
 */
const MAP: Record<string, string[]> = {
  "src/cards": ["src/cards"],
  "src/search": ["src/search", "src/cards"],
  "src/games": ["src/games", "src/search", "src/cards"],
  "src/workers": ["src/workers", "src/games", "src/search", "src/cards", "node"],
  "src/survey": ["src/survey", "src/workers", "src/games", "src/search", "src/cards", "node", "packages"],
  "src/server": ["src/server", "node", "packages"],
  "src/cli": [
    "src/cli",
    "src/server",
    "src/survey",
    "src/workers",
    "src/games",
    "src/search",
    "src/cards",
    "node",
    "packages",
  ],
  web: ["web", "src/games", "src/search", "src/cards", "packages"],
  // The command line's start (bin/tsol.js and its check that the bundle is fresh, bin/bundle.js).
  bin: ["bin", "src/cli", "node", "packages"],
  bench: [
    "bench",
    "bin",
    "src/server",
    "src/survey",
    "src/workers",
    "src/games",
    "src/search",
    "src/cards",
    "node",
    "packages",
  ],
  test: [
    "test",
    "src/server",
    "src/survey",
    "src/workers",
    "src/games",
    "src/search",
    "src/cards",
    "src/cli",
    "node",
    "packages",
  ],
};

/** Test helpers of the pure layers may use the test runner; tests may also read files (test data) with Node. */
const TEST_RUNNER = /(\.test\.ts|\/testing\.ts)$/;
const TEST = /\.test\.ts$/;

function files(dir: string): string[] {
  const out: string[] = [];
  for (const name of readdirSync(dir)) {
    if (name === "node_modules" || name === "dist") continue;
    const path = join(dir, name);
    if (statSync(path).isDirectory()) out.push(...files(path));
    else if (/\.(ts|tsx)$/.test(name)) out.push(path);
  }
  return out;
}

function layerOf(file: string): string | undefined {
  const rel = relative(ROOT, file).replace(/\\/g, "/");
  return Object.keys(MAP)
    .sort((a, b) => b.length - a.length)
    .find((layer) => rel === layer || rel.startsWith(`${layer}/`));
}

function imports(text: string): string[] {
  const out: string[] = [];
  for (const m of text.matchAll(/(?:^|\n)\s*(?:import|export)[^;]*?from\s+"([^"]+)"/g)) out.push(m[1]);
  for (const m of text.matchAll(/import\(\s*"([^"]+)"\s*\)/g)) out.push(m[1]);
  for (const m of text.matchAll(/(?:^|\n)\s*import\s+"([^"]+)"/g)) out.push(m[1]);
  return out;
}

function targetLayer(file: string, spec: string): string {
  if (spec.startsWith("node:")) return "node";
  if (!spec.startsWith(".")) return "packages";
  return layerOf(resolve(file, "..", spec)) ?? `outside (${spec})`;
}

describe("the layer map", () => {
  const all = ["src", "web/src", "bench", "test"].flatMap((d) => files(join(ROOT, d)));

  it("holds for every import", () => {
    const wrong: string[] = [];
    for (const file of all) {
      const layer = layerOf(file);
      if (!layer) continue;
      for (const spec of imports(readFileSync(file, "utf8"))) {
        const target = targetLayer(file, spec);
        if (MAP[layer].includes(target)) continue;
        if (target === "packages" && (spec === "vitest" || spec === "fast-check") && TEST_RUNNER.test(file))
          continue;
        if (TEST.test(file) && (target === "node" || target === "test")) continue;
        wrong.push(`${relative(ROOT, file)} imports ${spec} (${target})`);
      }
    }
    expect(wrong).toEqual([]);
  });

  it("keeps the engines free of the clock, entropy (but its one source) and the DOM", () => {
    const wrong: string[] = [];
    for (const file of all) {
      const layer = layerOf(file);
      if (layer !== "src/cards" && layer !== "src/search" && layer !== "src/games") continue;
      if (TEST_RUNNER.test(file)) continue;
      const text = readFileSync(file, "utf8").replace(/\/\*[\s\S]*?\*\/|\/\/.*$/gm, "");
      const banned = [
        "Math.random(",
        "Date.now(",
        "performance.now(",
        "new Date(",
        "document.",
        "window.",
        "process.",
      ];
      if (!file.endsWith("src/cards/entropy.ts")) banned.push("getRandomValues");
      for (const name of banned) {
        if (text.includes(name)) wrong.push(`${relative(ROOT, file)} uses ${name}`);
      }
    }
    expect(wrong).toEqual([]);
  });
});
