import sharp from 'sharp';
import { projectMessages } from '../../libs/domain/src/index.js';
import { linkTokenOf, outboxOf, signUp, type Mailbox, type TestUser } from '../support/accounts.js';
import { callAsReader } from '../support/versions.js';
import { startTestApp, type TestApp } from '../support/test-app.js';
import { newDeviceId } from '../support/device-ids.js';

let sut: TestApp;
let owner: TestUser;
let stranger: TestUser;
let admin: TestUser;
let mailbox: Mailbox;
beforeAll(async () => {
  sut = await startTestApp();
  mailbox = outboxOf(sut.dataDir);
  owner = await signUp(sut, mailbox, { name: 'Owner' });
  stranger = await signUp(sut, mailbox, { name: 'Stranger' });
  admin = await signUp(sut, mailbox, { name: 'Site Admin', admin: true });
});
afterAll(() => sut.close());

/** Calls as the project owner unless another token (or null, anonymous) is given. */
const call = (method: string, path: string, body?: unknown, raw?: string, token: string | null = owner.token) =>
  callAsReader(sut.url, method, path, { body, raw, token });

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
      // Every read of the project or of what hangs off it refuses alike (spec §8).
      for (const path of [`/api/projects/${id}`, `/api/projects/${id}/followers`, `/api/projects/${id}/activity`]) {
        expect(await call('GET', path, undefined, undefined, token)).toMatchObject({
          status: 403,
          body: { code: 'PROJECT.PRIVATE', message: projectMessages.private },
        });
      }
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
    const version = body!['version'] as number;
    const results = await Promise.all(
      Array.from({ length: 6 }, (_, i) => call('PATCH', `/api/projects/${id}`, { goal: `goal ${i}`, version })),
    );
    const statuses = results.map((r) => r.status);
    expect(statuses.filter((s) => s === 200)).toHaveLength(1);
    expect(statuses.filter((s) => s === 409)).toHaveLength(5);
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

type ProjectAnswer = {
  id: number;
  name: string;
  photo: { url: string } | null;
  readOnly: boolean;
  following: { following: boolean; total: number };
  followers: number;
  duration: number | null;
  modules: string[];
  role: string | null;
  users?: { user: { id: number | null; name: string | null; email?: string }; role: string; invited: boolean }[];
};

const as = (user: TestUser | null) => ({
  get: (path: string) => call('GET', path, undefined, undefined, user?.token ?? null),
  post: (path: string, body?: unknown) => call('POST', path, body, undefined, user?.token ?? null),
  patch: (path: string, body?: unknown) => call('PATCH', path, body, undefined, user?.token ?? null),
  delete: (path: string, body?: unknown) => call('DELETE', path, body, undefined, user?.token ?? null),
});

let projectCount = 0;
/** A new project of `by` (the owner unless said), public unless privacy 0 is given. */
const newProject = async (overrides: Record<string, unknown> = {}, by: TestUser = owner): Promise<number> => {
  projectCount += 1;
  const res = await as(by).post('/api/projects', { ...valid, name: `Project ${projectCount}`, ...overrides });
  if (res.status !== 200) throw new Error(`create failed: ${res.status} ${JSON.stringify(res.body)}`);
  return res.body!['id'] as number;
};

