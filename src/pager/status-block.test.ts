// @vitest-environment jsdom
import { describe, expect, it } from "vitest";
import { StatusBlock, watchScroll } from "./status-block";

describe("StatusBlock", () => {
  it("is a hidden live region that fits its parent's content model", () => {
    const ul = document.createElement("ul");
    const block = new StatusBlock(document, ul);
    expect(block.element.localName).toBe("li");
    expect(block.element.className).toBe("tsugi-status");
    expect(block.message.getAttribute("role")).toBe("status");
    expect(block.message.style.display).toBe("none");
    expect(new StatusBlock(document, document.createElement("tbody")).element.localName).toBe("tr");
  });
  it("says a message and takes it back", () => {
    const block = new StatusBlock(document, document.body);
    block.show("Loading page 2…");
    expect(block.message.textContent).toBe("Loading page 2…");
    expect(block.message.style.display).toBe("");
    block.hide();
    expect(block.message.textContent).toBe("");
    expect(block.message.style.display).toBe("none");
  });
});

describe("watchScroll", () => {
  it("calls the handler on scroll and resize until stopped", () => {
    let calls = 0;
    const handler = () => {
      calls++;
    };
    watchScroll(window, handler, true);
    watchScroll(window, handler, true);
    window.dispatchEvent(new Event("scroll"));
    window.dispatchEvent(new Event("resize"));
    expect(calls).toBe(2);
    watchScroll(window, handler, false);
    window.dispatchEvent(new Event("scroll"));
    expect(calls).toBe(2);
  });
});
