/**
 * The events AutoPagerize dispatches, so userscripts and other add-ons written for
 * it (and for its successors: weAutoPagerize, uAutoPagerize) keep working on joined
 * pages: `AutoPagerize_DOMNodeInserted` on each inserted node, bubbling, with the
 * page's URL as `newValue` and the insertion parent as `relatedNode` (a
 * MutationEvent, as AutoPagerize makes it), then `GM_AutoPagerizeNextPageLoaded`
 * on the document. Where the browser no longer creates MutationEvents, a
 * CustomEvent of the same name carries the URL in `detail`.
 */

/** Name of the per-node event. */
export const NODE_INSERTED = "AutoPagerize_DOMNodeInserted";
/** Name of the per-page event. */
export const PAGE_LOADED = "GM_AutoPagerizeNextPageLoaded";

interface LegacyMutationEvent extends Event {
  initMutationEvent(
    type: string,
    bubbles: boolean,
    cancelable: boolean,
    relatedNode: Node | null,
    prevValue: string,
    newValue: string,
    attrName: string,
    attrChange: number,
  ): void;
}

function nodeInsertedEvent(doc: Document, parent: Node, url: string): Event {
  try {
    const ev = doc.createEvent("MutationEvent") as LegacyMutationEvent;
    ev.initMutationEvent(NODE_INSERTED, true, false, parent, "", url, "", 0);
    return ev;
  } catch {
    return new (doc.defaultView?.CustomEvent ?? CustomEvent)(NODE_INSERTED, {
      bubbles: true,
      detail: url,
    });
  }
}

/**
 * Announce one joined page.
 * @param doc the reader's document
 * @param nodes the page's inserted nodes (elements get the per-node event)
 * @param parent the insertion parent
 * @param url the joined page's URL
 * @returns the number of per-node events dispatched
 */
export function announceJoinedPage(
  doc: Document,
  nodes: readonly Node[],
  parent: Node,
  url: string,
): number {
  let n = 0;
  for (const node of nodes) {
    if (node.nodeType !== 1 || !node.isConnected) continue;
    // A listener in the page may throw; that must not stop the pager.
    try {
      node.dispatchEvent(nodeInsertedEvent(doc, parent, url));
      n++;
    } catch {
      /* ignore */
    }
  }
  try {
    doc.dispatchEvent(new (doc.defaultView?.Event ?? Event)(PAGE_LOADED, { bubbles: true }));
  } catch {
    /* ignore */
  }
  return n;
}
