// npm run bench:projector-start: how long the server-mode projector (`npm run start:projector`) takes
// from launch until it is running. A benchmark: it prints figures and checks nothing. Each run starts
// the built entry over one data folder (embedded Postgres and chDB; the first run, which creates
// them, is not counted), waits for its log line "projector running" and, when the entry serves one,
// for GET /health to answer 200, then stops it with SIGTERM and waits for its exit.
// Environment: BENCH_RUNS (5), BENCH_PROJECTOR_ENTRY (apps/projector/dist/projector-server.js; give
// apps/api/dist/projector-server.js on a checkout from before the move, which serves no health),
// BENCH_DATA_DIR (a fresh temporary folder, removed afterwards), EMBEDDED_PG_PORT (55450).
import { spawn } from 'node:child_process';
import { promises as fs } from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';

const RUNS = Number(process.env.BENCH_RUNS ?? 5);
const entry = path.resolve(process.env.BENCH_PROJECTOR_ENTRY ?? 'apps/projector/dist/projector-server.js');
const pgPort = process.env.EMBEDDED_PG_PORT ?? '55450';
const dataDir = process.env.BENCH_DATA_DIR ?? (await fs.mkdtemp(path.join(os.tmpdir(), 'gt-bench-projector-')));
const servesHealth = entry.includes(`${path.sep}projector${path.sep}dist${path.sep}`);

const freePort = () =>
  new Promise((resolve) => {
    const server = net.createServer();
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address();
      server.close(() => resolve(port));
    });
  });

const once = async () => {
  const healthPort = await freePort();
  const started = performance.now();
  const child = spawn(process.execPath, [entry], {
    env: {
      ...process.env,
      DATA_DIR: dataDir,
      EMBEDDED_PG_PORT: pgPort,
      PROJECTOR_HEALTH_PORT: String(healthPort),
      SEED_DEMO_DATA: 'false',
      LOG_LEVEL: 'info',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  let running = null;
  child.stdout.on('data', (d) => {
    output += d;
    if (running === null && output.includes('projector running')) running = performance.now() - started;
  });
  child.stderr.on('data', (d) => (output += d));
  const exited = new Promise((resolve) => child.once('exit', resolve));
  let healthy = null;
  const deadline = started + 180_000;
  while (performance.now() < deadline && child.exitCode === null) {
    if (servesHealth && healthy === null) {
      const ok = await fetch(`http://127.0.0.1:${healthPort}/health`).then(
        (r) => r.status === 200,
        () => false,
      );
      if (ok) healthy = performance.now() - started;
    }
    if (running !== null && (!servesHealth || healthy !== null)) break;
    await sleep(20);
  }
  child.kill('SIGTERM');
  await exited;
  if (running === null) throw new Error(`the projector did not start:\n${output.slice(-3000)}`);
  return { running, healthy };
};

const median = (values) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)];
};
const s = (ms) => (ms / 1000).toFixed(2);

try {
  await once(); // creates the data folder's Postgres cluster and ClickHouse database: not counted
  const runs = [];
  for (let i = 0; i < RUNS; i++) runs.push(await once());
  const running = runs.map((r) => r.running);
  console.log(`projector start, ${path.relative(process.cwd(), entry)}, ${RUNS} runs after a first that set the data folder up`);
  console.log(
    `  launch → "projector running": median ${s(median(running))} s (min ${s(Math.min(...running))}, max ${s(Math.max(...running))})`,
  );
  if (servesHealth) {
    const healthy = runs.map((r) => r.healthy);
    console.log(
      `  launch → GET /health 200:     median ${s(median(healthy))} s (min ${s(Math.min(...healthy))}, max ${s(Math.max(...healthy))})`,
    );
  }
} finally {
  if (!process.env.BENCH_DATA_DIR) await fs.rm(dataDir, { recursive: true, force: true });
}
