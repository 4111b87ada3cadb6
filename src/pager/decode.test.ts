import { describe, expect, it } from "vitest";
import { decodeBody, sniffCharset } from "./decode";

const enc = (s: string) => new TextEncoder().encode(s);

describe("sniffCharset", () => {
  it("prefers a BOM", () => {
    expect(
      sniffCharset(new Uint8Array([0xef, 0xbb, 0xbf, 0x41]), "text/html; charset=shift_jis"),
    ).toBe("utf-8");
  });
  it("takes the HTTP header charset", () => {
    expect(sniffCharset(enc("<p>x</p>"), "text/html; charset=Shift_JIS")).toBe("shift_jis");
  });
  it("falls back to <meta charset> and <meta http-equiv>", () => {
    expect(sniffCharset(enc('<meta charset="euc-jp"><p>x'), "text/html")).toBe("euc-jp");
    expect(
      sniffCharset(
        enc('<meta http-equiv="Content-Type" content="text/html; charset=windows-1251">'),
        null,
      ),
    ).toBe("windows-1251");
  });
  it("ignores unknown labels and defaults to UTF-8", () => {
    expect(sniffCharset(enc("<p>x</p>"), "text/html; charset=klingon")).toBe("utf-8");
  });
});

describe("decodeBody", () => {
  it("decodes Shift_JIS and cp1251 bytes with the declared charset", () => {
    // 「次へ」 in Shift_JIS; «Далее» in cp1251.
    expect(
      decodeBody(new Uint8Array([0x8e, 0x9f, 0x82, 0xd6]), "text/html; charset=shift_jis"),
    ).toBe("次へ");
    expect(
      decodeBody(new Uint8Array([0xc4, 0xe0, 0xeb, 0xe5, 0xe5]), "text/html; charset=windows-1251"),
    ).toBe("Далее");
  });
  it("never throws on malformed bytes", () => {
    expect(decodeBody(new Uint8Array([0x41, 0xff, 0xfd]), "text/html; charset=utf-8")).toContain(
      "\ufffd",
    );
  });
});
