// npm run bench:data: the sensor-data path measured in one run, on a fresh embedded product (chDB
// and Postgres in this process, the API on a loopback port). A benchmark: it prints figures and
// checks nothing. Environment: BENCH_READINGS (default 100,000,000), BENCH_STATION_DAYS (365),
// BENCH_QUERY_RUNS (40), BENCH_DATA_DIR (a fresh temporary folder, removed afterwards), BENCH_CPU_PROFILE
// (a file: the server process's CPU profile of the query phase, for Chrome DevTools' Performance panel).
//
// 1. ClickHouse's own rate for the same work: INSERT … SELECT from numbers() into `readings` (one
//    statement), PLUS the aggregate levels of those rows built as our writes build them (per
//    station over its days, `rebuildStoredAggregates`, the function tests and benches share):
//    the yardstick stores what the pipeline stores, minus the upload and decoding. Printed beside
//    it, the INSERT alone: the pipeline makes a first upload's levels in its decoding worker, so its
//    engine work is nearer that.
// 2. The old design's rate: batches of 1,000 Postgres upserts into a readings table.
// 3. Ingest: stations with two sensors each upload a data file per station (protobuf, one record a
//    minute) through POST /api/ingestion, two at a time; each counts once its upload is processed
//    (GET /api/data/ingestions/{id}), its readings written and queryable. Readings per second over the whole load.
// 4. Chart queries over HTTP (token and permission check included) for the first station: the
//    quick ranges back from its latest reading, p50 and p95; beside them, the old way on the same
//    readings: Postgres aggregate tables at 1 min, 10 min, 1 h, 6 h and 24 h, the finest giving
//    under 2,000 rows (filled by a refresh, timed too).
// 5. Compare: 10 stations × 2 sensors over all time. 6. Bulk: monthly mean per station and sensor
//    for every station, from the daily aggregates, beside a scan of the raw readings.
import { promises as fs } from 'node:fs';
import { Buffer } from 'node:buffer';
import os from 'node:os';
import path from 'node:path';
import { createApiApp } from '@groundtruth/api';
import { untilProcessedOverHttp } from '@groundtruth/contracts';
import { newestModuleDefinition, planChartQuery } from '@groundtruth/domain';
import {
  createLogger,
  DataFileWriter,
  encodeDataRecord,
  encodeMetaFile,
  loadConfig,
  openRuntime,
  rebuildStoredAggregates,
} from '@groundtruth/platform';
import { benchCaller, signUpFromOutbox } from './bench-accounts.mjs';
import { threadClient } from './bench-client.mjs';

const READINGS = Number(process.env.BENCH_READINGS ?? 100_000_000);
const DAYS = Number(process.env.BENCH_STATION_DAYS ?? 365);
const QUERY_RUNS = Number(process.env.BENCH_QUERY_RUNS ?? 40);
const SENSORS = 2;
const STEP_S = 60;
const RECORDS_PER_STATION = (DAYS * 86_400) / STEP_S;
const STATIONS = Math.max(10, Math.round(READINGS / (RECORDS_PER_STATION * SENSORS)));
const END_S = Math.floor(Date.UTC(2026, 9, 1) / 1000);
const START_S = END_S - DAYS * 86_400;
const CONCURRENT_UPLOADS = 2;

const fmt = (n, digits = 0) => n.toLocaleString('en-US', { maximumFractionDigits: digits, minimumFractionDigits: digits });
const percentile = (values, p) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))];
};
const log = (...parts) => console.log(...parts);

// ------------------------------------------------------------------ the product

