import type { Server } from "node:net";

/**
 * Start listening and resolve to the bound port (port 0 picks a free one).
 * @param server any Node server (net, http)
 * @param port requested port, 0 for any free port
 * @param host address to bind, e.g. "127.0.0.1"
 * @returns the port actually bound
 * @throws the listen error (e.g. EADDRINUSE), or when the bound address is not a TCP port
 */
export async function listenOn(server: Server, port: number, host: string): Promise<number> {
  await new Promise<void>((resolve, reject) => {
    server.once("error", reject);
    server.listen(port, host, () => {
      server.off("error", reject);
      resolve();
    });
  });
  const address = server.address();
  if (address === null || typeof address === "string") {
    server.close();
    throw new Error(`listening on ${host}:${port} gave no TCP port`);
  }
  return address.port;
}
