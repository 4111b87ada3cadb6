import type { BookOptions } from "../src/messaging/export-formats";

/**
 * The EPUB export's options under the format menu: vertical text, the pages' images, and
 * how many chapters one book holds (a long serial is split into several), and, once a
 * book of the work was made, only the chapters after its last one (the `after` option).
 *
 * @param value the options chosen so far
 * @param onChange called with the new options on every change
 * @param t the popup's message lookup
 */
export function BookOptionsBox({
  value,
  onChange,
  t,
  lastBook,
}: {
  value: BookOptions;
  onChange: (next: BookOptions) => void;
  t: (key: string, substitutions?: string[]) => string;
  /** The last chapter of the work's latest book, when one was made. */
  lastBook?: { url: string; number: number } | undefined;
}) {
  const check = (
    key: string,
    testid: string,
    checked: boolean,
    set: (on: boolean) => BookOptions,
  ) => (
    <label>
      <input
        type="checkbox"
        data-testid={testid}
        checked={checked}
        onChange={(e) => onChange(set((e.currentTarget as HTMLInputElement).checked))}
      />{" "}
      {t(key)}
    </label>
  );
  return (
    <div class="book-options" data-testid="book-options">
      {check("popupVertical", "book-vertical", value.vertical === true, (vertical) => ({
        ...value,
        vertical,
      }))}
      {check("popupBookImages", "book-images", value.images !== false, (images) => ({
        ...value,
        images,
      }))}
      {lastBook ? (
        <label>
          <input
            type="checkbox"
            data-testid="book-after"
            checked={value.after === lastBook.url}
            onChange={(e) => {
              const { after: _, ...rest } = value;
              onChange(
                (e.currentTarget as HTMLInputElement).checked
                  ? { ...rest, after: lastBook.url }
                  : rest,
              );
            }}
          />{" "}
          {t("popupBookAfterLast", [String(lastBook.number)])}
        </label>
      ) : null}
      <label>
        {t("popupVolume")}{" "}
        <input
          type="number"
          min={0}
          max={1000}
          data-testid="book-volume"
          value={value.chaptersPerVolume ?? 0}
          onChange={(e) => {
            const n = Math.max(0, Math.floor(Number((e.currentTarget as HTMLInputElement).value)));
            onChange({ ...value, chaptersPerVolume: Number.isFinite(n) ? n : 0 });
          }}
        />
      </label>
    </div>
  );
}
