// node test/bench/audit.bench.mjs (after npm run build:server): audit replay over HTTP on a fresh
// embedded product with the demo data, as its demo site admin. Prints p50/p95 of
//   - a stream of BENCH_STREAM_EVENTS (10,000) project events, decided by the real project decider:
//     its history page (the latest event's page and state) and its state as of the middle event;
//   - the largest demo stream, the same two;
//   - a correlation lookup with BENCH_LOG_EVENTS (1,000,000) events in the log (filler events of
//     100,000 other correlations inserted by SQL, plus the looked-up one's 20 across streams).
// Also the cold cost: the stream folded once in process, and the first call before the API's fold
// checkpoints exist. Targets (issue 29): p95 <= 300 ms each. A benchmark: it prints figures and checks nothing.
// Environment: BENCH_RUNS (60), EMBEDDED_PG_PORT, BENCH_DATA_DIR (a fresh temporary folder, removed afterwards).
import { randomUUID } from 'node:crypto';
import { promises as fs } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { createApiApp } from '@groundtruth/api';
import { projectDecider, projectStream } from '@groundtruth/domain';
import { createLogger, loadConfig, openRuntime } from '@groundtruth/platform';
import { threadClient } from './bench-client.mjs';
import { benchCaller } from './bench-accounts.mjs';

const STREAM_EVENTS = Number(process.env.BENCH_STREAM_EVENTS ?? 10_000);
const LOG_EVENTS = Number(process.env.BENCH_LOG_EVENTS ?? 1_000_000);
const RUNS = Number(process.env.BENCH_RUNS ?? 60);
const percentile = (values, p) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))];
};
const fmt = (ms) => `${ms.toFixed(1)} ms`;

const ownDir = !process.env.BENCH_DATA_DIR;
const dataDir = process.env.BENCH_DATA_DIR ?? (await fs.mkdtemp(path.join(os.tmpdir(), 'gt-bench-audit-')));
const config = loadConfig({
  ...process.env,
  DATA_DIR: dataDir,
  LOG_LEVEL: 'warn',
  SEED_DEMO_DATA: 'true',
  SEED_DEMO_DAYS: '0',
  AUTH_RATE_LIMIT: '100000',
  PORT: '0',
});
const runtime = await openRuntime(config, createLogger(config.logLevel));
const app = await createApiApp(runtime, { projector: true, port: 0 });
const base = `http://127.0.0.1:${app.getHttpServer().address().port}`;
const api = benchCaller(base);

