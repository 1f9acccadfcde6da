import { existsSync, readFileSync } from 'node:fs';
import http from 'node:http';
import path from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { webDistDir } from '../../apps/api/src/web/web-app.js';
import { rebuildStoredAggregates } from '../../libs/platform/src/index.js';
import { bearerOf, callApi, claimsOf, outboxOf, signUp, type TestUser } from '../support/accounts.js';
import { newDeviceId } from '../support/device-ids.js';
import { startTestApp, type TestApp } from '../support/test-app.js';

/**
 * HTTP hygiene (issue 13 item 8): caching, compression and the CSP on real answers of the whole
 * product, and a raced refresh. Answers are read with node:http, which (unlike fetch) neither asks
 * for nor undoes compression, so the bytes on the wire are what is checked.
 */
let sut: TestApp;
let owner: TestUser;
let station: number;

const STYLE = 'https://tiles.example.org/styles/liberty/style.json';
const DAY = 86_400_000;
const T0 = Date.parse('2025-06-01T00:00:00Z');

type Raw = { status: number; headers: http.IncomingHttpHeaders; body: Buffer };

const get = (urlPath: string, headers: Record<string, string> = {}): Promise<Raw> =>
  new Promise((resolve, reject) => {
    const req = http.get(`${sut.url}${urlPath}`, { headers, agent: false }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks) }));
    });
    req.on('error', reject);
  });

const decoded = (raw: Raw): Buffer =>
  raw.headers['content-encoding'] === 'br'
    ? brotliDecompressSync(raw.body)
    : raw.headers['content-encoding'] === 'gzip'
      ? gunzipSync(raw.body)
      : raw.body;

const auth = (user: TestUser) => ({ authorization: `Bearer ${user.token}` });

/** `npm test` builds the web app first; a jest run alone may have none (index.html is then absent). */
const webBuilt = existsSync(path.join(webDistDir, 'index.html'));

beforeAll(async () => {
  sut = await startTestApp({ VITE_MAP_STYLE_URL: STYLE });
  owner = await signUp(sut, outboxOf(sut.dataDir), { name: 'Owner' });
  const registered = await callApi(sut.url, 'POST', '/api/stations', {
    token: owner.token,
    body: { deviceId: newDeviceId(), name: 'Flood' },
  });
  station = registered.body!['id'] as number;
  // One day of one-minute readings of every flood sensor (wh.floodnet: sensors 70 to 80).
  const values = [];
  for (let m = 0; m < 24 * 60; m++) {
    for (let sensor = 70; sensor <= 80; sensor++) {
      values.push({
        station_id: station,
        module_id: 5,
        sensor_id: sensor,
        time: new Date(T0 + m * 60_000).toISOString(),
        value: Math.round((Math.sin(m / 37 + sensor) * 40 + 50) * 1000) / 1000,
        ingestion_id: 1,
        version: 1,
      });
    }
  }
  await sut.runtime.clickhouse.client.insert({ table: 'readings', format: 'JSONEachRow', values });
  await rebuildStoredAggregates(sut.runtime.clickhouse);
});
afterAll(() => sut.close());

describe('Cache-Control', () => {
  it('is no-store on API answers, which depend on the caller: data, errors, sign-in', async () => {
    for (const [urlPath, headers] of [
      ['/api/user', auth(owner)],
      ['/api/user', {}],
      ['/api/projects', {}],
      [`/api/stations/${station}`, auth(owner)],
      ['/api/no-such-route', {}],
      ['/api/status', {}],
    ] as const) {
      const res = await get(urlPath, headers);
      expect({ urlPath, cacheControl: res.headers['cache-control'] }).toEqual({ urlPath, cacheControl: 'no-store' });
    }
  });

  it('lets caches keep what is the same for everyone: the API docs for minutes (control: not no-store everywhere)', async () => {
    expect((await get('/api/docs/openapi.json')).headers['cache-control']).toBe('public, max-age=300');
    expect((await get('/api/docs')).headers['cache-control']).toBe('public, max-age=300');
  });

  (webBuilt ? it : it.skip)('keeps hashed assets for a year, and has index.html revalidated', async () => {
    const index = await get('/');
    expect(index.headers['cache-control']).toBe('no-cache');
    expect((await get('/projects/1')).headers['cache-control']).toBe('no-cache');
    const asset = /src="(\/assets\/[^"]+\.js)"/.exec(decoded(index).toString('utf8'))?.[1];
    expect(asset).toBeDefined();
    expect((await get(asset!)).headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect((await get('/favicon.svg')).headers['cache-control']).toBe('public, max-age=3600');
    // An asset the build did not make is a 404, not the app with a year-long cache.
    expect((await get('/assets/gone-0000.js')).status).toBe(404);
  });
});

