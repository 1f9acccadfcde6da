// npm run bench:flows: how many of the project's own source files one user action crosses on the
// server, for two flows: "create project" (a signed-in user's POST /api/projects until its answer
// and until the projects read model has the project) and "station upload to chart" (a station's
// data file POSTed to /api/ingestion, processed by the ingestion process manager in the projector,
// then GET /api/sensors/data of one of its sensors over the uploaded window). A measuring tool: it
// prints figures and checks nothing.
//
// Method: the whole product runs in this one process as `npm start` runs it (built code, fresh
// embedded Postgres and chDB in a temporary DATA_DIR, SEED_DEMO_DATA=false), with an inspector
// session on this process and on the decoding worker thread (NodeWorker domain), precise coverage
// with call counts. Each flow runs once as a warm-up, the counters are reset (takePreciseCoverage),
// the flow runs again and coverage is taken: a file counts when at least one of its functions was
// called in that window. Files are apps/* and libs/* built JavaScript (dist/**/*.js) named by their
// source (src/**/*.ts); node_modules, node's own code and this script's client side are not counted
// (the client builds its files before the window and waits on the read models with its own `pg`
// connection, so it calls none of the project's code inside the window).
//
// Background work (the projector's 50 ms log poll, the export runner's 1 s poll, timers) also runs
// in the window, so after each run the product is left alone, as a control, for back-to-back windows
// of the flow's length (at least BENCH_FLOWS_IDLE_SPAN_MS, 2000, in all): "raw" counts every file
// seen in the flow's window, "net" leaves out every file an idle window also saw (a lower bound: the
// projector's loop and the event store's reads are crossed by the flow too; their calls are printed).
// BENCH_FLOWS_RUNS (3): measured runs per flow; BENCH_FLOWS_SETTLE_MS (1000): pause before each
// window so earlier work has finished; BENCH_FLOWS_JSON: a file for every run's files and calls.
import { Buffer } from 'node:buffer';
import { promises as fs } from 'node:fs';
import inspector from 'node:inspector';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';

const ROOT = fileURLToPath(new URL('../../', import.meta.url));
const SETTLE_MS = Number(process.env.BENCH_FLOWS_SETTLE_MS ?? 1000);
const RUNS = Number(process.env.BENCH_FLOWS_RUNS ?? 3);
const IDLE_SPAN_MS = Number(process.env.BENCH_FLOWS_IDLE_SPAN_MS ?? 2000);
const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

// ---------------------------------------------------------------------------------------------
// Coverage: this process (API, projector) and every worker thread it starts (the decoding worker).
const session = new inspector.Session();
session.connect();
const post = (method, params = {}) =>
  new Promise((resolve, reject) => session.post(method, params, (error, result) => (error ? reject(error) : resolve(result))));
const workers = new Map(); // sessionId -> send(method, params)
const pending = new Map();
let nextMessageId = 1;
session.on('NodeWorker.attachedToWorker', async ({ params: { sessionId } }) => {
  const send = (method, params = {}) =>
    new Promise((resolve, reject) => {
      const id = nextMessageId++;
      pending.set(id, { resolve, reject });
      session.post('NodeWorker.sendMessageToWorker', { sessionId, message: JSON.stringify({ id, method, params }) });
    });
  workers.set(sessionId, send);
  await send('Profiler.enable');
  await send('Profiler.startPreciseCoverage', { callCount: true, detailed: false });
  await send('Runtime.runIfWaitingForDebugger');
});
session.on('NodeWorker.detachedFromWorker', ({ params: { sessionId } }) => workers.delete(sessionId));
session.on('NodeWorker.receivedMessageFromWorker', ({ params: { message } }) => {
  const m = JSON.parse(message);
  const waiting = m.id === undefined ? undefined : pending.get(m.id);
  if (!waiting) return;
  pending.delete(m.id);
  if (m.error) waiting.reject(new Error(m.error.message));
  else waiting.resolve(m.result);
});
await post('Profiler.enable');
await post('Profiler.startPreciseCoverage', { callCount: true, detailed: false });
await post('NodeWorker.enable', { waitForDebuggerOnStart: true });

