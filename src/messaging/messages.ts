import type { BookFormat, BookOptions, ExportFormat, ItemsFormat } from "./export-formats";
import type { JoinedPlace } from "./joined-place";
import type { TabStatus } from "./status";

/** Messages between extension contexts; the type names the direction. */
export type ContentToBackground =
  | { type: "content→background:status"; status: TabStatus }
  | PlaceMessage
  /** The entry woke (the reader neared the end, came back or asked): inject the gate
   * stage (content/entry.ts) into the sender's frame; answered once it has run. */
  | { type: "content→background:load-entry" }
  /** The gate opened (or the reader asked) and the detector script's import failed
   * (../gate/load-detector.ts): inject it into the sender's frame; answered once it has run. */
  | { type: "content→background:load-detector" }
  /** Inject a third-stage script into the sender's frame; answered once it has run. */
  | { type: "content→background:load-script"; script: ThirdStageScript }
  /** A page of `pageUrl`'s site is about to render in the hidden frame (on: true): block
   * other hosts' requests in the sender's tab (src/pager/frame-requests.ts); or the frame
   * is gone (on: false): lift the block. Answered with whether the block is in place. */
  | { type: "content→background:frame-requests"; on: boolean; pageUrl: string };

/**
 * Scripts the detector script has the background inject where they are needed: the
 * page-element forest (src/detect/injected-models.ts) once a next link, rule or load-more
 * button is found; the export (src/export/exporter-api.ts) once the reader exports.
 */
export type ThirdStageScript = "page-element-model" | "exporter";

/** The reader's place between the content script and the background. */
export type PlaceMessage =
  /** Remember this tab's joined pages and the reader's place. */
  | { type: "content→background:remember-place"; place: JoinedPlace }
  /** The reader came back (Back, Forward, Reload): the place remembered for this URL in
   * the sender's tab, answered with a `Recalled` or null. */
  | { type: "content→background:recall-place"; url: string; entryKey?: string }
  /** The reader switched a site off: forget its places in every tab. */
  | { type: "content→background:forget-site-places"; site: string };

/** Whether a message is about places (answered by the background from `storage.session`). */
export function isPlaceMessage(m: Message): m is PlaceMessage {
  return (
    m.type === "content→background:remember-place" ||
    m.type === "content→background:recall-place" ||
    m.type === "content→background:forget-site-places"
  );
}

export type PopupToContent =
  | { type: "popup→content:get-status" }
  | { type: "popup→content:next-page" }
  /** Join up to `count` more pages now. */
  | { type: "popup→content:load-more"; count: number }
  /** Join nothing more in this tab. */
  | { type: "popup→content:stop" }
  /** Join every remaining page up to the page cap (progress through get-status). */
  | { type: "popup→content:fetch-all" }
  /** The joined article so far in one format; answered with an {@link ExportFile}. */
  | {
      type: "popup→content:export";
      format: ExportFormat | ItemsFormat | BookFormat;
      /** The book's options, for `epub`. */
      book?: BookOptions;
    }
  /** Enter pick mode (../picker/pick-mode.ts): the reader points at the next link or the
   * page element on the page and clicks it; answered with the status at once, before the
   * reader has picked. */
  | { type: "popup→content:pick"; target: PickTarget };

/** What a reader picks on the page to teach tsugi a site rule, or, on a list without a
 * next link, the list's "Load more" button for tsugi to click. */
export type PickTarget = "next-link" | "page-element" | "load-more";

/** Keyboard commands, forwarded by the background to the active tab; both are
 * answered with the tab's status afterwards. */
export type BackgroundToContent =
  | { type: "background→content:next-page" }
  | { type: "background→content:toggle-site" };

export type Message = ContentToBackground | PopupToContent | BackgroundToContent;

/** The export of a joined article, ready to download or copy. */
export interface ExportFile {
  /** Suggested file name, e.g. "mac-os-x-10-7-lion.md". */
  filename: string;
  /** MIME type with charset, e.g. "text/markdown;charset=utf-8". */
  mime: string;
  /** The text, or the bytes in base64 when {@link encoding} says so (a book). */
  content: string;
  /** "base64" for a binary file (EPUB); absent for text. */
  encoding?: "base64";
  /** Pages in the export. */
  pages: number;
  /** Further volumes of a book split every N chapters, in order. */
  more?: { filename: string; content: string }[];
}

/** Type guard for messages arriving through `runtime.onMessage`. */
export function isMessage(value: unknown): value is Message {
  return (
    typeof value === "object" &&
    value !== null &&
    typeof (value as { type?: unknown }).type === "string" &&
    /^(content|popup|background)→/.test((value as { type: string }).type)
  );
}
