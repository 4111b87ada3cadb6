// @vitest-environment jsdom
import { describe, expect, it } from "vitest";
import type { LoadMoreRule, ReaderRule } from "../messaging/site-rule";
import { loadMoreFromRules, pickedLoadMoreXPath } from "./load-more-rule";
import { pickedLoadMoreRule } from "./picked-rule";

const PAGE = "https://shop.test/list/1";
const items = (cls: string) =>
  `<ul class="${cls}">${["one", "two", "three"].map((t) => `<li class="item">${t}</li>`).join("")}</ul>`;

function page(body: string): Document {
  document.body.innerHTML = body;
  return document;
}

const rule = (loadMoreButton: string, url = "^https://shop\\.test/"): LoadMoreRule => ({
  name: "shop.test",
  url,
  loadMoreButton,
});

describe("loadMoreFromRules", () => {
  it("takes the button a matching rule names when it passes the load-more control check", () => {
    const d = page(`${items("tides")}<button type="button" class="zz-more">▼</button>`);
    const siteinfo: ReaderRule = {
      name: "blog",
      url: "^https://shop\\.test/",
      nextLink: "//a",
      pageElement: "//ul",
    };
    const m = loadMoreFromRules([siteinfo, rule("//button[@class='zz-more']")], d, PAGE);
    expect(m?.rule.loadMoreButton).toBe("//button[@class='zz-more']");
    expect(m?.target.control).toBe(d.querySelector("button.zz-more"));
    expect(m?.target.scope).toBe(d.querySelector("ul.tides"));
    expect(m?.target.label).toBe("▼");
    // The control around what the XPath names (a span inside the button).
    const inner = page(`${items("tides")}<button class="zz"><span>▼</span></button>`);
    expect(loadMoreFromRules([rule("//button/span")], inner, PAGE)?.target.control).toBe(
      inner.querySelector("button.zz"),
    );
  });

  it("never takes what is not a load-more control, nor a rule of other pages", () => {
    const danger = page(`${items("cart")}<button class="zz">Delete all</button>`);
    expect(loadMoreFromRules([rule("//button")], danger, PAGE)).toBeNull();
    const form = page(
      `<form action="/buy">${items("cart")}<button class="zz">More</button></form>`,
    );
    expect(loadMoreFromRules([rule("//button")], form, PAGE)).toBeNull();
    const away = page(`${items("list")}<a class="zz" href="/elsewhere">More</a>`);
    expect(loadMoreFromRules([rule("//a")], away, PAGE)).toBeNull();
    const noList = page(`<p>text</p><button class="zz">More</button>`);
    expect(loadMoreFromRules([rule("//button")], noList, PAGE)).toBeNull();
    const ok = page(`${items("list")}<button class="zz">More</button>`);
    expect(loadMoreFromRules([rule("//button", "^https://other\\.test/")], ok, PAGE)).toBeNull();
    expect(loadMoreFromRules([rule("//nav")], ok, PAGE)).toBeNull();
    // A second element the XPath selects may pass where the first does not.
    const two = page(
      `<button class="zz">Log in</button>${items("list")}<button class="zz">▼</button>`,
    );
    expect(loadMoreFromRules([rule("//button")], two, PAGE)?.target.label).toBe("▼");
  });
});

describe("pickedLoadMoreXPath", () => {
  it("names the button by its class, so the saved rule finds it again", () => {
    const d = page(`${items("tides")}<button type="button" class="zz-more">▼</button>`);
    const control = d.querySelector("button.zz-more") as Element;
    const xpath = pickedLoadMoreXPath(control);
    expect(xpath).toContain("zz-more");
    expect(xpath).not.toMatch(/\[\d+\]/);
    const saved = pickedLoadMoreRule(PAGE, xpath as string);
    expect(saved).toEqual({
      name: "shop.test",
      url: "^https://shop\\.test/list/",
      loadMoreButton: xpath,
    });
    expect(loadMoreFromRules([saved], d, PAGE)?.target.control).toBe(control);
  });
});
