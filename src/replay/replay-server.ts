/**
 * Offline replay of a corpus capture at its original URLs.
 *
 * Chromium is launched with `--host-resolver-rules="MAP * 127.0.0.1:PORT"` (see
 * {@link hostResolverRules}), so every host name resolves to this one server; the `Host`
 * header plus the request target identify the original URL, which is looked up in the case's
 * `url_map`. The same port speaks plain HTTP and TLS (HSTS-preloaded hosts such as
 * nytimes.com, and Chromium's automatic HTTPS upgrades, arrive over TLS): the first byte of
 * each connection decides (0x16 = TLS handshake record). TLS uses a committed, test-only
 * self-signed certificate, so Chromium must run with `--ignore-certificate-errors`.
 */
import { readFileSync } from "node:fs";
import { readFile, realpath, stat } from "node:fs/promises";
import http from "node:http";
import https from "node:https";
import net from "node:net";
import { basename, extname, isAbsolute, join, relative, sep } from "node:path";
import type { TLSSocket } from "node:tls";
import { listenOn } from "../serve/listen";
import { type ReplayCase, readCase, repoRoot } from "./cases";

/** One request the replay server answered. */
export interface ReplayRequest {
  /** HTTP method, e.g. `GET`. */
  method: string;
  /** Absolute URL as requested: scheme (`http` or `https`, by transport) + `Host` + target. */
  url: string;
  /** Status code sent: 200 (captured), 404 (never captured), 405 (not GET/HEAD), 500. */
  status: number;
  /** `Sec-Fetch-Dest` request header when present (`document`, `image`, `empty`, ...). */
  secFetchDest?: string;
  /** `Sec-Fetch-Mode` request header when present (`navigate`, `cors`, `no-cors`, ...). */
  secFetchMode?: string;
  /** `Date.now()` when the response was sent. */
  time: number;
}

/** A running replay server; see {@link startReplayServer}. */
export interface ReplayServer {
  /** The TCP port it listens on (HTTP and TLS on the same port). */
  port: number;
  /** The case being replayed. */
  case: ReplayCase;
  /** Every request answered so far, in order (the array is appended to live). */
  requests: ReplayRequest[];
  /** Stops listening and destroys open (keep-alive) connections. Resolves when closed. */
  close(): Promise<void>;
}

/** Looks captured URLs up the way the live site would have answered them. */
export interface UrlIndex {
  /**
   * @param url absolute http(s) URL as requested.
   * @returns the absolute path of the captured file, or `undefined` if never captured.
   */
  lookup(url: string): string | undefined;
}

/**
 * Query parameters that only count redirects (e.g. nytimes' `_r=1` became `_r=2` after a
 * login redirect during capture): ignored when comparing query strings.
 */
const REDIRECT_COUNTER_PARAMS: ReadonlySet<string> = new Set(["_r"]);

const MIME_BY_EXT: Readonly<Record<string, string>> = {
  // No charset on HTML: the page's own <meta charset> (or BOM) must decide, as on the live site.
  ".html": "text/html",
  ".htm": "text/html",
  ".xhtml": "application/xhtml+xml",
  ".css": "text/css",
  ".js": "text/javascript",
  ".mjs": "text/javascript",
  ".json": "application/json",
  ".xml": "application/xml",
  ".txt": "text/plain",
  ".png": "image/png",
  ".jpg": "image/jpeg",
  ".jpeg": "image/jpeg",
  ".gif": "image/gif",
  ".svg": "image/svg+xml",
  ".ico": "image/x-icon",
  ".webp": "image/webp",
  ".woff": "font/woff",
  ".woff2": "font/woff2",
  ".swf": "application/x-shockwave-flash",
};

// From the repo root, not this module: bin/tsugi bundles this file elsewhere.
const certDir = () => join(repoRoot(), "src", "replay", "certs");
let tlsMaterial: { key: Buffer; cert: Buffer } | undefined;

function loadTlsMaterial(): { key: Buffer; cert: Buffer } {
  tlsMaterial ??= {
    key: readFileSync(join(certDir(), "replay-key.pem")),
    cert: readFileSync(join(certDir(), "replay-cert.pem")),
  };
  return tlsMaterial;
}

/**
 * The value for Chromium's `--host-resolver-rules` flag that sends every host to the server.
 *
 * @param port the replay server's port.
 * @returns `MAP * 127.0.0.1:<port>`.
 * @throws RangeError when `port` is not an integer in 1..65535.
 */