try {
  // A project stream of STREAM_EVENTS events, each decided by the real decider on the state so far
  // (folded in memory, appended in batches at the revision reached: what a long-lived project's log holds).
  const projectId = 990_000_001;
  const stream = projectStream(projectId);
  let state = projectDecider.initialState;
  let revision = null;
  let pending = [];
  let total = 0;
  const started = Date.parse('2024-01-01T00:00:00Z');
  const commandAt = (i) => {
    if (i === 0)
      return { type: 'CreateProject', data: { projectId, name: 'Long history', description: 'd', goal: 'g', location: 'l' } };
    switch (i % 4) {
      case 0:
        return { type: 'UpdateProject', data: { projectId, changes: { name: `Long history ${i}` } } };
      case 1:
        return { type: 'FollowProject', data: { projectId, userId: 1_000_000 + (i % 500) } };
      case 2:
        return { type: 'UnfollowProject', data: { projectId, userId: 1_000_000 + ((i + 250) % 500) } };
      default:
        return { type: 'PostProjectUpdate', data: { projectId, updateId: 990_000_000 + i, authorId: 1, body: `Update ${i}` } };
    }
  };
  const flush = async () => {
    if (pending.length === 0) return;
    const result = await runtime.store.append(stream, pending, revision === null ? 'no_stream' : revision);
    revision = result.nextRevision;
    pending = [];
  };
  for (let i = 0; total < STREAM_EVENTS; i++) {
    const now = new Date(started + i * 60_000).toISOString();
    const correlationId = randomUUID();
    const meta = { correlationId, causationId: correlationId, userId: 1, now };
    for (const event of projectDecider.decide(commandAt(i), state, meta)) {
      if (total >= STREAM_EVENTS) break;
      state = projectDecider.evolve(state, event);
      pending.push({
        ...event,
        metadata: { eventId: randomUUID(), correlationId, causationId: correlationId, userId: 1, occurredAt: now },
      });
      total += 1;
    }
    if (pending.length >= 500) await flush();
  }
  await flush();

  // The largest stream of the demo data that the audit knows.
  const { rows: demo } = await runtime.pool.query(
    `SELECT stream_id, count(*)::int AS n FROM gt_events
     WHERE stream_id ~ '^(project|station|user|session|ingestion|station-notes|field-note|lorawan-webhook)-[0-9a-f-]+$' AND stream_id <> $1
     GROUP BY stream_id ORDER BY n DESC LIMIT 1`,
    [stream],
  );
  const largest = demo[0];

  // The log grown to LOG_EVENTS: filler events in 100,000 other correlations, and one correlation of
  // 20 events across 20 streams, spread through the log.
  const { rows: counted } = await runtime.pool.query('SELECT count(*)::int AS n FROM gt_events');
  const target = `bench-${randomUUID()}`;
  const filler = Math.max(0, LOG_EVENTS - counted[0].n);
  const chunk = 100_000;
  const t0 = performance.now();
  for (let from = 0; from < filler; from += chunk) {
    const n = Math.min(chunk, filler - from);
    await runtime.pool.query(
      `INSERT INTO gt_events (stream_id, revision, event_id, type, data, metadata)
       SELECT 'bench-filler-' || (($1::bigint + g) / 50), ($1::bigint + g) % 50, gen_random_uuid(), 'BenchFiller', '{}'::json,
              json_build_object('correlationId', CASE WHEN ($1::bigint + g) % 50000 = 7 THEN $3 ELSE 'c-' || (($1::bigint + g) % 100000) END,
                                'causationId', 'x', 'userId', NULL, 'occurredAt', '2025-01-01T00:00:00.000Z')
       FROM generate_series(0, $2::bigint - 1) AS g`,
      [from, n, target],
    );
  }
  await runtime.pool.query('ANALYZE gt_events');
  const { rows: logSize } = await runtime.pool.query('SELECT count(*)::int AS n FROM gt_events');
  console.log(`log: ${logSize[0].n} events (${filler} filler inserted in ${((performance.now() - t0) / 1000).toFixed(1)} s)`);

  // The projections follow the grown log first (a catch-up over the filler is not what is measured).
  for (let i = 0; i < 1800; i++) {
    const { rows: behind } = await runtime.pool.query(
      `SELECT count(*)::int AS n FROM gt_projection_checkpoints c,
         (SELECT tx_id, position FROM gt_events ORDER BY tx_id DESC, position DESC LIMIT 1) h
       WHERE c.commit_pos IS NULL OR (c.commit_pos, c.prepare_pos) < (h.tx_id, h.position)`,
    );
    if (behind[0].n === 0) break;
    await new Promise((r) => setTimeout(r, 1000));
  }

  // The demo site admin (its password is written once to DATA_DIR/demo-account.txt).
  let account = '';
  for (let i = 0; i < 600 && !account.includes('password'); i++) {
    account = await fs.readFile(path.join(dataDir, 'demo-account.txt'), 'utf8').catch(() => '');
    if (!account.includes('password')) await new Promise((r) => setTimeout(r, 100));
  }
  const { res } = await api('POST', '/api/login', {
    body: { email: /e-mail: (\S+)/.exec(account)[1], password: /password: (\S+)/.exec(account)[1] },
  });
  const token = res.headers.get('authorization').replace(/^Bearer /, '');

  // What a cold read pays: the first history call, before the API's fold checkpoints exist (the
  // whole stream folded once); and, at the end, the stream folded in process (median of 5).
  const middle = Math.floor(STREAM_EVENTS / 2);
  const cold = performance.now();
  await api('GET', `/api/audit/streams/${stream}?at=${middle}&limit=50`, { token });
  console.log(`first call, state as of event ${middle} (no checkpoints yet): ${fmt(performance.now() - cold)}`);

  const client = threadClient(base, token);
  const measure = async (label, url) => {
    await client.times([url, url, url]); // warm
    const { times } = await client.times(Array.from({ length: RUNS }, () => url));
    console.log(
      `${label.padEnd(58)} p50 ${fmt(percentile(times, 50)).padStart(9)}  p95 ${fmt(percentile(times, 95)).padStart(9)}  (${RUNS} calls)`,
    );
  };
  console.log(`audit over HTTP, ${RUNS} calls each, one client:`);
  await measure(`history page, ${stream} (${STREAM_EVENTS} events)`, `/api/audit/streams/${stream}?limit=50`);
  await measure(`state as of event ${middle}, ${stream}`, `/api/audit/streams/${stream}?at=${middle}&limit=50`);
  if (largest) {
    await measure(
      `history page, ${largest.stream_id} (${largest.n} events, largest demo)`,
      `/api/audit/streams/${largest.stream_id}?limit=50`,
    );
    await measure(
      `state as of event ${Math.floor(largest.n / 2)}, ${largest.stream_id}`,
      `/api/audit/streams/${largest.stream_id}?at=${Math.floor(largest.n / 2)}&limit=50`,
    );
  }
  if (filler > 0) {
    // Filler streams are no kind the audit knows: the site admin still sees the correlation's events.
    const found = await api('GET', `/api/audit/correlations/${target}`, { token });
    console.log(
      `correlation ${target}: ${found.body.events.length} events across ${new Set(found.body.events.map((e) => e.streamId)).size} streams`,
    );
    await measure(`correlation lookup, ${logSize[0].n} events in the log`, `/api/audit/correlations/${target}`);
    const plan = await runtime.pool.query(
      `EXPLAIN SELECT * FROM gt_events WHERE metadata ->> 'correlationId' = $1 ORDER BY tx_id, position LIMIT 1000`,
      [target],
    );
    console.log(`plan: ${plan.rows.map((r) => r['QUERY PLAN']).join(' | ')}`);
  }
  await client.close();
  // Last: it holds this process (and the product in it) busy.
  const events = await runtime.store.readStream(stream);
  const folds = [];
  for (let r = 0; r < 5; r++) {
    const t = performance.now();
    let folded = projectDecider.initialState;
    for (const e of events) folded = projectDecider.evolve(folded, e);
    folds.push(performance.now() - t);
  }
  console.log(`fold of ${stream} (${events.length} events), project decider in process: median ${fmt(percentile(folds, 50))}`);
} finally {
  await app.close();
  await runtime.close();
  if (ownDir) await fs.rm(dataDir, { recursive: true, force: true });
}
