// @vitest-environment jsdom
import { describe, expect, it } from "vitest";
import { readTextLength, segmentRecords, signature } from "./records";

const body = (html: string): Element => {
  const doc = new DOMParser().parseFromString(`<body>${html}</body>`, "text/html");
  return doc.body;
};
const items = (n: number, cls = "item") =>
  Array.from(
    { length: n },
    (_, i) =>
      `<li class="${cls}${i === 0 ? " first" : ""}"><h3><a href="/p/${i}">Item ${i}</a></h3><p>About item ${i} at some length.</p></li>`,
  ).join("");

describe("signature", () => {
  it("is the tag and the first hand-written class", () => {
    const b = body('<li class="item first"></li><article class="post-12345 post"></article>');
    expect(Array.from(b.children, signature)).toEqual(["li.item", "article.post"]);
  });
});

describe("segmentRecords", () => {
  it("finds the repeated children of a list, below wrappers", () => {
    const b = body(
      `<div id="main"><div class="wrap"><h2>Results</h2><ul>${items(5)}</ul></div></div>`,
    );
    const list = segmentRecords([b.firstElementChild as Element]);
    expect(list?.records.length).toBe(5);
    expect(list?.signature).toBe("li.item");
  });

  it("leaves out siblings of another kind (a category description, the pager)", () => {
    const b = body(
      `<ul id="grid"><li class="category-description">About this long category of things we sell here</li>${items(4)}<li class="pager"><a href="?p=2">2</a></li></ul>`,
    );
    const list = segmentRecords([b.firstElementChild as Element]);
    expect(list?.records.map((r) => r.className)).toEqual(["item first", "item", "item", "item"]);
  });

  it("is null for an article: paragraphs are not records", () => {
    const paras = Array.from({ length: 12 }, (_, i) => `<p>Paragraph ${i} of the story.</p>`).join(
      "",
    );
    const b = body(`<article>${paras}<ul><li>a</li><li>b</li><li>c</li></ul></article>`);
    expect(segmentRecords([b.firstElementChild as Element])).toBeNull();
  });

  it("is null when the repeated boxes hold little of the text", () => {
    const paras = Array.from(
      { length: 12 },
      (_, i) => `<p>Paragraph ${i} of the story, long enough to matter.</p>`,
    ).join("");
    const b = body(
      `<div>${paras}<div class="tag">x</div><div class="tag">y</div><div class="tag">z</div></div>`,
    );
    expect(segmentRecords([b.firstElementChild as Element])).toBeNull();
  });

  it("takes several page elements of one signature as the records", () => {
    const b = body(
      items(3, "post").replaceAll("<li", "<article").replaceAll("</li>", "</article>"),
    );
    expect(segmentRecords(Array.from(b.children))?.records.length).toBe(3);
  });

  it("joins the records of page elements that are lists themselves (grid rows)", () => {
    const b = body(`<ul class="grid">${items(3)}</ul><ul class="grid">${items(3)}</ul>`);
    expect(segmentRecords(Array.from(b.children))?.records.length).toBe(6);
  });

  it("takes product tiles given as page elements as the records, whatever repeats inside them", () => {
    const tile = (i: number) =>
      `<div class="tile"><a href="/p/${i}">Product ${i}</a><div class="q">Qty: 1</div><div class="q">Case: 12</div><div class="q">Price: $${i}</div></div>`;
    const b = body([1, 2, 3, 4].map(tile).join(""));
    expect(segmentRecords(Array.from(b.children))?.records.map((r) => r.className)).toEqual([
      "tile",
      "tile",
      "tile",
      "tile",
    ]);
  });

  it("takes the list inside one of several boxes of one kind, not the boxes", () => {
    const b = body(
      `<div class="mod">Did you mean: python</div><div class="mod">4251 results</div><div class="mod"><ul>${items(5)}</ul></div><div class="mod">Page 1 of 213</div>`,
    );
    expect(segmentRecords(Array.from(b.children))?.records.length).toBe(5);
  });

  it("takes the list inside one of the boxes among mixed page elements", () => {
    const b = body(
      `<blockquote class="mod">Popular</blockquote><div class="bar">Did you mean: python</div><div class="mod">4251 results</div><div class="mod"><ul>${items(5)}</ul></div><div class="mod">Page 1 of 213</div>`,
    );
    expect(segmentRecords(Array.from(b.children))?.records.length).toBe(5);
  });

  it("takes the tiles as the records when a stray box stands among them", () => {
    const tile = (i: number) =>
      `<div class="tile"><h3><a href="/p/${i}">Product ${i} with a name</a></h3><p>From $${i}.99</p></div>`;
    const b = body(`${tile(1)}${tile(2)}<div class="ad">Ad</div>${tile(3)}${tile(4)}`);
    expect(segmentRecords(Array.from(b.children))?.records.length).toBe(4);
  });

  it("reads rows that alternate odd/even classes as one kind", () => {
    const rows = [1, 2, 3, 4]
      .map(
        (i) =>
          `<ul class="${i % 2 ? "odd" : "even"} topic post-${1000 + i}"><li><a href="/t/${i}">Topic ${i} about things</a></li><li>${i} replies</li></ul>`,
      )
      .join("");
    const b = body(`<li class="body">${rows}</li>`);
    expect(segmentRecords([b.firstElementChild as Element])?.records.length).toBe(4);
  });

  it("joins the records of two boxes of one kind among mixed page elements", () => {
    const box = (from: number) =>
      `<div class="box"><h3>Latest</h3>${items(3).replaceAll("/p/", `/p/${from}`)}</div>`;
    const b = body(`<form>Search <input></form>${box(1)}${box(2)}<div class="nav">1 2 3</div>`);
    expect(segmentRecords(Array.from(b.children))?.records.length).toBe(6);
  });

  it("finds the list among mixed page elements (a heading, a toolbar and the list)", () => {
    const b = body(
      `<h1>Rings</h1><div class="toolbar">Sort by <select><option>Name</option></select></div><ul class="grid">${items(4)}</ul>`,
    );
    expect(segmentRecords(Array.from(b.children))?.records.length).toBe(4);
  });

  it("takes a board's topic rows, not its tables, when a menu and the pinned topics are tables too", () => {
    const row = (i: number, pinned = false) =>
      `<tr><td class="mc"><img src="/icon.png"></td><td class="lc"><a href="/board/24/${i}/">${pinned ? "Pinned notice" : "Topic"} ${i} about the new set</a></td><td class="mc">user${i}</td><td class="lc">${i}00</td><td class="mc">${i}</td><td class="lc"><small>2016/03/${10 + i}</small></td></tr>`;
    const head =
      "<tr><th></th><th>Title</th><th>Author</th><th>Views</th><th>Posts</th><th>Last post</th></tr>";
    const topics = Array.from({ length: 10 }, (_, i) => row(100 + i)).join("");
    const b = body(
      `<h1>New sets</h1><table id="bb"><tr><th><a href="/new">New topic</a></th><th>|</th><th><a href="/info">Forum info</a></th><th>|</th><th><a href="/search">Search</a></th></tr></table><table width="100%">${head}${row(1, true)}${row(3, true)}</table><table width="100%">${head}${topics}</table>`,
    );
    const list = segmentRecords(Array.from(b.children));
    expect(list?.signature).toBe("tr");
    expect(list?.records.filter((r) => r.textContent?.includes("Topic")).length).toBe(10);
  });

  it("takes the jobs of a layout table's rows, not the rows, when a search form's menus are long", () => {
    // A job board laid out in one table (iCIMS): a title row, an intro, the pager, the row
    // holding the jobs table, a search form whose location menu lists a few hundred places,
    // and two link rows; the rendered page's page element is the layout table's rows.
    const job = (i: number) =>
      `<tr><td class="odd">2010-${i}</td><td><a href="/jobs/${i}/job">Adjunct faculty ${i}</a></td><td>US-CA-Fremont</td><td>4/26/2010</td></tr>`;
    const places = Array.from({ length: 300 }, (_, i) => `<option>US-XX-Town ${i}</option>`).join(
      "",
    );
    const b = body(
      `<table><tbody><tr><td>Job Listings</td></tr><tr><td>Here are our current job openings. Please click on a title.</td></tr><tr><td>Page 1 of 2 <a href="?pr=2">Next</a></td></tr><tr><td><table class="jobs"><tbody><tr><th>Job ID</th><th>Title</th><th>Location</th><th>Posted</th></tr>${Array.from({ length: 10 }, (_, i) => job(13500 + i)).join("")}</tbody></table></td></tr><tr><td>Use this form to do another job search:</td></tr><tr><td><form>Keywords: <input> Location: <select>${places}</select></form></td></tr><tr><td><a href="/">Go back to the welcome page</a></td></tr><tr><td><a href="//icims.test">Applicant Tracking Software</a></td></tr></tbody></table>`,
    );
    const rows = Array.from(b.querySelectorAll("table > tbody > tr")).filter(
      (r) => r.parentElement?.parentElement?.parentElement === b,
    );
    expect(rows).toHaveLength(8);
    const list = segmentRecords(rows);
    expect(list?.records.filter((r) => r.textContent?.includes("Adjunct")).length).toBe(10);
    expect(list?.records.some((r) => r.querySelector("select"))).toBe(false);
  });

  it("reads a drop-down menu as no text (a reader sees one option)", () => {
    const b = body(
      "<div><p>Find a job</p><select><option>Alabama</option><option>Alaska</option></select></div>",
    );
    expect(readTextLength(b.firstElementChild as Element)).toBe("Find a job".length);
  });

  it("does not take two page elements of one kind (an article's two halves) as items", () => {
    const half = (n: number) =>
      `<div class="entry"><p>Half ${n} of the story.</p><p>More of half ${n}.</p></div>`;
    expect(segmentRecords(Array.from(body(half(1) + half(2)).children))).toBeNull();
  });

  it("does not take an article cut into bare sections, or unlinked boxes, as a list", () => {
    const part = (n: number, tag: string) =>
      `<${tag}><h2>Part ${n}</h2><p>Words of part ${n}, a paragraph of the long read.</p></${tag}>`;
    for (const tag of ["section", "div"]) {
      const b = body(`<article>${[1, 2, 3, 4].map((n) => part(n, tag)).join("")}</article>`);
      expect(segmentRecords([b.firstElementChild as Element])).toBeNull();
    }
    const boxes = body(
      `<div>${[1, 2, 3].map((n) => `<aside class="note">Note ${n} of the story.</aside>`).join("")}</div>`,
    );
    expect(segmentRecords([boxes.firstElementChild as Element])).toBeNull();
  });

  it("needs at least 3 repeats", () => {
    const b = body(`<ul>${items(2)}</ul>`);
    expect(segmentRecords([b.firstElementChild as Element])).toBeNull();
  });
});
