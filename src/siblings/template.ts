/**
 * Template blocks learned from sibling pages (seed 003 §4 "ジップの法則と部分文字列増幅法",
 * §5 "テンプレート抽出アルゴリズム"): in pages written on one template, the template's
 * strings recur once per page while each page's own content is unique to it. The seed
 * counts every substring over the whole series and takes the strings whose frequency peaks
 * at the number of pages. An auto-pager has the series one page at a time, so tsugi
 * applies the same test block by block: a block of page N+1 whose normalized text already
 * stood at the same structural place on an earlier page occurs on two pages of the
 * series, which content does not, and is template. Whole blocks are compared (one hash of
 * the block's whole text), so a short phrase repeated inside a paragraph leaves the
 * paragraph alone; page 1 is only learned from, never changed. Near-repeats are not
 * template either: a box that differs by "part 2 of 4" holds a page-specific string, which
 * the seed counts as content, and matching on shared 4-grams was tried and dropped
 * paragraphs of one pattern that differ only by a number ("Part 2, step 4: …").
 */
import { BLOCK_LEVEL_TAGS } from "../features/node-features";
import { visibleText } from "../features/text";
import { fnv1a } from "../keys/hash";
import { MIN_RECORDS, signature } from "./records";

/** Block-level tags (seed 000's list, ../features/node-features.ts): text is compared per
 * innermost block (a paragraph, a list, a box). */
const BLOCK = BLOCK_LEVEL_TAGS;

/** Steps of the structural path a block is compared by (its own and its 2 nearest
 * ancestors'): enough to tell the newsletter box's paragraph from the story's, while a
 * fetched page whose page element was found one wrapper higher or lower than page 1's
 * still puts its blocks at the same place. */
export const PLACE_STEPS = 3;

/** Elements that show something without text: an element holding one is not empty. */
const MEDIA = "img,picture,video,audio,iframe,object,embed,canvas,svg,input,select,textarea";

/** One innermost block and the key it is compared by. */
export interface Block {
  el: Element;
  /** "<last {@link PLACE_STEPS} steps of its path>|<text hash>:<length>", e.g.
   * "article.post>div.newsletter>p|9a1f03c2:48". */
  key: string;
}

/**
 * The innermost blocks (no block-level child) with text under some page elements, each
 * keyed by its structural place (the signatures from the page element down, seed 003's
 * "same template" read as "same place in the template") and its text, case and
 * whitespace folded. Tables count as one block (their rows are a list's business).
 * @param elements a page's page element(s)
 * @param skip subtrees left out (a list's records: deduplicated by identity instead)
 */
export function textBlocks(elements: readonly Element[], skip: ReadonlySet<Element>): Block[] {
  const out: Block[] = [];
  const walk = (el: Element, path: string): void => {
    if (skip.has(el)) return;
    const kids = Array.from(el.children).filter((c) => BLOCK.has(c.localName));
    if (kids.length === 0 || el.localName === "table") {
      const text = visibleText(el).toLowerCase();
      const place = path.split(">").slice(-PLACE_STEPS).join(">");
      if (text) out.push({ el, key: `${place}|${fnv1a(text).toString(16)}:${text.length}` });
      return;
    }
    for (const c of kids) walk(c, `${path}>${signature(c)}`);
  };
  for (const e of elements) walk(e, signature(e));
  return out;
}

/**
 * What the sibling pages taught about the site's template: every block key seen, with
 * the page that first showed it, and the keys confirmed as template (seen on two pages),
 * so that from page 3 on a block is judged by one set lookup.
 */
export class TemplateMemory {
  private readonly firstSeen = new Map<string, number>();
  private readonly template = new Set<string>();

  /** Keys seen on two or more pages so far (the learned template). */
  get learned(): ReadonlySet<string> {
    return this.template;
  }

  /**
   * Learn a page without changing it (page 1, as the site served it).
   * @param blocks the page's {@link textBlocks}
   * @param page its number (1 for the page the reader opened)
   */
  learn(blocks: readonly Block[], page: number): void {
    for (const b of blocks) {
      const first = this.firstSeen.get(b.key);
      if (first === undefined) this.firstSeen.set(b.key, page);
      else if (first !== page) this.template.add(b.key);
    }
  }

  /**
   * The template blocks of a fetched page, then learns the page. A block is template
   * when its key is already template or was seen on an earlier page; a block unique to
   * its page (or repeated only within it) never is, and blocks at a place found under
   * {@link MIN_RECORDS}+ parents (parts of repeated items) are template only all together.
   * @param blocks the fetched page's {@link textBlocks}
   * @param page its number (2 for the first joined page)
   * @returns the blocks to leave out, in document order
   */
  templateOf(blocks: readonly Block[], page: number): Block[] {
    const seen = (b: Block): boolean => {
      if (this.template.has(b.key)) return true;
      const first = this.firstSeen.get(b.key);
      return first !== undefined && first < page;
    };
    // A place repeated in many sibling subtrees is a part of a list's items (their
    // author, date, "Read more"): it is template only as a whole (the captions of a
    // slider), never item by item, or the author of a topic would vanish because page 1
    // had a topic by the same author. Blocks under one parent (paragraphs, the entries of
    // one list) are judged one by one.
    const parents = new Map<string, Set<Element | null>>();
    const byPlace = new Map<string, Block[]>();
    const placeOf = (b: Block) => b.key.slice(0, b.key.lastIndexOf("|"));
    for (const b of blocks) {
      const place = placeOf(b);
      byPlace.set(place, [...(byPlace.get(place) ?? []), b]);
      parents.set(place, (parents.get(place) ?? new Set()).add(b.el.parentElement));
    }
    const out = blocks.filter((b) => {
      if (!seen(b)) return false;
      const place = placeOf(b);
      if ((parents.get(place)?.size ?? 0) < MIN_RECORDS) return true;
      return (byPlace.get(place) ?? []).every(seen);
    });
    this.learn(blocks, page);
    return out;
  }
}

/**
 * Take a block out of a fetched page, and the wrappers it leaves empty (no text, no
 * media), up to but not including `stop`: a newsletter box whose heading, text and form
 * were all template leaves no empty frame behind.
 * @param el the block, in a fetched (not yet inserted) document
 * @param stop the page element holding it
 */
export function removeBlock(el: Element, stop: Element): void {
  let parent: Element | null = el.parentElement;
  el.remove();
  while (parent && parent !== stop && isEmpty(parent)) {
    const up: Element | null = parent.parentElement;
    parent.remove();
    parent = up;
  }
}

/** No visible text and nothing else to see. */
export function isEmpty(el: Element): boolean {
  return visibleText(el) === "" && el.querySelector(MEDIA) === null;
}
