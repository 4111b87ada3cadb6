import { execFileSync } from "node:child_process";
import { describe, expect, it } from "vitest";
import { itemsCsv } from "./items-csv";

const tricky = {
  page: 2,
  url: "https://x.test/p?a=1,b=2",
  title: 'He said "stop", then left',
  text: 'Line one,\r\nline two\nand "three"',
  author: "Doe, Jane",
};

/** Python's csv module, when there is a python3: an independent reader of the output. */
function pythonRows(csv: string): string[][] | null {
  try {
    const out = execFileSync(
      "python3",
      [
        "-c",
        "import csv,io,json,sys; print(json.dumps(list(csv.reader(io.StringIO(sys.stdin.read(), newline='')))))",
      ],
      { input: csv, encoding: "utf8" },
    );
    return JSON.parse(out) as string[][];
  } catch {
    return null;
  }
}

describe("items as CSV", () => {
  it("quotes only fields that need it, doubling quotes (RFC 4180)", () => {
    expect(itemsCsv([{ page: 1, url: "u", title: "t", text: "x" }])).toBe(
      "page,url,title,text,date,author\r\n1,u,t,x,,\r\n",
    );
    expect(itemsCsv([{ page: 1, url: "u", title: 'say "hi"', text: "a,b" }])).toBe(
      'page,url,title,text,date,author\r\n1,u,"say ""hi""","a,b",,\r\n',
    );
  });

  it("keeps a spreadsheet from running a field as a formula", () => {
    const csv = itemsCsv([
      { page: 1, url: "u", title: '=HYPERLINK("http://evil.test")', text: "@x" },
    ]);
    expect(csv).not.toMatch(/(^|,)"?=HYPERLINK/m);
    expect(csv).toContain("'=HYPERLINK");
    expect(csv).toContain("'@x");
  });

  it("survives commas, quotes and newlines inside fields on a round trip", () => {
    const rows = pythonRows(itemsCsv([tricky, { page: 3, url: "u", title: "", text: "ok" }]));
    if (rows === null) return void console.warn("skipped the CSV round trip: no python3");
    expect(rows).toEqual([
      ["page", "url", "title", "text", "date", "author"],
      ["2", tricky.url, tricky.title, tricky.text, "", tricky.author],
      ["3", "u", "", "ok", "", ""],
    ]);
  });
});
