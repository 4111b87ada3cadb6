/**
 * Walls: pages a site serves where the next page of a list should be — a sign-in form, a
 * redirect to its login page, a cookie-consent interstitial, a subscription box (paywall),
 * a bot challenge. Each signal reads one fetched document (or its URL) and says whether it
 * is that kind of wall; none of them clicks, submits or follows anything. The words cover
 * the pager languages of ./keywords.ts (English, Japanese, Chinese, Korean, German,
 * French, Spanish, Portuguese, Italian, Dutch, Russian).
 *
 * Method: seed 004 (§3, table 1) gives regions their role from the words they hold and
 * where they stand ("form": search and comment forms); a wall is a page whose main region
 * has the role of a form or a notice instead of the list. The serial reading's login/age
 * wall (../detect/same-work.ts) reads sign-in walls with {@link signInForm} and
 * {@link saysSignIn}.
 */
import { visibleText } from "./text";

/** Where a wall is looked for: a whole fetched page, or the page elements read on it. */
export type WallScope = Document | Element;

/** Visible text of a scope (a document's body). */
function scopeText(scope: WallScope): string {
  const root = "body" in scope ? scope.body : scope;
  return root ? visibleText(root) : "";
}

/** A document's title (an element has none of its own). */
const scopeTitle = (scope: WallScope) => ("body" in scope ? scope.title : "");

/** A wall's page holds less visible text than this, chars: a long page that merely
 * mentions "sign in" or "subscribe" in its header is no wall. */
export const WALL_MAX_TEXT = 3000;

/** Words of a sign-in wall ("Sign in to continue", "ログインしてください"). */
const SIGN_IN_WORDS =
  /\b(?:sign|log)\s*in\s+to\s+(?:continue|read|view|see|access)|\bplease\s+(?:sign|log)\s*in\b|\bmembers\s+only\b|\b(?:you\s+must|you\s+need\s+to)\s+(?:be\s+)?(?:sign|log)(?:ged)?\s*in\b|ログインして|ログインが必要|ログインしてください|会員登録・ログイン|请登录|請登入|登录后|登入後|需要登录|로그인\s*(?:후|이\s*필요|하세요|해\s*주세요)|bitte\s+(?:melden\s+sie\s+sich\s+an|anmelden)|anmelden,?\s+um|connectez-vous\s+pour|veuillez\s+vous\s+connecter|inicia\s+sesión\s+para|inicie\s+sesión|faça\s+login\s+para|entre\s+para\s+continuar|accedi\s+per|log\s+in\s+om|войдите,?\s+чтобы|войдите\s+в\s+(?:систему|аккаунт)/iu;

/**
 * Signal: the page holds a password field (not hidden): a sign-in or sign-up form.
 * @param doc the fetched page, or the page elements' root read on it
 */
export function signInForm(doc: WallScope): boolean {
  return Array.from(doc.querySelectorAll('input[type="password" i]')).some(
    (e) => !e.closest("[hidden], template") && (e as HTMLElement).style?.display !== "none",
  );
}

/**
 * Signal: the text asks the reader to sign in ("Sign in to continue", "ログインしてください",
 * "请登录", "Connectez-vous pour continuer").
 * @param text visible text of the page or region
 */
export function saysSignIn(text: string): boolean {
  return SIGN_IN_WORDS.test(text);
}

