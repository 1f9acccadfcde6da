import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { bearerOf, callApi, claimsOf, outboxOf, signUp, type Mailbox, type TestUser } from '../support/accounts.js';
import { callAsReader } from '../support/versions.js';
import { startTestApp, type TestApp } from '../support/test-app.js';
import { rebuildProjection } from '../../libs/platform/src/index.js';
import { usersProjection } from '../../apps/projector/src/projections/index.js';

/** Site-admin tools, erasure of personal data, abuse limits and transport headers. */
let sut: TestApp;
let mailbox: Mailbox;
let admin: TestUser;
let plain: TestUser;

beforeAll(async () => {
  sut = await startTestApp({ CORS_ORIGINS: 'https://partner.example.org' });
  mailbox = outboxOf(sut.dataDir);
  admin = await signUp(sut, mailbox, { name: 'Site Admin', admin: true });
  plain = await signUp(sut, mailbox, { name: 'Plain User' });
});
afterAll(() => sut.close());

const call = (method: string, path: string, options: Parameters<typeof callApi>[3] = {}) =>
  callAsReader(sut.url, method, path, options);

describe('site admin tools', () => {
  it('keeps every admin call from non-admins (403) and anonymous callers (401)', async () => {
    const calls: [string, string, unknown][] = [
      ['DELETE', '/api/admin/user', { email: plain.email, password: plain.password }],
      ['DELETE', '/api/admin/user/tnc', { email: plain.email }],
      ['POST', '/api/admin/users/search?query=a', undefined],
    ];
    for (const [method, path, body] of calls) {
      expect(await call(method, path, { body, token: plain.token })).toMatchObject({
        status: 403,
        body: { code: 'AUTH.ADMIN_ONLY' },
      });
      expect((await call(method, path, { body })).status).toBe(401);
    }
  });

  it('searches users by name or e-mail', async () => {
    const res = await call('POST', '/api/admin/users/search?query=plain', { token: admin.token });
    expect(res.body).toEqual({ users: [{ id: plain.id, name: 'Plain User', email: plain.email }] });
    expect((await call('POST', '/api/admin/users/search?query=', { token: admin.token })).status).toBe(400);
  });

  it("clears a user's terms so they must accept again", async () => {
    const user = await signUp(sut, mailbox);
    expect((await call('DELETE', '/api/admin/user/tnc', { token: admin.token, body: { email: user.email } })).status).toBe(204);
    expect((await call('GET', '/api/user', { token: user.token })).body).toMatchObject({ tncDate: null, termsCurrent: false });
    expect(
      await call('DELETE', '/api/admin/user/tnc', { token: admin.token, body: { email: 'nobody@example.org' } }),
    ).toMatchObject({
      status: 404,
      body: { message: 'Oops! No users found.' },
    });
    expect((await call('DELETE', '/api/admin/user/tnc', { token: admin.token, body: { email: 'bad' } })).status).toBe(400);
  });

  it("deletes another user's account with the admin's own password, and not the admin's own", async () => {
    const user = await signUp(sut, mailbox);
    expect(
      await call('DELETE', '/api/admin/user', { token: admin.token, body: { email: user.email, password: 'wrong password' } }),
    ).toMatchObject({
      status: 400,
      body: { errors: { password: 'Please check your password and try again.' } },
    });
    expect(
      (await call('DELETE', '/api/admin/user', { token: admin.token, body: { email: admin.email, password: admin.password } }))
        .status,
    ).toBe(400);
    expect(
      (
        await call('DELETE', '/api/admin/user', {
          token: admin.token,
          body: { email: 'ghost@example.org', password: admin.password },
        })
      ).status,
    ).toBe(404);
    expect(
      (await call('DELETE', '/api/admin/user', { token: admin.token, body: { email: user.email, password: admin.password } }))
        .status,
    ).toBe(204);
    expect(await call('GET', '/api/user', { token: user.token })).toMatchObject({ status: 401 });
    expect((await call('POST', '/api/login', { body: { email: user.email, password: user.password } })).status).toBe(401);
  });

  it('grants and removes site roles from the command line (npm run roles) while the product runs', async () => {
    const user = await signUp(sut, mailbox);
    const roles = (...args: string[]) =>
      promisify(execFile)(process.execPath, ['apps/api/dist/roles.js', ...args], {
        env: { ...process.env, DATABASE_URL: sut.db.url, DATA_DIR: sut.dataDir, LOG_LEVEL: 'warn' },
        timeout: 60_000,
      });
    expect((await roles(user.email, '+moderator', '+admin')).stdout).toMatch(/admin true, moderator true/);
    // The command line does not wait for this process's projector: poll briefly.
    let me: Record<string, unknown> | null = null;
    for (let i = 0; i < 50 && !(me && me['admin'] === true); i++) {
      me = (await call('GET', '/api/user', { token: user.token })).body;
      if (me?.['admin'] !== true) await new Promise((r) => setTimeout(r, 100));
    }
    expect(me).toMatchObject({ admin: true, moderator: true });
    expect((await roles(user.email, '-admin')).stdout).toMatch(/admin false, moderator true/);
    await expect(roles('nobody@example.org', '+admin')).rejects.toMatchObject({
      code: 1,
      stderr: expect.stringMatching(/No account/),
    });
    await expect(roles(user.email, 'admin')).rejects.toMatchObject({ code: 2 });
  }, 60_000);

  it('lets an admin spoof another user with "adminEmail adminPassword", and nobody else', async () => {
    const res = await call('POST', '/api/login', { body: { email: plain.email, password: `${admin.email} ${admin.password}` } });
    expect(res.status).toBe(204);
    expect(claimsOf(bearerOf(res))).toMatchObject({ sub: String(plain.id), spoofed_by: admin.id });
    const other = await signUp(sut, mailbox);
    const refused = await call('POST', '/api/login', {
      body: { email: other.email, password: `${plain.email} ${plain.password}` },
    });
    expect(refused.status).toBe(401);
  });
});

