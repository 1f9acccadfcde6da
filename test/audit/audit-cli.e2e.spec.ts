import { execFile, spawn, type ChildProcess } from 'node:child_process';
import { promises as fs } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import type { AuditHistory } from '../../libs/contracts/src/index.js';
import { bearerOf, callApi } from '../support/accounts.js';
import { freePort } from '../support/free-port.js';
import { callAsReader } from '../support/versions.js';

/**
 * `npm run audit` against a live product (issue 29): the built product started as `npm start`
 * runs it (embedded mode, its own DATA_DIR), a project made and renamed over HTTP, then the
 * command line, in another process while the product runs, prints the stream's history, the
 * state as of an event by position and by time, and the same as JSON as the API gives a site admin.
 */
const main = path.resolve('apps/api/dist/main.js');
const exec = promisify(execFile);

let dataDir: string;
let product: ChildProcess;
let output = '';
let port = 0;
let env: Record<string, string>;
let admin = '';
let projectId = 0;
let between = '';

const url = () => `http://127.0.0.1:${port}`;

/** `npm run audit -- …args` as an operator types it, beside the running product; never throws. */
const audit = async (...args: string[]) => {
  try {
    const r = await exec('npm', ['run', '--silent', 'audit', '--', ...args], {
      env: { ...process.env, ...env, LOG_LEVEL: 'warn' },
      timeout: 60_000,
    });
    return { code: 0, stdout: r.stdout, stderr: r.stderr };
  } catch (error) {
    const e = error as { code?: number; stdout?: string; stderr?: string };
    return { code: typeof e.code === 'number' ? e.code : -1, stdout: e.stdout ?? '', stderr: e.stderr ?? '' };
  }
};

beforeAll(async () => {
  await fs.access(main);
  dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'gt-audit-cli-'));
  await fs.chmod(dataDir, 0o755);
  port = await freePort();
  env = {
    DATA_DIR: dataDir,
    PORT: String(port),
    EMBEDDED_PG_PORT: String(await freePort()),
    SEED_DEMO_DAYS: '0',
  };
  product = spawn(process.execPath, [main], {
    env: { ...process.env, LOG_LEVEL: 'info', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  product.stdout!.on('data', (d) => (output += String(d)));
  product.stderr!.on('data', (d) => (output += String(d)));
  for (let i = 0; ; i++) {
    if (product.exitCode !== null) throw new Error(`the product exited: ${output}`);
    const up = await fetch(`${url()}/api/status`).then(
      (r) => r.status === 200,
      () => false,
    );
    if (up) break;
    if (i > 1200) throw new Error(`the product never became healthy: ${output}`);
    await new Promise((r) => setTimeout(r, 100));
  }
  // The first start's demo site admin, as the README says to sign in.
  let account = '';
  for (let i = 0; i < 600 && !/password: \S+/.test(account); i++) {
    account = await fs.readFile(path.join(dataDir, 'demo-account.txt'), 'utf8').catch(() => '');
    if (!/password: \S+/.test(account)) await new Promise((r) => setTimeout(r, 100));
  }
  const login = await callApi(url(), 'POST', '/api/login', {
    body: { email: /e-mail: (\S+)/.exec(account)![1]!, password: /password: (\S+)/.exec(account)![1]! },
  });
  admin = bearerOf(login);

  const ok = async (method: string, p: string, body?: unknown) => {
    const r = await callAsReader(url(), method, p, { token: admin, ...(body === undefined ? {} : { body }) });
    if (r.status >= 300) throw new Error(`${method} ${p}: ${r.status} ${JSON.stringify(r.body)}`);
    return r.body as Record<string, unknown>;
  };
  projectId = (
    await ok('POST', '/api/projects', { name: 'Marsh Before', description: 'd', goal: 'g', location: 'l', privacy: 1 })
  )['id'] as number;
  await new Promise((r) => setTimeout(r, 50));
  between = new Date().toISOString();
  await new Promise((r) => setTimeout(r, 50));
  await ok('PATCH', `/api/projects/${projectId}`, { name: 'Marsh After' });
}, 240_000);

afterAll(async () => {
  if (product && product.exitCode === null) {
    const exit = new Promise((resolve) => product.once('exit', resolve));
    product.kill('SIGTERM');
    await exit;
  }
  if (dataDir) await fs.rm(dataDir, { recursive: true, force: true });
});

describe('npm run audit against the running product', () => {
  it("prints a stream's events, the state at its latest event and what that event changed", async () => {
    const r = await audit(`project-${projectId}`);
    expect(r).toMatchObject({ code: 0 });
    expect(r.stdout).toContain(`project-${projectId} (project): 2 events`);
    expect(r.stdout).toMatch(/#0 .* ProjectCreated {2}actor \d+/);
    expect(r.stdout).toMatch(/▶ #1 .* ProjectUpdated/);
    expect(r.stdout).toContain('State as of event #1:');
    expect(r.stdout).toContain('"name": "Marsh After"');
    expect(r.stdout).toContain('details.name: "Marsh Before" → "Marsh After"');
  }, 90_000);

  it('prints the state as of an earlier event, by position and by time', async () => {
    for (const args of [
      ['--at', '0'],
      ['--at-time', between],
    ]) {
      const r = await audit(`project-${projectId}`, ...args);
      expect(r).toMatchObject({ code: 0 });
      expect(r.stdout).toContain('State as of event #0:');
      expect(r.stdout).toContain('"name": "Marsh Before"');
      expect(r.stdout).not.toContain('"name": "Marsh After"');
    }
  }, 90_000);

  it('gives with --json what the API gives a site admin', async () => {
    const r = await audit(`project-${projectId}`, '--at', '0', '--json');
    expect(r).toMatchObject({ code: 0 });
    const printed = JSON.parse(r.stdout) as AuditHistory;
    const api = (await callApi(url(), 'GET', `/api/audit/streams/project-${projectId}?at=0`, { token: admin }))
      .body as unknown as AuditHistory;
    expect(printed).toMatchObject({ streamId: `project-${projectId}`, total: 2, at: 0 });
    expect(printed).toEqual(api);
  }, 90_000);

  it('refuses, with a clear message and a non-zero exit, a stream that does not exist and a name that is none', async () => {
    const missing = await audit('project-999999999');
    expect(missing.code).not.toBe(0);
    expect(missing.stderr).toMatch(/no history by this name/i);
    const nonsense = await audit('not a stream');
    expect(nonsense.code).toBe(2);
    expect(nonsense.stderr).toMatch(/name one stream|not a stream the audit knows/);
    const wrongOption = await audit(`project-${projectId}`, '--at', 'soon');
    expect(wrongOption.code).toBe(2);
    expect(wrongOption.stderr).toMatch(/at/);
  }, 90_000);
});
