// npm run bench:admin: the console's stations list (GET /api/admin/stations, its first page of 50 as
// react-admin's simple REST data provider asks for it) over HTTP at 10,000 stations (target p95 ≤ 100 ms).
// Runs the built product in this process (embedded stores, no demo), signs a bench account up, makes
// it a site admin by the product's own command, and seeds BENCH_STATIONS (default 10,000) stations
// as the map benchmark does (bench-stations.mjs: RegisterStation and UpdateStation through the
// command bus, spread over the continental United States). Then it prints p50/p95/worst of BENCH_RUNS
// (default 40) calls for: the first page (sorted by id, the console's default), the first page sorted
// by name, a search (filter q), and the spec's own form (?page=0&pageSize=50).
// A benchmark: it prints figures and checks nothing. BENCH_DATA_DIR keeps the data folder (seeded once).
// Set EMBEDDED_PG_PORT to a port of your own when other checkouts run benchmarks at the same time.
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { CommandBus } from '@nestjs/cqrs';
import { createApiApp } from '@groundtruth/api';
import { createLogger, loadConfig, openRuntime } from '@groundtruth/platform';
import { commandMetadata } from '../../apps/api/dist/common/cqrs/command-metadata.js';
import { SetRolesCommand } from '../../apps/api/dist/accounts/commands/set-roles/set-roles.command.js';
import { benchCaller, signUpFromOutbox } from './bench-accounts.mjs';
import { seedBenchStations } from './bench-stations.mjs';

const STATIONS = Number(process.env.BENCH_STATIONS ?? 10_000);
const RUNS = Number(process.env.BENCH_RUNS ?? 40);
const CONCURRENCY = Number(process.env.BENCH_CONCURRENCY ?? 8);
const KEPT_DIR = process.env.BENCH_DATA_DIR;

const sleep = (ms) => new Promise((r) => setTimeout(r, ms));
const percentile = (values, p) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))];
};
const fmt = (n) => n.toLocaleString('en-US', { maximumFractionDigits: 1 });

const dataDir = KEPT_DIR ?? mkdtempSync(path.join(os.tmpdir(), 'gt-bench-admin-'));
mkdirSync(dataDir, { recursive: true });
const config = loadConfig({
  ...process.env,
  DATA_DIR: dataDir,
  LOG_LEVEL: 'warn',
  SEED_DEMO_DATA: 'false',
  AUTH_RATE_LIMIT: '100000',
  ACCESS_TOKEN_TTL_SECONDS: '86400',
  PORT: '0',
});
const runtime = await openRuntime(config, createLogger(config.logLevel));
const app = await createApiApp(runtime, { projector: true, port: 0 });
const base = `http://127.0.0.1:${app.getHttpServer().address().port}`;
const bus = app.get(CommandBus);
const api = benchCaller(base);

try {
  const tokenFile = path.join(dataDir, 'bench-token.txt');
  let token = existsSync(tokenFile) ? readFileSync(tokenFile, 'utf8') : undefined;
  const started = Date.now();
  if (!token) {
    token = await signUpFromOutbox(api, dataDir, 400);
    await api('POST', '/api/projects', {
      token,
      body: { name: 'Bench project', description: 'd', goal: 'g', location: 'United States', privacy: 1 },
    });
    const { body: me } = await api('GET', '/api/user', { token });
    await seedBenchStations(bus, me.id, { count: STATIONS, concurrency: CONCURRENCY });
    if (KEPT_DIR) writeFileSync(tokenFile, token);
  }
  const { body: me } = await api('GET', '/api/user', { token });
  if (!me.admin) await bus.execute(new SetRolesCommand({ userId: me.id, admin: true }, commandMetadata(null)));
  // The projections catch up (the commands did not wait for them).
  for (;;) {
    // 403 until the admin role shows in the read model.
    const answer = await api('GET', '/api/admin/stations', { token }).catch(() => null);
    const total = Number((answer?.res.headers.get('content-range') ?? '').split('/').pop());
    if (total >= STATIONS) break;
    await sleep(1000);
  }
  console.log(`${fmt(STATIONS)} stations ready after ${((Date.now() - started) / 1000).toFixed(0)} s`);

  const q = (o) =>
    Object.entries(o)
      .map(([k, v]) => `${k}=${encodeURIComponent(JSON.stringify(v))}`)
      .join('&');
  const forms = [
    ['first page, by id (the console default)', `?${q({ sort: ['id', 'DESC'], range: [0, 49], filter: {} })}`],
    ['first page, by name', `?${q({ sort: ['name', 'ASC'], range: [0, 49], filter: {} })}`],
    ['search "station 99"', `?${q({ sort: ['id', 'DESC'], range: [0, 49], filter: { q: 'station 99' } })}`],
    ['the spec form ?page=0&pageSize=50', '?page=0&pageSize=50'],
  ];
  // The console's account search (filter q: name or e-mail contains), the other search the console runs.
  forms.push([
    'users: search "bench"',
    `?${q({ sort: ['id', 'ASC'], range: [0, 49], filter: { q: 'bench' } })}`,
    '/api/admin/users',
  ]);
  for (const [label, query, path = '/api/admin/stations'] of forms) {
    const times = [];
    let first = 0;
    let rows = 0;
    for (let run = 0; run < RUNS + 2; run++) {
      const t0 = performance.now();
      const answer = await api('GET', `${path}${query}`, { token, headers: { 'accept-encoding': 'gzip' } });
      const ms = performance.now() - t0;
      rows = answer.body.length;
      if (run === 0) first = ms;
      if (run >= 2) times.push(ms);
    }
    console.log(
      `GET ${path} ${label}: ${rows} rows, p50 ${fmt(percentile(times, 50))} ms, p95 ${fmt(percentile(times, 95))} ms, worst ${fmt(Math.max(...times))} ms, first ${fmt(first)} ms (${RUNS} runs)`,
    );
  }
} finally {
  await app.close();
  await runtime.close();
  if (!KEPT_DIR) rmSync(dataDir, { recursive: true, force: true });
}
