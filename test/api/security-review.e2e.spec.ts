import http from 'node:http';
import { positionToString } from '../../libs/platform/src/index.js';
import { callApi, outboxOf, signUp, type TestUser } from '../support/accounts.js';
import { newDeviceId } from '../support/device-ids.js';
import { joinProject } from '../support/project-team.js';
import { startTestApp, type TestApp } from '../support/test-app.js';

/**
 * Findings of the security review (issue 31 item 5) that need the whole product: each test failed
 * on the code before its fix (see the commits).
 */
let sut: TestApp;
let owner: TestUser;

beforeAll(async () => {
  sut = await startTestApp();
  owner = await signUp(sut, outboxOf(sut.dataDir), { name: 'Owner' });
});
afterAll(() => sut.close());

describe('Groundtruth-After', () => {
  it('answers a position beyond the log head with a 400 at once, on any anonymous GET', async () => {
    for (const after of ['99999999999/0', '99999999999999999999/0', 'soon']) {
      const started = Date.now();
      const res = await callApi(sut.url, 'GET', '/api/projects', { headers: { 'Groundtruth-After': after } });
      expect({ after, status: res.status, code: res.body?.['code'] }).toEqual({ after, status: 400, code: 'AFTER.UNKNOWN' });
      expect(Date.now() - started).toBeLessThan(1000);
    }
  });

  it('serves a position the log gave out, as before', async () => {
    const head = (await sut.runtime.store.headPosition())!;
    const res = await callApi(sut.url, 'GET', '/api/projects', { headers: { 'Groundtruth-After': positionToString(head) } });
    expect(res.status).toBe(200);
  });
});

describe('GET /api/status', () => {
  it("lists a private station's unfinished upload to whoever may read the station, and only counts it for others", async () => {
    const registered = await callApi(sut.url, 'POST', '/api/stations', {
      token: owner.token,
      body: { deviceId: newDeviceId(), name: 'Private pier' },
    });
    expect(registered.status).toBe(200);
    const station = registered.body!['id'] as number;
    // An upload received and not processed yet, as the ingestions read model holds it.
    await sut.runtime.pool.query(
      `INSERT INTO ingestions (id, station_id, device_id, generation, type, size, first_block, last_block, content_type, blob_key, received_at, records, readings, data_start, data_end)
       VALUES (987654, $1, 'aa', 'bb', 'data', 1000, 1, 40, 'application/vnd.fk.data+binary', 'secret-key', now(), 40, 4000, now() - interval '1 day', now())`,
      [station],
    );
    const unfinishedOf = (reply: Awaited<ReturnType<typeof callApi>>) =>
      ((reply.body!['ingestions'] as { unfinished: { id: number; stationId: number }[] }).unfinished ?? []).map((u) => u.id);

    const anonymous = await callApi(sut.url, 'GET', '/api/status');
    expect(anonymous.status).toBe(200);
    expect((anonymous.body!['ingestions'] as { received: number }).received).toBeGreaterThanOrEqual(1);
    expect(unfinishedOf(anonymous)).not.toContain(987654);
    expect(JSON.stringify(anonymous.body)).not.toContain('"stationId"');

    const stranger = await signUp(sut, outboxOf(sut.dataDir), { name: 'Stranger' });
    expect(unfinishedOf(await callApi(sut.url, 'GET', '/api/status', { token: stranger.token }))).not.toContain(987654);

    const own = await callApi(sut.url, 'GET', '/api/status', { token: owner.token });
    expect(unfinishedOf(own)).toContain(987654);
  });
});

