import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import http from "node:http";
import https from "node:https";
import net from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { withoutCorpus } from "../../test/support/corpus";
import { listMultipageCases, readCase } from "./cases";
import {
  buildUrlIndex,
  hostResolverRules,
  type ReplayServer,
  startReplayServer,
} from "./replay-server";

interface Reply {
  status: number;
  type: string | undefined;
  body: string;
  reusedSocket: boolean;
}

function get(
  port: number,
  host: string,
  path: string,
  opts: { tls?: boolean; agent?: http.Agent; headers?: Record<string, string> } = {},
): Promise<Reply> {
  return new Promise((resolve, reject) => {
    const options: https.RequestOptions = {
      host: "127.0.0.1",
      port,
      path,
      method: "GET",
      headers: { Host: host, ...opts.headers },
    };
    if (opts.agent) options.agent = opts.agent;
    if (opts.tls) {
      options.servername = host;
      options.rejectUnauthorized = false;
    }
    const req = (opts.tls ? https : http).request(options, (res) => {
      const chunks: Buffer[] = [];
      res.on("data", (c: Buffer) => chunks.push(c));
      res.on("end", () =>
        resolve({
          status: res.statusCode ?? 0,
          type: res.headers["content-type"],
          body: Buffer.concat(chunks).toString("utf8"),
          reusedSocket: req.reusedSocket,
        }),
      );
      res.on("error", reject);
    });
    req.on("error", reject);
    req.end();
  });
}

const LION = "/apple/reviews/2011/07/mac-os-x-10-7.ars";

const noCorpus = withoutCorpus("replay server tests on corpus captures");

