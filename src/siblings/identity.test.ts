// @vitest-environment jsdom
import { describe, expect, it } from "vitest";
import { recordIdentities } from "./identity";

const records = (html: string): Element[] =>
  Array.from(new DOMParser().parseFromString(`<body>${html}</body>`, "text/html").body.children);

describe("recordIdentities", () => {
  it("is the title link, normalized against the page URL", () => {
    const r = records(
      '<li><a href="/u/ann">ann</a><h3><a href="/p/1?b=2&a=1#c">One</a></h3></li><li><h3><a href="https://x.test/p/2">Two</a></h3></li>',
    );
    expect(recordIdentities(r, "https://x.test/list?page=2")).toEqual([
      "url:https://x.test/p/1?a=1&b=2",
      "url:https://x.test/p/2",
    ]);
  });

  it("never takes an author link: a post without a title link is known by its text", () => {
    const r = records(
      '<div><a href="/u/ann">ann</a> First post</div><div><a href="/u/bob">bob</a> Second post</div>',
    );
    const ids = recordIdentities(r, "https://x.test/t/1");
    expect(ids[0]).toMatch(/^text:/);
    expect(ids[0]).not.toBe(ids[1]);
  });

  it("takes a first link with a title's text when no heading names the record", () => {
    const r = records(
      '<li><a href="/n/7">Council approves the new bridge</a> · 3 min ago</li><li><a href="/u/ann">ann</a> Second post</li>',
    );
    const ids = recordIdentities(r, "https://x.test/");
    expect(ids[0]).toBe("url:https://x.test/n/7");
    expect(ids[1]).toMatch(/^text:/);
  });

  it("does not take a heading link that several records share (a category)", () => {
    const r = records(
      '<li><h4><a href="/cat/news">News</a></h4>Alpha</li><li><h4><a href="/cat/news">News</a></h4>Beta</li>',
    );
    const ids = recordIdentities(r, "https://x.test/");
    expect(ids.every((id) => id.startsWith("text:"))).toBe(true);
  });

  it("gives the same text identity whatever the case and spacing", () => {
    const [a, b] = recordIdentities(
      records("<li>Hello   World</li><li>hello world</li>"),
      "https://x.test/",
    );
    expect(a).toBe(b);
  });
});
