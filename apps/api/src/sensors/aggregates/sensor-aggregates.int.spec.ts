import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import fc from 'fast-check';
import { AGGREGATE_LEVELS, aggregateDayOf, bucketStartOf, planChartQuery, type ChartPlan } from '@groundtruth/domain';
import { migrateClickHouse, openClickHouse, type ClickHouse, SensorAggregates } from '@groundtruth/platform';
import { readDataEnd, readSensorBuckets, type SensorBucket } from '../queries/sensor-buckets.js';

type Reading = {
  station_id: number;
  module_id: number;
  sensor_id: number;
  /** ms */
  time: number;
  value: number;
  ingestion_id: number;
  version: number;
};

const T0 = Date.parse('2025-03-01T00:00:00Z');
const DAY = 86_400_000;

/** What `readings FINAL` holds: per key, the highest version (the last written among equals). */
const finalRows = (rows: readonly Reading[]): Reading[] => {
  const byKey = new Map<string, Reading>();
  for (const row of rows) {
    const key = `${row.station_id}/${row.sensor_id}/${row.time}/${row.module_id}`;
    const seen = byKey.get(key);
    if (seen === undefined || row.version >= seen.version) byKey.set(key, row);
  }
  return [...byKey.values()];
};

/** The buckets computed straight from the rows, as the chart query must answer them. */
const expectedBuckets = (rows: readonly Reading[], plan: ChartPlan, stations: number[], sensors: number[]): SensorBucket[] => {
  const groups = new Map<string, Reading[]>();
  for (const row of finalRows(rows)) {
    if (!stations.includes(row.station_id) || (sensors.length > 0 && !sensors.includes(row.sensor_id))) continue;
    if (row.time < plan.fromMs || row.time >= plan.toMs) continue;
    const key = [row.station_id, row.sensor_id, row.module_id, bucketStartOf(row.time, plan.bucketSeconds)].join('/');
    groups.set(key, [...(groups.get(key) ?? []), row]);
  }
  return [...groups.entries()]
    .map(([key, members]) => {
      const [stationId, sensorId, moduleId, time] = key.split('/').map(Number) as [number, number, number, number];
      const latest = members.reduce((a, b) => (b.time > a.time ? b : a));
      return {
        stationId,
        moduleId,
        sensorId,
        time,
        min: Math.min(...members.map((m) => m.value)),
        max: Math.max(...members.map((m) => m.value)),
        sum: members.reduce((s, m) => s + m.value, 0),
        count: members.length,
        last: latest.value,
        lastTime: latest.time,
      };
    })
    .sort((a, b) => a.stationId - b.stationId || a.sensorId - b.sensorId || a.moduleId - b.moduleId || a.time - b.time);
};

