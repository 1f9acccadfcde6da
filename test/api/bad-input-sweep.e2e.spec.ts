import { request } from 'node:http';
import { routes, type RouteContract } from '../../libs/contracts/src/index.js';
import { callApi, outboxOf, signUp, type TestUser } from '../support/accounts.js';
import { startTestApp, type TestApp } from '../support/test-app.js';

/**
 * Every call of the API (read from the route contracts, so a new call is covered the day it is
 * added) is sent malformed ids, malformed queries and malformed bodies, signed out and signed in.
 * Whatever it answers, it must not be a 5xx: bad input is the client's fault and says so.
 */
let sut: TestApp;
let user: TestUser;
/** The console's calls check their input before anyone's rights, but are also sent as an admin, who passes the policy. */
let admin: TestUser;

beforeAll(async () => {
  sut = await startTestApp({ AUTH_RATE_LIMIT: '100000' });
  const mailbox = outboxOf(sut.dataDir);
  user = await signUp(sut, mailbox);
  admin = await signUp(sut, mailbox, { admin: true });
});
afterAll(async () => sut.close());

const badIds = ['abc', '0', '-5', '1.5', '99999999999999999999', "1'%20OR%20'1'='1", '%00'];
const badQuery =
  '?page=-1&pageSize=abc&size=999999999&query=%00&stations=a,,b&sensors=x&start=yesterday&end=-1&resolution=0&token=&v=%7B&key=..%2F..%2Fetc&bookmark=%7Bnot-json';
const huge = 'x'.repeat(200_000);
const weird = {
  id: 'x',
  name: 123,
  email: ['a@b'],
  password: { $gt: '' },
  role: 99,
  body: null,
  label: huge.slice(0, 5000),
  notes: 'none',
  creating: [{ key: 42 }],
  location: { latitude: 'north', longitude: 1e308 },
  deployedAt: 'soon',
  tags: { a: 1 },
  privacy: -1,
  bounds: [1, 2, 3],
  startTime: 'then',
  modules: 'many',
};
const bodies: { name: string; raw?: string; body?: unknown }[] = [
  { name: 'no body' },
  { name: 'broken JSON', raw: '{"name": ' },
  { name: 'a JSON array', body: [1, 2, 3] },
  { name: 'a JSON string', body: 'hello' },
  { name: 'fields of the wrong types', body: weird },
  { name: 'an oversized field', body: { name: huge, body: huge, email: huge } },
  { name: 'a lone surrogate', raw: '{"name":"\\ud800","body":"x\\udc00","tags":["\\ud800"],"label":"\\ud800"}' },
];

const pathWith = (path: string, value: string): string => path.replace(/\{[^}]+\}/g, value);

// Calls that end the caller's own session or account run signed out only, so the signed-in pass keeps its session.
const endsSession = new Set(['logout', 'deleteAccount']);

const all = Object.entries(routes) as [string, RouteContract][];

describe('the route contracts', () => {
  it('each have a handler mounted, and every handler has a contract', () => {
    type Layer = { route?: { path: string; methods: Record<string, boolean> } };
    const express = sut.app.getHttpAdapter().getInstance() as { router: { stack: Layer[] } };
    const mounted = new Set(
      express.router.stack.flatMap((layer) =>
        layer.route ? Object.keys(layer.route.methods).map((m) => `${m.toUpperCase()} ${layer.route!.path}`) : [],
      ),
    );
    const declared = new Set(all.map(([, r]) => `${r.method.toUpperCase()} /api${r.path.replace(/\{(\w+)\}/g, ':$1')}`));
    // The docs viewer is the one handler outside the contracts (it serves the contracts themselves).
    const undeclared = [...mounted].filter((m) => !declared.has(m) && !m.includes('/api/docs'));

    expect([...declared].filter((d) => !mounted.has(d))).toEqual([]);
    expect(undeclared).toEqual([]);
  });
});

describe('bad input never gets a 5xx', () => {
  it.each(all.map(([name, r]) => [name, r.method.toUpperCase(), r.path]))('%s (%s %s)', async (name) => {
    const contract = routes[name as keyof typeof routes] as RouteContract;
    const failures: string[] = [];
    const ids = contract.path.includes('{') ? badIds : ['-'];
    const tokens: (string | null)[] = endsSession.has(name)
      ? [null]
      : contract.tags.includes('admin')
        ? [null, user.token, admin.token]
        : [null, user.token];
    for (const token of tokens) {
      for (const id of ids) {
        const path = `/api${pathWith(contract.path, id)}`;
        for (const b of contract.method === 'get' ? [bodies[0]!] : bodies) {
          for (const query of ['', badQuery]) {
            const reply = await callApi(sut.url, contract.method.toUpperCase(), `${path}${query}`, {
              token,
              ...(b.raw !== undefined ? { raw: b.raw } : b.body !== undefined ? { body: b.body } : {}),
            });
            if (reply.status >= 500) {
              failures.push(
                `${reply.status} for ${token ? 'a user' : 'anonymous'} ${path}${query ? ' (bad query)' : ''} with ${b.name}: ${JSON.stringify(reply.body).slice(0, 200)}`,
              );
            }
          }
        }
      }
    }
    expect(failures).toEqual([]);
  });
});

