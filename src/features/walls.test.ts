// @vitest-environment jsdom
import { describe, expect, it } from "vitest";
import {
  challengePage,
  consentDialog,
  loginRedirect,
  saysSignIn,
  signInForm,
  subscriptionBox,
  wallSized,
} from "./walls";

const parse = (body: string, title = "t") =>
  new DOMParser().parseFromString(
    `<!doctype html><title>${title}</title><body>${body}`,
    "text/html",
  );
const LIST = "<ul><li><a href='/a'>Ferry times</a></li><li><a href='/b'>Harbour news</a></li></ul>";

describe("signInForm", () => {
  it("a password field is a sign-in form; a hidden one or none is not", () => {
    expect(signInForm(parse('<form><input type="email"><input type="password"></form>'))).toBe(
      true,
    );
    expect(signInForm(parse('<form><input type="PASSWORD"></form>'))).toBe(true);
    expect(signInForm(parse('<template><input type="password"></template>'))).toBe(false);
    expect(signInForm(parse('<div hidden><input type="password"></div>'))).toBe(false);
    expect(signInForm(parse(`${LIST}<form><input type="search"></form>`))).toBe(false);
  });
});

describe("saysSignIn", () => {
  it("reads the words of a sign-in wall in the pager languages", () => {
    for (const t of [
      "Sign in to continue",
      "Please log in",
      "続きを読むにはログインしてください",
      "请登录后查看",
      "로그인 후 이용하세요",
      "Bitte melden Sie sich an",
      "Connectez-vous pour continuer",
      "Inicia sesión para ver",
      "Войдите, чтобы продолжить",
    ])
      expect(saysSignIn(t), t).toBe(true);
  });
  it("not a link labelled Sign in, nor a list", () => {
    expect(saysSignIn("Home About Sign in")).toBe(false);
    expect(saysSignIn("Ferry times Harbour news")).toBe(false);
  });
});

describe("loginRedirect", () => {
  const asked = "https://s.test/list/2";
  it("a login path or a return parameter naming the page asked for", () => {
    expect(loginRedirect(asked, "https://s.test/login?next=%2Flist%2F2")).toBe(true);
    expect(loginRedirect(asked, "https://s.test/account/login")).toBe(true);
    expect(loginRedirect(asked, "https://s.test/users/sign_in")).toBe(true);
    expect(loginRedirect(asked, "https://s.test/signin")).toBe(true);
    expect(
      loginRedirect(asked, "https://s.test/gate?return_to=https%3A%2F%2Fs.test%2Flist%2F2"),
    ).toBe(true);
  });
  it("not the page itself, another page, nor a path that only starts like a login", () => {
    expect(loginRedirect(asked, asked)).toBe(false);
    expect(loginRedirect(asked, "https://s.test/list/2/")).toBe(false);
    expect(loginRedirect(asked, "https://s.test/logins-of-the-year/2")).toBe(false);
    expect(loginRedirect(asked, "https://s.test/list?page=2&next=3")).toBe(false);
  });
});

describe("consentDialog", () => {
  const dialog = (a: string, r: string) =>
    `<h1>Before you continue</h1><p>We use cookies.</p><form><button>${r}</button><button>${a}</button></form>`;
  it("accept and reject controls with consent words", () => {
    expect(consentDialog(parse(dialog("Accept all", "Reject all")))).toBe(true);
    expect(consentDialog(parse(dialog("すべて同意", "すべて拒否")))).toBe(true);
    expect(consentDialog(parse(dialog("Alle akzeptieren", "Alle ablehnen")))).toBe(true);
    expect(
      consentDialog(
        parse(
          '<p>cookies</p><input type="submit" value="Accept all"><a role="button">Manage options</a>',
        ),
      ),
    ).toBe(true);
  });
  it("not an accept button alone, nor without consent words", () => {
    expect(consentDialog(parse("<p>We use cookies.</p><button>Accept all</button>"))).toBe(false);
    expect(
      consentDialog(parse("<p>Invite</p><button>Accept</button><button>Decline</button>")),
    ).toBe(false);
  });
});

describe("subscriptionBox", () => {
  it("the words of a paywall, or a paywall class", () => {
    expect(subscriptionBox(parse("<h2>Subscribe to continue</h2>"))).toBe(true);
    expect(subscriptionBox(parse("<p>この記事は有料会員限定です</p>"))).toBe(true);
    expect(subscriptionBox(parse('<div class="article-paywall"></div>'))).toBe(true);
  });
  it("not a newsletter box", () => {
    expect(subscriptionBox(parse(`${LIST}<p>Subscribe to our newsletter</p>`))).toBe(false);
  });
});

describe("challengePage", () => {
  it("a captcha widget, a challenge form or the words of one", () => {
    expect(challengePage(parse('<div class="h-captcha"></div>'))).toBe(true);
    expect(challengePage(parse('<form id="challenge-form"></form>'))).toBe(true);
    expect(challengePage(parse("<p>Checking your browser before accessing</p>"))).toBe(true);
    expect(challengePage(parse("<p>x</p>", "Just a moment..."))).toBe(true);
  });
  it("not a list", () => {
    expect(challengePage(parse(LIST, "Harbour news"))).toBe(false);
  });
});

describe("wallSized", () => {
  it("a short page is, a long one is not", () => {
    expect(wallSized(parse("<p>Sign in</p>"))).toBe(true);
    expect(wallSized(parse(`<p>${"word ".repeat(1000)}</p>`))).toBe(false);
  });
});