/** The project's source files with a function called since the last take, each with its calls (and resets the counters). */
const takeCoverage = async () => {
  const results = [(await post('Profiler.takePreciseCoverage')).result];
  for (const send of workers.values()) results.push((await send('Profiler.takePreciseCoverage')).result);
  const files = new Map();
  for (const scripts of results) {
    for (const { url, functions } of scripts) {
      if (!url.startsWith('file://')) continue;
      const rel = path.relative(ROOT, fileURLToPath(url)).split(path.sep).join('/');
      const m = /^((?:apps|libs)\/[^/]+)\/dist\/(.+)\.js$/.exec(rel);
      if (!m || m[1] === 'apps/web') continue;
      const calls = functions.reduce((sum, f) => sum + (f.ranges[0]?.count ?? 0), 0);
      if (!functions.some((f) => (f.ranges[0]?.count ?? 0) > 0)) continue;
      const source = `${m[1]}/src/${m[2]}.ts`;
      files.set(source, (files.get(source) ?? 0) + calls);
    }
  }
  return files;
};

// ---------------------------------------------------------------------------------------------
// The product, as `npm start` runs it, in this process.
const freePort = () =>
  new Promise((resolve, reject) => {
    const server = net.createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address();
      server.close(() => resolve(port));
    });
  });

const { createApiApp } = await import('@groundtruth/api');
const { sensorOfModule } = await import('@groundtruth/domain');
const { createLogger, loadConfig, openRuntime } = await import('@groundtruth/platform');
const { dataFile, metaFile, modulesOfKind } = await import('../../apps/api/dist/simulator/station-files.js');
const { simulatedStation } = await import('../../apps/api/dist/simulator/upload-station.js');
const { benchCaller, signUpFromOutbox } = await import('./bench-accounts.mjs');

const dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'gt-bench-flows-'));
const config = loadConfig({
  ...process.env,
  DATA_DIR: dataDir,
  LOG_LEVEL: process.env.LOG_LEVEL ?? 'warn',
  SEED_DEMO_DATA: 'false',
  AUTH_RATE_LIMIT: '1000',
  EMBEDDED_PG_PORT: process.env.EMBEDDED_PG_PORT ?? String(await freePort()),
});
const runtime = await openRuntime(config, createLogger(config.logLevel));
const app = await createApiApp(runtime, { projector: true, port: 0 });
const base = `http://127.0.0.1:${app.getHttpServer().address().port}`;
const db = new pg.Client({ connectionString: runtime.databaseUrl });
await db.connect();

/** Waits (polling the read models with the bench's own connection) until `sql` answers a row. */
const untilRow = async (sql, params, what, timeoutMs = 60_000) => {
  const t0 = Date.now();
  for (;;) {
    const { rows } = await db.query(sql, params);
    if (rows.length > 0) return rows[0];
    if (Date.now() - t0 > timeoutMs) throw new Error(`${what}: not there after ${timeoutMs} ms`);
    await sleep(10);
  }
};
const processedSql = `SELECT i.id FROM ingestions i LEFT JOIN gt_ingestion_work w ON w.ingestion_id = i.id
  WHERE i.id = $1 AND NOT i.pending AND w.state IS NULL`;

