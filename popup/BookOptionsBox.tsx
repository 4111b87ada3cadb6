import type { BookOptions } from "../src/messaging/export-formats";

/**
 * The EPUB export's options under the format menu: vertical text, the pages' images, and
 * how many chapters one book holds (a long serial is split into several).
 *
 * @param value the options chosen so far
 * @param onChange called with the new options on every change
 * @param t the popup's message lookup
 */
export function BookOptionsBox({
  value,
  onChange,
  t,
}: {
  value: BookOptions;
  onChange: (next: BookOptions) => void;
  t: (key: string, substitutions?: string[]) => string;
}) {
  return (
    <div class="book-options" data-testid="book-options">
      <label>
        <input
          type="checkbox"
          data-testid="book-vertical"
          checked={value.vertical === true}
          onChange={(e) =>
            onChange({ ...value, vertical: (e.currentTarget as HTMLInputElement).checked })
          }
        />{" "}
        {t("popupVertical")}
      </label>
      <label>
        <input
          type="checkbox"
          data-testid="book-images"
          checked={value.images !== false}
          onChange={(e) =>
            onChange({ ...value, images: (e.currentTarget as HTMLInputElement).checked })
          }
        />{" "}
        {t("popupBookImages")}
      </label>
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
