import { type ChildProcess, spawn } from "node:child_process";
import { randomBytes } from "node:crypto";
import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, writeFileSync } from "node:fs";
import { request } from "node:http";
import { connect } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { brotliDecompressSync, gunzipSync } from "node:zlib";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { precompressFolder } from "./precompress.ts";
import {
  normaliseRange,
  type RunningServer,
  resolveRequestPath,
  SECURITY_HEADERS,
  startServer,
} from "./serve.ts";

const base = mkdtempSync(join(tmpdir(), "tsol-serve-"));
const root = join(base, "web");
mkdirSync(join(root, "assets"), { recursive: true });
writeFileSync(join(root, "index.html"), "<!doctype html><title>tsol</title>");
writeFileSync(join(root, "assets", "app-1234.js"), "console.log(1)");
/** Text that compresses, big enough to be worth it. */
const BIG_JS = Array.from({ length: 4000 }, (_, i) => `export const value${i} = ${i} * 2;`).join("\n");
writeFileSync(join(root, "assets", "big-5678.js"), BIG_JS);
/** A download big enough to be still in flight when a client walks away from it. */
writeFileSync(join(root, "assets", "large-9abc.bin"), randomBytes(8 * 1024 * 1024));
writeFileSync(join(root, ".hidden"), "a dotfile");
writeFileSync(join(base, "secret.txt"), "outside the build folder");
precompressFolder(root);

interface Answer {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  body: Buffer;
  text: string;
}

/** A raw GET: the path goes on the wire exactly as given, unlike fetch, which normalises dots away. */
function get(server: RunningServer, path: string, method = "GET", headers: Record<string, string> = {}) {
  const { port } = new URL(server.url);
  return new Promise<Answer>((done, fail) => {
    const req = request({ host: "127.0.0.1", port, path, method, headers }, (res) => {
      const chunks: Buffer[] = [];
      res.on("data", (chunk: Buffer) => chunks.push(chunk));
      res.on("end", () => {
        const body = Buffer.concat(chunks);
        done({ status: res.statusCode ?? 0, headers: res.headers, body, text: body.toString("utf8") });
      });
    });
    req.on("error", fail);
    req.end();
  });
}

/** Bytes written straight to the socket, for requests Node's parser refuses before any handler runs. */
function raw(server: RunningServer, bytes: string): Promise<string> {
  const { port } = new URL(server.url);
  return new Promise((done, fail) => {
    const socket = connect(Number(port), "127.0.0.1", () => socket.write(bytes));
    let text = "";
    socket.on("data", (chunk) => {
      text += chunk.toString("latin1");
    });
    socket.on("close", () => done(text));
    socket.on("error", (error: NodeJS.ErrnoException) =>
      error.code === "ECONNRESET" ? done(text) : fail(error),
    );
  });
}

function expectSecurityHeaders(
  answer: { headers: Record<string, string | string[] | undefined> },
  what: string,
) {
  for (const [name, value] of Object.entries(SECURITY_HEADERS)) {
    expect(answer.headers[name.toLowerCase()], `${name} on ${what}`).toBe(value);
  }
}

describe("resolveRequestPath", () => {
  it("maps / to index.html and files to themselves", () => {
    expect(resolveRequestPath(root, "/")).toBe(join(root, "index.html"));
    expect(resolveRequestPath(root, "/assets/app-1234.js?v=1")).toBe(join(root, "assets", "app-1234.js"));
  });

  it("refuses every way out of the folder", () => {
    for (const bad of [
      "/../secret.txt",
      "/%2e%2e/secret.txt",
      "/%2E%2E%2Fsecret.txt",
      "/assets/../../secret.txt",
      "/..%5csecret.txt",
      "/%00index.html",
      "/%zz",
      "//etc/passwd/..",
      "relative/path",
      "/./index.html",
    ]) {
      expect(resolveRequestPath(root, bad), bad).toBeUndefined();
    }
  });
});

