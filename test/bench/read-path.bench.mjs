// node test/bench/read-path.bench.mjs (after npm run build:server): the read path of the two
// pages every visit opens, over HTTP on a fresh embedded product: GET /api/projects/{id} and
// GET /api/stations/{id}, signed in, p50 and p95. A benchmark: it prints figures and checks
// nothing. Environment: BENCH_STATIONS (10), BENCH_QUERY_RUNS (400), BENCH_DATA_DIR (a fresh
// temporary folder, removed afterwards). To compare two checkouts, run it from each in turn.
import { promises as fs } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { createApiApp } from '@groundtruth/api';
import { createLogger, loadConfig, openRuntime } from '@groundtruth/platform';
import { benchCaller, signUpFromOutbox } from './bench-accounts.mjs';

const STATIONS = Number(process.env.BENCH_STATIONS ?? 10);
const RUNS = Number(process.env.BENCH_QUERY_RUNS ?? 400);
const percentile = (values, p) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))];
};

const dataDir = process.env.BENCH_DATA_DIR ?? (await fs.mkdtemp(path.join(os.tmpdir(), 'gt-bench-read-')));
const config = loadConfig({
  ...process.env,
  DATA_DIR: dataDir,
  LOG_LEVEL: 'warn',
  SEED_DEMO_DATA: 'false',
  AUTH_RATE_LIMIT: '100000',
  PORT: '0',
});
const runtime = await openRuntime(config, createLogger(config.logLevel));
const app = await createApiApp(runtime, { projector: true, port: 0 });
const base = `http://127.0.0.1:${app.getHttpServer().address().port}`;
const api = benchCaller(base);

/**
 * One single-table read (the modules of the bench's stations, as GET /api/stations/{id} reads
 * them) three ways, in a loop on the product's pool: pg with SQL, MikroORM's EntityManager, and
 * MikroORM's QueryBuilder. Skipped on a checkout without the read-model entities.
 */
const compareReaders = async (stations) => {
  const platform = await import('@groundtruth/platform');
  if (!platform.openReadModelOrm) return;
  const orm = platform.openReadModelOrm(runtime.pool);
  const entity = platform.stationModulesTable.entity;
  const ids = stations.map(String);
  const ways = {
    'pg, SQL': () =>
      runtime.pool.query(
        'SELECT * FROM station_modules WHERE station_id = ANY($1::bigint[]) ORDER BY station_id, position, module_id',
        [ids],
      ),
    'MikroORM em.find': () =>
      orm.em
        .fork()
        .find(entity, { station_id: { $in: ids } }, { orderBy: { station_id: 'asc', position: 'asc', module_id: 'asc' } }),
    'MikroORM QueryBuilder': () =>
      orm.em
        .fork()
        .createQueryBuilder(entity)
        .select('*')
        .where({ station_id: { $in: ids } })
        .orderBy({ station_id: 'asc', position: 'asc', module_id: 'asc' })
        .execute(),
  };
  const loops = RUNS * 5;
  console.log(`one read of station_modules for ${ids.length} stations, ${loops} times each way, alternating rounds:`);
  const totals = Object.fromEntries(Object.keys(ways).map((k) => [k, { ms: [], cpu: 0 }]));
  for (let round = 0; round < 5; round++) {
    for (const [name, run] of Object.entries(ways)) {
      for (let i = 0; i < 20; i++) await run();
      const cpu = process.cpuUsage();
      for (let i = 0; i < loops / 5; i++) {
        const t = performance.now();
        await run();
        totals[name].ms.push(performance.now() - t);
      }
      const used = process.cpuUsage(cpu);
      totals[name].cpu += used.user + used.system;
    }
  }
  for (const [name, { ms, cpu }] of Object.entries(totals)) {
    console.log(
      `  ${name.padEnd(22)} p50 ${percentile(ms, 50).toFixed(3)} ms, p95 ${percentile(ms, 95).toFixed(3)} ms, CPU ${(cpu / loops).toFixed(0)} µs/read`,
    );
  }
  await orm.close(false);
};

try {
  const token = await signUpFromOutbox(api, dataDir);
  const { body: project } = await api('POST', '/api/projects', {
    token,
    body: { name: 'Bench project', description: 'd', goal: 'g', location: 'United States', privacy: 1 },
  });
  const stations = [];
  for (let n = 0; n < STATIONS; n++) {
    const deviceId = (0xbe_0000_0000 + n).toString(16).padStart(16, '0');
    const { body } = await api('POST', '/api/stations', { token, body: { deviceId, name: `Bench ${n}` } });
    stations.push(body.id);
  }
  const time = async (url) => {
    for (let i = 0; i < 20; i++) await api('GET', url(i), { token }); // warm-up
    const ms = [];
    const cpu = process.cpuUsage();
    for (let i = 0; i < RUNS; i++) {
      const t = performance.now();
      await api('GET', url(i), { token });
      ms.push(performance.now() - t);
    }
    // This process's CPU (server and client alike) per request: steadier than wall time when
    // other work shares the cores.
    const used = process.cpuUsage(cpu);
    const cpuMs = (used.user + used.system) / 1000 / RUNS;
    return `p50 ${percentile(ms, 50).toFixed(2)} ms, p95 ${percentile(ms, 95).toFixed(2)} ms, CPU ${cpuMs.toFixed(2)} ms/request`;
  };
  console.log(`read path: ${RUNS} sequential GETs each, ${STATIONS} stations in the project`);
  console.log(`  GET /api/projects/{id}  ${await time(() => `/api/projects/${project.id}`)}`);
  console.log(`  GET /api/stations/{id}  ${await time((i) => `/api/stations/${stations[i % stations.length]}`)}`);
  console.log(`  GET /api/user           ${await time(() => '/api/user')}`);
  if (process.env.BENCH_ORM !== 'false') await compareReaders(stations);
} finally {
  await app.close();
  await runtime.close();
  if (!process.env.BENCH_DATA_DIR) await fs.rm(dataDir, { recursive: true, force: true });
}
