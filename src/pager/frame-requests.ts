/**
 * Keeping other sites out of the hidden frame (./iframe-render.ts): while a page renders
 * there, its requests to other hosts (ads, analytics, widgets, trackers) are blocked by a
 * `declarativeNetRequest` session rule that the background adds just before the frame is
 * created and removes once it is gone. The page's own host (and, for `www.` hosts, the
 * bare domain and its other subdomains) still load: that is where its script gets its
 * JSON and its styles.
 *
 * Method: the rule is scoped as narrowly as DNR allows: to the reader's tab (`tabIds`,
 * session rules only), to requests initiated by the reader's site (`initiatorDomains`),
 * to subresource types (never the tab's own navigation), excluding the site's own domain
 * (`excludedRequestDomains`). DNR has no frame condition, so page 1's own third-party
 * requests in the same tab are held back too while the frame renders (about a second a
 * page); content blockers such as uBlock Origin Lite use the same rule shape.
 */
import type { DeclarativeNetRequest } from "webextension-polyfill";

/** Subresource types blocked from other hosts: everything but the tab's own navigation
 * (the types both Chromium and Firefox accept). */
export const BLOCKED_TYPES: DeclarativeNetRequest.ResourceType[] = [
  "sub_frame",
  "stylesheet",
  "script",
  "image",
  "font",
  "object",
  "xmlhttprequest",
  "ping",
  "media",
  "websocket",
  "other",
];

/** Priority of the rule (tsugi has no other DNR rule). */
export const FRAME_RULE_PRIORITY = 1;

/**
 * The session rule id of a tab's frame rule: one frame renders at a time in a tab, so
 * the tab id (≥ 0) shifted by one (rule ids start at 1) names it.
 * @param tabId the reader's tab
 */
export function frameRuleId(tabId: number): number {
  return tabId + 1;
}

/**
 * The domains a frame of `pageUrl` may still load from: its host and, for a `www.` host,
 * the domain without it (which also covers the site's other subdomains, e.g. `cdn.`).
 * @param pageUrl the reader's page (page 1), absolute
 * @returns lowercase host names; [] for a URL without a host
 */
export function siteDomains(pageUrl: string): string[] {
  let host = "";
  try {
    host = new URL(pageUrl).hostname.toLowerCase();
  } catch {
    return [];
  }
  if (!host) return [];
  const bare = host.startsWith("www.") ? host.slice(4) : "";
  return bare.includes(".") ? [host, bare] : [host];
}

/**
 * The session rule that blocks other hosts' requests of the reader's site in its tab.
 * @param tabId the reader's tab
 * @param pageUrl the reader's page (page 1), absolute
 * @returns the rule, or null when the URL has no host (nothing to scope it to)
 */
export function frameBlockRule(tabId: number, pageUrl: string): DeclarativeNetRequest.Rule | null {
  const own = siteDomains(pageUrl);
  if (own.length === 0) return null;
  return {
    id: frameRuleId(tabId),
    priority: FRAME_RULE_PRIORITY,
    action: { type: "block" },
    condition: {
      tabIds: [tabId],
      initiatorDomains: own,
      excludedRequestDomains: own,
      resourceTypes: BLOCKED_TYPES,
    },
  };
}
