import { describe, expect, it } from '@jest/globals';
import { resultPlot, parseTime } from './result-series';

describe('resultPlot', () => {
  it('draws one line per value column and key, on the time column', () => {
    const sut = resultPlot({
      meta: [
        { name: 'station_id', type: 'UInt32' },
        { name: 'month', type: 'Date' },
        { name: 'mean', type: 'Float64' },
        { name: 'readings', type: 'UInt64' },
      ],
      data: [
        { station_id: 1, month: '2025-01-01', mean: 1.5, readings: '10' },
        { station_id: 1, month: '2025-02-01', mean: 2.5, readings: '12' },
        { station_id: 2, month: '2025-01-01', mean: 3, readings: '7' },
      ],
      rows: 3,
    });
    expect(sut?.time).toBe('month');
    expect(sut?.lines.map((l) => l.label)).toEqual([
      'mean · station_id 1',
      'readings · station_id 1',
      'mean · station_id 2',
      'readings · station_id 2',
    ]);
    expect(sut?.lines[1]?.points).toEqual([
      { x: Date.UTC(2025, 0, 1), y: 10 },
      { x: Date.UTC(2025, 1, 1), y: 12 },
    ]);
  });

  it('answers null without a time column or a number to draw', () => {
    expect(resultPlot({ meta: [{ name: 'n', type: 'UInt64' }], data: [{ n: '1' }], rows: 1 })).toBeNull();
    expect(resultPlot({ meta: [{ name: 'day', type: 'Date' }], data: [{ day: '2025-01-01' }], rows: 1 })).toBeNull();
  });

  it('reads ClickHouse times as UTC', () => {
    expect(parseTime('2025-06-01 01:02:03')).toBe(Date.UTC(2025, 5, 1, 1, 2, 3));
    expect(parseTime('2025-06-01 01:02:03.500')).toBe(Date.UTC(2025, 5, 1, 1, 2, 3, 500));
  });
});
