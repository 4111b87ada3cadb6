// @vitest-environment jsdom
import { describe, expect, it } from "vitest";
import { blockText, blockTextWhere } from "./text";

const el = (html: string) => {
  const d = document.createElement("div");
  d.innerHTML = html;
  return d;
};

describe("blockText", () => {
  it("puts blocks on their own lines, keeps inline runs together, skips scripts", () => {
    const t = blockText(
      el(
        "<h1>Title</h1><p>One <b>bold</b>\n  word.</p><p>Two<br>lines</p><script>x=1</script><ul><li>a</li><li>b</li></ul>",
      ),
    );
    expect(t).toBe("Title\nOne bold word.\nTwo\nlines\na\nb");
  });
  it("blockTextWhere keeps only chosen text nodes", () => {
    const root = el("<p>keep <i>this</i></p><p class=x>drop</p>");
    const t = blockTextWhere(root, (n) => !n.parentElement?.classList.contains("x"));
    expect(t).toBe("keep this");
  });
});