const dataDir = process.env.BENCH_DATA_DIR ?? (await fs.mkdtemp(path.join(os.tmpdir(), 'gt-bench-data-')));
const config = loadConfig({
  ...process.env,
  DATA_DIR: dataDir,
  LOG_LEVEL: 'warn',
  SEED_DEMO_DATA: 'false',
  AUTH_RATE_LIMIT: '1000',
  PORT: '0',
});
const runtime = await openRuntime(config, createLogger(config.logLevel));
const app = await createApiApp(runtime, { projector: true, port: 0 });
// Encoding the files blocks this process for seconds; the client's idle keep-alive sockets must
// outlive that, or a reused one meets a closed connection (ECONNRESET).
app.getHttpServer().keepAliveTimeout = 120_000;
const base = `http://127.0.0.1:${app.getHttpServer().address().port}`;
const ch = runtime.clickhouse.client;

const api = benchCaller(base);

const signUp = () => signUpFromOutbox(api, dataDir, 200);

// ------------------------------------------------------------------ station files

const module = newestModuleDefinition('fk.water.ec');
const sensors = module.sensors.slice(0, SENSORS);
const deviceHex = (n) => (0xbe_0000_0000 + n).toString(16).padStart(16, '0');
const generation = '0123456789abcdef';

const metaFile = (n) =>
  encodeMetaFile([
    {
      record: 1,
      time: START_S,
      dataRecord: {
        modules: [
          {
            position: 0,
            address: 0,
            name: module.key,
            header: { manufacturer: module.manufacturer, kind: module.kinds.at(-1), version: module.version[0] ?? 1 },
            sensors: sensors.map((s, number) => ({ number, name: s.firmwareKey, unitOfMeasure: s.unitOfMeasure, flags: 0 })),
            id: Buffer.from(`${deviceHex(n)}01`, 'hex'),
            flags: 0,
          },
        ],
      },
    },
  ]);

/** A year (DAYS) of one-minute records: a daily cycle with a per-station phase and a little noise. */
const dataFile = (n) => {
  const writer = new DataFileWriter(RECORDS_PER_STATION * 40);
  const values = sensors.map(() => ({ sensor: 0, calibratedValue: 0 }));
  values.forEach((v, i) => (v.sensor = i));
  const group = { module: 0, time: 0, readings: values };
  const record = {
    modules: [],
    readings: { time: 0, reading: 0, flags: 0, location: undefined, sensorGroups: [group], meta: 1, uptime: 0 },
  };
  let seed = n * 7919 + 1;
  for (let i = 0; i < RECORDS_PER_STATION; i++) {
    const t = START_S + i * STEP_S;
    record.readings.time = t;
    record.readings.reading = i + 1;
    record.readings.location = i === 0 ? { fix: 1, time: t, longitude: -74 + n / 100, latitude: 40.6, altitude: 0 } : undefined;
    seed = (seed * 1103515245 + 12345) % 2147483648;
    const daily = Math.sin((2 * Math.PI * (t % 86_400)) / 86_400 + n);
    values[0].calibratedValue = 400 + 150 * daily + (seed % 100) / 10;
    values[1].calibratedValue = 200 + 75 * daily + (seed % 37) / 10;
    writer.record(record, encodeDataRecord);
  }
  return writer.finish();
};

/** An upload, done once processed (answered when stored; the process manager processes it from the log). */
const upload = async (token, n, type, body, blocks) => {
  const sent = await api('POST', '/api/ingestion', {
    token,
    body,
    headers: {
      'content-type': 'application/vnd.fk.data+binary',
      'fk-deviceid': deviceHex(n),
      'fk-generation': generation,
      'fk-type': type,
      'fk-blocks': blocks,
    },
  });
  const { done, states } = await untilProcessedOverHttp(base, token, [sent.body.id], { timeoutMs: 3_600_000, pollMs: 20 });
  if (!done) throw new Error(`upload ${sent.body.id} not processed: ${JSON.stringify(states)}`);
  return sent;
};

// ------------------------------------------------------------------ 1. ClickHouse's own insert rate

