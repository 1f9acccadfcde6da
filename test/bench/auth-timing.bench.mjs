// npm run bench:auth-timing: do answer times tell whether an address has an account? Starts the
// built product on a fresh data folder (embedded Postgres, mail to the outbox), then times pairs
// of calls that must look alike from outside: login with an unknown address vs a known one with a
// wrong password, recovery lookup for an unknown vs a known address, and registering a taken vs a
// free address. A benchmark: it prints medians and their ratio and checks nothing.
import { promises as fs } from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { createApiApp } from '@groundtruth/api';
import { createLogger, loadConfig, openRuntime } from '@groundtruth/platform';

const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 30);

const freePort = () =>
  new Promise((resolve) => {
    const s = net.createServer().listen(0, '127.0.0.1', () => {
      const { port } = s.address();
      s.close(() => resolve(port));
    });
  });

const dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'gt-bench-auth-'));
const config = loadConfig({
  ...process.env,
  DATA_DIR: dataDir,
  EMBEDDED_PG_PORT: String(await freePort()),
  LOG_LEVEL: 'silent',
  SEED_DEMO_DATA: 'false',
  AUTH_RATE_LIMIT: '100000',
});
const runtime = await openRuntime(config, createLogger('silent'));
const app = await createApiApp(runtime, { projector: true, port: 0 });
const base = `http://127.0.0.1:${app.getHttpServer().address().port}`;

const post = async (p, body) => {
  const started = performance.now();
  const res = await fetch(`${base}${p}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  await res.arrayBuffer();
  return { ms: performance.now() - started, status: res.status };
};
const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];

try {
  const known = 'known@example.org';
  const password = 'correct horse battery';
  await post('/api/users', { name: 'Known', email: known, password, tncAccept: true });

  const pairs = [
    [
      'login: unknown address vs known address, wrong password',
      (i) => post('/api/login', { email: `nobody-${i}@example.org`, password: 'wrong password' }),
      () => post('/api/login', { email: known, password: 'wrong password' }),
    ],
    [
      'recovery lookup: unknown vs known address',
      (i) => post('/api/user/recovery/lookup', { email: `nobody-${i}@example.org` }),
      () => post('/api/user/recovery/lookup', { email: known }),
    ],
    [
      'register: free vs taken address',
      (i) => post('/api/users', { name: 'New', email: `new-${i}@example.org`, password, tncAccept: true }),
      () => post('/api/users', { name: 'Copy', email: known, password, tncAccept: true }),
    ],
  ];
  console.log(`rounds per case: ${ROUNDS} (alternating)`);
  for (const [name, a, b] of pairs) {
    const ta = [];
    const tb = [];
    const statuses = new Set();
    for (let i = 0; i < ROUNDS; i++) {
      const ra = await a(i);
      const rb = await b(i);
      ta.push(ra.ms);
      tb.push(rb.ms);
      statuses.add(`${ra.status}/${rb.status}`);
    }
    const ma = median(ta);
    const mb = median(tb);
    console.log(
      `${name}: ${ma.toFixed(1)} ms vs ${mb.toFixed(1)} ms (ratio ${(mb / ma).toFixed(2)}; statuses ${[...statuses].join(', ')})`,
    );
  }
} finally {
  await app.close();
  await runtime.close();
  await fs.rm(dataDir, { recursive: true, force: true });
}
