// @vitest-environment jsdom
import { render } from "preact";
import { act } from "preact/test-utils";
import { describe, expect, it } from "vitest";
import { INITIAL_STATUS, type TabStatus } from "../src/status";
import { Popup, type PopupApi } from "./Popup";

const ready: TabStatus = {
  ...INITIAL_STATUS,
  state: "ready",
  nextUrl: "http://ex.com/a/2",
  nextScore: 0.91,
  pages: 3,
  rule: { pageElement: '//*[@id="story"]/div', nextLink: null },
};

async function mount(api: PopupApi): Promise<HTMLElement> {
  const root = document.createElement("div");
  await act(async () => {
    render(<Popup api={api} />, root);
  });
  await act(async () => {});
  return root;
}

const api = (status: TabStatus | null, next = status): PopupApi => ({
  getStatus: async () => status,
  nextPage: async () => next,
  t: (k) => `[${k}]`,
});

describe("Popup", () => {
  it("shows the next link with its confidence, pages joined, state and rule", async () => {
    const root = await mount(api(ready));
    expect(root.querySelector("[data-testid=next] a")?.getAttribute("href")).toBe(
      "http://ex.com/a/2",
    );
    expect(root.textContent).toContain("(91%)");
    expect(root.querySelector("[data-testid=pages]")?.textContent).toBe("3");
    expect(root.querySelector("[data-testid=state]")?.textContent).toBe("ready");
    expect(root.querySelector(".rule")?.textContent).toContain("story");
  });
  it("says when no next link was found, and disables 'next page now'", async () => {
    const root = await mount(
      api({ ...INITIAL_STATUS, state: "no-next", reason: "No next link on this page." }),
    );
    expect(root.querySelector("[data-testid=next]")?.textContent).toBe("[popupNone]");
    expect(root.querySelector("button")?.disabled).toBe(true);
  });
  it("says tsugi does not run when the tab has no content script", async () => {
    const root = await mount(api(null));
    expect(root.textContent).toBe("[popupNoContent]");
  });
  it("updates after 'next page now'", async () => {
    const root = await mount(api(ready, { ...ready, pages: 4 }));
    await act(async () => {
      root.querySelector("button")?.click();
    });
    await act(async () => {});
    expect(root.querySelector("[data-testid=pages]")?.textContent).toBe("4");
  });
});