const report = [];
try {
  const api = benchCaller(base);
  const token = await signUpFromOutbox(api, dataDir, 400);

  // --- Flow 1: create project ----------------------------------------------------------------
  let n = 0;
  const createProject = async () => {
    n += 1;
    const res = await fetch(`${base}/api/projects`, {
      method: 'POST',
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
      body: JSON.stringify({ name: `Flow ${n}`, description: 'Counting files', goal: 'Measure', location: 'Here' }),
    });
    const text = await res.text();
    if (res.status !== 200 && res.status !== 202) throw new Error(`POST /api/projects answered ${res.status}: ${text}`);
    const id = JSON.parse(text).id;
    await untilRow('SELECT id FROM projects WHERE id = $1', [id], `project ${id} in the projects read model`);
    return `answered ${res.status}`;
  };

  // --- Flow 2: station upload to chart ------------------------------------------------------
  const deviceHex = '0a0b0c0d0e0f1011';
  const station = simulatedStation({ deviceHex, kind: 'water', site: { latitude: 40.7, longitude: -74 } });
  const generation = Buffer.from(station.generation).toString('hex');
  const sensorId = sensorOfModule(modulesOfKind('water')[1], 0).id; // fk.water.temp's first sensor
  const { body: registered } = await api('POST', '/api/stations', { token, body: { deviceId: deviceHex, name: 'Flow station' } });
  const stationId = registered.id;
  const HOUR = 3_600_000;
  const end = Math.floor(Date.now() / HOUR) * HOUR - 24 * HOUR;
  const upload = async (type, body, blocks) => {
    const res = await fetch(`${base}/api/ingestion`, {
      method: 'POST',
      headers: {
        authorization: `Bearer ${token}`,
        'content-type': 'application/vnd.fk.data+binary',
        'fk-deviceid': deviceHex,
        'fk-generation': generation,
        'fk-type': type,
        'fk-blocks': `${blocks[0]},${blocks[1]}`,
        'fk-devicename': 'Flow station',
      },
      body,
    });
    const text = await res.text();
    if (res.status !== 200) throw new Error(`POST /api/ingestion answered ${res.status}: ${text}`);
    const id = JSON.parse(text).id;
    await untilRow(processedSql, [id], `upload ${id} processed`);
    return id;
  };
  await upload('meta', metaFile(station, end - (RUNS + 2) * 4 * HOUR), [1, 1]);
  // Each run uploads four hours of one-minute records the station never sent before (built before the window).
  const files = Array.from({ length: RUNS + 1 }, (_, i) => {
    const from = end - (RUNS + 1 - i) * 4 * HOUR;
    return { from, to: from + 4 * HOUR, file: dataFile(station, from, from + 4 * HOUR, 60_000) };
  });
  let run = 0;
  const uploadToChart = async () => {
    const { from, to, file } = files[run++];
    await upload('data', file.body, file.blocks);
    const url = `${base}/api/sensors/data?stations=${stationId}&sensors=${sensorId}&start=${from}&end=${to}`;
    const res = await fetch(url, { headers: { authorization: `Bearer ${token}` } });
    const text = await res.text();
    if (res.status !== 200) throw new Error(`GET /api/sensors/data answered ${res.status}: ${text}`);
    const rows = JSON.parse(text).data.length;
    if (rows === 0) throw new Error('the chart has no rows after processing');
    return `${file.records} records, ${file.readings} readings uploaded; chart answered ${rows} rows`;
  };

  for (const [name, flow] of [
    ['create project', createProject],
    ['station upload to chart', uploadToChart],
  ]) {
    await flow(); // warm-up
    for (let r = 0; r < RUNS; r++) {
      await sleep(SETTLE_MS);
      await takeCoverage(); // resets the counters
      const t0 = performance.now();
      const note = await flow();
      const ms = performance.now() - t0;
      const flowFiles = await takeCoverage();
      await sleep(SETTLE_MS);
      await takeCoverage();
      // Back-to-back idle windows of the flow's length, together at least IDLE_SPAN_MS.
      const idleWindows = [];
      do {
        await sleep(ms);
        idleWindows.push(await takeCoverage());
      } while (idleWindows.length * ms < IDLE_SPAN_MS);
      report.push({ name, run: r + 1, note, ms, flowFiles, idleWindows });
    }
  }
} finally {
  await db.end().catch(() => {});
  await app.close();
  await runtime.close();
  session.disconnect();
  await fs.rm(dataDir, { recursive: true, force: true });
}

