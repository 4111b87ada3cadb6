import { describe, expect, it } from "vitest";
import { decodeSaved } from "./pairs-corpus";

const bytes = (parts: (string | Uint8Array)[]) =>
  Buffer.concat(parts.map((p) => (typeof p === "string" ? Buffer.from(p, "latin1") : p)));

describe("decodeSaved", () => {
  it("cuts HTTP response headers off and decodes with their charset", () => {
    const body = new Uint8Array([0xcf, 0xf0, 0xe8]); // "При" in windows-1251
    const raw = bytes([
      "HTTP/1.1 200 OK\r\nContent-Type: text/html; charset=windows-1251\r\n\r\n<p>",
      body,
      "</p>",
    ]);
    expect(decodeSaved(raw)).toBe("<p>При</p>");
  });

  it("reads the charset a meta element declares", () => {
    const raw = bytes(['<meta charset="windows-1251"><p>', new Uint8Array([0xe4, 0xe0]), "</p>"]);
    expect(decodeSaved(raw)).toBe('<meta charset="windows-1251"><p>да</p>');
  });

  it("decodes UTF-8 by default", () => {
    expect(decodeSaved(Buffer.from("<p>次へ</p>", "utf8"))).toBe("<p>次へ</p>");
  });
});