describe('compression', () => {
  const chart = () => `/api/sensors/data?start=${T0}&end=${T0 + DAY}&stations=${station}&resolution=1440`;

  it('compresses a one-day flood chart as the client accepts (brotli, gzip), and not for a client that accepts neither', async () => {
    const plain = await get(chart(), auth(owner));
    expect(plain.status).toBe(200);
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.headers['vary']).toMatch(/Accept-Encoding/i);
    const rows = (JSON.parse(plain.body.toString('utf8')) as { data: unknown[] }).data.length;
    expect(rows).toBe(24 * 60 * 11);

    const br = await get(chart(), { ...auth(owner), 'accept-encoding': 'gzip, deflate, br' });
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers['vary']).toMatch(/Accept-Encoding/i);
    expect(Number(br.headers['content-length'])).toBe(br.body.length);
    expect(decoded(br).equals(plain.body)).toBe(true);

    const gz = await get(chart(), { ...auth(owner), 'accept-encoding': 'gzip' });
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(decoded(gz).equals(plain.body)).toBe(true);

    const refused = await get(chart(), { ...auth(owner), 'accept-encoding': 'br;q=0, gzip;q=0, identity' });
    expect(refused.headers['content-encoding']).toBeUndefined();

    console.log(
      `one-day flood chart (${rows} rows): ${plain.body.length} bytes plain, ${gz.body.length} gzip, ${br.body.length} brotli`,
    );
    expect(br.body.length).toBeLessThan(plain.body.length / 5);
  });

  it('leaves answers under 1 KB as they are', async () => {
    const small = await get('/api/no-such-route', { 'accept-encoding': 'br, gzip' });
    expect(small.body.length).toBeLessThan(1024);
    expect(small.headers['content-encoding']).toBeUndefined();
    const docs = await get('/api/docs/openapi.json', { 'accept-encoding': 'br, gzip' });
    expect(docs.headers['content-encoding']).toBe('br');
  });

  it('sends media bytes as they are (no encoding on a photo, its bytes intact)', async () => {
    const sharp = (await import('sharp')).default;
    const png = await sharp({
      create: { width: 300, height: 300, channels: 3, background: '#336699', noise: { type: 'gaussian', mean: 128, sigma: 40 } },
    })
      .png()
      .toBuffer();
    expect(png.length).toBeGreaterThan(10_000);
    const form = new FormData();
    form.append('file', new Blob([png]), 'me.png');
    const up = await fetch(`${sut.url}/api/user/media`, { method: 'POST', body: form, headers: auth(owner) });
    expect(up.status).toBe(200);
    const photo = await get(`/api/user/${owner.id}/media`, { ...auth(owner), 'accept-encoding': 'br, gzip' });
    expect(photo.status).toBe(200);
    expect(photo.headers['content-type']).toBe('image/png');
    expect(photo.headers['content-encoding']).toBeUndefined();
    expect((await sharp(photo.body).metadata()).width).toBe(300);
  });

  (webBuilt ? it : it.skip)('serves built assets precompressed at build time, with their own type', async () => {
    const index = await get('/', { 'accept-encoding': 'gzip, deflate, br' });
    // index.html is precompressed only when it is at least the build's 1 KB minimum (with few chunks
    // to preload it is smaller), and is then sent as brotli.
    const indexPrecompressed = existsSync(path.join(webDistDir, 'index.html.br'));
    expect(index.headers['content-encoding']).toBe(indexPrecompressed ? 'br' : undefined);
    expect(index.headers['content-type']).toMatch(/^text\/html/);
    const html = decoded(index).toString('utf8');
    expect(html).toBe(readFileSync(path.join(webDistDir, 'index.html'), 'utf8'));
    const asset = /src="(\/assets\/[^"]+\.js)"/.exec(html)![1]!;
    const file = path.join(webDistDir, asset);

    const br = await get(asset, { 'accept-encoding': 'gzip, deflate, br' });
    expect(br.headers).toMatchObject({ 'content-encoding': 'br', vary: 'Accept-Encoding' });
    expect(br.headers['content-type']).toMatch(/^text\/javascript/);
    expect(br.body.equals(readFileSync(`${file}.br`))).toBe(true);
    const gz = await get(asset, { 'accept-encoding': 'gzip' });
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(gz.body.equals(readFileSync(`${file}.gz`))).toBe(true);
    // Control: a client that accepts neither gets the plain file.
    const plain = await get(asset);
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body.equals(readFileSync(file))).toBe(true);
    console.log(`entry script ${asset}: ${plain.body.length} bytes plain, ${gz.body.length} gzip, ${br.body.length} brotli`);
  });
});

