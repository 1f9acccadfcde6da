import fc from 'fast-check';
import { asRecorded, shortestFloat32 } from '@groundtruth/domain';
import { fromColumns, SensorDataColumns, toColumns } from './sensor-columns.contract.js';
import type { SensorData, SensorDataRow } from './sensors.contract.js';

const f32 = (x: number) => Math.fround(x);

const answer = (rows: SensorDataRow[], extra: Partial<SensorData> = {}): SensorData => ({
  data: rows,
  bucketSize: 600,
  bucketSamples: 4,
  dataEnd: 1_700_002_400_000,
  aggregate: '10m',
  start: 1_700_000_000_000,
  end: 1_700_002_400_000,
  ...extra,
});

const row = (k: number, v: number | null, over: Partial<SensorDataRow> = {}): SensorDataRow => ({
  time: 1_700_000_000_000 + k * 600_000,
  stationId: 1,
  moduleId: 2,
  sensorId: 3,
  value: v,
  avg: v,
  min: v,
  max: v,
  last: v,
  samples: v === null ? 0 : 10,
  ...over,
});

describe('shortest float32', () => {
  it('prints a float32 reading with the fewest digits that read back as it', () => {
    expect(asRecorded(f32(0.1))).toBe(0.1);
    expect(asRecorded(f32(21.37))).toBe(21.37);
    expect(asRecorded(f32(-1e-7))).toBe(-1e-7);
    expect(JSON.stringify(asRecorded(f32(0.1)))).toBe('0.1');
    // control: the float64 of the float32 prints as 17 digits
    expect(JSON.stringify(f32(0.1))).toBe('0.10000000149011612');
  });

  it('leaves a value that is not a float32 (a float64 from a CSV import) as it is', () => {
    expect(asRecorded(0.1)).toBe(0.1);
    expect(asRecorded(1 / 3)).toBe(1 / 3);
  });

  it('always reads back as the same float32, and is never longer than 9 significant digits', () => {
    fc.assert(
      fc.property(fc.float({ noNaN: true, noDefaultInfinity: true }), (x) => {
        const s = shortestFloat32(x);
        expect(f32(s)).toBe(f32(x) === 0 ? 0 : f32(x));
        expect(s.toExponential().split('e')[0]!.replace(/[-.]/g, '').length).toBeLessThanOrEqual(9);
        // shortest: one digit fewer never reads back
        const digits = s === 0 ? 1 : Number(s.toExponential().split('e')[0]!.replace('-', '').replace('.', '').length);
        if (digits > 1 && x !== 0) expect(f32(Number(f32(x).toPrecision(digits - 1)))).not.toBe(f32(x));
      }),
    );
  });
});

describe('columns form of a chart answer', () => {
  it('implies times from start and bucket size when every bucket is there', () => {
    const cols = toColumns(answer([0, 1, 2, 3].map((k) => row(k, f32(20 + k / 10)))));
    expect(cols.series).toHaveLength(1);
    expect(cols.series[0]!.index).toBeUndefined();
    expect(cols.series[0]!.avg).toEqual([20, 20.1, 20.2, 20.3]);
    expect(JSON.stringify(cols)).not.toMatch(/\d{10,}\.\d|\.\d{9,}/);
    expect(SensorDataColumns.parse(cols)).toEqual(cols);
  });

  it('lists bucket indexes when some are missing, and reads back to the same rows', () => {
    const rows = [row(0, f32(1.5)), row(3, f32(2.25)), row(1, null, { stationId: 2 }), row(2, f32(7), { stationId: 2 })];
    const a = answer(rows);
    const cols = toColumns(a);
    expect(cols.series.map((s) => s.index)).toEqual([
      [0, 3],
      [1, 2],
    ]);
    const back = fromColumns(cols);
    expect(back.data.map((r) => [r.stationId, r.time])).toEqual(rows.map((r) => [r.stationId, r.time]));
  });

  it('prints a float32 mean at float32 precision, a float64 one as it is', () => {
    const mean32 = (f32(1.1) + f32(1.3)) / 2;
    const cols = toColumns(answer([row(0, mean32, { min: f32(1.1), max: f32(1.3), last: f32(1.3) })]));
    expect(cols.series[0]!.avg).toEqual([1.2]);
    const mean64 = (1.1 + 1.35) / 2;
    expect(toColumns(answer([row(0, mean64, { min: 1.1, max: 1.35 })])).series[0]!.avg).toEqual([mean64]);
  });

  it('sends the value once when it is the mean in every bucket, and beside the mean when not (a maximum)', () => {
    const mean = [row(0, f32(1.5)), row(1, f32(2.5))];
    const max = [row(0, f32(3), { stationId: 2, avg: f32(1) }), row(1, f32(4), { stationId: 2 })];
    const cols = toColumns(answer([...mean, ...max]));
    expect(cols.series.map((s) => s.value)).toEqual([undefined, [3, 4]]);
    expect(cols.series.map((s) => s.avg)).toEqual([
      [1.5, 2.5],
      [1, 4],
    ]);
    expect(SensorDataColumns.parse(cols)).toEqual(cols);
    // either way the rows read back with their values
    expect(fromColumns(cols).data.map((r) => [r.value, r.avg])).toEqual([
      [1.5, 1.5],
      [2.5, 2.5],
      [3, 1],
      [4, 4],
    ]);
  });

  it('refuses a row off the bucket grid rather than move it', () => {
    expect(() => toColumns(answer([row(0, 1, { time: 1_700_000_000_001 })]))).toThrow(/bucket grid/);
  });

  it('round-trips any answer of float32 readings to the same rows and numbers as float32', () => {
    const rowsArb = fc
      .uniqueArray(fc.tuple(fc.integer({ min: 1, max: 3 }), fc.integer({ min: 0, max: 50 })), {
        selector: ([s, k]) => `${s}/${k}`,
        maxLength: 60,
      })
      .chain((keys) =>
        fc.tuple(
          fc.constant(keys.sort((a, b) => a[0] - b[0] || a[1] - b[1])),
          fc.array(fc.option(fc.float({ noNaN: true, noDefaultInfinity: true, min: -1e6, max: 1e6 }), { nil: null }), {
            minLength: keys.length,
            maxLength: keys.length,
          }),
        ),
      );
    fc.assert(
      fc.property(rowsArb, ([keys, values]) => {
        const rows = keys.map(([s, k], i) => row(k, values[i] === null ? null : f32(values[i]!), { stationId: s }));
        const back = fromColumns(toColumns(answer(rows)));
        expect(back.data.map((r) => [r.stationId, r.time, r.samples])).toEqual(rows.map((r) => [r.stationId, r.time, r.samples]));
        back.data.forEach((r, i) => {
          const v = rows[i]!.value;
          expect(r.value === null ? null : f32(r.value)).toBe(v === null ? null : f32(v) || 0);
        });
      }),
    );
  });
});
