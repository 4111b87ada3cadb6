// @vitest-environment jsdom
import { describe, expect, it } from "vitest";
import { listItems, recordItem } from "./items";

const el = (html: string): Element =>
  new DOMParser().parseFromString(`<body>${html}</body>`, "text/html").body
    .firstElementChild as Element;

describe("recordItem", () => {
  it("takes the title link, its date and author as marked up", () => {
    const item = recordItem(
      el(
        '<article><h2><a href="/p/7">Bridge opens</a></h2><time datetime="2026-11-20">Nov 20</time><span class="byline">By Ann Lee</span><p>The bridge opened.</p></article>',
      ),
      3,
      "https://x.test/news?page=3",
    );
    expect(item).toEqual({
      page: 3,
      url: "https://x.test/p/7",
      title: "Bridge opens",
      text: "Bridge opensNov 20By Ann LeeThe bridge opened.",
      date: "2026-11-20",
      author: "Ann Lee",
    });
  });

  it("falls back to the page's URL and the first heading, without date or author", () => {
    const item = recordItem(
      el("<li><h3>Plain</h3><p>No link here.</p></li>"),
      1,
      "https://x.test/",
    );
    expect(item).toEqual({
      page: 1,
      url: "https://x.test/",
      title: "Plain",
      text: "PlainNo link here.",
    });
  });
});

describe("listItems", () => {
  it("is null for an article and one item per record for a list", () => {
    expect(listItems([el("<div><p>a</p><p>b</p><p>c</p></div>")], 1, "https://x.test/")).toBeNull();
    const list = el(
      `<ul>${[1, 2, 3].map((i) => `<li class="r"><h2><a href="/${i}">T${i}</a></h2> body ${i}</li>`).join("")}</ul>`,
    );
    expect(listItems([list], 2, "https://x.test/")?.map((i) => i.url)).toEqual([
      "https://x.test/1",
      "https://x.test/2",
      "https://x.test/3",
    ]);
  });
});
