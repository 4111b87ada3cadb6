/**
 * Character set of a fetched page, in the order browsers apply (WHATWG
 * encoding sniffing, simplified): BOM, the HTTP `Content-Type` charset, a
 * `<meta charset>` or `<meta http-equiv>` in the first 1024 bytes, else UTF-8.
 * @param bytes the response body
 * @param contentType the `Content-Type` header value, if any
 * @returns a label `TextDecoder` accepts (falls back to "utf-8" for unknown labels)
 */
export function sniffCharset(bytes: Uint8Array, contentType: string | null): string {
  if (bytes[0] === 0xef && bytes[1] === 0xbb && bytes[2] === 0xbf) return "utf-8";
  if (bytes[0] === 0xfe && bytes[1] === 0xff) return "utf-16be";
  if (bytes[0] === 0xff && bytes[1] === 0xfe) return "utf-16le";
  const fromHeader = contentType?.match(/charset\s*=\s*["']?([\w.:-]+)/i)?.[1];
  if (fromHeader && isKnownLabel(fromHeader)) return fromHeader.toLowerCase();
  const head = new TextDecoder("latin1").decode(bytes.subarray(0, 1024));
  const fromMeta =
    head.match(/<meta[^>]+charset\s*=\s*["']?\s*([\w.:-]+)/i)?.[1] ??
    head.match(/<meta[^>]+content\s*=\s*["'][^"']*charset=([\w.:-]+)/i)?.[1];
  if (fromMeta && isKnownLabel(fromMeta)) return fromMeta.toLowerCase();
  return "utf-8";
}

function isKnownLabel(label: string): boolean {
  try {
    new TextDecoder(label);
    return true;
  } catch {
    return false;
  }
}

/**
 * Decode a fetched page with its own charset (Shift_JIS, EUC-JP, GBK, cp1251 …).
 * Malformed bytes become U+FFFD instead of throwing.
 */
export function decodeBody(bytes: Uint8Array, contentType: string | null): string {
  return new TextDecoder(sniffCharset(bytes, contentType)).decode(bytes);
}