describe('deleting an account erases its personal data', () => {
  it('deletes at once, seals personal data in the log, and a rebuild shows a deleted user while replay still works', async () => {
    const user = await signUp(sut, mailbox, { name: 'Erasable Ernestine', email: 'ernestine@example.org' });
    await call('PATCH', `/api/users/${user.id}`, { token: user.token, body: { bio: 'Secret bio text' } });
    const inLog = async (text: string) =>
      (
        await sut.runtime.pool.query<{ n: number }>('SELECT count(*)::int AS n FROM gt_events WHERE data::text ILIKE $1', [
          `%${text}%`,
        ])
      ).rows[0]!.n;
    // Never in clear, even before deletion.
    for (const text of ['ernestine@example.org', 'Erasable Ernestine', 'Secret bio text', '$argon2id'])
      expect(await inLog(text)).toBe(0);

    expect(
      await call('DELETE', '/api/auth/delete-account', { token: user.token, body: { email: 'someone-else@example.org' } }),
    ).toMatchObject({
      status: 400,
      body: { errors: { email: 'Does not match your email.' } },
    });
    expect(
      (
        await call('DELETE', '/api/auth/delete-account', {
          token: user.token,
          body: { email: user.email, password: user.password },
        })
      ).status,
    ).toBe(204);
    expect(await call('GET', '/api/user', { token: user.token })).toMatchObject({ status: 401 });
    expect((await call('POST', '/api/login', { body: { email: user.email, password: user.password } })).status).toBe(401);

    // Replay of the stream still works; the personal part reads back as null.
    const history = await sut.runtime.store.readStream(`user-${user.id}`);
    expect(history.map((e) => e.type)).toEqual(expect.arrayContaining(['UserRegistered', 'UserProfileUpdated', 'UserDeleted']));
    expect(
      history.every((e) => (e.data as { pii?: unknown }).pii === undefined || (e.data as { pii?: unknown }).pii === null),
    ).toBe(true);

    await rebuildProjection(sut.runtime.pool, sut.runtime.store, usersProjection, sut.runtime.log);
    const row = await sut.runtime.pool.query('SELECT name, email, bio, deleted FROM users WHERE id = $1', [user.id]);
    expect(row.rows[0]).toEqual({ name: 'Deleted user', email: null, bio: '', deleted: true });
    const admins = await call('POST', '/api/admin/users/search?query=ernestine', { token: admin.token });
    expect(admins.body).toEqual({ users: [] });

    // The address is free for a new account.
    const again = await call('POST', '/api/users', {
      body: { name: 'Ernestine', email: user.email, password: user.password, tncAccept: true },
    });
    expect(again.status).toBe(200);
    expect(again.body!['id']).not.toBe(user.id);
  });

  it('rebuilds users from the command line (npm run rebuild -- users) while the product runs, erased rows included', async () => {
    const before = await sut.runtime.pool.query('SELECT * FROM users ORDER BY id');
    // Asynchronously: the product in this process holds the projection's lock and must keep running.
    const r = await promisify(execFile)(process.execPath, ['apps/projector/dist/rebuild.js', 'users'], {
      env: { ...process.env, DATABASE_URL: sut.db.url, DATA_DIR: sut.dataDir, LOG_LEVEL: 'warn' },
      timeout: 60_000,
    });
    expect(r.stdout).toMatch(/users: \d+ events read/);
    expect((await sut.runtime.pool.query('SELECT * FROM users ORDER BY id')).rows).toEqual(before.rows);
  }, 60_000);
});

