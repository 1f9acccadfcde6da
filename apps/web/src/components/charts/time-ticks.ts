import type { TimeRange } from './chart-types';

/*
 * Time axis ticks on the calendar's own boundaries (whole hours, midnights, Mondays, the first of a
 * month, New Year) of the zone the chart is read in: the visitor's, as every date of the app is
 * (lib/format), unless a zone is given (tests). Local wall-clock times are stepped in a "naive" UTC
 * space (wall clock written as if it were UTC, so a day is always 24 h there) and turned back into
 * instants, which keeps midnights at midnight across a daylight-saving change.
 */

export type TickUnit = 'minute' | 'hour' | 'day' | 'week' | 'month' | 'year';
export type TimeTick = { readonly at: number; readonly unit: TickUnit };

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

type Step = { readonly unit: TickUnit; readonly size: number; readonly approxMs: number };

/** From the finest to the coarsest; the first that fits the span in the ticks allowed is taken. */
const STEPS: readonly Step[] = [
  { unit: 'minute', size: 1, approxMs: MINUTE },
  { unit: 'minute', size: 5, approxMs: 5 * MINUTE },
  { unit: 'minute', size: 15, approxMs: 15 * MINUTE },
  { unit: 'minute', size: 30, approxMs: 30 * MINUTE },
  { unit: 'hour', size: 1, approxMs: HOUR },
  { unit: 'hour', size: 3, approxMs: 3 * HOUR },
  { unit: 'hour', size: 6, approxMs: 6 * HOUR },
  { unit: 'hour', size: 12, approxMs: 12 * HOUR },
  { unit: 'day', size: 1, approxMs: DAY },
  { unit: 'day', size: 2, approxMs: 2 * DAY },
  { unit: 'day', size: 3, approxMs: 3 * DAY },
  { unit: 'week', size: 1, approxMs: 7 * DAY },
  { unit: 'week', size: 2, approxMs: 14 * DAY },
  { unit: 'month', size: 1, approxMs: 30 * DAY },
  { unit: 'month', size: 3, approxMs: 91 * DAY },
  { unit: 'month', size: 6, approxMs: 182 * DAY },
  { unit: 'year', size: 1, approxMs: 365 * DAY },
  { unit: 'year', size: 2, approxMs: 730 * DAY },
  { unit: 'year', size: 5, approxMs: 1826 * DAY },
  { unit: 'year', size: 10, approxMs: 3652 * DAY },
  { unit: 'year', size: 25, approxMs: 9131 * DAY },
  { unit: 'year', size: 50, approxMs: 18262 * DAY },
  { unit: 'year', size: 100, approxMs: 36525 * DAY },
];

const partsFormat = new Map<string, Intl.DateTimeFormat>();
const zoneFormat = (timeZone: string | undefined): Intl.DateTimeFormat => {
  const key = timeZone ?? '';
  let f = partsFormat.get(key);
  if (!f) {
    f = new Intl.DateTimeFormat('en-US', {
      timeZone,
      hourCycle: 'h23',
      year: 'numeric',
      month: 'numeric',
      day: 'numeric',
      hour: 'numeric',
      minute: 'numeric',
      second: 'numeric',
    });
    partsFormat.set(key, f);
  }
  return f;
};

/** The wall clock of `ms` in the zone, written as if it were UTC. */
export const wallClock = (ms: number, timeZone?: string): number => {
  const p: Record<string, number> = {};
  for (const part of zoneFormat(timeZone).formatToParts(ms)) if (part.type !== 'literal') p[part.type] = Number(part.value);
  const whole = Date.UTC(p['year']!, p['month']! - 1, p['day']!, p['hour']! % 24, p['minute']!, p['second']!);
  return whole + (((ms % 1000) + 1000) % 1000);
};

/** The instant whose wall clock in the zone is `wall` (a wall clock skipped by a spring-forward lands after the gap). */
export const fromWallClock = (wall: number, timeZone?: string): number => {
  let at = wall - (wallClock(wall, timeZone) - wall);
  at = wall - (wallClock(at, timeZone) - at);
  return at;
};

const floorTo = (n: number, size: number, origin = 0) => Math.floor((n - origin) / size) * size + origin;

/** Wall clocks of the step's boundaries from the one at or before `wallStart`, onwards. */
function* wallBoundaries(step: Step, wallStart: number): Generator<number> {
  const d = new Date(wallStart);
  switch (step.unit) {
    case 'minute':
    case 'hour':
    case 'day': {
      const ms = step.approxMs;
      // Within a day, steps count from midnight (06:00, 12:00 …); days count from the epoch.
      const dayStart = floorTo(wallStart, DAY);
      let at = step.unit === 'day' ? floorTo(wallStart, ms) : dayStart + floorTo(wallStart - dayStart, ms);
      for (;;) {
        yield at;
        const next = at + ms;
        // A sub-day step starts again at the next midnight (so 3 h steps read 00, 03 … 21, 00).
        at = step.unit !== 'day' && floorTo(next, DAY) !== floorTo(at, DAY) ? floorTo(next, DAY) : next;
      }
    }
    case 'week': {
      // 1970-01-05 was a Monday.
      let at = floorTo(floorTo(wallStart, DAY), step.size * 7 * DAY, 4 * DAY);
      for (;;) {
        yield at;
        at += step.size * 7 * DAY;
      }
    }
    case 'month': {
      let month = floorTo(d.getUTCFullYear() * 12 + d.getUTCMonth(), step.size);
      for (;;) {
        yield Date.UTC(Math.floor(month / 12), month % 12, 1);
        month += step.size;
      }
    }
    case 'year': {
      let year = floorTo(d.getUTCFullYear(), step.size);
      for (;;) {
        yield Date.UTC(year, 0, 1);
        year += step.size;
      }
    }
  }
}

