// @vitest-environment jsdom
import { describe, expect, it } from "vitest";
import { SliceBudget } from "../budget/slices";
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