describe("the web server", () => {
  let server: RunningServer;
  beforeAll(async () => {
    server = await startServer({ root, port: 0 });
  });
  afterAll(() => server.close());

  it("listens on loopback and serves the app with security headers", async () => {
    expect(server.url).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/$/);
    const page = await get(server, "/");
    expect(page.status).toBe(200);
    expect(page.text).toContain("<title>tsol</title>");
    expect(page.headers["content-type"]).toBe("text/html; charset=utf-8");
    expect(page.headers["content-security-policy"]).toContain("default-src 'self'");
    expect(page.headers["content-security-policy"]).toContain("frame-ancestors 'none'");
    expect(page.headers["x-content-type-options"]).toBe("nosniff");
    expect(page.headers["x-frame-options"]).toBe("DENY");
    const script = await get(server, "/assets/app-1234.js");
    expect(script.headers["cache-control"]).toContain("immutable");
  });

  it("refuses path traversal, raw and encoded, without reading outside the folder", async () => {
    for (const path of [
      "/../secret.txt",
      "/%2e%2e/secret.txt",
      "/%2e%2e%2fsecret.txt",
      "/assets/%2e%2e/%2e%2e/secret.txt",
    ]) {
      const res = await get(server, path);
      expect(res.status, path).toBe(400);
      expect(res.text).not.toContain("outside the build folder");
      expectSecurityHeaders(res, path);
    }
  });

  it("lists no directories and answers 404 for what is not there", async () => {
    expect((await get(server, "/assets/")).status).toBe(404);
    expect((await get(server, "/assets")).status).toBe(404);
    expect((await get(server, "/nothing.js")).status).toBe(404);
    expect((await get(server, "/index")).status).toBe(404);
    expect((await get(server, "/.hidden")).status).toBe(404);
    expectSecurityHeaders(await get(server, "/nothing.js"), "a 404");
  });

  it("allows only GET and HEAD", async () => {
    const post = await get(server, "/", "POST");
    expect(post.status).toBe(405);
    expect(post.headers.allow).toBe("GET, HEAD");
    expectSecurityHeaders(post, "a 405");
    const head = await get(server, "/", "HEAD");
    expect(head.status).toBe(200);
    expect(head.text).toBe("");
  });

  it("answers a conditional request with 304 when the ETag matches", async () => {
    const first = await get(server, "/assets/app-1234.js");
    const etag = first.headers.etag as string;
    expect(etag).toBeTruthy();
    const again = await get(server, "/assets/app-1234.js", "GET", { "If-None-Match": etag });
    expect(again.status).toBe(304);
    expect(again.body.length).toBe(0);
    expectSecurityHeaders(again, "a 304");
    expect((await get(server, "/assets/app-1234.js", "GET", { "If-None-Match": 'W/"other"' })).status).toBe(
      200,
    );
  });

  it("answers byte ranges: a range, a suffix, open-ended, several (whole file), past the end (416)", async () => {
    const part = await get(server, "/assets/big-5678.js", "GET", {
      Range: "bytes=10-19",
      "Accept-Encoding": "br",
    });
    expect(part.status).toBe(206);
    expect(part.text).toBe(BIG_JS.slice(10, 20));
    expect(part.headers["content-range"]).toBe(`bytes 10-19/${BIG_JS.length}`);
    expect(part.headers["content-encoding"]).toBeUndefined();
    expectSecurityHeaders(part, "a 206");
    const suffix = await get(server, "/assets/big-5678.js", "GET", { Range: "bytes=-7" });
    expect(suffix.status).toBe(206);
    expect(suffix.text).toBe(BIG_JS.slice(-7));
    const open = await get(server, "/assets/big-5678.js", "GET", { Range: `bytes=${BIG_JS.length - 3}-` });
    expect(open.text).toBe(BIG_JS.slice(-3));
    const several = await get(server, "/assets/big-5678.js", "GET", { Range: "bytes=0-1,5-6" });
    expect(several.status).toBe(200);
    expect(several.text).toBe(BIG_JS);
    for (const bad of ["bytes=9-2", "bytes=abc", "lines=1-2", "bytes=0-0"]) {
      const r = await get(server, "/assets/big-5678.js", "GET", { Range: bad });
      expect(r.status, bad).toBe(200);
      expect(r.text, bad).toBe(BIG_JS);
    }
    const past = await get(server, "/assets/big-5678.js", "GET", { Range: `bytes=${BIG_JS.length}-` });
    expect(past.status).toBe(416);
    expect(past.headers["content-range"]).toBe(`bytes */${BIG_JS.length}`);
    expectSecurityHeaders(past, "a 416");
  });

  it("serves the build's brotli and gzip copies to clients that take them, the file itself to others", async () => {
    const br = await get(server, "/assets/big-5678.js", "GET", { "Accept-Encoding": "gzip, deflate, br" });
    expect(br.headers["content-encoding"]).toBe("br");
    expect(br.headers["content-type"]).toBe("text/javascript; charset=utf-8");
    expect(br.headers.vary).toBe("Accept-Encoding");
    expect(br.body.length).toBeLessThan(BIG_JS.length / 3);
    expect(brotliDecompressSync(br.body).toString("utf8")).toBe(BIG_JS);
    const gz = await get(server, "/assets/big-5678.js", "GET", { "Accept-Encoding": "gzip" });
    expect(gz.headers["content-encoding"]).toBe("gzip");
    expect(gunzipSync(gz.body).toString("utf8")).toBe(BIG_JS);
    const plain = await get(server, "/assets/big-5678.js");
    expect(plain.headers["content-encoding"]).toBeUndefined();
    expect(plain.text).toBe(BIG_JS);
    expectSecurityHeaders(br, "a compressed answer");
  });

  it("issue 36: CONNECT got no answer at all (the socket was closed); it gets 405 with the security headers", async () => {
    const answer = await raw(server, "CONNECT example.com:443 HTTP/1.1\r\nHost: example.com:443\r\n\r\n");
    expect(answer).toMatch(/^HTTP\/1\.1 405 Method Not Allowed\r\n/);
    expect(answer).toContain("Allow: GET, HEAD\r\n");
    for (const [name, value] of Object.entries(SECURITY_HEADERS))
      expect(answer).toContain(`${name}: ${value}\r\n`);
    expect(answer).toMatch(/\r\n\r\nmethod not allowed\n$/);
    // The server is still there.
    expect((await get(server, "/")).status).toBe(200);
  });

  it("puts the security headers on the 400 and 431 answers Node writes itself", async () => {
    const garbage = await raw(server, "NOT HTTP AT ALL\r\n\r\n");
    expect(garbage).toMatch(/^HTTP\/1\.1 400 Bad Request\r\n/);
    expect(garbage).toContain(`Content-Security-Policy: ${SECURITY_HEADERS["Content-Security-Policy"]}\r\n`);
    expect(garbage).toContain("X-Frame-Options: DENY\r\n");
    const huge = await raw(server, `GET / HTTP/1.1\r\nHost: x\r\nX-Big: ${"a".repeat(40_000)}\r\n\r\n`);
    expect(huge).toMatch(/^HTTP\/1\.1 431 Request Header Fields Too Large\r\n/);
    expect(huge).toContain("X-Content-Type-Options: nosniff\r\n");
    // The server is still there.
    expect((await get(server, "/")).status).toBe(200);
  });
});

