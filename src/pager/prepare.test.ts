// @vitest-environment jsdom
import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { withoutCorpus } from "../../test/support/corpus";
import { runNow, SliceBudget } from "../budget/slices";
import { paginationPages } from "../train/corpus";
import { parseHtml } from "./fetch-page";
import { absolutizeUrls, prepareForInsertion, prepareForInsertionSteps } from "./prepare";

describe("absolutizeUrls", () => {
  it("resolves href, src and srcset against the fetched page, not page 1", () => {
    const d = parseHtml(
      '<div><a href="../3">n</a><img src="i.png" srcset="a.png 1x, /b.png 2x"><a href="#frag">f</a></div>',
      "https://e.com/story/2",
    );
    const div = d.querySelector("div") as Element;
    absolutizeUrls(div, "https://e.com/story/2");
    expect(div.querySelector("a")?.getAttribute("href")).toBe("https://e.com/3");
    expect(div.querySelector("img")?.getAttribute("src")).toBe("https://e.com/story/i.png");
    expect(div.querySelector("img")?.getAttribute("srcset")).toBe(
      "https://e.com/story/a.png 1x, https://e.com/b.png 2x",
    );
    expect(div.querySelectorAll("a")[1]?.getAttribute("href")).toBe("#frag");
  });
});

describe("prepareForInsertion", () => {
  it("removes scripts, event handlers, javascript: URLs and page-wide styles", () => {
    const d = parseHtml(
      `<div id="c"><p onclick="alert(1)">text</p><script>window.ran=1</script>
       <a href="javascript:alert(1)">x</a><style>body{display:none}</style><img src=x onerror="alert(1)"></div>`,
      "https://e.com/2",
    );
    const nodes = prepareForInsertion(
      [d.getElementById("c") as Element],
      "https://e.com/2",
      document,
    );
    const holder = document.createElement("div");
    holder.append(...nodes);
    const html = holder.innerHTML;
    expect(html).toContain("text");
    expect(html).not.toMatch(/<script|onclick|onerror|javascript:|<style/i);
    expect(holder.firstElementChild?.ownerDocument).toBe(document);
  });
});

describe("prepareForInsertion: inline styles", () => {
  it("drops styles that fix an overlay or load a URL, keeps harmless ones", () => {
    const d = parseHtml(
      `<div id="c"><div id="o" style="position: fixed; z-index: 9999">ad</div>
       <p id="b" style="background:url(http://tracker.example/p.gif)">x</p><img id="w" style="width: 640px" src="a.png"></div>`,
      "https://e.com/2",
    );
    const holder = document.createElement("div");
    holder.append(
      ...prepareForInsertion([d.getElementById("c") as Element], "https://e.com/2", document),
    );
    expect(holder.querySelector("#o")?.hasAttribute("style")).toBe(false);
    expect(holder.querySelector("#b")?.hasAttribute("style")).toBe(false);
    expect(holder.querySelector("#w")?.getAttribute("style")).toBe("width: 640px");
  });
});

describe("parseHtml", () => {
  it("pins the base URL so relative links resolve against the fetched page", () => {
    const d = parseHtml('<a href="3">x</a>', "https://e.com/a/2");
    expect((d.querySelector("a") as HTMLAnchorElement).href).toBe("https://e.com/a/3");
  });
  it("resolves a relative <base> against the fetched URL", () => {
    const d = parseHtml('<head><base href="/root/"></head><a href="x">x</a>', "https://e.com/a/2");
    expect((d.querySelector("a") as HTMLAnchorElement).href).toBe("https://e.com/root/x");
  });
});

describe("prepareForInsertion: tables and lazy images", () => {
  it("keeps table rows and cells (the HTML parser would drop them outside a table)", () => {
    const d = parseHtml(
      '<table><tbody><tr class="r"><td>a</td><td onclick="x()">b</td></tr><tr class="r"><td>c</td></tr></tbody></table>',
      "https://e.com/2",
    );
    const nodes = prepareForInsertion(
      Array.from(d.querySelectorAll("tr")),
      "https://e.com/2",
      document,
    );
    expect(nodes.map((n) => (n as Element).localName)).toEqual(["tr", "tr"]);
    expect((nodes[0] as Element).querySelectorAll("td")).toHaveLength(2);
    expect((nodes[0] as Element).outerHTML).not.toContain("onclick");
  });

  it("reveals lazy images with absolute URLs and drops frames, plugins and noscript", () => {
    const d = parseHtml(
      '<div id="c"><img src="data:image/gif;base64,R0l" data-src="i/a.png"><iframe src="/x"></iframe><object data="/y"></object><noscript><img src="n.png"></noscript></div>',
      "https://e.com/s/2",
    );
    const [div] = prepareForInsertion(
      [d.getElementById("c") as Element],
      "https://e.com/s/2",
      document,
    );
    const el = div as Element;
    expect(el.querySelector("img")?.getAttribute("src")).toBe("https://e.com/s/i/a.png");
    expect(el.querySelector("iframe, object, noscript")).toBe(null);
  });
});

