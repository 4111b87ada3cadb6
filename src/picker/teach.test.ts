// @vitest-environment jsdom

import { describe, expect, it } from "vitest";
import { matchSiteRule } from "../rule/match-rule";
import { contentBesideLink, teachStep } from "./teach";

const URL1 = "http://ex.com:8080/teach/intro.html";
const long = "A sentence of the story that goes on for a while. ".repeat(3);
const page = (): Document =>
  new DOMParser().parseFromString(
    `<!doctype html><body><div class="entry"><p>${long}</p></div>` +
      '<div class="nav"><a class="zz-q7" href="chapter-b.html"><img src="r.png"></a></div></body>',
    "text/html",
  );
const NEXT = '//a[contains(concat(" ", normalize-space(@class), " "), " zz-q7 ")]';
const ENTRY = '//div[@class="entry"]';

describe("teachStep", () => {
  it("makes a rule named after the host from a picked next link and a known page element", () => {
    const d = page();
    const step = teachStep(d, URL1, { nextLink: NEXT }, { pageElement: ENTRY });
    expect(step).toEqual({
      kind: "rule",
      rule: {
        name: "ex.com:8080",
        url: "^http://ex\\.com:8080/teach/",
        nextLink: NEXT,
        pageElement: ENTRY,
      },
    });
    // The rule as the pager reads it.
    if (step.kind !== "rule") throw new Error("no rule");
    expect(matchSiteRule([step.rule], d, URL1)?.nextUrl).toBe(
      "http://ex.com:8080/teach/chapter-b.html",
    );
  });

  it("asks for the part nothing known holds, picked parts first", () => {
    const d = page();
    expect(teachStep(d, URL1, { nextLink: NEXT }, {})).toEqual({
      kind: "need",
      target: "page-element",
    });
    expect(teachStep(d, URL1, { pageElement: ENTRY }, {})).toEqual({
      kind: "need",
      target: "next-link",
    });
    // A known next link that fails its check on the page asks for the reader's.
    expect(teachStep(d, URL1, { pageElement: ENTRY }, { nextLink: "//a[@rel='next']" })).toEqual({
      kind: "need",
      target: "next-link",
    });
    // A known page element that holds the picked link asks for the reader's.
    expect(teachStep(d, URL1, { nextLink: NEXT }, { pageElement: "//body" })).toEqual({
      kind: "need",
      target: "page-element",
    });
  });

  it("says what is wrong with a picked part", () => {
    const d = page();
    expect(teachStep(d, URL1, { nextLink: "//div" }, { pageElement: ENTRY })).toMatchObject({
      kind: "problem",
      target: "next-link",
      problem: "not-one",
    });
    expect(teachStep(d, URL1, { nextLink: NEXT, pageElement: "//body" }, {})).toMatchObject({
      kind: "problem",
      target: "page-element",
      problem: "holds-next",
    });
  });
});

describe("contentBesideLink", () => {
  it("keeps a detection that leaves the link out, else the wordiest block beside it", () => {
    const d = page();
    const entry = d.querySelector(".entry") as Element;
    const nav = d.querySelector(".nav") as Element;
    const link = d.querySelector("a") as Element;
    expect(contentBesideLink([entry], link)).toEqual([entry]);
    expect(contentBesideLink([entry, nav], link)).toEqual([entry]);
    expect(contentBesideLink([d.body], link)).toEqual([]);
  });
});