const BASELINE_ROWS = Math.min(READINGS, 10_000_000);
const truncateReadings = async () => {
  for (const table of ['readings', 'readings_10m', 'readings_1h', 'readings_6h', 'readings_1d']) {
    await ch.command({ query: `TRUNCATE TABLE ${table}` });
  }
};
let clickhouseRate;
/** The insert alone, without the aggregate build: what the engine does for the readings themselves. */
let insertOnlyRate;
{
  const t0 = performance.now();
  await ch.command({
    query: `INSERT INTO readings
            SELECT 1000000 + intDiv(number, ${RECORDS_PER_STATION * SENSORS}), 1, 1 + number % ${SENSORS},
                   fromUnixTimestamp64Milli((${START_S} + intDiv(number % ${RECORDS_PER_STATION * SENSORS}, ${SENSORS}) * ${STEP_S}) * 1000, 'UTC'),
                   number / 7, 1, 1
              FROM numbers(${BASELINE_ROWS})`,
  });
  insertOnlyRate = BASELINE_ROWS / ((performance.now() - t0) / 1000);
  // The same aggregate building as an upload's write, over the same rows.
  await rebuildStoredAggregates(runtime.clickhouse);
  clickhouseRate = BASELINE_ROWS / ((performance.now() - t0) / 1000);
  await truncateReadings();
}

// ------------------------------------------------------------------ 2. the old design: 1,000-row Postgres upserts

const OLD_ROWS = RECORDS_PER_STATION * SENSORS;
await runtime.pool.query(`
  DROP SCHEMA IF EXISTS bench_old CASCADE;
  CREATE SCHEMA bench_old;
  CREATE TABLE bench_old.sensor_data (
    time timestamptz NOT NULL, station_id int NOT NULL, module_id int NOT NULL, sensor_id int NOT NULL, value float8 NOT NULL,
    PRIMARY KEY (time, station_id, module_id, sensor_id));`);
let oldRate;
{
  const t0 = performance.now();
  const client = await runtime.pool.connect();
  try {
    // Each batch is one statement over five arrays (unnest): Postgres parses one plan, not 5,000
    // parameters; the fastest honest form of 1,000-row upserts, so the ratio below is not flattered.
    const cols = [[], [], [], [], []];
    let rows = 0;
    const flush = async () => {
      await client.query(
        `INSERT INTO bench_old.sensor_data (time, station_id, module_id, sensor_id, value)
         SELECT to_timestamp(t), s, m, n, v FROM unnest($1::float8[], $2::int[], $3::int[], $4::int[], $5::float8[]) AS u(t, s, m, n, v)
         ON CONFLICT (time, station_id, module_id, sensor_id) DO UPDATE SET value = EXCLUDED.value`,
        cols,
      );
      for (const c of cols) c.length = 0;
      rows = 0;
    };
    for (let i = 0; i < RECORDS_PER_STATION; i++) {
      const t = START_S + i * STEP_S;
      const daily = Math.sin((2 * Math.PI * (t % 86_400)) / 86_400 + 1);
      for (let s = 0; s < SENSORS; s++) {
        cols[0].push(t);
        cols[1].push(1);
        cols[2].push(1);
        cols[3].push(s + 1);
        cols[4].push((s === 0 ? 400 + 150 * daily : 200 + 75 * daily) + (i % 10) / 10);
        if (++rows === 1000) await flush();
      }
    }
    if (rows > 0) await flush();
  } finally {
    client.release();
  }
  oldRate = OLD_ROWS / ((performance.now() - t0) / 1000);
}
const OLD_LEVELS = [
  ['1m', 60],
  ['10m', 600],
  ['1h', 3600],
  ['6h', 21600],
  ['24h', 86400],
];
let oldRefreshMs;
{
  const t0 = performance.now();
  for (const [name, seconds] of OLD_LEVELS) {
    await runtime.pool.query(`
      CREATE TABLE bench_old.aggregated_${name} AS
      SELECT to_timestamp(floor(extract(epoch FROM time) / ${seconds}) * ${seconds}) AS time, station_id, module_id, sensor_id,
             avg(value) AS avg, min(value) AS min, max(value) AS max, (array_agg(value ORDER BY time DESC))[1] AS last, count(*) AS n
        FROM bench_old.sensor_data GROUP BY 1, 2, 3, 4;
      ALTER TABLE bench_old.aggregated_${name} ADD PRIMARY KEY (station_id, sensor_id, time, module_id);
      ANALYZE bench_old.aggregated_${name};`);
  }
  oldRefreshMs = performance.now() - t0;
}