describe("prepareForInsertion: what a fetched page must not fake or sneak in", () => {
  it("drops tsugi's own markers and the overlay styles a CSS parser would still read", () => {
    const d = parseHtml(
      `<div id="c"><div id="s" class="tsugi-separator post" data-tsugi-separator="9" data-tsugi-url="https://e.com/x" data-tsugi-title="fake">t</div>
       <div id="o" style="position/**/:fixed; inset: 0">overlay</div><div id="k" style="color: red">ok</div></div>`,
      "https://e.com/2",
    );
    const holder = document.createElement("div");
    holder.append(
      ...prepareForInsertion([d.getElementById("c") as Element], "https://e.com/2", document),
    );
    const s = holder.querySelector("#s") as HTMLElement;
    expect(
      Array.from(s.attributes, (a) => a.name).filter((n) => n.startsWith("data-tsugi")),
    ).toEqual([]);
    expect(s.className).toBe("post");
    expect(holder.querySelector("#o")?.hasAttribute("style")).toBe(false);
    expect(holder.querySelector("#k")?.getAttribute("style")).toBe("color: red");
  });
});

describe("prepareForInsertionSteps", () => {
  it("yields between the elements and copies what prepareForInsertion copies", async () => {
    const html = Array.from(
      { length: 6 },
      (_, i) =>
        `<li class="item"><a href="/p/${i}" onclick="x()">Item ${i}</a><script>evil()</script></li>`,
    ).join("");
    const fetched = () => {
      const d = parseHtml(`<ul>${html}</ul>`, "https://e.com/list/2");
      return Array.from(d.querySelectorAll("li"));
    };
    const whole = prepareForInsertion(fetched(), "https://e.com/list/2", document);
    let yields = 0;
    const budget = new SliceBudget({
      sliceMs: 0,
      yieldToPage: async () => {
        yields++;
      },
    });
    const sliced = await budget.run(
      prepareForInsertionSteps(fetched(), "https://e.com/list/2", document),
    );
    const markup = (nodes: Node[]) => nodes.map((n) => (n as Element).outerHTML);
    expect(markup(sliced)).toEqual(markup(whole));
    expect(markup(sliced).join("")).not.toMatch(/script|onclick/);
    expect(yields).toBe(5);
  });
});

/** The markup of copied nodes, text nodes as their text. */
const html = (nodes: readonly Node[]) =>
  nodes.map((n) => (n.nodeType === 1 ? (n as Element).outerHTML : n.textContent)).join("");

describe("prepareForInsertion of a large element, a run of children at a time", () => {
  // Every shape the sanitizer treats apart, under one large element.
  const item = (i: number) =>
    `<li class="item tsugi-x" data-tsugi-page="9" onclick="x()">` +
    `<a href="javascript:alert(${i})">bad</a> <a href="/p/${i}">Item ${i}</a>` +
    `<table><tbody><tr><td style="position:fixed">${i}</td><td>cell</td></tr></tbody></table>` +
    `<svg viewBox="0 0 1 1"><circle r="1" onload="x()"></circle></svg>` +
    `<select><option>a</option><option selected>b</option></select>` +
    `<script>window.ran=${i}</script><iframe src="/f"></iframe><noscript><b>n</b></noscript>` +
    `<!-- note --> text &amp; more <img src="i${i}.png" onerror="x()"></li>`;
  const page = (n: number) =>
    `<div id="list"><h2>Results</h2><ul class="results">${Array.from({ length: n }, (_, i) => item(i)).join("\n")}</ul><p>end</p></div>`;

  it("gives the same copy as sanitizing it whole, whatever the run size", () => {
    const whole = html(
      prepareForInsertion(
        [parseHtml(page(40), "https://e.com/2").getElementById("list") as Element],
        "https://e.com/2",
        document,
      ),
    );
    for (const chunk of [1, 7, 50]) {
      const el = parseHtml(page(40), "https://e.com/2").getElementById("list") as Element;
      const runs = runNow(prepareForInsertionSteps([el], "https://e.com/2", document, chunk));
      expect(html(runs)).toBe(whole);
    }
    expect(whole).not.toContain("script");
    expect(whole).not.toContain("onclick");
    expect(whole).not.toContain("javascript:");
  });

  it("yields between runs, so no slice sanitizes more than a run", () => {
    const el = parseHtml(page(40), "https://e.com/2").getElementById("list") as Element;
    const steps = prepareForInsertionSteps([el], "https://e.com/2", document, 50);
    let yields = 0;
    for (let r = steps.next(); !r.done; r = steps.next()) yields++;
    // 40 items of about 10 elements each, at most 50 elements a run.
    expect(yields).toBeGreaterThanOrEqual(7);
  });
});

const corpusSkip = withoutCorpus("sanitizing saved list pages in runs", "pagination");

describe.skipIf(corpusSkip)("prepareForInsertion of saved list pages in runs", () => {
  // The pages whose joined page held a task over 40 ms in `npm run bench`, and a few more.
  const ids = ["d0224", "d0215", "d0216", "d0223", "d0187", "d0086", "d0001", "d0063"];
  const pages = corpusSkip ? new Map() : new Map(paginationPages().map((p) => [p.key, p]));
  for (const id of ids) {
    it(`${id}: the same copy of its body in runs as whole`, () => {
      const p = pages.get(`pagination/${id}`);
      if (!p) throw new Error(`${id} is not in the corpus`);
      const text = new TextDecoder(p.charset || "utf-8").decode(readFileSync(p.file));
      const body = () => parseHtml(text, p.input.pageUrl).body as Element;
      const whole = html(
        runNow(prepareForInsertionSteps([body()], p.input.pageUrl, document, 1e9)),
      );
      const runs = html(runNow(prepareForInsertionSteps([body()], p.input.pageUrl, document)));
      expect(runs.length).toBeGreaterThan(0);
      expect(runs).toBe(whole);
    });
  }
});
