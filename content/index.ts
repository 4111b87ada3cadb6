/**
 * The entry on every http(s) page, asleep: at load it touches no extension API
 * (the namespace's first touch builds its bindings, 1.5–2 ms a page) and holds no gate (its
 * vocabulary and expressions, 1–2 ms to evaluate in a fresh page); a passive scroll
 * listener waits for the reader to come within a few screens of the end
 * (../src/wake/near-end.ts), where an auto-pager is needed. Then, or at once where the
 * pager would join page 2 without a scroll, where the reader comes back (Back, Forward, Reload: the joined
 * pages must be in before the wrong place shows), on the sites whose own infinite scroll
 * the reader wants joined (../src/wake/wake-at-load.ts: tsugi must look before the site
 * appends) or where the popup, a keyboard command or
 * `tsugi join` asks (../src/wake/wake.ts), it has the background inject the gate stage,
 * content/entry.ts, and wakes it:
 *
 *   asleep → woken (content/entry.ts: gate → detect → join)
 */
import { entryApi } from "../src/messaging/entry-api";
import type { Message } from "../src/messaging/messages";
import { isComingBack, navigationKind } from "../src/place/navigation";
import { LOAD_WAKE_SCREENS, nearEnd } from "../src/wake/near-end";
import { installedEntry, installWake } from "../src/wake/wake";
import { wakeAtLoadAsked } from "../src/wake/wake-at-load";
import { whenIdle } from "./when-idle";

let woken: Promise<boolean> | null = null;

/**
 * Have the background inject the gate stage, then wake it. A failed injection leaves the
 * entry asleep, to be woken by the reader's next request.
 * @param asked a reader's request, not the scroll position, woke the entry
 * @returns true once the gate stage answers messages
 */
function wake(asked: boolean): Promise<boolean> {
  const load: Message = { type: "content→background:load-entry" };
  woken ??= entryApi()
    .runtime.sendMessage(load)
    .then(() => installedEntry()?.wake(asked) ?? false)
    .catch(() => false)
    .then((ok) => {
      if (!ok) woken = null;
      return ok;
    });
  return woken;
}

installWake(() => wake(true));
if (wakeAtLoadAsked() || isComingBack(navigationKind(window))) void wake(false);
else
  void whenIdle().then(() => {
    if (woken) return;
    if (nearEnd(window, LOAD_WAKE_SCREENS)) {
      void wake(false);
      return;
    }
    const onScroll = () => {
      if (!woken && !nearEnd(window)) return;
      window.removeEventListener("scroll", onScroll);
      if (!woken) void wake(false);
    };
    window.addEventListener("scroll", onScroll, { passive: true });
  });