export function hostResolverRules(port: number): string {
  if (!Number.isInteger(port) || port < 1 || port > 65535) {
    throw new RangeError(`hostResolverRules: invalid port ${port}`);
  }
  return `MAP * 127.0.0.1:${port}`;
}

/**
 * Builds the lookup used by the replay server.
 *
 * Rules, in order: (1) exact URL, as written in case.yaml or in its WHATWG-normalised form,
 * with `http` and `https` interchangeable; (2) same host (case-insensitive, port ignored) and
 * percent-decoded path, with query parameters compared as a sorted multiset of decoded
 * name/value pairs (`+` = space) ignoring redirect counters (`_r`), so `?pagewanted=2&_r=1`
 * finds `?_r=2&pagewanted=2`. Fragments never matter. On ties the first key in case.yaml wins.
 *
 * @param replayCase a case from {@link readCase}.
 * @returns an index with `lookup(url)`; it never throws (an unparsable URL finds nothing).
 */
export function buildUrlIndex(replayCase: ReplayCase): UrlIndex {
  const exact = new Map<string, string>();
  const loose = new Map<string, string>();
  const addOnce = (m: Map<string, string>, k: string, v: string) => {
    if (!m.has(k)) m.set(k, v);
  };
  for (const [key, file] of replayCase.urlMap) {
    addOnce(exact, withoutScheme(key), file);
  }
  for (const [key, file] of replayCase.urlMap) {
    const u = parseUrl(key);
    if (!u) continue;
    u.hash = "";
    addOnce(exact, withoutScheme(u.href), file);
    addOnce(loose, looseKey(u), file);
  }
  return {
    lookup(url: string): string | undefined {
      const hit = exact.get(withoutScheme(stripFragment(url)));
      if (hit !== undefined) return hit;
      const u = parseUrl(url);
      if (!u) return undefined;
      u.hash = "";
      return exact.get(withoutScheme(u.href)) ?? loose.get(looseKey(u));
    },
  };
}

/**
 * Starts a replay server for one capture case on 127.0.0.1.
 *
 * @param caseDirOrName a case name under `<corpus>/multipage/` (e.g. `"arstechnica-002"`) or a
 *   case directory path; see {@link readCase}.
 * @param opts.port TCP port, default 0 (a free random port).
 * @param opts.host listen address, default `127.0.0.1`.
 * @returns a {@link ReplayServer} once listening. Captured URLs answer 200 with the file's
 *   bytes; anything else 404 with a small HTML body; methods other than GET/HEAD 405.
 * @throws Error (rejects) when the case cannot be read ({@link readCase}), the certificate
 *   files are missing, or the port cannot be bound (e.g. `EADDRINUSE`).
 */
export async function startReplayServer(
  caseDirOrName: string,
  opts: { port?: number; host?: string } = {},
): Promise<ReplayServer> {
  const replayCase = readCase(caseDirOrName);
  const index = buildUrlIndex(replayCase);
  const caseDirReal = await realpath(replayCase.dir);
  const server = await startAnswerServer(async (url) => {
    const file = index.lookup(url);
    const body = file === undefined ? undefined : await readCaptured(caseDirReal, file);
    if (file === undefined || body === undefined) return undefined;
    return { status: 200, type: contentTypeFor(file, url, body), body };
  }, opts);
  return { ...server, case: replayCase };
}

/** What a replay answers for a URL it holds. */
export interface ReplayAnswer {
  status: number;
  type: string;
  body: Buffer;
  /** more response headers (a redirect's Location) */
  headers?: Record<string, string>;
}

/**
 * Starts a replay server on 127.0.0.1 that answers each GET/HEAD from `answer`, plain HTTP
 * and TLS on one port (as {@link startReplayServer}, which is this over a capture case; a
 * web archive's records are another source).
 *
 * @param answer the response for an absolute URL, or undefined for 404
 * @param opts.port TCP port, default 0 (a free random port).
 * @param opts.host listen address, default `127.0.0.1`.
 * @returns the port, the request log and `close`, once listening
 * @throws Error (rejects) when the certificate files are missing or the port cannot be bound
 */
