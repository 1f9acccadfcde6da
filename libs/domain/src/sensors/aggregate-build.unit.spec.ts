import fc from 'fast-check';
import { aggregateBuildSpans, aggregateDayOf } from './aggregate-build.js';
import { AGGREGATE_LEVELS } from './chart-query.js';

const DAY = 86_400_000;
const at = (iso: string) => Date.parse(iso);
const daysOf = (...isos: string[]) => isos.map((t) => aggregateDayOf(at(t)));
const iso = (spans: ReturnType<typeof aggregateBuildSpans>) =>
  spans.map((s) => `${new Date(s.fromMs).toISOString()}..${new Date(s.toMs).toISOString()}`);

describe('aggregateDayOf', () => {
  it('floors, before 1970 too', () => {
    expect(aggregateDayOf(0)).toBe(0);
    expect(aggregateDayOf(DAY - 1)).toBe(0);
    expect(aggregateDayOf(-1)).toBe(-1);
    expect(aggregateDayOf(-DAY)).toBe(-1);
    expect(aggregateDayOf(-DAY - 1)).toBe(-2);
  });
});

describe('aggregateBuildSpans', () => {
  it('covers the days holding readings, whole, in spans of at most the slice length, in time order', () => {
    const days = daysOf('2025-01-05T00:00:00Z', '2025-01-01T05:37:12.500Z', '2025-01-02T23:59:59.999Z', '2025-01-02T10:00:00Z');
    expect(iso(aggregateBuildSpans(days, 2))).toEqual([
      '2025-01-01T00:00:00.000Z..2025-01-03T00:00:00.000Z',
      '2025-01-05T00:00:00.000Z..2025-01-06T00:00:00.000Z',
    ]);
    expect(iso(aggregateBuildSpans(days, 31))).toEqual(['2025-01-01T00:00:00.000Z..2025-01-06T00:00:00.000Z']);
  });

  it('builds readings decades apart as a few days, not every day between', () => {
    expect(iso(aggregateBuildSpans(daysOf('1900-01-01T00:00:00Z', '1969-12-31T23:59:59.999Z', '2010-06-01T12:00:00Z')))).toEqual([
      '1900-01-01T00:00:00.000Z..1900-01-02T00:00:00.000Z',
      '1969-12-31T00:00:00.000Z..1970-01-01T00:00:00.000Z',
      '2010-06-01T00:00:00.000Z..2010-06-02T00:00:00.000Z',
    ]);
  });

  it('answers nothing for no days', () => {
    expect(aggregateBuildSpans([])).toEqual([]);
  });

  it('covers every day given and only whole buckets of every level, without overlaps, whatever the days', () => {
    fc.assert(
      fc.property(
        fc.array(fc.integer({ min: -25_567, max: 120_000 }), { maxLength: 60 }),
        fc.integer({ min: 1, max: 60 }),
        (days, slice) => {
          const spans = aggregateBuildSpans(days, slice);
          for (const day of days) expect(spans.some((s) => s.fromMs <= day * DAY && day * DAY < s.toMs)).toBe(true);
          spans.slice(1).forEach((s, i) => expect(s.fromMs).toBeGreaterThanOrEqual(spans[i]!.toMs));
          for (const s of spans) {
            expect(s.toMs - s.fromMs).toBeLessThanOrEqual(slice * DAY);
            // Each span starts and ends on a day holding readings.
            expect(days).toContain(s.fromMs / DAY);
            expect(days).toContain(s.toMs / DAY - 1);
            for (const level of AGGREGATE_LEVELS) {
              const size = level.seconds * 1000;
              expect(((s.fromMs % size) + size) % size).toBe(0);
              expect(((s.toMs % size) + size) % size).toBe(0);
            }
          }
        },
      ),
    );
  });
});
