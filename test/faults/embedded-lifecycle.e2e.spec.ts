import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, promises as fs } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { freePort } from '../support/free-port.js';

/**
 * The built product as `npm start` runs it: a clear startup error for every unreachable server a
 * variable names; a clean SIGTERM; a restart that keeps the data and does not seed again.
 */
const main = path.resolve('apps/api/dist/main.js');

type Run = { child: ChildProcess; output: () => string; exit: Promise<number | null> };

const run = (env: Record<string, string>): Run => {
  let output = '';
  const child = spawn(process.execPath, [main], {
    env: { ...process.env, LOG_LEVEL: 'info', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.stdout!.on('data', (d) => (output += String(d)));
  child.stderr!.on('data', (d) => (output += String(d)));
  const exit = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  return { child, output: () => output, exit };
};

const waitForStatus = async (port: number, r: Run) => {
  for (let i = 0; i < 600; i++) {
    if (r.child.exitCode !== null) throw new Error(`exited early: ${r.output()}`);
    const ok = await fetch(`http://127.0.0.1:${port}/api/status`).then(
      (res) => res.status === 200,
      () => false,
    );
    if (ok) return;
    await new Promise((res) => setTimeout(res, 100));
  }
  throw new Error(`never became healthy: ${r.output()}`);
};

let dataDir: string;
beforeAll(async () => {
  await fs.access(main);
  dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'gt-life-'));
  await fs.chmod(dataDir, 0o755);
});
afterAll(() => fs.rm(dataDir, { recursive: true, force: true }));

describe('embedded product life cycle', () => {
  it.each([
    ['DATABASE_URL', 'postgres://nobody:x@127.0.0.1:1/none'],
    ['CLICKHOUSE_URL', 'http://127.0.0.1:1'],
    ['EVENTSTORE_URL', 'esdb://127.0.0.1:1?tls=false'],
    ['DATABASE_URL', 'mysql://wrong-kind'],
  ])(
    'stops at startup with an error naming %s when it points at %s',
    async (variable, value) => {
      const env: Record<string, string> = {
        DATA_DIR: path.join(dataDir, `bad-${variable}`),
        PORT: String(await freePort()),
        EMBEDDED_PG_PORT: String(await freePort()),
        [variable]: value,
      };
      const r = run(env);
      expect(await r.exit).toBe(1);
      expect(r.output()).toContain(variable);
    },
    60_000,
  );

  it('shuts down cleanly on SIGTERM, then restarts with its data and without seeding twice', async () => {
    const port = await freePort();
    const env = { DATA_DIR: path.join(dataDir, 'product'), PORT: String(port), EMBEDDED_PG_PORT: String(await freePort()) };
    const first = run(env);
    await waitForStatus(port, first);
    const projects = ((await (await fetch(`http://127.0.0.1:${port}/api/projects`)).json()) as { projects: { id: number }[] })
      .projects;
    expect(projects.length).toBeGreaterThanOrEqual(3);
    first.child.kill('SIGTERM');
    // The log travels with the exit code, so a failure shows why.
    expect({ code: await first.exit, log: first.output() }).toMatchObject({ code: 0 });
    expect(existsSync(path.join(env.DATA_DIR, 'postgres', 'postmaster.pid'))).toBe(false);

    const second = run(env);
    try {
      await waitForStatus(port, second);
      const again = ((await (await fetch(`http://127.0.0.1:${port}/api/projects`)).json()) as { projects: { id: number }[] })
        .projects;
      expect(again.map((p) => p.id)).toEqual(projects.map((p) => p.id));
      expect(second.output()).not.toContain('demo data seeded');
    } finally {
      second.child.kill('SIGTERM');
      expect({ code: await second.exit, log: second.output() }).toMatchObject({ code: 0 });
    }
  }, 120_000);
});
