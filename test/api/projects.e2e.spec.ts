import { callApi, outboxOf, signUp, type TestUser } from '../support/accounts.js';
import { startTestApp, type TestApp } from '../support/test-app.js';

let sut: TestApp;
let owner: TestUser;
let stranger: TestUser;
let admin: TestUser;
beforeAll(async () => {
  sut = await startTestApp();
  const mailbox = outboxOf(sut.dataDir);
  owner = await signUp(sut, mailbox, { name: 'Owner' });
  stranger = await signUp(sut, mailbox, { name: 'Stranger' });
  admin = await signUp(sut, mailbox, { name: 'Site Admin', admin: true });
});
afterAll(() => sut.close());

/** Calls as the project owner unless another token (or null, anonymous) is given. */
const call = (method: string, path: string, body?: unknown, raw?: string, token: string | null = owner.token) =>
  callApi(sut.url, method, path, { body, raw, token });

const valid = {
  name: 'Harbor Watch',
  description: 'Salinity in the harbor',
  goal: 'Open data',
  location: 'New York',
  tags: ['water'],
};

describe('projects API', () => {
  it('creates a project and the very next GET shows it (read-your-writes)', async () => {
    const created = await call('POST', '/api/projects', valid);
    expect(created.status).toBe(200);
    expect(created.body).toMatchObject({ ...valid, public: true, privacy: 1, slug: 'harbor-watch' });
    const id = created.body!['id'] as number;
    expect(Number.isInteger(id)).toBe(true);
    expect((await call('GET', `/api/projects/${id}`)).body).toMatchObject({ id, name: 'Harbor Watch' });
    const list = await call('GET', '/api/projects');
    expect((list.body!['projects'] as { id: number }[]).map((p) => p.id)).toContain(id);
  });

  it('updates a project and shows the change at once', async () => {
    const { body } = await call('POST', '/api/projects', { ...valid, name: 'To rename' });
    const id = body!['id'] as number;
    const updated = await call('PATCH', `/api/projects/${id}`, { name: 'Renamed', tags: '["a","b"]' });
    expect(updated.status).toBe(200);
    expect((await call('GET', `/api/projects/${id}`)).body).toMatchObject({ name: 'Renamed', tags: ['a', 'b'] });
  });

  it('hides private projects from the list and answers 403 to outsiders, not to their administrator', async () => {
    const { body } = await call('POST', '/api/projects', { ...valid, name: 'Secret bench', privacy: 0 });
    const id = body!['id'] as number;
    const list = await call('GET', '/api/projects', undefined, undefined, null);
    expect((list.body!['projects'] as { id: number }[]).map((p) => p.id)).not.toContain(id);
    for (const token of [null, stranger.token]) {
      expect(await call('GET', `/api/projects/${id}`, undefined, undefined, token)).toMatchObject({
        status: 403,
        body: { code: 'PROJECT.PRIVATE' },
      });
    }
    expect(await call('GET', `/api/projects/${id}`)).toMatchObject({ status: 200, body: { name: 'Secret bench' } });
    expect(await call('GET', `/api/projects/${id}`, undefined, undefined, admin.token)).toMatchObject({ status: 200 });
  });

  it('needs sign-in to create (401) and the project administrator or a site admin to edit (403 otherwise)', async () => {
    expect(await call('POST', '/api/projects', valid, undefined, null)).toMatchObject({
      status: 401,
      body: { code: 'AUTH.REQUIRED' },
    });
    const { body } = await call('POST', '/api/projects', { ...valid, name: 'Guarded' });
    const id = body!['id'] as number;
    expect(await call('PATCH', `/api/projects/${id}`, { goal: 'x' }, undefined, null)).toMatchObject({ status: 401 });
    expect(await call('PATCH', `/api/projects/${id}`, { goal: 'x' }, undefined, stranger.token)).toMatchObject({
      status: 403,
      body: { code: 'AUTH.FORBIDDEN' },
    });
    expect(await call('PATCH', `/api/projects/${id}`, { goal: 'By the admin' }, undefined, admin.token)).toMatchObject({
      status: 200,
      body: { goal: 'By the admin' },
    });
  });

  it.each([
    ['missing fields', {}, ['name', 'description', 'goal', 'location']],
    ['blank and too long', { ...valid, name: '   ', goal: 'x'.repeat(101) }, ['name', 'goal']],
    [
      'wrong types',
      { ...valid, privacy: 'public', showStations: 'yes', bounds: { min: [0], max: 'x' } },
      ['privacy', 'showStations'],
    ],
    ['bad dates', { ...valid, startTime: 'yesterday' }, ['startTime']],
    ['end before start', { ...valid, startTime: '2026-02-01T00:00:00Z', endTime: '2026-01-01T00:00:00Z' }, ['endTime']],
    ['negative privacy', { ...valid, privacy: -1 }, ['privacy']],
  ])('answers 400 with field errors for %s', async (_case, body, fields) => {
    const res = await call('POST', '/api/projects', body);
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({ code: expect.any(String), message: expect.any(String) });
    expect(Object.keys(res.body!['errors'] as object)).toEqual(expect.arrayContaining(fields as string[]));
  });

  it.each([
    ['malformed JSON', 'POST', '/api/projects', '{"name": '],
    ['a JSON array', 'POST', '/api/projects', '[1,2]'],
    ['a JSON string', 'POST', '/api/projects', '"text"'],
    ['an oversized body', 'POST', '/api/projects', JSON.stringify({ ...valid, description: 'x'.repeat(2_000_000) })],
  ])('answers 4xx, never 500, for %s', async (_case, method, path, raw) => {
    const res = await call(method, path, undefined, raw);
    expect(res.status).toBeGreaterThanOrEqual(400);
    expect(res.status).toBeLessThan(500);
    expect(res.body).toMatchObject({ code: expect.any(String), message: expect.any(String) });
  });

  it.each(['abc', '1.5', '-3', '0', '99999999999999999999'])('answers 400 for the project id %s', async (id) => {
    expect((await call('GET', `/api/projects/${id}`)).status).toBe(400);
  });

  it('answers 404 for a missing project, on read and on update', async () => {
    expect(await call('GET', '/api/projects/987654')).toMatchObject({ status: 404, body: { code: 'PROJECT.NOT_FOUND' } });
    expect(await call('PATCH', '/api/projects/987654', { name: 'x' })).toMatchObject({ status: 404 });
  });

  it('answers 409, not a lost update, when two changes race on one project', async () => {
    const { body } = await call('POST', '/api/projects', { ...valid, name: 'Raced' });
    const id = body!['id'] as number;
    const results = await Promise.all(
      Array.from({ length: 6 }, (_, i) => call('PATCH', `/api/projects/${id}`, { goal: `goal ${i}` })),
    );
    const statuses = results.map((r) => r.status);
    expect(statuses).toContain(200);
    expect(statuses.every((s) => s === 200 || s === 409)).toBe(true);
  });

  it('answers unknown API paths with a 404 error body and passes request and correlation ids through', async () => {
    const res = await fetch(`${sut.url}/api/nothing-here`, { headers: { 'x-correlation-id': 'corr-abc' } });
    expect(res.status).toBe(404);
    expect(res.headers.get('x-correlation-id')).toBe('corr-abc');
    expect(res.headers.get('x-request-id')).toBeTruthy();
  });

  it('records the correlation id and the time in the event metadata', async () => {
    const res = await fetch(`${sut.url}/api/projects`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-correlation-id': 'corr-meta', authorization: `Bearer ${owner.token}` },
      body: JSON.stringify({ ...valid, name: 'Traced' }),
    });
    const { id } = (await res.json()) as { id: number };
    const [event] = await sut.runtime.store.readStream(`project-${id}`);
    expect(event?.metadata).toMatchObject({ correlationId: 'corr-meta', occurredAt: expect.any(String), userId: owner.id });
  });
});