// ---------------------------------------------------------------------------------------------
// The figures.
const groupOf = (file) => {
  const m = /^(apps\/api\/src)\/([^/]+)\//.exec(file);
  if (m) return `${m[1]}/${m[2]}`;
  if (file.startsWith('apps/api/src/')) return 'apps/api/src';
  return /^((?:apps|libs)\/[^/]+)/.exec(file)[1];
};
const printFiles = (files, mark = () => '') => {
  const groups = new Map();
  for (const file of [...files].sort()) {
    const group = groupOf(file);
    const prefix = group.includes('/src') ? `${group}/` : `${group}/src/`;
    groups.set(group, [...(groups.get(group) ?? []), `${file.slice(prefix.length)}${mark(file)}`]);
  }
  for (const [group, list] of groups) console.log(`    ${group} (${list.length}): ${list.join(', ')}`);
};
const union = (sets) => new Map(sets.flatMap((m) => [...m]));
const rows = report.map((r) => {
  const idle = union(r.idleWindows);
  return { ...r, idle, net: [...r.flowFiles.keys()].filter((f) => !idle.has(f)) };
});
console.log(
  `Project source files (apps/*, libs/*) with a function called in one run of a flow (after a warm-up run), ${RUNS} runs each`,
);
console.log('flow                     run      ms     raw   idle, 1 window   idle, all windows   net');
for (const r of rows) {
  console.log(
    `${r.name.padEnd(24)} ${String(r.run).padStart(3)}  ${r.ms.toFixed(0).padStart(6)}  ${String(r.flowFiles.size).padStart(6)}  ${String(r.idleWindows[0].size).padStart(15)}  ${`${r.idle.size} (${r.idleWindows.length} × ${r.ms.toFixed(0)} ms)`.padStart(18)}  ${String(r.net.length).padStart(4)}`,
  );
}
console.log(
  "(raw: files seen in the flow's window; idle: files seen while nothing was asked, in one window of the flow's length and in back-to-back windows of that length covering at least " +
    `${IDLE_SPAN_MS} ms; net: raw minus every file an idle window saw)`,
);
for (const name of [...new Set(rows.map((r) => r.name))]) {
  const runs = rows.filter((r) => r.name === name);
  const seen = new Map();
  for (const r of runs) for (const f of r.flowFiles.keys()) seen.set(f, (seen.get(f) ?? 0) + 1);
  const idle = union(runs.map((r) => r.idle));
  console.log(`\n${name} (${runs[0].note}): files of the flow windows; * also seen idle, (k/${RUNS}) seen in k runs only:`);
  printFiles(seen.keys(), (f) => `${idle.has(f) ? '*' : ''}${seen.get(f) < RUNS ? ` (${seen.get(f)}/${RUNS})` : ''}`);
  console.log(`  idle windows (all runs), ${idle.size} files:`);
  printFiles(idle.keys(), (f) => (seen.has(f) ? '' : ' (idle only)'));
  const shared = [...seen.keys()].filter((f) => idle.has(f)).sort();
  if (shared.length > 0) {
    console.log('  calls per run in the flow window / in one idle window (mean), files seen in both:');
    const mean = (xs) => (xs.length === 0 ? 0 : xs.reduce((a, b) => a + b, 0) / xs.length);
    for (const f of shared) {
      const flowCalls = mean(runs.map((r) => r.flowFiles.get(f) ?? 0));
      const idleCalls = mean(runs.flatMap((r) => r.idleWindows.map((w) => w.get(f) ?? 0)));
      console.log(`    ${f}: ${flowCalls.toFixed(0)} / ${idleCalls.toFixed(0)}`);
    }
  }
}
if (process.env.BENCH_FLOWS_JSON) {
  const json = rows.map((r) => ({
    flow: r.name,
    run: r.run,
    ms: Math.round(r.ms),
    raw: Object.fromEntries(r.flowFiles),
    idleWindows: r.idleWindows.map((w) => Object.fromEntries(w)),
    net: r.net,
  }));
  await fs.writeFile(process.env.BENCH_FLOWS_JSON, JSON.stringify(json, null, 2));
}
process.exit(0);
