// @vitest-environment jsdom
import fc from "fast-check";
import { JSDOM } from "jsdom";
import { describe, expect, it } from "vitest";
import {
  countPunctuation,
  normalizeSpace,
  pageTextLength,
  SPACE_TO_COLLAPSE,
  visibleText,
} from "./text";

const docOf = (html: string) => new JSDOM(html).window.document;

describe("normalizeSpace", () => {
  it("collapses runs of any whitespace, NBSP and ideographic space included, and trims", () => {
    expect(normalizeSpace("  a \n\t b\u00a0\u00a0c\u3000d  ")).toBe("a b c d");
  });

  it("gives what collapsing every \\s+ run gives, and returns a collapsed text as it is", () => {
    const unit = fc.constantFrom(
      "a",
      "b",
      " ",
      "  ",
      "\t",
      "\n",
      "\u00a0",
      "\u3000",
      "\u2028",
      "x y",
    );
    fc.assert(
      fc.property(fc.array(unit, { maxLength: 30 }), (units) => {
        const s = units.join("");
        expect(normalizeSpace(s)).toBe(s.replace(/\s+/g, " ").trim());
        const once = normalizeSpace(s);
        expect(once.replace(SPACE_TO_COLLAPSE, " ")).toBe(once);
      }),
      { numRuns: 2000 },
    );
  });
});

describe("visibleText", () => {
  it("excludes script, style, noscript and template text", () => {
    const doc = docOf(
      "<div id=x>Hello <script>var a=1</script><style>p{}</style><noscript>no js</noscript>" +
        "<template>tpl</template><b>world</b></div>",
    );
    const x = doc.getElementById("x");
    expect(x && visibleText(x)).toBe("Hello world");
  });

  it("adds no space at element boundaries, like textContent", () => {
    const doc = docOf("<ul id=x><li>1</li><li>2</li></ul>");
    const x = doc.getElementById("x");
    expect(x && visibleText(x)).toBe("12");
  });

  it("is empty for a script element itself", () => {
    const doc = docOf("<script id=s>alert(1)</script>");
    const s = doc.getElementById("s");
    expect(s && visibleText(s)).toBe("");
  });
});

describe("countPunctuation", () => {
  it("counts ASCII sentence punctuation", () => {
    expect(countPunctuation("Hi, you. Really? Yes! a;b:c")).toBe(6);
  });

  it("counts CJK full-width punctuation", () => {
    expect(countPunctuation("今日は、晴れ。本当？はい！")).toBe(4);
  });

  it("counts no whitespace character (the page pass skips whitespace-only text for it)", () => {
    const spaces: string[] = [];
    for (let c = 0; c <= 0xffff; c++) {
      const ch = String.fromCharCode(c);
      if (/\s/.test(ch)) spaces.push(ch);
    }
    expect(spaces.length).toBeGreaterThan(20);
    expect(countPunctuation(spaces.join(""))).toBe(0);
  });

  it("ignores brackets, quotes and dashes", () => {
    expect(countPunctuation("(a) [b] 'c' — d")).toBe(0);
  });

  it("counts each mark once, as a search for every mark does, astral text included", () => {
    const marks = [..."., !?;:。、！？，；：．｡､،؛؟"];
    const piece = fc.oneof(
      fc.constantFrom(...marks, "😀", "a", " ", "\n"),
      fc.string({ maxLength: 3 }),
    );
    fc.assert(
      fc.property(fc.array(piece, { maxLength: 30 }), (parts) => {
        const s = parts.join("");
        const expected = [...s].filter((c) => marks.includes(c) && c !== " ").length;
        expect(countPunctuation(s)).toBe(expected);
      }),
    );
  });
});

describe("pageTextLength", () => {
  it("measures the body's visible text in chars", () => {
    const doc = docOf("<title>T</title><body><p>ab  cd</p><script>x</script></body>");
    expect(pageTextLength(doc)).toBe(5);
  });

  it("is 0 for an empty document", () => {
    const doc = new JSDOM("").window.document;
    doc.documentElement.remove();
    expect(pageTextLength(doc)).toBe(0);
  });
});
