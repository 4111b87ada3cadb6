/**
 * A site whose lists have a plain pager ("1 2 Next ›", `rel=next`) and whose page 2 is a
 * wall instead of the list. Binds 127.0.0.1 only and records every request it answers.
 *
 * Every family `/<kind>/1` is page 1: a static header (site name, Home / About / Contact),
 * a `<ul class="items">` of {@link ITEMS_PER_PAGE} items (a title and a paragraph each),
 * `<nav class="pager">1 <a href="/<kind>/2">2</a> <a rel="next">Next ›</a></nav>` and a
 * static footer (©, Privacy, Terms). Page 2 by family:
 * - `/signin/2`: 200, "Sign in to continue": a form with an email and a password field.
 * - `/redirect/2`: 302 to `/login?next=%2Fredirect%2F2`; `/login` is the sign-in form.
 * - `/consent/2`: 200, a cookie-consent interstitial: "Before you continue", a form with
 *   "Accept all" and "Reject all" buttons posting to `/consent/save` (never to be sent).
 * - `/consentpage/2`: 200, the same consent dialog inside the site's own layout (its header,
 *   `main` with an `h1`, its footer): page 1's heading is there, its list is not.
 * - `/paywall/2`: 200, the list's page with its header, an empty `<ul class="items">` and
 *   a box "Subscribe to continue" with a Subscribe link.
 * - `/challenge/2`: 200, a bot challenge: "Checking your browser before accessing…",
 *   a `#challenge-form` and a captcha box.
 * - The hostile pages that must stay refused as they are: `/bot/2` answers 403 with a
 *   challenge page; `/busy/2` answers 429 with `Retry-After: 1` on its first request, then
 *   the real page 2; `/postpager/1`'s only pager is a POST form to `/postpager/2` (never to
 *   be submitted); `/refresh/2` is the real page 2 with a meta refresh to `/refresh/away`
 *   (never to be followed); `/huge/2` is page 2 grown to {@link HUGE_BYTES} bytes.
 * - `/fine/2`: the real page 2 of the list (items 11–20, no next link): the control case.
 * Anything else answers 404.
 */
import http from "node:http";
import { listenLocally } from "./local-server";
import { FORUM_FOOTER, FORUM_HEADER } from "./script-pages-server";

/** Items on page 1 of every family. */
export const ITEMS_PER_PAGE = 10;
/** The walls, by family name. */
export const WALLS = [
  "signin",
  "redirect",
  "consent",
  "consentpage",
  "paywall",
  "challenge",
] as const;
export type WallFamily = (typeof WALLS)[number];

/** Size of `/huge/2`, bytes: 16 MiB. */
export const HUGE_BYTES = 16 * 1024 * 1024;

/** One request the server answered. */
export interface WallsRequest {
  method: string;
  /** Path and query as received. */
  path: string;
  status: number;
}

/** A running site; see {@link startWallsServer}. */
export interface WallsServer {
  origin: string;
  requests: WallsRequest[];
  close(): Promise<void>;
}

/** Title of item `n` (1-based). */
export function itemTitle(n: number): string {
  return `Harbour notice ${n}: the ferry timetable for week ${n + 10}`;
}

function items(first: number): string {
  return Array.from({ length: ITEMS_PER_PAGE }, (_, k) => {
    const n = first + k;
    return `<li class="item"><h2><a href="/item/${n}">${itemTitle(n)}</a></h2><p>Notice ${n} tells travellers which boats leave at ${n % 12} o'clock, which piers they use and what changed since notice ${n - 1}.</p></li>`;
  }).join("\n");
}

const page = (title: string, main: string) => `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>${title}</title></head>
<body>
${FORUM_HEADER}
<main>
${main}
</main>
${FORUM_FOOTER}
</body></html>
`;

function listPage(kind: string, n: number): string {
  const pager =
    n === 1
      ? `<nav class="pager"><span class="current">1</span> <a href="/${kind}/2">2</a> <a href="/${kind}/2" rel="next">Next ›</a></nav>`
      : `<nav class="pager"><a href="/${kind}/1">1</a> <span class="current">2</span></nav>`;
  return page(
    `Harbour notices, page ${n}`,
    `<h1>Harbour notices</h1>
<ul class="items">
${items((n - 1) * ITEMS_PER_PAGE + 1)}
</ul>
${pager}`,
  );
}

const SIGN_IN = page(
  "Sign in",
  `<h1>Sign in to continue</h1>
<form method="post" action="/session">
<label>Email <input type="email" name="email"></label>
<label>Password <input type="password" name="password"></label>
<button type="submit">Sign in</button>
</form>
<p><a href="/forgot">Forgot your password?</a></p>`,
);

