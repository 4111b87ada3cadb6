// @vitest-environment jsdom
import { describe, expect, it } from "vitest";
import { googleTrendsGold, stripLabels } from "./gold";

describe("GoogleTrends gold text", () => {
  it("is the text under the nearest __label=main, inline children included", () => {
    document.body.innerHTML = `<h1 __label="title">T</h1>
      <div><p __label="main">Main <a href="#">linked</a> text</p>
      <p __label="main">More <span __label="caption">caption</span></p>
      <p>unlabelled</p><div __label="comment"><p>c</p></div></div>`;
    expect(googleTrendsGold(document)).toBe("Main linked text\nMore");
    expect(stripLabels(document)).toBe(5);
    expect(document.querySelector("[__label]")).toBeNull();
  });
});
