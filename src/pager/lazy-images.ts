/**
 * Lazy images of a fetched page made visible. Sites load images late with a
 * script that copies `data-src` (or `data-original`, `data-lazy-src`, …) into
 * `src` as the image nears the screen. A fetched page never runs its scripts,
 * so tsugi copies them itself before insertion; the browser's own
 * `loading="lazy"` stays, since the browser honours it in the reader's page.
 */

/** Attributes lazy-loading scripts keep the real image URL in (lazysizes, jQuery lazyload, WordPress, …). */
export const LAZY_SRC_ATTRS = [
  "data-src",
  "data-original",
  "data-lazy-src",
  "data-lazy",
  "data-url",
];
/** Attributes they keep the real `srcset` in. */
export const LAZY_SRCSET_ATTRS = ["data-srcset", "data-lazy-srcset", "data-original-set"];

/** Whether a `src` is only a stand-in: missing, a data: URI, or a blank/spacer/placeholder file. */
export function isPlaceholderSrc(src: string | null): boolean {
  const s = src?.trim().toLowerCase();
  if (!s) return true;
  return (
    s.startsWith("data:") ||
    s === "about:blank" ||
    /(^|[/_.-])(blank|spacer|placeholder|lazy|loading|transparent|pixel|1x1|grey|gray)([-_.][^/]*)?\.(gif|png|jpe?g|svg|webp)(\?|$)/.test(
      s,
    )
  );
}

/**
 * The image an `<img>` shows once its lazy loader has run: its `src`, or the URL kept
 * in a lazy-loading attribute while `src` is only a stand-in. Lets two lazy pages of
 * a gallery differ by their pictures before anything is revealed.
 */
export function effectiveSrc(img: Element): string {
  const src = img.getAttribute("src");
  if (!isPlaceholderSrc(src)) return src ?? "";
  return firstSet(img, LAZY_SRC_ATTRS) ?? src ?? "";
}

/** The first of `attrs` the element has with a non-blank value. */
function firstSet(el: Element, attrs: readonly string[]): string | null {
  for (const a of attrs) {
    const v = el.getAttribute(a);
    if (v?.trim()) return v;
  }
  return null;
}

/**
 * Copy lazy-loading URLs into `src`/`srcset` inside `root` (in place). Images
 * whose real source sits only in a `<noscript>` copy get that copy's `src`.
 * @returns the number of images and sources changed
 */
export function revealLazyImages(root: Element): number {
  let changed = 0;
  const media = [
    ...(root.matches("img, source") ? [root] : []),
    ...Array.from(root.querySelectorAll("img, source")),
  ];
  for (const el of media) {
    let touched = false;
    if (el.localName === "img" && isPlaceholderSrc(el.getAttribute("src"))) {
      const real = firstSet(el, LAZY_SRC_ATTRS);
      const fromNoscript = real ? null : noscriptSrc(el);
      if (real || fromNoscript) {
        el.setAttribute("src", (real ?? fromNoscript) as string);
        touched = true;
      }
    }
    const set = firstSet(el, LAZY_SRCSET_ATTRS);
    if (set && !el.getAttribute("srcset")?.trim()) {
      el.setAttribute("srcset", set);
      touched = true;
    }
    if (touched) {
      // lazysizes hides `.lazyload` until its script swaps the class.
      el.classList.remove("lazyload", "lazy", "lazyloading");
      if (el.classList.length === 0) el.removeAttribute("class");
      changed++;
    }
  }
  return changed;
}

/** The `src` of an `<img>` in a `<noscript>` right after `img` (the no-JS fallback). */
function noscriptSrc(img: Element): string | null {
  const next = img.nextElementSibling;
  if (next?.localName !== "noscript") return null;
  const m = (next.textContent || next.innerHTML).match(/<img[^>]+src\s*=\s*["']([^"']+)["']/i);
  return m?.[1] ?? next.querySelector("img")?.getAttribute("src") ?? null;
}