const ticksOf = (step: Step, [start, end]: TimeRange, limit: number, timeZone?: string): TimeTick[] | null => {
  const ticks: TimeTick[] = [];
  for (const wall of wallBoundaries(step, wallClock(start, timeZone))) {
    const at = fromWallClock(wall, timeZone);
    if (at > end) break;
    if (at < start || ticks.at(-1)?.at === at) continue;
    ticks.push({ at, unit: step.unit });
    if (ticks.length > limit) return null;
  }
  return ticks;
};

/**
 * At most `maxTicks` ticks inside [start, end] (a number, or one for each unit, whose labels differ
 * in width), on the finest calendar boundary that fits: every
 * 1/5/15/30 minutes, 1/3/6/12 hours, day, 2 or 3 days, Monday, 2 weeks, month, quarter, half year, year …
 */
export const timeTicks = (domain: TimeRange, maxTicks: number | ((unit: TickUnit) => number), timeZone?: string): TimeTick[] => {
  const [start, end] = domain;
  if (!(end > start)) return [];
  const span = end - start;
  for (const step of STEPS) {
    const limit = Math.max(1, Math.floor(typeof maxTicks === 'number' ? maxTicks : maxTicks(step.unit)));
    // A step whose count is already far over the limit is not walked.
    if (span / step.approxMs > limit * 1.5 + 1) continue;
    const ticks = ticksOf(step, domain, limit, timeZone);
    if (ticks !== null && ticks.length > 0) return ticks;
  }
  return [{ at: start, unit: 'year' }];
};

const labelFormats = new Map<string, Intl.DateTimeFormat>();
const labelFormat = (locale: string, timeZone: string | undefined, options: Intl.DateTimeFormatOptions) => {
  const key = `${locale}|${timeZone ?? ''}|${JSON.stringify(options)}`;
  let f = labelFormats.get(key);
  if (!f) {
    f = new Intl.DateTimeFormat(locale, { ...options, timeZone });
    labelFormats.set(key, f);
  }
  return f;
};

const dayOf = (ms: number, timeZone?: string) => Math.floor(wallClock(ms, timeZone) / DAY);
const yearOf = (ms: number, timeZone?: string) => new Date(wallClock(ms, timeZone)).getUTCFullYear();

/**
 * Each tick's label as lines: times (HH:mm) with the date under the first tick and under every
 * tick where the day changes; days as the locale's day and month (11/14, 14/11) with the year under
 * the first and where it changes; months by short name with the year likewise; years alone.
 */
export const timeTickLabels = (ticks: readonly TimeTick[], locale: string, timeZone?: string): string[][] => {
  const time = labelFormat(locale, timeZone, { hour: '2-digit', minute: '2-digit', hourCycle: 'h23' });
  const dayMonth = labelFormat(locale, timeZone, { month: 'numeric', day: 'numeric' });
  const date = labelFormat(locale, timeZone, { year: 'numeric', month: 'numeric', day: 'numeric' });
  const month = labelFormat(locale, timeZone, { month: 'short' });
  const year = labelFormat(locale, timeZone, { year: 'numeric' });
  return ticks.map((tick, i) => {
    const previous = ticks[i - 1];
    const newDay = previous === undefined || dayOf(previous.at, timeZone) !== dayOf(tick.at, timeZone);
    const newYear = previous === undefined || yearOf(previous.at, timeZone) !== yearOf(tick.at, timeZone);
    switch (tick.unit) {
      case 'minute':
      case 'hour':
        return newDay ? [time.format(tick.at), date.format(tick.at)] : [time.format(tick.at)];
      case 'day':
      case 'week':
        return newYear ? [dayMonth.format(tick.at), year.format(tick.at)] : [dayMonth.format(tick.at)];
      case 'month':
        return newYear ? [month.format(tick.at), year.format(tick.at)] : [month.format(tick.at)];
      case 'year':
        return [year.format(tick.at)];
    }
  });
};

/**
 * Room a tick's label takes on the axis (px at 11 px type, with a gap), so that labels never overlap:
 * times carry a full date under some of them (11/13/2026), days and months are short (11/14, Nov).
 */
export const TICK_LABEL_PX: Readonly<Record<TickUnit, number>> = {
  minute: 72,
  hour: 72,
  day: 48,
  week: 48,
  month: 44,
  year: 44,
};

/** How many time ticks of `unit` an axis `innerWidth` px wide holds: at least 2, at most `max` (spec §9: 8 on the range chart). */
export const ticksForWidth = (innerWidth: number, max = 8, unit: TickUnit = 'hour'): number =>
  Math.max(2, Math.min(max, Math.floor(innerWidth / TICK_LABEL_PX[unit])));
