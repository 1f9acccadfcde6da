import { spawn, type ChildProcess } from 'node:child_process';
import { createHmac, timingSafeEqual } from 'node:crypto';
import { chmodSync, mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { freePort } from '../support/free-port';

export { freePort };

/**
 * More of the built product for the tests that need it configured otherwise than the suite's server
 * (playwright.config.ts): the same `node apps/api/dist/main.js`, on its own ports and data folder.
 */

const repoRoot = resolve(dirname(fileURLToPath(import.meta.url)), '../..');
const MAIN = join(repoRoot, 'apps/api/dist/main.js');

export type ProductServer = {
  /** http://localhost:PORT, as PUBLIC_URL says and the browser uses. */
  readonly url: string;
  readonly port: number;
  /** Its DATA_DIR: mails land in `<dataDir>/outbox` (no SMTP_URL). */
  readonly dataDir: string;
  /** What it printed so far (stdout and stderr). */
  output(): string;
  /** SIGTERM, so embedded Postgres shuts down cleanly; then the data folder goes. */
  stop(): Promise<void>;
};

/** Variables of the product the caller's environment must not leak into a server configured here. */
const PRODUCT_VARIABLES =
  /^(PORT|DATA_DIR|DATABASE_URL|EVENTSTORE_URL|CLICKHOUSE_URL|EMBEDDED_PG_PORT|PUBLIC_URL|SMTP_URL|OIDC_.*|DISCOURSE_.*|ADMIN_EMAILS|SEED_DEMO_DATA|ACCESS_TOKEN_TTL_SECONDS|AUTH_RATE_LIMIT|JWT_SECRET)$/;

/** The worker's environment without Playwright's own loader options and the product's settings. */
const baseEnv = (): NodeJS.ProcessEnv => {
  const env: NodeJS.ProcessEnv = {};
  for (const [key, value] of Object.entries(process.env)) {
    if (key === 'NODE_OPTIONS' || key.startsWith('PW_') || key.startsWith('PLAYWRIGHT_') || PRODUCT_VARIABLES.test(key)) continue;
    if (key === 'GT_PW_DATA_DIR') continue;
    env[key] = value;
  }
  return env;
};

const exited = (child: ChildProcess): Promise<number | null> =>
  child.exitCode !== null || child.signalCode !== null
    ? Promise.resolve(child.exitCode)
    : new Promise((done) => child.once('exit', (code) => done(code)));

/**
 * Starts the built product with `env` on top of quiet test defaults (a fresh data folder under
 * `.tmp/`, its own free embedded-Postgres port, no demo data, a rate limit the tests never reach) and
 * answers once `/api/status` says 200. Startup takes 5–20 s; `timeoutMs` is how long to wait at most.
 */
export const startProductServer = async ({
  port,
  env = {},
  timeoutMs = 120_000,
}: {
  port?: number;
  env?: Record<string, string>;
  timeoutMs?: number;
}): Promise<ProductServer> => {
  const tmpRoot = join(repoRoot, '.tmp');
  mkdirSync(tmpRoot, { recursive: true });
  // 'pw-' like the suite's folder, so playwright.config.ts sweeps away what a killed run left behind.
  const dataDir = mkdtempSync(join(tmpRoot, 'pw-extra-'));
  chmodSync(dataDir, 0o755);
  const listenOn = port ?? (await freePort());
  const url = `http://localhost:${listenOn}`;
  let pgPort = Number(env['EMBEDDED_PG_PORT'] ?? 0);
  while (!pgPort || pgPort === listenOn) pgPort = await freePort();

  let log = '';
  const child = spawn(process.execPath, [MAIN], {
    cwd: repoRoot,
    env: {
      ...baseEnv(),
      LOG_LEVEL: 'warn',
      SEED_DEMO_DATA: 'false',
      AUTH_RATE_LIMIT: '1000',
      PUBLIC_URL: url,
      ...env,
      PORT: String(listenOn),
      DATA_DIR: dataDir,
      EMBEDDED_PG_PORT: String(pgPort),
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.stdout!.on('data', (chunk: Buffer) => (log += chunk.toString()));
  child.stderr!.on('data', (chunk: Buffer) => (log += chunk.toString()));
  const exit = exited(child);

  let stopped: Promise<void> | null = null;
  const stop = (): Promise<void> =>
    (stopped ??= (async () => {
      if (child.exitCode === null && child.signalCode === null) {
        child.kill('SIGTERM');
        const timer = setTimeout(() => child.kill('SIGKILL'), 30_000);
        await exit;
        clearTimeout(timer);
      }
      rmSync(dataDir, { recursive: true, force: true });
    })());

  const deadline = Date.now() + timeoutMs;
  for (;;) {
    if (child.exitCode !== null || child.signalCode !== null) {
      await stop();
      throw new Error(`the product server stopped at startup (${child.exitCode ?? child.signalCode}):\n${log}`);
    }
    const ready = await fetch(`${url}/api/status`).then(
      (response) => response.status === 200,
      () => false,
    );
    if (ready) break;
    if (Date.now() > deadline) {
      await stop();
      throw new Error(`the product server did not answer /api/status within ${timeoutMs} ms:\n${log}`);
    }
    await new Promise((done) => setTimeout(done, 250));
  }

  return { url, port: listenOn, dataDir, output: () => log, stop };
};

/** DiscourseConnect's signature: hex HMAC-SHA256 of the base64 payload with the shared secret. */
export const signForum = (secret: string, sso: string): string => createHmac('sha256', secret).update(sso).digest('hex');

/** What the forum sends: `sso` (base64 of nonce and return_sso_url) and its `sig`. */
export const forumRequest = (secret: string, nonce: string, returnSsoUrl: string): { sso: string; sig: string } => {
  const sso = Buffer.from(new URLSearchParams({ nonce, return_sso_url: returnSsoUrl }).toString(), 'utf8').toString('base64');
  return { sso, sig: signForum(secret, sso) };
};

/** One arrival at the forum's return address. */
export type ForumArrival = {
  readonly sso: string;
  readonly sig: string;
  /** The signature checked with the shared secret, as Discourse does. */
  readonly signatureValid: boolean;
  /** The decoded payload (nonce, email, external_id, name, ...). */
  readonly fields: Record<string, string>;
};

export type ForumStub = {
  /** http://127.0.0.1:PORT: DISCOURSE_URL. */
  readonly url: string;
  /** Where the forum asks to be sent back: `<url>/session/sso_login`. */
  readonly returnUrl: string;
  readonly arrivals: ForumArrival[];
  close(): Promise<void>;
};

/**
 * The forum's end of DiscourseConnect, as a tiny HTTP server: the browser really lands on its return
 * address, which checks the signature and keeps what arrived; any page answers a little HTML.
 */
export const startForumStub = async (secret: string): Promise<ForumStub> => {
  const arrivals: ForumArrival[] = [];
  const server = http.createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://forum.invalid');
    if (url.pathname === '/session/sso_login') {
      const sso = url.searchParams.get('sso') ?? '';
      const sig = url.searchParams.get('sig') ?? '';
      const expected = Buffer.from(signForum(secret, sso), 'hex');
      const given = Buffer.from(/^[0-9a-f]{64}$/i.test(sig) ? sig : '', 'hex');
      arrivals.push({
        sso,
        sig,
        signatureValid: given.length === expected.length && timingSafeEqual(given, expected),
        fields: Object.fromEntries(new URLSearchParams(Buffer.from(sso, 'base64').toString('utf8'))),
      });
    }
    res.writeHead(200, { 'Content-Type': 'text/html; charset=utf-8' });
    res.end('<!doctype html><html lang="en"><title>Forum</title><h1>Welcome to the forum</h1></html>');
  });
  await new Promise<void>((done) => server.listen(0, '127.0.0.1', done));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    url,
    returnUrl: `${url}/session/sso_login`,
    arrivals,
    close: () =>
      new Promise<void>((done, fail) => {
        server.closeAllConnections();
        server.close((error) => (error ? fail(error) : done()));
      }),
  };
};
