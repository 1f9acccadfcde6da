import fc from 'fast-check';
import { BUCKET_ROW_BYTES, decodeBuckets, regroupBucketRows } from './bucket-rows.js';
import type { SensorBucket } from './sensor-buckets.js';

const HOUR = 3_600_000;

/** Rows as the engine sends them (RowBinary, the layout bucket-rows.ts reads), with a trailing Int64 when `extra` is given. */
const encode = (rows: readonly SensorBucket[], extra?: number): Buffer => {
  const rowBytes = BUCKET_ROW_BYTES + (extra === undefined ? 0 : 8);
  const bytes = Buffer.alloc(rows.length * rowBytes);
  rows.forEach((r, i) => {
    const at = i * rowBytes;
    bytes.writeUInt32LE(r.stationId, at);
    bytes.writeUInt32LE(r.moduleId, at + 4);
    bytes.writeUInt32LE(r.sensorId, at + 8);
    bytes.writeBigInt64LE(BigInt(r.time), at + 12);
    bytes.writeDoubleLE(r.min, at + 20);
    bytes.writeDoubleLE(r.max, at + 28);
    bytes.writeDoubleLE(r.sum, at + 36);
    bytes.writeBigUInt64LE(BigInt(r.count), at + 44);
    bytes.writeDoubleLE(r.last, at + 52);
    bytes.writeBigInt64LE(BigInt(r.lastTime), at + 60);
    if (extra !== undefined) bytes.writeBigInt64LE(BigInt(extra), at + BUCKET_ROW_BYTES);
  });
  return bytes;
};

/** regroupBucketRows over rows encoded as the engine sends them. */
const regroupBuckets = (rows: readonly SensorBucket[], bucketMs: number): SensorBucket[] =>
  regroupBucketRows(encode(rows), false, bucketMs).buckets;

/** What the engine's GROUP BY answers: each key's rows folded, ordered by station, sensor, module and bucket. */
const grouped = (rows: readonly SensorBucket[], bucketMs: number): SensorBucket[] => {
  const groups = new Map<string, SensorBucket[]>();
  for (const row of rows) {
    const key = `${row.stationId}/${row.sensorId}/${row.moduleId}/${Math.floor(row.time / bucketMs) * bucketMs}`;
    groups.set(key, [...(groups.get(key) ?? []), row]);
  }
  return [...groups]
    .map(([key, members]) => {
      const [stationId, sensorId, moduleId, time] = key.split('/').map(Number) as [number, number, number, number];
      const latest = members.reduce((a, b) =>
        b.lastTime > a.lastTime || (b.lastTime === a.lastTime && b.last > a.last) ? b : a,
      );
      return {
        stationId,
        moduleId,
        sensorId,
        time,
        min: Math.min(...members.map((m) => m.min)),
        max: Math.max(...members.map((m) => m.max)),
        sum: members.reduce((s, m) => s + m.sum, 0),
        count: members.reduce((s, m) => s + m.count, 0),
        last: latest.last,
        lastTime: latest.lastTime,
      };
    })
    .sort((a, b) => a.stationId - b.stationId || a.sensorId - b.sensorId || a.moduleId - b.moduleId || a.time - b.time);
};

/** Level rows as the engine sends them: by station, sensor, level bucket, module. */
const inKeyOrder = (rows: SensorBucket[]) =>
  [...rows].sort((a, b) => a.stationId - b.stationId || a.sensorId - b.sensorId || a.time - b.time || a.moduleId - b.moduleId);