/** Any method with a JSON body (fetch refuses a body on GET, but a server must still read or refuse it). */
const sendJson = (method: string, path: string, body: string, token: string | null) =>
  new Promise<{ status: number; code: unknown }>((resolve, reject) => {
    const req = request(
      `${sut.url}${path}`,
      {
        method,
        headers: {
          'content-type': 'application/json',
          'content-length': Buffer.byteLength(body),
          ...(token ? { authorization: `Bearer ${token}` } : {}),
        },
      },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () => {
          const text = Buffer.concat(chunks).toString('utf8');
          let code: unknown = null;
          try {
            code = (JSON.parse(text) as { code?: unknown }).code ?? null;
          } catch {
            code = text.slice(0, 80);
          }
          resolve({ status: res.statusCode ?? 0, code });
        });
      },
    );
    req.on('error', reject);
    req.end(body);
  });

const nested = (depth: number) => '['.repeat(depth) + ']'.repeat(depth);
// The tester's body: 10,000 nested arrays in 20 kB (a 500 from a stack overflow, and 0.3 s of event loop, on every route).
const deep = nested(10_000);

describe('a body nested deeper than 64 levels', () => {
  it.each(all.map(([name, r]) => [name, r.method.toUpperCase(), r.path]))(
    'is a 400 REQUEST.TOO_DEEP on %s (%s %s), signed out and in, before anything reads it',
    async (name) => {
      const contract = routes[name as keyof typeof routes] as RouteContract;
      const path = `/api${pathWith(contract.path, '1')}`;
      const tokens: (string | null)[] = endsSession.has(name) ? [null] : [null, user.token];
      for (const token of tokens) {
        const reply = await sendJson(contract.method.toUpperCase(), path, deep, token);
        expect({ token: !!token, ...reply }).toEqual({ token: !!token, status: 400, code: 'REQUEST.TOO_DEEP' });
        // Control: 64 levels is allowed, so whatever this answers, it is not the depth refusal (nor a 5xx).
        const control = await sendJson(contract.method.toUpperCase(), path, nested(64), token);
        expect(control.code).not.toBe('REQUEST.TOO_DEEP');
        expect(control.status).toBeLessThan(500);
      }
    },
  );

  it('is refused in one pass even at a megabyte (500,000 levels), objects and strings with brackets included', async () => {
    const huge = `{"a":"[[[[\\\\\\"{{{",${'{"b":['.repeat(166_000)}`;
    expect(huge.length).toBeGreaterThan(990_000);
    expect(await sendJson('POST', '/api/webhooks/lorawan/1', huge, null)).toEqual({ status: 400, code: 'REQUEST.TOO_DEEP' });
    expect(await sendJson('POST', '/api/projects', nested(500_000), user.token)).toEqual({
      status: 400,
      code: 'REQUEST.TOO_DEEP',
    });
    // Brackets inside strings do not count: 64 real levels plus thousands in a string is still read.
    const quoted = `{"name":"${'[{'.repeat(5_000)}","x":${nested(63)}}`;
    expect((await sendJson('POST', '/api/projects', quoted, user.token)).code).toBe('VALIDATION.FAILED');
  });
});

describe('text no store can keep', () => {
  it('is refused with a field error in an otherwise valid write, so no event can stop a projection', async () => {
    const station = await callApi(sut.url, 'POST', '/api/stations', {
      token: user.token,
      raw: '{"deviceId":"surrogate-1","name":"Fine","modules":[{"name":"\\ud800","position":0}]}',
    });
    expect(station).toMatchObject({ status: 400, body: { errors: { 'modules.0.name': expect.any(String) } } });
    const project = await callApi(sut.url, 'POST', '/api/projects', {
      token: user.token,
      raw: '{"name":"n","description":"d","goal":"g","location":"l","tags":["ok","\\udc00"]}',
    });
    expect(project).toMatchObject({ status: 400, body: { errors: { 'tags.1': expect.any(String) } } });
  });
});

describe('after the whole sweep', () => {
  it('every projection is still running: no input reached the log in a form a read model refuses', async () => {
    const status = await callApi(sut.url, 'GET', '/api/status');
    const projections = (status.body as { projections: { name: string; state: string; error?: unknown }[] }).projections;
    expect(projections.filter((p) => p.state !== 'running')).toEqual([]);
  });
});
