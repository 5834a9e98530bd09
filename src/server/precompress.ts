import { readdirSync, readFileSync, writeFileSync } from "node:fs";
import { extname, join } from "node:path";
import { brotliCompressSync, constants, gzipSync } from "node:zlib";

/** Files worth compressing: text and the like. Images such as PNG are compressed already. */
const COMPRESSIBLE = new Set([
  ".html",
  ".js",
  ".mjs",
  ".css",
  ".json",
  ".svg",
  ".txt",
  ".webmanifest",
  ".wasm",
  ".map",
]);

/** Below this a compressed copy saves less than the headers it costs. */
const SMALLEST = 512;

export interface Precompressed {
  file: string;
  bytes: number;
  gzip?: number;
  brotli?: number;
}

/**
 * Writes `<file>.gz` and `<file>.br` beside every compressible file of a built folder, so the server sends them as
 * they are (best compression, once, at build time, instead of on each request). A copy that would not be smaller
 * is not written.
 */
export function precompressFolder(root: string): Precompressed[] {
  const done: Precompressed[] = [];
  const walk = (dir: string) => {
    for (const entry of readdirSync(dir, { withFileTypes: true })) {
      const path = join(dir, entry.name);
      if (entry.isDirectory()) walk(path);
      else if (entry.isFile() && COMPRESSIBLE.has(extname(entry.name).toLowerCase()))
        done.push(compress(path));
    }
  };
  walk(root);
  return done;
}

function compress(file: string): Precompressed {
  const data = readFileSync(file);
  const result: Precompressed = { file, bytes: data.length };
  if (data.length < SMALLEST) return result;
  const gzip = gzipSync(data, { level: 9 });
  if (gzip.length < data.length) {
    writeFileSync(`${file}.gz`, gzip);
    result.gzip = gzip.length;
  }
  const brotli = brotliCompressSync(data, {
    params: {
      [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY,
      [constants.BROTLI_PARAM_SIZE_HINT]: data.length,
    },
  });
  if (brotli.length < data.length) {
    writeFileSync(`${file}.br`, brotli);
    result.brotli = brotli.length;
  }
  return result;
}
