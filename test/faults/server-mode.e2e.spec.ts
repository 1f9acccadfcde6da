import { execFile, spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { promisify } from 'node:util';
import { promises as fs } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { createTestDatabase, type TestDatabase } from '../support/test-database.js';
import { freePort } from '../support/free-port.js';
import { outboxOf, signUp } from '../support/accounts.js';

/**
 * Server mode: `npm run start:api` and `npm run start:projector` as two processes over one
 * Postgres. A command answered by the API is visible at once although another process projects
 * it (read-your-writes across processes), and `npm run rebuild` swaps tables under both.
 */
const api = path.resolve('apps/api/dist/server.js');
const projector = path.resolve('apps/projector/dist/projector-server.js');
const rebuild = path.resolve('apps/projector/dist/rebuild.js');

let db: TestDatabase;
let dir: string;
const children: ChildProcess[] = [];
let base = '';
let projectorHealth = '';

const start = (file: string, env: Record<string, string>) => {
  const child = spawn(process.execPath, [file], {
    env: { ...process.env, LOG_LEVEL: 'warn', DATABASE_URL: db.url, ...env },
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  children.push(child);
  return child;
};

beforeAll(async () => {
  db = await createTestDatabase({ migrate: false });
  dir = await fs.mkdtemp(path.join(os.tmpdir(), 'gt-server-'));
  const port = await freePort();
  base = `http://127.0.0.1:${port}`;
  const healthPort = await freePort();
  projectorHealth = `http://127.0.0.1:${healthPort}`;
  // chDB allows one process per folder: each process gets its own (a real deployment sets CLICKHOUSE_URL).
  start(projector, { DATA_DIR: path.join(dir, 'projector'), PROJECTOR_HEALTH_PORT: String(healthPort) });
  start(api, { DATA_DIR: path.join(dir, 'api'), PORT: String(port), SEED_DEMO_DATA: 'false' });
  for (let i = 0; i < 600; i++) {
    const ok = await fetch(`${base}/api/status`).then(
      async (r) => r.status === 200 && ((await r.json()) as { projections: unknown[] }).projections.length > 0,
      () => false,
    );
    if (ok) return;
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error('api and projector did not come up');
}, 90_000);

afterAll(async () => {
  await Promise.all(
    children.map(
      (c) =>
        new Promise<void>((resolve) => {
          if (c.exitCode !== null) return resolve();
          c.once('exit', () => resolve());
          c.kill('SIGTERM');
        }),
    ),
  );
  await db.drop();
  await fs.rm(dir, { recursive: true, force: true });
});

describe('api and projector as separate processes', () => {
  it('runs the projector alone: it answers its health and serves no API route', async () => {
    const health = await fetch(`${projectorHealth}/health`);
    expect(health.status).toBe(200);
    expect(await health.json()).toEqual({ healthy: true, postgres: true });
    // Control: the API process answers the same path that the projector does not.
    expect((await fetch(`${projectorHealth}/api/status`)).status).toBe(404);
    expect((await fetch(`${base}/api/status`)).status).toBe(200);
  });

  it('signs a new user up and shows a created project on the very next GET, projected by the other process', async () => {
    // Registration, validation and sign-in are commands too: each answer waits for the other process's projections.
    const { token } = await signUp({ url: base }, outboxOf(path.join(dir, 'api')));
    for (let i = 0; i < 5; i++) {
      const res = await fetch(`${base}/api/projects`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
        body: JSON.stringify({ name: `Across ${i}`, description: 'd', goal: 'g', location: 'l' }),
      });
      expect(res.status).toBe(200);
      const { id } = (await res.json()) as { id: number };
      const got = await fetch(`${base}/api/projects/${id}`);
      expect(got.status).toBe(200);
    }
  });

  it('rebuilds a projection from the command line while both run, and keeps serving', async () => {
    // Run without blocking this test's event loop: a loop blocked for longer than the server's
    // keep-alive (5 s) leaves fetch a socket the server has already closed.
    const r = await promisify(execFile)(process.execPath, [rebuild, 'projects'], {
      env: { ...process.env, DATABASE_URL: db.url, LOG_LEVEL: 'warn', DATA_DIR: path.join(dir, 'cli') },
      encoding: 'utf8',
    });
    expect(r.stdout).toMatch(/projects: \d+ events read/);
    const list = (await (await fetch(`${base}/api/projects`)).json()) as { projects: { name: string }[] };
    expect(list.projects.map((p) => p.name)).toEqual(expect.arrayContaining(['Across 0', 'Across 4']));
    const status = (await (await fetch(`${base}/api/status`)).json()) as {
      projections: { name: string; state: string; lag: number }[];
    };
    expect(status.projections.find((p) => p.name === 'projects')).toMatchObject({ state: 'running' });
  });

  it('refuses an unknown projection name with usage help', () => {
    const r = spawnSync(process.execPath, [rebuild, 'nonsense'], {
      env: { ...process.env, DATABASE_URL: db.url },
      encoding: 'utf8',
    });
    expect(r.status).toBe(2);
    expect(r.stderr).toContain('usage');
  });
});
