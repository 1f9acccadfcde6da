// npm run bench:ingest-loop: how responsive the embedded product's HTTP event loop stays while a
// large station upload is processed, with the data file decoded on the loop (INGESTION_WORKER=false)
// and off it (a worker thread, the default). A benchmark: it prints figures and checks nothing.
//
// Each mode runs in a child process of its own (chDB allows one data folder per process): the
// product embedded as `npm start` runs it (API and projector in one process, fresh embedded
// Postgres and chDB), a station with two sensors, then one data file of BENCH_LOOP_DAYS (365) days
// of one-minute records uploaded through POST /api/ingestion. From a worker thread (its own event
// loop, so the client never waits on the server's), GET /api/status is called back to back from the
// upload until the upload is processed, and so is a chart call (GET /api/sensors/data, a week of the
// station's two sensors, each call's window twenty minutes earlier, one bucket of the week's chart, so
// that none is answered from the chart cache, which keeps answers by their buckets); their p50, p95
// and worst latency are printed per mode, beside the same calls' idle figures and the server event
// loop's delay (monitorEventLoopDelay) meanwhile. Target (issue 15): p95 ≤ 50 ms.
import { Buffer } from 'node:buffer';
import { spawn } from 'node:child_process';
import { promises as fs } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import { Worker } from 'node:worker_threads';

const DAYS = Number(process.env.BENCH_LOOP_DAYS ?? 365);
const STEP_S = 60;
const RECORDS = (DAYS * 86_400) / STEP_S;
const fmt = (n, digits = 0) => n.toLocaleString('en-US', { maximumFractionDigits: digits, minimumFractionDigits: digits });
const percentile = (values, p) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? NaN;
};

if (process.env.BENCH_LOOP_MODE) {
  await runMode(process.env.BENCH_LOOP_MODE);
} else {
  const self = fileURLToPath(import.meta.url);
  const results = [];
  for (const mode of ['on-loop', 'worker']) {
    const child = spawn(process.execPath, [self], {
      env: { ...process.env, BENCH_LOOP_MODE: mode, INGESTION_WORKER: mode === 'worker' ? 'true' : 'false' },
      stdio: ['ignore', 'pipe', 'inherit'],
    });
    let out = '';
    child.stdout.on('data', (chunk) => (out += chunk));
    const code = await new Promise((resolve) => child.on('exit', resolve));
    const line = out.split('\n').find((l) => l.startsWith('RESULT '));
    if (code !== 0 || !line) throw new Error(`the ${mode} run failed (exit ${code}):\n${out}`);
    results.push(JSON.parse(line.slice('RESULT '.length)));
  }
  console.log(
    `one upload of ${fmt(RECORDS)} records (${fmt(RECORDS * 2)} readings), processed while GET /api/status and a chart call are made back to back`,
  );
  console.log(
    'decoding   call     file MB  processed in   calls   p50 ms   p95 ms   worst ms   idle p50/p95 ms   loop delay p95/max ms',
  );
  for (const r of results) {
    for (const [call, n, p50, p95, worst, i50, i95] of [
      ['status', r.calls, r.p50, r.p95, r.worst, r.idleP50, r.idleP95],
      ['chart', r.chartCalls, r.chartP50, r.chartP95, r.chartWorst, r.chartIdleP50, r.chartIdleP95],
      ['command', r.commandCalls, r.commandP50, r.commandP95, r.commandWorst, r.commandIdleP50, r.commandIdleP95],
    ]) {
      console.log(
        `${r.mode.padEnd(10)} ${call.padEnd(7)} ${fmt(r.fileMb, 1).padStart(7)}  ${fmt(r.seconds, 1).padStart(10)} s  ${fmt(n).padStart(6)}  ${fmt(p50, 1).padStart(7)}  ${fmt(p95, 1).padStart(7)}  ${fmt(worst, 1).padStart(9)}   ${`${fmt(i50, 1)}/${fmt(i95, 1)}`.padStart(15)}   ${`${fmt(r.loopP95, 1)}/${fmt(r.loopMax, 1)}`.padStart(20)}`,
      );
    }
  }
  console.log(
    '(calls from worker threads of the bench process; chart: a week of 2 sensors, each call a window a bucket earlier, so never from the cache; command: POST /api/projects every 250 ms, answered once its read models have it; loop delay: the server event loop, perf_hooks.monitorEventLoopDelay)',
  );
  for (const r of results) {
    console.log(
      `${r.mode}: ${fmt(r.commandPending)} of ${fmt(r.commandCalls)} commands answered 202 (read models not caught up within READ_YOUR_WRITES_TIMEOUT_MS)`,
    );
  }
}

