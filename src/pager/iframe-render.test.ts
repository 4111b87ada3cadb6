// @vitest-environment jsdom
import { describe, expect, it } from "vitest";
import {
  emptyListContainer,
  FRAME_SANDBOX,
  hasScripts,
  leastText,
  listMissing,
  mainKind,
  mainKindMissing,
  needsRendering,
  nothingFound,
  pageElementFilled,
  RenderError,
  renderInFrame,
  ruleElementEmpty,
  ruleMissed,
} from "./iframe-render";
import { shapeOf } from "./placeholder";
import { profileOf, type ResolvedPage } from "./verify-page";

const parse = (html: string) => new DOMParser().parseFromString(html, "text/html");
const read = (over: Partial<ResolvedPage>): ResolvedPage => ({
  elements: [],
  nextUrl: null,
  nextAnchor: null,
  elementsBy: "none",
  nextBy: "none",
  ruleProblems: [],
  ...over,
});
const SHELL = '<ul id="items"></ul><nav><a href="/2">Next</a></nav><script>render()</script>';
const FILLED = '<ul id="items"><li>One</li><li>Two</li></ul>';

describe("signals of an app shell", () => {
  it("ruleElementEmpty and nothingFound read what resolvePage found", () => {
    expect(ruleElementEmpty(read({ ruleProblems: ["pageElement is empty"] }))).toBe(true);
    expect(ruleElementEmpty(read({ ruleProblems: ["pageElement matched nothing"] }))).toBe(false);
    expect(nothingFound(read({}))).toBe(true);
    const li = parse(FILLED).querySelector("li") as Element;
    expect(nothingFound(read({ elements: [li] }))).toBe(false);
  });

  it("emptyListContainer: page 1's list is there and empty", () => {
    expect(emptyListContainer(parse(SHELL), '//*[@id="items"]')).toBe(true);
    expect(emptyListContainer(parse(FILLED), '//*[@id="items"]')).toBe(false);
    expect(emptyListContainer(parse(SHELL), '//*[@id="gone"]')).toBe(false);
    expect(emptyListContainer(parse(SHELL), null)).toBe(false);
  });

  it("hasScripts: scripts that run, not JSON data blocks", () => {
    expect(hasScripts(parse(SHELL))).toBe(true);
    expect(hasScripts(parse('<script type="module" src="/app.js"></script>'))).toBe(true);
    expect(hasScripts(parse('<script type="application/json">{"a":1}</script>'))).toBe(false);
    expect(hasScripts(parse(FILLED))).toBe(false);
  });

  it("needsRendering: an empty list with a script, never a page without scripts", () => {
    const shell = parse(SHELL);
    const empty = read({ ruleProblems: ["pageElement is empty"] });
    expect(needsRendering(empty, shell, null)).toBe(true);
    const items = parse(FILLED).querySelectorAll("li");
    const fine = read({ elements: Array.from(items), elementsBy: "rule" });
    expect(needsRendering(fine, parse(FILLED), null)).toBe(false);
    expect(needsRendering(empty, parse('<ul id="items"></ul>'), null)).toBe(false);
    // The model found something (the pager bar), yet page 1's list is there and empty.
    const nav = shell.querySelector("nav") as Element;
    const model = read({ elements: [nav], elementsBy: "model" });
    expect(needsRendering(model, shell, '//*[@id="items"]')).toBe(true);
  });

  it("mainKindMissing: the heading read, the list that held page 1's text not", () => {
    const p1 = parse(
      `<main><h1>Notices</h1><ul>${"<li>a notice of some length</li>".repeat(5)}</ul></main>`,
    );
    const main = mainKind([p1.querySelector("h1") as Element, p1.querySelector("ul") as Element]);
    expect(main).toBe("ul");
    const wall = parse("<main><h1>Before you continue</h1><button>Accept all</button></main>");
    const h1 = read({ elements: [wall.querySelector("h1") as Element], elementsBy: "rule" });
    expect(mainKindMissing(h1, main)).toBe(true);
    expect(listMissing(h1, wall, null, undefined, main)).toBe(true);
    const both = read({
      elements: [p1.querySelector("h1") as Element, p1.querySelector("ul") as Element],
      elementsBy: "rule",
    });
    expect(mainKindMissing(both, main)).toBe(false);
    expect(mainKindMissing(h1, null)).toBe(false);
  });

  it("leastText: a tenth of page 1's text, at most 200 chars", () => {
    const p1 = parse(`<ul id="items">${"<li>ten chars</li>".repeat(30)}</ul>`);
    const ul = p1.querySelector("ul") as Element;
    expect(leastText([ul])).toBe(27);
    const big = parse(`<ul>${"<li>a long item of text here</li>".repeat(500)}</ul>`);
    expect(leastText([big.querySelector("ul") as Element])).toBe(200);
  });

  it("pageElementFilled: not while it only says Loading…, yes once an item is there", () => {
    const profile = profileOf([document.createElement("ul")], ['//*[@id="items"]']);
    const loading = parse('<ul id="items"><li class="spinner">Loading…</li></ul>');
    expect(pageElementFilled(loading, profile, 40)).toBe(false);
    const one = parse(
      '<ul id="items"><li>Entry 41: the last page has this single item, with its own words.</li></ul>',
    );
    expect(pageElementFilled(one, profile, 40)).toBe(true);
    const picture = parse('<ul id="items"><li><img src="a.png" alt=""></li></ul>');
    expect(pageElementFilled(picture, profile, 40)).toBe(true);
  });

  it("pageElementFilled: the rule's element, of page 1's kind, with content", () => {
    const profile = profileOf([document.createElement("ul")], ['//*[@id="items"]']);
    expect(pageElementFilled(parse(FILLED), profile)).toBe(true);
    expect(pageElementFilled(parse(SHELL), profile)).toBe(false);
    const other = profileOf([document.createElement("article")], ['//*[@id="items"]']);
    expect(pageElementFilled(parse(FILLED), other)).toBe(false);
  });
});

