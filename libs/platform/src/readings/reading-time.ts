/**
 * How far past this server's clock a reading may be and still count (the sender's clock may run a
 * little ahead); later ones are in the future.
 */
export const FUTURE_TOLERANCE_MS = 5 * 60_000;

/** Numbers from here up are milliseconds since 1970; below, seconds (100,000,000,000 s is the year 5138). */
export const UNIX_MS_FROM = 100_000_000_000;

export const TIME_FORMATS = 'ISO 8601 with Z or an offset (2024-05-01T12:00:00Z) or unix seconds or milliseconds';

const ISO = /^(\d{4})-(\d{2})-(\d{2})[Tt ](\d{2}):(\d{2})(?::(\d{2})(?:[.,](\d{1,9}))?)?(?:([Zz])|([+-])(\d{2})(?::?(\d{2}))?)$/;
const UNIX = /^[+-]?\d+(?:\.\d+)?$/;

const daysIn = (year: number, month: number): number => new Date(Date.UTC(year, month, 0)).getUTCDate();

const fromIso = (m: RegExpExecArray): number | null => {
  const [, y, mo, d, h, mi, s, frac, , sign, oh, om] = m;
  const year = Number(y);
  const month = Number(mo);
  const day = Number(d);
  const hour = Number(h);
  const minute = Number(mi);
  const second = s === undefined ? 0 : Number(s);
  const offsetHours = oh === undefined ? 0 : Number(oh);
  const offsetMinutes = om === undefined ? 0 : Number(om);
  if (month < 1 || month > 12 || day < 1 || day > daysIn(year, month)) return null;
  if (hour > 23 || minute > 59 || second > 59 || offsetHours > 18 || offsetMinutes > 59) return null;
  const ms = frac === undefined ? 0 : Math.floor(Number(`0.${frac}`) * 1000);
  const offset = (sign === '-' ? -1 : 1) * (offsetHours * 60 + offsetMinutes) * 60_000;
  const utc = new Date(0);
  utc.setUTCFullYear(year, month - 1, day);
  utc.setUTCHours(hour, minute, second, ms);
  return utc.getTime() - offset;
};

/**
 * Milliseconds since 1970 of a reading time written as ISO 8601 with Z or an offset (a time
 * without one would depend on where it was written), or as unix seconds or milliseconds (see
 * UNIX_MS_FROM); null when it is neither.
 */
export const parseReadingTime = (value: string | number): number | null => {
  if (typeof value === 'number') {
    if (!Number.isFinite(value)) return null;
    return Math.abs(value) >= UNIX_MS_FROM ? Math.round(value) : Math.round(value * 1000);
  }
  const text = value.trim();
  if (UNIX.test(text)) return parseReadingTime(Number(text));
  const iso = ISO.exec(text);
  return iso ? fromIso(iso) : null;
};

/**
 * The earliest time a CSV import or a LoRaWAN uplink may carry: historical records are a normal
 * import (a researcher bringing in decades of them), and ClickHouse stores times from 1900 on.
 * Station uploads keep their own rule (before 2018 is a station clock that was never set:
 * EARLIEST_READING_MS in processing/readings-of.ts).
 */
export const EARLIEST_IMPORTED_READING_MS = Date.UTC(1900, 0, 1);

/** Why an imported reading at `ms` cannot be kept (before 1900; in the future), or null. */
export const readingTimeProblem = (ms: number, nowMs: number): string | null => {
  if (ms > nowMs + FUTURE_TOLERANCE_MS) return `${new Date(ms).toISOString()} is in the future`;
  if (!(ms >= EARLIEST_IMPORTED_READING_MS)) {
    return `${Math.abs(ms) < 8.64e15 ? new Date(ms).toISOString() : String(ms)} is before 1900`;
  }
  return null;
};
