import { mkdirSync, mkdtempSync, writeFileSync } from "node:fs";
import { request } from "node:http";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type RunningServer, resolveRequestPath, startServer } from "./serve.ts";

const base = mkdtempSync(join(tmpdir(), "tsol-serve-"));
const root = join(base, "web");
mkdirSync(join(root, "assets"), { recursive: true });
writeFileSync(join(root, "index.html"), "<!doctype html><title>tsol</title>");
writeFileSync(join(root, "assets", "app-1234.js"), "console.log(1)");
writeFileSync(join(base, "secret.txt"), "outside the build folder");

/** A raw GET: the path goes on the wire exactly as given, unlike fetch, which normalises dots away. */
function get(server: RunningServer, path: string, method = "GET") {
  const { port } = new URL(server.url);
  return new Promise<{
    status: number;
    headers: Record<string, string | string[] | undefined>;
    body: string;
  }>((done, fail) => {
    const req = request({ host: "127.0.0.1", port, path, method }, (res) => {
      let body = "";
      res.on("data", (chunk) => {
        body += chunk;
      });
      res.on("end", () => done({ status: res.statusCode ?? 0, headers: res.headers, body }));
    });
    req.on("error", fail);
    req.end();
  });
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
    expect(page.body).toContain("<title>tsol</title>");
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
      expect(res.body).not.toContain("outside the build folder");
    }
  });

  it("lists no directories and answers 404 for what is not there", async () => {
    expect((await get(server, "/assets/")).status).toBe(404);
    expect((await get(server, "/assets")).status).toBe(404);
    expect((await get(server, "/nothing.js")).status).toBe(404);
  });

  it("allows only GET and HEAD", async () => {
    const post = await get(server, "/", "POST");
    expect(post.status).toBe(405);
    expect(post.headers.allow).toBe("GET, HEAD");
    const head = await get(server, "/", "HEAD");
    expect(head.status).toBe(200);
    expect(head.body).toBe("");
  });
});
