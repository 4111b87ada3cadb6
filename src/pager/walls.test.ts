// @vitest-environment jsdom
import { describe, expect, it } from "vitest";
import { wallOf, wallStop } from "./walls";

const parse = (body: string) =>
  new DOMParser().parseFromString(`<!doctype html><title>t</title><body>${body}`, "text/html");
const LIST =
  '<main><ul class="items"><li>Ferry times for the week</li><li>Harbour news</li></ul></main>';
const at = (doc: Document, url = "https://s.test/list/2") => ({
  doc,
  requested: "https://s.test/list/2",
  url,
});

describe("wallOf", () => {
  const page1 = parse(LIST);
  it("names each wall on a whole page", () => {
    expect(wallOf(at(parse('<form><input type="password"></form>')), page1)).toBe("sign-in");
    expect(wallOf(at(parse("<p>x</p>"), "https://s.test/login?next=%2Flist%2F2"), page1)).toBe(
      "sign-in",
    );
    expect(wallOf(at(parse("<h2>Subscribe to continue</h2>")), page1)).toBe("paywall");
    expect(
      wallOf(
        at(parse("<p>cookies</p><button>Accept all</button><button>Reject all</button>")),
        page1,
      ),
    ).toBe("consent");
    expect(wallOf(at(parse('<div class="g-recaptcha"></div>')), page1)).toBe("challenge");
    expect(wallOf(at(parse(LIST)), page1)).toBeNull();
  });
  it("a signal page 1 shows too is the site's chrome, not a wall", () => {
    const withLogin = parse(`<header><form><input type="password"></form></header>${LIST}`);
    expect(
      wallOf(at(parse('<header><form><input type="password"></form></header>')), withLogin),
    ).toBeNull();
  });
  it("inside the page elements: a form where the list was", () => {
    const p2 = parse('<main><h1>Sign in</h1><form><input type="password"></form></main>');
    const main1 = page1.querySelector("main") as Element;
    const main2 = p2.querySelector("main") as Element;
    expect(wallOf(at(p2), [main1], [main2])).toBe("sign-in");
    // The page's own header login box is outside the page elements read.
    const p3 = parse(`<header><form><input type="password"></form></header>${LIST}`);
    expect(wallOf(at(p3), [main1], [p3.querySelector("main") as Element])).toBeNull();
  });
});

describe("wallStop", () => {
  it("gives each wall its own stop, with the page's number and URL", () => {
    expect(wallStop("sign-in", 2, "u")).toEqual({ kind: "sign-in-wall", page: 2, url: "u" });
    expect(wallStop("consent", 3, "u").kind).toBe("consent-wall");
    expect(wallStop("paywall", 2, "u").kind).toBe("paywall");
    expect(wallStop("challenge", 2, "u").kind).toBe("challenge-wall");
  });
});
