import type { ComponentChildren } from "preact";

/**
 * One card of the options page: a titled `<section>` (named by its heading for screen
 * readers) with an optional help line under the title.
 */
export function Card(props: {
  id: string;
  title: string;
  help?: string;
  children: ComponentChildren;
}) {
  return (
    <section class="card" aria-labelledby={`${props.id}-title`}>
      <h2 id={`${props.id}-title`}>{props.title}</h2>
      {props.help ? <p class="help">{props.help}</p> : null}
      {props.children}
    </section>
  );
}

/** A number setting: its label on the left, the input on the right (one grid row). */
export function NumberField(props: {
  label: string;
  testId: string;
  value: number;
  min: number;
  max: number;
  step?: number;
  onChange(value: number): void;
}) {
  const id = `field-${props.testId}`;
  return (
    <div class="row">
      <label for={id}>{props.label}</label>
      <input
        id={id}
        type="number"
        data-testid={props.testId}
        min={props.min}
        max={props.max}
        step={props.step ?? 1}
        value={props.value}
        onChange={(e) => props.onChange(Number((e.currentTarget as HTMLInputElement).value))}
      />
    </div>
  );
}

/** A checkbox setting with its label beside it (the whole label is clickable). */
export function CheckField(props: {
  label: string;
  testId: string;
  checked: boolean;
  onChange(checked: boolean): void;
}) {
  return (
    <label class="check">
      <input
        type="checkbox"
        data-testid={props.testId}
        checked={props.checked}
        onChange={(e) => props.onChange((e.currentTarget as HTMLInputElement).checked)}
      />
      <span>{props.label}</span>
    </label>
  );
}

/** A multi-line text box named by a label only screen readers see (the card's title says it). */
export function TextBox(props: {
  id: string;
  label: string;
  rows: number;
  value: string;
  placeholder?: string;
  onInput(value: string): void;
}) {
  return (
    <>
      <label class="sr-only" for={props.id}>
        {props.label}
      </label>
      <textarea
        id={props.id}
        data-testid={props.id}
        rows={props.rows}
        spellcheck={false}
        value={props.value}
        {...(props.placeholder ? { placeholder: props.placeholder } : {})}
        onInput={(e) => props.onInput((e.currentTarget as HTMLTextAreaElement).value)}
      />
    </>
  );
}

/** One site of a {@link SiteList}: its text and what its button does. */
export interface SiteRow {
  /** unique within the list */
  key: string;
  label: string;
  remove: () => void;
}

/**
 * Sites the reader switched something for, each with the one button that switches it
 * back (the sites-off card's lists).
 * @param props.testId the list's `data-testid`
 * @param props.button the buttons' text
 */
export function SiteList(props: { testId: string; button: string; rows: SiteRow[] }) {
  return (
    <ul class="sites" data-testid={props.testId}>
      {props.rows.map((r) => (
        <li key={r.key}>
          <span>{r.label}</span>
          <button type="button" onClick={r.remove}>
            {props.button}
          </button>
        </li>
      ))}
    </ul>
  );
}
