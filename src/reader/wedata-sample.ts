/**
 * A Wedata export of four AutoPagerize SITEINFO items for the site-rule tests: two valid
 * (a generic rule and a longer one with insertBefore), an invalid regular expression and
 * an incomplete item.
 */
export const WEDATA_SAMPLE = [
  {
    name: "generic",
    resource_url: "http://wedata.net/items/1",
    data: { url: "^https?://blog\\.test/", nextLink: "//a[@rel='next']", pageElement: "//article" },
  },
  {
    name: "posts",
    data: {
      url: "^https?://blog\\.test/posts/",
      nextLink: "//a[contains(@class,'older')]",
      pageElement: "//div[@id='posts']/div",
      insertBefore: "//div[@id='pager']",
    },
  },
  { name: "bad regexp", data: { url: "(", nextLink: "//a", pageElement: "//b" } },
  { name: "incomplete", data: { url: "^x" } },
];
