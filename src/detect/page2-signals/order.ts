/**
 * Continuation read from the order a list shows (seed 002 §5.2 reads each record's parts;
 * here two of them, the date and the item number): a blog shows its posts newest first,
 * so page 2's dates go on below page 1's last date; a ranking numbers its items, so page 2
 * starts where page 1 stopped (1–20, then 21–40). Where a page shows neither, the signal
 * says "unknown", never "breaks".
 *
 * Pure functions over elements (no layout).
 */

import { visibleText } from "../../features/text";

/** What an order signal reads across the boundary between page 1 and page 2. */
export type OrderSignal = "continues" | "breaks" | "unknown";

/** Least share of steps that must go one way for page 1 to show an order (a pinned post
 * at the top of a blog breaks one step). */
const ORDERED_SHARE = 0.8;

const MONTHS: Record<string, number> = {
  jan: 1,
  feb: 2,
  mar: 3,
  apr: 4,
  may: 5,
  jun: 6,
  jul: 7,
  aug: 8,
  sep: 9,
  oct: 10,
  nov: 11,
  dec: 12,
  janv: 1,
  févr: 2,
  fevr: 2,
  mars: 3,
  avr: 4,
  mai: 5,
  juin: 6,
  juil: 7,
  août: 8,
  aout: 8,
  déc: 12,
  jän: 1,
  mär: 3,
  okt: 10,
  dez: 12,
  ene: 1,
  abr: 4,
  ago: 8,
  dic: 12,
  gen: 1,
  giu: 6,
  lug: 7,
  set: 9,
  ott: 10,
};

/** Days since 1970 of a calendar date, or null when it is not one. */
function dayOf(y: number, m: number, d: number): number | null {
  if (y < 1970 || y > 2100 || m < 1 || m > 12 || d < 1 || d > 31) return null;
  return Date.UTC(y, m - 1, d) / 86_400_000;
}

const ISO = /(\d{4})[-/.](\d{1,2})[-/.](\d{1,2})/;
const CJK = /(\d{4})\s*[年년]\s*(\d{1,2})\s*[月월]\s*(\d{1,2})/;
const DMY = /\b(\d{1,2})[./](\d{1,2})[./](\d{4})\b/;
const MONTH_FIRST = /\b([a-zäéû]{3,9})\.?\s+(\d{1,2})(?:st|nd|rd|th)?,?\s+(\d{4})\b/i;
const DAY_FIRST = /\b(\d{1,2})\.?\s+(?:de\s+)?([a-zäéû]{3,9})\.?\s+(?:de\s+)?(\d{4})\b/i;

/** The month of a month name's first letters (English, French, German, Spanish, Italian). */
function monthOf(name: string): number | null {
  const n = name.toLowerCase();
  return MONTHS[n.slice(0, 4)] ?? MONTHS[n.slice(0, 3)] ?? null;
}

/**
 * The date a record shows: a `<time datetime>` inside it, else the first date its text
 * writes (2026-12-07, 2026/12/07, 07.12.2026, 2026年12月7日, "December 7, 2026",
 * "7 December 2026", "7 de diciembre de 2026").
 *
 * @param record one record element
 * @returns days since 1970-01-01 (UTC), null when it shows no date
 */
export function recordDate(record: Element): number | null {
  const dt = record.querySelector("time[datetime]")?.getAttribute("datetime") ?? "";
  const iso = ISO.exec(dt);
  if (iso) return dayOf(Number(iso[1]), Number(iso[2]), Number(iso[3]));
  const text = visibleText(record);
  let m = ISO.exec(text) ?? CJK.exec(text);
  if (m) return dayOf(Number(m[1]), Number(m[2]), Number(m[3]));
  m = DMY.exec(text);
  if (m) return dayOf(Number(m[3]), Number(m[2]), Number(m[1]));
  m = MONTH_FIRST.exec(text);
  const mf = m ? monthOf(m[1] as string) : null;
  if (m && mf !== null) return dayOf(Number(m[3]), mf, Number(m[2]));
  m = DAY_FIRST.exec(text);
  const df = m ? monthOf(m[2] as string) : null;
  if (m && df !== null) return dayOf(Number(m[3]), df, Number(m[1]));
  return null;
}

/** +1 (ascending), −1 (descending) or 0 (no order) of a run of values. */
function direction(values: readonly number[]): number {
  let up = 0;
  let down = 0;
  for (let i = 1; i < values.length; i++) {
    const a = values[i - 1] as number;
    const b = values[i] as number;
    if (b > a) up++;
    else if (b < a) down++;
  }
  const steps = values.length - 1;
  if (up + down === 0) return 0;
  if (down >= ORDERED_SHARE * steps) return -1;
  if (up >= ORDERED_SHARE * steps) return 1;
  return 0;
}

/**
 * Page 2's dates go on where page 1's stopped: page 1 shows its records in date order
 * (at least {@link ORDERED_SHARE} of its steps one way), and at least that share of page
 * 2's dates lie beyond page 1's last one in that direction (the same day counts). Page 2
 * whose dates lie back across page 1's (the way back, another list starting at today)
 * breaks the order.
 *
 * @param dates1 page 1's record dates in document order (null: none shown)
 * @param dates2 page 2's record dates in document order
 * @returns "continues", "breaks", or "unknown" when page 1 shows no order or either page
 *   too few dates (page 1 two, page 2 one)
 */
export function datesContinue(
  dates1: readonly (number | null)[],
  dates2: readonly (number | null)[],
): OrderSignal {
  const a = dates1.filter((d): d is number => d !== null);
  const b = dates2.filter((d): d is number => d !== null);
  if (a.length < 2 || b.length < 1) return "unknown";
  const dir = direction(a);
  if (dir === 0) return "unknown";
  const last = a[a.length - 1] as number;
  const beyond = b.filter((d) => (dir < 0 ? d <= last : d >= last)).length;
  return beyond >= ORDERED_SHARE * b.length ? "continues" : "breaks";
}

const LEADING_NUMBER = /^\s*(?:no\.?\s*|#\s*)?(\d{1,5})\s*(?:[.):、．]|\s|$)/i;

/**
 * The item number a record's text starts with ("1.", "#21", "No. 3", "21 ").
 *
 * @param record one record element
 * @returns the number, null when its text starts with none
 */
export function recordNumber(record: Element): number | null {
  const m = LEADING_NUMBER.exec(visibleText(record));
  return m ? Number(m[1]) : null;
}

/**
 * Page 2's item numbering goes on from page 1's: page 1 numbers its records one by one
 * upwards (1, 2, 3 … n) and page 2's first number is n + 1. Page 2 that starts with page
 * 1's first number again (a list numbered from 1 on every page of another list, or page 1
 * served again) breaks it.
 *
 * @param numbers1 page 1's record numbers in document order (null: none)
 * @param numbers2 page 2's record numbers in document order
 * @returns "continues", "breaks", or "unknown" when page 1's numbers are not a run of at
 *   least two consecutive ones, or page 2 starts with none or with another number
 */
export function numberingContinues(
  numbers1: readonly (number | null)[],
  numbers2: readonly (number | null)[],
): OrderSignal {
  if (numbers1.length < 2 || numbers1.some((n) => n === null)) return "unknown";
  const a = numbers1 as readonly number[];
  for (let i = 1; i < a.length; i++) if (a[i] !== (a[i - 1] as number) + 1) return "unknown";
  const start = numbers2[0];
  if (start === null || start === undefined) return "unknown";
  if (start === (a[a.length - 1] as number) + 1) return "continues";
  return start === a[0] ? "breaks" : "unknown";
}
