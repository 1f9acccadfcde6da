// npm run bench:analysis: bulk analysis measured on a fresh embedded product (chDB and Postgres in
// this process, the API on a loopback port). A benchmark: it prints figures and checks nothing.
// Environment: BENCH_READINGS (default 10,000,000; bench:data's size is 100,000,000), BENCH_STATION_DAYS
// (365), BENCH_QUERY_RUNS (40), BENCH_DATA_DIR (a fresh temporary folder, removed afterwards).
//
// Readings go straight into ClickHouse (INSERT … SELECT from numbers(), then the aggregate levels
// built as writes build them) for stations registered through the API: half the reader's own, half
// another person's private ones, so the permission filter has something to keep out.
// 1. "Monthly mean per station and sensor over all permitted stations" through POST /api/analysis/query
//    (token, permission filter from Postgres, formatQuery, EXPLAIN AST, the query): p50, p95.
// 2. The same statement straight on the engine with the filters off (the engine's own floor), and
//    with the same filter, to tell the engine's cost of the filter from the API's checks.
// 3. Another reader's chart (GET /api/sensors/data, a station-year at resolution 1000, uncached) p95
//    idle, then while a heavy analysis query (a raw scan of every reading) runs again and again.
import { promises as fs } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import { createApiApp } from '@groundtruth/api';
import { newestModuleDefinition } from '@groundtruth/domain';
import { createLogger, loadConfig, openRuntime, rebuildStoredAggregates } from '@groundtruth/platform';
import { benchCaller, signUpFromOutbox } from './bench-accounts.mjs';
import { threadClient } from './bench-client.mjs';

const READINGS = Number(process.env.BENCH_READINGS ?? 10_000_000);
const DAYS = Number(process.env.BENCH_STATION_DAYS ?? 365);
const RUNS = Number(process.env.BENCH_QUERY_RUNS ?? 40);
const SENSORS = 2;
const STEP_S = 60;
const PER_STATION = ((DAYS * 86_400) / STEP_S) * SENSORS;
const STATIONS = Math.max(4, 2 * Math.round(READINGS / PER_STATION / 2));
const END_S = Math.floor(Date.UTC(2026, 9, 1) / 1000);
const START_S = END_S - DAYS * 86_400;

const fmt = (n, digits = 0) => n.toLocaleString('en-US', { maximumFractionDigits: digits, minimumFractionDigits: digits });
const percentile = (values, p) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))];
};
const stats = (times) => ({ p50: percentile(times, 50), p95: percentile(times, 95) });
const log = (...parts) => console.log(...parts);

const dataDir = process.env.BENCH_DATA_DIR ?? (await fs.mkdtemp(path.join(os.tmpdir(), 'gt-bench-analysis-')));
const config = loadConfig({
  ...process.env,
  DATA_DIR: dataDir,
  LOG_LEVEL: 'warn',
  SEED_DEMO_DATA: 'false',
  AUTH_RATE_LIMIT: '1000',
  CHART_CACHE_ROWS: '0',
  PORT: '0',
});
const runtime = await openRuntime(config, createLogger(config.logLevel));
const app = await createApiApp(runtime, { projector: true, port: 0 });
const base = `http://127.0.0.1:${app.getHttpServer().address().port}`;
const ch = runtime.clickhouse.client;
const api = benchCaller(base);

// ------------------------------------------------------------------ data

const reader = await signUpFromOutbox(api, dataDir, 200);
await new Promise((r) => setTimeout(r, 5));
const other = await signUpFromOutbox(api, dataDir, 200);
const module = newestModuleDefinition('fk.water.ec');
const sensorIds = module.sensors.slice(0, SENSORS).map((s) => s.id);
const register = async (token, n) =>
  (await api('POST', '/api/stations', { token, body: { deviceId: randomBytes(8).toString('hex'), name: `Bench ${n}` } })).body.id;
const stationIds = [];
for (let n = 0; n < STATIONS; n++) stationIds.push(await register(n % 2 === 0 ? reader : other, n));
const readerStations = stationIds.filter((_, n) => n % 2 === 0);
const otherStation = stationIds[1];

const loadStarted = performance.now();
for (const station of stationIds) {
  await ch.command({
    query: `INSERT INTO readings
            SELECT ${station}, 1, [${sensorIds.join(',')}][1 + number % ${SENSORS}],
                   fromUnixTimestamp64Milli((${START_S} + intDiv(number, ${SENSORS}) * ${STEP_S}) * 1000, 'UTC'),
                   400 + 150 * sin(number / 1440) + (number % 100) / 10, 1, 1
              FROM numbers(${PER_STATION})`,
  });
}
await rebuildStoredAggregates(runtime.clickhouse, stationIds);
const loadSeconds = (performance.now() - loadStarted) / 1000;
// Background merges after a load slow every query for a while: measure after them, as bench:data does.
const settleStarted = performance.now();
for (let quiet = 0; quiet < 3 && performance.now() - settleStarted < 300_000;) {
  const [{ n }] = await (await ch.query({ query: 'SELECT count() AS n FROM system.merges', format: 'JSONEachRow' })).json();
  quiet = Number(n) === 0 ? quiet + 1 : 0;
  await new Promise((r) => setTimeout(r, 1_000));
}
const settleSeconds = (performance.now() - settleStarted) / 1000;

