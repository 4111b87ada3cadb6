// @vitest-environment jsdom
import { afterEach, describe, expect, it, vi } from "vitest";
import { describeElement, PickMode, SWALLOWED, showPickNotice } from "./pick-mode";

afterEach(() => {
  document.body.innerHTML = "";
  for (const el of Array.from(document.querySelectorAll("[data-tsugi-overlay]"))) el.remove();
});

function setUp(target: "next-link" | "page-element" = "next-link") {
  document.body.innerHTML =
    '<main id="story"><div class="text"><p>A <b>bold</b> start of the story.</p></div>' +
    '<nav><a class="zz-q7" href="#two"><img src="arrow.png"></a></nav></main>';
  const onChoose = vi.fn();
  const onCancel = vi.fn();
  const mode = new PickMode(window, { target, hint: "Click the next link", onChoose, onCancel });
  mode.start();
  return { mode, onChoose, onCancel };
}

const move = (el: Element) =>
  el.dispatchEvent(new MouseEvent("mousemove", { bubbles: true, composed: true }));
const key = (k: string, init: KeyboardEventInit = {}) => {
  const e = new KeyboardEvent("keydown", { key: k, bubbles: true, cancelable: true, ...init });
  document.body.dispatchEvent(e);
  return e;
};

describe("describeElement", () => {
  it("says the tag, id or class, and a short text or that it is an image", () => {
    const { mode } = setUp();
    mode.stop();
    expect(describeElement(document.querySelector("#story") as Element)).toMatch(
      /^main#story "A bold start/,
    );
    expect(describeElement(document.querySelector("a") as Element)).toBe("a.zz-q7 (image)");
  });
});

describe("PickMode", () => {
  it("outlines the link around the pointed image, in an overlay that is not in the page's flow", () => {
    const { mode } = setUp();
    move(document.querySelector("img") as Element);
    expect(mode.current).toBe(document.querySelector("a"));
    expect(mode.label).toBe("a.zz-q7 (image)");
    const host = document.querySelector("[data-tsugi-overlay]") as HTMLElement;
    expect(host.parentElement).toBe(document.documentElement);
    expect(host.style.position).toBe("fixed");
    // A closed shadow root: the page cannot reach inside.
    expect(host.shadowRoot).toBeNull();
    mode.stop();
    expect(document.querySelector("[data-tsugi-overlay]")).toBeNull();
  });

  it("outlines the button around the pointed text when the Load more button is picked", () => {
    document.body.innerHTML = '<ul><li>a</li></ul><button class="more"><span>More</span></button>';
    const mode = new PickMode(window, {
      target: "load-more",
      hint: "",
      onChoose: () => {},
      onCancel: () => {},
    });
    mode.start();
    move(document.querySelector("span") as Element);
    expect(mode.current).toBe(document.querySelector("button"));
    mode.stop();
  });

  it("widens to the parent with ArrowUp or w and narrows back with ArrowDown or n", () => {
    const { mode } = setUp("page-element");
    const b = document.querySelector("b") as Element;
    move(b);
    expect(mode.current).toBe(b);
    key("ArrowUp");
    expect(mode.current).toBe(document.querySelector("p"));
    key("w");
    expect(mode.current).toBe(document.querySelector("div.text"));
    key("n");
    expect(mode.current).toBe(document.querySelector("p"));
    key("ArrowDown");
    key("ArrowDown");
    expect(mode.current).toBe(b);
    for (let i = 0; i < 10; i++) key("ArrowUp");
    expect(mode.current).toBe(document.body);
    mode.stop();
  });

  it("keeps its keys from the page and leaves other keys and modified keys alone", () => {
    const { mode } = setUp();
    const seen: string[] = [];
    document.addEventListener("keydown", (e) => seen.push(e.key));
    move(document.querySelector("p") as Element);
    expect(key("ArrowUp").defaultPrevented).toBe(true);
    expect(key("x").defaultPrevented).toBe(false);
    expect(key("w", { ctrlKey: true }).defaultPrevented).toBe(false);
    expect(seen).toEqual(["x", "w"]);
    mode.stop();
  });

  it("chooses on click without following the link or running the page's handlers", () => {
    const { mode, onChoose } = setUp();
    const pageSaw: string[] = [];
    for (const type of SWALLOWED) {
      document.addEventListener(type, () => pageSaw.push(type));
      (document.querySelector("a") as Element).addEventListener(type, () => pageSaw.push(type));
    }
    const img = document.querySelector("img") as Element;
    move(img);
    const events = ["pointerdown", "mousedown", "pointerup", "mouseup", "click"].map((type) => {
      const e = new MouseEvent(type, { bubbles: true, cancelable: true, composed: true });
      img.dispatchEvent(e);
      return e;
    });
    expect(events.every((e) => e.defaultPrevented)).toBe(true);
    expect(pageSaw).toEqual([]);
    expect(location.hash).toBe("");
    expect(onChoose).toHaveBeenCalledWith(document.querySelector("a"));
    expect(mode.isActive).toBe(false);
    // Pick mode is over: the page's clicks are its own again.
    img.dispatchEvent(new MouseEvent("click", { bubbles: true }));
    expect(pageSaw).toContain("click");
  });

  it("follows the keyboard focus, so Tab to a link and Enter pick it without a mouse", () => {
    const { onChoose } = setUp();
    const link = document.querySelector("a.zz-q7") as HTMLElement;
    link.focus();
    const enter = key("Enter");
    expect(enter.defaultPrevented).toBe(true);
    expect(onChoose).toHaveBeenCalledWith(link);
  });

  it("starts from the element that already has the focus", () => {
    document.body.innerHTML = '<p><a id="on" href="/2">2</a></p>';
    (document.getElementById("on") as HTMLElement).focus();
    const onChoose = vi.fn();
    new PickMode(window, { target: "next-link", hint: "", onChoose, onCancel: vi.fn() }).start();
    key("Enter");
    expect(onChoose).toHaveBeenCalledWith(document.getElementById("on"));
  });

  it("Enter chooses the current element; Esc cancels and removes the overlay", () => {
    const a = setUp("page-element");
    move(document.querySelector("p") as Element);
    key("Enter");
    expect(a.onChoose).toHaveBeenCalledWith(document.querySelector("p"));
    const b = setUp();
    key("Escape");
    expect(b.onCancel).toHaveBeenCalledOnce();
    expect(b.onChoose).not.toHaveBeenCalled();
    expect(document.querySelector("[data-tsugi-overlay]")).toBeNull();
  });
});

describe("showPickNotice", () => {
  it("shows a message in an overlay for a while", () => {
    vi.useFakeTimers();
    try {
      showPickNotice(document, "Saved", 1000);
      expect(document.querySelector("[data-tsugi-overlay]")).not.toBeNull();
      vi.advanceTimersByTime(1001);
      expect(document.querySelector("[data-tsugi-overlay]")).toBeNull();
    } finally {
      vi.useRealTimers();
    }
  });
});
