import type { TimeRange } from './workspace';

const pad = (n: number) => String(n).padStart(2, '0');

/**
 * The earliest year a typed date is taken for. While a year is being typed the field's value passes
 * through 0002, 0020, 0202…: none of those is a year anyone means, and taking them zoomed the chart
 * to the first century (and `new Date(y, …)` read years under 100 as 19xx).
 */
export const MIN_FIELD_YEAR = 1900;
const MAX_FIELD_YEAR = 9999;

/** How long a typed date waits for the next keystroke before it is taken (blur and Enter take it at once). */
export const DATE_COMMIT_DELAY_MS = 700;

/** yyyy-mm-dd of a moment in the visitor's time zone (a date field's value). */
export const toDateInput = (ms: number): string => {
  const d = new Date(ms);
  return `${String(d.getFullYear()).padStart(4, '0')}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}`;
};

/**
 * The local midnight a date field's yyyy-mm-dd names, or null for an empty, partial or impossible value
 * (a year before 1900, 31 April). The year is set with setFullYear: `new Date(y, …)` maps 0–99 to 19xx.
 */
export const fromDateInput = (value: string): number | null => {
  const match = /^(\d{4,})-(\d{2})-(\d{2})$/.exec(value.trim());
  if (!match) return null;
  const [y, m, d] = [Number(match[1]), Number(match[2]), Number(match[3])];
  if (y < MIN_FIELD_YEAR || y > MAX_FIELD_YEAR || m < 1 || m > 12 || d < 1) return null;
  const date = new Date(2000, 0, 1);
  date.setFullYear(y, m - 1, d);
  date.setHours(0, 0, 0, 0);
  // 31 April rolls over to 1 May: not the day that was typed.
  if (date.getFullYear() !== y || date.getMonth() !== m - 1 || date.getDate() !== d) return null;
  return date.getTime();
};

/** The local midnight after a day's (a day is 23 or 25 hours when the clocks change). */
export const nextMidnight = (dayMs: number): number => {
  const d = new Date(dayMs);
  d.setDate(d.getDate() + 1);
  d.setHours(0, 0, 0, 0);
  return d.getTime();
};

/** The last day a range [start, end) covers, as a field shows it (the end itself is the next day's midnight). */
export const lastDayInput = (range: TimeRange): string => toDateInput(Math.max(range[0], range[1] - 1));

/** What a pair of first-day and last-day fields says: a range to take, or why not. */
export type DayRangeReading =
  | { readonly kind: 'range'; readonly range: TimeRange }
  | { readonly kind: 'incomplete'; readonly field: 'from' | 'to' }
  | { readonly kind: 'reversed' };

/**
 * Two date fields (the last day included) as the range [first midnight, midnight after the last day),
 * or why they are not one: a field without a whole date in it, or a last day before the first.
 */
export const readDayRange = (fromText: string, toText: string): DayRangeReading => {
  const from = fromDateInput(fromText);
  if (from === null) return { kind: 'incomplete', field: 'from' };
  const to = fromDateInput(toText);
  if (to === null) return { kind: 'incomplete', field: 'to' };
  if (to < from) return { kind: 'reversed' };
  return { kind: 'range', range: [from, nextMidnight(to)] };
};