describe("normaliseRange", () => {
  it("hands sirv only one range it reads right", () => {
    expect(normaliseRange("bytes=0-9", 100)).toBe("bytes=0-9");
    expect(normaliseRange("bytes=90-200", 100)).toBe("bytes=90-99");
    expect(normaliseRange("bytes=-10", 100)).toBe("bytes=90-99");
    expect(normaliseRange("bytes=-1000", 100)).toBe("bytes=0-99");
    expect(normaliseRange("bytes=5-", 100)).toBe("bytes=5-99");
    expect(normaliseRange("bytes=100-", 100)).toBe("unsatisfiable");
    expect(normaliseRange("bytes=-0", 100)).toBe("unsatisfiable");
    expect(normaliseRange("bytes=0-", 0)).toBe("unsatisfiable");
    for (const ignored of ["bytes=-", "bytes=5-1", "bytes=1-2,4-5", "items=1-2", "bytes=0-0"]) {
      expect(normaliseRange(ignored, 100), ignored).toBeUndefined();
    }
  });
});

describe("precompressFolder", () => {
  it("writes smaller gzip and brotli copies of text files only", () => {
    expect(existsSync(join(root, "assets", "big-5678.js.br"))).toBe(true);
    expect(existsSync(join(root, "assets", "big-5678.js.gz"))).toBe(true);
    expect(brotliDecompressSync(readFileSync(join(root, "assets", "big-5678.js.br"))).toString()).toBe(
      BIG_JS,
    );
    // Too small to gain, or not text: no copies.
    expect(existsSync(join(root, "assets", "app-1234.js.gz"))).toBe(false);
    expect(existsSync(join(root, "assets", "large-9abc.bin.gz"))).toBe(false);
  });
});

