import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { AGGREGATE_LEVELS, type ChartPlan } from '@groundtruth/domain';
import { migrateClickHouse, openClickHouse, type ClickHouse } from '@groundtruth/platform';
import {
  expectedLevelRows,
  LEVEL_ROWS_READ,
  readChartBuckets,
  readSensorBuckets,
  REGROUP_HERE_ROWS,
  type SensorBucket,
} from './sensor-buckets.js';

const HOUR = 3_600_000;
const TEN_MINUTES = 600_000;
const [TEN_MINUTE_LEVEL, HOUR_LEVEL] = AGGREGATE_LEVELS;

type LevelRow = Omit<SensorBucket, 'stationId' | 'moduleId' | 'sensorId'> & { station: number; module: number; sensor: number };

/** A plan over [fromMs, toMs) at a level, in buckets of `bucketMs` (a window of whole buckets: no ragged ends). */
const planOf = (level: ChartPlan['level'], fromMs: number, toMs: number, bucketMs: number): ChartPlan => ({
  level,
  bucketSeconds: bucketMs / 1000,
  fromMs,
  toMs,
  buckets: (toMs - fromMs) / bucketMs,
  startMs: fromMs,
  endMs: toMs,
});

/** The chart buckets straight from level rows (what the engine's GROUP BY answers), ordered by station, sensor, module, time. */
const expected = (rows: readonly LevelRow[], plan: ChartPlan): SensorBucket[] => {
  const bucketMs = plan.bucketSeconds * 1000;
  const groups = new Map<string, SensorBucket>();
  for (const r of rows) {
    if (r.time < plan.fromMs || r.time >= plan.toMs) continue;
    const time = Math.floor(r.time / bucketMs) * bucketMs;
    const key = `${r.station}/${r.sensor}/${r.module}/${time}`;
    const seen = groups.get(key);
    groups.set(
      key,
      seen
        ? {
            ...seen,
            min: Math.min(seen.min, r.min),
            max: Math.max(seen.max, r.max),
            sum: seen.sum + r.sum,
            count: seen.count + r.count,
            ...(r.lastTime > seen.lastTime ? { last: r.last, lastTime: r.lastTime } : {}),
          }
        : {
            stationId: r.station,
            moduleId: r.module,
            sensorId: r.sensor,
            time,
            min: r.min,
            max: r.max,
            sum: r.sum,
            count: r.count,
            last: r.last,
            lastTime: r.lastTime,
          },
    );
  }
  return [...groups.values()].sort(
    (a, b) => a.stationId - b.stationId || a.sensorId - b.sensorId || a.moduleId - b.moduleId || a.time - b.time,
  );
};

