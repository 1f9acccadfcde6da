import { Inject, Injectable } from '@nestjs/common';
import { aggregationOf, bucketValue, DomainError, planChartQuery, type Actor, type ChartPlan } from '@groundtruth/domain';
import type {
  SensorData,
  SensorDataQuery,
  SensorDataRow,
  SensorRecently,
  SensorRecentlyQuery,
  SensorTail,
  SensorTailQuery,
} from '@groundtruth/contracts';
import { APP_CONFIG, CLICKHOUSE, type AppConfig, type ClickHouse, ReadingsVersions } from '@groundtruth/platform';
import { StationAccessQueries } from '../../access/index.js';
import { AnswerCache } from '../../common/cache/answer-cache.js';
import { idArray, ReadModels } from '../../read-models/read-models.js';
import { RECENT_BUCKET_MS, readLatestSummaries } from '../../read-models/readings-summary.js';
import { readChartBuckets, readDataEnds, readSensorBuckets, readWindowSummaries, type SensorBucket } from './sensor-buckets.js';

const toRow = (bucket: SensorBucket): SensorDataRow => ({
  time: bucket.time,
  stationId: bucket.stationId,
  moduleId: bucket.moduleId,
  sensorId: bucket.sensorId,
  value: bucketValue(bucket, aggregationOf(bucket.sensorId)),
  avg: bucket.sum / bucket.count,
  min: bucket.min,
  max: bucket.max,
  last: bucket.last,
  samples: bucket.count,
});

/** Every bucket of the window for each series that has data in it, empty ones as nulls. */
export const fillBuckets = (rows: readonly SensorDataRow[], fromMs: number, toMs: number, bucketMs: number): SensorDataRow[] => {
  const series = new Map<string, Map<number, SensorDataRow>>();
  for (const row of rows) {
    const key = `${row.stationId}/${row.moduleId}/${row.sensorId}`;
    const byTime = series.get(key) ?? new Map<number, SensorDataRow>();
    byTime.set(row.time, row);
    series.set(key, byTime);
  }
  const filled: SensorDataRow[] = [];
  for (const [key, byTime] of series) {
    const [stationId, moduleId, sensorId] = key.split('/').map(Number) as [number, number, number];
    for (let time = fromMs; time < toMs; time += bucketMs) {
      filled.push(
        byTime.get(time) ?? {
          time,
          stationId,
          moduleId,
          sensorId,
          value: null,
          avg: null,
          min: null,
          max: null,
          last: null,
          samples: 0,
        },
      );
    }
  }
  return filled;
};

/** Sparklines cover the 48 hours before a station's latest reading, in about 200 buckets. */
export const TAIL_HOURS = 48;
export const TAIL_RESOLUTION = 200;
const HOUR_MS = 3_600_000;
/**
 * Recent windows of up to this many hours are read from `gt_sensor_recent`, which keeps the buckets of
 * the 73 hours before each station's last processing (RECENT_KEPT_HOURS in the projector): a window of
 * 72 hours floored to ten minutes always lies inside it.
 */
const KEPT_WINDOW_HOURS = 72;

/** Selections whose data end is remembered (a few numbers each). */
const DATA_END_SELECTIONS = 10_000;

/** Rows one answer may hold: past it, the asker narrows stations, sensors, time or resolution. */
export const MAX_DATA_ROWS = 250_000;

const tooLarge = () =>
  DomainError.validation(
    'SENSOR_DATA.TOO_LARGE',
    { resolution: `Too many points (more than ${MAX_DATA_ROWS}): ask for fewer stations, sensors or a lower resolution.` },
    'Too many points.',
  );

/** One station's part of a tail answer. */
type StationTailPart = { readonly data: SensorDataRow[]; readonly station: SensorTail['stations'][number] };

