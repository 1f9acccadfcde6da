import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import fc from 'fast-check';
import { aggregationOf, type Actor } from '@groundtruth/domain';
import { toColumns, type SensorData, type SensorDataQuery } from '@groundtruth/contracts';
import {
  migrateClickHouse,
  openClickHouse,
  rebuildStoredAggregates,
  type AppConfig,
  type ClickHouse,
} from '@groundtruth/platform';
import type { StationAccessQueries } from '../../access/station-access.js';
import type { ReadingsVersions } from '@groundtruth/platform';
import type { ReadModels } from '../../read-models/read-models.js';
import { SensorDataQueries } from './sensor-data.queries.js';

/**
 * Issue 32 item 1: a chart answer's buckets hold the readings of [start, end) and no others, at
 * every resolution, whatever the window's edges (not on any level's grid, a millisecond off it);
 * a one-bucket answer (the map chart's `resolution=1`) shows the window's own mean, or maximum for
 * a depth sensor. Against real chDB, readings at irregular times over four days, each answer
 * checked against a direct computation over the readings inserted.
 */
const STATION = 7;
const MODULE = 5;
/** A mean sensor and flood depth (its buckets' value is their maximum). */
const SENSORS = [1, 70] as const;
const T0 = Date.parse('2026-11-14T03:17:23.456Z');
const DAYS = 4;
const DAY = 86_400_000;
const reader: Actor = { kind: 'user', userId: 1, admin: false, moderator: false };
const everyoneMayRead = { authorizeReadAll: async () => undefined } as unknown as StationAccessQueries;
/** No readings summary in Postgres: data ends come from ClickHouse. */
const noSummary = { rows: async () => [] } as unknown as ReadModels;
/** The readings never change in this suite: one version throughout, so the cache of answers is exercised too. */
const oneVersion = { of: () => 'v1' } as unknown as ReadingsVersions;

type Reading = { sensor: number; time: number; value: number };

/** Readings 5 s to 3 min apart (a seeded generator: the same every run), values with fractions. */
const makeReadings = (): Reading[] => {
  let seed = 0x2f6e2b1;
  const next = () => {
    seed = (Math.imul(seed, 1_103_515_245) + 12_345) >>> 0;
    return seed / 2 ** 32;
  };
  const out: Reading[] = [];
  for (const sensor of SENSORS) {
    for (let time = T0 + Math.floor(next() * 60_000); time < T0 + DAYS * DAY; time += 5_000 + Math.floor(next() * 175_000)) {
      out.push({ sensor, time, value: Math.round((next() * 40 - 5) * 1000) / 1000 });
    }
  }
  return out;
};

const readings = makeReadings();

/** What the window's readings of a sensor add up to, computed directly. */
const direct = (sensor: number, start: number, end: number) => {
  const values = readings.filter((r) => r.sensor === sensor && r.time >= start && r.time < end).map((r) => r.value);
  return {
    count: values.length,
    mean: values.reduce((s, v) => s + v, 0) / values.length,
    min: Math.min(...values),
    max: Math.max(...values),
  };
};

let dataDir: string;
let ch: ClickHouse;
let queries: SensorDataQueries;

beforeAll(async () => {
  dataDir = mkdtempSync(join(tmpdir(), 'gt-chart-window-'));
  ch = await openClickHouse({ dataDir });
  await migrateClickHouse(ch);
  await ch.client.insert({
    table: 'readings',
    format: 'JSONEachRow',
    values: readings.map((r) => ({
      station_id: STATION,
      module_id: MODULE,
      sensor_id: r.sensor,
      time: new Date(r.time).toISOString(),
      value: r.value,
      ingestion_id: 1,
      version: 1,
    })),
  });
  await rebuildStoredAggregates(ch, [STATION]);
  queries = new SensorDataQueries(ch, { chartCacheRows: 100_000 } as AppConfig, everyoneMayRead, oneVersion, noSummary);
}, 120_000);

afterAll(async () => {
  await ch?.close();
  rmSync(dataDir, { recursive: true, force: true });
});

/**
 * Stations without readings asked beside ours: the chart query expects so many level rows that the
 * engine groups them (`REGROUP_HERE_ROWS`) rather than this process, so both paths are checked.
 */
const EMPTY_STATIONS = Array.from({ length: 40 }, (_, i) => 100 + i);

