import { describe, expect, it } from "vitest";
import { lastBookOf, lastChapterOfBook, rememberBook } from "./serial-books";
import type { LocalStore, SerialWork } from "./serial-keeper";

function memoryStore(): LocalStore {
  const items: Record<string, unknown> = {};
  return {
    get: async (key) => (key in items ? { [key]: items[key] } : {}),
    set: async (more) => {
      Object.assign(items, more);
    },
  };
}

const work = (key: string, first: number | null): SerialWork => ({
  work: key,
  pageUrl: `https://e/${key}/${first ?? 1}/`,
  first,
  heading: "",
  elements: [],
});

describe("the last chapter of a work's book", () => {
  it("is the last chapter joined, numbered from the page's chapter", () => {
    const last = lastChapterOfBook(work("a", 4), ["https://e/a/5/", "https://e/a/6/"], 1);
    expect([last.url, last.number]).toEqual(["https://e/a/6/", 6]);
  });

  it("is the page itself where nothing was joined", () => {
    const last = lastChapterOfBook(work("a", null), [], 1);
    expect([last.url, last.number]).toEqual(["https://e/a/1/", 1]);
  });

  it("is kept per work, the latest book winning", async () => {
    const store = memoryStore();
    await rememberBook(store, lastChapterOfBook(work("a", 1), ["https://e/a/2/"], 1));
    await rememberBook(store, lastChapterOfBook(work("b", 1), [], 2));
    await rememberBook(
      store,
      lastChapterOfBook(work("a", 1), ["https://e/a/2/", "https://e/a/3/"], 3),
    );
    expect((await lastBookOf(store, "a"))?.number).toBe(3);
    expect((await lastBookOf(store, "b"))?.number).toBe(1);
    expect(await lastBookOf(store, "c")).toBeNull();
  });
});
