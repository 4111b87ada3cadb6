/**
 * What the pager pages: the page element sits beside the next link. The corpus's
 * labelling rule (and AutoPagerize's SITEINFO practice) takes as page element the items,
 * or the tightest container of the items, that the pager moves through; on a home page
 * or a shop category those share a container with the pager, while the text with the
 * most content words may be elsewhere (an editorial block, a category's SEO prose under
 * the grid). Choosing by text coverage alone picks that text; scoping the choice to the
 * lowest ancestor of the next link that holds a real share of the content keeps it to
 * the paged block.
 */

/**
 * Share of the page's content (mask-weighted chars) that an ancestor of the next link
 * must hold, outside the branch of the next link itself, to be the scope of the page
 * element: a quarter, set before measuring (it is not a searched value). Less would let
 * a toolbar's "Showing 1–24 of 60" be the scope; a half would give up on the paged
 * block of a home page whose editorial text outweighs it.
 */
export const PAGER_SCOPE_SHARE = 0.25;

/**
 * The candidates the page element may be chosen from: the subtree of the lowest
 * ancestor of the next link whose other children hold at least `share` of the page's
 * content. Candidates outside it are excluded.
 *
 * @param parent candidate tree: position of each candidate's parent, −1 for a root,
 *   parents before children
 * @param inside content chars in each candidate's subtree (own text × mask, summed up)
 * @param contentTotal content chars of the page
 * @param containsNext 1 for the candidates that hold the next link (its ancestors)
 * @param share least share of the content the scope must hold (default
 *   {@link PAGER_SCOPE_SHARE})
 * @returns 1 for candidates outside the scope; null when there is no next link or no
 *   ancestor qualifies below the root (nothing to restrict)
 */
export function outsidePagerScope(
  parent: ArrayLike<number>,
  inside: ArrayLike<number>,
  contentTotal: number,
  containsNext: ArrayLike<number>,
  share = PAGER_SCOPE_SHARE,
): Uint8Array | null {
  const n = parent.length;
  if (contentTotal <= 0) return null;
  // Content of each next-link ancestor outside its own next-link branch; a parent comes
  // before its child, so its total is in place when the child's branch is taken out.
  const beside = new Float64Array(n);
  let deepest = -1;
  for (let i = 0; i < n; i++) {
    if ((containsNext[i] ?? 0) !== 1) continue;
    deepest = i;
    beside[i] = inside[i] ?? 0;
    const p = parent[i] ?? -1;
    if (p >= 0) beside[p] = (beside[p] ?? 0) - (inside[i] ?? 0);
  }
  if (deepest < 0) return null;
  // Walk up from the next link; the first ancestor holding the share is the scope.
  let scope = -1;
  for (let x = deepest; x >= 0; x = parent[x] ?? -1) {
    if ((beside[x] ?? 0) >= share * contentTotal) {
      scope = x;
      break;
    }
  }
  if (scope < 0 || (parent[scope] ?? -1) < 0) return null;
  const out = new Uint8Array(n).fill(1);
  out[scope] = 0;
  // Parents come before children, so one forward pass marks the whole subtree.
  for (let i = scope + 1; i < n; i++) {
    const p = parent[i] ?? -1;
    if (p >= 0 && out[p] === 0) out[i] = 0;
  }
  return out;
}