describe('sensor aggregates (ClickHouse)', () => {
  let dataDir: string;
  let ch: ClickHouse;
  let aggregates: SensorAggregates;

  /** Readings put in as a write does: into `readings`, then their stations' days built at every level. */
  const insert = async (rows: readonly Reading[], options: { fresh?: boolean } = {}) => {
    await ch.client.insert({
      table: 'readings',
      format: 'JSONEachRow',
      values: rows.map((r) => ({ ...r, time: new Date(r.time).toISOString() })),
    });
    for (const stationId of new Set(rows.map((r) => r.station_id))) {
      const days = [...new Set(rows.filter((r) => r.station_id === stationId).map((r) => aggregateDayOf(r.time)))];
      const fresh = options.fresh ?? !(await aggregates.holds(stationId, days));
      await aggregates.build(stationId, days, fresh ? 'fresh' : 'replace');
    }
  };
  const truncate = async () => {
    for (const table of ['readings', ...AGGREGATE_LEVELS.map((l) => `readings_${l.name}`)]) {
      await ch.client.command({ query: `TRUNCATE TABLE ${table}` });
    }
  };

  beforeAll(async () => {
    dataDir = mkdtempSync(join(tmpdir(), 'gt-aggregates-'));
    ch = await openClickHouse({ dataDir });
    await migrateClickHouse(ch);
    aggregates = new SensorAggregates(ch);
  });

  afterAll(async () => {
    await ch?.close();
    rmSync(dataDir, { recursive: true, force: true });
  });

  beforeEach(truncate);

  it('fills every level from the readings a build covers', async () => {
    const rows: Reading[] = [0, 30, 59, 61, 3_599].map((s, i) => ({
      station_id: 7,
      module_id: 1,
      sensor_id: 70,
      time: T0 + s * 1000,
      value: i + 1,
      ingestion_id: 1,
      version: 1,
    }));
    await insert(rows);

    const hour = await readSensorBuckets(
      ch.client,
      { ...planChartQuery(T0, T0 + 3_600_000, 1), level: AGGREGATE_LEVELS[2] },
      {
        stationIds: [7],
        sensorIds: [70],
      },
    );
    expect(hour).toEqual([
      { stationId: 7, moduleId: 1, sensorId: 70, time: T0, min: 1, max: 5, sum: 15, count: 5, last: 5, lastTime: T0 + 3_599_000 },
    ]);
    const minutes = await readSensorBuckets(ch.client, planChartQuery(T0, T0 + 3_600_000, 60), {
      stationIds: [7],
      sensorIds: [],
    });
    expect(minutes.map((b) => [b.time - T0, b.count, b.last])).toEqual([
      [0, 3, 3],
      [60_000, 1, 4],
      [3_540_000, 1, 5],
    ]);
    expect(await readDataEnd(ch.client, { stationIds: [7], sensorIds: [70] })).toBe(T0 + 3_599_000);
    expect(await readDataEnd(ch.client, { stationIds: [8], sensorIds: [] })).toBeNull();
  });

  const firstIngestion = (): Reading[] =>
    Array.from({ length: 120 }, (_, i) => ({
      station_id: 7,
      module_id: 1,
      sensor_id: 1,
      time: T0 + i * 60_000,
      value: i,
      ingestion_id: 1,
      version: 1,
    }));

  it('stays exact when an ingestion is reprocessed: the build replaces the days it covers', async () => {
    const first = firstIngestion();
    const other: Reading = { ...first[0]!, station_id: 8, time: T0 + 2 * DAY, ingestion_id: 2 };
    await insert([...first, other]);
    const plan = planChartQuery(T0, T0 + DAY, 1);
    expect((await readSensorBuckets(ch.client, plan, { stationIds: [7], sensorIds: [1] }))[0]).toMatchObject({ count: 120 });

    // Reprocessing writes the same readings again, with a higher version and (here) new values.
    const again = first.map((r) => ({ ...r, value: r.value * 10, version: 2 }));
    await insert(again);

    for (const level of AGGREGATE_LEVELS) {
      const exact = { ...planChartQuery(T0, T0 + DAY, 1), level, bucketSeconds: 86_400 };
      expect(await readSensorBuckets(ch.client, exact, { stationIds: [7, 8], sensorIds: [1] })).toEqual(
        expectedBuckets([...first, other, ...again], exact, [7, 8], [1]),
      );
    }
    const sum = (await readSensorBuckets(ch.client, plan, { stationIds: [7], sensorIds: [1] }))[0];
    expect(sum).toMatchObject({ count: 120, sum: 10 * ((119 * 120) / 2), max: 1190, last: 1190 });
    // Reprocessing again changes nothing more.
    await insert(again.map((r) => ({ ...r, version: 3 })));
    expect((await readSensorBuckets(ch.client, plan, { stationIds: [7], sensorIds: [1] }))[0]).toEqual(sum);
  });

  it('control: a build told the days hold nothing, over days that do, counts their readings twice', async () => {
    const first = firstIngestion();
    await insert(first);
    await insert(
      first.map((r) => ({ ...r, version: 2 })),
      { fresh: true },
    );
    // Twice at ten minutes; more at each coarser level, built from the doubled one beside its old rows.
    const tenMinutes = { ...planChartQuery(T0, T0 + DAY, 1), level: AGGREGATE_LEVELS[0], bucketSeconds: 86_400 };
    expect((await readSensorBuckets(ch.client, tenMinutes, { stationIds: [7], sensorIds: [1] }))[0]).toMatchObject({
      count: 240,
    });
    const plan = planChartQuery(T0, T0 + DAY, 1);
    expect((await readSensorBuckets(ch.client, plan, { stationIds: [7], sensorIds: [1] }))[0]!.count).toBeGreaterThan(240);
  });

  it('a replace rebuilds every day of its span, also days between those the write touched', async () => {
    // Readings on three days; then the first and the third reprocessed: the build's span runs over
    // the second too, whose rows its deletes remove, so its finest slices must build it again.
    const rows: Reading[] = [0, 1, 2].map((d) => ({
      station_id: 5,
      module_id: 1,
      sensor_id: 1,
      time: T0 + d * DAY + 3_600_000,
      value: d + 1,
      ingestion_id: 1,
      version: 1,
    }));
    aggregates.finestSliceDays = 1;
    try {
      await insert(rows);
      const again = [rows[0]!, rows[2]!].map((r) => ({ ...r, value: r.value * 10, version: 2 }));
      await insert(again);
      const all = [rows[1]!, ...again];
      for (const level of AGGREGATE_LEVELS) {
        const plan = { level, bucketSeconds: level.seconds, fromMs: T0, toMs: T0 + 3 * DAY, buckets: 0 };
        expect(await readSensorBuckets(ch.client, plan, { stationIds: [5], sensorIds: [] })).toEqual(
          expectedBuckets(all, plan, [5], []),
        );
      }
    } finally {
      aggregates.finestSliceDays = undefined;
    }
  });

  it('builds whole days, before 1970 too, in slices of days and shorter slices at the finest level', async () => {
    const old = Date.parse('1969-12-30T23:55:00Z');
    const rows: Reading[] = Array.from({ length: 4 * 24 }, (_, i) => ({
      station_id: 9,
      module_id: 1,
      sensor_id: 1,
      time: old + i * 3_600_000,
      value: i,
      ingestion_id: 1,
      version: 1,
    }));
    aggregates.sliceDays = 3;
    aggregates.finestSliceDays = 1;
    try {
      await insert(rows);
    } finally {
      aggregates.sliceDays = undefined;
      aggregates.finestSliceDays = undefined;
    }
    for (const level of AGGREGATE_LEVELS) {
      const plan = { level, bucketSeconds: level.seconds, fromMs: old - DAY, toMs: old + 5 * DAY, buckets: 0 };
      expect(await readSensorBuckets(ch.client, plan, { stationIds: [9], sensorIds: [] })).toEqual(
        expectedBuckets(rows, plan, [9], []),
      );
    }
  });

  it('answers, for random readings, reprocessing and windows, what a direct computation over the raw rows gives', async () => {
    const reading = fc.record({
      station_id: fc.constantFrom(1, 2),
      module_id: fc.constantFrom(1, 2),
      sensor_id: fc.constantFrom(1, 70),
      // Whole or ms-precise times over 12 days, so buckets of every level get several readings.
      time: fc.oneof(
        fc.integer({ min: 0, max: 12 * 24 * 60 }).map((m) => T0 + m * 60_000),
        fc.integer({ min: 0, max: 12 * DAY }).map((ms) => T0 + ms),
      ),
      // Quarters: sums stay exact in any order.
      value: fc.integer({ min: -4000, max: 4000 }).map((v) => v / 4),
    });
    const window = fc
      .record({
        start: fc.integer({ min: -DAY, max: 12 * DAY }),
        span: fc.integer({ min: 1_000, max: 14 * DAY }),
        resolution: fc.integer({ min: 1, max: 2000 }),
      })
      .map(({ start, span, resolution }) => ({ start: T0 + start, end: T0 + start + span, resolution }));
    const scenario = fc.record({
      batches: fc.array(fc.array(reading, { minLength: 1, maxLength: 60 }), { minLength: 1, maxLength: 4 }),
      // Indices of readings written again by a later "reprocessing", with new values.
      reprocessed: fc.array(fc.tuple(fc.nat(), fc.integer({ min: -400, max: 400 })), { maxLength: 30 }),
      windows: fc.array(window, { minLength: 1, maxLength: 6 }),
      stations: fc.subarray([1, 2], { minLength: 1 }),
      sensors: fc.subarray([1, 70]),
    });

    await fc.assert(
      fc.asyncProperty(scenario, async ({ batches, reprocessed, windows, stations, sensors }) => {
        await truncate();
        const written: Reading[] = [];
        for (const [i, batch] of batches.entries()) {
          const rows = batch.map((r) => ({ ...r, ingestion_id: i + 1, version: 1 }));
          await insert(rows);
          written.push(...rows);
        }
        const replays = reprocessed.map(([index, value]) => ({ ...written[index % written.length]!, value, version: 2 }));
        if (replays.length > 0) await insert(replays);
        const all = [...written, ...replays];

        for (const { start, end, resolution } of windows) {
          const plan = planChartQuery(start, end, resolution);
          const actual = await readSensorBuckets(ch.client, plan, { stationIds: stations, sensorIds: sensors });
          expect(actual).toEqual(expectedBuckets(all, plan, stations, sensors));
        }
        // Every level on its own, over the whole range, in one bucket per level bucket.
        for (const level of AGGREGATE_LEVELS) {
          const plan = { level, bucketSeconds: level.seconds, fromMs: T0 - DAY, toMs: T0 + 13 * DAY, buckets: 0 };
          expect(await readSensorBuckets(ch.client, plan, { stationIds: [1, 2], sensorIds: [] })).toEqual(
            expectedBuckets(all, plan, [1, 2], []),
          );
        }
      }),
      { numRuns: 20 },
    );
    // Twenty scenarios of a dozen ClickHouse queries each: minutes on a loaded two-core machine.
  }, 300_000);
});
