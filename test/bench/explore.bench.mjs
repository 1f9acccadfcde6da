// npm run bench:explore: the explore workspace's server side measured in one run, on a fresh
// embedded product (chDB and Postgres in this process, the API on a loopback port). A benchmark:
// it prints figures and checks nothing. Environment: BENCH_READINGS (default 10,000,000: the
// export size; the chart stations hold a year each), BENCH_QUERY_RUNS (40), BENCH_DATA_DIR, and
// BENCH_ONLY=export to load only the export's stations and run only step 4.
//
// Readings are loaded as data.bench's first step does (INSERT … SELECT from numbers() into
// `readings`, then each station's aggregate levels built as a write builds them), not through
// uploads: this bench measures reads.
// 1. Chart answers over HTTP with a token for one station-year × 2 sensors at each quick range back
//    from its latest reading: p50/p95 for a window not asked before (each a chart bucket earlier
//    than the last: answers are kept by their buckets) and asked before.
//    Timed calls (1 and 3) come from a client in a worker thread (bench-client.mjs), as from a
//    browser: the server's thread does not also run the client's fetch and parsing.
// 2. Bytes on the wire of the year chart: rows and columns, as sent (brotli) and uncompressed.
// 3. Compare: 10 stations × 2 sensors over all time, p50/p95.
// 4. Export of BENCH_READINGS readings (CSV): rows per second and the process's peak RSS, beside
//    the same run's yardstick: ClickHouse's own `SELECT * … FORMAT CSV` of those readings, read and
//    dropped, and the load average (the machine may be shared).
import { promises as fs } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { clearInterval, setInterval } from 'node:timers';
import { createApiApp } from '@groundtruth/api';
import { planChartQuery } from '@groundtruth/domain';
import { createLogger, loadConfig, openRuntime, rebuildStoredAggregates } from '@groundtruth/platform';
import { benchCaller, signUpFromOutbox } from './bench-accounts.mjs';
import { threadClient } from './bench-client.mjs';

const READINGS = Number(process.env.BENCH_READINGS ?? 10_000_000);
const QUERY_RUNS = Number(process.env.BENCH_QUERY_RUNS ?? 40);
const SENSORS = [1, 2]; // fk.water.ph.ph and the next catalogue sensor
const STEP_S = 60;
const DAYS = 365;
const PER_STATION = (DAYS * 86_400) / STEP_S; // records per sensor
const ONLY_EXPORT = process.env.BENCH_ONLY === 'export';
const STATIONS = Math.max(ONLY_EXPORT ? 1 : 10, Math.ceil(READINGS / (PER_STATION * SENSORS.length)));
const END_S = Math.floor(Date.UTC(2026, 9, 1) / 1000);
const START_S = END_S - DAYS * 86_400;

const fmt = (n, digits = 0) => n.toLocaleString('en-US', { maximumFractionDigits: digits, minimumFractionDigits: digits });
const percentile = (values, p) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))];
};

const dataDir = process.env.BENCH_DATA_DIR ?? (await fs.mkdtemp(path.join(os.tmpdir(), 'gt-bench-explore-')));
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
const base = `http://127.0.0.1:${app.getHttpServer().address().port}`;
const ch = runtime.clickhouse.client;

const api = benchCaller(base);

const signUp = () => signUpFromOutbox(api, dataDir);

const token = await signUp();
const stations = [];
for (let i = 0; i < STATIONS; i++) {
  const deviceId = (0xee_0000_0000 + i).toString(16).padStart(16, '0');
  const { body } = await api('POST', '/api/stations', { token, body: { deviceId, name: `Bench ${i}` } });
  stations.push(body.id);
}
console.log(
  `explore bench: ${STATIONS} stations × ${SENSORS.length} sensors × ${DAYS} days of one-minute readings (${fmt(STATIONS * PER_STATION * SENSORS.length)} readings)`,
);
const load0 = performance.now();
const total = STATIONS * PER_STATION * SENSORS.length;
await ch.command({
  query: `INSERT INTO readings
          SELECT arrayElement([${stations.join(',')}], 1 + intDiv(number, ${PER_STATION * SENSORS.length})), 5,
                 arrayElement([${SENSORS.join(',')}], 1 + number % ${SENSORS.length}),
                 fromUnixTimestamp64Milli((${START_S} + intDiv(number % ${PER_STATION * SENSORS.length}, ${SENSORS.length}) * ${STEP_S}) * 1000, 'UTC'),
                 toFloat64(toFloat32(6.5 + (number % 1000) / 997)), 1, 1
            FROM numbers(${total})`,
});
await rebuildStoredAggregates(runtime.clickhouse, stations);
console.log(`  loaded in ${fmt((performance.now() - load0) / 1000, 1)} s`);

const client = threadClient(base, token);
/** p50/p95 of `runs` calls of `url(i)` (i from 1) from the client's thread, after three calls of `url(0)`. */
const timeIt = async (url, runs = QUERY_RUNS) => {
  const urls = [0, 0, 0, ...Array.from({ length: runs }, (_, i) => i + 1)].map(url);
  const times = (await client.times(urls)).times.slice(3);
  return `p50 ${fmt(percentile(times, 50), 1)} ms, p95 ${fmt(percentile(times, 95), 1)} ms`;
};

const END_MS = END_S * 1000;
const chart = (ids, start, end, extra = '') =>
  `/api/sensors/data?stations=${ids.join(',')}&sensors=${SENSORS.join(',')}&start=${start}&end=${end}&resolution=1000${extra}`;

if (!ONLY_EXPORT) await charts();

