/**
 * The test sites' common end: listen on a free port of 127.0.0.1 only, and close once,
 * dropping kept-alive connections (a browser holds them open and `close()` would wait).
 */
import type http from "node:http";
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