/** Chart data (GET /sensors/data, /tail, /recently), after checking that the asker may read every station named. */
@Injectable()
export class SensorDataQueries {
  private readonly cache: AnswerCache<SensorData>;
  /** Each selection's data end, under the same readings versions: a new window of it needs no data-end subquery. */
  private readonly dataEnds = new AnswerCache<{ readonly end: number | null }>(DATA_END_SELECTIONS);
  /** Each station's tail (its part of a /tail answer), by station and sensors asked for. */
  private readonly tails: AnswerCache<StationTailPart>;

  constructor(
    @Inject(CLICKHOUSE) private readonly clickhouse: ClickHouse,
    @Inject(APP_CONFIG) config: AppConfig,
    private readonly access: StationAccessQueries,
    private readonly versions: ReadingsVersions,
    private readonly readModels: ReadModels,
  ) {
    this.cache = new AnswerCache(config.chartCacheRows);
    this.tails = new AnswerCache(config.chartCacheRows);
  }

  /**
   * Chart data. The permission check runs on every call; the answer itself may come from the
   * cache of answers, valid while the stations' readings version has not moved since it was read,
   * and a new window of a selection asked before reuses the selection's data end (about a third of
   * the engine's work for a chart call). Answers are kept by their plan: level, bucket grid and the
   * window itself, since the first and last buckets hold only the window's readings (a window a few
   * seconds later over the same buckets has other readings at its ends, so another answer).
   */
  async data(query: SensorDataQuery, actor: Actor): Promise<SensorData> {
    const selection = await this.readable(query, actor);
    const plan = planChartQuery(query.start, query.end, query.resolution);
    const version = this.cache.enabled ? this.versions.of(selection.stationIds) : null;
    if (version === null) return this.readData(plan, query.complete, selection, null);
    const selectionKey = `${selection.stationIds.join(',')}|${[...selection.sensorIds].sort((a, b) => a - b).join(',')}`;
    const key = [
      selectionKey,
      plan.level?.name ?? 'raw',
      plan.bucketSeconds,
      plan.fromMs,
      plan.toMs,
      plan.startMs,
      plan.endMs,
      query.complete,
    ].join('|');
    const cached = this.cache.get(key, version);
    if (cached) return cached;
    const answer = await this.readData(plan, query.complete, selection, this.dataEnds.get(selectionKey, version) ?? null);
    this.cache.set(key, version, answer, answer.data.length);
    this.dataEnds.set(selectionKey, version, { end: answer.dataEnd }, 0);
    return answer;
  }

  private async readData(
    plan: ChartPlan,
    complete: boolean | undefined,
    selection: { stationIds: number[]; sensorIds: number[] },
    known: { readonly end: number | null } | null,
  ): Promise<SensorData> {
    // On the chart lane (ClickHouse.charts): beside other charts, writes and heavy work.
    const { buckets, dataEnd } = await this.clickhouse.charts(async (client) =>
      known
        ? { buckets: await readSensorBuckets(client, plan, selection, MAX_DATA_ROWS + 1), dataEnd: known.end }
        : await readChartBuckets(client, plan, selection, MAX_DATA_ROWS + 1),
    );
    if (buckets.length > MAX_DATA_ROWS) throw tooLarge();
    const rows = buckets.map(toRow);
    const series = new Set(rows.map((r) => `${r.stationId}/${r.moduleId}/${r.sensorId}`)).size;
    if (complete && series * plan.buckets > MAX_DATA_ROWS) throw tooLarge();
    return {
      data: complete ? fillBuckets(rows, plan.fromMs, plan.toMs, plan.bucketSeconds * 1000) : rows,
      bucketSize: plan.bucketSeconds,
      bucketSamples: plan.buckets,
      dataEnd,
      aggregate: plan.level?.name ?? 'raw',
      start: plan.fromMs,
      end: plan.toMs,
    };
  }

