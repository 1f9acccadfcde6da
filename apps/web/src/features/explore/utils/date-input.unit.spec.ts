import { describe, expect, it } from '@jest/globals';
import { fromDateInput, lastDayInput, nextMidnight, readDayRange, toDateInput } from './date-input';

describe('date fields', () => {
  it('reads a day as its local midnight and writes it back', () => {
    const midnight = fromDateInput('2025-03-09')!;
    expect(midnight).toBe(new Date(2025, 2, 9).getTime());
    expect(toDateInput(midnight)).toBe('2025-03-09');
    expect(toDateInput(midnight + 23 * 3_600_000)).toBe('2025-03-09');
  });

  it('reads an empty or partial field as nothing', () => {
    expect(fromDateInput('')).toBeNull();
    expect(fromDateInput('2025-03')).toBeNull();
    expect(fromDateInput('2025-03-')).toBeNull();
  });

  it('does not take the years a field passes through while a year is typed (0002, 0020, 0202)', () => {
    // Typing 2026 into the year: the value is 0002-11-15, then 0020-, 0202-, then 2026-11-15.
    expect(fromDateInput('0002-11-15')).toBeNull();
    expect(fromDateInput('0020-11-15')).toBeNull();
    expect(fromDateInput('0202-11-15')).toBeNull();
    expect(fromDateInput('1899-12-31')).toBeNull();
    expect(fromDateInput('1900-01-01')).toBe(new Date(1900, 0, 1).getTime());
    const typed = new Date(fromDateInput('2026-11-15')!);
    expect([typed.getFullYear(), typed.getMonth(), typed.getDate(), typed.getHours()]).toEqual([2026, 10, 15, 0]);
  });

  it('refuses a day that does not exist rather than rolling it over', () => {
    expect(fromDateInput('2025-04-31')).toBeNull();
    expect(fromDateInput('2025-02-29')).toBeNull();
    expect(fromDateInput('2024-02-29')).toBe(new Date(2024, 1, 29).getTime());
    expect(fromDateInput('2025-13-01')).toBeNull();
    expect(fromDateInput('2025-00-10')).toBeNull();
  });

  it('writes a year of four digits', () => {
    const d = new Date(2000, 0, 1);
    d.setFullYear(2, 10, 15);
    expect(toDateInput(d.getTime())).toBe('0002-11-15');
  });

  it('shows the last day of a range that ends at the next midnight', () => {
    const range = [new Date(2026, 10, 1).getTime(), new Date(2026, 10, 28).getTime()] as const;
    expect(lastDayInput(range)).toBe('2026-11-27');
    // An empty range shows its start.
    expect(lastDayInput([range[0], range[0]])).toBe('2026-11-01');
  });

  it('finds the next local midnight of a day', () => {
    const day = new Date(2026, 2, 8).getTime();
    const next = new Date(nextMidnight(day));
    expect([next.getFullYear(), next.getMonth(), next.getDate(), next.getHours(), next.getMinutes()]).toEqual([2026, 2, 9, 0, 0]);
  });
});

describe('a pair of day fields', () => {
  it('is the range from the first midnight to the midnight after the last day', () => {
    expect(readDayRange('2026-11-15', '2026-11-27')).toEqual({
      kind: 'range',
      range: [new Date(2026, 10, 15).getTime(), new Date(2026, 10, 28).getTime()],
    });
    // One day: a day long.
    expect(readDayRange('2026-11-15', '2026-11-15')).toEqual({
      kind: 'range',
      range: [new Date(2026, 10, 15).getTime(), new Date(2026, 10, 16).getTime()],
    });
  });

  it('says which field has no whole date in it', () => {
    expect(readDayRange('', '2026-11-27')).toEqual({ kind: 'incomplete', field: 'from' });
    expect(readDayRange('0202-11-15', '2026-11-27')).toEqual({ kind: 'incomplete', field: 'from' });
    expect(readDayRange('2026-11-15', '2026-02-30')).toEqual({ kind: 'incomplete', field: 'to' });
  });

  it('refuses a last day before the first', () => {
    expect(readDayRange('2026-11-15', '2026-11-14')).toEqual({ kind: 'reversed' });
  });
});
