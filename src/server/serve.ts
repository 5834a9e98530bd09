import { createReadStream, statSync } from "node:fs";
import { createServer, type IncomingMessage, type Server, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import { extname, isAbsolute, join, relative, resolve, sep } from "node:path";

const TYPES: Record<string, string> = {
  ".html": "text/html; charset=utf-8",
  ".js": "text/javascript; charset=utf-8",
  ".mjs": "text/javascript; charset=utf-8",
  ".css": "text/css; charset=utf-8",
  ".json": "application/json; charset=utf-8",
  ".svg": "image/svg+xml",
  ".png": "image/png",
  ".ico": "image/x-icon",
  ".webmanifest": "application/manifest+json",
  ".wasm": "application/wasm",
  ".txt": "text/plain; charset=utf-8",
  ".woff2": "font/woff2",
};

/** Headers on every answer: nothing from elsewhere, no framing, no sniffing. */
export const SECURITY_HEADERS: Record<string, string> = {
  "Content-Security-Policy":
    "default-src 'self'; script-src 'self'; style-src 'self'; img-src 'self' data:; font-src 'self'; " +
    "connect-src 'self'; worker-src 'self'; media-src 'self' data: blob:; object-src 'none'; base-uri 'none'; " +
    "form-action 'none'; frame-ancestors 'none'",
  "X-Content-Type-Options": "nosniff",
  "X-Frame-Options": "DENY",
  "Referrer-Policy": "no-referrer",
  "Cross-Origin-Opener-Policy": "same-origin",
  "Cross-Origin-Resource-Policy": "same-origin",
  "Permissions-Policy": "camera=(), microphone=(), geolocation=(), payment=(), usb=()",
};

/**
 * Maps a request path to a file inside `root`, or undefined when it must be refused: anything that decodes to a
 * path outside the folder (`..`, encoded or not, backslashes, absolute paths, NUL bytes) is refused before the file
 * system is asked. `/` is the app's index.html; there are no directory listings.
 */
export function resolveRequestPath(root: string, url: string): string | undefined {
  const pathPart = url.split("?")[0].split("#")[0];
  let decoded: string;
  try {
    decoded = decodeURIComponent(pathPart);
  } catch {
    return undefined;
  }
  if (!decoded.startsWith("/") || decoded.includes("\0") || decoded.includes("\\")) return undefined;
  const segments = decoded.split("/").filter((s) => s.length > 0);
  if (segments.some((s) => s === ".." || s === ".")) return undefined;
  if (segments.length === 0) segments.push("index.html");
  const file = resolve(root, ...segments);
  const inside = relative(root, file);
  if (inside.startsWith("..") || isAbsolute(inside) || inside.split(sep).includes("..")) return undefined;
  return file;
}

function answer(res: ServerResponse, status: number, text: string): void {
  res.writeHead(status, { ...SECURITY_HEADERS, "Content-Type": "text/plain; charset=utf-8" });
  res.end(`${text}\n`);
}

function handle(root: string, req: IncomingMessage, res: ServerResponse): void {
  if (req.method !== "GET" && req.method !== "HEAD") {
    res.setHeader("Allow", "GET, HEAD");
    answer(res, 405, "method not allowed");
    return;
  }
  const file = resolveRequestPath(root, req.url ?? "/");
  if (!file) {
    answer(res, 400, "bad path");
    return;
  }
  let size = -1;
  try {
    const stat = statSync(file);
    if (stat.isFile()) size = stat.size;
  } catch {
    // missing: answered below
  }
  if (size < 0) {
    answer(res, 404, "not found");
    return;
  }
  const immutable = file.startsWith(join(root, "assets") + sep);
  res.writeHead(200, {
    ...SECURITY_HEADERS,
    "Content-Type": TYPES[extname(file).toLowerCase()] ?? "application/octet-stream",
    "Content-Length": size,
    "Cache-Control": immutable ? "public, max-age=31536000, immutable" : "no-cache",
  });
  if (req.method === "HEAD") res.end();
  else createReadStream(file).pipe(res);
}

export interface RunningServer {
  url: string;
  server: Server;
  close(): Promise<void>;
}

/** Serves the files of `root` (the built web app) and nothing else. Port 0 picks a free port. */
export function startServer(options: { root: string; host?: string; port?: number }): Promise<RunningServer> {
  const root = resolve(options.root);
  const host = options.host ?? "127.0.0.1";
  const server = createServer((req, res) => handle(root, req, res));
  return new Promise((resolvePromise, reject) => {
    server.once("error", reject);
    server.listen(options.port ?? 8080, host, () => {
      const { port } = server.address() as AddressInfo;
      const shown = host.includes(":") ? `[${host}]` : host;
      resolvePromise({
        url: `http://${shown}:${port}/`,
        server,
        close: () => new Promise((done) => server.close(() => done())),
      });
    });
  });
}