/** Hour-level rows, one key sometimes more than once (parts not merged yet), before and after 1970. */
const levelRows = fc.array(
  fc
    .record({
      stationId: fc.integer({ min: 1, max: 3 }),
      moduleId: fc.integer({ min: 1, max: 3 }),
      sensorId: fc.integer({ min: 1, max: 2 }),
      hour: fc.integer({ min: -60, max: 60 }),
      values: fc.array(fc.integer({ min: -1000, max: 1000 }), { minLength: 1, maxLength: 4 }),
      lastAt: fc.integer({ min: 0, max: HOUR - 1 }),
    })
    .map(({ stationId, moduleId, sensorId, hour, values, lastAt }) => ({
      stationId,
      moduleId,
      sensorId,
      time: hour * HOUR,
      min: Math.min(...values) / 8,
      max: Math.max(...values) / 8,
      sum: values.reduce((s, v) => s + v, 0) / 8,
      count: values.length,
      last: values[values.length - 1]! / 8,
      lastTime: hour * HOUR + lastAt,
    })),
  { maxLength: 120 },
);

describe('decodeBuckets', () => {
  it('reads rows back as they were written, with the trailing column of the first row', () => {
    const rows = [
      {
        stationId: 1,
        moduleId: 2,
        sensorId: 3,
        time: -HOUR,
        min: -1.5,
        max: 2.25,
        sum: 0.75,
        count: 3,
        last: 2.25,
        lastTime: -1,
      },
      {
        stationId: 4_000_000_000,
        moduleId: 5,
        sensorId: 6,
        time: Date.UTC(2300, 0, 1),
        min: 1,
        max: 1,
        sum: 1,
        count: 1,
        last: 1,
        lastTime: Date.UTC(2300, 0, 1),
      },
    ];
    expect(decodeBuckets(encode(rows, -42), true)).toEqual({ buckets: rows, extra: -42 });
    expect(decodeBuckets(encode(rows), false)).toEqual({ buckets: rows, extra: null });
    expect(decodeBuckets(encode([], 7), true)).toEqual({ buckets: [], extra: null });
    expect(() => decodeBuckets(encode(rows).subarray(1), false)).toThrow(/not whole rows/);
  });
});

describe('regroupBucketRows', () => {
  it('counts the level rows it read and reads the trailing column', () => {
    const row = { stationId: 1, moduleId: 1, sensorId: 1, time: 0, min: 1, max: 1, sum: 1, count: 1, last: 1, lastTime: 0 };
    const result = regroupBucketRows(encode([row, { ...row, time: HOUR, lastTime: HOUR }], 99), true, 2 * HOUR);
    expect(result).toEqual({ buckets: [{ ...row, sum: 2, count: 2, lastTime: HOUR }], rows: 2, extra: 99 });
  });

  it('folds level rows into chart buckets as the engine does, in the chart order', () => {
    fc.assert(
      fc.property(levelRows, fc.constantFrom(1, 2, 3, 6, 24), (rows, hours) => {
        const ordered = inKeyOrder(rows);
        expect(regroupBuckets(ordered, hours * HOUR)).toEqual(grouped(ordered, hours * HOUR));
      }),
      { numRuns: 300 },
    );
  });

  it('folds rows of one key read twice, keeping the latest reading by time then value', () => {
    const row = { stationId: 1, moduleId: 1, sensorId: 1, time: -HOUR, min: 1, max: 2, sum: 3, count: 2, last: 2, lastTime: -1 };
    const tie = { ...row, min: 0, max: 5, sum: 5, count: 1, last: 5, lastTime: -1 };
    expect(regroupBuckets([row, tie], 2 * HOUR)).toEqual([
      { ...row, time: -2 * HOUR, min: 0, max: 5, sum: 8, count: 3, last: 5, lastTime: -1 },
    ]);
  });

  it('control: rows not in the levels’ key order are not regrouped right (so the test above rests on that order)', () => {
    const a = { stationId: 1, moduleId: 1, sensorId: 1, time: 0, min: 1, max: 1, sum: 1, count: 1, last: 1, lastTime: 0 };
    const b = { ...a, time: HOUR, lastTime: HOUR };
    const c = { ...a, time: 2 * HOUR, lastTime: 2 * HOUR };
    expect(regroupBuckets([a, b, c], 2 * HOUR)).toEqual(grouped([a, b, c], 2 * HOUR));
    expect(regroupBuckets([a, c, b], 2 * HOUR)).not.toEqual(grouped([a, c, b], 2 * HOUR));
  });
});
