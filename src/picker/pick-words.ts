/**
 * What teaching a site says to the reader, in their language, through `browser.i18n`
 * (message keys `pickHint*`, `pickProblem_*`, `pickNeed*`, `pickSaved`,
 * `pickLoadMoreChosen`, `pickLoadMoreSaved` in public/_locales). A missing message falls back to English.
 */
import type { PickTarget } from "../messaging/messages";
import type { PickProblem } from "./pick-checks";

/** `browser.i18n.getMessage`'s shape ("" when the key is unknown). */
export type GetMessage = (key: string, substitutions?: string[]) => string;

/** The words of teaching a site. */
export interface PickWords {
  /** The line at the top of the window while the reader picks `target`. */
  hint(target: PickTarget): string;
  /** Why a picked part was refused. */
  problem(problem: PickProblem): string;
  /** What to pick next: the part nothing known holds on the page. */
  need(target: PickTarget): string;
  /** The rule `name` was saved and joining starts with it. */
  saved(name: string): string;
  /** The load-more button labelled `label` will be clicked on this page. */
  loadMoreChosen(label: string): string;
  /** The load-more button labelled `label` was saved in the rule `name`: it will be
   * clicked on this page and on later visits. */
  loadMoreSaved(label: string, name: string): string;
}

const KEYS = "Or Tab to it and press Enter. ↑ or W: wider, ↓ or N: narrower, Esc: cancel.";

const HINTS: Record<PickTarget, [string, string]> = {
  "next-link": ["pickHintNextLink", `Click the next link. ${KEYS}`],
  "page-element": ["pickHintPageElement", `Click the page element, the content to join. ${KEYS}`],
  "load-more": ["pickHintLoadMore", `Click the list's "Load more" button. ${KEYS}`],
};

const PROBLEMS: Record<PickProblem, string> = {
  "not-link": "That is not a link: pick the next link again.",
  "not-one": "tsugi could not single out that link: pick it again.",
  "not-http": "That link leads to no web page: pick the next link again.",
  "other-site": "That link leads to another site: pick the next link again.",
  "same-page": "That link leads to this very page: pick the next link again.",
  "no-match": "tsugi could not find that element again: pick the page element again.",
  "holds-next":
    "That element holds the next link too: pick a smaller one (↓ or N narrows the choice).",
  "too-little": "That element holds too little text: pick a larger one (↑ or W widens it).",
  "not-safe":
    "tsugi does not click that: it leaves the page, sends a form, opens a menu or is off.",
  "no-list": 'That button follows no list: pick the list\'s own "Load more" button.',
};

const NEEDS: Record<PickTarget, [string, string]> = {
  "next-link": ["pickNeedNextLink", "Now click the next link."],
  "page-element": ["pickNeedPageElement", "Now click the page element, the content to join."],
  "load-more": ["pickHintLoadMore", HINTS["load-more"][1]],
};

/**
 * The words of teaching a site from a message catalogue.
 * @param getMessage `browser.i18n.getMessage` of the page's content script
 */
export function pickWords(getMessage: GetMessage): PickWords {
  const say = ([key, english]: [string, string], subs: string[] = []) =>
    getMessage(key, subs) || english;
  return {
    hint: (target) => say(HINTS[target]),
    problem: (p) => say([`pickProblem_${p.replaceAll("-", "_")}`, PROBLEMS[p]]),
    need: (target) => say(NEEDS[target]),
    saved: (name) =>
      say(["pickSaved", `Saved as your site rule "${name}": joining with it.`], [name]),
    loadMoreChosen: (label) =>
      say(
        [
          "pickLoadMoreChosen",
          `tsugi clicks "${label}" as you near the end of the list on this page.`,
        ],
        [label],
      ),
    loadMoreSaved: (label, name) =>
      say(
        [
          "pickLoadMoreSaved",
          `Saved as your site rule "${name}": tsugi clicks "${label}" as you near the end of the list, here and on later visits.`,
        ],
        [name, label],
      ),
  };
}
