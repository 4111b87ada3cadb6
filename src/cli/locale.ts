/**
 * The extension's message catalogues (public/_locales/<lang>/messages.json) read from
 * disk, so the CLI can say what the extension says in a language (`--lang ja`).
 */
import { existsSync, readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import type { GetMessage } from "../pager/pager-words";
import { repoRoot } from "../replay/cases";

/** A messages.json: key → message with named placeholders (`$NAME$` → `$1`…). */
export type Catalogue = Record<
  string,
  { message: string; placeholders?: Record<string, { content: string }> }
>;

function localesDir(): string {
  return join(repoRoot(), "public", "_locales");
}

/** Languages the extension's UI comes in (folder names, e.g. ["en", "ja"]), sorted. */
export function uiLanguages(): string[] {
  const dir = localesDir();
  if (!existsSync(dir)) return [];
  return readdirSync(dir)
    .filter((d) => existsSync(join(dir, d, "messages.json")))
    .sort();
}

/**
 * `browser.i18n.getMessage` over one catalogue, substituting as browsers do: a
 * `$NAME$` placeholder (case-insensitive) becomes its `content`, whose `$1`…`$9` are
 * the substitutions; "$$" is a literal "$".
 * @returns "" for an unknown key, as the browser does
 */
export function catalogueMessages(messages: Catalogue): GetMessage {
  return (key, subs = []) => {
    const m = messages[key];
    if (!m) return "";
    const fill = (s: string) => s.replace(/\$(\d)/g, (_x, d: string) => subs[Number(d) - 1] ?? "");
    return m.message
      .replace(/\$(\w+)\$/g, (_, name: string) =>
        fill(m.placeholders?.[name.toLowerCase()]?.content ?? ""),
      )
      .replaceAll("$$", "$");
  };
}

/**
 * The message catalogue of a UI language, "ja" or "ja-JP" (which falls back to "ja").
 * @throws Error naming the languages there are when `lang` has none
 */
export function localeMessages(lang: string): GetMessage {
  const have = uiLanguages();
  const wanted = lang.replace("-", "_");
  const found = [wanted, wanted.split("_")[0] ?? ""].find((l) => have.includes(l));
  if (!found) throw new Error(`no messages for language '${lang}' (${have.join(", ")})`);
  const file = join(localesDir(), found, "messages.json");
  return catalogueMessages(JSON.parse(readFileSync(file, "utf8")) as Catalogue);
}
