/**
 * A minimal static file server for test fixtures and the demo site (127.0.0.1 only).
 */
import { readFile, realpath, stat } from "node:fs/promises";
import http from "node:http";
import { extname, isAbsolute, join, relative, resolve, sep } from "node:path";
import { listenOn } from "./listen";

/** One request the static server answered. */
export interface StaticRequest {
  /** HTTP method, e.g. `GET`. */
  method: string;
  /** Request target as received (path and query), e.g. `/xhtml/page1.xhtml`. */
  path: string;
  /** Status code sent (200, 403, 404, 405, 500). */
  status: number;
}

/** A running static server; see {@link startStaticServer}. */
export interface StaticServer {
  /** TCP port it listens on. */
  port: number;
  /** `http://<host>:<port>`, e.g. `http://127.0.0.1:41234` (no trailing slash). */
  origin: string;
  /** Every request answered so far, in order (appended to live). */
  requests: StaticRequest[];
  /** Stops listening and closes open connections. Resolves when closed. */
  close(): Promise<void>;
}

const MIME_BY_EXT: Readonly<Record<string, string>> = {
  ".html": "text/html; charset=utf-8",
  ".htm": "text/html; charset=utf-8",
  ".xhtml": "application/xhtml+xml; charset=utf-8",
  ".xml": "application/xml; charset=utf-8",
  ".css": "text/css; charset=utf-8",
  ".js": "text/javascript; charset=utf-8",
  ".mjs": "text/javascript; charset=utf-8",
  ".json": "application/json; charset=utf-8",
  ".txt": "text/plain; charset=utf-8",
  ".svg": "image/svg+xml",
  ".png": "image/png",
  ".jpg": "image/jpeg",
  ".jpeg": "image/jpeg",
  ".gif": "image/gif",
  ".ico": "image/x-icon",
  ".webp": "image/webp",
  ".woff2": "font/woff2",
};

/**
 * Serves the files under `rootDir` over plain HTTP.
 *
 * `/` and directory paths serve their `index.html`. Content-Type is chosen by extension
 * (`.html` -> `text/html; charset=utf-8`, `.xhtml` -> `application/xhtml+xml; charset=utf-8`,
 * css/js/json/png/jpeg/gif/svg/ico, unknown -> `application/octet-stream`). Paths with a `..`
 * segment (also percent-encoded), NUL bytes, backslashes, or resolving outside `rootDir`
 * (including through symlinks) answer 403; missing files 404; methods other than GET/HEAD 405.
 *
 * @param rootDir directory to serve (absolute, or relative to the working directory).
 * @param opts.port TCP port, default 0 (a free random port).
 * @param opts.host listen address, default `127.0.0.1`.
 * @returns the running server once listening: `{ port, origin, requests, close }`.
 * @throws Error (rejects) when `rootDir` is not a directory or the port cannot be bound.
 */
export async function startStaticServer(
  rootDir: string,
  opts: { port?: number; host?: string } = {},
): Promise<StaticServer> {
  const root = await realpath(resolve(rootDir)).catch(() => undefined);
  if (root === undefined || !(await stat(root)).isDirectory()) {
    throw new Error(`startStaticServer: not a directory: ${resolve(rootDir)}`);
  }
  const requests: StaticRequest[] = [];

  const server = http.createServer((req, res) => {
    const method = req.method ?? "GET";
    const target = req.url ?? "/";
    const send = (status: number, type: string, body: Buffer | string) => {
      requests.push({ method, path: target, status });
      const buf = typeof body === "string" ? Buffer.from(body) : body;
      res.writeHead(status, {
        "Content-Type": type,
        "Content-Length": String(buf.length),
        "Cache-Control": "no-store",
      });
      res.end(method === "HEAD" ? undefined : buf);
    };
    req.resume();
    if (method !== "GET" && method !== "HEAD") {
      send(405, "text/plain; charset=utf-8", "method not allowed\n");
      return;
    }
    resolveRequest(root, target).then(
      async (r) => {
        if (r.kind === "forbidden") return send(403, "text/plain; charset=utf-8", "forbidden\n");
        if (r.kind === "missing") return send(404, "text/html; charset=utf-8", notFound(target));
        const body = await readFile(r.file);
        send(200, MIME_BY_EXT[extname(r.file).toLowerCase()] ?? "application/octet-stream", body);
      },
      () => send(500, "text/plain; charset=utf-8", "server error\n"),
    );
  });

  const host = opts.host ?? "127.0.0.1";
  const port = await listenOn(server, opts.port ?? 0, host);
  const hostForUrl = host.includes(":") ? `[${host}]` : host;

  let closing: Promise<void> | undefined;
  return {
    port,
    origin: `http://${hostForUrl}:${port}`,
    requests,
    close(): Promise<void> {
      closing ??= new Promise<void>((res) => {
        server.close(() => res());
        server.closeAllConnections();
      });
      return closing;
    },
  };
}

type Resolved = { kind: "file"; file: string } | { kind: "missing" } | { kind: "forbidden" };

async function resolveRequest(root: string, target: string): Promise<Resolved> {
  const rawPath = target.split(/[?#]/, 1)[0] ?? "/";
  let decoded: string;
  try {
    decoded = decodeURIComponent(rawPath);
  } catch {
    return { kind: "forbidden" };
  }
  if (!decoded.startsWith("/") || decoded.includes("\0") || decoded.includes("\\")) {
    return { kind: "forbidden" };
  }
  const segments = decoded.split("/");
  if (segments.some((s) => s === "..")) return { kind: "forbidden" };

  let file = join(root, ...segments.filter((s) => s !== "" && s !== "."));
  if (!inside(root, file)) return { kind: "forbidden" };
  try {
    let real = await realpath(file);
    if (!inside(root, real)) return { kind: "forbidden" };
    if ((await stat(real)).isDirectory()) {
      file = join(real, "index.html");
      real = await realpath(file);
      if (!inside(root, real)) return { kind: "forbidden" };
    }
    if (!(await stat(real)).isFile()) return { kind: "missing" };
    return { kind: "file", file: real };
  } catch {
    return { kind: "missing" };
  }
}

function inside(root: string, p: string): boolean {
  const rel = relative(root, p);
  return rel === "" || (!rel.startsWith(`..${sep}`) && rel !== ".." && !isAbsolute(rel));
}

function notFound(target: string): string {
  const esc = target.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
  return `<!DOCTYPE html>\n<html><head><meta charset="utf-8"><title>404 Not Found</title></head><body><h1>404 Not Found</h1><p>${esc}</p></body></html>\n`;
}
