/**
 * What a fetched page is when page 1's page element is not on it (the rule's XPaths find
 * nothing, or only a placeholder): a wall (sign-in, consent, paywall, bot challenge; the
 * signals of ../features/walls.ts), an app shell to render in the hidden frame
 * (./iframe-render.ts), or a page that does not hold the list. Such a page is never joined
 * by a guess of the page-element model: it is rendered once and read again, or joining
 * stops with the reason named.
 */

import { visibleText } from "../features/text";
import {
  challengePage,
  consentDialog,
  loginRedirect,
  saysSignIn,
  signInForm,
  subscriptionBox,
  WALL_MAX_TEXT,
  type WallScope,
} from "../features/walls";
import type { StopReason } from "./stop-conditions";

/** The kinds of wall a page 2 can be. */
export type WallKind = "sign-in" | "consent" | "paywall" | "challenge";

/** A fetched page as the wall check reads it. */
export interface FetchedWall {
  doc: Document;
  /** The URL asked for. */
  requested: string;
  /** The final URL (after redirects). */
  url: string;
}

/** Whether any of the scopes shows the signal. */
const any = (scopes: readonly WallScope[], signal: (s: WallScope) => boolean) =>
  scopes.some(signal);

/** Visible text of the scopes. */
const textOf = (scopes: readonly WallScope[]) =>
  scopes
    .map((s) => {
      const root = "body" in s ? s.body : s;
      return root ? visibleText(root) : "";
    })
    .join(" ");

/**
 * The wall a fetched page is, in the order a reader would name it: a bot challenge, a
 * sign-in (a redirect to a login page, a password field, the words of one on a short
 * page), a paywall, a consent dialog. A signal page 1 shows as well (a login box in the
 * site's header, a cookie banner on every page) is the site's chrome, not a wall.
 * @param page the fetched page, the URL asked for and where it landed
 * @param page1 the reader's page (page 1), as it stands
 * @param where where on the fetched page the wall stands: the whole page (page 1's list
 *   is missing from it; the default) or the page elements read there (a wall inside page
 *   1's page element, e.g. a sign-in form in `main`); `page1` then gives page 1's
 *   page elements
 * @returns the wall's kind, or null
 */
export function wallOf(
  page: FetchedWall,
  page1: Document | readonly Element[],
  where: readonly Element[] | null = null,
): WallKind | null {
  const scopes: readonly WallScope[] = where ?? [page.doc];
  const ours: readonly WallScope[] = Array.isArray(page1) ? page1 : [page1 as Document];
  const shows = (signal: (s: WallScope) => boolean) => any(scopes, signal) && !any(ours, signal);
  const short = textOf(scopes).length < WALL_MAX_TEXT;
  if (loginRedirect(page.requested, page.url)) return "sign-in";
  if (short && shows(challengePage)) return "challenge";
  if (shows(signInForm)) return "sign-in";
  if (short && saysSignIn(textOf(scopes)) && !saysSignIn(textOf(ours))) return "sign-in";
  if (shows(subscriptionBox)) return "paywall";
  if (shows(consentDialog)) return "consent";
  return null;
}

/**
 * The stop for a wall.
 * @param wall its kind
 * @param page the number the page would have had (2 for the first joined page)
 * @param url the page's final URL
 */
export function wallStop(wall: WallKind, page: number, url: string): StopReason {
  switch (wall) {
    case "sign-in":
      return { kind: "sign-in-wall", page, url };
    case "consent":
      return { kind: "consent-wall", page, url };
    case "paywall":
      return { kind: "paywall", page, url };
    case "challenge":
      return { kind: "challenge-wall", page, url };
  }
}