async function runMode(mode) {
  const { createApiApp } = await import('@groundtruth/api');
  const { untilProcessedOverHttp } = await import('@groundtruth/contracts');
  const { newestModuleDefinition } = await import('@groundtruth/domain');
  const { createLogger, DataFileWriter, encodeDataRecord, encodeMetaFile, loadConfig, openRuntime } =
    await import('@groundtruth/platform');
  const { benchCaller, signUpFromOutbox } = await import('./bench-accounts.mjs');

  const dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'gt-bench-loop-'));
  const config = loadConfig({
    ...process.env,
    DATA_DIR: dataDir,
    LOG_LEVEL: 'warn',
    SEED_DEMO_DATA: 'false',
    AUTH_RATE_LIMIT: '1000',
  });
  const runtime = await openRuntime(config, createLogger(config.logLevel));
  const app = await createApiApp(runtime, { projector: true, port: 0 });
  app.getHttpServer().keepAliveTimeout = 120_000;
  const base = `http://127.0.0.1:${app.getHttpServer().address().port}`;
  try {
    const api = benchCaller(base);
    const token = await signUpFromOutbox(api, dataDir, 200);
    const deviceHex = '0b0c0d0e0f101112';
    const generation = 'a1b2c3d4e5f60718';
    const { body: station } = await api('POST', '/api/stations', { token, body: { deviceId: deviceHex, name: 'Loop bench' } });
    const module = newestModuleDefinition('fk.water.ec');
    const sensors = module.sensors.slice(0, 2);
    const upload = async (type, body, blocks) => {
      const { body: receipt } = await api('POST', '/api/ingestion', {
        token,
        body,
        headers: {
          'content-type': 'application/vnd.fk.data+binary',
          'fk-deviceid': deviceHex,
          'fk-generation': generation,
          'fk-type': type,
          'fk-blocks': blocks,
        },
      });
      return receipt.id;
    };
    const processed = async (id) => {
      const { done, states } = await untilProcessedOverHttp(base, token, [id], { timeoutMs: 1_800_000, pollMs: 50 });
      if (!done || states[0].state !== 'processed') throw new Error(`upload ${id}: ${JSON.stringify(states)}`);
    };
    const meta = encodeMetaFile([
      {
        record: 1,
        time: 1_700_000_000,
        dataRecord: {
          modules: [
            {
              position: 0,
              address: 0,
              name: module.key,
              header: { manufacturer: module.manufacturer, kind: module.kinds.at(-1), version: module.version[0] ?? 1 },
              sensors: sensors.map((s, number) => ({ number, name: s.firmwareKey, unitOfMeasure: s.unitOfMeasure, flags: 0 })),
              id: Buffer.from(`${deviceHex}01`, 'hex'),
              flags: 0,
            },
          ],
        },
      },
    ]);
    await processed(await upload('meta', meta, '1,1'));

    const end = Math.floor(Date.UTC(2026, 9, 1) / 1000);
    const writer = new DataFileWriter(RECORDS * 40);
    const values = sensors.map((_, i) => ({ sensor: i, calibratedValue: 0 }));
    const record = {
      modules: [],
      readings: {
        time: 0,
        reading: 0,
        flags: 0,
        location: undefined,
        sensorGroups: [{ module: 0, time: 0, readings: values }],
        meta: 1,
        uptime: 0,
      },
    };
    for (let i = 0; i < RECORDS; i++) {
      const t = end - (RECORDS - i) * STEP_S;
      record.readings.time = t;
      record.readings.reading = i + 1;
      values[0].calibratedValue = 400 + 150 * Math.sin((2 * Math.PI * (t % 86_400)) / 86_400);
      values[1].calibratedValue = 200 + (i % 37) / 10;
      writer.record(record, encodeDataRecord);
    }
    const file = writer.finish();

    // The clients: each on its own thread and event loop, so its timings are the server's answers alone.
    // A command (POST with a body) counts its 202s apart: answered before its read models caught up.
    const caller = (url, body, pauseMs = 0) => {
      const worker = new Worker(
        `const { parentPort, workerData } = require('node:worker_threads');
         let stop = false; let times = []; let unique = 0;
         parentPort.on('message', (m) => { if (m === 'mark') { parentPort.postMessage(times); times = []; } else stop = true; });
         (async () => {
           while (!stop) {
             const t0 = performance.now();
             const n = ++unique;
             // One chart bucket of a week (20 minutes) earlier at each call: a window never asked before.
             const shift = n * 1200000;
             const url = workerData.url.replace('{start}', String(workerData.start - shift)).replace('{end}', String(workerData.end - shift));
             const res = await fetch(url, {
               method: workerData.body ? 'POST' : 'GET',
               headers: { authorization: 'Bearer ' + workerData.token, 'content-type': 'application/json' },
               body: workerData.body ? workerData.body.replace('{n}', String(n)) : undefined,
             });
             await res.arrayBuffer();
             const ok = workerData.body ? [200, 201, 202] : [200];
             if (!ok.includes(res.status)) throw new Error(workerData.url + ' answered ' + res.status);
             // A 202 is kept as a negative time.
             times.push((res.status === 202 ? -1 : 1) * (performance.now() - t0));
             if (workerData.pauseMs) await new Promise((resolve) => setTimeout(resolve, workerData.pauseMs));
           }
           parentPort.postMessage(times);
         })();`,
        {
          eval: true,
          workerData: { url, body, pauseMs, token, start: end * 1000 - 8 * 86_400_000, end: end * 1000 - 86_400_000 },
        },
      );
      let stopped = false;
      const all = new Promise((resolve, reject) => {
        worker.on('message', (m) => stopped && resolve(m));
        worker.once('error', reject);
      });
      return {
        idle: () => {
          worker.postMessage('mark');
          return new Promise((resolve) => worker.once('message', resolve));
        },
        stop: async () => {
          stopped = true;
          worker.postMessage('stop');
          const times = await all;
          await worker.terminate();
          return times;
        },
      };
    };
    const sensorIds = sensors.map((s) => s.id).join(',');
    const status = caller(`${base}/api/status`);
    // A week of both sensors, ending a day before the data's end; each call's window a bucket earlier.
    const chart = caller(
      `${base}/api/sensors/data?start={start}&end={end}&stations=${station.id}&sensors=${sensorIds}&resolution=1000`,
    );
    const command = caller(
      `${base}/api/projects`,
      JSON.stringify({ name: 'Loop bench {n}', description: 'Created during the load', goal: 'Time', location: 'Here' }),
      // A person's pace, not back to back: the other calls' figures stay comparable with earlier runs.
      250,
    );
    // Idle first: what the calls cost on this machine with nothing being processed.
    await new Promise((r) => setTimeout(r, 2000));
    const [idle, chartIdle, commandIdle] = await Promise.all([status.idle(), chart.idle(), command.idle()]);
    // The server's own event loop: how late its timers fire while the upload is processed.
    const loop = monitorEventLoopDelay({ resolution: 10 });
    loop.enable();
    const t0 = performance.now();
    await processed(await upload('data', file, `1,${RECORDS}`));
    const seconds = (performance.now() - t0) / 1000;
    loop.disable();
    const [latencies, chartLatencies, commandTimes] = await Promise.all([status.stop(), chart.stop(), command.stop()]);
    const commandLatencies = commandTimes.map(Math.abs);
    const result = {
      mode,
      fileMb: file.length / 1024 / 1024,
      seconds,
      calls: latencies.length,
      p50: percentile(latencies, 50),
      p95: percentile(latencies, 95),
      worst: Math.max(...latencies),
      idleP50: percentile(idle, 50),
      idleP95: percentile(idle, 95),
      chartCalls: chartLatencies.length,
      chartP50: percentile(chartLatencies, 50),
      chartP95: percentile(chartLatencies, 95),
      chartWorst: Math.max(...chartLatencies),
      chartIdleP50: percentile(chartIdle, 50),
      chartIdleP95: percentile(chartIdle, 95),
      commandCalls: commandLatencies.length,
      commandP50: percentile(commandLatencies, 50),
      commandP95: percentile(commandLatencies, 95),
      commandWorst: Math.max(...commandLatencies),
      commandIdleP50: percentile(commandIdle.map(Math.abs), 50),
      commandIdleP95: percentile(commandIdle.map(Math.abs), 95),
      commandPending: commandTimes.filter((t) => t < 0).length,
      loopP95: loop.percentile(95) / 1e6,
      loopMax: loop.max / 1e6,
    };
    process.stdout.write(`RESULT ${JSON.stringify(result)}\n`);
  } finally {
    await app.close();
    await runtime.close();
    await fs.rm(dataDir, { recursive: true, force: true });
  }
  process.exit(0);
}
