/**
 * Read an extension's state in a Firefox that web-ext started, through Firefox's Remote
 * Debugging Protocol (RDP: length-prefixed JSON packets over TCP, the protocol of
 * about:debugging). Playwright cannot drive a stock Firefox, so this is how a Firefox e2e
 * test reads what the Chromium ones read through the background worker: it evaluates an
 * expression in the extension's background page (its event page in Firefox).
 *
 * web-ext's own RDP client answers requests only and throws away the packets Firefox
 * sends on its own (a target becoming available, an evaluation's result), which this
 * needs; so this is a second, minimal client on the same debugger port.
 */
import { connect, type Socket } from "node:net";

/** One RDP packet: `from` names the actor that sent it. */
type Packet = { from?: string; type?: string; error?: string; message?: string } & Record<
  string,
  unknown
>;

/** A minimal RDP client: one request at a time per actor, every packet kept for waiters. */
class RdpClient {
  private buffer = Buffer.alloc(0);
  private readonly waiters: { accept: (p: Packet) => boolean; done: (p: Packet) => void }[] = [];
  /** Packets no waiter took when they came (an event in the same chunk as its request's
   * reply comes before the caller can wait for it) */
  private readonly unclaimed: Packet[] = [];

  private constructor(private readonly socket: Socket) {
    socket.on("data", (chunk: Buffer) => {
      this.buffer = Buffer.concat([this.buffer, chunk]);
      for (let packet = this.take(); packet !== null; packet = this.take()) this.dispatch(packet);
    });
  }

  /**
   * Connect to a debugger server and read its greeting.
   * @param port the TCP port of the Firefox debugger server (web-ext's `debuggerPort`)
   * @throws Error when the connection fails
   */
  static async open(port: number): Promise<RdpClient> {
    const socket = connect({ host: "127.0.0.1", port });
    await new Promise<void>((ok, fail) => {
      socket.once("connect", ok);
      socket.once("error", fail);
    });
    const client = new RdpClient(socket);
    await client.next((p) => p.from === "root", 10_000);
    return client;
  }

  /** The next complete packet of the buffer, or null. */
  private take(): Packet | null {
    const colon = this.buffer.indexOf(":");
    if (colon < 0) return null;
    const length = Number(this.buffer.subarray(0, colon).toString());
    if (this.buffer.length < colon + 1 + length) return null;
    const body = this.buffer.subarray(colon + 1, colon + 1 + length).toString();
    this.buffer = this.buffer.subarray(colon + 1 + length);
    return JSON.parse(body) as Packet;
  }

  private dispatch(packet: Packet): void {
    const i = this.waiters.findIndex((w) => w.accept(packet));
    if (i >= 0) this.waiters.splice(i, 1)[0]?.done(packet);
    else this.unclaimed.push(packet);
  }

  /**
   * The next packet that `accept` takes.
   * @throws Error after `timeoutMs`
   */
  next(accept: (p: Packet) => boolean, timeoutMs: number): Promise<Packet> {
    const early = this.unclaimed.findIndex(accept);
    if (early >= 0) return Promise.resolve(this.unclaimed.splice(early, 1)[0] as Packet);
    return new Promise((resolve, reject) => {
      const waiter = {
        accept,
        done: (p: Packet) => {
          clearTimeout(timer);
          resolve(p);
        },
      };
      const timer = setTimeout(() => {
        this.waiters.splice(this.waiters.indexOf(waiter), 1);
        reject(new Error(`Firefox RDP: no answer in ${timeoutMs} ms`));
      }, timeoutMs);
      this.waiters.push(waiter);
    });
  }

  /** The packets received so far that no waiter took and `accept` takes. */
  collect(accept: (p: Packet) => boolean): Packet[] {
    return this.unclaimed.filter(accept);
  }

  /**
   * Send `packet` to its actor and wait for that actor's reply (not an event of its own).
   * @throws Error with the actor's error and message when it answers with one
   */
  async request(packet: { to: string; type: string } & Record<string, unknown>): Promise<Packet> {
    const body = JSON.stringify(packet);
    const reply = this.next((p) => p.from === packet.to && !EVENT_TYPES.has(p.type ?? ""), 10_000);
    this.socket.write(`${Buffer.byteLength(body)}:${body}`);
    const p = await reply;
    if (p.error) throw new Error(`Firefox RDP ${packet.type}: ${p.error}: ${p.message ?? ""}`);
    return p;
  }