const CONSENT = `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>Before you continue</title></head>
<body>
<div class="consent" role="dialog" aria-label="Before you continue">
<h1>Before you continue</h1>
<p>We use cookies and data to deliver and maintain our services, measure audience engagement and show ads. Choose whether we may use cookies for these purposes.</p>
<form method="post" action="/consent/save">
<button type="submit" name="set" value="reject">Reject all</button>
<button type="submit" name="set" value="accept">Accept all</button>
</form>
<p><a href="/privacy">Privacy</a> · <a href="/terms">Terms</a></p>
</div>
</body></html>
`;

const CONSENT_PAGE = page(
  "Harbour notices",
  `<h1>Before you continue</h1>
<p>We use cookies and data to deliver and maintain our services. Choose whether we may use cookies for these purposes.</p>
<form method="post" action="/consent/save">
<button type="submit" name="set" value="reject">Reject all</button>
<button type="submit" name="set" value="accept">Accept all</button>
</form>`,
);

const PAYWALL = page(
  "Harbour notices, page 2",
  `<h1>Harbour notices</h1>
<ul class="items"></ul>
<div class="subscribe-box"><h2>Subscribe to continue</h2><p>Older notices are for subscribers.</p><a class="button" href="/subscribe">Subscribe</a></div>`,
);

const CHALLENGE = `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>Just a moment...</title></head>
<body>
<h1>Checking your browser before accessing the site.</h1>
<form id="challenge-form" action="/challenge/verify" method="post"><div class="h-captcha" data-sitekey="x"></div></form>
<p>This process is automatic.</p>
</body></html>
`;

type Reply = { status: number; body: string; location?: string; retryAfter?: number };

/** Whether `/busy/2` was asked before (its first answer is 429). */
let busyAsked = false;

function route(url: URL): Reply {
  const html = (body: string): Reply => ({ status: 200, body });
  if (url.pathname === "/login") return html(SIGN_IN);
  const m =
    /^\/(signin|redirect|consent|consentpage|paywall|challenge|fine|bot|busy|postpager|refresh|huge)\/(\d+)$/.exec(
      url.pathname,
    );
  const kind = m?.[1];
  const n = Number(m?.[2]);
  if (!kind || (n !== 1 && n !== 2)) return { status: 404, body: "not found\n" };
  if (kind === "postpager" && n === 1)
    return html(
      listPage(kind, 1).replace(
        /<nav class="pager">[\s\S]*?<\/nav>/,
        '<form class="pager" method="post" action="/postpager/2"><button type="submit" name="page" value="2">Next ›</button></form>',
      ),
    );
  if (n === 1 || kind === "fine") return html(listPage(kind, n));
  if (kind === "bot") return { status: 403, body: CHALLENGE };
  if (kind === "busy") {
    if (!busyAsked) {
      busyAsked = true;
      return { status: 429, body: "slow down\n", retryAfter: 1 };
    }
    return html(listPage(kind, 2));
  }
  if (kind === "refresh")
    return html(
      listPage(kind, 2).replace(
        "</head>",
        '<meta http-equiv="refresh" content="0;url=/refresh/away"></head>',
      ),
    );
  if (kind === "huge") {
    const pad = `<p hidden>${"x".repeat(HUGE_BYTES)}</p>`;
    return html(listPage(kind, 2).replace("</main>", `${pad}</main>`));
  }
  switch (kind) {
    case "signin":
      return html(SIGN_IN);
    case "redirect":
      return { status: 302, body: "", location: `/login?next=${encodeURIComponent(url.pathname)}` };
    case "consent":
      return html(CONSENT);
    case "consentpage":
      return html(CONSENT_PAGE);
    case "paywall":
      return html(PAYWALL);
    default:
      return html(CHALLENGE);
  }
}

/**
 * Start the site on a free port of 127.0.0.1.
 * @returns `{ origin, requests, close }` once listening
 */
export async function startWallsServer(): Promise<WallsServer> {
  const requests: WallsRequest[] = [];
  const server = http.createServer((req, res) => {
    req.resume();
    const target = req.url ?? "/";
    const reply = route(new URL(target, "http://127.0.0.1"));
    requests.push({ method: req.method ?? "GET", path: target, status: reply.status });
    res.writeHead(reply.status, {
      "Content-Type": "text/html; charset=utf-8",
      "Cache-Control": "no-store",
      ...(reply.location ? { Location: reply.location } : {}),
      ...(reply.retryAfter ? { "Retry-After": String(reply.retryAfter) } : {}),
    });
    res.end(reply.body);
  });
  const listening = await listenLocally(server);
  return { ...listening, requests };
}
