/**
 * The reader's corrections (../reader/corrections.ts) applied to one page: a test of a
 * next-link candidate, shared by the detection (a refused candidate is skipped and the
 * next-best one goes through the page-2 check) and by the rules (a rule whose next link
 * is refused is not used).
 */
import { type Correction, correctionRefuses, correctionsFor } from "../reader/corrections";
import { siteOf } from "../reader/site-switch";
import { evaluateXPath } from "../rule/xpath";

/**
 * Whether a candidate next link is refused on this page.
 * @param url the candidate's absolute URL
 * @param anchors the candidate's anchors on the page (any one selected by a
 *   correction's XPath refuses it)
 */
export type RefusedLink = (url: string, anchors: readonly Element[]) => boolean;

/**
 * The test of candidates against the corrections of the page's site. Each correction's
 * XPath is evaluated once, on first need.
 * @param corrections every stored correction (those of other sites are ignored)
 * @param doc the page
 * @param pageUrl its URL (its host picks the corrections)
 * @returns null when the site has no correction (nothing to test)
 */
export function refusedLinks(
  corrections: readonly Correction[],
  doc: Document,
  pageUrl: string,
): RefusedLink | null {
  const mine = correctionsFor(corrections, siteOf(pageUrl));
  if (mine.length === 0) return null;
  const selected = new Map<Correction, Set<Element>>();
  const selects = (c: Correction): Set<Element> => {
    let set = selected.get(c);
    if (!set) {
      set = new Set(c.nextLink ? evaluateXPath(doc, c.nextLink) : []);
      selected.set(c, set);
    }
    return set;
  };
  return (url, anchors) =>
    mine.some((c) =>
      correctionRefuses(
        c,
        url,
        anchors.some((a) => selects(c).has(a)),
      ),
    );
}