// ------------------------------------------------------------------ 3. ingest through the API

const token = await signUp();
const stationIds = [];
for (let n = 0; n < STATIONS; n++) {
  const { body } = await api('POST', '/api/stations', { token, body: { deviceId: deviceHex(n), name: `Bench ${n}` } });
  stationIds.push(body.id);
  await upload(token, n, 'meta', metaFile(n), '1,1');
}
let uploadedReadings = 0;
let ingestSeconds = 0;
let ingestCpuSeconds = 0;
{
  // The files are made first: encoding is the station's work, not the server's.
  const files = Array.from({ length: STATIONS }, (_, n) => dataFile(n));
  const t0 = performance.now();
  const cpu0 = process.cpuUsage();
  let next = 0;
  const lane = async () => {
    while (next < STATIONS) {
      const n = next++;
      await upload(token, n, 'data', files[n], `1,${RECORDS_PER_STATION}`);
      files[n] = null;
      uploadedReadings += RECORDS_PER_STATION * SENSORS;
      if ((n + 1) % 10 === 0) log(`  … ${fmt(uploadedReadings)} readings in ${fmt((performance.now() - t0) / 1000, 1)} s`);
    }
  };
  await Promise.all(Array.from({ length: CONCURRENT_UPLOADS }, lane));
  ingestSeconds = (performance.now() - t0) / 1000;
  const cpu = process.cpuUsage(cpu0);
  ingestCpuSeconds = (cpu.user + cpu.system) / 1e6;
}
// Queries are timed once ClickHouse's background merges of the new parts are over (a steady state).
const settle0 = performance.now();
for (let i = 0; i < 600; i++) {
  const [{ n }] = await (await ch.query({ query: 'SELECT count() AS n FROM system.merges', format: 'JSONEachRow' })).json();
  if (Number(n) === 0) break;
  await new Promise((r) => setTimeout(r, 1000));
}
const settleSeconds = (performance.now() - settle0) / 1000;
const stored = Number(
  (await (await ch.query({ query: 'SELECT count() AS n FROM readings FINAL', format: 'JSONEachRow' })).json())[0].n,
);

// ------------------------------------------------------------------ 4. chart queries

/**
 * Wall time per call (p50, p95), and the process's CPU time per call: server, client and engine
 * threads together, a figure a busy machine barely changes.
 */
const timeIt = async (fn, runs = QUERY_RUNS) => {
  for (let i = 0; i < 3; i++) await fn(); // warm up
  const times = [];
  const cpu0 = process.cpuUsage();
  for (let i = 0; i < runs; i++) {
    const t0 = performance.now();
    await fn();
    times.push(performance.now() - t0);
  }
  const cpu = process.cpuUsage(cpu0);
  return { p50: percentile(times, 50), p95: percentile(times, 95), cpu: (cpu.user + cpu.system) / 1000 / runs };
};
/** HTTP calls are timed from a client in its own thread (bench-client.mjs), like a separate client. */
const client = threadClient(base, token);
/**
 * p50/p95 of the wall time per call, and the process's CPU per call, of `path(start, end)`. With
 * `moving`, each call's window is one chart bucket earlier than the last (its plan's bucket), so
 * none is answered from the cache of chart answers, which keeps answers by their buckets: the same
 * length of time, a window never asked before. Without, the same call each time. Three calls
 * first, untimed.
 */
