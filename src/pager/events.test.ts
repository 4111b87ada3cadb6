// @vitest-environment jsdom
import { describe, expect, it } from "vitest";
import { announceJoinedPage, NODE_INSERTED, PAGE_LOADED } from "./events";

describe("announceJoinedPage", () => {
  it("fires AutoPagerize_DOMNodeInserted on each inserted element (bubbling, with the URL) and GM_AutoPagerizeNextPageLoaded once", () => {
    document.body.innerHTML = '<div id="p"><p>a</p><p>b</p></div>';
    const parent = document.getElementById("p") as Element;
    const seen: { target: EventTarget | null; url: unknown }[] = [];
    let loaded = 0;
    const onNode = (e: Event) => {
      const m = e as Event & { newValue?: string; detail?: string };
      seen.push({ target: e.target, url: m.newValue || m.detail });
    };
    const onLoaded = () => loaded++;
    document.addEventListener(NODE_INSERTED, onNode);
    document.addEventListener(PAGE_LOADED, onLoaded);
    const nodes = [...Array.from(parent.children), document.createTextNode("t")];
    expect(announceJoinedPage(document, nodes, parent, "https://ex.com/2")).toBe(2);
    document.removeEventListener(NODE_INSERTED, onNode);
    document.removeEventListener(PAGE_LOADED, onLoaded);
    expect(seen.map((s) => s.target)).toEqual(Array.from(parent.children));
    expect(seen.every((s) => s.url === "https://ex.com/2")).toBe(true);
    expect(loaded).toBe(1);
  });
});