  close(): void {
    this.socket.destroy();
  }
}

/** A string result: as it is, or read in full from its grip when it is long (10,000+ chars). */
async function stringOf(client: RdpClient, result: unknown): Promise<string> {
  if (typeof result === "string") return result;
  const grip = result as { type?: string; actor?: string; length?: number };
  if (grip?.type !== "longString" || !grip.actor) {
    throw new Error(`Firefox RDP: not a string result: ${JSON.stringify(result)}`);
  }
  const part = await client.request({
    to: grip.actor,
    type: "substring",
    start: 0,
    end: grip.length,
  });
  return String(part.substring);
}

/** Packets an actor sends on its own, never as the reply to a request. */
const EVENT_TYPES = new Set([
  "target-available-form",
  "evaluationResult",
  "resources-available-array",
]);

/**
 * Evaluate an expression in an extension's background page and return its value (a
 * promise's is awaited). Values cross as JSON, so return data, not objects with methods.
 *
 * @param port the Firefox debugger server's port (`runner.extensionRunners[0].runningInfo.debuggerPort`
 *   of `webExt.cmd.run`)
 * @param addonId the extension's id (`browser_specific_settings.gecko.id`)
 * @param expression JavaScript source of one expression, evaluated in the background page
 * @returns the expression's value, parsed from JSON
 * @throws Error when the add-on or its background page is not found, or the expression throws
 */
export async function evaluateInBackground(
  port: number,
  addonId: string,
  expression: string,
): Promise<unknown> {
  const client = await RdpClient.open(port);
  try {
    const { addons } = (await client.request({ to: "root", type: "listAddons" })) as {
      addons?: { id: string; actor: string }[];
    };
    const addon = addons?.find((a) => a.id === addonId);
    if (!addon) throw new Error(`Firefox RDP: add-on ${addonId} is not installed`);
    const watcher = await client.request({ to: addon.actor, type: "getWatcher" });
    // The watcher announces the extension's documents before it answers.
    await client.request({ to: String(watcher.actor), type: "watchTargets", targetType: "frame" });
    const targets = client
      .collect((p) => p.type === "target-available-form")
      .map((p) => p.target as { consoleActor?: string; isFallbackExtensionDocument?: boolean });
    // Beside the event page Firefox keeps a fallback document, which has no `browser`.
    const consoleActor = targets.find((t) => !t.isFallbackExtensionDocument)?.consoleActor;
    if (!consoleActor) {
      throw new Error(
        `Firefox RDP: no background page of ${addonId} (${targets.length} documents; asleep?)`,
      );
    }
    const evaluate = async (text: string): Promise<unknown> => {
      const started = await client.request({ to: consoleActor, type: "evaluateJSAsync", text });
      const done = await client.next(
        (p) => p.type === "evaluationResult" && p.resultID === started.resultID,
        10_000,
      );
      if (done.hasException) {
        throw new Error(`Firefox RDP: ${JSON.stringify(done.exceptionMessage)} in ${text}`);
      }
      return done.result;
    };
    // The console answers with a promise's grip, not its value: the value is left in a
    // global of the background page as JSON and read back, so no object grip is walked.
    const slot = `__tsugiRdp${Date.now()}`;
    await evaluate(
      `Promise.resolve().then(() => ${expression}).then((v) => { globalThis.${slot} = { value: JSON.stringify(v ?? null) }; }, (e) => { globalThis.${slot} = { error: String(e) }; }), 0`,
    );
    const deadline = Date.now() + 10_000;
    for (;;) {
      const state = await evaluate(`JSON.stringify(globalThis.${slot} ?? null)`);
      const read = JSON.parse(await stringOf(client, state)) as {
        value?: string;
        error?: string;
      } | null;
      if (read?.error !== undefined) throw new Error(`Firefox RDP: ${read.error} in ${expression}`);
      if (read?.value !== undefined) {
        await evaluate(`delete globalThis.${slot}`);
        return JSON.parse(read.value);
      }
      if (Date.now() > deadline)
        throw new Error(`Firefox RDP: ${expression} did not settle in 10 s`);
      await new Promise((r) => setTimeout(r, 100));
    }
  } finally {
    client.close();
  }
}
