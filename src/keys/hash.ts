/**
 * FNV-1a, 32 bits, over UTF-16 code units: a fast non-cryptographic hash for cache
 * keys, fold ties and content fingerprints (not for anything an attacker chooses to collide).
 * @returns an unsigned 32-bit integer
 */
export function fnv1a(s: string): number {
  let h = 2166136261;
  for (let i = 0; i < s.length; i++) h = Math.imul(h ^ s.charCodeAt(i), 16777619);
  return h >>> 0;
}