describe("cases", () => {
  it.skipIf(noCorpus)("lists the multipage cases sorted and reads one", () => {
    const names = listMultipageCases();
    expect(names).toContain("arstechnica-002");
    expect(names).toEqual([...names].sort());
    const c = readCase("arstechnica-002");
    expect(c.name).toBe("arstechnica-002");
    expect(c.startUrl).toBe(`http://arstechnica.com${LION}`);
    expect(c.urlMap.get(`http://arstechnica.com${LION}/2`)).toBe(
      join(c.dir, "arstechnica.com", "apple/reviews/2011/07/mac-os-x-10-7.ars/2.html"),
    );
  });

  it("throws clear errors for missing or malformed cases", () => {
    expect(() => readCase("no-such-case-xyz")).toThrow(/no such case/);
    const dir = mkdtempSync(join(tmpdir(), "tsugi-case-"));
    try {
      expect(() => readCase(dir)).toThrow(/missing case\.yaml/);
      writeFileSync(join(dir, "case.yaml"), "url: [unclosed\n");
      expect(() => readCase(dir)).toThrow(/malformed case\.yaml/);
      writeFileSync(join(dir, "case.yaml"), "url: http://a.example/\nurl_map: 3\n");
      expect(() => readCase(dir)).toThrow(/url_map/);
      writeFileSync(
        join(dir, "case.yaml"),
        "url: http://a.example/\nurl_map:\n  http://a.example/: ../../etc/passwd\n",
      );
      expect(() => readCase(dir)).toThrow(/escapes case dir/);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});

describe.skipIf(noCorpus)("buildUrlIndex", () => {
  it("finds every captured URL of every case, and each start page", () => {
    for (const name of listMultipageCases()) {
      const c = readCase(name);
      const index = buildUrlIndex(c);
      for (const [url, file] of c.urlMap) expect(index.lookup(url), `${name} ${url}`).toBe(file);
      expect(index.lookup(c.startUrl), name).toBeDefined();
      expect(index.lookup(c.startUrl.replace(/^http:/, "https:")), name).toBeDefined();
    }
  });
});

describe.skipIf(noCorpus)("replay server: arstechnica-002 (plain HTTP)", () => {
  let server: ReplayServer;
  beforeAll(async () => {
    server = await startReplayServer("arstechnica-002");
  });
  afterAll(async () => {
    await server.close();
  });

  it("builds the Chromium host-resolver rule", () => {
    expect(hostResolverRules(server.port)).toBe(`MAP * 127.0.0.1:${server.port}`);
  });

  it("serves the start page and page 2 as text/html without a charset", async () => {
    const start = await get(server.port, "arstechnica.com", LION);
    expect(start.status).toBe(200);
    expect(start.type).toBe("text/html");
    expect(start.body).toContain(
      "Behind Jobs, the screen listed the seven previous major releases",
    );

    const page2 = await get(server.port, "arstechnica.com", `${LION}/2`);
    expect(page2.status).toBe(200);
    expect(page2.type).toBe("text/html");
    expect(page2.body).toContain("Lion's system requirements don't differ much");
    expect(page2.body).not.toContain("Behind Jobs, the screen listed");
  });

  it("answers 404 for pages never captured", async () => {
    const r = await get(server.port, "arstechnica.com", `${LION}/20`);
    expect(r.status).toBe(404);
    expect(r.type).toBe("text/html");
    expect(r.body).toContain("404");
    expect((await get(server.port, "example.org", LION)).status).toBe(404);
  });

  it("tolerates host name case and a default port", async () => {
    const r = await get(server.port, "ArsTechnica.com:80", `${LION}/3`);
    expect(r.status).toBe(200);
  });

  it("keeps a keep-alive connection usable across requests", async () => {
    const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
    try {
      const a = await get(server.port, "arstechnica.com", `${LION}/4`, { agent });
      const b = await get(server.port, "arstechnica.com", `${LION}/5`, { agent });
      const c = await get(server.port, "arstechnica.com", `${LION}/99`, { agent });
      expect([a.status, b.status, c.status]).toEqual([200, 200, 404]);
      expect(b.reusedSocket).toBe(true);
      expect(c.reusedSocket).toBe(true);
    } finally {
      agent.destroy();
    }
  });

  it("logs every request with its absolute URL, status and Sec-Fetch headers", async () => {
    const before = server.requests.length;
    await get(server.port, "arstechnica.com", `${LION}/6`, {
      headers: { "Sec-Fetch-Dest": "document", "Sec-Fetch-Mode": "navigate" },
    });
    await get(server.port, "arstechnica.com", `${LION}/21`);
    const logged = server.requests.slice(before);
    expect(logged).toHaveLength(2);
    expect(logged[0]).toMatchObject({
      method: "GET",
      url: `http://arstechnica.com${LION}/6`,
      status: 200,
      secFetchDest: "document",
      secFetchMode: "navigate",
    });
    expect(logged[1]).toMatchObject({ url: `http://arstechnica.com${LION}/21`, status: 404 });
    expect(logged[1]?.secFetchDest).toBeUndefined();
    expect(typeof logged[0]?.time).toBe("number");
  });

  it("refuses methods other than GET and HEAD", async () => {
    const status = await new Promise<number>((resolve, reject) => {
      const req = http.request(
        { host: "127.0.0.1", port: server.port, path: LION, method: "POST" },
        (res) => {
          res.resume();
          resolve(res.statusCode ?? 0);
        },
      );
      req.on("error", reject);
      req.end("x=1");
    });
    expect(status).toBe(405);
  });
});

describe.skipIf(noCorpus)("replay server: nytimes-000 (TLS on the same port)", () => {
  let server: ReplayServer;
  const host = "thecaucus.blogs.nytimes.com";
  const startPath =
    "/2011/07/12/mcconnell-proposal-gives-obama-power-to-increase-debt-limit/index.html?hp";
  beforeAll(async () => {
    server = await startReplayServer("nytimes-000");
  });
  afterAll(async () => {
    await server.close();
  });

  it("case start URL is the caucus blog post", () => {
    expect(server.case.startUrl).toBe(`http://${host}${startPath}`);
  });

  it("answers the http:// capture over https (HSTS upgrade)", async () => {
    const r = await get(server.port, host, startPath, { tls: true });
    expect(r.status).toBe(200);
    expect(r.type).toBe("text/html");
    expect(r.body).toContain("McConnell Proposal Gives Obama Power to Increase Debt Limit");
    const last = server.requests[server.requests.length - 1];
    expect(last).toMatchObject({ url: `https://${host}${startPath}`, status: 200 });
  });

  it("serves plain HTTP and TLS on one port, with TLS keep-alive", async () => {
    const plain = await get(server.port, host, startPath);
    expect(plain.status).toBe(200);
    const agent = new https.Agent({ keepAlive: true, maxSockets: 1, rejectUnauthorized: false });
    try {
      const a = await get(server.port, "graphics8.nytimes.com", "/js/common.js", {
        tls: true,
        agent,
      });
      const b = await get(
        server.port,
        "graphics8.nytimes.com",
        "/css/common/screen/navigation.css",
        {
          tls: true,
          agent,
        },
      );
      expect([a.status, b.status]).toEqual([200, 200]);
      expect(a.type).toBe("text/javascript");
      expect(b.type).toBe("text/css");
      expect(b.reusedSocket).toBe(true);
    } finally {
      agent.destroy();
    }
  });

  it("types a script captured as `embed.js.html` by its URL, not as HTML", async () => {
    const r = await get(server.port, "graphics8.nytimes.com", "/bcvideo/1.0/iframe/embed.js");
    expect(r.status).toBe(200);
    expect(r.type).toBe("text/javascript");
  });

  it("matches a reordered, re-encoded query with a redirect counter added", async () => {
    // Captured as ?dcsredirect=126&dcstlh=0&dcstlv=0&dcsuri=/nojavascript&WT.js=No&WT.tv=1.0.7
    const path =
      "/dcsym57yw10000s1s8g0boozt_9t1x/njs.gif" +
      "?WT.tv=1.0.7&dcsuri=%2Fnojavascript&_r=1&WT.js=No&dcstlv=0&dcstlh=0&dcsredirect=126";
    const r = await get(server.port, "wt.o.nytimes.com", path, { tls: true });
    expect(r.status).toBe(200);
    expect(r.type).toBe("image/gif");
    const missingParam = path.replace("&dcstlh=0", "");
    expect((await get(server.port, "wt.o.nytimes.com", missingParam)).status).toBe(404);
  });
});

describe("replay server: query variants (`_r` redirect counter)", () => {
  let dir: string;
  let server: ReplayServer;
  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), "tsugi-replay-"));
    mkdirSync(join(dir, "www.nytimes.com/2011/07/10"), { recursive: true });
    writeFileSync(
      join(dir, "case.yaml"),
      [
        "url: http://www.nytimes.com/2011/07/10/story.html",
        "url_map:",
        "  http://www.nytimes.com/2011/07/10/story.html: www.nytimes.com/2011/07/10/story.html",
        "  http://www.nytimes.com/2011/07/10/story.html?_r=2&pagewanted=2: " +
          "www.nytimes.com/2011/07/10/story.html?_r=2&pagewanted=2.html",
        "  http://www.nytimes.com/2011/07/10/q.html?q=caf%C3%A9 au lait: www.nytimes.com/q.html",
        "",
      ].join("\n"),
    );
    writeFileSync(join(dir, "www.nytimes.com/2011/07/10/story.html"), "<p>one</p>");
    writeFileSync(
      join(dir, "www.nytimes.com/2011/07/10/story.html?_r=2&pagewanted=2.html"),
      "<p>two</p>",
    );
    writeFileSync(join(dir, "www.nytimes.com/q.html"), "<p>query</p>");
    server = await startReplayServer(dir);
  });
  afterAll(async () => {
    await server.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it("finds ?_r=2&pagewanted=2 from a ?pagewanted=2&_r=1 link, over TLS too", async () => {
    const path = "/2011/07/10/story.html?pagewanted=2&_r=1";
    const plain = await get(server.port, "www.nytimes.com", path);
    expect(plain).toMatchObject({ status: 200, body: "<p>two</p>", type: "text/html" });
    const tls = await get(server.port, "www.nytimes.com", path, { tls: true });
    expect(tls).toMatchObject({ status: 200, body: "<p>two</p>" });
    const noCounter = await get(
      server.port,
      "www.nytimes.com",
      "/2011/07/10/story.html?pagewanted=2",
    );
    expect(noCounter.body).toBe("<p>two</p>");
  });

  it("answers 404 for a page number that was never captured", async () => {
    const r = await get(server.port, "www.nytimes.com", "/2011/07/10/story.html?pagewanted=3&_r=1");
    expect(r.status).toBe(404);
  });

  it("compares percent-decoded forms", async () => {
    const r = await get(server.port, "www.nytimes.com", "/2011/07/10/q.html?q=caf%c3%a9+au%20lait");
    expect(r).toMatchObject({ status: 200, body: "<p>query</p>" });
  });
});

describe.skipIf(noCorpus)("replay server: shutdown", () => {
  it("close() resolves while keep-alive, TLS and silent connections are still open", async () => {
    const server = await startReplayServer("arstechnica-002");
    const httpAgent = new http.Agent({ keepAlive: true });
    const tlsAgent = new https.Agent({ keepAlive: true, rejectUnauthorized: false });
    const silent = net.connect(server.port, "127.0.0.1");
    try {
      await new Promise<void>((resolve) => silent.once("connect", () => resolve()));
      expect((await get(server.port, "arstechnica.com", LION, { agent: httpAgent })).status).toBe(
        200,
      );
      const viaTls = await get(server.port, "arstechnica.com", LION, {
        tls: true,
        agent: tlsAgent,
      });
      expect(viaTls.status).toBe(200);
      const started = Date.now();
      await server.close();
      expect(Date.now() - started).toBeLessThan(2000);
      await expect(get(server.port, "arstechnica.com", LION)).rejects.toThrow();
    } finally {
      silent.destroy();
      httpAgent.destroy();
      tlsAgent.destroy();
    }
  });
});
