/**
 * A multi-page magazine article as a newspaper's site of 2010 serves it, joined by the
 * built extension in Chromium: four pages under one address, page N at `?pagewanted=N`,
 * a numbered pager "1 2 3 4 Next Page »" under the body, a single-page and a print view
 * beside it, and a "Most E-mailed" list in the sidebar. From page 2 on, the site's
 * sign-in redirect has left its counter on every pager link (`?pagewanted=3&_r=1`) while
 * page 1's pager wrote `?pagewanted=3`: the same pages spelled otherwise. The reader
 * scrolls; every paragraph of pages 1–4 must come once and in order, each page be asked
 * for once, and nothing of the sidebar, the single-page or the print view come with them.
 */
import { expect, it } from "vitest";
import { scrollUntilSettled } from "../../src/cli/join";
import { extensionSuite } from "../support/extension";
import { servePages } from "../support/local-server";

/** The two articles: one whose pager ends in "Next Page »", one whose pager is the
 * numbers alone (page n + 1 is the next page). */
const ARTICLES = [
  { path: "/2010/03/14/magazine/14lighthouse-t.html", withNext: true },
  { path: "/2010/03/21/magazine/21ferry-t.html", withNext: false },
] as const;
type Article = (typeof ARTICLES)[number];
const PAGES = 4;
const PARAGRAPHS = 7;
const HEADLINE = "The Last Keeper of Gull Rock Light";

/** Paragraph k (0-based) of page n: each its own words, long enough to be read as prose. */
function paragraph(n: number, k: number): string {
  return `Page ${n}, paragraph ${k + 1}: the keeper wrote in the log each night at ${
    6 + k
  } o'clock, noting the wind off the ledge, the state of the lamp and the boats that came in late from the grounds, a habit he kept for ${
    20 + n * 3 + k
  } years after the light was automated and nobody asked him to.`;
}

/** The pager of page n: page 1's links plain, the later pages' with the redirect counter. */
function pager({ path, withNext }: Article, n: number): string {
  const tail = n === 1 ? "" : "&_r=1";
  const at = (m: number) =>
    m === 1 ? `${path}${n === 1 ? "" : "?_r=1"}` : `${path}?pagewanted=${m}${tail}`;
  const numbers = Array.from({ length: PAGES }, (_, k) =>
    k + 1 === n ? `<li>${k + 1}</li>` : `<li><a href="${at(k + 1)}">${k + 1}</a></li>`,
  ).join("");
  const next =
    withNext && n < PAGES ? `<li class="next"><a href="${at(n + 1)}">Next Page »</a></li>` : "";
  return `<div id="pageLinks"><ul>${numbers}${next}</ul></div>
<div class="articleTools"><ul>
<li class="singlePage"><a href="${path}?pagewanted=all${tail}">Single Page</a></li>
<li class="print"><a href="${path}?pagewanted=print${tail}">Print</a></li>
</ul></div>`;
}

/** Page n of the article, with the site's masthead, section tabs, sidebar and footer. */
function articlePage(article: Article, n: number): string {
  const body = Array.from({ length: PARAGRAPHS }, (_, k) => `<p>${paragraph(n, k)}</p>`).join("\n");
  const emailed = Array.from(
    { length: 10 },
    (_, k) =>
      `<li><a href="/2010/03/1${k % 9}/story-${k}.html">Most e-mailed story number ${k + 1}</a></li>`,
  ).join("");
  return `<!doctype html><html><head><meta charset="utf-8">
<title>${HEADLINE} - Magazine - The Island Times</title></head><body>
<div id="masthead"><a href="/">The Island Times</a>
<ul id="mainTabs"><li><a href="/pages/world/">World</a></li><li><a href="/pages/business/">Business</a></li><li><a href="/pages/magazine/">Magazine</a></li><li><a href="/pages/opinion/">Opinion</a></li></ul></div>
<div id="main"><div id="article">
<h1 class="articleHeadline">${HEADLINE}</h1>
<h6 class="byline">By A. WRITER</h6>
<div class="articleBody">
${body}
</div>
${pager(article, n)}
</div>
<div id="aside"><div class="mostEmailed"><h3>Most E-Mailed</h3><ol>${emailed}</ol></div></div>
</div>
<div id="footer"><a href="/ref/membercenter/help/copyright.html">© 2010 The Island Times Company</a> · <a href="/privacy">Privacy Policy</a></div>
</body></html>`;
}

const suite = extensionSuite(
  () =>
    servePages((path) => {
      const url = new URL(path, "http://site.example");
      const article = ARTICLES.find((a) => a.path === url.pathname);
      const wanted = url.searchParams.get("pagewanted");
      const n = wanted === null ? 1 : Number(wanted);
      if (!article || !Number.isInteger(n) || n < 1 || n > PAGES) return null;
      return articlePage(article, n);
    }),
  { settings: { minIntervalMs: 0 } },
);

for (const article of ARTICLES) {
  it(`joins pages 2-4 whose pagers carry a redirect counter, every paragraph once: ${
    article.withNext ? '"Next Page »"' : "the numbers alone"
  }`, async () => {
    const page = await suite.tabs.open(article.path);
    const status = await scrollUntilSettled(page, 60_000);
    const text = (await page.locator("body").innerText()).replace(/\s+/g, " ");
    const missing: string[] = [];
    let at = -1;
    for (let n = 1; n <= PAGES; n++) {
      for (let k = 0; k < PARAGRAPHS; k++) {
        const p = paragraph(n, k);
        const first = text.indexOf(p);
        if (first < 0) {
          missing.push(`page ${n} paragraph ${k + 1}`);
          continue;
        }
        expect(first, `page ${n} paragraph ${k + 1} in order`).toBeGreaterThan(at);
        expect(text.indexOf(p, first + 1), `page ${n} paragraph ${k + 1} twice`).toBe(-1);
        at = first;
      }
    }
    expect(missing).toEqual([]);
    expect(status.pages).toBe(PAGES);
    // It ends because page 4 has no next page, not because its pager's links back to
    // pages already shown were taken for one and the loop guard stopped them.
    expect(status.state, status.reason ?? "").toBe("done");
    // The sidebar and the masthead stay once; the joined pages bring the body only.
    expect(await page.locator(".mostEmailed").count()).toBe(1);
    expect(await page.locator("#masthead").count()).toBe(1);
    // Each page was asked for once, in order, and neither view of the whole article was.
    const asked = suite.server.requests
      .map((r) => new URL(r, "http://site.example"))
      .filter((u) => u.pathname === article.path)
      .map((u) => u.searchParams.get("pagewanted"));
    expect(asked).toEqual([null, "2", "3", "4"]);
  });
}
