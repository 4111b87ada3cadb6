/**
 * The checks of a picked site rule's XPaths on the page they were picked on, before the
 * rule is saved: a wrong pick is refused at once, with the reason, rather than saved to
 * fail on every later visit.
 */
import { controlLabels, type LoadMoreTarget, listBefore, safeToClick } from "../features/load-more";
import { siteOf } from "../reader/site-switch";
import { nextFromRule } from "../rule/match-rule";
import { evaluateXPath } from "../rule/xpath";

/** Why a picked XPath was refused. */
export type PickProblem =
  /** the next link's XPath selects no link with an `href` */
  | "not-link"
  /** it selects more than one element */
  | "not-one"
  /** its URL is not http(s) (javascript:, mailto:, a bare #) */
  | "not-http"
  /** its URL is on another site */
  | "other-site"
  /** its URL is this very page */
  | "same-page"
  /** the page element's XPath selects nothing */
  | "no-match"
  /** the page element holds the next link (the pager would be joined with the content) */
  | "holds-next"
  /** the page element holds too little to be the main content */
  | "too-little"
  /** the picked button is not safe to click (it navigates, submits a form, is named by
   * the deny list, opens a menu, or is switched off) */
  | "not-safe"
  /** the picked button follows no list */
  | "no-list";

/** The least visible text (chars) a page element without images must hold. */
export const LEAST_CONTENT_CHARS = 80;

/** A check's outcome. */
export type Checked<T> = ({ ok: true } & T) | { ok: false; problem: PickProblem };

const withoutHash = (url: string) => url.replace(/#.*$/, "");

/**
 * Check a next link's XPath on the page: it must select exactly one link, whose URL is
 * http(s), on the page's site (same host), and not the page itself.
 * @param doc the page
 * @param xpath the `nextLink` XPath
 * @param pageUrl the page's URL
 * @returns the next page's absolute URL and the link, or the problem
 */
export function checkNextLink(
  doc: Document,
  xpath: string,
  pageUrl: string,
): Checked<{ url: string; anchor: Element }> {
  const found = evaluateXPath(doc, xpath);
  if (found.length > 1) return { ok: false, problem: "not-one" };
  const [el] = found;
  if (!el?.hasAttribute("href")) return { ok: false, problem: "not-link" };
  const next = nextFromRule(doc, xpath, pageUrl);
  if (!next) return { ok: false, problem: "not-http" };
  const url = next.nextUrl;
  if (!/^https?:/i.test(url)) return { ok: false, problem: "not-http" };
  if (siteOf(url) !== siteOf(pageUrl)) return { ok: false, problem: "other-site" };
  if (withoutHash(url) === withoutHash(pageUrl)) return { ok: false, problem: "same-page" };
  return { ok: true, url, anchor: el };
}

/**
 * Check a page element's XPath on the page: it must select something, none of which
 * holds the next link (nor so its pager, which holds the link), and what it selects must
 * hold content (at least
 * {@link LEAST_CONTENT_CHARS} characters of text, or an image or video).
 * @param doc the page
 * @param xpath the `pageElement` XPath
 * @param nextLink the next link on the page, when known
 * @returns the selected elements, or the problem
 */
export function checkPageElement(
  doc: Document,
  xpath: string,
  nextLink: Element | null,
): Checked<{ elements: Element[] }> {
  const elements = evaluateXPath(doc, xpath);
  if (elements.length === 0) return { ok: false, problem: "no-match" };
  if (nextLink && elements.some((e) => e.contains(nextLink)))
    return { ok: false, problem: "holds-next" };
  const text = elements.reduce((n, e) => n + (e.textContent ?? "").replace(/\s+/g, "").length, 0);
  const media = elements.some((e) => e.matches("img, video") || e.querySelector("img, video"));
  if (text < LEAST_CONTENT_CHARS && !media) return { ok: false, problem: "too-little" };
  return { ok: true, elements };
}

/** What a click on a picked "Load more" button may land on: the control itself. */
const CONTROL = 'button, [role="button"], input[type="button"], input[type="submit"], a, summary';

/**
 * The control a reader meant when pointing at `el` for the "Load more" button: the
 * nearest button, link or button-like element around it, else `el`.
 */
export function controlOf(el: Element): Element {
  return el.closest(CONTROL) ?? el;
}

/**
 * Check a picked "Load more" button: it must be safe to click whatever it says
 * (../features/load-more.ts `safeToClick`: it navigates nowhere, submits no form, is named
 * by no deny-list word, opens no menu, is enabled and shown), and follow a list of similar
 * items (`listBefore`), the list it extends.
 * @param control the picked control
 * @returns the load-more pager's target, or the problem
 */
export function checkLoadMoreButton(control: Element): Checked<{ target: LoadMoreTarget }> {
  if (!safeToClick(control)) return { ok: false, problem: "not-safe" };
  const run = listBefore(control);
  if (!run) return { ok: false, problem: "no-list" };
  const label =
    controlLabels(control)[0] ?? (control.textContent ?? "").replace(/\s+/g, " ").trim();
  return { ok: true, target: { ...run, control, label } };
}
