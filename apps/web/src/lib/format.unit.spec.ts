import { describe, expect, it } from '@jest/globals';
import { MISSING, formatDate, formatDateTime, formatLocalDate } from './format';

// The runner's own time zone, read by another means than the one under test.
const localDay = (ms: number) =>
  new Intl.DateTimeFormat('en-US', { year: 'numeric', month: 'numeric', day: 'numeric' }).format(ms);
const localTime = (ms: number) =>
  new Intl.DateTimeFormat('en-US', { hour: '2-digit', minute: '2-digit', second: '2-digit', hourCycle: 'h23' }).format(ms);

describe('dates (spec §9: M/D/YYYY and HH:mm:ss)', () => {
  it('reads a whole-day date (midnight UTC) on its own day, wherever the visitor is', () => {
    expect(formatDate('2025-03-01T00:00:00.000Z')).toBe('3/1/2025');
  });

  it("shows a moment (a deployment, an activity) on the visitor's own day and time", () => {
    for (const iso of ['2025-03-01T02:00:05.000Z', '2025-07-04T23:30:00.000Z', '2024-12-31T12:00:00.000Z']) {
      const ms = Date.parse(iso);
      expect(formatLocalDate(iso)).toBe(localDay(ms));
      expect(formatDateTime(iso)).toBe(`${localDay(ms)} ${localTime(ms)}`);
      expect(formatDateTime(ms)).toBe(`${localDay(ms)} ${localTime(ms)}`);
    }
  });

  it('shows -- for a missing or unreadable moment', () => {
    for (const value of [null, undefined, '', 'not a date']) {
      expect(formatLocalDate(value)).toBe(MISSING);
      expect(formatDateTime(value)).toBe(MISSING);
    }
    expect(formatDate(null)).toBe(MISSING);
  });
});