const ask = (start: number, end: number, resolution: number, complete = false, others = false): Promise<SensorData> =>
  queries.data(
    {
      stations: [STATION, ...(others ? EMPTY_STATIONS : [])],
      sensors: [...SENSORS],
      start,
      end,
      resolution,
      complete,
    } as SensorDataQuery,
    reader,
  );

const close = (actual: number | null, expected: number) =>
  actual !== null && Math.abs(actual - expected) <= 1e-9 * Math.max(1, Math.abs(expected));

/** Every check of one answer against the readings; a message naming the first failure, or null. */
const failures = (answer: SensorData, start: number, end: number, resolution: number): string | null => {
  const columns = toColumns(answer);
  for (const sensor of SENSORS) {
    const want = direct(sensor, start, end);
    const rows = answer.data.filter((r) => r.stationId === STATION && r.sensorId === sensor && r.samples > 0);
    const total = rows.reduce((s, r) => s + r.samples, 0);
    if (total !== want.count) return `sensor ${sensor}: ${total} samples in the buckets, ${want.count} readings in the window`;
    const series = columns.series.find((s) => s.stationId === STATION && s.sensorId === sensor);
    const columnTotal = series?.samples.reduce((s, n) => s + n, 0) ?? 0;
    if (columnTotal !== want.count) return `sensor ${sensor}: ${columnTotal} samples in the columns, ${want.count} readings`;
    if (rows.length > resolution) return `sensor ${sensor}: ${rows.length} buckets at resolution ${resolution}`;
    if (rows.length === 1) {
      const [only] = rows as [(typeof rows)[number]];
      const value = aggregationOf(sensor) === 'max' ? want.max : want.mean;
      if (!close(only.value, value) || !close(only.avg, want.mean) || only.min !== want.min || only.max !== want.max) {
        return `sensor ${sensor}: one bucket ${JSON.stringify(only)}, the window's readings mean ${want.mean} min ${want.min} max ${want.max}`;
      }
    }
  }
  return null;
};

describe('chart buckets hold exactly the window (chDB)', () => {
  const instant = fc.integer({ min: T0 - 6 * 3_600_000, max: T0 + DAYS * DAY + 6 * 3_600_000 });
  const resolution = fc.oneof(
    fc.constant(1),
    fc.constant(2),
    fc.integer({ min: 1, max: 40 }),
    fc.integer({ min: 1, max: 10_000 }),
  );

  it('sums to the count of readings in [start, end) at every resolution, and a one-bucket answer is the window’s own', async () => {
    await fc.assert(
      fc.asyncProperty(instant, instant, resolution, fc.boolean(), fc.boolean(), async (a, b, res, complete, others) => {
        fc.pre(a !== b);
        const [start, end] = a < b ? [a, b] : [b, a];
        const answer = await ask(start, end, res, complete, others);
        const failure = failures(answer, start, end, res);
        if (failure) throw new Error(`[${new Date(start).toISOString()}, ${new Date(end).toISOString()}) at ${res}: ${failure}`);
      }),
      { numRuns: 120, seed: 32 },
    );
  }, 240_000);

  it('gives the same total at resolutions 1, 2 and 10,000, and one bucket at 1 (the map chart)', async () => {
    const start = T0 + 11 * 3_600_000 + 1_234;
    const end = start + 3 * DAY;
    for (const res of [1, 2, 10_000]) {
      const answer = await ask(start, end, res);
      expect(failures(answer, start, end, res)).toBeNull();
    }
    const one = await ask(start, end, 1);
    expect(one.data.filter((r) => r.sensorId === SENSORS[0])).toHaveLength(1);
  });

  it('does not answer a window from the kept answer of another window inside the same buckets', async () => {
    const start = T0 + DAY + 7 * 60_000 + 321;
    const end = start + 2 * DAY;
    // Buckets of 30 minutes from the ten-minute level; the window starts at 03:24:23.777.
    const first = await ask(start, end, 100);
    expect(first.bucketSize).toBe(1_800);
    expect(failures(first, start, end, 100)).toBeNull();
    // Five minutes later on both ends: inside the same buckets of the grid, other readings at the ends.
    const later = await ask(start + 300_000, end + 300_000, 100);
    expect(failures(later, start + 300_000, end + 300_000, 100)).toBeNull();
    expect(await ask(start, end, 100)).toBe(first);
  });
});
