import { describe, expect, it } from '@jest/globals';
import { niceTicks } from './nice-ticks';

const printed = (low: number, high: number, max?: number) => {
  const t = niceTicks(low, high, max)!;
  return t.ticks.map((v) => v.toFixed(t.decimals));
};

describe('niceTicks', () => {
  it('gives distinct round ticks for a narrow pH range (the "7.2, 7.3, 7.3, 7.3, 7.4" chart)', () => {
    expect(printed(7.21, 7.38)).toEqual(['7.2', '7.3', '7.4']);
  });

  it('never gives more than 4 ticks and always covers the data', () => {
    const cases: [number, number][] = [
      [0, 1],
      [0.001, 0.0093],
      [-3.7, 41.2],
      [998.2, 1013.9],
      [12, 12.04],
      [0, 43200],
      [-0.5, 0.5],
      [17.26, 17.31],
    ];
    for (const [low, high] of cases) {
      const sut = niceTicks(low, high)!;
      expect(sut.ticks.length).toBeLessThanOrEqual(4);
      expect(sut.ticks.length).toBeGreaterThanOrEqual(2);
      expect(sut.min).toBeLessThanOrEqual(low);
      expect(sut.max).toBeGreaterThanOrEqual(high);
      const labels = sut.ticks.map((v) => v.toFixed(sut.decimals));
      expect(new Set(labels).size).toBe(labels.length);
    }
  });

  it('chooses steps of 1, 2, 2.5 or 5 times a power of ten', () => {
    expect(printed(0, 43200)).toEqual(['0', '20000', '40000', '60000']);
    expect(printed(998.2, 1013.9)).toEqual(['990', '1000', '1010', '1020']);
    expect(printed(0.1, 0.68)).toEqual(['0.00', '0.25', '0.50', '0.75']);
  });

  it('puts a band around a flat series', () => {
    expect(printed(7.3, 7.3)).toEqual(['7.2', '7.3', '7.4']);
    expect(printed(0, 0)).toEqual(['-1', '0', '1']);
  });

  it('honours a smaller tick budget and answers null for nothing to draw', () => {
    expect(niceTicks(0, 10, 2)!.ticks).toHaveLength(2);
    expect(niceTicks(Number.NaN, 1)).toBeNull();
    expect(niceTicks(1, Number.POSITIVE_INFINITY)).toBeNull();
  });
});