describe('status and docs', () => {
  it('reports identity, healthy stores and projection lags', async () => {
    const res = await call('GET', '/api/status');
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      serverName: expect.any(String),
      tag: expect.any(String),
      name: expect.any(String),
      git: { hash: expect.any(String) },
      healthy: true,
    });
    expect(res.body!['projections']).toEqual(
      expect.arrayContaining([expect.objectContaining({ name: 'projects', state: 'running', lag: expect.any(Number) })]),
    );
  });

  it('serves an OpenAPI document generated from the validation schemas', async () => {
    const res = await call('GET', '/api/docs/openapi.json');
    expect(res.status).toBe(200);
    const doc = res.body as {
      openapi: string;
      paths: Record<string, Record<string, unknown>>;
      components: { schemas: Record<string, unknown> };
    };
    expect(doc.openapi).toMatch(/^3\./);
    expect(Object.keys(doc.paths)).toEqual(expect.arrayContaining(['/api/projects', '/api/projects/{id}', '/api/status']));
    expect(doc.components.schemas['CreateProject']).toMatchObject({ properties: { name: { maxLength: 100 } } });
    expect(JSON.stringify(doc)).not.toContain('#/$defs');
    expect(JSON.stringify(doc)).not.toContain('#/definitions');
    expect((await fetch(`${sut.url}/api/docs`)).status).toBe(200);
    // The viewer's own files are served (Nest must not answer them with its 404).
    for (const [file, type] of [
      ['swagger-ui-bundle.js', /javascript/],
      ['swagger-ui.css', /text\/css/],
    ] as const) {
      const asset = await fetch(`${sut.url}/api/docs/assets/${file}`);
      await asset.arrayBuffer();
      expect(asset.status).toBe(200);
      expect(asset.headers.get('content-type')).toMatch(type);
    }
    expect(Object.keys(doc.paths)).toEqual(expect.arrayContaining(['/api/login', '/api/users', '/api/user', '/api/admin/user']));
  });
});
