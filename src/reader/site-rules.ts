/**
 * The reader's own site rules, in AutoPagerize's SITEINFO shape as Wedata serves it
 * (`[{"name", "data": {"url", "nextLink", "pageElement", "insertBefore"?, "exampleUrl"?}}]`)
 * or as bare items (`[{"url", "nextLink", "pageElement"}]`). A matching rule takes
 * precedence over detection. Beside them, tsugi's own kind of rule for a list grown by its
 * own button, which SITEINFO has no field for: `{"name", "url", "loadMoreButton"}`
 * ({@link LoadMoreRule}, saved by "Pick the Load more button"). Rules live in
 * `storage.local` under {@link SITE_RULES_KEY} (`storage.sync` allows only 8 KB per item,
 * too little for a Wedata export).
 */
import type { LoadMoreRule, ReaderRule } from "../messaging/site-rule";

export const SITE_RULES_KEY = "siteRules";

/** Whether a reader's rule is a load-more button's rule (no next link). */
export function isLoadMoreRule(rule: ReaderRule): rule is LoadMoreRule {
  return "loadMoreButton" in rule && !("nextLink" in rule);
}

/** Result of reading a rules file: the valid rules and one message per item dropped. */
export interface ParsedRules {
  rules: ReaderRule[];
  errors: string[];
}

const str = (v: unknown): string | null => (typeof v === "string" && v.trim() ? v.trim() : null);

/** A rules file's value: a JSON text parsed (it throws when the text is not JSON). */
const fileValue = (json: unknown): unknown => (typeof json === "string" ? JSON.parse(json) : json);

/** One item's fields, trimmed (null: absent or blank), from Wedata's `data` or the item. */
function itemFields(item: unknown) {
  const o = (item ?? {}) as Record<string, unknown>;
  const d = (typeof o.data === "object" && o.data !== null ? o.data : o) as Record<string, unknown>;
  return {
    o,
    d,
    url: str(d.url),
    nextLink: str(d.nextLink),
    pageElement: str(d.pageElement),
    loadMoreButton: str(d.loadMoreButton),
  };
}

/** Whether an item's fields make a rule: a next link and a page element, or a button. */
const complete = (f: ReturnType<typeof itemFields>) =>
  !!f.url && ((!!f.nextLink && !!f.pageElement) || !!f.loadMoreButton);

/** Whether a rule's `url` regular expression matches a page; a broken one matches nothing. */
export function urlMatches(url: string, pageUrl: string): boolean {
  try {
    return new RegExp(url).test(pageUrl);
  } catch {
    return false;
  }
}

/**
 * Read Wedata AutoPagerize JSON (or bare SITEINFO items, or load-more button rules).
 * Items without a valid `url` regular expression, or with neither `nextLink` and
 * `pageElement` nor `loadMoreButton`, are dropped with a message. An item with a next
 * link is a SITEINFO item (a `loadMoreButton` beside it is not kept).
 * @param json the file's text, or an already parsed value
 * @returns the rules in the file's order
 */
export function parseSiteRules(json: unknown): ParsedRules {
  let value: unknown;
  try {
    value = fileValue(json);
  } catch (e) {
    return { rules: [], errors: [`not JSON: ${(e as Error).message}`] };
  }
  if (!Array.isArray(value)) return { rules: [], errors: ["expected a JSON array of rules"] };
  const rules: ReaderRule[] = [];
  const errors: string[] = [];
  value.forEach((item: unknown, i) => {
    const fields = itemFields(item);
    const { o, d, url, nextLink, pageElement, loadMoreButton } = fields;
    const name = str(o.name) ?? str(d.name) ?? `rule ${i + 1}`;
    if (!url || !complete(fields)) {
      errors.push(`${name}: needs url, nextLink and pageElement (or loadMoreButton)`);
      return;
    }
    try {
      new RegExp(url);
    } catch {
      errors.push(`${name}: url is not a regular expression`);
      return;
    }
    if (!nextLink || !pageElement) {
      rules.push({ name, url, loadMoreButton: loadMoreButton as string });
      return;
    }
    const insertBefore = str(d.insertBefore);
    rules.push({ name, url, nextLink, pageElement, ...(insertBefore ? { insertBefore } : {}) });
  });
  return { rules, errors };
}

/**
 * Whether stored rules hold one for a page: the answer of
 * `rulesMatching(parseSiteRules(stored).rules, pageUrl).length > 0` without building the
 * rules and their messages (the content entry asks on every page).
 * @param stored what `storage.local` holds under {@link SITE_RULES_KEY}, or a rules file's text
 * @param pageUrl absolute URL
 */
export function hasSiteRuleFor(stored: unknown, pageUrl: string): boolean {
  let value: unknown;
  try {
    value = fileValue(stored);
  } catch {
    return false;
  }
  return (
    Array.isArray(value) &&
    value.some((item: unknown) => {
      const fields = itemFields(item);
      return !!fields.url && complete(fields) && urlMatches(fields.url, pageUrl);
    })
  );
}

/**
 * Whether a change of the stored rules took away the rule named `name` (the popup's
 * "Remove this site's picked rule", the options page's remove buttons, an import without
 * it): a tab joining with it then detects again, at once. A rule replaced under the same
 * name (a new pick) is not taken away.
 * @param before what `storage.local` held under {@link SITE_RULES_KEY} (a change's `oldValue`)
 * @param after what it holds now (the change's `newValue`)
 * @param name the rule in use
 */
export function ruleRemoved(before: unknown, after: unknown, name: string): boolean {
  const had = parseSiteRules(before ?? []).rules.some((r) => r.name === name);
  return had && !parseSiteRules(after ?? []).rules.some((r) => r.name === name);
}

/**
 * The rules after adding more (a Wedata file read on the options page): an added rule
 * replaces the current rule of the same name in its place; the others follow, in order.
 * @returns a new array; neither input is changed
 */
export function mergeSiteRules<R extends { name: string }>(
  current: readonly R[],
  added: readonly R[],
): R[] {
  const addedByName = new Map(added.map((r) => [r.name, r]));
  const currentNames = new Set(current.map((r) => r.name));
  return [
    ...current.map((r) => addedByName.get(r.name) ?? r),
    ...added.filter((r) => !currentNames.has(r.name)),
  ];
}

/**
 * The rules whose `url` regular expression matches a page, longest `url` first (the
 * most specific, as AutoPagerize orders SITEINFO); a broken expression matches nothing.
 * @param pageUrl absolute URL
 */
export function rulesMatching<T extends { url: string }>(
  rules: readonly T[],
  pageUrl: string,
): T[] {
  return rules
    .filter((r) => urlMatches(r.url, pageUrl))
    .sort((a, b) => b.url.length - a.url.length);
}
