import type { TabStatus } from "./status";

/** Messages between extension contexts; the type names the direction. */
export type ContentToBackground = { type: "content→background:status"; status: TabStatus };

export type PopupToContent =
  | { type: "popup→content:get-status" }
  | { type: "popup→content:next-page" };

export type Message = ContentToBackground | PopupToContent;

/** Type guard for messages arriving through `runtime.onMessage`. */
export function isMessage(value: unknown): value is Message {
  return (
    typeof value === "object" &&
    value !== null &&
    typeof (value as { type?: unknown }).type === "string" &&
    /^(content|popup|background)→/.test((value as { type: string }).type)
  );
}