/** Makes `user` a member of the project through the real invitation path (mail read from the outbox). */
const join = async (projectId: number, user: TestUser, role: 0 | 1 = 0, by: TestUser = owner) => {
  const invited = await as(by).post(`/api/projects/${projectId}/invite`, { email: user.email, role });
  if (invited.status !== 200) throw new Error(`invite failed: ${invited.status} ${JSON.stringify(invited.body)}`);
  const { name } = (await as(by).get(`/api/projects/${projectId}`)).body as ProjectAnswer;
  const mail = await mailbox.waitFor((m) => m.to.includes(user.email) && m.subject.includes(name));
  const token = linkTokenOf(mail, /\/projects\/invitation\?token=([^&#]+)/);
  const invite = (await as(null).get(`/api/projects/invites/${encodeURIComponent(token)}`)).body as { id: number };
  const accepted = await as(user).post(`/api/projects/invites/${invite.id}/accept?token=${encodeURIComponent(token)}`);
  if (accepted.status !== 200) throw new Error(`accept failed: ${accepted.status} ${JSON.stringify(accepted.body)}`);
};

let deviceCount = 0;
const newStation = async (by: TestUser, extra: Record<string, unknown> = {}): Promise<number> => {
  deviceCount += 1;
  const res = await as(by).post('/api/stations', {
    deviceId: newDeviceId(),
    name: `Station ${deviceCount}`,
    ...extra,
  });
  if (res.status !== 200) throw new Error(`station failed: ${res.status} ${JSON.stringify(res.body)}`);
  return res.body!['id'] as number;
};

const png = () =>
  sharp({ create: { width: 200, height: 100, channels: 3, background: '#336699' } })
    .png()
    .toBuffer();
const uploadPhoto = (projectId: number | string, bytes: Buffer, token: string | null = owner.token) => {
  const form = new FormData();
  form.append('file', new Blob([bytes]), 'photo.png');
  return fetch(`${sut.url}/api/projects/${projectId}/media`, {
    method: 'POST',
    body: form,
    headers: token ? { authorization: `Bearer ${token}` } : {},
  });
};

const ids = (res: { body: Record<string, unknown> | null }, key = 'projects') =>
  ((res.body?.[key] ?? []) as { id: number }[]).map((p) => p.id);

describe('what a project answer tells the asker', () => {
  it('gives its creator the Administrator role and an editable project, with the team', async () => {
    const id = await newProject();
    const res = await as(owner).get(`/api/projects/${id}`);
    expect(res.body).toMatchObject({
      photo: null,
      readOnly: false,
      role: 'Administrator',
      following: { following: false, total: 0 },
      users: [{ user: { id: owner.id, name: 'Owner', email: owner.email }, role: 'Administrator', invited: false }],
    });
  });

  it('is read-only to members, strangers and anonymous visitors, and shows addresses to administrators only', async () => {
    const id = await newProject();
    const member = await signUp(sut, mailbox, { name: 'Member' });
    await join(id, member);
    for (const [who, role] of [
      [member, 'Member'],
      [stranger, null],
      [null, null],
    ] as const) {
      const { body } = await as(who).get(`/api/projects/${id}`);
      expect(body).toMatchObject({ readOnly: true, role });
      expect(JSON.stringify((body as ProjectAnswer).users)).not.toContain('@');
    }
    expect((await as(admin).get(`/api/projects/${id}`)).body).toMatchObject({ readOnly: false, role: null });
    // A member cannot edit (spec §6: project administrators edit).
    expect((await as(member).patch(`/api/projects/${id}`, { goal: 'mine now' })).status).toBe(403);
  });

  it('tells the duration: from the start to one day after the end (spec §9), null without both dates', async () => {
    const day = 24 * 60 * 60 * 1000;
    const id = await newProject({ startTime: '2026-05-01T00:00:00.000Z', endTime: '2026-05-10T00:00:00.000Z' });
    expect((await as(null).get(`/api/projects/${id}`)).body).toMatchObject({ duration: 10 * day });
    const open = await newProject({ startTime: '2026-05-01T00:00:00.000Z' });
    expect((await as(null).get(`/api/projects/${open}`)).body).toMatchObject({ duration: null });
    const listed = ((await as(null).get('/api/projects')).body!['projects'] as ProjectAnswer[]).find((p) => p.id === id);
    expect(listed?.duration).toBe(10 * day);
  });

  it('counts followers and names the modules of the stations the asker may read, in one answer or a list', async () => {
    const id = await newProject();
    const sensor = (hardwareId: string, name: string, position: number, internal = false) => ({
      hardwareId,
      name,
      position,
      internal,
      sensors: [{ name: 'reading' }],
    });
    const shown = await newStation(owner, {
      modules: [sensor('hw-diag', 'modules.diagnostics', 0, true), sensor('hw-ph', 'modules.water.ph', 1)],
    });
    const alsoPh = await newStation(owner, { modules: [sensor('hw-ph-2', 'modules.water.ph', 0)] });
    const hidden = await newStation(owner, { modules: [sensor('hw-temp', 'modules.water.temp', 0)] });
    expect((await as(owner).patch(`/api/stations/${hidden}`, { hidden: true })).status).toBe(200);
    for (const station of [shown, alsoPh, hidden]) {
      expect((await as(owner).post(`/api/projects/${id}/stations/${station}`)).status).toBe(204);
    }
    await as(stranger).post(`/api/projects/${id}/follow`);

    // Internal modules have no icon; a hidden station's modules are its owner's to see.
    const seenBy = async (who: TestUser | null) => {
      const one = (await as(who).get(`/api/projects/${id}`)).body as ProjectAnswer;
      const listed = ((await as(who).get('/api/projects')).body!['projects'] as ProjectAnswer[]).find((p) => p.id === id)!;
      expect(listed.modules).toEqual(one.modules);
      return one;
    };
    expect(await seenBy(null)).toMatchObject({ modules: ['modules.water.ph'], followers: 1, following: { total: 1 } });
    expect(await seenBy(stranger)).toMatchObject({ modules: ['modules.water.ph'], followers: 1 });
    expect(await seenBy(owner)).toMatchObject({ modules: ['modules.water.ph', 'modules.water.temp'], followers: 1 });
    expect((await as(null).get(`/api/projects/${await newProject()}`)).body).toMatchObject({ modules: [], followers: 0 });
  });
});

describe('deleting a project', () => {
  it('deletes it for its administrator: every call about it is then a 404 and no list shows it', async () => {
    const id = await newProject();
    await as(owner).post(`/api/projects/${id}/follow`);
    await as(owner).post(`/api/projects/${id}/updates`, { body: 'Soon gone' });
    await as(owner).post(`/api/projects/${id}/invite`, { email: 'never-answered@example.org' });
    expect((await as(owner).delete(`/api/projects/${id}`)).status).toBe(204);
    // The unanswered invitation's sealed address is erased with the project.
    const invited = (await sut.runtime.store.readStream(`project-${id}`)).find((e) => e.type === 'ProjectMemberInvited');
    expect(invited?.data).toMatchObject({ pii: null });
    for (const path of [
      `/api/projects/${id}`,
      `/api/projects/${id}/followers`,
      `/api/projects/${id}/updates`,
      `/api/users/project/${id}`,
      `/api/projects/${id}/media`,
    ]) {
      expect(await as(owner).get(path)).toMatchObject({ status: 404, body: { code: 'PROJECT.NOT_FOUND' } });
    }
    expect(ids(await as(null).get('/api/projects'))).not.toContain(id);
    expect(ids(await as(owner).get('/api/user/projects'))).not.toContain(id);
    expect((await as(owner).delete(`/api/projects/${id}`)).status).toBe(404);
    expect((await as(owner).patch(`/api/projects/${id}`, { goal: 'x' })).status).toBe(404);
  });

  it('refuses anonymous (401), strangers and members (403); a site admin may; bad ids are 400', async () => {
    const id = await newProject();
    const member = await signUp(sut, mailbox);
    await join(id, member);
    expect((await as(null).delete(`/api/projects/${id}`)).status).toBe(401);
    expect((await as(stranger).delete(`/api/projects/${id}`)).status).toBe(403);
    expect((await as(member).delete(`/api/projects/${id}`)).status).toBe(403);
    expect((await as(owner).delete('/api/projects/abc')).status).toBe(400);
    expect((await as(owner).delete('/api/projects/987654')).status).toBe(404);
    expect((await as(admin).delete(`/api/projects/${id}`)).status).toBe(204);
  });
});

describe('project photo', () => {
  it('takes a jpeg, png or gif checked by its bytes, and serves it resized', async () => {
    const id = await newProject();
    const res = await uploadPhoto(id, await png());
    expect(res.status).toBe(200);
    const { photo } = (await res.json()) as ProjectAnswer;
    expect(photo!.url).toMatch(new RegExp(`^/api/projects/${id}/media\\?v=`));
    const served = await fetch(`${sut.url}${photo!.url}`);
    expect(served.headers.get('content-type')).toBe('image/png');
    expect(served.headers.get('cache-control')).toMatch(/^public/);
    // Served at the next of the fixed widths (125, 250, 800, 1600).
    const small = await fetch(`${sut.url}/api/projects/${id}/media?size=50`);
    expect((await sharp(Buffer.from(await small.arrayBuffer())).metadata()).width).toBe(125);
    // A new photo replaces the old one.
    const again = (await (await uploadPhoto(id, await png())).json()) as ProjectAnswer;
    expect(again.photo!.url).not.toBe(photo!.url);
  });

  it('refuses other files (400), a missing file (400), a huge one (413), strangers (403) and anonymous (401)', async () => {
    const id = await newProject();
    expect((await uploadPhoto(id, Buffer.from('#!/bin/sh\necho hi'))).status).toBe(400);
    expect(
      (
        await fetch(`${sut.url}/api/projects/${id}/media`, {
          method: 'POST',
          headers: { authorization: `Bearer ${owner.token}` },
        })
      ).status,
    ).toBe(400);
    expect((await uploadPhoto(id, Buffer.alloc(11 * 1024 * 1024, 0xff))).status).toBe(413);
    expect((await uploadPhoto(id, await png(), stranger.token)).status).toBe(403);
    expect((await uploadPhoto(id, await png(), null)).status).toBe(401);
    expect((await uploadPhoto(987654, await png())).status).toBe(404);
    expect((await uploadPhoto('abc', await png())).status).toBe(400);
    expect((await fetch(`${sut.url}/api/projects/${id}/media`)).status).toBe(404);
    expect((await fetch(`${sut.url}/api/projects/${id}/media?size=abc`)).status).toBe(400);
  });

  it("keeps a private project's photo private", async () => {
    const id = await newProject({ privacy: 0 });
    await uploadPhoto(id, await png());
    expect((await fetch(`${sut.url}/api/projects/${id}/media`)).status).toBe(403);
    const mine = await fetch(`${sut.url}/api/projects/${id}/media`, { headers: { authorization: `Bearer ${owner.token}` } });
    expect(mine.status).toBe(200);
    expect(mine.headers.get('cache-control')).toMatch(/^private/);
  });
});

describe('following', () => {
  it('follows and unfollows, idempotently, and lists followers newest first', async () => {
    const id = await newProject();
    expect((await as(stranger).post(`/api/projects/${id}/follow`)).body).toEqual({ following: true, total: 1 });
    expect((await as(stranger).post(`/api/projects/${id}/follow`)).body).toEqual({ following: true, total: 1 });
    expect((await as(owner).post(`/api/projects/${id}/follow`)).body).toEqual({ following: true, total: 2 });
    expect((await as(stranger).get(`/api/projects/${id}`)).body).toMatchObject({ following: { following: true, total: 2 } });
    expect((await as(null).get(`/api/projects/${id}`)).body).toMatchObject({ following: { following: false, total: 2 } });
    const followers = await as(null).get(`/api/projects/${id}/followers`);
    expect(followers.body).toEqual({
      followers: [
        { id: owner.id, name: 'Owner', photo: null },
        { id: stranger.id, name: 'Stranger', photo: null },
      ],
      total: 2,
    });
    expect((await as(stranger).post(`/api/projects/${id}/unfollow`)).body).toEqual({ following: false, total: 1 });
    expect((await as(stranger).post(`/api/projects/${id}/unfollow`)).body).toEqual({ following: false, total: 1 });
    const listed = ((await as(owner).get('/api/projects')).body!['projects'] as ProjectAnswer[]).find((p) => p.id === id);
    expect(listed).toMatchObject({ following: { following: true, total: 1 } });
  });

  it('needs sign-in (401), refuses outsiders of a private project (403), and answers 404 and 400', async () => {
    const open = await newProject();
    const closed = await newProject({ privacy: 0 });
    expect((await as(null).post(`/api/projects/${open}/follow`)).status).toBe(401);
    expect((await as(null).post(`/api/projects/${open}/unfollow`)).status).toBe(401);
    expect((await as(stranger).post(`/api/projects/${closed}/follow`)).status).toBe(403);
    expect((await as(owner).post(`/api/projects/${closed}/follow`)).status).toBe(200);
    expect((await as(stranger).post('/api/projects/987654/follow')).status).toBe(404);
    expect((await as(stranger).post('/api/projects/x/follow')).status).toBe(400);
    expect((await as(null).get('/api/projects/x/followers')).status).toBe(400);
  });

  it('counts every follower when many follow at once: a follow is decided again, never refused with 409', async () => {
    const id = await newProject();
    const people = await Promise.all(Array.from({ length: 10 }, () => signUp(sut, mailbox)));
    const results = await Promise.all(people.map((p) => as(p).post(`/api/projects/${id}/follow`)));
    expect(results.map((r) => r.status)).toEqual(Array.from({ length: 10 }, () => 200));
    expect(((await as(null).get(`/api/projects/${id}/followers`)).body as { total: number }).total).toBe(10);
    expect((await as(null).get(`/api/projects/${id}`)).body).toMatchObject({ followers: 10 });
  });
});

describe('project updates', () => {
  it('posts, lists newest first, reads one, edits and deletes', async () => {
    const id = await newProject();
    const first = await as(owner).post(`/api/projects/${id}/updates`, { body: '  First samples are in  ' });
    expect(first).toMatchObject({
      status: 200,
      body: { projectId: id, body: 'First samples are in', author: { id: owner.id, name: 'Owner' } },
    });
    const second = await as(owner).post(`/api/projects/${id}/updates`, { body: 'Second' });
    const firstId = first.body!['id'] as number;
    const secondId = second.body!['id'] as number;
    expect(ids(await as(null).get(`/api/projects/${id}/updates`), 'updates')).toEqual([secondId, firstId]);
    expect((await as(null).get(`/api/projects/updates/${firstId}`)).body).toMatchObject({ id: firstId, projectId: id });

    const edited = await as(owner).post(`/api/projects/${id}/updates/${firstId}`, { body: 'Corrected' });
    expect(edited).toMatchObject({ status: 200, body: { id: firstId, body: 'Corrected' } });
    expect((await as(owner).delete(`/api/projects/${id}/updates/${secondId}`)).status).toBe(204);
    expect(ids(await as(null).get(`/api/projects/${id}/updates`), 'updates')).toEqual([firstId]);
    expect(await as(null).get(`/api/projects/updates/${secondId}`)).toMatchObject({
      status: 404,
      body: { code: 'PROJECT_UPDATE.NOT_FOUND' },
    });
    expect((await as(owner).delete(`/api/projects/${id}/updates/${secondId}`)).status).toBe(404);
  });

  it.each([
    ['an empty body', { body: '   ' }],
    ['no body', {}],
    ['a body that is not text', { body: 42 }],
    ['an oversized body', { body: 'x'.repeat(10_001) }],
  ])('refuses %s with a field error', async (_case, body) => {
    const id = await newProject();
    const res = await as(owner).post(`/api/projects/${id}/updates`, body);
    expect(res.status).toBe(400);
    expect(Object.keys(res.body!['errors'] as object)).toEqual(['body']);
  });

  it('lets only the project administrators write (401, 403), finds an update only in its own project (404)', async () => {
    const id = await newProject();
    const other = await newProject();
    const member = await signUp(sut, mailbox);
    await join(id, member);
    const posted = await as(owner).post(`/api/projects/${id}/updates`, { body: 'Ours' });
    const updateId = posted.body!['id'] as number;
    expect((await as(null).post(`/api/projects/${id}/updates`, { body: 'x' })).status).toBe(401);
    expect((await as(stranger).post(`/api/projects/${id}/updates`, { body: 'x' })).status).toBe(403);
    expect((await as(member).post(`/api/projects/${id}/updates`, { body: 'x' })).status).toBe(403);
    expect((await as(member).post(`/api/projects/${id}/updates/${updateId}`, { body: 'x' })).status).toBe(403);
    expect((await as(member).delete(`/api/projects/${id}/updates/${updateId}`)).status).toBe(403);
    expect((await as(owner).post(`/api/projects/${other}/updates/${updateId}`, { body: 'x' })).status).toBe(404);
    expect((await as(owner).delete(`/api/projects/${other}/updates/${updateId}`)).status).toBe(404);
    expect((await as(owner).post(`/api/projects/${id}/updates/abc`, { body: 'x' })).status).toBe(400);
    expect((await as(owner).post('/api/projects/987654/updates', { body: 'x' })).status).toBe(404);
    expect((await as(admin).post(`/api/projects/${id}/updates/${updateId}`, { body: 'By the site admin' })).status).toBe(200);
  });

  it('answers 409, never a lost edit, when edits race', async () => {
    const id = await newProject();
    const posted = (await as(owner).post(`/api/projects/${id}/updates`, { body: 'v0' })).body!;
    const [updateId, version] = [posted['id'] as number, posted['version'] as number];
    const results = await Promise.all(
      Array.from({ length: 6 }, (_, i) =>
        as(owner).post(`/api/projects/${id}/updates/${updateId}`, { body: `v${i + 1}`, version }),
      ),
    );
    expect(results.filter((r) => r.status === 200)).toHaveLength(1);
    expect(results.filter((r) => r.status === 409)).toHaveLength(5);
  });
});

describe('stations in a project', () => {
  it('adds a station its administrator may edit, idempotently, and removes it', async () => {
    const id = await newProject();
    const station = await newStation(owner);
    expect((await as(owner).post(`/api/projects/${id}/stations/${station}`)).status).toBe(204);
    expect((await as(owner).post(`/api/projects/${id}/stations/${station}`)).status).toBe(204);
    expect(ids(await as(null).get(`/api/projects/${id}/stations`), 'stations')).toEqual([station]);
    expect(ids(await as(null).get(`/api/projects/station/${station}`))).toContain(id);

    expect((await as(owner).delete(`/api/projects/${id}/stations/${station}`)).status).toBe(204);
    expect(ids(await as(owner).get(`/api/projects/${id}/stations`), 'stations')).toEqual([]);
    expect(await as(owner).delete(`/api/projects/${id}/stations/${station}`)).toMatchObject({
      status: 404,
      body: { code: 'PROJECT.STATION_NOT_IN_PROJECT' },
    });
  });

  it("refuses someone else's station (403), a project one does not administer (403), anonymous (401), unknown ids (404)", async () => {
    const id = await newProject();
    const theirs = await newStation(stranger);
    const mine = await newStation(owner);
    // Their first station sits in their private default project: to others it is a private station.
    expect(await as(owner).post(`/api/projects/${id}/stations/${theirs}`)).toMatchObject({
      status: 403,
      body: { code: 'STATION.PRIVATE' },
    });
    expect((await as(stranger).post(`/api/projects/${id}/stations/${theirs}`)).status).toBe(403);
    expect((await as(null).post(`/api/projects/${id}/stations/${mine}`)).status).toBe(401);
    expect((await as(stranger).delete(`/api/projects/${id}/stations/${mine}`)).status).toBe(403);
    expect(await as(owner).post(`/api/projects/${id}/stations/987654`)).toMatchObject({
      status: 404,
      body: { code: 'STATION.NOT_FOUND' },
    });
    expect((await as(owner).post(`/api/projects/987654/stations/${mine}`)).status).toBe(404);
    expect((await as(owner).post(`/api/projects/${id}/stations/abc`)).status).toBe(400);
    // Once public (in a public project of theirs), it is visible but still not the owner's to move.
    const theirProject = await newProject({}, stranger);
    expect((await as(stranger).post(`/api/projects/${theirProject}/stations/${theirs}`)).status).toBe(204);
    expect(await as(owner).post(`/api/projects/${id}/stations/${theirs}`)).toMatchObject({
      status: 403,
      body: { code: 'AUTH.FORBIDDEN' },
    });
    // A site admin may put any station anywhere.
    expect((await as(admin).post(`/api/projects/${id}/stations/${theirs}`)).status).toBe(204);
  });
});

describe('my projects', () => {
  it("lists the projects one belongs to, private ones included, with one's role", async () => {
    const someone = await signUp(sut, mailbox);
    const secret = await newProject({ privacy: 0 }, someone);
    const open = await newProject({}, owner);
    await join(open, someone, 0, owner);
    const mine = (await as(someone).get('/api/user/projects')).body!['projects'] as ProjectAnswer[];
    expect(mine.filter((p) => [secret, open].includes(p.id)).map((p) => [p.id, p.role, p.readOnly])).toEqual(
      expect.arrayContaining([
        [secret, 'Administrator', false],
        [open, 'Member', true],
      ]),
    );
    expect(ids(await as(stranger).get('/api/user/projects'))).not.toContain(secret);
    expect((await as(null).get('/api/user/projects')).status).toBe(401);
  });
});

describe('a private project', () => {
  it('is absent from every list and forbidden in every call to outsiders', async () => {
    const id = await newProject({ privacy: 0, name: 'Hidden bench' });
    const station = await newStation(owner);
    await as(owner).post(`/api/projects/${id}/stations/${station}`);
    await as(owner).post(`/api/projects/${id}/follow`);
    const updateId = (await as(owner).post(`/api/projects/${id}/updates`, { body: 'Secret news' })).body!['id'] as number;
    await uploadPhoto(id, await png());

    for (const who of [null, stranger]) {
      const label = who ? 'stranger' : 'anonymous';
      expect(ids(await as(who).get('/api/projects'))).not.toContain(id);
      for (const path of [
        `/api/projects/${id}`,
        `/api/projects/${id}/followers`,
        `/api/projects/${id}/updates`,
        `/api/projects/updates/${updateId}`,
        `/api/projects/${id}/media`,
        `/api/users/project/${id}`,
        `/api/projects/${id}/stations`,
        `/api/projects/${id}/activity`,
      ]) {
        const res = await as(who).get(path);
        expect([label, path, res.status]).toEqual([label, path, 403]);
        expect(JSON.stringify(res.body)).not.toContain('Secret news');
      }
    }
    expect(ids(await as(stranger).get('/api/user/projects'))).not.toContain(id);
    expect(ids(await as(stranger).get(`/api/projects/station/${station}`))).not.toContain(id);
    expect((await as(stranger).post(`/api/projects/${id}/follow`)).status).toBe(403);
    // Its own people see it.
    expect((await as(owner).get(`/api/projects/${id}`)).status).toBe(200);
    expect(ids(await as(owner).get('/api/user/projects'))).toContain(id);
  });
});

describe('bad input on the new calls', () => {
  it.each([
    ['DELETE', '/api/projects/abc'],
    ['GET', '/api/projects/abc/followers'],
    ['POST', '/api/projects/-1/follow'],
    ['GET', '/api/projects/abc/updates'],
    ['GET', '/api/projects/updates/0'],
    ['DELETE', '/api/projects/1/updates/1.5'],
    ['POST', '/api/projects/abc/stations/1'],
    ['DELETE', '/api/projects/1/stations/abc'],
  ])('%s %s is a 400', async (method, path) => {
    const res = await call(method, path, method === 'GET' || method === 'DELETE' ? undefined : { body: 'x' });
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({ code: 'VALIDATION.FAILED' });
  });
});
