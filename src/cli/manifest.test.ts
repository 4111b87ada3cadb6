import { describe, expect, it } from "vitest";
import { inShard, parseManifestLine, placeholderUrl } from "./manifest";

const dflt = placeholderUrl("http://tsugi.invalid/");
const parse = (text: string, line = 4) => parseManifestLine(text, line, "/data", dflt);

describe("manifest lines", () => {
  it("a full line is a job with its file resolved against the manifest's folder", () => {
    expect(parse('{"id":"a","file":"p/a.html","url":"http://x.test/a","charset":"utf-8"}')).toEqual(
      {
        ok: true,
        job: { id: "a", file: "/data/p/a.html", url: "http://x.test/a", charset: "utf-8" },
      },
    );
  });

  it("numbers are ids; a line without id is named by its line number; a url alone is live", () => {
    expect(parse('{"id":7,"url":"https://x.test/"}')).toEqual({
      ok: true,
      job: { id: "7", url: "https://x.test/", charset: "" },
    });
    const r = parse('{"file":"/abs/b c.html"}', 9);
    expect(r).toEqual({
      ok: true,
      job: { id: "9", file: "/abs/b c.html", url: "http://tsugi.invalid/b%20c.html", charset: "" },
    });
  });

  it("blank lines are skipped; bad lines say why and keep their id when they have one", () => {
    expect(parse("   ")).toBeNull();
    expect(parse("{nope")).toEqual({ ok: false, line: 4, error: "manifest line 4: not JSON" });
    expect(parse("[1]")).toMatchObject({ ok: false, error: /not a JSON object/ });
    expect(parse('{"id":"z","url":"ftp://x/"}')).toMatchObject({
      ok: false,
      id: "z",
      error: /http/,
    });
    expect(parse('{"id":"z"}')).toMatchObject({ ok: false, id: "z", error: /needs "url"/ });
  });

  it("shards K/N cover every line exactly once", () => {
    const shards = [0, 1, 2].map((k) => ({ k, n: 3 }));
    for (let i = 0; i < 20; i++) {
      expect(shards.filter((s) => inShard(i, s))).toHaveLength(1);
    }
    expect(inShard(5, null)).toBe(true);
  });
});
