// @vitest-environment jsdom
import { describe, expect, it } from "vitest";
import { checkLoadMoreButton, checkNextLink, checkPageElement, controlOf } from "./pick-checks";

const page = (body: string): Document =>
  new DOMParser().parseFromString(`<!doctype html><body>${body}</body>`, "text/html");
const URL1 = "https://ex.com/story/one.html";
const long = "A sentence of the story that goes on for a while. ".repeat(3);

describe("checkNextLink", () => {
  it("accepts one link to another page of the site, with its absolute URL", () => {
    const d = page('<a class="n" href="two.html">→</a>');
    const r = checkNextLink(d, '//a[@class="n"]', URL1);
    expect(r).toMatchObject({ ok: true, url: "https://ex.com/story/two.html" });
  });

  it("refuses what is not exactly one http(s) link on this site, or the page itself", () => {
    const d = page(
      '<a class="two" href="a.html">a</a><a class="two" href="b.html">b</a><span class="s">x</span>' +
        '<a class="js" href="javascript:go()">go</a><a class="far" href="https://other.org/2">2</a>' +
        '<a class="self" href="one.html#top">top</a><a class="mail" href="mailto:a@ex.com">m</a>',
    );
    const problem = (xp: string) => {
      const r = checkNextLink(d, xp, URL1);
      return r.ok ? "ok" : r.problem;
    };
    expect(problem('//a[@class="two"]')).toBe("not-one");
    expect(problem('//span[@class="s"]')).toBe("not-link");
    expect(problem('//a[@class="none"]')).toBe("not-link");
    expect(problem('//a[@class="js"]')).toBe("not-http");
    expect(problem('//a[@class="mail"]')).toBe("not-http");
    expect(problem('//a[@class="far"]')).toBe("other-site");
    expect(problem('//a[@class="self"]')).toBe("same-page");
  });
});

describe("checkPageElement", () => {
  const d = page(
    `<main><div class="body"><p>${long}</p></div><div class="nav"><a class="n" href="2">→</a></div></main>` +
      '<div class="tiny">Share</div><div class="pic"><img src="a.png"></div>',
  );
  const next = d.querySelector("a.n");

  it("accepts elements that hold the content and not the next link", () => {
    const r = checkPageElement(d, '//div[@class="body"]', next);
    expect(r.ok && r.elements.length).toBe(1);
    expect(checkPageElement(d, '//div[@class="pic"]', next).ok).toBe(true);
  });

  it("refuses nothing, an element around the pager, and one with too little content", () => {
    const problem = (xp: string) => {
      const r = checkPageElement(d, xp, next);
      return r.ok ? "ok" : r.problem;
    };
    expect(problem('//div[@class="gone"]')).toBe("no-match");
    expect(problem("//main")).toBe("holds-next");
    expect(problem('//div[@class="tiny"]')).toBe("too-little");
  });
});

describe("checkLoadMoreButton", () => {
  const d = page(
    '<ul class="list"><li class="item">one</li><li class="item">two</li><li class="item">three</li></ul>' +
      '<button class="more"><span>Show me further stories</span></button>' +
      '<p>text</p><p>more text</p><button class="after">Show more</button>' +
      '<ul class="list2"><li class="item">a</li><li class="item">b</li><li class="item">c</li></ul>' +
      '<button class="danger">Delete all</button>',
  );

  it("takes the button around the picked text, after a list, whatever its words", () => {
    const control = controlOf(d.querySelector("button.more span") as Element);
    expect(control).toBe(d.querySelector("button.more"));
    const r = checkLoadMoreButton(control);
    expect(r.ok && r.target.label).toBe("Show me further stories");
    expect(r.ok && r.target.scope).toBe(d.querySelector("ul.list"));
  });

  it("refuses a button that follows no list, and one the deny list names", () => {
    const problem = (css: string) => {
      const r = checkLoadMoreButton(d.querySelector(css) as Element);
      return r.ok ? "ok" : r.problem;
    };
    expect(problem("button.after")).toBe("no-list");
    expect(problem("button.danger")).toBe("not-safe");
  });
});
