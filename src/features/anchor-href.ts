/**
 * Where an anchor leads when its href is only a script hook. Some shop pagers write
 * `href="javascript:;"` or `href="#"` and keep the page's address in `data-href` or
 * `data-url`, which their script follows on click (de Bijenkorf's `rel="next"` link). Seed
 * 000 §3.2.1 takes a link's target from its href; a reader's browser follows the data
 * attribute, so the candidate's target is read there.
 */

/** An href that names no page: empty, a bare fragment, or a `javascript:` URL. */
const SCRIPT_HOOK = /^(?:#?|#.*|javascript:.*)$/is;

/**
 * The anchor's target as written: its href, or, when the href is only a script hook
 * (empty, `#…`, `javascript:…`), its `data-href` or `data-url` when one is set.
 *
 * @param a anchor element
 * @returns the raw target (relative or absolute, untrimmed), or null when the anchor has
 *   no href at all
 */
export function anchorHref(a: Element): string | null {
  const href = a.getAttribute("href");
  if (href === null || !SCRIPT_HOOK.test(href.trim())) return href;
  const data = a.getAttribute("data-href") ?? a.getAttribute("data-url");
  return data !== null && data.trim() !== "" ? data : href;
}
