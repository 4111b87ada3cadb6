/**
 * The learned-rule cache: a site rule that carried a fetched page (the rule
 * alone found its page element and next link) is kept in `storage.local`, so the
 * next visit to the site reads page 1 with the rule and skips detection, as
 * AutoPagerize does with Wedata's SITEINFO. A rule that fails on a later page is
 * dropped, and the models take over again.
 */
import type { LearnedRule } from "../messaging/site-rule";
import { urlMatches } from "../reader/site-rules";

/** `storage.local` key of the cache. */
export const LEARNED_RULES_KEY = "learnedRules";
/** Most rules kept; the least recently confirmed go first. */
export const MAX_CACHED_RULES = 300;

/** A cached rule with its record. */
export interface CachedRule extends LearnedRule {
  /** Fetched pages it carried. */
  verified: number;
  /** When it last carried a page, ms since the epoch. */
  savedAt: number;
}

const isString = (v: unknown): v is string => typeof v === "string" && v.length > 0;

/** Whether one stored entry is a well-formed cached rule (its `url` compiles). */
function isCachedRule(r: unknown): r is CachedRule {
  const o = r as Record<string, unknown> | null;
  if (!o || !isString(o.url) || !isString(o.nextLink) || !isString(o.pageElement)) return false;
  try {
    new RegExp(o.url);
  } catch {
    return false;
  }
  return typeof o.verified === "number" && typeof o.savedAt === "number" && isString(o.name);
}

/**
 * Read the stored cache, dropping malformed entries (a corrupted store never breaks the pager).
 * @param stored whatever `storage.local` holds under {@link LEARNED_RULES_KEY}
 */
export function parseRuleCache(stored: unknown): CachedRule[] {
  return Array.isArray(stored) ? stored.filter(isCachedRule) : [];
}

/**
 * Whether the stored cache holds a rule for a page: the answer of
 * `rulesMatching(parseRuleCache(stored), pageUrl).length > 0` without the copy (the
 * content entry asks on every page).
 * @param stored whatever `storage.local` holds under {@link LEARNED_RULES_KEY}
 * @param pageUrl absolute URL
 */
export function hasCachedRuleFor(stored: unknown, pageUrl: string): boolean {
  return Array.isArray(stored) && stored.some((r) => isCachedRule(r) && urlMatches(r.url, pageUrl));
}

/**
 * The cache after a rule carried one more page: the entry with the same `url`
 * pattern is replaced (its count kept), and the oldest go past {@link MAX_CACHED_RULES}.
 * @param now ms since the epoch
 */
export function rememberRule(
  cache: readonly CachedRule[],
  rule: LearnedRule,
  now: number,
): CachedRule[] {
  const old = cache.find((r) => r.url === rule.url);
  const same =
    old && old.nextLink === rule.nextLink && old.pageElement === rule.pageElement ? old : null;
  const entry: CachedRule = { ...rule, verified: (same?.verified ?? 0) + 1, savedAt: now };
  return [entry, ...cache.filter((r) => r.url !== rule.url)]
    .sort((a, b) => b.savedAt - a.savedAt)
    .slice(0, MAX_CACHED_RULES);
}

/** The cache without the rule for this `url` pattern. */
export function forgetRule(cache: readonly CachedRule[], url: string): CachedRule[] {
  return cache.filter((r) => r.url !== url);
}
