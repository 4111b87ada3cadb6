import { describe, expect, it } from "vitest";
import { foundBy, hrefOfField, pairOutcome, servedBytes, sniffCharset } from "./pairs";

describe("hrefOfField", () => {
  it("reads the href, and no href from a remark or a script call", () => {
    expect(hrefOfField("/fr/posts/page/2/")).toBe("/fr/posts/page/2/");
    expect(hrefOfField("?page=2 (pager is JS buttons; URL from scraper template)")).toBe("?page=2");
    expect(hrefOfField("(none: pager items are <div> JS buttons)")).toBeNull();
    expect(hrefOfField("javascript:gReport.navigate.paginate('x')")).toBeNull();
    expect(hrefOfField(null)).toBeNull();
  });
});

describe("servedBytes", () => {
  it("cuts a recorded HTTP response's header and keeps its charset", () => {
    const raw = Buffer.from(
      "HTTP/1.1 200 OK\r\nContent-Type: text/html;charset=UTF-8\r\n\r\n<html><body>x</body></html>",
    );
    const s = servedBytes(raw);
    expect(s.body.toString()).toBe("<html><body>x</body></html>");
    expect(s.charset).toBe("UTF-8");
  });
  it("declares the charset a note names, and none otherwise", () => {
    const raw = Buffer.from("<html></html>");
    expect(servedBytes(raw, "windows-1251 encoded raw bytes").charset).toBe("windows-1251");
    expect(servedBytes(raw, "").charset).toBe("");
  });
});

describe("sniffCharset", () => {
  it("reads <meta charset>, and falls back to UTF-8", () => {
    expect(sniffCharset(Buffer.from("<meta charset='Shift_JIS'>"))).toBe("shift_jis");
    expect(sniffCharset(Buffer.from("<meta charset='nonsense'>"))).toBe("utf-8");
    expect(sniffCharset(Buffer.from("<p>x</p>"))).toBe("utf-8");
  });
});

describe("pairOutcome", () => {
  const base = {
    gate: true,
    link: "https://a.example/page/2/",
    pending: false,
    expected: "https://a.example/page/2/",
    p2url: "https://a.example/page/2/",
    judgeContinues: false,
  };
  it("joins the pair's link at once, or once the judge continues a waiting one", () => {
    expect(pairOutcome(base)).toBe("joined");
    expect(pairOutcome({ ...base, pending: true })).toBe("judge refused");
    expect(pairOutcome({ ...base, pending: true, judgeContinues: true })).toBe("joined");
  });
  it("names the stage that failed", () => {
    expect(pairOutcome({ ...base, link: null, gate: false })).toBe("gate closed");
    expect(pairOutcome({ ...base, link: null })).toBe("link not found");
    expect(pairOutcome({ ...base, link: "https://a.example/about/" })).toBe("wrong link");
    expect(pairOutcome({ ...base, link: null, expected: null })).toBe("script-only");
  });
  it("takes page 2's own address as the pair's too", () => {
    const moved = { ...base, expected: "https://a.example/p/2", link: "https://a.example/page/2" };
    expect(pairOutcome(moved)).toBe("joined");
  });
});

describe("foundBy", () => {
  const reach = {
    nextUrl: null,
    pendingNextUrl: "https://www.shop.test/list?page=2&utm_source=x",
    candidates: ["https://shop.test/list?page=3"],
  };

  it("reads the waiting link as the same page under another spelling", () => {
    expect(foundBy(reach, ["https://shop.test/list?page=2"])).toBe("waiting");
  });

  it("reads a handed-over link, and any of the page's addresses", () => {
    expect(foundBy(reach, ["https://shop.test/other", "https://shop.test/list?page=3"])).toBe(
      "handed over",
    );
  });

  it("says at once before waiting, and null where no link leads there or nothing was read", () => {
    const sure = { ...reach, nextUrl: "https://shop.test/list?page=2", pendingNextUrl: null };
    expect(foundBy(sure, ["https://shop.test/list?page=2"])).toBe("at once");
    expect(foundBy(reach, ["https://shop.test/list?page=4"])).toBeNull();
    expect(foundBy(undefined, ["https://shop.test/list?page=2"])).toBeNull();
  });
});