const ROOT = fileURLToPath(new URL("../..", import.meta.url));
const SERVE = fileURLToPath(new URL("./serve.ts", import.meta.url));

/** The server in a process of its own under a small file-handle limit, as a client that walks away would meet it. */
function serveWithFewHandles(
  limit: number,
): Promise<{ child: ChildProcess; url: string; errors: () => string }> {
  const script = `const { startServer } = await import(${JSON.stringify(SERVE)});
const running = await startServer({ root: ${JSON.stringify(root)}, port: 0 });
console.log(running.url);`;
  const child = spawn(
    "bash",
    [
      "-c",
      `ulimit -n ${limit} && exec "$0" --import tsx --input-type=module -e "$1"`,
      process.execPath,
      script,
    ],
    {
      cwd: ROOT,
      stdio: ["ignore", "pipe", "pipe"],
    },
  );
  let stderr = "";
  child.stderr?.on("data", (chunk) => {
    stderr += chunk;
  });
  return new Promise((done, fail) => {
    let out = "";
    child.stdout?.on("data", (chunk) => {
      out += chunk;
      const url = /http:\/\/\S+/.exec(out)?.[0];
      if (url) done({ child, url, errors: () => stderr });
    });
    child.on("exit", (code) => fail(new Error(`the server exited (${code}): ${stderr}`)));
  });
}

/** Starts a download and walks away once the first bytes arrive. */
function abandon(url: string): Promise<void> {
  return new Promise((done) => {
    const req = request(new URL("/assets/large-9abc.bin", url), (res) => {
      res.once("data", () => {
        req.destroy();
        done();
      });
      res.on("error", () => done());
    });
    req.on("error", () => done());
    req.end();
  });
}

describe("issue 15 regression: abandoned downloads leaked a file handle each until the server died of EMFILE", () => {
  it("400 downloads abandoned mid-body under `ulimit -n 128`, and / is still served", async () => {
    const { child, url, errors } = await serveWithFewHandles(128);
    try {
      const handles = () => readdirSync(`/proc/${child.pid}/fd`).length;
      const before = handles();
      for (let i = 0; i < 400; i += 20) await Promise.all(Array.from({ length: 20 }, () => abandon(url)));
      const page = await new Promise<number>((done, fail) => {
        request(url, (res) => {
          res.resume();
          res.on("end", () => done(res.statusCode ?? 0));
        })
          .on("error", fail)
          .end();
      });
      expect(page).toBe(200);
      // Every abandoned file was closed: the process holds about what it held before.
      await new Promise((r) => setTimeout(r, 200));
      expect(handles()).toBeLessThan(before + 10);
      expect(errors()).not.toMatch(/EMFILE/);
      expect(child.exitCode).toBeNull();
    } finally {
      child.kill();
    }
  });
});
