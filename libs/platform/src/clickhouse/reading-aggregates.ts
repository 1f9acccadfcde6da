import {
  AGGREGATE_LEVELS,
  aggregateBuildSpans,
  FINEST_BUILD_SLICE_DAYS,
  type AggregateLevel,
  type AggregateSpan,
} from '@groundtruth/domain';
import type { ClickHouse } from './clickhouse.client.js';

/**
 * Building the aggregate levels of `readings` (`readings_10m` … `readings_1d`, tables of
 * 004_aggregates_from_1900.sql) from `readings FINAL`, by the writers of readings, once per write
 * (005_aggregates_built_per_write.sql dropped the materialized views that added every inserted
 * block). One function for every writer: ingestion, and the tests and benches that put readings
 * straight into `readings`.
 */

/** What building needs of ClickHouse: statements, and letting others' queries go between them. */
export type AggregatesEngine = Pick<ClickHouse, 'client' | 'othersFirst'>;

/** The start of the bucket of a DateTime64 expression, in ms, floored (before 1970 too), as a DateTime64. */
const bucketSql = (expression: string, level: AggregateLevel): string =>
  `fromUnixTimestamp64Milli(toUnixTimestamp64Milli(${expression}) - positiveModulo(toUnixTimestamp64Milli(${expression}), ${level.seconds * 1000}), 'UTC')`;

const COLUMNS = 'station_id, sensor_id, module_id, bucket, value_min, value_max, value_sum, value_count, value_last';
/** The station's rows whose `column` lies in the span (parameters station, from and to). */
const inSpan = (column: string) =>
  `station_id = {station:UInt32} AND ${column} >= fromUnixTimestamp64Milli({from:Int64}, 'UTC') AND ${column} < fromUnixTimestamp64Milli({to:Int64}, 'UTC')`;

/** A level's aggregates of the station's readings in the span, from `source` (with `also`, more of its WHERE). */
const fromReadingsSql = (level: AggregateLevel, source: string, also: string): string =>
  `INSERT INTO readings_${level.name} (${COLUMNS})
    SELECT station_id, sensor_id, module_id, ${bucketSql('time', level)} AS level_bucket,
           min(value), max(value), sum(value), count(), max((time, value))
      FROM ${source}
     WHERE ${inSpan('time')} ${also}
     GROUP BY station_id, sensor_id, module_id, level_bucket`;

/**
 * The statement building one level of a station's span: the finest from `readings FINAL` (one row
 * per reading, whatever was inserted twice), each coarser one from the level below, just built over
 * the same whole days. The bucket's alias is not `bucket`: in ClickHouse an alias is seen by WHERE,
 * which must filter on the stored column (its primary key).
 */
export const levelBuildSql = (index: number): string => {
  const level = AGGREGATE_LEVELS[index]!;
  if (index === 0) return fromReadingsSql(level, 'readings FINAL', '');
  const below = AGGREGATE_LEVELS[index - 1]!;
  return `INSERT INTO readings_${level.name} (${COLUMNS})
    SELECT station_id, sensor_id, module_id, ${bucketSql('bucket', level)} AS level_bucket,
           min(value_min), max(value_max), sum(value_sum), sum(value_count), max(value_last)
      FROM readings_${below.name}
     WHERE ${inSpan('bucket')}
     GROUP BY station_id, sensor_id, module_id, level_bucket`;
};

/** The rows of one write (one ingestion at one version) in `readings`, whose aggregates a delta adds. */
export type WrittenRows = { readonly ingestionId: number; readonly version: number };

/**
 * The statement adding one level's aggregates of one write's readings in a span to what the level
 * holds (a delta): straight from those readings at every level, since the level below holds other
 * writes' readings of the same days too. Exact only when none of those readings was stored before
 * (the caller checks): the levels add, they cannot replace.
 */
export const levelDeltaSql = (index: number): string =>
  fromReadingsSql(AGGREGATE_LEVELS[index]!, 'readings', 'AND ingestion_id = {ingestion:UInt64} AND version = {version:UInt64}');

const COARSEST = AGGREGATE_LEVELS[AGGREGATE_LEVELS.length - 1]!;
const DAY_MS = COARSEST.seconds * 1000;

/** The day (aggregateDayOf) of a reading's `time`, in SQL: floored, before 1970 too. */
const readingDaySql = `intDiv(toUnixTimestamp64Milli(time) - positiveModulo(toUnixTimestamp64Milli(time), ${DAY_MS}), ${DAY_MS})`;

/** The days (aggregateDayOf) holding the station's readings that match `where` (SQL over `readings`, with its parameters). */
export async function readingDays(
  ch: AggregatesEngine,
  stationId: number,
  where = '1',
  params: Record<string, number> = {},
): Promise<number[]> {
  const result = await ch.client.query({
    query: `SELECT DISTINCT ${readingDaySql} AS day FROM readings WHERE station_id = {station:UInt32} AND (${where})`,
    query_params: { ...params, station: stationId },
    format: 'JSONCompactEachRow',
  });
  return (await result.json<[number | string]>()).map(([day]) => Number(day));
}

/**
 * Aggregate rows whose bucket lies in one of the spans, in SQL. The bounds are whole numbers of ms
 * made by aggregateBuildSpans, not input: written into the SQL as they are.
 */
const withinSpans = (spans: readonly AggregateSpan[]): string =>
  spans
    .map(
      (s) => `(bucket >= fromUnixTimestamp64Milli(${s.fromMs}, 'UTC') AND bucket < fromUnixTimestamp64Milli(${s.toMs}, 'UTC'))`,
    )
    .join(' OR ');