describe('chart buckets read from a level (ClickHouse)', () => {
  let dataDir: string;
  let ch: ClickHouse;

  const insertLevel = (table: string, rows: readonly LevelRow[]) =>
    ch.client.insert({
      table,
      format: 'JSONEachRow',
      values: rows.map((r) => ({
        station_id: r.station,
        sensor_id: r.sensor,
        module_id: r.module,
        bucket: new Date(r.time).toISOString(),
        value_min: r.min,
        value_max: r.max,
        value_sum: r.sum,
        value_count: r.count,
        value_last: [new Date(r.lastTime).toISOString(), r.last],
      })),
    });

  beforeAll(async () => {
    dataDir = mkdtempSync(join(tmpdir(), 'gt-buckets-'));
    ch = await openClickHouse({ dataDir });
    await migrateClickHouse(ch);
  });
  afterAll(async () => {
    await ch?.close();
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('regroups a level’s rows into chart buckets: modules interleaved, one key in two parts, before and after 1970', async () => {
    // Hours -30 … 29 around the epoch, three modules of two sensors of two stations; the second
    // insert (its own part, not merged) repeats some keys with other values.
    const rows: LevelRow[] = [];
    for (const station of [3, 4])
      for (const sensor of [1, 2])
        for (const module of [1, 2, 3])
          for (let hour = -30; hour < 30; hour++) {
            const v = (station * 7 + sensor * 5 + module * 3 + hour) % 11;
            rows.push({
              station,
              sensor,
              module,
              time: hour * HOUR,
              min: v - 1,
              max: v + 1,
              sum: 3 * v,
              count: 3,
              last: v,
              lastTime: hour * HOUR + 59 * 60_000,
            });
          }
    const again = rows
      .filter((_, i) => i % 7 === 0)
      .map((r) => ({ ...r, min: r.min - 5, max: r.max + 5, sum: 1, count: 1, last: -r.last, lastTime: r.time + 30 * 60_000 }));
    await insertLevel('readings_1h', rows);
    await insertLevel('readings_1h', again);

    for (const bucketHours of [1, 2, 6]) {
      const plan = planOf(HOUR_LEVEL, -24 * HOUR, 24 * HOUR, bucketHours * HOUR);
      const answer = await readSensorBuckets(ch.client, plan, { stationIds: [3, 4], sensorIds: [1, 2] });
      expect(answer).toEqual(expected([...rows, ...again], plan));
      // Control: the comparison sees a level row left out (hour -20 of the first series).
      expect(answer).not.toEqual(expected([...rows.filter((_, i) => i !== 10), ...again], plan));
    }
    const one = planOf(HOUR_LEVEL, -24 * HOUR, 24 * HOUR, 6 * HOUR);
    expect(await readSensorBuckets(ch.client, one, { stationIds: [4], sensorIds: [2] }, 5)).toEqual(
      expected(
        [...rows, ...again].filter((r) => r.station === 4 && r.sensor === 2),
        one,
      ).slice(0, 5),
    );
    // With the data end read along (from the day level, empty here) as a trailing column.
    const { buckets } = await readChartBuckets(ch.client, one, { stationIds: [3], sensorIds: [] });
    expect(buckets).toEqual(
      expected(
        [...rows, ...again].filter((r) => r.station === 3),
        one,
      ),
    );
  });

  it('reads the same buckets whichever side regroups them', async () => {
    // A week of ten-minute buckets of one sensor in 30 modules: 30,240 level rows.
    const modules = 30;
    const buckets = 7 * 144;
    await ch.client.command({
      query: `INSERT INTO readings_10m (station_id, sensor_id, module_id, bucket, value_min, value_max, value_sum, value_count, value_last)
              SELECT 9, 1, 1 + number % ${modules}, fromUnixTimestamp64Milli(toInt64(intDiv(number, ${modules}) * ${TEN_MINUTES}), 'UTC'),
                     number % 13, number % 13 + 1, number % 13 + 0.5, 1 + number % 3,
                     (fromUnixTimestamp64Milli(toInt64(intDiv(number, ${modules}) * ${TEN_MINUTES} + 1000 * (number % 17)), 'UTC'), toFloat64(number % 5))
                FROM numbers(${modules * buckets})`,
    });
    const rows: LevelRow[] = [];
    for (let n = 0; n < modules * buckets; n++) {
      const time = Math.floor(n / modules) * TEN_MINUTES;
      rows.push({
        station: 9,
        sensor: 1,
        module: 1 + (n % modules),
        time,
        min: n % 13,
        max: (n % 13) + 1,
        sum: (n % 13) + 0.5,
        count: 1 + (n % 3),
        last: n % 5,
        lastTime: time + 1000 * (n % 17),
      });
    }
    const one = { stationIds: [9], sensorIds: [1] };
    const cases: [string, ChartPlan, typeof one, 'here' | 'engine, past LEVEL_ROWS_READ' | 'engine'][] = [
      ['a day in hours', planOf(TEN_MINUTE_LEVEL, 0, 24 * HOUR, HOUR), one, 'here'],
      ['the week in hours', planOf(TEN_MINUTE_LEVEL, 0, buckets * TEN_MINUTES, HOUR), one, 'engine, past LEVEL_ROWS_READ'],
      [
        'the week in ten minutes, every sensor',
        planOf(TEN_MINUTE_LEVEL, 0, buckets * TEN_MINUTES, TEN_MINUTES),
        { stationIds: [9], sensorIds: [] },
        'engine',
      ],
    ];
    for (const [, plan, selection, side] of cases) {
      const held = rows.filter((r) => r.time >= plan.fromMs && r.time < plan.toMs).length;
      // Which side regroups, by the rules of planBuckets.
      expect(
        expectedLevelRows(plan, selection) > REGROUP_HERE_ROWS
          ? 'engine'
          : held > LEVEL_ROWS_READ
            ? 'engine, past LEVEL_ROWS_READ'
            : 'here',
      ).toBe(side);
      const all = expected(rows, plan);
      expect(await readSensorBuckets(ch.client, plan, selection)).toEqual(all);
      expect(await readSensorBuckets(ch.client, plan, selection, 100)).toEqual(all.slice(0, 100));
    }
  }, 60_000);
});
