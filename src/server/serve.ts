import { statSync } from "node:fs";
import {
  createServer,
  type IncomingMessage,
  type Server,
  type ServerResponse,
  STATUS_CODES,
} from "node:http";
import type { AddressInfo } from "node:net";
import { extname, isAbsolute, join, relative, resolve, sep } from "node:path";
import type { Duplex, Readable } from "node:stream";
import sirv from "sirv";

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

function answer(
  res: ServerResponse,
  status: number,
  text: string,
  headers: Record<string, string> = {},
): void {
  res.writeHead(status, { ...SECURITY_HEADERS, ...headers, "Content-Type": "text/plain; charset=utf-8" });
  res.end(`${text}\n`);
}

/**
 * sirv pipes a file stream into the answer and leaves it open when the client goes away (every abandoned download
 * kept a file handle until the process ran out of them), and a read error had no handler. The 'pipe' event hands
 * us that stream: it is closed with the answer, and a read error ends the answer.
 */
function closeFileWithAnswer(res: ServerResponse): void {
  res.once("pipe", (source: Readable) => {
    source.once("error", () => res.destroy());
    res.once("close", () => source.destroy());
  });
}

/**
 * A byte range sirv can serve as asked: one range, in the form `bytes=first-last`, within the file. Returns the
 * header to hand on, undefined to ignore a range we do not serve (several ranges, bad syntax: the whole file is
 * sent, as RFC 9110 allows), or "unsatisfiable" when it starts past the end.
 */
export function normaliseRange(header: string, size: number): string | undefined | "unsatisfiable" {
  const match = /^bytes=(\d*)-(\d*)$/.exec(header.trim());
  if (!match || (match[1] === "" && match[2] === "")) return undefined;
  let first: number;
  let last: number;
  if (match[1] === "") {
    const suffix = Number(match[2]);
    if (suffix === 0) return "unsatisfiable";
    first = Math.max(0, size - suffix);
    last = size - 1;
  } else {
    first = Number(match[1]);
    last = match[2] === "" ? size - 1 : Math.min(Number(match[2]), size - 1);
    if (match[2] !== "" && Number(match[2]) < first) return undefined;
  }
  if (first >= size || last < first) return "unsatisfiable";
  // sirv reads a last position of 0 as "to the end", so bytes=0-0 gets the whole file, as ignoring it would.
  if (last === 0) return undefined;
  return `bytes=${first}-${last}`;
}

function canonicalPath(root: string, file: string): string {
  return `/${relative(root, file).split(sep).map(encodeURI).join("/")}`;
}

/**
 * The request handler: our guarantees (methods, traversal refused before the file system is asked, security
 * headers on every answer, content types, caching) around sirv, which serves the files found in `root` when the
 * server starts (never anything else), with ETag and 304, byte ranges, and the gzip and brotli copies the build
 * wrote beside them.
 */
export function createHandler(rootFolder: string): (req: IncomingMessage, res: ServerResponse) => void {
  const root = resolve(rootFolder);
  const files = sirv(root, {
    dev: false,
    etag: true,
    gzip: true,
    brotli: true,
    dotfiles: false,
    extensions: [],
    onNoMatch: (_req, res) => answer(res, 404, "not found"),
  });
  return (req, res) => {
    try {
      for (const [name, value] of Object.entries(SECURITY_HEADERS)) res.setHeader(name, value);
      if (req.method !== "GET" && req.method !== "HEAD") {
        answer(res, 405, "method not allowed", { Allow: "GET, HEAD" });
        return;
      }
      const file = resolveRequestPath(root, req.url ?? "/");
      if (!file) {
        answer(res, 400, "bad path");
        return;
      }
      res.setHeader("Content-Type", TYPES[extname(file).toLowerCase()] ?? "application/octet-stream");
      const immutable = file.startsWith(join(root, "assets") + sep);
      res.setHeader("Cache-Control", immutable ? "public, max-age=31536000, immutable" : "no-cache");
      res.setHeader("Accept-Ranges", "bytes");
      const range = req.headers.range;
      if (range !== undefined) {
        // A range is served from the file as it is, not from a compressed copy.
        delete req.headers["accept-encoding"];
        let size = -1;
        try {
          const stat = statSync(file);
          if (stat.isFile()) size = stat.size;
        } catch {
          // missing: sirv answers 404
        }
        const asked = size < 0 ? undefined : normaliseRange(range, size);
        if (asked === "unsatisfiable") {
          answer(res, 416, "range not satisfiable", { "Content-Range": `bytes */${size}` });
          return;
        }
        if (asked === undefined) delete req.headers.range;
        else req.headers.range = asked;
      }
      // sirv looks up exactly the file checked above.
      req.url = canonicalPath(root, file);
      closeFileWithAnswer(res);
      files(req, res);
    } catch {
      if (!res.headersSent) answer(res, 500, "server error");
      else res.destroy();
    }
  };
}

/** Node answers requests it cannot parse (400, 431 headers too large, 408) itself; these carry our headers too. */
function answerClientError(error: Error & { code?: string }, socket: Duplex): void {
  if (error.code === "ECONNRESET" || !socket.writable) {
    socket.destroy();
    return;
  }
  const status =
    error.code === "HPE_HEADER_OVERFLOW"
      ? 431
      : error.code === "ERR_HTTP_REQUEST_TIMEOUT"
        ? 408
        : error.code === "HPE_URI_TOO_LONG"
          ? 414
          : 400;
  socket.end(
    `HTTP/1.1 ${status} ${STATUS_CODES[status]}\r\n${securityHeaderLines()}Content-Length: 0\r\nConnection: close\r\n\r\n`,
  );
}

/** The security headers as lines of an answer written straight to a socket. */
function securityHeaderLines(): string {
  return Object.entries(SECURITY_HEADERS)
    .map(([name, value]) => `${name}: ${value}\r\n`)
    .join("");
}

/**
 * CONNECT never reaches the request handler: Node hands it to 'connect' listeners and, with none, closes the
 * socket without a word. It gets the 405 every other method but GET and HEAD gets, with the security headers.
 */
function answerConnect(_req: IncomingMessage, socket: Duplex): void {
  socket.on("error", () => socket.destroy());
  const body = "method not allowed\n";
  socket.end(
    `HTTP/1.1 405 ${STATUS_CODES[405]}\r\n${securityHeaderLines()}Allow: GET, HEAD\r\n` +
      `Content-Type: text/plain; charset=utf-8\r\nContent-Length: ${Buffer.byteLength(body)}\r\n` +
      `Connection: close\r\n\r\n${body}`,
  );
}

export interface RunningServer {
  url: string;
  server: Server;
  close(): Promise<void>;
}

/** Serves the files of `root` (the built web app) and nothing else. Port 0 picks a free port. */
export function startServer(options: { root: string; host?: string; port?: number }): Promise<RunningServer> {
  const host = options.host ?? "127.0.0.1";
  const handler = createHandler(options.root);
  const server = createServer(
    { headersTimeout: 20_000, requestTimeout: 30_000, maxHeaderSize: 16_384 },
    handler,
  );
  server.on("clientError", answerClientError);
  server.on("connect", answerConnect);
  return new Promise((resolvePromise, reject) => {
    server.once("error", reject);
    server.listen(options.port ?? 8080, host, () => {
      const { port } = server.address() as AddressInfo;
      const shown = host.includes(":") ? `[${host}]` : host;
      resolvePromise({
        url: `http://${shown}:${port}/`,
        server,
        close: () =>
          new Promise((done) => {
            server.close(() => done());
            server.closeAllConnections();
          }),
      });
    });
  });
}
