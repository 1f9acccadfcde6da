import { coverRange } from './range-cover.js';

const at = (iso: string) => Date.parse(iso);
const names = (segments: ReturnType<typeof coverRange>) =>
  segments.map((s) => `${s.level?.name ?? 'raw'} ${new Date(s.fromMs).toISOString()}..${new Date(s.toMs).toISOString()}`);

describe('coverRange', () => {
  it('reads whole days in the middle and finer levels towards ragged ends', () => {
    expect(names(coverRange(at('2025-01-01T05:37:12.500Z'), at('2025-01-04T01:10:30.000Z')))).toEqual([
      'raw 2025-01-01T05:37:12.500Z..2025-01-01T05:40:00.000Z',
      '10m 2025-01-01T05:40:00.000Z..2025-01-01T06:00:00.000Z',
      '6h 2025-01-01T06:00:00.000Z..2025-01-02T00:00:00.000Z',
      '1d 2025-01-02T00:00:00.000Z..2025-01-04T00:00:00.000Z',
      '1h 2025-01-04T00:00:00.000Z..2025-01-04T01:00:00.000Z',
      '10m 2025-01-04T01:00:00.000Z..2025-01-04T01:10:00.000Z',
      'raw 2025-01-04T01:10:00.000Z..2025-01-04T01:10:30.000Z',
    ]);
  });

  it('covers the range exactly, without gaps or overlaps, whatever its ends', () => {
    for (const [from, to] of [
      [0, 1],
      [59_999, 60_001],
      [at('2024-02-28T23:59:59.999Z'), at('2024-03-01T00:00:00.001Z')],
      [at('2019-01-01T00:00:00Z'), at('2026-05-01T13:14:15.161Z')],
    ] as const) {
      const segments = coverRange(from, to);
      expect(segments[0]!.fromMs).toBe(from);
      expect(segments.at(-1)!.toMs).toBe(to);
      segments.slice(1).forEach((s, i) => expect(s.fromMs).toBe(segments[i]!.toMs));
      for (const s of segments) {
        expect(s.toMs).toBeGreaterThan(s.fromMs);
        if (s.level) expect([s.fromMs % (s.level.seconds * 1000), s.toMs % (s.level.seconds * 1000)]).toEqual([0, 0]);
      }
      expect(segments.length).toBeLessThanOrEqual(11);
    }
  });

  it('is empty for an empty range', () => {
    expect(coverRange(5, 5)).toEqual([]);
  });
});
