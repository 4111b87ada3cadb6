/**
 * A pair of pages as the page-2 judge reads it when nothing shows either way, for tests to
 * change one reading at a time: one template, one pager that did not move, the same
 * title, ten records each side of unknown order, no evidence.
 */
import type { Confirmation } from "../../src/detect/confirm-next";
import { NO_EVIDENCE, type Page2Signals } from "../../src/detect/page2-signals/read";

export const plainConfirmation: Confirmation = {
  confirmed: false,
  template: 1,
  templateBack: 1,
  pagerMoved: false,
  samePager: true,
  pointsBack: false,
  sameDocument: true,
  otherPage: false,
};

export const plainSignals: Page2Signals = {
  records1: 10,
  records2: 10,
  repeatedShare: 0,
  dates: "unknown",
  numbering: "unknown",
  ...NO_EVIDENCE,
};
