/**
 * The test sites' common end: listen on a free port of 127.0.0.1 only, and close once,
 * dropping kept-alive connections (a browser holds them open and `close()` would wait).
 */
import http from "node:http";
import { listenOn } from "../../src/serve/listen";

/**
 * Start `server` on a free port of 127.0.0.1.
 * @returns its origin ("http://127.0.0.1:PORT") and a `close()` that may be called twice
 */
export async function listenLocally(
  server: http.Server,
): Promise<{ origin: string; close(): Promise<void> }> {
  const port = await listenOn(server, 0, "127.0.0.1");
  let closing: Promise<void> | undefined;
  return {
    origin: `http://127.0.0.1:${port}`,
    close() {
      closing ??= new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      });
      return closing;
    },
  };
}

/** A running site of fixed pages; see {@link servePages}. */
export interface PagesServer {
  origin: string;
  /** paths asked for, query included, in order */
  requests: string[];
  close(): Promise<void>;
}

/**
 * Serve HTML pages by request path on a free port of 127.0.0.1: `/report?…` (a page
 * script's report of what it shows, for browsers the tests cannot drive) answers 204, a
 * path `pageAt` names no page for 404; every request is recorded.
 *
 * @param pageAt the page's markup for a request path (query included) and the site's
 *   origin, or null when there is none
 * @returns the site; `close()` stops it
 */
export async function servePages(
  pageAt: (path: string, origin: string) => string | null,
): Promise<PagesServer> {
  const requests: string[] = [];
  let origin = "";
  const server = http.createServer((req, res) => {
    const path = req.url ?? "/";
    requests.push(path);
    if (path.startsWith("/report?")) {
      res.writeHead(204);
      res.end();
      return;
    }
    const html = pageAt(path, origin);
    if (html === null) {
      res.writeHead(404, { "content-type": "text/plain" });
      res.end("not found");
      return;
    }
    res.writeHead(200, { "content-type": "text/html; charset=utf-8" });
    res.end(html);
  });
  const listening = await listenLocally(server);
  origin = listening.origin;
  return { origin, requests, close: listening.close };
}
