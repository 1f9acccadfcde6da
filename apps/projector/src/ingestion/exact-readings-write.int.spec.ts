import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import fc from 'fast-check';
import { AGGREGATE_LEVELS, aggregateDayOf } from '@groundtruth/domain';
import {
  buildAggregates,
  migrateClickHouse,
  openClickHouse,
  ReadingBatch,
  SensorAggregates,
  type BatchReading,
  type ClickHouse,
} from '@groundtruth/platform';
import { batchAggregates } from './readings/batch-aggregates.js';
import { EMBEDDED_WRITE_SLICE_ROWS, ReadingsWriter } from './readings/readings-writer.js';
import { directBuckets, type Bucket, type ReadingRow } from '../../../../test/support/direct-buckets.js';
import { ExactReadingsWrite } from './exact-readings-write.js';

/**
 * Whatever path readings take into ClickHouse through ingestion (a first upload carrying repeated
 * readings, uploads overlapping each other, reprocessing with new values), every aggregate level
 * must equal a direct computation over the deduplicated readings (`readings FINAL`).
 */

const T0 = Date.parse('2025-03-01T00:00:00Z');

type Row = ReadingRow;

describe('writing an ingestion keeps every aggregate level equal to the readings (ClickHouse)', () => {
  let dataDir: string;
  let ch: ClickHouse;
  let writer: ReadingsWriter;
  let exact: ExactReadingsWrite;
  let aggregates: SensorAggregates;

  beforeAll(async () => {
    dataDir = mkdtempSync(join(tmpdir(), 'gt-exact-write-'));
    ch = await openClickHouse({ dataDir });
    await migrateClickHouse(ch);
    writer = new ReadingsWriter(ch, { dataDir });
    aggregates = new SensorAggregates(ch);
    exact = new ExactReadingsWrite(ch.client, writer, aggregates);
  });

  afterAll(async () => {
    await ch?.close();
    rmSync(dataDir, { recursive: true, force: true });
  });

  const truncate = async () => {
    for (const table of ['readings', ...AGGREGATE_LEVELS.map((l) => `readings_${l.name}`)]) {
      await ch.client.command({ query: `TRUNCATE TABLE ${table}` });
    }
  };
  beforeEach(truncate);

  const finalRows = async (): Promise<Row[]> => {
    const result = await ch.client.query({
      query: `SELECT station_id AS station, module_id AS module, sensor_id AS sensor,
                     toUnixTimestamp64Milli(time) AS time, value FROM readings FINAL`,
      format: 'JSONEachRow',
    });
    return (await result.json<Record<keyof Row, string | number>>()).map((r) => ({
      station: Number(r.station),
      module: Number(r.module),
      sensor: Number(r.sensor),
      time: Number(r.time),
      value: Number(r.value),
    }));
  };

  /** Each level's buckets as stored, merged by key (as every reader groups them). */
  const levelBuckets = async (level: (typeof AGGREGATE_LEVELS)[number]): Promise<Bucket[]> => {
    const result = await ch.client.query({
      query: `SELECT concat(toString(station_id), '/', toString(sensor_id), '/', toString(module_id), '/',
                            toString(toUnixTimestamp64Milli(bucket))) AS key,
                     min(value_min) AS min, max(value_max) AS max, sum(value_sum) AS sum, sum(value_count) AS count,
                     toUnixTimestamp64Milli(max(value_last).1) AS lastTime, max(value_last).2 AS last
                FROM readings_${level.name} GROUP BY station_id, sensor_id, module_id, bucket ORDER BY key`,
      format: 'JSONEachRow',
    });
    return (await result.json<Record<keyof Bucket, string | number>>()).map((b) => ({
      key: String(b.key),
      min: Number(b.min),
      max: Number(b.max),
      sum: Number(b.sum),
      count: Number(b.count),
      lastTime: Number(b.lastTime),
      last: Number(b.last),
    }));
  };

  /** Levels whose buckets differ from a direct computation over `readings FINAL` (empty: exact). */
  const differences = async (): Promise<string[]> => {
    const rows = await finalRows();
    const differing: string[] = [];
    for (const level of AGGREGATE_LEVELS) {
      if (!sameBuckets(await levelBuckets(level), directBuckets(rows, level.seconds))) differing.push(level.name);
    }
    return differing;
  };
  const sameBuckets = (a: Bucket[], b: Bucket[]) => JSON.stringify(a) === JSON.stringify(b);

  const batchOf = (readings: readonly BatchReading[]) => ReadingBatch.of(readings);
  const readingAt = (minute: number, value: number, sensorId = 1, moduleId = 1): BatchReading => ({
    moduleId,
    sensorId,
    timeMs: T0 + minute * 60_000,
    value,
  });

  it('a day of 1,440 records each sent twice is 1,440 readings at every level', async () => {
    const day = Array.from({ length: 1440 }, (_, m) => readingAt(m, m / 4));
    const written = await exact.write({ stationId: 1, ingestionId: 1, version: 1 }, batchOf([...day, ...day]));

    expect(written.length).toBe(1440);
    expect((await finalRows()).length).toBe(1440);
    for (const level of AGGREGATE_LEVELS) {
      expect((await levelBuckets(level)).reduce((n, b) => n + b.count, 0)).toBe(1440);
    }
    expect(await differences()).toEqual([]);
  });

  it('aggregates imported readings from 1900 on, before 1970 too, in buckets aligned like the later ones', async () => {
    const at = (iso: string, value: number): BatchReading => ({ moduleId: 1, sensorId: 1, timeMs: Date.parse(iso), value });
    const old = [
      at('1900-01-01T00:00:00Z', 1),
      at('1905-03-01T00:07:31.500Z', 2),
      at('1905-03-01T00:09:59.999Z', 3),
      at('1969-12-31T23:59:59.999Z', 4),
      at('1970-01-01T00:00:00Z', 5),
      at('2010-06-01T12:00:00Z', 6),
    ];
    await exact.write({ stationId: 3, ingestionId: 1, version: 1 }, batchOf(old));
    expect((await finalRows()).map((r) => r.time)).toEqual(expect.arrayContaining(old.map((r) => r.timeMs)));
    expect(await differences()).toEqual([]);
    const tenMinutes = (await levelBuckets(AGGREGATE_LEVELS[0])).map((b) => [
      new Date(Number(b.key.split('/')[3])).toISOString(),
      b.count,
    ]);
    expect(tenMinutes).toEqual(
      expect.arrayContaining([
        ['1905-03-01T00:00:00.000Z', 2],
        ['1969-12-31T23:50:00.000Z', 1],
        ['1970-01-01T00:00:00.000Z', 1],
      ]),
    );
    // Written again (an overlapping import): reconciled days before 1970 stay exact.
    await exact.write({ stationId: 3, ingestionId: 2, version: 1 }, batchOf(old.map((r) => ({ ...r, value: r.value * 2 }))));
    expect(await differences()).toEqual([]);
    expect((await finalRows()).length).toBe(old.length);
  });

  const day = () => Array.from({ length: 1440 }, (_, m) => readingAt(m, m / 4));
  const dropLevels = async (names: readonly string[]) => {
    for (const name of names) {
      await ch.client.command({
        query: `DELETE FROM readings_${name} WHERE station_id = 1`,
        clickhouse_settings: { lightweight_deletes_sync: '2' },
      });
    }
  };
  /**
   * What a kill part way through a build (buildAggregates) can leave: the readings in, and the
   * finest level built but not the coarser ones (killed between the inserts); or the coarser
   * levels' rows deleted but not the finest's (killed between the deletes of a rebuild).
   */
  const interrupted = {
    'between the inserts': () => dropLevels(AGGREGATE_LEVELS.slice(1).map((l) => l.name)),
    'between the deletes': () =>
      dropLevels(
        AGGREGATE_LEVELS.slice(1)
          .map((l) => l.name)
          .reverse()
          .slice(0, 2),
      ),
  };

  for (const [moment, leave] of Object.entries(interrupted)) {
    it(`a write tried again after a build stopped ${moment} leaves every level exact`, async () => {
      await exact.write({ stationId: 1, ingestionId: 1, version: 1 }, batchOf(day()));
      await leave();
      expect(await differences()).not.toEqual([]);
      await exact.write({ stationId: 1, ingestionId: 1, version: 1 }, batchOf(day()), { afterInterruption: true });
      expect(await differences()).toEqual([]);
    });

    it(`a first upload overlapping what a build stopped ${moment} left finds it and leaves every level exact`, async () => {
      await exact.write({ stationId: 1, ingestionId: 1, version: 1 }, batchOf(day()));
      await leave();
      await exact.write({ stationId: 1, ingestionId: 2, version: 1 }, batchOf([readingAt(30, 100), readingAt(2000, 7)]));
      expect(await differences()).toEqual([]);
    });
  }

  it('a first upload on days holding readings but no aggregates (a write stopped before its build) builds them from the readings', async () => {
    // Another upload's readings, stored without their aggregates; the next upload does not overlap them in time.
    await writer.write({ stationId: 1, ingestionId: 1, version: 1 }, batchOf(day().slice(0, 600)));
    await exact.write({ stationId: 1, ingestionId: 2, version: 1 }, batchOf(day().slice(700)));
    expect(await differences()).toEqual([]);
  });

  it("control: the batch's own aggregates over days holding other readings miss them", async () => {
    await writer.write({ stationId: 1, ingestionId: 1, version: 1 }, batchOf(day().slice(0, 600)));
    const batch = batchOf(day().slice(700));
    await writer.write({ stationId: 1, ingestionId: 2, version: 1 }, batch);
    await writer.writeLevels(1, batchAggregates(batch)!);
    expect(await differences()).toEqual(AGGREGATE_LEVELS.map((l) => l.name));
  });

  it('control: a build that skips the deletes over days holding aggregates counts their readings twice', async () => {
    await exact.write({ stationId: 1, ingestionId: 1, version: 1 }, batchOf(day()));
    await interrupted['between the inserts']();
    await buildAggregates(ch, 1, [aggregateDayOf(T0)], { mode: 'fresh' });
    expect(await differences()).toEqual(AGGREGATE_LEVELS.map((l) => l.name));
  });

  it('deletes only when a write may store a reading again: new days are built, new readings on built days added', async () => {
    const builds: string[] = [];
    // Aggregates made outside the engine (batchAggregates) count as `own`: new days, and deltas.
    const levelsCounted: Pick<ReadingsWriter, 'write' | 'writeLevels'> = {
      write: (target, batch) => writer.write(target, batch),
      writeLevels: (stationId, levels) => {
        builds.push('own');
        return writer.writeLevels(stationId, levels);
      },
    };
    const counting = new ExactReadingsWrite(ch.client, levelsCounted, {
      holds: (...args) => new SensorAggregates(ch).holds(...args),
      build: (stationId, days, mode) => {
        builds.push(typeof mode === 'object' ? 'delta' : mode);
        return new SensorAggregates(ch).build(stationId, days, mode);
      },
    });
    // Day 1, minutes 0 to 1,199 (of 1,440).
    await counting.write({ stationId: 1, ingestionId: 1, version: 1 }, batchOf(day().slice(0, 1200)));
    await counting.write({ stationId: 1, ingestionId: 2, version: 1 }, batchOf([readingAt(1600, 1)]));
    // The rest of day 1 and into day 2, with buckets shared with the first upload's last readings.
    await counting.write(
      { stationId: 1, ingestionId: 3, version: 1 },
      batchOf([readingAt(1199.5, 3), readingAt(1300, 2), readingAt(1501, 5)]),
    );
    expect(await differences()).toEqual([]);
    await counting.write({ stationId: 1, ingestionId: 4, version: 1 }, batchOf([readingAt(10, 1)]));
    await counting.write({ stationId: 1, ingestionId: 4, version: 2 }, batchOf([readingAt(10, 2)]));
    await counting.write({ stationId: 1, ingestionId: 5, version: 1 }, batchOf([readingAt(1502, 1)]), {
      afterInterruption: true,
    });
    expect(builds).toEqual(['own', 'own', 'own', 'replace', 'replace', 'replace']);
    expect(await differences()).toEqual([]);
  });

  it('leaves a large batch given without its aggregates (an import) to the engine: the event loop is not held', async () => {
    const modes: string[] = [];
    const counting = new ExactReadingsWrite(
      ch.client,
      {
        write: (target, batch) => writer.write(target, batch),
        writeLevels: (stationId, levels) => {
          modes.push('own');
          return writer.writeLevels(stationId, levels);
        },
      },
      {
        holds: (...args) => new SensorAggregates(ch).holds(...args),
        build: (stationId, days, mode) => {
          modes.push(typeof mode === 'object' ? 'delta' : mode);
          return new SensorAggregates(ch).build(stationId, days, mode);
        },
      },
    );
    const small = Array.from({ length: 100_000 }, (_, m) => readingAt(m, (m % 400) / 4));
    await counting.write({ stationId: 1, ingestionId: 1, version: 1 }, batchOf(small));
    const large = Array.from({ length: 100_001 }, (_, m) => readingAt(m, (m % 400) / 4, 1, 1));
    await counting.write({ stationId: 2, ingestionId: 2, version: 1 }, batchOf(large));
    expect(modes).toEqual(['own', 'fresh']);
    expect(await differences()).toEqual([]);
  }, 60_000);

  it('control: a delta over a range holding readings counts them twice', async () => {
    await exact.write({ stationId: 1, ingestionId: 1, version: 1 }, batchOf(day()));
    await writer.write({ stationId: 1, ingestionId: 2, version: 1 }, batchOf([readingAt(10, 1)]));
    await buildAggregates(ch, 1, [aggregateDayOf(T0)], { mode: { delta: { ingestionId: 2, version: 1 } } });
    expect(await differences()).toEqual(AGGREGATE_LEVELS.map((l) => l.name));
  });

  it('control: readings written without building their aggregates fail the comparison', async () => {
    await writer.write({ stationId: 1, ingestionId: 1, version: 1 }, batchOf([...day(), ...day()]));

    expect((await finalRows()).length).toBe(1440);
    expect(await differences()).toEqual(AGGREGATE_LEVELS.map((l) => l.name));
  });

  it('answers, for random uploads with repeats, overlaps and reprocessing, what the deduplicated readings give', async () => {
    const reading = fc.record({
      // Minutes over 4 days, often the same ones, so uploads repeat and overlap readings.
      // Also around 1970 (imports accept readings from 1900): buckets before the epoch must align too.
      minute: fc.oneof(
        fc.integer({ min: 0, max: 40 }),
        fc.integer({ min: 0, max: 4 * 24 * 60 }),
        fc.integer({ min: -2 * 24 * 60, max: 2 * 24 * 60 }).map((m) => m - T0 / 60_000),
      ),
      sensorId: fc.constantFrom(1, 2),
      moduleId: fc.constantFrom(1, 2),
      // Quarters: sums stay exact in any order.
      value: fc.integer({ min: -400, max: 400 }).map((v) => v / 4),
    });
    const upload = fc.record({
      station: fc.constantFrom(1, 2),
      readings: fc.array(reading, { minLength: 1, maxLength: 40 }),
      // Some uploads carry each of their readings twice (a station re-sending records).
      repeated: fc.boolean(),
    });
    const step = fc.oneof(
      { arbitrary: upload.map((u) => ({ kind: 'upload' as const, ...u })), weight: 3 },
      // Reprocessing an earlier upload: its readings again at the next version, some with new values.
      {
        arbitrary: fc.record({
          kind: fc.constant('reprocess' as const),
          which: fc.nat(),
          shift: fc.integer({ min: -8, max: 8 }),
        }),
        weight: 1,
      },
    );

    await fc.assert(
      // Embedded writes go in slices (ReadingsWriter.sliceRows): a few rows each, so a bucket's
      // readings are often split across inserts; and the aggregates are built in slices of days.
      fc.asyncProperty(
        fc.array(step, { minLength: 1, maxLength: 6 }),
        fc.integer({ min: 8, max: 40 }),
        fc.integer({ min: 1, max: 3 }),
        fc.integer({ min: 1, max: 3 }),
        async (steps, slice, sliceDays, finestSliceDays) => {
          await truncate();
          writer.sliceRows = slice;
          aggregates.sliceDays = sliceDays;
          aggregates.finestSliceDays = finestSliceDays;
          const uploads: { station: number; readings: BatchReading[]; version: number }[] = [];
          /** Per station, the keys that must be stored. */
          const keys = new Set<string>();
          for (const s of steps) {
            if (s.kind === 'upload') {
              const readings = s.readings.map((r) => readingAt(r.minute, r.value, r.sensorId, r.moduleId));
              uploads.push({ station: s.station, readings, version: 1 });
              const id = uploads.length;
              await exact.write(
                { stationId: s.station, ingestionId: id, version: 1 },
                batchOf(s.repeated ? [...readings, ...readings] : readings),
              );
            } else if (uploads.length > 0) {
              const id = (s.which % uploads.length) + 1;
              const u = uploads[id - 1]!;
              u.version += 1;
              u.readings = u.readings.map((r, i) => (i % 2 === 0 ? { ...r, value: r.value + s.shift } : r));
              await exact.write({ stationId: u.station, ingestionId: id, version: u.version }, batchOf(u.readings));
            }
          }
          for (const u of uploads) for (const r of u.readings) keys.add(`${u.station}/${r.moduleId}/${r.sensorId}/${r.timeMs}`);

          const stored = await finalRows();
          expect(stored.map((r) => `${r.station}/${r.module}/${r.sensor}/${r.time}`).sort()).toEqual([...keys].sort());
          expect(await differences()).toEqual([]);
        },
      ),
      { numRuns: 15 },
    );
    writer.sliceRows = EMBEDDED_WRITE_SLICE_ROWS;
    aggregates.sliceDays = undefined;
    aggregates.finestSliceDays = undefined;
  }, 240_000);
});
