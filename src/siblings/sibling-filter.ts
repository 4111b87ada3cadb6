/**
 * What the joined pages of one tab have taught: the identities of the records
 * already shown (seed 002) and the site's template blocks (seed 003). Each fetched page is
 * filtered before it is inserted: records already shown and template blocks are taken out
 * of the fetched document, so every item and every boilerplate block appears once.
 */
import { recordIdentities } from "./identity";
import { type RecordList, recordsLike, segmentRecords } from "./records";
import { isEmpty, removeBlock, TemplateMemory, textBlocks } from "./template";

/** What {@link SiblingFilter.filter} left out of one page. */
export interface Filtered {
  /** The page elements still worth inserting (a page element left empty is dropped). */
  elements: Element[];
  /** Records left out because an earlier page showed them. */
  skippedItems: number;
  /** Template blocks left out. */
  skippedBlocks: number;
}

/** Remembers what a tab's joined pages showed; one per pager. */
export class SiblingFilter {
  private readonly shown = new Set<string>();
  private readonly template = new TemplateMemory();
  /** Page 1's record signature, when page 1 is a list. */
  private readonly recordSignature: string | null;

  /**
   * Learn page 1 as the site served it (it is never changed).
   * @param elements page 1's page element(s)
   * @param url page 1's URL
   */
  constructor(elements: readonly Element[], url: string) {
    const list = segmentRecords(elements);
    if (list) for (const id of recordIdentities(list.records, url)) this.shown.add(id);
    this.recordSignature = list?.signature ?? null;
    this.template.learn(textBlocks(elements, new Set(list?.records ?? [])), 1);
  }

  /** Template keys learned so far (seen on two or more pages). */
  get templateKeys(): ReadonlySet<string> {
    return this.template.learned;
  }

  /**
   * Take out of a fetched page's page elements the records already shown (lists) and
   * the template blocks (outside a list's records, where an "Add to cart" line repeats
   * by design), then remember what is left as shown. Mutates the fetched document.
   * @param elements the fetched page's page element(s), not yet inserted
   * @param url its URL (relative permalinks resolve against it)
   * @param page its number (2 for the first joined page)
   */
  filter(elements: readonly Element[], url: string, page: number): Filtered {
    const list = this.recordsOf(elements);
    let skippedItems = 0;
    let kept = [...elements];
    if (list) {
      const ids = recordIdentities(list.records, url);
      list.records.forEach((r, i) => {
        const id = ids[i] as string;
        if (!this.shown.has(id)) {
          this.shown.add(id);
          return;
        }
        skippedItems++;
        // A record that is a page element itself is dropped from the list, not detached.
        if (kept.includes(r)) kept = kept.filter((e) => e !== r);
        else removeBlock(r, elements.find((e) => e.contains(r)) ?? r);
      });
    }
    const blocks = textBlocks(kept, new Set(list?.records ?? []));
    const template = this.template.templateOf(blocks, page);
    for (const b of template) {
      const holder = kept.find((e) => e.contains(b.el));
      if (holder === b.el) kept = kept.filter((e) => e !== b.el);
      else if (holder) removeBlock(b.el, holder);
    }
    kept = kept.filter((e) => !isEmpty(e));
    return { elements: kept, skippedItems, skippedBlocks: template.length };
  }

  /** A later page's records: by page 1's record signature when it holds any, else
   * segmented on their own. */
  private recordsOf(elements: readonly Element[]): RecordList | null {
    const sig = this.recordSignature;
    const like = sig ? recordsLike(elements, sig) : [];
    if (sig && like.length > 0) return { records: like, signature: sig, coverage: 0 };
    return segmentRecords(elements);
  }
}