describe('ETag and If-Match', () => {
  /** A GET's status by node:http: fetch adds `Cache-Control: no-cache` to a conditional GET, which no server answers 304. */
  const plainGet = (path: string, headers: Record<string, string>): Promise<number> =>
    new Promise((resolve, reject) => {
      http
        .get(`${sut.url}${path}`, { headers, agent: false }, (res) => {
          res.resume();
          res.on('end', () => resolve(res.statusCode ?? 0));
        })
        .on('error', reject);
    });

  type Case = {
    name: string;
    read: () => Promise<string>;
    edit: (n: number) => { method: string; path: string; body: unknown };
    staleCode: string;
  };
  const cases = (): Case[] => {
    const ids: { project?: number; station?: number; update?: number; member?: string } = {};
    const project = async () =>
      (ids.project ??= (
        await callApi(sut.url, 'POST', '/api/projects', {
          token: owner.token,
          body: { name: 'Tagged', description: 'd', goal: 'g', location: 'l' },
        })
      ).body!['id'] as number);
    const station = async () =>
      (ids.station ??= (
        await callApi(sut.url, 'POST', '/api/stations', { token: owner.token, body: { deviceId: newDeviceId(), name: 'Tagged' } })
      ).body!['id'] as number);
    const update = async () =>
      (ids.update ??= (
        await callApi(sut.url, 'POST', `/api/projects/${await project()}/updates`, {
          token: owner.token,
          body: { body: 'first' },
        })
      ).body!['id'] as number);
    return [
      {
        name: 'project',
        read: async () => `/api/projects/${await project()}`,
        edit: (n) => ({ method: 'PATCH', path: `/api/projects/${ids.project}`, body: { goal: `goal ${n}` } }),
        staleCode: 'VERSION.STALE',
      },
      {
        name: 'project update',
        read: async () => `/api/projects/updates/${await update()}`,
        edit: (n) => ({
          method: 'POST',
          path: `/api/projects/${ids.project}/updates/${ids.update}`,
          body: { body: `update ${n}` },
        }),
        staleCode: 'VERSION.STALE',
      },
      {
        name: 'project team',
        read: async () => {
          const id = await project();
          const member = await signUp(sut, outboxOf(sut.dataDir), { name: 'Member' });
          await joinProject(sut.url, outboxOf(sut.dataDir), owner, id, member);
          ids.member = member.email;
          return `/api/users/project/${id}`;
        },
        edit: (n) => ({ method: 'PATCH', path: `/api/projects/${ids.project}/roles`, body: { email: ids.member, role: n % 2 } }),
        staleCode: 'VERSION.STALE',
      },
      {
        name: 'station',
        read: async () => `/api/stations/${await station()}`,
        edit: (n) => ({ method: 'PATCH', path: `/api/stations/${ids.station}`, body: { description: `description ${n}` } }),
        staleCode: 'VERSION.STALE',
      },
      {
        name: 'station notes',
        read: async () => `/api/stations/${await station()}/notes`,
        edit: (n) => ({
          method: 'PATCH',
          path: `/api/stations/${ids.station}/notes`,
          body: { creating: [{ key: `studyObjective`, body: `notes ${n}` }] },
        }),
        staleCode: 'NOTES.CHANGED',
      },
      {
        name: 'profile',
        read: async () => '/api/user',
        edit: (n) => ({ method: 'PATCH', path: `/api/users/${owner.id}`, body: { bio: `bio ${n}` } }),
        staleCode: 'VERSION.STALE',
      },
    ];
  };

  it("sends a versioned resource's version as its ETag, which If-Match takes; a stale one is a 409", async () => {
    for (const c of cases()) {
      const path = await c.read();
      const read = await callApi(sut.url, 'GET', path, { token: owner.token });
      expect({ name: c.name, status: read.status, etag: read.headers.get('etag') }).toEqual({
        name: c.name,
        status: 200,
        etag: `"${read.body!['version'] as number}"`,
      });
      const etag = read.headers.get('etag')!;
      const first = c.edit(1);
      const edited = await callApi(sut.url, first.method, first.path, {
        token: owner.token,
        body: first.body,
        headers: { 'if-match': etag },
      });
      expect({ name: c.name, status: edited.status }).toEqual({ name: c.name, status: 200 });
      const second = c.edit(2);
      const stale = await callApi(sut.url, second.method, second.path, {
        token: owner.token,
        body: second.body,
        headers: { 'if-match': etag },
      });
      expect({ name: c.name, status: stale.status, code: stale.body?.['code'] }).toEqual({
        name: c.name,
        status: 409,
        code: c.staleCode,
      });
      // The ETag validates edits, not the answer (counts and roles change without it): never a 304.
      const current = (await callApi(sut.url, 'GET', path, { token: owner.token })).headers.get('etag')!;
      const again = await plainGet(path, { authorization: `Bearer ${owner.token}`, 'if-none-match': current });
      expect({ name: c.name, status: again }).toEqual({ name: c.name, status: 200 });
    }
  });

  it('documents the ETag of a versioned GET in the OpenAPI document', async () => {
    const doc = (await callApi(sut.url, 'GET', '/api/docs/openapi.json')).body as {
      paths: Record<string, Record<string, { responses: Record<string, { headers?: Record<string, unknown> }> }>>;
    };
    expect(doc.paths['/api/projects/{id}']!['get']!.responses['200']!.headers).toHaveProperty('ETag');
    expect(doc.paths['/api/projects']!['get']!.responses['200']!.headers).toBeUndefined();
  });

  it('sends no ETag on answers whose ETag no edit takes', async () => {
    for (const path of ['/api/projects', '/api/status', `/api/user/projects`]) {
      const res = await callApi(sut.url, 'GET', path, { token: owner.token });
      expect({ path, status: res.status, etag: res.headers.get('etag') }).toEqual({ path, status: 200, etag: null });
    }
  });
});
