import { describe, expect, it } from "vitest";
import { withPage2 } from "./detect-document";
import { parseDocument, withImpliedTags } from "./dom-engine";
import { page2Verdict } from "./page2-check";

const list = (n: number, title = "News") =>
  `<!doctype html><title>${title} - page ${n}</title><body><header class="top"><a href="/">Home</a></header><main class="list"><ul class="items"><li>item ${n}a</li><li>item ${n}b</li></ul>
   <div class="pager">${[1, 2, 3]
     .map((k) =>
       k === n
         ? `<span class="current">${k}</span>`
         : `<a href="/news${k === 1 ? "" : `?page=${k}`}">${k}</a>`,
     )
     .join(" ")}</div></main><footer class="foot">f</footer></body>`;

const P1 = "https://ex.com/news";
const P2 = "https://ex.com/news?page=2";
const at = (html: string, url: string) => ({ doc: parseDocument(html, url), url });

describe("page2Verdict", () => {
  it("confirms page 2 of the same list, its pager moved on by one", () => {
    expect(page2Verdict(at(list(1), P1), at(list(2), P2))).toEqual({ confirmed: true, reason: "" });
  });
  it("refuses another template and says so", () => {
    const login = `<!doctype html><title>Sign in</title><body><form class="login"><input name="u"></form></body>`;
    const v = page2Verdict(at(list(1), P1), at(login, P2));
    expect(v.confirmed).toBe(false);
    expect(v.reason).toMatch(/another template/);
  });
  it("refuses a page whose pager shows another page than the next", () => {
    const v = page2Verdict(at(list(1), P1), at(list(3), "https://ex.com/news?page=3"));
    expect(v.confirmed).toBe(false);
    expect(v.reason).toMatch(/another page/);
  });
});

describe("withPage2", () => {
  it("makes a waiting link the next link when page 2 confirms it", () => {
    expect(
      withPage2({ nextUrl: null, pendingNextUrl: P2 }, { confirmed: true, reason: "" }),
    ).toEqual({
      nextUrl: P2,
      pendingNextUrl: null,
    });
  });
  it("refuses a sure link too, with the reason, when page 2 does not continue the page", () => {
    expect(
      withPage2({ nextUrl: P2, pendingNextUrl: null }, { confirmed: false, reason: "why" }),
    ).toEqual({
      nextUrl: null,
      pendingNextUrl: null,
      refusedNextUrl: P2,
      refusedReason: "why",
    });
  });
  it("keeps the fields as detected without page 2", () => {
    expect(withPage2({ nextUrl: null, pendingNextUrl: P2 }, null)).toEqual({
      nextUrl: null,
      pendingNextUrl: P2,
    });
  });
});

describe("parseDocument", () => {
  it("gives no window and pins the base URL, an existing <base> resolved against the page", () => {
    const d = parseDocument("<html><head></head><body><a href='x'>x</a></body></html>", P1);
    expect(d.defaultView).toBeNull();
    expect(d.querySelector("base")?.getAttribute("href")).toBe(P1);
    const b = parseDocument("<html><head><base href='/sub/'></head><body></body></html>", P1);
    expect(b.querySelector("base")?.getAttribute("href")).toBe("https://ex.com/sub/");
  });
});

describe("withImpliedTags", () => {
  it("leaves a page that writes them alone", () => {
    const full = "<!doctype html><html><head><title>T</title></head><body><p>x</p></body></html>";
    expect(withImpliedTags(full)).toBe(full);
  });
  it("puts a page's content in the body when it leaves out <html>, <head> and <body>", () => {
    for (const html of [
      "<!doctype html><title>T</title><div class='a'>x</div>",
      "<html><title>T</title><body><div class='a'>x</div></body></html>",
      "<html><head><title>T</title></head><div class='a'>x</div></html>",
    ]) {
      const d = parseDocument(html, P1);
      expect(d.title).toBe("T");
      expect(d.body?.querySelector(".a")?.textContent).toBe("x");
    }
  });
});
