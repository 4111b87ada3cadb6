import fc from "fast-check";
import { JSDOM } from "jsdom";
import { describe, expect, it } from "vitest";
import { LOAD_MORE_WORDS } from "./keywords";
import {
  clickable,
  controlLabels,
  deniedControl,
  denyText,
  disclosureControl,
  findLoadMore,
  itemRun,
  listBefore,
  loadMoreControl,
  loadMoreText,
  mainListControl,
  mayAskForMore,
  mayBeLoadMore,
  mayHaveLoadMore,
  mayHoldWord,
  navigatesAway,
  normalizeLabel,
  runItems,
  secondaryListControl,
  submitsForm,
} from "./load-more";

const doc = (body: string) => new JSDOM(`<body>${body}</body>`).window.document;
const el = (html: string, sel = "body > *") => {
  const e = doc(html).querySelector(sel);
  if (!e) throw new Error(`no ${sel} in ${html}`);
  return e;
};
const LIST =
  "<ul id='list'><li class='item'>a</li><li class='item'>b</li><li class='item'>c</li></ul>";

describe("normalizeLabel", () => {
  it("drops digits, counts and punctuation, lowercases", () => {
    expect(normalizeLabel("  Show 20 More (240) ›")).toBe("show more");
    expect(normalizeLabel("S'INSCRIRE")).toBe("s'inscrire");
  });

  it("gives what the Unicode expression gives, for ASCII and for any text", () => {
    const byExpression = (t: string) =>
      t
        .toLowerCase()
        .replace(/[^\p{L}\p{M}'’]+/gu, " ")
        .trim();
    const ascii = Array.from({ length: 128 }, (_, i) => String.fromCharCode(i));
    for (const c of ascii)
      for (const t of [c, `A${c}b`, `${c}${c}x`]) expect(normalizeLabel(t)).toBe(byExpression(t));
    fc.assert(
      fc.property(fc.string({ unit: "binary", maxLength: 12 }), (t) => {
        expect(normalizeLabel(t)).toBe(byExpression(t));
      }),
      { numRuns: 3000, seed: 7 },
    );
    fc.assert(
      fc.property(fc.string({ unit: fc.constantFrom(...ascii), maxLength: 16 }), (t) => {
        expect(normalizeLabel(t)).toBe(byExpression(t));
      }),
      { numRuns: 3000, seed: 7 },
    );
  });
});

describe("mayAskForMore (the pre-test of loadMoreText)", () => {
  it("lets every label the vocabulary reads through, however it is written", () => {
    fc.assert(
      fc.property(
        fc.constantFrom(...LOAD_MORE_WORDS),
        fc.constantFrom("", "  ", "› ", "(20) ", "\n\t"),
        fc.constantFrom("", " ›", " (240)", "…", "\n"),
        fc.boolean(),
        (phrase, before, after, upper) => {
          const label = `${before}${upper ? phrase.toUpperCase() : phrase}${after}`;
          return !loadMoreText(label) || mayAskForMore(label);
        },
      ),
    );
  });
  it("stops the labels of most controls at once", () => {
    for (const label of ["Menu", "Search", "Close", "Log in", "次へ", "Share"])
      expect(mayAskForMore(label)).toBe(false);
    expect(mayAskForMore("Show 20 more")).toBe(true);
  });
  it("answers as a substring test per entry's longest piece, syntax characters included", () => {
    const words = ["more", "load more", "a.b", "(x)", "もっと見る"];
    const test = mayHoldWord(words);
    const pieces = ["more", "a.b", "(x)", "もっと見る"];
    fc.assert(
      fc.property(
        fc.string({ maxLength: 12 }),
        fc.constantFrom("", ...pieces, "axb", "x", "MORE", "Mor"),
        fc.string({ maxLength: 6 }),
        (before, middle, after) => {
          const label = `${before}${middle}${after}`;
          const lower = label.toLowerCase();
          return test(label) === pieces.some((p) => lower.includes(p));
        },
      ),
    );
  });
});

describe("loadMoreText", () => {
  it("reads load more in many languages", () => {
    for (const t of [
      "Load more",
      "Show more",
      "More results",
      "View more",
      "Show 20 more",
      "もっと見る",
      "さらに表示",
      "더보기",
      "加载更多",
      "显示更多",
      "Mehr laden",
      "Mehr anzeigen",
      "Показать ещё",
      "Cargar más",
      "Ver más",
      "Charger plus",
      "Voir plus",
      "Carregar mais",
      "Mostra altri",
      "Meer laden",
      "Load more articles ↓",
    ])
      expect(loadMoreText(t), t).toBe(true);
  });
  it("refuses other labels, prose, and 'no more'", () => {
    for (const t of [
      "More",
      "Next",
      "Read more",
      "Download",
      "No more results",
      "これ以上ありません",
      "Reload",
      "Show moreover",
      "We load more than ten thousand pages a day for our readers here",
    ])
      expect(loadMoreText(t), t).toBe(false);
  });
});

describe("denyText", () => {
  it("names dangerous actions in many languages, as whole words", () => {
    for (const t of [
      "Buy now",
      "Add to cart",
      "Checkout",
      "Subscribe",
      "Sign up",
      "Log in to see more",
      "Log out",
      "Delete",
      "Remove",
      "Vote",
      "Like",
      "Share",
      "Follow",
      "Report",
      "Download",
      "Pay",
      "Order",
      "Submit",
      "Send",
      "Confirm",
      "Unsubscribe",
      "購入",
      "カートに入れる",
      "削除",
      "ログイン",
      "チャンネル登録",
      "구매",
      "删除",
      "购买",
      "登录",
      "Jetzt kaufen",
      "Löschen",
      "Купить",
      "Удалить",
      "Comprar",
      "Eliminar",
      "Acheter",
      "Supprimer",
      "S'inscrire",
    ])
      expect(denyText(t), t).toBe(true);
  });
  it("does not fire on words that merely contain one", () => {
    for (const t of ["Load more", "Display more", "Shared items", "もっと見る", "Show more"])
      expect(denyText(t), t).toBe(false);
  });
});

describe("controlLabels", () => {
  it("reads text, aria-label, title, value and image alt", () => {
    expect(controlLabels(el("<button aria-label='Load more' title='t'>+</button>"))).toEqual([
      "+",
      "Load more",
      "t",
    ]);
    expect(controlLabels(el("<input type='button' value='Show more'>"))).toEqual(["Show more"]);
    expect(controlLabels(el("<a><img alt='もっと見る'></a>"))).toEqual(["もっと見る"]);
  });
  it("gives no text for a control that holds more than a label", () => {
    const big = `<button>${"<i>x</i>".repeat(40)}</button>`;
    expect(controlLabels(el(big))).toEqual([]);
  });
});

describe("mainListControl", () => {
  it("accepts a control whose list is, holds or sits in the page element", () => {
    const d = doc(
      `<main id="m"><ul id="list">${'<li class="item">A result with a title and a line of text</li>'.repeat(3)}</ul><button id="a">Load more</button></main>
       <div id="river"><ul id="r"><li class="s">1</li><li class="s">2</li><li class="s">3</li></ul><button id="b">More stories</button></div>`,
    );
    const a = listBefore(d.getElementById("a") as Element);
    const b = listBefore(d.getElementById("b") as Element);
    if (!a || !b) throw new Error("fixture lists not found");
    const main = d.getElementById("m") as Element;
    expect(mainListControl(a, [main])).toBe(true);
    expect(mainListControl(a, [d.getElementById("list") as Element])).toBe(true);
    expect(mainListControl(b, [main])).toBe(false);
    // An article body holding a short river: the river is not most of it.
    const article = doc(
      `<article id="art"><p>${"Long prose. ".repeat(40)}</p><ul><li class="s">1</li><li class="s">2</li><li class="s">3</li></ul><button id="c">More stories</button></article>`,
    );
    const c = listBefore(article.getElementById("c") as Element);
    if (!c) throw new Error("river not found");
    expect(mainListControl(c, [article.getElementById("art") as Element])).toBe(false);
    expect(mainListControl(b, [])).toBe(false);
  });
});

describe("secondaryListControl", () => {
  it("refuses the load-more of comments, reviews, related stories and asides", () => {
    const d = doc(
      `<div id="comments">${LIST}<button id="a">Show more</button></div>
       <section class="product-reviews">${LIST}<button id="b">Load more</button></section>
       <aside>${LIST}<button id="c">More</button></aside>
       <main class="results">${LIST}<button id="d">Load more</button></main>`,
    );
    const at = (id: string) => d.getElementById(id) as Element;
    expect(secondaryListControl(at("a"))).toBe(true);
    expect(secondaryListControl(at("b"))).toBe(true);
    expect(secondaryListControl(at("c"))).toBe(true);
    expect(secondaryListControl(at("d"))).toBe(false);
    expect(loadMoreControl(at("a"))).toBeNull();
    expect(loadMoreControl(at("d"))).not.toBeNull();
  });
});

describe("deniedControl", () => {
  it("refuses by label or by the words of its attributes", () => {
    expect(deniedControl(el("<button>Subscribe</button>"))).toBe(true);
    expect(deniedControl(el("<button class='btn js-addToCart'>Load more</button>"))).toBe(true);
    expect(deniedControl(el("<button onclick='deleteItem(3)'>Show more</button>"))).toBe(true);
    expect(deniedControl(el("<a href='/cart/add?id=3'>more</a>"))).toBe(true);
    expect(deniedControl(el("<button id='login-more'>Load more</button>"))).toBe(true);
  });
  it("lets a plain load-more control through (CSS utility classes included)", () => {
    expect(deniedControl(el("<button class='btn load-more order-last'>Load more</button>"))).toBe(
      false,
    );
  });
});

describe("submitsForm", () => {
  it("refuses submit buttons anywhere and untyped buttons in a form", () => {
    expect(submitsForm(el("<button type='submit'>Load more</button>"))).toBe(true);
    expect(submitsForm(el("<input type='submit' value='Load more'>"))).toBe(true);
    expect(submitsForm(el("<form><button>Load more</button></form>", "button"))).toBe(true);
    expect(
      submitsForm(el("<form id='f'></form><button form='f'>Load more</button>", "button")),
    ).toBe(true);
  });
  it("accepts type=button in a form, untyped buttons outside one, and links", () => {
    expect(submitsForm(el("<form><button type='button'>x</button></form>", "button"))).toBe(false);
    expect(submitsForm(el("<button>Load more</button>"))).toBe(false);
    expect(submitsForm(el("<form><a href='#'>Load more</a></form>", "a"))).toBe(false);
  });
});

describe("navigatesAway", () => {
  it("is true for a link to a real URL, false for fragments, javascript: and buttons", () => {
    expect(navigatesAway(el("<a href='/list?page=2'>Load more</a>"))).toBe(true);
    expect(navigatesAway(el("<a href='#'>Load more</a>"))).toBe(false);
    expect(navigatesAway(el("<a href='javascript:void(0)'>Load more</a>"))).toBe(false);
    expect(navigatesAway(el("<a>Load more</a>"))).toBe(false);
    expect(navigatesAway(el("<button>Load more</button>"))).toBe(false);
  });
  it("is true for inline handlers that set location, open a window or submit", () => {
    expect(navigatesAway(el("<button onclick=\"location.href='/p/2'\">Load more</button>"))).toBe(
      true,
    );
    expect(navigatesAway(el("<button onclick='window.open(\"/x\")'>Show more</button>"))).toBe(
      true,
    );
    expect(navigatesAway(el("<a href='javascript:document.forms[0].submit()'>More</a>"))).toBe(
      true,
    );
    expect(navigatesAway(el("<button onclick='loadMore(2)'>Load more</button>"))).toBe(false);
    expect(
      findLoadMore(doc(`${LIST}<button onclick="location='?page=2'">Load more</button>`)),
    ).toBeNull();
  });
});

describe("disclosureControl", () => {
  it("is true for menu and panel toggles, false for a plain button", () => {
    expect(disclosureControl(el("<button aria-expanded='false'>Show more</button>"))).toBe(true);
    expect(disclosureControl(el("<button aria-haspopup='menu'>More</button>"))).toBe(true);
    expect(disclosureControl(el("<button aria-pressed='false'>Show more</button>"))).toBe(true);
    expect(disclosureControl(el("<button aria-haspopup='false'>Load more</button>"))).toBe(false);
    expect(disclosureControl(el("<button>Load more</button>"))).toBe(false);
  });
  it("keeps a toggle after a list from being taken as a load-more button", () => {
    expect(findLoadMore(doc(`${LIST}<button aria-expanded='false'>Show more</button>`))).toBeNull();
  });
});

describe("clickable", () => {
  it("refuses disabled, aria-disabled, hidden and display:none controls", () => {
    expect(clickable(el("<button>x</button>"))).toBe(true);
    expect(clickable(el("<button disabled>x</button>"))).toBe(false);
    expect(clickable(el("<button aria-disabled='true'>x</button>"))).toBe(false);
    expect(clickable(el("<div hidden><button>x</button></div>", "button"))).toBe(false);
    expect(clickable(el("<div style='display:none'><button>x</button></div>", "button"))).toBe(
      false,
    );
    const gone = el("<button>x</button>");
    gone.remove();
    expect(clickable(gone)).toBe(false);
  });
});

describe("itemRun and runItems", () => {
  it("finds a run of ≥ 3 similar items in the element or two levels below", () => {
    const run = itemRun(el(LIST));
    expect(run).toMatchObject({ signature: "li.item", depth: 1 });
    const wrapped = itemRun(el(`<div><section>${LIST}</section></div>`));
    expect(wrapped).toMatchObject({ signature: "li.item", depth: 3 });
    expect(wrapped && runItems(wrapped).map((e) => e.textContent)).toEqual(["a", "b", "c"]);
  });
  it("refuses paragraphs of prose and two-item lists", () => {
    expect(itemRun(el("<div><p>a</p><p>b</p><p>c</p></div>"))).toBeNull();
    // The bare blocks of an article body are no list; bare list items are.
    expect(itemRun(el("<div><div>a</div><div>b</div><div>c</div></div>"))).toBeNull();
    expect(itemRun(el("<ul><li>a</li><li>b</li><li>c</li></ul>"))).not.toBeNull();
    expect(itemRun(el("<ul><li>a</li><li>b</li></ul>"))).toBeNull();
  });
});

describe("listBefore", () => {
  it("finds the list before the control, or before its wrapper", () => {
    const d = doc(`${LIST}<button id='b1'>Load more</button>`);
    expect(listBefore(d.getElementById("b1") as Element)?.scope.id).toBe("list");
    const w = doc(`${LIST}<div class='more'><p><button id='b2'>Load more</button></p></div>`);
    expect(listBefore(w.getElementById("b2") as Element)?.scope.id).toBe("list");
  });
  it("finds nothing for a control that follows no list", () => {
    const d = doc(`<p>text</p><button id='b'>Load more</button>${LIST}`);
    expect(listBefore(d.getElementById("b") as Element)).toBeNull();
  });
});

describe("loadMoreControl and findLoadMore", () => {
  it("finds a load-more button after a list", () => {
    const d = doc(`<a href='/'>Home</a>${LIST}<div><button type='button'>Load more</button></div>`);
    const found = findLoadMore(d);
    expect(found?.label).toBe("Load more");
    expect(found?.scope.id).toBe("list");
    expect(found?.control.localName).toBe("button");
  });
  it("takes a role=button div and an href-less link", () => {
    expect(findLoadMore(doc(`${LIST}<div role='button'>もっと見る</div>`))?.label).toBe(
      "もっと見る",
    );
    expect(findLoadMore(doc(`${LIST}<a href='#'>Voir plus</a>`))?.label).toBe("Voir plus");
  });
  it("refuses a link with a real URL (a next link for the pager)", () => {
    expect(findLoadMore(doc(`${LIST}<a href='/page/2'>Load more</a>`))).toBeNull();
  });
  it("never takes a dangerous or submitting control, whatever its position (case d)", () => {
    const dangerous = [
      "<button>Buy</button>",
      "<button>Add to cart</button>",
      "<button>Delete</button>",
      "<button>Subscribe</button>",
      "<button>Log in</button>",
      "<button>Log in to load more</button>",
      "<button>Show more — subscribe</button>",
      "<button class='add-to-cart'>Load more</button>",
      "<button>もっと見る（ログイン）</button>",
      "<button>加载更多 登录</button>",
      "<form action='/search'><button>Load more</button></form>",
      "<form action='/search'><button type='submit'>Show more</button></form>",
      "<input type='submit' value='Load more'>",
    ];
    for (const b of dangerous) {
      const d = doc(`${LIST}${b}`);
      expect(findLoadMore(d), b).toBeNull();
      // The control stands right after the list: only the deny list or the form refused it.
      const control = d.querySelector("button, input") as Element;
      expect(listBefore(control), b).not.toBeNull();
      expect(loadMoreControl(control), b).toBeNull();
    }
    // The same position with a plain label is found, so the refusals above are the rules'.
    expect(findLoadMore(doc(`${LIST}<button>Load more</button>`))).not.toBeNull();
  });
  it("skips a disabled button and one that follows no list", () => {
    expect(findLoadMore(doc(`${LIST}<button disabled>Load more</button>`))).toBeNull();
    expect(findLoadMore(doc(`<p>x</p><button>Load more</button>`))).toBeNull();
  });
  it("the gate's test (mayBeLoadMore) passes every control findLoadMore takes, and no others but the denied or submitting", () => {
    const controls = [
      "<button>Load more</button>",
      "<div role='button'>もっと見る</div>",
      "<a href='#'>Voir plus</a>",
      "<a href='/page/2'>Load more</a>",
      "<button disabled>Load more</button>",
      "<button aria-expanded='false'>Show more</button>",
      "<button>Add to cart</button>",
      "<button class='add-to-cart'>Load more</button>",
      "<form action='/search'><button>Load more</button></form>",
      `<aside>${LIST}<button>Load more</button></aside>`,
    ];
    for (const c of controls) {
      const d = doc(`${LIST}${c}`);
      const control = d.querySelector("button, [role=button], a") as Element;
      const full = loadMoreControl(control) !== null;
      const gate = mayBeLoadMore(control);
      if (full) expect(gate, c).toBe(true);
      if (gate && !full) expect(deniedControl(control) || submitsForm(control), c).toBe(true);
      expect(mayHaveLoadMore(d), c).toBe(gate);
    }
    expect(mayHaveLoadMore(doc(`<p>x</p><button>Load more</button>`))).toBe(false);
  });
});