/** Path segments of a login page. */
const LOGIN_PATH =
  /\/(?:log-?in|sign-?in|sign_in|signin|auth(?:enticate)?|session(?:s)?\/new|users?\/(?:log-?in|sign_in)|account\/(?:log-?in|sign-?in)|accounts\/login|member\/login|sso)(?:[/.?#]|$)/i;
/** Query parameters that carry the page to return to after signing in. */
const RETURN_PARAMS = [
  "next",
  "return_to",
  "returnto",
  "returnurl",
  "return",
  "redirect",
  "redirect_to",
  "continue",
  "goto",
  "from",
];

/**
 * Signal: asking for one page landed on a login page: the final URL differs from the one
 * asked and its path is a login path (`/login`, `/signin`, `/account/login`, `/users/sign_in`,
 * `/session/new`), or a parameter of it (`next`, `return_to`, `returnUrl`, `redirect`, …)
 * names the page asked for.
 * @param requested the URL fetched (absolute)
 * @param landed the final URL after redirects (absolute)
 */
export function loginRedirect(requested: string, landed: string): boolean {
  let asked: URL;
  let final: URL;
  try {
    asked = new URL(requested);
    final = new URL(landed);
  } catch {
    return false;
  }
  if (asked.href === final.href) return false;
  if (LOGIN_PATH.test(final.pathname)) return true;
  for (const [k, v] of final.searchParams) {
    if (!RETURN_PARAMS.includes(k.toLowerCase())) continue;
    try {
      const back = new URL(v, final);
      if (back.pathname === asked.pathname && back.search === asked.search) return true;
    } catch {
      /* a value that is no URL names no page */
    }
  }
  return false;
}

/** Words of an "accept cookies" control. */
const ACCEPT_WORDS =
  /^(?:accept(?:\s+all)?(?:\s+cookies)?|i\s+accept|allow\s+all(?:\s+cookies)?|agree(?:\s+to\s+all)?|i\s+agree|got\s+it|すべて(?:を)?(?:許可|同意|受け入れる)|同意(?:する|します)?|全部接受|全部同意|接受(?:所有|全部)?|同意全部|모두\s*(?:허용|동의|수락)|동의|alle\s+(?:akzeptieren|zulassen)|akzeptieren|zustimmen|tout\s+accepter|accepter(?:\s+tout)?|j'accepte|aceptar(?:\s+todo)?|aceitar(?:\s+tudo)?|accetta(?:\s+tutto)?|alles\s+accepteren|accepteren|принять(?:\s+все)?|согласен)$/iu;
/** Words of a "reject cookies" or "choose" control. */
const REJECT_WORDS =
  /^(?:reject(?:\s+all)?(?:\s+cookies)?|decline(?:\s+all)?|refuse(?:\s+all)?|necessary\s+only|only\s+necessary|manage\s+(?:options|preferences|cookies|settings)|cookie\s+settings|customi[sz]e|more\s+options|すべて(?:を)?拒否|拒否(?:する)?|必要なもののみ|設定を管理|全部拒绝|拒绝(?:所有|全部)?|拒絕|모두\s*거부|거부|alle\s+ablehnen|ablehnen|einstellungen|tout\s+refuser|refuser(?:\s+tout)?|personnaliser|rechazar(?:\s+todo)?|configurar|rejeitar(?:\s+tudo)?|rifiuta(?:\s+tutto)?|alles\s+weigeren|weigeren|отклонить(?:\s+все)?|настроить)$/iu;
/** Words of a consent notice. */
const CONSENT_WORDS =
  /cookie|before\s+you\s+continue|your\s+privacy\s+choices|we\s+value\s+your\s+privacy|consent|クッキー|cookie|同意|隐私|隱私|쿠키|datenschutz|einwilligung|confidentialité|consentement|privacidad|consentimiento|privacidade|consenso|toestemming|файлы\s+cookie|согласие/iu;

/** The text of a control a reader could press (a button, a submit input, a link that plays one). */
function controlText(e: Element): string {
  const t = e.localName === "input" ? (e.getAttribute("value") ?? "") : (e.textContent ?? "");
  return t.replace(/\s+/g, " ").trim();
}

/**
 * Signal: a cookie-consent dialog: a control to accept cookies ("Accept all",
 * "すべて許可", "Alle akzeptieren") and one to reject or choose ("Reject all", "Manage
 * options", "拒否"), with consent words ("cookies", "Before you continue", "同意") on the
 * page. Nothing is pressed: the controls are only read.
 * @param doc the fetched page, or the page elements' root read on it
 */
export function consentDialog(doc: WallScope): boolean {
  const controls = Array.from(
    doc.querySelectorAll(
      'button, input[type="submit" i], input[type="button" i], a[role="button"], [role="button"]',
    ),
    controlText,
  );
  if (!controls.some((t) => ACCEPT_WORDS.test(t))) return false;
  if (!controls.some((t) => REJECT_WORDS.test(t))) return false;
  return CONSENT_WORDS.test(`${scopeTitle(doc)} ${scopeText(doc)}`);
}

/** Words of a subscription box. */
const PAYWALL_WORDS =
  /subscribe\s+(?:now\s+)?to\s+(?:continue|read|keep\s+reading|unlock|see|view|access)|subscribers?\s+only|for\s+(?:paid\s+)?subscribers|(?:this|the\s+rest\s+of\s+this)\s+(?:content|article|story|list)\s+is\s+(?:for|available\s+to)\s+(?:subscribers|members|premium)|become\s+a\s+(?:member|subscriber)\s+to|unlock\s+(?:this|the\s+full)|有料会員|会員限定|購読者限定|続きを読むには|購読して|订阅(?:后|以)?(?:继续|阅读)|訂閱(?:後|以)?(?:繼續|閱讀)|付费(?:内容|会员)|구독\s*(?:후|하고|하여|하시면)|유료\s*회원|jetzt\s+abonnieren|nur\s+für\s+abonnenten|abonnez-vous\s+pour|réservé\s+aux\s+abonnés|suscríbete\s+para|exclusivo\s+para\s+suscriptores|assine\s+para|abbonati\s+per|solo\s+per\s+gli\s+abbonati|alleen\s+voor\s+abonnees|подпишитесь,?\s+чтобы|только\s+для\s+подписчиков/iu;

/**
 * Signal: a subscription box (paywall): its words ("Subscribe to continue", "会員限定",
 * "Nur für Abonnenten") or an element whose class or id names a paywall.
 * @param doc the fetched page, or the page elements' root read on it
 */
export function subscriptionBox(doc: WallScope): boolean {
  if (doc.querySelector('[class*="paywall" i], [id*="paywall" i], [class*="subscribe-wall" i]'))
    return true;
  return PAYWALL_WORDS.test(scopeText(doc));
}

/** Words of a challenge page. */
const CHALLENGE_WORDS =
  /checking\s+(?:if\s+the\s+site\s+connection\s+is\s+secure|your\s+browser)|verify(?:ing)?\s+(?:that\s+)?you\s+are\s+(?:a\s+)?human|are\s+you\s+a\s+robot|i'?m\s+not\s+a\s+robot|complete\s+the\s+(?:security\s+)?check|just\s+a\s+moment|attention\s+required|unusual\s+traffic|ロボットではありません|アクセスを確認|人机验证|人機驗證|验证您是真人|로봇이\s*아닙니다|sicherheitsüberprüfung|vérification\s+de\s+sécurité|verificación\s+de\s+seguridad|проверка\s+браузера|я\s+не\s+робот/iu;

/**
 * Signal: a bot challenge: a captcha widget (reCAPTCHA, hCaptcha, Turnstile, a frame
 * from a captcha host), a Cloudflare challenge form (`#challenge-form`, `cf-challenge`),
 * or its words ("Checking your browser", "Verify you are human", "Just a moment…") in
 * the title or the text.
 * @param doc the fetched page, or the page elements' root read on it
 */
export function challengePage(doc: WallScope): boolean {
  if (
    doc.querySelector(
      '.g-recaptcha, .h-captcha, .cf-turnstile, #challenge-form, #challenge-stage, [id^="cf-challenge"], [class*="cf-challenge"], iframe[src*="captcha" i], iframe[src*="challenges.cloudflare" i], script[src*="captcha" i], script[src*="challenge-platform" i]',
    )
  )
    return true;
  return CHALLENGE_WORDS.test(`${scopeTitle(doc)} ${scopeText(doc)}`);
}

/**
 * Signal: the page is short enough to be a wall rather than a page that mentions one
 * (less than {@link WALL_MAX_TEXT} chars of visible text).
 * @param doc the fetched page, or the page elements' root read on it
 */
export function wallSized(doc: WallScope): boolean {
  return scopeText(doc).length < WALL_MAX_TEXT;
}