export async function startAnswerServer(
  answer: (url: string) => Promise<ReplayAnswer | undefined>,
  opts: { port?: number; host?: string } = {},
): Promise<Omit<ReplayServer, "case">> {
  const requests: ReplayRequest[] = [];
  const handler = (req: http.IncomingMessage, res: http.ServerResponse) => {
    void handle(req, res).catch((err: unknown) => {
      if (!res.headersSent) {
        send(req, res, 500, "text/plain", Buffer.from(`replay error: ${String(err)}\n`));
      } else {
        res.destroy();
      }
    });
  };

  const send = (
    req: http.IncomingMessage,
    res: http.ServerResponse,
    status: number,
    type: string,
    body: Buffer,
    extra: Record<string, string> = {},
  ) => {
    const entry: ReplayRequest = {
      method: req.method ?? "GET",
      url: requestedUrl(req),
      status,
      time: Date.now(),
    };
    const dest = headerValue(req, "sec-fetch-dest");
    const mode = headerValue(req, "sec-fetch-mode");
    if (dest !== undefined) entry.secFetchDest = dest;
    if (mode !== undefined) entry.secFetchMode = mode;
    requests.push(entry);
    res.writeHead(status, {
      "Content-Type": type,
      "Content-Length": String(body.length),
      "Cache-Control": "no-store",
      ...extra,
    });
    res.end(req.method === "HEAD" ? undefined : body);
  };

  const handle = async (req: http.IncomingMessage, res: http.ServerResponse) => {
    const method = req.method ?? "GET";
    // Drain any request body so keep-alive connections stay usable.
    req.resume();
    if (method !== "GET" && method !== "HEAD") {
      send(req, res, 405, "text/plain", Buffer.from("method not allowed\n"), {
        Allow: "GET, HEAD",
      });
      return;
    }
    const url = requestedUrl(req);
    const found = await answer(url);
    if (found === undefined) {
      send(req, res, 404, "text/html", notFoundPage(url));
      return;
    }
    send(req, res, found.status, found.type, found.body, found.headers);
  };

  const httpServer = http.createServer(handler);
  const httpsServer = https.createServer(
    { ...loadTlsMaterial(), ALPNProtocols: ["http/1.1"] },
    handler,
  );
  for (const s of [httpServer, httpsServer]) {
    s.keepAliveTimeout = 30_000;
  }

  const sockets = new Set<net.Socket>();
  const track = (s: net.Socket) => {
    sockets.add(s);
    s.once("close", () => sockets.delete(s));
  };
  httpsServer.on("secureConnection", (s: TLSSocket) => track(s));
  httpsServer.on("tlsClientError", (_err, s) => s.destroy());

  const front = net.createServer((socket) => {
    track(socket);
    socket.on("error", () => {
      // Client resets (ECONNRESET, EPIPE) are normal for browsers; nothing to do.
    });
    socket.setNoDelay(true);
    socket.once("data", (first: Buffer) => {
      socket.pause();
      socket.unshift(first);
      const target = first[0] === 0x16 ? httpsServer : httpServer;
      target.emit("connection", socket);
      process.nextTick(() => socket.resume());
    });
  });

  const port = await listenOn(front, opts.port ?? 0, opts.host ?? "127.0.0.1");

  let closing: Promise<void> | undefined;
  return {
    port,
    requests,
    close(): Promise<void> {
      closing ??= new Promise<void>((resolve) => {
        front.close(() => resolve());
        for (const s of sockets) s.destroy();
        sockets.clear();
      });
      return closing;
    },
  };
}

