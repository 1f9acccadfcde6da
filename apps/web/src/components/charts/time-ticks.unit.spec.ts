import { describe, expect, it } from '@jest/globals';
import { fromWallClock, ticksForWidth, timeTickLabels, timeTicks, wallClock } from './time-ticks';

const NY = 'America/New_York';
const iso = (ms: number, timeZone = NY) =>
  new Intl.DateTimeFormat('sv-SE', { timeZone, dateStyle: 'short', timeStyle: 'short' }).format(ms);
/** 2026-11-13 08:40 in New York (EST, UTC-5). */
const NOV_13_0840 = Date.UTC(2026, 10, 13, 13, 40);

describe('timeTicks', () => {
  it('puts the ticks of a two-week window on midnights in the zone, inside the window', () => {
    const domain = [NOV_13_0840, NOV_13_0840 + 14 * 86_400_000] as const;
    const sut = timeTicks(domain, 8, NY);
    expect(sut.length).toBeGreaterThan(1);
    expect(sut.length).toBeLessThanOrEqual(8);
    expect(sut.every((t) => iso(t.at).endsWith('00:00'))).toBe(true);
    expect(sut.every((t) => t.at >= domain[0] && t.at <= domain[1])).toBe(true);
    // Every two days, from the first even day after the start.
    expect(sut.map((t) => t.unit)).toEqual(sut.map(() => 'day'));
    expect(sut[1]!.at - sut[0]!.at).toBe(2 * 86_400_000);
  });

  it('gives a day window ticks on whole hours of the zone, and a phone fewer of them', () => {
    const domain = [NOV_13_0840, NOV_13_0840 + 86_400_000] as const;
    const desktop = timeTicks(domain, 8, NY);
    expect(desktop.map((t) => iso(t.at).slice(11))).toEqual([
      '09:00',
      '12:00',
      '15:00',
      '18:00',
      '21:00',
      '00:00',
      '03:00',
      '06:00',
    ]);
    const phone = timeTicks(domain, 3, NY);
    expect(phone.map((t) => iso(t.at).slice(11))).toEqual(['12:00', '00:00']);
  });

  it('steps by weeks (Mondays), months and years as the span grows', () => {
    const month = timeTicks([NOV_13_0840 - 30 * 86_400_000, NOV_13_0840], 4, NY);
    expect(month.map((t) => t.unit)).toEqual(month.map(() => 'week'));
    expect(month.every((t) => new Date(wallClock(t.at, NY)).getUTCDay() === 1)).toBe(true);
    const year = timeTicks([NOV_13_0840 - 365 * 86_400_000, NOV_13_0840], 8, NY);
    // Months would be twelve: quarters.
    expect(year.map((t) => iso(t.at).slice(0, 16))).toEqual([
      '2026-01-01 00:00',
      '2026-04-01 00:00',
      '2026-07-01 00:00',
      '2026-10-01 00:00',
    ]);
    expect(year[0]!.unit).toBe('month');
    const decade = timeTicks([Date.UTC(2015, 5, 1), Date.UTC(2026, 5, 1)], 8, 'UTC');
    expect(decade.map((t) => new Date(t.at).getUTCFullYear())).toEqual([2016, 2018, 2020, 2022, 2024, 2026]);
  });

  it('keeps hours on the wall clock across the change to winter time', () => {
    // 2026-11-01 is 25 hours long in New York.
    const start = fromWallClock(Date.UTC(2026, 10, 1, 0, 0), NY);
    const sut = timeTicks([start, start + 25 * 3_600_000], 5, NY);
    expect(sut.map((t) => iso(t.at).slice(11))).toEqual(['00:00', '06:00', '12:00', '18:00', '00:00']);
  });

  it('never gives more ticks than asked for, whatever the span (control: a larger limit gives more)', () => {
    for (const span of [60_000, 7_200_000, 86_400_000, 20 * 86_400_000, 400 * 86_400_000, 40 * 365 * 86_400_000]) {
      for (const max of [2, 3, 5, 8])
        expect(timeTicks([NOV_13_0840, NOV_13_0840 + span], max, NY).length).toBeLessThanOrEqual(max);
    }
    expect(timeTicks([NOV_13_0840, NOV_13_0840 + 86_400_000], 8, NY).length).toBeGreaterThan(
      timeTicks([NOV_13_0840, NOV_13_0840 + 86_400_000], 3, NY).length,
    );
  });

  it('gives a week on a phone two or three ticks, not one Monday', () => {
    const sut = timeTicks([NOV_13_0840, NOV_13_0840 + 7 * 86_400_000], 3, NY);
    expect(sut.length).toBeGreaterThanOrEqual(2);
    expect(sut.every((t) => iso(t.at).endsWith('00:00'))).toBe(true);
  });

  it('gives no ticks for an empty window', () => {
    expect(timeTicks([5, 5], 8)).toEqual([]);
  });
});

describe('timeTickLabels', () => {
  it('shows the time, and the date under the first tick and where the day changes (en-US)', () => {
    const ticks = timeTicks([NOV_13_0840, NOV_13_0840 + 86_400_000], 4, NY);
    expect(timeTickLabels(ticks, 'en-US', NY)).toEqual([['12:00', '11/13/2026'], ['18:00'], ['00:00', '11/14/2026'], ['06:00']]);
  });

  it('writes days the Spanish way, with the year where it changes', () => {
    const start = fromWallClock(Date.UTC(2026, 11, 28, 12), NY);
    const ticks = timeTicks([start, start + 6 * 86_400_000], 8, NY);
    expect(timeTickLabels(ticks, 'es-ES', NY)).toEqual([
      ['29/12', '2026'],
      ['30/12'],
      ['31/12'],
      ['1/1', '2027'],
      ['2/1'],
      ['3/1'],
    ]);
  });
});

describe('ticksForWidth', () => {
  it('gives a phone-wide axis few ticks and a desktop one at most eight', () => {
    expect(ticksForWidth(226)).toBe(3);
    expect(ticksForWidth(1200)).toBe(8);
    expect(ticksForWidth(50)).toBe(2);
  });

  it('fits more short day labels than time labels on a phone, and a week then gets several days', () => {
    expect(ticksForWidth(200, 8, 'day')).toBeGreaterThan(ticksForWidth(200, 8, 'hour'));
    const sut = timeTicks([NOV_13_0840, NOV_13_0840 + 7 * 86_400_000], (unit) => ticksForWidth(200, 8, unit), NY);
    expect(sut.length).toBeGreaterThanOrEqual(3);
    expect(sut[0]!.unit).toBe('day');
  });
});