// ------------------------------------------------------------------ 1. monthly means through the API

const MONTHLY = `SELECT station_id, sensor_id, toStartOfMonth(bucket) AS month,
       sum(value_sum) / sum(value_count) AS mean, sum(value_count) AS readings
FROM readings_1d
GROUP BY station_id, sensor_id, month
ORDER BY station_id, sensor_id, month`;

const timed = async (runs, call) => {
  await call();
  const times = [];
  for (let i = 0; i < runs; i++) {
    const t0 = performance.now();
    await call();
    times.push(performance.now() - t0);
  }
  return stats(times);
};

let monthlyRows = 0;
const viaApi = await timed(RUNS, async () => {
  const { body } = await api('POST', '/api/analysis/query', { token: reader, body: { sql: MONTHLY } });
  monthlyRows = body.rows;
});

// ------------------------------------------------------------------ 2. the engine's floor

const filter = `station_id IN (${readerStations.join(',')})`;
const filters = ['readings', 'readings_10m', 'readings_1h', 'readings_6h', 'readings_1d']
  .map((t) => `'${t}': '${filter}'`)
  .join(', ');
const engine = (sql) => async () => {
  const answer = await ch.exec({ query: `${sql}\nFORMAT JSON` });
  for await (const _part of answer.stream);
};
const floor = await timed(RUNS, engine(MONTHLY));
const floorFiltered = await timed(
  RUNS,
  engine(`SELECT * FROM (\n${MONTHLY}\n) SETTINGS additional_table_filters = {${filters}}, readonly = 1`),
);

// ------------------------------------------------------------------ 3. another reader's chart beside a heavy query

const chartClient = threadClient(base, other);
const chartUrls = (offset) =>
  Array.from({ length: RUNS }, (_, i) => {
    // Every call a new window (one bucket further), so nothing is served from a cache.
    const end = (END_S + (offset + i) * 3_600) * 1000;
    return `/api/sensors/data?stations=${otherStation}&sensors=${sensorIds.join(',')}&start=${end - DAYS * 86_400_000}&end=${end}&resolution=1000`;
  });
await chartClient.times(chartUrls(1_000));
const idle = stats((await chartClient.times(chartUrls(0))).times);

const HEAVY = `SELECT station_id, sensor_id, toStartOfMonth(time) AS month, avg(value) AS mean, quantileExact(0.99)(value) AS p99
FROM readings GROUP BY station_id, sensor_id, month`;
let heavyRuns = 0;
let heavyMs = 0;
let running = true;
const heavyLoop = (async () => {
  while (running) {
    const t0 = performance.now();
    await api('POST', '/api/analysis/query', { token: reader, body: { sql: HEAVY } }).catch((error) =>
      log(`  heavy query: ${error.message.slice(0, 200)}`),
    );
    heavyMs += performance.now() - t0;
    heavyRuns++;
  }
})();
await new Promise((r) => setTimeout(r, 200));
const busy = stats((await chartClient.times(chartUrls(100))).times);
running = false;
await heavyLoop;
await chartClient.close();

// ------------------------------------------------------------------ report

log('');
log(
  `bench:analysis — ${fmt(STATIONS * PER_STATION)} readings (${STATIONS} stations × ${SENSORS} sensors × ${DAYS} days of 1-minute readings; the reader may read ${readerStations.length}), loaded in ${fmt(loadSeconds, 1)} s (merges settled ${fmt(settleSeconds, 0)} s), ${os.cpus().length} cores, ${runtime.clickhouse.mode}`,
);
log('');
log(`monthly mean per station and sensor over all permitted stations (${fmt(monthlyRows)} rows), ${RUNS} runs (ms)`);
log(
  `  through the API (permission filter and checks):  p50 ${fmt(viaApi.p50, 1)}  p95 ${fmt(viaApi.p95, 1)}  (target p95 ≤ 150)`,
);
log(`  the engine, filters off (its floor):             p50 ${fmt(floor.p50, 1)}  p95 ${fmt(floor.p95, 1)}`);
log(`  the engine, with the same filter:                p50 ${fmt(floorFiltered.p50, 1)}  p95 ${fmt(floorFiltered.p95, 1)}`);
log(`  cost of safety (API p95 / floor p95): ${fmt(viaApi.p95 / floor.p95, 2)}×`);
log('');
log(`another reader's chart (a station-year, resolution 1000, uncached), ${RUNS} calls (ms)`);
log(`  idle:                          p50 ${fmt(idle.p50, 1)}  p95 ${fmt(idle.p95, 1)}`);
log(
  `  during heavy analysis queries: p50 ${fmt(busy.p50, 1)}  p95 ${fmt(busy.p95, 1)}  (${heavyRuns} heavy queries, ${fmt(heavyMs / Math.max(1, heavyRuns), 0)} ms each; target p95 ≤ 2× idle: ${busy.p95 <= 2 * idle.p95 ? 'yes' : 'no'}, ${fmt(busy.p95 / idle.p95, 1)}×)`,
);

await app.close();
await runtime.close();
if (!process.env.BENCH_DATA_DIR) await fs.rm(dataDir, { recursive: true, force: true });