  /**
   * The tiny charts' tails, one station at a time. Each station's part is kept (the chart cache's rows)
   * while its readings version stands, so a station page opened again, or a map's hover cards, answer
   * without the engine: its end and buckets are read only for the stations not kept.
   */
  async tail(query: SensorTailQuery, actor: Actor): Promise<SensorTail> {
    const selection = await this.readable(query, actor);
    const sensorsKey = [...selection.sensorIds].sort((a, b) => a - b).join(',');
    const keyOf = (stationId: number) => `tail|${stationId}|${sensorsKey}`;
    const versions = new Map<number, string>();
    if (this.tails.enabled)
      for (const id of selection.stationIds) {
        const version = this.versions.of([id]);
        if (version !== null) versions.set(id, version);
      }
    const parts = new Map<number, StationTailPart>();
    for (const stationId of selection.stationIds) {
      const version = versions.get(stationId);
      const kept = version === undefined ? undefined : this.tails.get(keyOf(stationId), version);
      if (kept) parts.set(stationId, kept);
    }
    const missing = selection.stationIds.filter((id) => !parts.has(id));
    if (missing.length > 0) {
      const ends = await this.latestTimes({ stationIds: missing, sensorIds: selection.sensorIds });
      // Each station's window in a turn of its own, so that the chart sessions share them.
      const read = await Promise.all(
        missing.map(async (stationId) => ({
          stationId,
          part: await this.readTail(stationId, ends.get(stationId), selection.sensorIds),
        })),
      );
      for (const { stationId, part } of read) {
        parts.set(stationId, part);
        const version = versions.get(stationId);
        if (version !== undefined) this.tails.set(keyOf(stationId), version, part, part.data.length);
      }
    }
    const data: SensorDataRow[] = [];
    const stations: SensorTail['stations'] = [];
    for (const stationId of selection.stationIds) {
      const part = parts.get(stationId)!;
      data.push(...part.data);
      if (data.length > MAX_DATA_ROWS) throw tooLarge();
      stations.push(part.station);
    }
    return { data, stations };
  }

  private async readTail(stationId: number, end: number | undefined, sensorIds: number[]): Promise<StationTailPart> {
    if (end === undefined)
      return { data: [], station: { stationId, dataEnd: null, bucketSize: null, aggregate: null, start: null, end: null } };
    // The latest reading included: the window ends just after it.
    const plan = planChartQuery(end + 1 - TAIL_HOURS * HOUR_MS, end + 1, TAIL_RESOLUTION);
    const buckets = await this.clickhouse.charts((client) =>
      readSensorBuckets(client, plan, { stationIds: [stationId], sensorIds }),
    );
    return {
      data: buckets.map(toRow),
      station: {
        stationId,
        dataEnd: end,
        bucketSize: plan.bucketSeconds,
        aggregate: plan.level?.name ?? 'raw',
        start: plan.fromMs,
        end: plan.toMs,
      },
    };
  }

  /**
   * Each window of hours back from now, and each sensor's latest reading. Windows of up to
   * KEPT_WINDOW_HOURS and the latest readings come from the readings summary the ingestion processing
   * keeps in Postgres (`gt_sensor_recent`, `gt_sensor_latest`, migrations 028 and 023), so the map and
   * station pages that ask for them never wait for the engine; a longer window is read from ClickHouse
   * on the chart lane. A window starts on the ten-minute grid the summary keeps (its start floored
   * to it), whichever source answers it.
   */
  async recently(query: SensorRecentlyQuery, actor: Actor, now: number = Date.now()): Promise<SensorRecently> {
    const selection = await this.readable(query, actor);
    const hours = [...new Set(query.windows)].sort((a, b) => a - b);
    const [windows, last] = await Promise.all([
      Promise.all(
        hours.map(async (h) => {
          const start = Math.floor((now - h * HOUR_MS) / RECENT_BUCKET_MS) * RECENT_BUCKET_MS;
          const rows =
            h <= KEPT_WINDOW_HOURS
              ? await this.keptWindow(selection, start, now)
              : (await this.clickhouse.charts((client) => readWindowSummaries(client, start, now, selection))).map(toRow);
          return { hours: h, start, end: now, data: rows };
        }),
      ),
      this.keptLatest(selection),
    ]);
    return { windows, last };
  }

