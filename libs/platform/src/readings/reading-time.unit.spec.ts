import fc from 'fast-check';
import { parseReadingTime, readingTimeProblem, UNIX_MS_FROM } from './reading-time.js';

const NOW = Date.parse('2026-05-01T12:00:00Z');

describe('parseReadingTime', () => {
  it.each([
    ['2024-05-01T12:00:00Z', '2024-05-01T12:00:00.000Z'],
    ['2024-05-01T12:00:00.123Z', '2024-05-01T12:00:00.123Z'],
    ['2024-05-01T12:00:00.123456789z', '2024-05-01T12:00:00.123Z'],
    ['2024-05-01 12:00Z', '2024-05-01T12:00:00.000Z'],
    ['2024-05-01T14:30:00+02:00', '2024-05-01T12:30:00.000Z'],
    ['2024-05-01T07:00:00-0500', '2024-05-01T12:00:00.000Z'],
    ['2024-05-01T12:00:00+05', '2024-05-01T07:00:00.000Z'],
    ['2024-02-29T00:00:00Z', '2024-02-29T00:00:00.000Z'],
    ['  1714564800 ', '2024-05-01T12:00:00.000Z'],
    ['1714564800.5', '2024-05-01T12:00:00.500Z'],
    ['1714564800000', '2024-05-01T12:00:00.000Z'],
  ])('reads %s', (text, iso) => {
    expect(new Date(parseReadingTime(text)!).toISOString()).toBe(iso);
  });

  it.each([
    '2024-05-01T12:00:00', // no offset: it would depend on where it was written
    '2024-05-01',
    '2023-02-29T00:00:00Z',
    '2024-13-01T00:00:00Z',
    '2024-05-01T24:00:00Z',
    '2024-05-01T12:60:00Z',
    '2024-05-01T12:00:00+25:00',
    'yesterday',
    '',
    '1e9',
    '0x10',
  ])('refuses %s', (text) => {
    expect(parseReadingTime(text)).toBeNull();
  });

  it('reads numbers as seconds below 100,000,000,000 and as milliseconds from there', () => {
    expect(parseReadingTime(1_714_564_800)).toBe(1_714_564_800_000);
    expect(parseReadingTime(UNIX_MS_FROM)).toBe(UNIX_MS_FROM);
    expect(parseReadingTime(Number.NaN)).toBeNull();
    expect(parseReadingTime(Number.POSITIVE_INFINITY)).toBeNull();
  });

  it('gives back any millisecond instant written as ISO 8601, in UTC or with an offset', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: Date.UTC(1970, 0, 1), max: Date.UTC(2200, 0, 1) }),
        fc.integer({ min: -14 * 4, max: 14 * 4 }),
        (ms, quarters) => {
          expect(parseReadingTime(new Date(ms).toISOString())).toBe(ms);
          // The same instant as local time at an offset of `quarters` quarter hours.
          const offsetMin = quarters * 15;
          const local = new Date(ms + offsetMin * 60_000).toISOString().slice(0, -1);
          const sign = offsetMin < 0 ? '-' : '+';
          const abs = Math.abs(offsetMin);
          const text = `${local}${sign}${String(Math.floor(abs / 60)).padStart(2, '0')}:${String(abs % 60).padStart(2, '0')}`;
          expect(parseReadingTime(text)).toBe(ms);
        },
      ),
    );
  });
});

describe('readingTimeProblem', () => {
  it('keeps imported readings from 1900 up to a few minutes past now: historical records are a normal import', () => {
    expect(readingTimeProblem(Date.UTC(1900, 0, 1), NOW)).toBeNull();
    expect(readingTimeProblem(Date.UTC(1955, 6, 1), NOW)).toBeNull();
    expect(readingTimeProblem(Date.UTC(2010, 0, 1), NOW)).toBeNull();
    expect(readingTimeProblem(Date.UTC(2017, 11, 31, 23, 59), NOW)).toBeNull();
    expect(readingTimeProblem(NOW + 60_000, NOW)).toBeNull();
    expect(readingTimeProblem(NOW + 3_600_000, NOW)).toMatch(/in the future/);
    expect(readingTimeProblem(Date.UTC(1899, 11, 31, 23, 59), NOW)).toMatch(/1899-12-31T23:59:00.000Z is before 1900/);
    expect(readingTimeProblem(-1e20, NOW)).toMatch(/before 1900/);
  });
});