const timeHttp = async (path, start, end, { moving = false, runs = QUERY_RUNS } = {}) => {
  const cpu0 = process.cpuUsage();
  const step = moving ? planChartQuery(start, end, 1000).bucketSeconds * 1000 : 0;
  const urls = Array.from({ length: runs + 3 }, (_, i) => path(start - i * step, end - i * step));
  const { times: all, rows } = await client.times(urls);
  const times = all.slice(3);
  const cpu = process.cpuUsage(cpu0);
  return { p50: percentile(times, 50), p95: percentile(times, 95), cpu: (cpu.user + cpu.system) / 1000 / (runs + 3), rows };
};
const profiler = process.env.BENCH_CPU_PROFILE ? new (await import('node:inspector/promises')).Session() : null;
if (profiler) {
  profiler.connect();
  await profiler.post('Profiler.enable');
  await profiler.post('Profiler.start');
}
const sensorIds = sensors.map((s) => s.id).join(',');
const endMs = END_S * 1000;
const ranges = [1, 7, 14, 30, 365, 0];
const chart = [];
for (const days of ranges) {
  // 'All' runs from the station's first reading (the web app asks for the station's data range).
  // Its end a minute after the last reading: not the 365-day range's windows again.
  const start = days === 0 ? START_S * 1000 : endMs - days * 86_400_000;
  const end = days === 0 ? endMs + 60_000 : endMs;
  const chartUrl = (from, to) =>
    `/api/sensors/data?start=${from}&end=${to}&stations=${stationIds[0]}&sensors=${sensorIds}&resolution=1000`;
  const ours = await timeHttp(chartUrl, start, end, { moving: true });
  // The same call again and again: answered from the cache of chart answers after the first.
  const cached = await timeHttp(chartUrl, start, end);
  const rows = ours.rows;
  const oldStart = start;
  const level = OLD_LEVELS.find(([, s]) => (endMs - oldStart) / 1000 / s < 2000) ?? OLD_LEVELS.at(-1);
  let oldRows = 0;
  const old = await timeIt(async () => {
    const r = await runtime.pool.query(
      `SELECT time, sensor_id, avg, min, max, last FROM bench_old.aggregated_${level[0]}
        WHERE station_id = 1 AND sensor_id = ANY($1) AND time >= to_timestamp($2) AND time < to_timestamp($3) ORDER BY sensor_id, time`,
      [[1, 2], oldStart / 1000, endMs / 1000],
    );
    oldRows = r.rows.length;
  });
  chart.push({ days, ours, cached, rows, old, oldRows, level: level[0] });
}
const compareUrl = (from, to) =>
  `/api/sensors/data?start=${from}&end=${to}&stations=${stationIds.slice(0, 10).join(',')}&sensors=${sensorIds}&resolution=1000`;
const compare = await timeHttp(compareUrl, START_S * 1000, endMs, { moving: true });
const compareCached = await timeHttp(compareUrl, START_S * 1000, endMs);
await client.close();
if (profiler) {
  const { profile } = await profiler.post('Profiler.stop');
  await fs.writeFile(process.env.BENCH_CPU_PROFILE, JSON.stringify(profile));
  profiler.disconnect();
}
const bulkSql = `SELECT station_id, sensor_id, toStartOfMonth(bucket) AS month, sum(value_sum) / sum(value_count) AS mean
                   FROM readings_1d GROUP BY station_id, sensor_id, month ORDER BY station_id, sensor_id, month`;
let bulkRows = 0;
const bulk = await timeIt(async () => {
  bulkRows = (await (await ch.query({ query: bulkSql, format: 'JSONCompactEachRow' })).json()).length;
}, 10);
const rawScan = await timeIt(async () => {
  await (
    await ch.query({
      query: `SELECT station_id, sensor_id, toStartOfMonth(time) AS month, avg(value) FROM readings GROUP BY station_id, sensor_id, month`,
      format: 'JSONCompactEachRow',
    })
  ).json();
}, 3);

// ------------------------------------------------------------------ report

