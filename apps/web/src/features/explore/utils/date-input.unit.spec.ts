import { describe, expect, it } from '@jest/globals';
import { fromDateInput, toDateInput } from './date-input';

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
  });
});
