/**
 * The reader's exclusion list: plain wildcard patterns, one per line, where `*`
 * matches any run of characters (also none) and every other character matches
 * itself, case-insensitively, against the whole URL. A pattern without a scheme
 * also matches after `http://` or `https://`, so `*.example.com/*` and
 * `example.com/news/*` work as written. Lines starting with `#` are comments.
 */

/**
 * Compile one wildcard pattern.
 * @returns a regular expression over the whole URL, or null for a blank or comment line
 */
export function wildcardToRegExp(pattern: string): RegExp | null {
  const p = pattern.trim();
  if (!p || p.startsWith("#")) return null;
  const body = p
    .split("*")
    .map((part) => part.replace(/[.+?^${}()|[\]\\]/g, "\\$&"))
    .join(".*");
  const scheme = /^[a-z*][a-z0-9+.*-]*:\/\//i.test(p) ? "" : "(?:https?://)?";
  return new RegExp(`^${scheme}${body}$`, "i");
}

/**
 * The first pattern that matches `url`, or null when none does.
 * @param patterns wildcard patterns (blank and `#` lines are skipped)
 */
export function matchingExclusion(url: string, patterns: readonly string[]): string | null {
  for (const p of patterns) {
    const re = wildcardToRegExp(p);
    if (re?.test(url)) return p.trim();
  }
  return null;
}

/** Patterns from the options page's text box: one per line, blank lines dropped. */
export function parsePatternLines(text: string): string[] {
  return text
    .split(/\r?\n/)
    .map((l) => l.trim())
    .filter(Boolean);
}
