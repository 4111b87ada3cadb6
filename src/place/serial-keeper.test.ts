import { describe, expect, it } from "vitest";
import { type LocalStore, type SerialWork, writeSerialPlace } from "./serial-keeper";
import { parseSerialPlaces, SERIAL_PLACES_KEY } from "./serial-place";

function memoryStore(): LocalStore & { items: Record<string, unknown> } {
  const items: Record<string, unknown> = {};
  return {
    items,
    get: async (key) => (key in items ? { [key]: items[key] } : {}),
    set: async (more) => {
      Object.assign(items, more);
    },
  };
}

const work = (key: string, first: number | null): SerialWork => ({
  work: key,
  pageUrl: `https://e/${key}/1/`,
  first,
  heading: "Chapter one",
  elements: [],
});

describe("writeSerialPlace", () => {
  it("counts the chapter from page 1's number and keeps one place per work, newest first", async () => {
    const store = memoryStore();
    await writeSerialPlace(
      store,
      work("a", 5),
      { page: 3, url: "https://e/a/7/", label: "第7話", fraction: 0.4321 },
      10,
    );
    await writeSerialPlace(
      store,
      work("b", null),
      { page: 1, url: "https://e/b/1/", fraction: 0 },
      20,
    );
    await writeSerialPlace(
      store,
      work("a", 5),
      { page: 4, url: "https://e/a/8/", fraction: 0.1 },
      30,
    );
    const places = parseSerialPlaces(store.items[SERIAL_PLACES_KEY]);
    expect(places.map((p) => [p.work, p.number, p.title, p.fraction])).toEqual([
      ["a", 8, "Chapter one", 0.1],
      ["b", 1, "Chapter one", 0],
    ]);
  });

  it("keeps the separator's heading and the fraction to a hundredth", async () => {
    const store = memoryStore();
    await writeSerialPlace(
      store,
      work("a", null),
      { page: 2, url: "https://e/a/2/", label: "第2話 港町", fraction: 0.4321 },
      1,
    );
    const [p] = parseSerialPlaces(store.items[SERIAL_PLACES_KEY]);
    expect([p?.number, p?.title, p?.fraction]).toEqual([2, "第2話 港町", 0.43]);
  });
});