async function charts() {
  console.log('1. chart answers (1 station × 2 sensors, columns form, over HTTP with a token)');
  for (const days of [1, 7, 14, 30, 365, 0]) {
    // 'All' runs from the station's first reading to just after its last (the web app asks for the
    // station's data range): here a year and a minute, not the 365-day range's window again.
    const start = days === 0 ? START_S * 1000 : END_MS - days * 86_400_000;
    const end = days === 0 ? END_MS + 60_000 : END_MS;
    // A new window each call: a chart bucket earlier than the last (the cache keeps answers by their buckets).
    const step = planChartQuery(start, end, 1000).bucketSeconds * 1000;
    const fresh = await timeIt((i) => chart([stations[0]], start - i * step, end - i * step, '&format=columns'));
    const again = await timeIt(() => chart([stations[0]], start, end, '&format=columns'));
    // Ends off every level's grid (a window from now or a drag, not a quick range at midnight): the
    // first and last buckets are clipped to the window, their ragged ends read from finer levels.
    const ragged = await timeIt((i) =>
      chart([stations[0]], start - i * step - 433_500, end - i * step - 433_500, '&format=columns'),
    );
    console.log(
      `  ${days === 0 ? 'all' : `${days} d`}: new window ${fresh}; asked before ${again}; new window, ragged ends ${ragged}`,
    );
  }

  console.log('2. bytes of the year chart');
  for (const [label, extra] of [
    ['rows', ''],
    ['columns', '&format=columns'],
  ]) {
    const plain = await api('GET', chart([stations[0]], END_MS - 365 * 86_400_000, END_MS, extra), {
      token,
      headers: { 'accept-encoding': 'identity' },
    });
    const raw = await fetch(`${base}${chart([stations[0]], END_MS - 365 * 86_400_000, END_MS, extra)}`, {
      headers: { authorization: `Bearer ${token}`, 'accept-encoding': 'br' },
    });
    const wire = (await raw.arrayBuffer()).byteLength; // undici decodes; count the encoded length from the header when given
    const encoded = Number(raw.headers.get('content-length') ?? wire);
    console.log(
      `  ${label}: ${fmt(plain.text.length)} bytes uncompressed, ${fmt(encoded)} bytes as sent (${raw.headers.get('content-encoding') ?? 'identity'})`,
    );
  }

  console.log('3. compare: 10 stations × 2 sensors over all time');
  const step = planChartQuery(START_S * 1000, END_MS, 1000).bucketSeconds * 1000;
  console.log(
    `  ${await timeIt((i) => chart(stations.slice(0, 10), START_S * 1000 - i * step, END_MS - i * step, '&format=columns'))}`,
  );
  console.log(
    `  ragged ends: ${await timeIt((i) => chart(stations.slice(0, 10), START_S * 1000 - i * step - 433_500, END_MS - i * step - 433_500, '&format=columns'))}`,
  );
}

console.log(`4. export: CSV of ${fmt(Math.min(READINGS, total))} readings`);
const exportStations = stations.slice(0, Math.ceil(Math.min(READINGS, total) / (PER_STATION * SENSORS.length)));
{
  const y0 = performance.now();
  let bytes = 0;
  // One query a station (embedded chDB makes each answer whole before handing it over: see ClickHouse.stream).
  for (const station of exportStations) {
    for await (const part of runtime.clickhouse.stream(`SELECT * FROM readings FINAL WHERE station_id = ${station}`, 'CSV'))
      bytes += part.bytes.byteLength;
  }
  const s = (performance.now() - y0) / 1000;
  const rows = exportStations.length * PER_STATION * SENSORS.length;
  console.log(
    `  yardstick, ClickHouse's own SELECT * … FORMAT CSV read and dropped: ${fmt(rows)} rows in ${fmt(s, 1)} s = ${fmt(rows / s)} rows/s (${fmt(bytes / 1e6)} MB); load average ${os
      .loadavg()
      .map((x) => x.toFixed(2))
      .join(', ')}`,
  );
}
const before = process.memoryUsage().rss;
let peak = before;
const sampler = setInterval(() => (peak = Math.max(peak, process.memoryUsage().rss)), 50);
console.log(`  RSS before the export ${fmt(peak / 1e6)} MB`);
const t0 = performance.now();
const cpu0 = process.cpuUsage();
const { body: job } = await api(
  'POST',
  `/api/export/csv?stations=${exportStations.join(',')}&start=${START_S * 1000}&end=${END_MS}&tz=America/New_York`,
  { token },
);
let status = job;
while (status.state !== 'done' && status.state !== 'failed') {
  await new Promise((r) => setTimeout(r, 200));
  status = (await api('GET', job.statusUrl, { token })).body;
}
const seconds = (performance.now() - t0) / 1000;
const cpu = process.cpuUsage(cpu0);
clearInterval(sampler);
const load = os
  .loadavg()
  .map((x) => x.toFixed(2))
  .join(', ');
console.log(
  `  ${status.state}: ${fmt(status.rows)} rows in ${fmt(seconds, 1)} s = ${fmt(status.rows / seconds)} rows/s; file ${fmt(status.size / 1e6, 1)} MB; peak RSS of the process ${fmt(peak / 1e6)} MB, ${fmt((peak - before) / 1e6)} MB above its RSS before the export (${fmt(process.resourceUsage().maxRSS / 1e3)} MB max over the run); load average ${load}`,
);
// On a shared machine the wall clock counts other people's work; the process's CPU time does not.
console.log(
  `  CPU time of the process over the export: ${fmt(cpu.user / 1e6, 1)} s user + ${fmt(cpu.system / 1e6, 1)} s system = ${fmt(status.rows / ((cpu.user + cpu.system) / 1e6))} rows per CPU-second`,
);

await client.close();
await app.close();
await runtime.close();
if (!process.env.BENCH_DATA_DIR) await fs.rm(dataDir, { recursive: true, force: true });
