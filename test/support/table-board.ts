/**
 * A job board laid out in one table, as the hosted applicant-tracking pages of the 2010s
 * wrote it (the devry/iCIMS pair of `corpus/pairs/scrape/`): no `<h1>`, one title on every
 * page, the page's blocks as rows of a layout table (a title row, an intro, the pager row,
 * the row holding the jobs table, a search form whose location menu lists some hundred
 * places, two link rows at the foot), the jobs as rows of a nested table under a row of
 * `th`, alternating odd/even cell classes. The pager counts a parameter no generator names
 * (`?pr=N`, from 0), says "Page N of M" and its Next and Previous are image links (alt
 * "Next Page"). The last page holds a single job. Opened at `#read`, page 1's script plays
 * the reader (for Firefox): it scrolls to its end every 200 ms, and once the board has not
 * grown for 3 s asks for `/report?jobs=ID,ID,…&titles=N&feet=N` (answered 204).
 * Binds 127.0.0.1 only and records every request.
 */
import { type PagesServer, servePages } from "./local-server";

/** Pages of the board. */
export const BOARD_PAGES = 3;
/** Jobs on a full page (the last page holds one). */
export const JOBS_PER_PAGE = 10;
/** Jobs on the board. */
export const BOARD_JOBS = (BOARD_PAGES - 1) * JOBS_PER_PAGE + 1;

/** The request path of page n (1-based). */
export const boardPath = (n: number): string => `/jobs/search?pr=${n - 1}`;

/** The title of job k (0-based over the board), distinct. */
export function jobTitle(k: number): string {
  return `${["Adjunct Faculty", "Admissions Advisor", "Student Worker", "Project Manager"][k % 4]} no. ${13545 - k}`;
}

const ARROW = "data:image/gif;base64,R0lGODlhAQABAAAAACw=";

function jobRow(k: number, i: number): string {
  const c = i % 2 ? "iCIMS_JobsTableEven" : "iCIMS_JobsTableOdd";
  return `<tr>
<td class="${c} iCIMS_JobsTableField_1" align="center">2010-${13545 - k}</td>
<td class="${c} iCIMS_JobsTableField_2" align="left"><a href="/jobs/${13545 - k}/job" class="iCIMS_Anchor job-title">${jobTitle(k)}</a></td>
<td class="${c} iCIMS_JobsTableField_3" align="left">US-CA-Fremont</td>
<td class="${c} iCIMS_JobsTableField_4" align="center">4/${27 - (k % 20)}/2010</td>
</tr>`;
}

/** Page n of the board, as the server sends it. */
export function boardPage(n: number, origin: string): string {
  const first = (n - 1) * JOBS_PER_PAGE;
  const count = n < BOARD_PAGES ? JOBS_PER_PAGE : 1;
  const jobs = Array.from({ length: count }, (_, i) => jobRow(first + i, i)).join("\n");
  const prev =
    n > 1
      ? `<a href="${origin}${boardPath(n - 1)}"><img src="${ARROW}" width="16" height="16" alt="Previous Page"></a>`
      : "&nbsp;";
  const next =
    n < BOARD_PAGES
      ? `<a href="${origin}${boardPath(n + 1)}"><img src="${ARROW}" width="16" height="16" alt="Next Page"></a>`
      : "&nbsp;";
  const places = Array.from(
    { length: 240 },
    (_, i) => `<option value="${i}">US-${["CA", "TX", "IL", "PA"][i % 4]}-Town ${i}</option>`,
  ).join("");
  return `<!doctype html>
<html><head><meta charset="utf-8">
<title>Find job and career opportunities with Example University</title>
<style>body { font: 14px sans-serif; } td { padding: 2px; }</style>
</head>
<body>
<div id="wrapper">
<table width="100%"><tbody><tr><td class="iCIMS_MainTable">
<table width="100%"><tbody>
<tr><td class="iCIMS_Header site-title">Job Listings</td></tr>
<tr><td class="iCIMS_InfoMsg">Here are our current job openings. Please click on the job title for more information, and apply from that page if you are interested.</td></tr>
<tr><td align="center" class="iCIMS_JobsTablePaging"><table><tbody><tr>
<td>${prev}</td><td>&nbsp; Page ${n} of ${BOARD_PAGES} &nbsp;</td><td>${next}</td>
</tr></tbody></table></td></tr>
<tr><td>
<table border="0" cellpadding="1" cellspacing="3" width="100%" class="iCIMS_JobsTable"><tbody>
<tr><th class="iCIMS_JobsTableHeader">Job ID</th><th class="iCIMS_JobsTableHeader">Job Title</th><th class="iCIMS_JobsTableHeader">Location</th><th class="iCIMS_JobsTableHeader">Posted Date</th></tr>
${jobs}
</tbody></table>
</td></tr>
<tr><td class="iCIMS_SubHeader">Use this form to do another job search:</td></tr>
<tr><td align="center"><form action="/jobs/search" method="get">Keywords: <input name="kw"> Location: <select name="loc"><option value="">(All)</option>${places}</select> <input type="submit" value="Search"></form></td></tr>
<tr><td class="board-foot"><a href="/jobs/intro">Go back to the welcome page</a></td></tr>
<tr><td class="board-foot"><a href="https://ats.invalid/">Applicant Tracking Software</a></td></tr>
</tbody></table>
</td></tr></tbody></table>
</div>
<script>
if (location.hash === "#read") (function () {
  var last = -1, still = 0;
  var t = setInterval(function () {
    scrollTo(0, document.documentElement.scrollHeight);
    var jobs = document.querySelectorAll("a.job-title");
    if (jobs.length !== last) { last = jobs.length; still = 0; return; }
    if ((still += 200) < 3000) return;
    clearInterval(t);
    var ids = Array.prototype.map.call(jobs, function (a) { return (/no\\. (\\d+)/.exec(a.textContent) || [])[1]; });
    fetch("/report?jobs=" + ids.join(",") +
      "&titles=" + document.querySelectorAll("td.site-title").length +
      "&feet=" + document.querySelectorAll("td.board-foot").length);
  }, 200);
})();
</script>
</body></html>
`;
}

/**
 * Serve the board on a free port of 127.0.0.1; anything else answers 404.
 * @returns the site; `close()` stops it
 */
export function startBoardServer(): Promise<PagesServer> {
  return servePages((path, origin) => {
    const n = Array.from({ length: BOARD_PAGES }, (_, i) => i + 1).find(
      (k) => boardPath(k) === path,
    );
    return n === undefined ? null : boardPage(n, origin);
  });
}
