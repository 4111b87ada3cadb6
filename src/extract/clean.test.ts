// @vitest-environment jsdom
import { describe, expect, it } from "vitest";
import { cleanBody, hintMatches, isJunk } from "./clean";

const body = (html: string) => {
  const d = document.createElement("div");
  d.innerHTML = html;
  return d;
};
const para = (n: number) =>
  Array.from(
    { length: n },
    (_, i) => `<p>Paragraph ${i} of the story, with enough words to be prose.</p>`,
  ).join("");

describe("cleanBody", () => {
  it("removes share buttons, related links, comments and forms, keeps the story", () => {
    const root = body(`${para(6)}
      <div class="share-buttons"><a href="#">Facebook</a><a href="#">Twitter</a></div>
      <aside class="related-posts"><h3>Related</h3><ul><li><a href="/a">A story</a></li></ul></aside>
      <section id="comments"><p>First comment that is quite long and would count as text otherwise.</p></section>
      <form><input name="q"><button>Go</button></form>
      <figure><img src="a.jpg"><figcaption>A caption</figcaption></figure>`);
    cleanBody(root);
    const t = root.textContent ?? "";
    expect(t).toContain("Paragraph 5");
    expect(t).toContain("A caption");
    expect(root.querySelector("img")).not.toBeNull();
    for (const gone of ["Facebook", "Related", "First comment", "Go"])
      expect(t).not.toContain(gone);
  });
  it("keeps a list page whose content is mostly links", () => {
    const items = Array.from(
      { length: 8 },
      (_, i) => `<li><a href="/n/${i}">News item ${i} headline</a></li>`,
    ).join("");
    const root = body(`<ul>${items}</ul><p>Short intro.</p>`);
    cleanBody(root);
    expect(root.querySelectorAll("li")).toHaveLength(8);
  });
  it("never removes a wrapper that holds most of the text, whatever its class", () => {
    const root = body(`<div class="comments-open">${para(5)}</div>`);
    cleanBody(root);
    expect(root.textContent).toContain("Paragraph 4");
  });
  it("drops short byline and date blocks (the export prints the byline itself)", () => {
    const root = body(`<div class="byline">By Ann</div><p class="post-meta">May 1</p>${para(3)}`);
    cleanBody(root);
    expect(root.textContent).not.toContain("By Ann");
    expect(root.textContent).not.toContain("May 1");
  });
});

describe("junk hints", () => {
  it("match whole words of short class tokens, not names made from headings", () => {
    expect(hintMatches("post share-tools", /^(?:share)$/)).toBe(true);
    expect(hintMatches("sharing-with-a-single-developer", /^(?:sharing)$/)).toBe(false);
    expect(hintMatches("mostRead", /^(?:most-read)$/i)).toBe(true);
  });
  it("body hints are never junk", () => {
    const d = document.createElement("div");
    d.className = "article-body share";
    expect(isJunk(d)).toBe(false);
    d.className = "social";
    expect(isJunk(d)).toBe(true);
  });
});