describe('the CSP', () => {
  const directive = (csp: string, name: string) =>
    (
      csp
        .split(';')
        .map((d) => d.trim().split(/\s+/))
        .find(([n]) => n === name) ?? []
    ).slice(1);

  it('lets the app connect to and load images from itself and the configured map style host only, never https: at large', async () => {
    const csp = String((await get('/api/status')).headers['content-security-policy']);
    for (const name of ['connect-src', 'img-src']) {
      const sources = directive(csp, name);
      expect(sources).toContain("'self'");
      // Control: the configured style's host is there, so a check for hosts can see one.
      expect(sources).toContain('https://tiles.example.org');
      expect(sources).not.toContain('https:');
      expect(sources.filter((s) => /^(https?|wss?):$/.test(s))).toEqual([]);
      expect(sources.filter((s) => s.includes('mapbox'))).toEqual([]);
    }
  });
});

describe('a raced refresh', () => {
  it('leaves one live token: one of five refreshes with the same token wins, the others are 409, the old token is dead', async () => {
    const login = await callApi(sut.url, 'POST', '/api/login', { body: { email: owner.email, password: owner.password } });
    const refreshToken = claimsOf(bearerOf(login))['refresh_token'];
    const raced = await Promise.all(
      Array.from({ length: 5 }, () => callApi(sut.url, 'POST', '/api/refresh', { body: { refreshToken } })),
    );
    expect(raced.map((r) => r.status).sort()).toEqual([204, 409, 409, 409, 409]);
    // The losers carry no token.
    expect(raced.filter((r) => r.status === 409 && r.headers.get('authorization'))).toEqual([]);
    const winner = bearerOf(raced.find((r) => r.status === 204)!);
    const next = claimsOf(winner)['refresh_token'];
    expect(next).not.toBe(refreshToken);

    // The old token is dead: presented again it mints nothing, and the session goes on.
    const old = await callApi(sut.url, 'POST', '/api/refresh', { body: { refreshToken } });
    expect(old).toMatchObject({ status: 409, body: { code: 'SESSION.REFRESH_RACED' } });
    expect(old.headers.get('authorization')).toBeNull();
    expect((await callApi(sut.url, 'GET', '/api/user', { token: winner })).status).toBe(200);

    // Only the winner's new refresh token works.
    const again = await callApi(sut.url, 'POST', '/api/refresh', { body: { refreshToken: next } });
    expect(again.status).toBe(204);
    expect((await callApi(sut.url, 'GET', '/api/user', { token: bearerOf(again) })).status).toBe(200);
  });
});
