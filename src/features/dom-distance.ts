/**
 * Tree distance between DOM elements, seed 000 §3.3.2.3, eq. 3.8:
 * dis(v, w) = dis(root, v) + dis(root, w) − 2 · dis(root, LCA(v, w)).
 * Measured on the tree rather than on document order so that repeated siblings
 * (Fig. 3.11: div2, div3, div4) sit at the same distance from the next link.
 */

/**
 * Depth of an element: the number of element ancestors, so the root element (`<html>`)
 * has depth 0 and `<body>` depth 1 (seed 000 §3.3.2.1 (2)).
 *
 * @param el any element
 * @returns edges from the root element
 */
export function domDepth(el: Element): number {
  let d = 0;
  for (let p = el.parentElement; p !== null; p = p.parentElement) d++;
  return d;
}

/**
 * Deepest element that is an ancestor-or-self of both `a` and `b`.
 *
 * @param a first element
 * @param b second element
 * @returns the lowest common ancestor, or null when the two are in different trees
 */
export function lowestCommonAncestor(a: Element, b: Element): Element | null {
  let x: Element | null = a;
  let y: Element | null = b;
  let dx = domDepth(a);
  let dy = domDepth(b);
  while (dx > dy && x !== null) {
    x = x.parentElement;
    dx--;
  }
  while (dy > dx && y !== null) {
    y = y.parentElement;
    dy--;
  }
  while (x !== null && y !== null && x !== y) {
    x = x.parentElement;
    y = y.parentElement;
  }
  return x !== null && x === y ? x : null;
}

/**
 * Length in edges of the shortest tree path between two elements (seed 000 eq. 3.8).
 *
 * @param a first element
 * @param b second element
 * @returns edges (0 when a === b), or −1 when the elements share no ancestor
 */
export function treeDistance(a: Element, b: Element): number {
  const lca = lowestCommonAncestor(a, b);
  if (lca === null) return -1;
  return domDepth(a) + domDepth(b) - 2 * domDepth(lca);
}