describe('abuse and transport', () => {
  it('sends security headers on API answers and on the web app', async () => {
    for (const path of ['/api/status', '/']) {
      const res = await fetch(`${sut.url}${path}`);
      await res.arrayBuffer(); // an unread body keeps its connection open
      expect(res.headers.get('content-security-policy')).toMatch(/default-src 'self'/);
      expect(res.headers.get('content-security-policy')).toMatch(/frame-ancestors 'none'/);
      expect(res.headers.get('x-frame-options')).toBe('DENY');
      expect(res.headers.get('referrer-policy')).toBe('strict-origin-when-cross-origin');
      expect(res.headers.get('x-content-type-options')).toBe('nosniff');
    }
  });

  it('sends HSTS only over https: behind the loopback proxy that says so, never over plain http', async () => {
    for (const path of ['/api/status', '/']) {
      const plain = await fetch(`${sut.url}${path}`);
      await plain.arrayBuffer();
      expect(plain.headers.get('strict-transport-security')).toBeNull();
      expect(plain.headers.get('content-security-policy')).toMatch(/default-src 'self'/);
      const secure = await fetch(`${sut.url}${path}`, { headers: { 'x-forwarded-proto': 'https' } });
      await secure.arrayBuffer();
      expect(secure.headers.get('strict-transport-security')).toMatch(/max-age=31536000; includeSubDomains/);
    }
  });

  it('allows cross-origin calls only from the allowlist, exposing the token header', async () => {
    const preflight = async (origin: string) => {
      const res = await fetch(`${sut.url}/api/login`, {
        method: 'OPTIONS',
        headers: { origin, 'access-control-request-method': 'POST', 'access-control-request-headers': 'content-type' },
      });
      await res.arrayBuffer();
      return res;
    };
    expect((await preflight('https://partner.example.org')).headers.get('access-control-allow-origin')).toBe(
      'https://partner.example.org',
    );
    expect((await preflight('https://evil.example.com')).headers.get('access-control-allow-origin')).toBeNull();
    const res = await fetch(`${sut.url}/api/status`, { headers: { origin: 'https://partner.example.org' } });
    await res.arrayBuffer();
    expect(res.headers.get('access-control-expose-headers')).toMatch(/Authorization/);
  });
});