/** Whether any level holds aggregates of the station within the spans. */
export async function holdsAggregates(
  ch: AggregatesEngine,
  stationId: number,
  spans: readonly AggregateSpan[],
): Promise<boolean> {
  if (spans.length === 0) return false;
  const within = withinSpans(spans);
  const result = await ch.client.query({
    query: `${AGGREGATE_LEVELS.map((l) => `SELECT 1 FROM readings_${l.name} WHERE station_id = {station:UInt32} AND (${within})`).join(' UNION ALL ')} LIMIT 1`,
    query_params: { station: stationId },
    format: 'JSONCompactEachRow',
  });
  return (await result.json()).length > 0;
}

export type BuildAggregatesOptions = {
  /**
   * How the days' aggregates are made (the caller checked which holds, under the station's write lock):
   * - `fresh`: the days hold no aggregates of the station: built from `readings FINAL`, the finest
   *   level from the readings and each coarser one from the level below, with no deletes;
   * - `{ delta }`: the days may hold aggregates, but none of the write's readings was stored before
   *   it (its time range held no reading of the station): the write's readings are added at every
   *   level, with no deletes (a station uploading again on the day of its last upload; an uplink);
   * - `replace`: each span's rows are deleted at every level first, then built as `fresh`.
   */
  readonly mode: 'fresh' | 'replace' | { readonly delta: WrittenRows };
  /** Days per slice of the finest level (FINEST_BUILD_SLICE_DAYS unless a test or a bench asks otherwise). */
  readonly finestSliceDays?: number;
  /** Days per slice (AGGREGATE_BUILD_SLICE_DAYS unless a test or a bench asks otherwise). */
  readonly sliceDays?: number;
};

/**
 * Makes every aggregate level of a station's readings on the given days (aggregateDayOf) equal to
 * `readings FINAL`. A delta adds the write's readings at every level, span by span. Otherwise: when
 * replacing, the days' rows deleted first, one level at a time from the coarsest down; then slice by
 * slice of whole days (aggregateBuildSpans), one insert per level from the finest up (the finest,
 * read from the readings, in shorter slices of the same days: FINEST_BUILD_SLICE_DAYS). In that
 * order a build stopped anywhere leaves rows at the finest level of a day whenever any level holds
 * some, and `holdsAggregates` checks every level anyway. Between statements the queries sent meanwhile go first (chDB runs one statement at a time), so a chart waits for one statement.
 * Answers the number of statements run.
 */
export async function buildAggregates(
  ch: AggregatesEngine,
  stationId: number,
  days: Iterable<number>,
  options: BuildAggregatesOptions,
): Promise<number> {
  if (!Number.isSafeInteger(stationId) || stationId < 0) throw new Error(`Not a station id: ${stationId}`);
  let statements = 0;
  const run = async (query: string, params: Record<string, number>, settings?: Record<string, string>) => {
    if (statements++ > 0) await ch.othersFirst();
    await ch.client.command({ query, query_params: params, ...(settings ? { clickhouse_settings: settings } : {}) });
  };
  const spans = aggregateBuildSpans(days, options.sliceDays);
  const { mode } = options;
  if (typeof mode === 'object') {
    for (const span of spans) {
      const params = {
        station: stationId,
        from: span.fromMs,
        to: span.toMs,
        ingestion: mode.delta.ingestionId,
        version: mode.delta.version,
      };
      for (let index = 0; index < AGGREGATE_LEVELS.length; index++) await run(levelDeltaSql(index), params);
    }
    return statements;
  }
  if (mode === 'replace' && spans.length > 0) {
    // One delete per level for every span: each waits for its mutation (lightweight_deletes_sync),
    // seconds in chDB however few rows it removes, so per slice they cost a reprocessed station-year
    // over a minute (measured: 96 statements, 73 s, against 0.8 s for the fresh build).
    for (const level of [...AGGREGATE_LEVELS].reverse()) {
      await run(
        `DELETE FROM readings_${level.name} WHERE station_id = {station:UInt32} AND (${withinSpans(spans)})`,
        { station: stationId },
        { lightweight_deletes_sync: '2' },
      );
    }
  }
  const finestMs = Math.max(1, Math.floor(options.finestSliceDays ?? FINEST_BUILD_SLICE_DAYS)) * DAY_MS;
  for (const span of spans) {
    // The finest level, read from the readings, in shorter slices covering the whole span: every day
    // of it, not only those holding the write's readings, since a replace deleted the whole span.
    for (let from = span.fromMs; from < span.toMs; from += finestMs) {
      await run(levelBuildSql(0), { station: stationId, from, to: Math.min(from + finestMs, span.toMs) });
    }
    const params = { station: stationId, from: span.fromMs, to: span.toMs };
    for (let index = 1; index < AGGREGATE_LEVELS.length; index++) await run(levelBuildSql(index), params);
  }
  return statements;
}

/**
 * Rebuilds every aggregate of the stations' stored readings (all stations without `stationIds`),
 * over the days holding them, as a write does. For readings put straight into `readings` (tests,
 * benches, a repair by hand), which no writer aggregated.
 */
export async function rebuildStoredAggregates(
  ch: AggregatesEngine,
  stationIds: readonly number[] | null = null,
  options: { sliceDays?: number } = {},
): Promise<void> {
  const result = await ch.client.query({
    query: `SELECT DISTINCT station_id FROM readings ${stationIds === null ? '' : 'WHERE station_id IN {stations:Array(UInt32)}'} ORDER BY station_id`,
    query_params: { stations: stationIds ?? [] },
    format: 'JSONCompactEachRow',
  });
  for (const [station] of await result.json<[number | string]>()) {
    const stationId = Number(station);
    const days = await readingDays(ch, stationId);
    const held = await holdsAggregates(ch, stationId, aggregateBuildSpans(days, options.sliceDays));
    await buildAggregates(ch, stationId, days, { mode: held ? 'replace' : 'fresh', ...options });
  }
}
