import { callApi } from '../support/accounts.js';
import { startTestApp, type TestApp } from '../support/test-app.js';

let sut: TestApp;

const viz = [[[12, [34, 2]]], [1_700_000_000_000, 1_701_000_000_000], [], 0, 14];
const bookmark = { v: 1, g: [[[viz]]], s: [12], p: [], c: null };
const save = (b: unknown) => callApi(sut.url, 'POST', `/api/bookmarks/save?bookmark=${encodeURIComponent(JSON.stringify(b))}`);
const resolve = (token: string) => callApi(sut.url, 'GET', `/api/bookmarks/resolve?v=${encodeURIComponent(token)}`);
const rowsOf = async (content: string) =>
  Number((await sut.runtime.pool.query('SELECT count(*) AS n FROM gt_bookmarks WHERE content = $1', [content])).rows[0].n);

beforeAll(async () => {
  sut = await startTestApp();
});
afterAll(() => sut?.close());

describe('bookmarks', () => {
  it('saves from the query, answers a short token, and resolves it to the canonical bookmark', async () => {
    const res = await save(bookmark);
    expect(res.status).toBe(200);
    const token = res.body!['token'] as string;
    expect(token).toMatch(/^[A-Za-z0-9_-]{12}$/);
    expect(res.body!['url']).toBe(`/viz?v=${token}`);
    const back = await resolve(token);
    expect(back.status).toBe(200);
    expect(JSON.parse(back.body!['bookmark'] as string)).toEqual(bookmark);
  });

  it('the same content saved twice (query or body, any key order, the old viz form) is one row with one token', async () => {
    const first = (await save(bookmark)).body!['token'];
    const reordered = { c: null, s: [12], g: [[[viz]]], v: 1 };
    const body = await callApi(sut.url, 'POST', '/api/bookmarks/save', { body: reordered });
    expect(body.status).toBe(200);
    expect(body.body!['token']).toBe(first);
    const old = { v: 1, s: [12], g: [[[[[12], [[34, 2]], viz[1], [], 0, 14]]]] };
    expect((await save(old)).body!['token']).toBe(first);
    expect(await rowsOf(body.body!['bookmark'] as string)).toBe(1);
    // control: different content is another token
    const other = (await save({ ...bookmark, s: [13] })).body!['token'];
    expect(other).not.toBe(first);
  });

  it('a colliding token prefix held by other content makes the newcomer take a longer token', async () => {
    const content = '{"v":1,"g":[],"s":[99],"p":[],"c":null}';
    const { bookmarkHash } = await import('../../apps/api/src/bookmarks/bookmark-store.js');
    const prefix = bookmarkHash(content).slice(0, 12);
    await sut.runtime.pool.query('INSERT INTO gt_bookmarks (token, content) VALUES ($1, $2)', [prefix, 'squatter']);
    const res = await save({ v: 1, g: [], s: [99] });
    expect(res.status).toBe(200);
    expect(res.body!['token']).toBe(bookmarkHash(content).slice(0, 16));
    expect((await resolve(prefix)).body!['bookmark']).toBe('squatter');
    expect((await resolve(res.body!['token'] as string)).body!['bookmark']).toBe(content);
  });

  it.each([
    [
      'an unknown version',
      '/api/bookmarks/save?bookmark=' + encodeURIComponent('{"v":2,"g":[],"s":[]}'),
      'BOOKMARK.VERSION_UNKNOWN',
    ],
    ['bad JSON', '/api/bookmarks/save?bookmark=%7Bv', 'BOOKMARK.INVALID'],
    [
      'a bad viz',
      '/api/bookmarks/save?bookmark=' + encodeURIComponent('{"v":1,"g":[[[[[],[2,1],[],0,0]]]],"s":[]}'),
      'BOOKMARK.INVALID',
    ],
    ['nothing', '/api/bookmarks/save', 'BOOKMARK.MISSING'],
  ])('refuses %s with a 400 and its code', async (_, path, code) => {
    const res = await callApi(sut.url, 'POST', path);
    expect(res.status).toBe(400);
    expect(res.body!['code']).toBe(code);
  });

  it('refuses a bad body with the place named', async () => {
    const res = await callApi(sut.url, 'POST', '/api/bookmarks/save', {
      body: { v: 1, g: [[[[[[1, [2]]], [1, 2], [], 0, 0]]]], s: [] },
    });
    expect(res.status).toBe(400);
    expect(res.body!['errors']).toEqual({ 'g[0][0][0][0][0][1]': 'must be [moduleId, sensorId]' });
  });

  it('an unknown token is a 404, a malformed one a 400', async () => {
    expect((await resolve('AAAAAAAAAAAA')).status).toBe(404);
    expect((await resolve('AAAAAAAAAAAA')).body!['code']).toBe('BOOKMARK.NOT_FOUND');
    expect((await resolve('no way')).status).toBe(400);
  });
});
