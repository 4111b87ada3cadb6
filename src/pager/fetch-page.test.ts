import { describe, expect, it } from "vitest";
import { FetchPageError, readLimited, retryAfterMs } from "./fetch-page";
import { backoffDelay, stopForFetchError } from "./pager";

describe("readLimited", () => {
  it("reads a body under the limit whole", async () => {
    const bytes = await readLimited(new Response("hello"), "https://e.com/2", 10);
    expect(new TextDecoder().decode(bytes)).toBe("hello");
  });

  it("refuses a body over the limit while streaming, and by Content-Length up front", async () => {
    const big = new Response("x".repeat(2000));
    await expect(readLimited(big, "https://e.com/2", 1000)).rejects.toMatchObject({
      problem: "too-large",
    });
    const declared = new Response("small", { headers: { "content-length": "999999" } });
    await expect(readLimited(declared, "https://e.com/2", 1000)).rejects.toBeInstanceOf(
      FetchPageError,
    );
  });
});

describe("retries", () => {
  it("reads Retry-After as seconds or a date", () => {
    expect(retryAfterMs("3")).toBe(3000);
    expect(retryAfterMs(new Date(10_000).toUTCString(), 4000)).toBe(6000);
    expect(retryAfterMs("soon")).toBe(null);
    expect(retryAfterMs(null)).toBe(null);
  });

  it("retries server errors, 429 and network failures, not 404 or bad content", () => {
    expect(new FetchPageError("x", "u", 500).retryable).toBe(true);
    expect(new FetchPageError("x", "u", 429).retryable).toBe(true);
    expect(new FetchPageError("x", "u", 0).retryable).toBe(true);
    expect(new FetchPageError("x", "u", 404).retryable).toBe(false);
    expect(new FetchPageError("x", "u", 200, "too-large").retryable).toBe(false);
  });

  it("backs off exponentially, the server's Retry-After first, within a minute", () => {
    expect([0, 1, 2].map((a) => backoffDelay(a, 2000, null))).toEqual([2000, 4000, 8000]);
    expect(backoffDelay(0, 2000, 5000)).toBe(5000);
    expect(backoffDelay(9, 2000, null)).toBe(60_000);
  });

  it("maps each failure to the reason the reader sees", () => {
    expect(stopForFetchError(new FetchPageError("HTTP 500", "u", 500)).kind).toBe("http-error");
    expect(stopForFetchError(new FetchPageError("big", "u", 200, "too-large", null, 5)).kind).toBe(
      "too-large",
    );
    expect(stopForFetchError(new FetchPageError("image/png", "u", 200, "not-html")).kind).toBe(
      "not-html",
    );
    expect(stopForFetchError(new FetchPageError("Failed to fetch", "u", 0)).kind).toBe(
      "fetch-failed",
    );
  });
});