  /** One recent window's summary per station module sensor, from the kept ten-minute buckets. */
  private async keptWindow(
    selection: { stationIds: number[]; sensorIds: number[] },
    start: number,
    end: number,
  ): Promise<SensorDataRow[]> {
    if (selection.stationIds.length === 0 || end <= start) return [];
    const bySensor = selection.sensorIds.length > 0;
    const rows = await this.readModels.rows<{
      station_id: string;
      module_id: string;
      sensor_id: number;
      lo: number;
      hi: number;
      s: number;
      n: string;
      lv: number;
    }>(
      `SELECT station_id, module_id, sensor_id, min(value_min) AS lo, max(value_max) AS hi, sum(value_sum) AS s,
              sum(value_count) AS n, (array_agg(last_value ORDER BY last_time DESC))[1] AS lv
         FROM gt_sensor_recent
        WHERE station_id = ANY($1::bigint[]) AND bucket >= $2 AND bucket < $3 ${bySensor ? 'AND sensor_id = ANY($4::int[])' : ''}
        GROUP BY station_id, module_id, sensor_id HAVING sum(value_count) > 0
        ORDER BY station_id, module_id, sensor_id`,
      [idArray(selection.stationIds), new Date(start), new Date(end), ...(bySensor ? [selection.sensorIds] : [])],
    );
    return rows.map((r) =>
      toRow({
        stationId: Number(r.station_id),
        moduleId: Number(r.module_id),
        sensorId: r.sensor_id,
        time: start,
        min: r.lo,
        max: r.hi,
        sum: r.s,
        count: Number(r.n),
        last: r.lv,
        lastTime: 0,
      }),
    );
  }

  /** The latest reading of each station module sensor asked for, from `gt_sensor_latest`. */
  private async keptLatest(selection: { stationIds: number[]; sensorIds: number[] }): Promise<SensorRecently['last']> {
    const rows = await readLatestSummaries(this.readModels, selection.stationIds, selection.sensorIds);
    return rows.map(({ stationId, moduleId, sensorId, value, timeMs }) => ({
      stationId,
      moduleId,
      sensorId,
      value,
      time: timeMs,
    }));
  }

  /**
   * Per station, the time (ms) of its latest reading of the sensors: from the readings summary the
   * ingestion processing keeps in Postgres (`gt_sensor_latest`), ClickHouse asked only for stations
   * it does not hold (readings written some other way), so a tiny chart costs the engine one query.
   */
  private async latestTimes(selection: { stationIds: number[]; sensorIds: number[] }): Promise<Map<number, number>> {
    const bySensor = selection.sensorIds.length > 0;
    const rows = await this.readModels.rows<{ station_id: string; t: string }>(
      `SELECT station_id, (extract(epoch FROM max(last_time)) * 1000)::bigint AS t FROM gt_sensor_latest
        WHERE station_id = ANY($1::bigint[]) ${bySensor ? 'AND sensor_id = ANY($2::int[])' : ''} GROUP BY station_id`,
      bySensor ? [idArray(selection.stationIds), selection.sensorIds] : [idArray(selection.stationIds)],
    );
    const ends = new Map(rows.map((r) => [Number(r.station_id), Number(r.t)]));
    const unknown = selection.stationIds.filter((id) => !ends.has(id));
    if (unknown.length === 0) return ends;
    const asked = await this.clickhouse.charts((client) => readDataEnds(client, { ...selection, stationIds: unknown }));
    for (const [id, end] of asked) ends.set(id, end);
    return ends;
  }

  /** The stations (each readable by the asker, else 403 STATION.PRIVATE / 404) and sensors asked for. */
  private async readable(query: { stations: number[]; sensors?: number[] | undefined }, actor: Actor) {
    const stationIds = [...new Set(query.stations)].sort((a, b) => a - b);
    await this.access.authorizeReadAll(stationIds, actor);
    return { stationIds, sensorIds: [...new Set(query.sensors ?? [])] };
  }
}
