import { mkdirSync, mkdtempSync, rmSync, symlinkSync, writeFileSync } from "node:fs";
import http from "node:http";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type StaticServer, startStaticServer } from "./static-server";

const REPO = resolve(fileURLToPath(new URL("../..", import.meta.url)));
const FIXTURES = join(REPO, "test/fixtures/autopagerize");

/** Raw GET: `http.request` sends the path verbatim (no `..` normalisation, unlike fetch). */
function get(port: number, path: string): Promise<{ status: number; type?: string; body: string }> {
  return new Promise((res, rej) => {
    const req = http.request({ host: "127.0.0.1", port, path, method: "GET" }, (r) => {
      const chunks: Buffer[] = [];
      r.on("data", (c: Buffer) => chunks.push(c));
      r.on("end", () =>
        res({
          status: r.statusCode ?? 0,
          type: r.headers["content-type"],
          body: Buffer.concat(chunks).toString("utf8"),
        }),
      );
    });
    req.on("error", rej);
    req.end();
  });
}

describe("static server", () => {
  let server: StaticServer;
  beforeAll(async () => {
    server = await startStaticServer(FIXTURES);
  });
  afterAll(async () => {
    await server.close();
  });

  it("reports its origin", () => {
    expect(server.origin).toBe(`http://127.0.0.1:${server.port}`);
  });

  it("serves XHTML as application/xhtml+xml", async () => {
    const r = await get(server.port, "/xhtml/page1.xhtml");
    expect(r.status).toBe(200);
    expect(r.type).toBe("application/xhtml+xml; charset=utf-8");
    expect(r.body).toContain('xmlns="http://www.w3.org/1999/xhtml"');
    expect(r.body).toContain('<a rel="next" href="page2.xhtml">');
  });

  it("serves HTML as text/html", async () => {
    const r = await get(server.port, "/html/page2.html?from=test");
    expect(r.status).toBe(200);
    expect(r.type).toBe("text/html; charset=utf-8");
    expect(r.body).toContain("Notes from page 2");
    expect(r.body).not.toContain('rel="next"');
  });

  it("answers 404 for missing files and index-less directories", async () => {
    expect((await get(server.port, "/html/page3.html")).status).toBe(404);
    expect((await get(server.port, "/")).status).toBe(404); // no index.html in the fixtures
  });

  it("rejects path traversal, encoded or not", async () => {
    for (const path of [
      "/../package.json",
      "/html/../../../package.json",
      "/%2e%2e/%2e%2e/%2e%2e/package.json",
      "/html/..%2f..%2f..%2fpackage.json",
      "/html/..%5c..%5cpackage.json",
    ]) {
      const r = await get(server.port, path);
      expect(r.status, path).toBe(403);
      expect(r.body, path).not.toContain('"name": "tsugi"');
    }
  });

  it("logs requests", async () => {
    const before = server.requests.length;
    await get(server.port, "/xhtml/page2.xhtml");
    expect(server.requests.slice(before)).toEqual([
      { method: "GET", path: "/xhtml/page2.xhtml", status: 200 },
    ]);
  });
});

describe("static server: symlinks", () => {
  it("refuses a symlink that leads outside the root", async () => {
    const base = mkdtempSync(join(tmpdir(), "tsugi-static-"));
    const root = join(base, "root");
    const outside = join(base, "outside");
    mkdirSync(root);
    mkdirSync(outside);
    writeFileSync(join(root, "ok.html"), "<p>ok</p>");
    writeFileSync(join(outside, "secret.txt"), "secret");
    symlinkSync(outside, join(root, "out"));
    const server = await startStaticServer(root);
    try {
      expect((await get(server.port, "/ok.html")).body).toBe("<p>ok</p>");
      const r = await get(server.port, "/out/secret.txt");
      expect(r.status).toBe(403);
      expect(r.body).not.toContain("secret");
    } finally {
      await server.close();
      rmSync(base, { recursive: true, force: true });
    }
  });
});

describe("static server: demo site", () => {
  it("serves index.html for / and the stylesheet as text/css", async () => {
    const server = await startStaticServer(join(REPO, "demo/site"));
    try {
      const index = await get(server.port, "/");
      expect(index.status).toBe(200);
      expect(index.type).toBe("text/html; charset=utf-8");
      expect(index.body).toContain('<nav class="pagination"');
      expect(index.body).toContain('<a class="next" href="page-2.html">');
      const css = await get(server.port, "/style.css");
      expect(css).toMatchObject({ status: 200, type: "text/css; charset=utf-8" });
      const last = await get(server.port, "/page-4.html");
      expect(last.body).not.toContain("Next ›");
    } finally {
      await server.close();
    }
  });

  it("rejects a root that is not a directory", async () => {
    await expect(startStaticServer(join(REPO, "no-such-dir"))).rejects.toThrow(/not a directory/);
  });
});
