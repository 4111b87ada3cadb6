import { JSDOM } from "jsdom";
import { describe, expect, it } from "vitest";
import { withSplitBody } from "./split-body";

function doc(body: string): Document {
  return new JSDOM(`<body>${body}</body>`).window.document;
}

describe("withSplitBody", () => {
  it("joins every part of a body split around an advertisement, in order", () => {
    const d = doc(`<div id="story">
      <div class="articleBody"><p>First paragraph.</p></div>
      <div class="ad"><p>Buy now</p></div>
      <div class="articleBody"><p>Second paragraph, the longest of them all by far.</p></div>
      <div class="comments-teaser"><p>12 comments</p></div>
      <div class="articleBody"><p>Third paragraph.</p></div></div>`);
    const parts = d.querySelectorAll(".articleBody");
    const out = withSplitBody([parts[1] as Element], null);
    expect(out.map((e) => e.textContent?.trim())).toEqual([
      "First paragraph.",
      "Second paragraph, the longest of them all by far.",
      "Third paragraph.",
    ]);
  });
  it("leaves out a part that holds the next link", () => {
    const d = doc(`<div><div class="body"><p>One.</p></div>
      <div class="body"><p>Pages: <a id="n" href="?page=2">2</a></p></div></div>`);
    const first = d.querySelector(".body") as Element;
    expect(withSplitBody([first], d.querySelector("#n"))).toEqual([first]);
  });
  it("keeps columns of a layout grid apart, and elements without a class or paragraphs", () => {
    const grid = doc(
      `<div><div class="col-md-6"><p>Main.</p></div><div class="col-md-6"><p>Side.</p></div></div>`,
    );
    const main = grid.querySelector(".col-md-6") as Element;
    expect(withSplitBody([main], null)).toEqual([main]);
    const bare = doc(`<div><div><p>A.</p></div><div><p>B.</p></div></div>`);
    const a = bare.querySelector("div > div") as Element;
    expect(withSplitBody([a], null)).toEqual([a]);
    const list = doc(
      `<div><ul class="items"><li>a</li></ul><ul class="items"><li>b</li></ul></div>`,
    );
    const ul = list.querySelector("ul") as Element;
    expect(withSplitBody([ul], null)).toEqual([ul]);
  });
  it("takes a first part of one paragraph wrapped in an element of the template's own", () => {
    const d = doc(`<div id="article">
      <div class="articleBody"><nyt_text><p>(Page 2 of 5)</p><p>The one paragraph.</p></nyt_text></div>
      <div class="articleInline"><a href="javascript:pop()"><img src="t.jpg" alt=""></a></div>
      <div class="articleBody"><p>Second half, first.</p><p>Second half, second.</p></div></div>`);
    const [short, long] = [...d.querySelectorAll(".articleBody")] as Element[];
    expect(withSplitBody([long as Element], null)).toEqual([short, long]);
  });
  it("takes a run with boxes between the parts as the parts, the headline before them kept", () => {
    const d = doc(`<div id="article"><h1 class="articleHeadline">Headline</h1>
      <div class="articleBody"><span>(Page 1 of 5)</span><p>The one paragraph.</p></div>
      <div class="articleInline"><h6><a href="javascript:pop()">Slide Show</a></h6></div>
      <div class="articleInline"></div><script>var x = 1;</script><div id="readerscomment"></div>
      <div class="articleBody"><p>Second half, first.</p><p>Second half, second.</p></div>
      <div class="pageLinks"><a id="n" href="2.html">Next Page</a></div></div>`);
    const [h1, box] = [d.querySelector("h1"), d.querySelector(".articleInline")] as Element[];
    const [short, long] = [...d.querySelectorAll(".articleBody")] as Element[];
    const run = [h1, short, box, long] as Element[];
    expect(withSplitBody(run, d.querySelector("#n"))).toEqual([h1, short, long]);
  });
  it("keeps what is the article's between the parts: a subheading, a figure", () => {
    const d = doc(`<div id="article">
      <div class="articleBody"><p>The one paragraph.</p></div>
      <h2>A subheading</h2><figure><img src="harbour.jpg" alt=""></figure>
      <div class="articleInline"><a href="javascript:pop()"><img src="t.jpg" alt=""></a></div>
      <div class="articleBody"><p>Second half, first.</p><p>Second half, second.</p></div></div>`);
    const run = Array.from(d.querySelectorAll("#article > *"));
    expect(
      withSplitBody(run, null).map((e) => e.localName + (e.className ? `.${e.className}` : "")),
    ).toEqual(["div.articleBody", "h2", "figure", "div.articleBody"]);
  });
  it("leaves a run of several elements as it is", () => {
    const d = doc(`<div><p class="x">A.</p><p class="x">B.</p></div>`);
    const run = [...d.querySelectorAll("p")];
    expect(withSplitBody(run, null)).toEqual(run);
  });
});
