import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { planChartQuery, type Actor } from '@groundtruth/domain';
import type { SensorDataQuery } from '@groundtruth/contracts';
import {
  createLogger,
  migrateClickHouse,
  openClickHouse,
  rebuildStoredAggregates,
  type AppConfig,
  type ClickHouse,
  ReadingsVersions,
} from '@groundtruth/platform';
import { createTestDatabase, type TestDatabase } from '../../../../../test/support/test-database.js';
import type { StationAccessQueries } from '../../access/station-access.js';
import type { ReadModels } from '../../read-models/read-models.js';
import { SensorDataQueries } from './sensor-data.queries.js';

/**
 * The cache of chart answers, over real chDB and Postgres (readings versions): which calls reach the
 * engine. Who may read a station is StationAccessQueries' concern (its own tests); here everyone may.
 */
const STATION = 7;
const DAY = 86_400_000;
const END = Date.parse('2026-03-10T00:00:00Z');
const reader: Actor = { kind: 'user', userId: 1, admin: false, moderator: false };
const everyoneMayRead = { authorizeReadAll: async () => undefined } as unknown as StationAccessQueries;
/** No readings summary in Postgres: data ends come from ClickHouse. */
const noSummary = { rows: async () => [] } as unknown as ReadModels;

let dataDir: string;
let ch: ClickHouse;
let db: TestDatabase;
let versions: ReadingsVersions;
let engineCalls = 0;
let queries: SensorDataQueries;

beforeAll(async () => {
  dataDir = mkdtempSync(join(tmpdir(), 'gt-chart-cache-'));
  ch = await openClickHouse({ dataDir });
  await migrateClickHouse(ch);
  await ch.client.command({
    query: `INSERT INTO readings SELECT ${STATION}, 5, 1 + number % 2, fromUnixTimestamp64Milli(${END - 3 * DAY} + intDiv(number, 2) * 60000, 'UTC'),
                   number / 4, 1, 1 FROM numbers(${3 * 1440 * 2})`,
  });
  await rebuildStoredAggregates(ch);
  db = await createTestDatabase();
  versions = new ReadingsVersions(db.pool, db.url, createLogger('silent'));
  await versions.onModuleInit();
  const counted = new Proxy(ch.client, {
    get(target, key, receiver) {
      const member = Reflect.get(target, key, receiver) as unknown;
      if ((key === 'exec' || key === 'query') && typeof member === 'function') {
        return (...args: unknown[]) => {
          engineCalls++;
          return (member as (...a: unknown[]) => unknown).apply(target, args);
        };
      }
      return member;
    },
  });
  queries = new SensorDataQueries(
    // Chart reads go through `charts`: the counted client there too.
    { ...ch, client: counted, charts: (work) => ch.charts(() => work(counted)) } as ClickHouse,
    { chartCacheRows: 100_000 } as AppConfig,
    everyoneMayRead,
    versions,
    noSummary,
  );
}, 60_000);

afterAll(async () => {
  await versions?.onApplicationShutdown();
  await db?.drop();
  await ch?.close();
  rmSync(dataDir, { recursive: true, force: true });
});

const chart = async (start: number, end: number, complete = false) => {
  const before = engineCalls;
  const answer = await queries.data(
    { stations: [STATION], sensors: [1, 2], start, end, resolution: 1000, complete } as SensorDataQuery,
    reader,
  );
  return { answer, engine: engineCalls - before };
};

describe('chart answers kept by their plan', () => {
  const start = END - 2 * DAY;
  const bucketMs = planChartQuery(start, END, 1000).bucketSeconds * 1000;

  it('answers the same window from the cache; one a minute or a bucket later from the engine', async () => {
    const first = await chart(start, END);
    expect(first.engine).toBeGreaterThan(0);
    expect(first.answer.data.length).toBeGreaterThan(0);
    const again = await chart(start, END);
    expect(again.engine).toBe(0);
    expect(again.answer).toBe(first.answer);
    // A minute later on both ends (one reading a minute): its first and last buckets hold other
    // readings, so it is another answer, whatever buckets it shares.
    const inside = await chart(start + 60_000, END + 60_000);
    expect(inside.engine).toBeGreaterThan(0);
    expect(inside.answer.start).toBe(planChartQuery(start + 60_000, END + 60_000, 1000).fromMs);
    expect(inside.answer).not.toEqual(first.answer);
    // A bucket later is another plan and another answer.
    const later = await chart(start + bucketMs, END + bucketMs);
    expect(later.engine).toBeGreaterThan(0);
    expect(later.answer.start).toBe(first.answer.start + bucketMs);
  });

  it('keeps complete and sparse answers apart', async () => {
    const sparse = await chart(start, END);
    const complete = await chart(start, END, true);
    expect(complete.engine).toBeGreaterThan(0);
    expect(complete.answer).not.toBe(sparse.answer);
  });

  it("reads again once the station's readings moved", async () => {
    const before = await chart(start, END);
    await versions.changed([STATION]);
    const after = await chart(start, END);
    expect(after.engine).toBeGreaterThan(0);
    expect(after.answer).toEqual(before.answer);
    expect(after.answer).not.toBe(before.answer);
  });
});

describe('tiny-chart tails kept per station', () => {
  const EMPTY = 99;
  const tail = async (stations: number[]) => {
    const before = engineCalls;
    const answer = await queries.tail({ stations, sensors: [1, 2] } as Parameters<SensorDataQueries['tail']>[0], reader);
    return { answer, engine: engineCalls - before };
  };

  it('answers a station asked before without the engine, and reads only the stations not kept', async () => {
    const first = await tail([STATION]);
    expect(first.engine).toBeGreaterThan(0);
    expect(first.answer.data.length).toBeGreaterThan(0);
    expect(first.answer.stations[0]?.dataEnd).toBe(END - 60_000);
    const again = await tail([STATION]);
    expect(again.engine).toBe(0);
    expect(again.answer).toEqual(first.answer);
    // With a station not kept: the engine reads that one, and the answer holds both parts.
    const both = await tail([STATION, EMPTY]);
    expect(both.engine).toBeGreaterThan(0);
    expect(both.answer.data).toEqual(first.answer.data);
    expect(both.answer.stations.map((s) => [s.stationId, s.dataEnd])).toEqual([
      [STATION, END - 60_000],
      [EMPTY, null],
    ]);
    expect((await tail([EMPTY, STATION])).engine).toBe(0);
  });

  it("reads a station's tail again once its readings moved (the control: a kept tail would be stale)", async () => {
    const before = await tail([STATION]);
    await versions.changed([STATION]);
    const after = await tail([STATION]);
    expect(after.engine).toBeGreaterThan(0);
    expect(after.answer).toEqual(before.answer);
  });
});