const ingestRate = uploadedReadings / ingestSeconds;
log('');
log(
  `bench:data — ${fmt(stored)} readings stored (${STATIONS} stations × ${SENSORS} sensors × ${DAYS} days of 1-minute records), ${os.cpus().length} cores`,
);
log('');
log('ingest (protobuf upload → queryable, 2 uploads at a time)');
log(
  `  ours:                         ${fmt(ingestRate)} readings/s (${fmt(uploadedReadings)} in ${fmt(ingestSeconds, 1)} s; ${fmt(ingestCpuSeconds, 1)} s of CPU)`,
);
log(
  `  ClickHouse INSERT … SELECT + aggregate build: ${fmt(clickhouseRate)} rows/s (${fmt(BASELINE_ROWS)} rows into the same tables, their levels built as our writes build them)`,
);
log(`  background merges after the load went on for ${fmt(settleSeconds, 0)} s (queries below are timed after them)`);
log(`  old design (1,000-row upserts into Postgres): ${fmt(oldRate)} rows/s (${fmt(OLD_ROWS)} rows)`);
log(
  `  ratio to ClickHouse: ${fmt(ingestRate / clickhouseRate, 2)} (target ≥ 0.8); to the old design: ${fmt(ingestRate / oldRate, 1)}× (target ≥ 4×)`,
);
log(
  `  (the INSERT … SELECT alone, levels not built: ${fmt(insertOnlyRate)} rows/s; ratio to it ${fmt(ingestRate / insertOnlyRate, 2)}. A first upload's levels are made by the decoding worker, outside the engine: see ExactReadingsWrite)`,
);
log('');
log(`chart query, one station-year × ${SENSORS} sensors, resolution 1000, ${QUERY_RUNS} runs each (ms)`);
log(
  '  uncached: every call a new window (a chart bucket earlier: buckets read anew, the data end remembered); cached: the same call again',
);
log('  range   uncached p50   p95  cpu/call  rows | cached p50   p95 | old p50   p95  rows  level');
for (const c of chart) {
  const f = (n, w) => fmt(n, 1).padStart(w);
  log(
    `  ${(c.days === 0 ? 'all' : `${c.days} d`).padEnd(6)}  ${f(c.ours.p50, 12)} ${f(c.ours.p95, 5)}  ${f(c.ours.cpu, 8)} ${String(c.rows).padStart(5)} | ${f(c.cached.p50, 10)} ${f(c.cached.p95, 5)} | ${f(c.old.p50, 7)} ${f(c.old.p95, 5)} ${String(c.oldRows).padStart(5)}  ${c.level}`,
  );
}
for (const [label, key] of [
  ['uncached', 'ours'],
  ['cached', 'cached'],
]) {
  const worst = Math.max(...chart.map((c) => c[key].p95 / c.old.p95));
  log(
    `  ${label}: p95 ≤ 20 ms: ${chart.every((c) => c[key].p95 <= 20) ? 'yes' : 'no'}; worst ratio of p95 to the old way: ${fmt(worst, 2)} (target ≤ 1.5)`,
  );
}
log(`  the old way's aggregates took a refresh of ${fmt(oldRefreshMs / 1000, 1)} s for one station-year; ours need none`);
log('');
log(
  `compare, 10 stations × ${SENSORS} sensors, all time: uncached p50 ${fmt(compare.p50, 1)} ms, p95 ${fmt(compare.p95, 1)} ms, cpu ${fmt(compare.cpu, 1)} ms/call; cached p50 ${fmt(compareCached.p50, 1)}, p95 ${fmt(compareCached.p95, 1)} (target p95 ≤ 50)`,
);
log(
  `bulk, monthly mean per station and sensor (${fmt(bulkRows)} rows) from readings_1d: p50 ${fmt(bulk.p50, 1)} ms, p95 ${fmt(bulk.p95, 1)} ms (target ≤ 100); the raw scan: ${fmt(rawScan.p50, 0)} ms`,
);

await app.close();
await runtime.close();
if (!process.env.BENCH_DATA_DIR) await fs.rm(dataDir, { recursive: true, force: true });