describe("renderInFrame (bad input; the rendering itself runs in the e2e test)", () => {
  const profile = profileOf([document.createElement("ul")], ['//*[@id="items"]']);
  const frames = () => document.querySelectorAll("iframe").length;

  it("refuses another origin without making a frame", async () => {
    const err = await renderInFrame(document, "http://elsewhere.example/2", {
      profile,
      pageUrl: "http://site.example/1",
    }).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(RenderError);
    expect((err as RenderError).problem).toBe("left-origin");
    expect(frames()).toBe(0);
  });

  it("times out on a page that never fills, and removes its sandboxed frame", async () => {
    let seen: HTMLIFrameElement | null = null;
    const mo = new MutationObserver(() => {
      seen ??= document.querySelector("iframe[data-tsugi-frame]");
    });
    mo.observe(document.body, { childList: true });
    const t0 = Date.now();
    const err = await renderInFrame(document, "http://site.example/2", {
      profile,
      pageUrl: "http://site.example/1",
      timeoutMs: 150,
    }).catch((e: unknown) => e);
    mo.disconnect();
    expect((err as RenderError).problem).toBe("timeout");
    expect(Date.now() - t0).toBeGreaterThanOrEqual(140);
    expect((seen as HTMLIFrameElement | null)?.getAttribute("sandbox")).toBe(FRAME_SANDBOX);
    expect(frames()).toBe(0);
  });

  it("stops when the reader does, and removes the frame", async () => {
    const abort = new AbortController();
    const pending = renderInFrame(document, "http://site.example/2", {
      profile,
      pageUrl: "http://site.example/1",
      signal: abort.signal,
    }).catch((e: unknown) => e);
    expect(frames()).toBe(1);
    abort.abort();
    expect(((await pending) as RenderError).problem).toBe("aborted");
    expect(frames()).toBe(0);
  });
});

describe("placeholders in fetched pages and frames", () => {
  const page1 = parse(
    `<ul id="items">${[1, 2, 3, 4, 5, 6].map((n) => `<li class="entry"><h2>Entry ${n}</h2><p>Entry ${n}, a paragraph of its own about something.</p></li>`).join("")}</ul>`,
  );
  const items = Array.from(page1.querySelectorAll("li.entry"));
  const shape = shapeOf(items, leastText(items));
  const profile = profileOf(items, ['//ul[@id="items"]/li[contains(@class,"entry")]']);

  it("needsRendering: a list container holding only Loading… with a script", () => {
    const shell = parse('<ul id="items"><li class="loading">Loading…</li></ul><script>1</script>');
    const loadingLine = shell.querySelector("li.loading");
    if (!loadingLine) throw new Error("fixture");
    const ruled = read({ elements: [loadingLine], elementsBy: "rule" });
    expect(needsRendering(ruled, shell, null)).toBe(false);
    expect(needsRendering(ruled, shell, null, shape)).toBe(true);
    expect(needsRendering(ruled, shell, '//*[@id="items"]', shape)).toBe(true);
  });

  it("needsRendering: page 1's list missing, the model's guess the shell's footer", () => {
    const shell = parse(
      '<header><h1>Forum</h1><nav><a href="/">Home</a></nav></header><div id="app"><p class="loading">Loading…</p></div><footer><p>© 2026 Forum Ltd. All rights reserved.</p></footer><script>1</script>',
    );
    const footer = shell.querySelector("footer p") as Element;
    const guess = read({
      elements: [footer],
      elementsBy: "model",
      ruleProblems: ["pageElement matched nothing"],
    });
    expect(ruleMissed(guess)).toBe(true);
    expect(listMissing(guess, shell, null)).toBe(true);
    expect(needsRendering(guess, shell, null)).toBe(true);
    // The same page without its script is no shell: it is a wall or not the list.
    const bare = parse(shell.body.innerHTML.replace(/<script>1<\/script>/, ""));
    expect(listMissing(guess, bare, null)).toBe(true);
    expect(needsRendering(guess, bare, null)).toBe(false);
    const found = read({ elements: [footer], elementsBy: "rule" });
    expect(ruleMissed(found)).toBe(false);
  });

  it("pageElementFilled: a skeleton of cards is not filled yet", () => {
    const frame = parse(
      `<ul id="items">${'<li class="entry skeleton"><img src="a.svg" width="40"></li>'.repeat(3)}</ul>`,
    );
    expect(pageElementFilled(frame, profile, 1)).toBe(true);
    expect(pageElementFilled(frame, profile, 1, shape)).toBe(false);
    expect(pageElementFilled(page1, profile, 1, shape)).toBe(true);
  });
});
