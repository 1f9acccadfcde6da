// npm run bench:logs: the console's log view (issue 28 item 2). Runs the built product in this process
// (embedded stores, no demo) with its logs captured as `npm start` captures them (LogCapture into
// gt_logs, LOG_LEVEL info, nothing on stdout), seeds BENCH_LOG_ROWS (default 200,000) lines over the
// last 10 days in one INSERT, then prints p50/p95/worst of BENCH_RUNS (default 40) calls of
// GET /api/admin/logs for the console's forms (first page newest first, errors, ingestions, a request
// id, a station, a text search), and what capturing costs: BENCH_LOG_LINES (default 100,000) lines
// logged in a burst (time per logger call, lines written per second, lines dropped past the bound).
// A benchmark: it prints figures and checks nothing. Set EMBEDDED_PG_PORT to a port of your own.
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { CommandBus } from '@nestjs/cqrs';
import { createApiApp } from '@groundtruth/api';
import { createLogger, loadConfig, LogCapture, openRuntime } from '@groundtruth/platform';
import { commandMetadata } from '../../apps/api/dist/common/cqrs/command-metadata.js';
import { SetRolesCommand } from '../../apps/api/dist/accounts/commands/set-roles/set-roles.command.js';
import { benchCaller, signUpFromOutbox } from './bench-accounts.mjs';

const ROWS = Number(process.env.BENCH_LOG_ROWS ?? 200_000);
const LINES = Number(process.env.BENCH_LOG_LINES ?? 100_000);
const RUNS = Number(process.env.BENCH_RUNS ?? 40);

const sleep = (ms) => new Promise((r) => setTimeout(r, ms));
const percentile = (values, p) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))];
};
const fmt = (n) => n.toLocaleString('en-US', { maximumFractionDigits: 2 });

const dataDir = mkdtempSync(path.join(os.tmpdir(), 'gt-bench-logs-'));
const config = loadConfig({
  ...process.env,
  DATA_DIR: dataDir,
  LOG_LEVEL: 'info',
  SEED_DEMO_DATA: 'false',
  AUTH_RATE_LIMIT: '100000',
  ACCESS_TOKEN_TTL_SECONDS: '86400',
  PORT: '0',
});
const capture = new LogCapture();
const log = createLogger(config.logLevel, 'bench', { capture, stdout: false });
const runtime = await openRuntime(config, log);
capture.attach(runtime.pool);
const app = await createApiApp(runtime, { projector: true, port: 0 });
const base = `http://127.0.0.1:${app.getHttpServer().address().port}`;
const bus = app.get(CommandBus);
const api = benchCaller(base);

try {
  const token = await signUpFromOutbox(api, dataDir, 400);
  const { body: me } = await api('GET', '/api/user', { token });
  await bus.execute(new SetRolesCommand({ userId: me.id, admin: true }, commandMetadata(null)));
  for (;;) {
    const answer = await api('GET', '/api/admin/logs?range=[0,0]', { token }).catch(() => null);
    if (answer) break;
    await sleep(200);
  }
  const t0 = performance.now();
  await runtime.pool.query(
    `INSERT INTO gt_logs (time, level, kind, msg, process, request_id, station_id, user_id, fields)
     SELECT now() - (i * interval '10 days' / $1::int), lvl, knd, m, 'groundtruth', 'bench-' || i,
            CASE WHEN knd = 'ingestion' THEN 1 + i % 5000 END, 1 + i % 300,
            jsonb_build_object('msg', m, 'requestId', 'bench-' || i, 'status', 200, 'path', '/api/projects/' || i % 100)
       FROM (SELECT i,
                    CASE WHEN i % 50 = 0 THEN 50 WHEN i % 10 = 0 THEN 40 ELSE 30 END AS lvl,
                    CASE WHEN i % 7 = 0 THEN 'ingestion' WHEN i % 97 = 0 THEN 'conflict' WHEN i % 50 = 0 THEN 'error' ELSE 'other' END AS knd,
                    'request ' || md5(i::text) AS m
               FROM generate_series(1, $1::int) AS i) x`,
    [ROWS],
  );
  await runtime.pool.query('ANALYZE gt_logs');
  console.log(`${fmt(ROWS)} log lines seeded in ${fmt((performance.now() - t0) / 1000)} s`);

  const q = (o) =>
    Object.entries(o)
      .map(([k, v]) => `${k}=${encodeURIComponent(JSON.stringify(v))}`)
      .join('&');
  const page = (filter) => `?${q({ sort: ['time', 'DESC'], range: [0, 49], filter })}`;
  const forms = [
    ['all, newest first (Main: all)', page({})],
    ['errors (Main: errors)', page({ level: 'error' })],
    ['ingestions (Main: ingestions)', page({ kind: 'ingestion' })],
    ['conflicts (Main: conflicts)', page({ kind: 'conflict' })],
    ['one request id', page({ requestId: `bench-${Math.floor(ROWS / 2)}` })],
    ['one station', page({ stationId: 42 })],
    ['text search', page({ q: 'abc' })],
  ];
  for (const [label, query] of forms) {
    const times = [];
    let rows = 0;
    let total = '';
    for (let run = 0; run < RUNS + 2; run++) {
      const t1 = performance.now();
      const answer = await api('GET', `/api/admin/logs${query}`, { token, headers: { 'accept-encoding': 'gzip' } });
      const ms = performance.now() - t1;
      rows = answer.body.length;
      total = answer.res.headers.get('content-range');
      if (run >= 2) times.push(ms);
    }
    console.log(
      `GET /api/admin/logs ${label}: ${rows} rows (${total}), p50 ${fmt(percentile(times, 50))} ms, p95 ${fmt(percentile(times, 95))} ms, worst ${fmt(Math.max(...times))} ms (${RUNS} runs)`,
    );
  }

  // What capture costs the caller: a burst of lines through the real logger.
  const before = capture.stats();
  const t2 = performance.now();
  for (let i = 0; i < LINES; i++) log.info({ requestId: `burst-${i}`, status: 200, path: '/api/projects' }, 'request');
  const callMs = performance.now() - t2;
  const t3 = performance.now();
  while (capture.stats().buffered > 0) await sleep(50);
  await capture.flush();
  const drainS = (performance.now() - t3) / 1000;
  const after = capture.stats();
  console.log(
    `capture: ${fmt(LINES)} lines logged in ${fmt(callMs)} ms (${fmt((callMs * 1000) / LINES)} µs a line, never waiting for Postgres); ` +
      `${fmt(after.written - before.written)} written in ${fmt(drainS)} s after the burst (${fmt((after.written - before.written) / Math.max(drainS, 0.001))} lines/s), ` +
      `${fmt(after.dropped - before.dropped)} dropped past the 10,000-line bound`,
  );
} finally {
  await app.close();
  await capture.close();
  await runtime.close();
  rmSync(dataDir, { recursive: true, force: true });
}