/** Absolute URL the client asked for, from transport + `Host` (or SNI) + request target. */
function requestedUrl(req: http.IncomingMessage): string {
  const target = req.url ?? "/";
  if (/^https?:\/\//i.test(target)) return target; // absolute-form (proxy-style) request
  const tls = (req.socket as Partial<TLSSocket>).encrypted === true;
  const scheme = tls ? "https" : "http";
  const sni = tls ? (req.socket as TLSSocket).servername : undefined;
  const host = req.headers.host ?? (typeof sni === "string" ? sni : "unknown.invalid");
  return `${scheme}://${host}${target.startsWith("/") ? "" : "/"}${target}`;
}

function headerValue(req: http.IncomingMessage, name: string): string | undefined {
  const v = req.headers[name];
  return Array.isArray(v) ? v[0] : v;
}

/** Reads a mapped file, refusing anything that resolves (through symlinks) outside the case. */
async function readCaptured(caseDirReal: string, file: string): Promise<Buffer | undefined> {
  try {
    const real = await realpath(file);
    const rel = relative(caseDirReal, real);
    if (rel === "" || rel === ".." || rel.startsWith(`..${sep}`) || isAbsolute(rel)) {
      return undefined;
    }
    if (!(await stat(real)).isFile()) return undefined;
    return await readFile(real);
  } catch {
    return undefined;
  }
}

/**
 * Content-Type of a captured file: by the file's extension; when the capture tool appended
 * `.html` to a URL whose own extension says otherwise (`embed.js` saved as `embed.js.html`),
 * by the URL's extension; for unknown extensions by image magic bytes, then the URL's or the
 * pre-`?` file name's extension, then `<` => text/html, else application/octet-stream.
 */
function contentTypeFor(file: string, url: string, body: Buffer): string {
  const urlPath = parseUrl(url)?.pathname ?? "";
  const byUrl = mimeOf(extname(urlPath));
  const byFile = mimeOf(extname(file));
  if (byFile !== undefined) {
    if (byFile === "text/html" && byUrl !== undefined && byUrl !== "text/html") return byUrl;
    return byFile;
  }
  const magic = sniffImage(body);
  if (magic !== undefined) return magic;
  if (byUrl !== undefined) return byUrl;
  const name = basename(file);
  const q = name.indexOf("?");
  const byStem = q > 0 ? mimeOf(extname(name.slice(0, q))) : undefined;
  if (byStem !== undefined) return byStem;
  return looksLikeMarkup(body) ? "text/html" : "application/octet-stream";
}

function mimeOf(ext: string): string | undefined {
  return MIME_BY_EXT[ext.toLowerCase()];
}

function sniffImage(b: Buffer): string | undefined {
  if (b.length >= 6 && b.subarray(0, 4).toString("latin1") === "GIF8") return "image/gif";
  if (b.length >= 8 && b[0] === 0x89 && b.subarray(1, 4).toString("latin1") === "PNG") {
    return "image/png";
  }
  if (b.length >= 3 && b[0] === 0xff && b[1] === 0xd8 && b[2] === 0xff) return "image/jpeg";
  return undefined;
}

function looksLikeMarkup(b: Buffer): boolean {
  let i = 0;
  if (b[0] === 0xef && b[1] === 0xbb && b[2] === 0xbf) i = 3; // UTF-8 BOM
  while (i < b.length && (b[i] === 0x20 || b[i] === 0x09 || b[i] === 0x0a || b[i] === 0x0d)) i++;
  return b[i] === 0x3c; // "<"
}

function notFoundPage(url: string): Buffer {
  const esc = url.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
  return Buffer.from(
    `<!DOCTYPE html>\n<html><head><meta charset="utf-8"><title>404 Not Found</title></head>` +
      `<body><h1>404 Not Found</h1><p>Not in the capture: ${esc}</p></body></html>\n`,
  );
}

function parseUrl(s: string): URL | undefined {
  try {
    const u = new URL(s);
    return u.protocol === "http:" || u.protocol === "https:" ? u : undefined;
  } catch {
    return undefined;
  }
}

function withoutScheme(url: string): string {
  return url.replace(/^https?:\/\//i, "//");
}

function stripFragment(url: string): string {
  const i = url.indexOf("#");
  return i < 0 ? url : url.slice(0, i);
}

function safeDecode(s: string): string {
  try {
    return decodeURIComponent(s);
  } catch {
    // Malformed escapes: decode the well-formed ones one by one, keep the rest verbatim.
    return s.replace(/(?:%[0-9a-f]{2})+/gi, (run) => {
      try {
        return decodeURIComponent(run);
      } catch {
        return run;
      }
    });
  }
}

/** Host (no port) + decoded path + sorted decoded query pairs without redirect counters. */
function looseKey(u: URL): string {
  const host = u.hostname.toLowerCase().replace(/\.$/, "");
  const path = safeDecode(u.pathname);
  const pairs: string[] = [];
  const query = u.search.startsWith("?") ? u.search.slice(1) : u.search;
  for (const part of query.split("&")) {
    if (part === "") continue;
    const eq = part.indexOf("=");
    const name = safeDecode((eq < 0 ? part : part.slice(0, eq)).replace(/\+/g, " "));
    const value = safeDecode((eq < 0 ? "" : part.slice(eq + 1)).replace(/\+/g, " "));
    if (REDIRECT_COUNTER_PARAMS.has(name)) continue;
    pairs.push(JSON.stringify([name, value]));
  }
  pairs.sort();
  return `${host}${path}?${pairs.join(",")}`;
}
