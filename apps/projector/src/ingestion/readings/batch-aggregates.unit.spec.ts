import fc from 'fast-check';
import { AGGREGATE_LEVELS } from '@groundtruth/domain';
import { ReadingBatch, type BatchReading } from '@groundtruth/platform';
import { directBuckets, type Bucket, type ReadingRow } from '../../../../../test/support/direct-buckets.js';
import { batchAggregates, LEVEL_ROW_BYTES, type LevelRows } from './batch-aggregates.js';

const TWO_32 = 4294967296;

/** The station of every row of a write (the engine adds it; the rows do not carry it). */
const STATION = 0;
/** The readings as rows of that station. */
const rowsOf = (readings: readonly BatchReading[]): ReadingRow[] =>
  readings.map((r) => ({ station: STATION, module: r.moduleId, sensor: r.sensorId, time: r.timeMs, value: r.value }));

/** A level's rows read back from their RowBinary, keyed as directBuckets keys them. */
const decoded = ({ rows, count }: LevelRows): Bucket[] => {
  const view = new DataView(rows);
  const int64 = (at: number) => view.getInt32(at + 4, true) * TWO_32 + view.getUint32(at, true);
  return Array.from({ length: count }, (_, i) => {
    const at = i * LEVEL_ROW_BYTES;
    return {
      key: `${STATION}/${view.getUint32(at, true)}/${view.getUint32(at + 4, true)}/${int64(at + 8)}`,
      min: view.getFloat64(at + 16, true),
      max: view.getFloat64(at + 24, true),
      sum: view.getFloat64(at + 32, true),
      count: int64(at + 40),
      lastTime: int64(at + 48),
      last: view.getFloat64(at + 56, true),
    };
  }).sort((a, b) => (a.key < b.key ? -1 : a.key > b.key ? 1 : 0));
};

const T0 = Date.parse('2025-03-01T00:00:00Z');

describe('a batch’s own aggregate levels', () => {
  it('equal a direct computation at every level, for readings in any order, before 1970 too', () => {
    const reading = fc.record({
      moduleId: fc.constantFrom(1, 2, 4_000_000_000),
      sensorId: fc.constantFrom(1, 7),
      timeMs: fc.oneof(
        fc.integer({ min: 0, max: 3 * 86_400 }).map((s) => T0 + s * 1000),
        // around the epoch, and in 1900
        fc.integer({ min: -86_400, max: 86_400 }).map((s) => s * 1000),
        fc.integer({ min: 0, max: 86_400 }).map((s) => Date.UTC(1900, 0, 1) + s * 1000),
      ),
      // Quarters: sums are exact in any order.
      value: fc.integer({ min: -4000, max: 4000 }).map((v) => v / 4),
    });
    fc.assert(
      fc.property(fc.array(reading, { minLength: 1, maxLength: 300 }), (readings) => {
        const batch = ReadingBatch.of(readings).withoutRepeats();
        const kept = [...batch.readings()];
        const levels = batchAggregates(batch)!;
        expect(levels.map((l) => l.level)).toEqual(AGGREGATE_LEVELS.map((l) => l.name));
        levels.forEach((rows, i) => expect(decoded(rows)).toEqual(directBuckets(rowsOf(kept), AGGREGATE_LEVELS[i]!.seconds)));
      }),
      { numRuns: 200 },
    );
  });

  it('control: a reading dropped from the batch changes the levels (the comparison sees a difference)', () => {
    const readings = Array.from({ length: 50 }, (_, m) => ({ moduleId: 1, sensorId: 1, timeMs: T0 + m * 60_000, value: m / 2 }));
    const levels = batchAggregates(ReadingBatch.of(readings.slice(1)))!;
    expect(decoded(levels[0]!)).not.toEqual(directBuckets(rowsOf(readings), AGGREGATE_LEVELS[0].seconds));
  });

  it('makes none when a value is not finite (the engine would order it otherwise)', () => {
    const batch = ReadingBatch.of([{ moduleId: 1, sensorId: 1, timeMs: T0, value: Number.NaN }]);
    expect(batchAggregates(batch)).toBeNull();
  });
});
