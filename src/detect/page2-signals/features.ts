/**
 * The page-2 judge's signals as one numeric vector, for a small learned model over them
 * (scripts/eval-judge-model.ts): the pager's confirmation (../confirm-next.ts) and the
 * items' and the evidence's signals (./read.ts). Every value lies in 0..1, so that a
 * linear model's weights compare without scaling. Seed 002 reads the list's records; the
 * pager's readings are seed 003's pairs of pages of one template.
 */

import type { Confirmation } from "../confirm-next";
import type { OrderSignal } from "./order";
import type { Page2Signals } from "./read";

/** Record counts from this many on read as "many" (the judge reads at most 60 a page). */
const MANY_RECORDS = 60;

/** The names of {@link page2Features}'s values, in order. */
export const PAGE2_FEATURES = [
  "template",
  "templateBack",
  "templateMin",
  "pagerMoved",
  "samePager",
  "pointsBack",
  "sameDocument",
  "otherPage",
  "isList",
  "records1",
  "records2",
  "recordsKept",
  "repeatedShare",
  "datesContinue",
  "datesBreak",
  "numberingContinues",
  "numberingBreaks",
  "anotherDocument",
  "elementAbsent",
  "pagerLeaves",
  "urlLeaves",
  "wayBack",
  "forward",
  "urlStep",
  "urlNextPage",
  "sameTitleAndHeading",
] as const;

/** A record count on a log scale, 0 for none and 1 for {@link MANY_RECORDS} or more. */
function recordScale(n: number): number {
  return Math.min(1, Math.log1p(Math.max(0, n)) / Math.log1p(MANY_RECORDS));
}

const flag = (b: boolean): number => (b ? 1 : 0);
const orderIs = (o: OrderSignal, v: OrderSignal): number => flag(o === v);

/**
 * The feature vector of one pair of pages.
 *
 * @param c the pager's confirmation (template shares 0..1, the pager's flags)
 * @param s the items' and the evidence's signals
 * @returns one value in 0..1 per name of {@link PAGE2_FEATURES}, in that order
 */
export function page2Features(c: Confirmation, s: Page2Signals): number[] {
  return [
    c.template,
    c.templateBack,
    Math.min(c.template, c.templateBack),
    flag(c.pagerMoved),
    flag(c.samePager),
    flag(c.pointsBack),
    flag(c.sameDocument),
    flag(c.otherPage),
    flag(s.records1 > 0),
    recordScale(s.records1),
    recordScale(s.records2),
    // page 2's records of page 1's shape against page 1's (a short last page reads low)
    s.records1 > 0 ? Math.min(1, s.records2 / s.records1) : 0,
    s.repeatedShare,
    orderIs(s.dates, "continues"),
    orderIs(s.dates, "breaks"),
    orderIs(s.numbering, "continues"),
    orderIs(s.numbering, "breaks"),
    flag(s.anotherDocument),
    flag(s.elementAbsent),
    flag(s.pagerLeaves),
    flag(s.urlLeaves),
    flag(s.wayBack),
    flag(s.forward),
    flag(s.urlStep),
    flag(s.urlNextPage),
    flag(s.sameTitleAndHeading),
  ];
}
