// @vitest-environment jsdom
import { createServer, type Server } from "node:http";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { detect } from "../detect/detect";
import type { TabStatus } from "../messaging/status";
import { DEFAULT_SETTINGS } from "../reader/settings";
import { xpathFor } from "../rule/xpath";
import { Pager, pagerStart } from "./pager";

// A shop whose every list page names page 1 as its canonical URL, and whose page 2 ends at
// page 1's address (the shop's script writes the canonical URL into the address a rendered
// frame reports; here a redirect does the same to Node's fetch). Real parts: Node's
// http server and fetch, jsdom's DOMParser.

const products = (from: number) =>
  Array.from(
    { length: 6 },
    (_, i) =>
      `<li class="product"><a href="/shop/item/${from + i}"><img src="/img/${from + i}.jpg" alt="">
       <h3>Garden chair model ${from + i} in weathered oak</h3></a>
       <span class="price">€${40 + from + i}.00</span><button type="button">Add to cart</button></li>`,
  ).join("");

const shopPage = (page: number, items: string) => `<!doctype html><html><head>
  <title>Garden chairs – Page ${page} – Shop</title>
  <link rel="canonical" href="/shop/chairs"></head><body>
  <header class="site"><a href="/">Shop</a><nav><a href="/shop/tables">Tables</a></nav></header>
  <main><h1>Garden chairs</h1><ul class="grid">${items}</ul>
  <nav class="pagination">${
    page === 1
      ? `<span class="current">1</span><a href="/shop/chairs?page=2">2</a><a href="/shop/chairs?page=3">3</a><a href="/shop/chairs?page=2" rel="next">Next</a>`
      : `<a href="/shop/chairs">1</a><span class="current">2</span><a href="/shop/chairs?page=3">3</a><a href="/shop/chairs?page=3" rel="next">Next</a>`
  }</nav></main><footer class="site">© Shop</footer></body></html>`;

let server: Server;
let origin = "";
/** What the shop serves at page 1's address once page 2 was asked for. */
let atPage1Address = "";

beforeAll(async () => {
  server = createServer((req, res) => {
    if (req.url === "/shop/chairs?page=2") {
      res.writeHead(302, { location: "/shop/chairs" });
      res.end();
    } else if (req.url === "/shop/chairs") {
      res.writeHead(200, { "content-type": "text/html; charset=utf-8" });
      res.end(atPage1Address);
    } else {
      res.writeHead(404);
      res.end("not found");
    }
  });
  await new Promise<void>((r) => server.listen(0, "127.0.0.1", () => r()));
  origin = `http://127.0.0.1:${(server.address() as { port: number }).port}`;
});
afterAll(async () => {
  await new Promise((r) => server.close(r));
});

async function join(): Promise<TabStatus> {
  document.documentElement.innerHTML = shopPage(1, products(1))
    .replace(/^<!doctype html>/i, "")
    .replace(/<\/?html[^>]*>/g, "");
  const pageUrl = `${origin}/shop/chairs`;
  const found = detect(document, pageUrl);
  found.pageElements = Array.from(document.querySelectorAll("ul.grid"));
  found.pageElementXPaths = found.pageElements.map((e) => xpathFor(e));
  const start = pagerStart(found, pageUrl);
  if (!start) throw new Error("the shop's page 1 has nothing to join");
  const states: TabStatus[] = [];
  const pager = new Pager(document, start, { ...DEFAULT_SETTINGS, minIntervalMs: 0 }, (s) =>
    states.push(s),
  );
  pager.attach();
  const t0 = Date.now();
  for (;;) {
    const last = states[states.length - 1];
    if (last && ["done", "stopped"].includes(last.state)) return last;
    if (Date.now() - t0 > 20_000) throw new Error(`still ${last?.state}`);
    await new Promise((r) => setTimeout(r, 20));
  }
}

describe("a page 2 that ends at page 1's address", () => {
  it("is joined when its items are new: the address repeats, the content does not", async () => {
    atPage1Address = shopPage(2, products(7));
    const end = await join();
    expect(end.pages).toBe(2);
    expect(end.reason).not.toMatch(/already shown/);
    expect(document.body.textContent).toContain("Garden chair model 12 in weathered oak");
  });

  it("stops as a repeat when it serves page 1's items again", async () => {
    atPage1Address = shopPage(1, products(1));
    const end = await join();
    expect(end.state).toBe("stopped");
    expect(end.reason).toMatch(/repeats a page already shown/);
    expect(end.pages).toBe(1);
  });
});
