import { describe, expect, it } from "vitest";
import type { JoinedPlace } from "../messaging/joined-place";
import {
  forgetSite,
  MAX_PLACES_PER_TAB,
  PLACE_TTL_MS,
  parsePlaces,
  recallPlace,
  rememberPlace,
} from "./places";

const NOW = 1_800_000_000_000;
const anchor = { page: 3, tag: "a", text: "Read on", nth: 0, offset: 400 };

function place(pages: string[], at: number, entryKey?: string): JoinedPlace {
  return { pages, anchor, at, ...(entryKey ? { entryKey } : {}) };
}

const A = ["http://s.test/a", "http://s.test/a?page=2", "http://s.test/a?page=3"];

describe("recallPlace", () => {
  it("finds the place that shows the URL, and where the page stands in it", () => {
    expect(recallPlace([place(A, NOW)], "http://s.test/a", undefined, NOW)?.from).toBe(0);
    // The address bar showed page 3's URL when the reader left: Back opens page 3.
    expect(recallPlace([place(A, NOW)], "http://s.test/a?page=3#c", undefined, NOW)?.from).toBe(2);
  });
  it("finds it under the address a redirect or a tracker gave the same page", () => {
    expect(
      recallPlace([place(A, NOW)], "http://s.test/a/?page=2&_r=1&utm_source=x", undefined, NOW)
        ?.from,
    ).toBe(1);
  });
  it("prefers the history entry's own place over a more recent one of the same URL", () => {
    const mine = place(A, NOW - 60_000, "k1");
    const other = place(A.slice(0, 2), NOW, "k2");
    expect(recallPlace([other, mine], A[0] as string, "k1", NOW)?.place).toBe(mine);
    expect(recallPlace([mine, other], A[0] as string, undefined, NOW)?.place).toBe(other);
  });
  it("forgets places older than the time to live", () => {
    expect(recallPlace([place(A, NOW - PLACE_TTL_MS - 1)], A[0] as string, undefined, NOW)).toBe(
      null,
    );
  });
  it("is null for a URL no place shows", () => {
    expect(recallPlace([place(A, NOW)], "http://s.test/b", undefined, NOW)).toBeNull();
  });
});

describe("rememberPlace", () => {
  it("replaces the place of the same history entry, most recent first", () => {
    const old = place(A.slice(0, 2), NOW - 1000, "k1");
    const kept = place(["http://s.test/b", "http://s.test/b/2"], NOW - 500, "k2");
    const fresh = place(A, NOW, "k1");
    expect(rememberPlace([old, kept], fresh, NOW)).toEqual([fresh, kept]);
  });
  it("without entry keys, the same page 1 is the same entry", () => {
    const out = rememberPlace([place(A.slice(0, 2), NOW - 1)], place(A, NOW), NOW);
    expect(out).toHaveLength(1);
    expect(out[0]?.pages).toHaveLength(3);
  });
  it("keeps at most the cap, dropping the oldest and the expired", () => {
    let places: JoinedPlace[] = [place(["http://s.test/old"], NOW - PLACE_TTL_MS - 5)];
    for (let i = 0; i < MAX_PLACES_PER_TAB + 5; i++)
      places = rememberPlace(places, place([`http://s.test/${i}`], NOW + i), NOW + i);
    expect(places).toHaveLength(MAX_PLACES_PER_TAB);
    expect(places[0]?.pages[0]).toBe(`http://s.test/${MAX_PLACES_PER_TAB + 4}`);
    expect(places.some((p) => p.pages[0] === "http://s.test/old")).toBe(false);
  });
});

describe("forgetSite and parsePlaces", () => {
  it("forgets one site's places only", () => {
    const b = place(["http://other.test/x"], NOW);
    expect(forgetSite([place(A, NOW), b], "s.test")).toEqual([b]);
  });
  it("tells sites apart by their port, as the per-site switch does", () => {
    const a = place(["http://127.0.0.1:8080/a"], NOW);
    const b = place(["http://127.0.0.1:9090/b"], NOW);
    expect(forgetSite([a, b], "127.0.0.1:8080")).toEqual([b]);
  });
  it("drops malformed stored values without throwing", () => {
    const good = place(A, NOW);
    expect(parsePlaces([good, null, { pages: [], at: 1 }, { pages: [1], at: 1 }, "x"])).toEqual([
      good,
    ]);
    expect(parsePlaces("nonsense")).toEqual([]);
  });
});
