import simpleRestProvider from 'ra-data-simple-rest';
import { fetchUtils, type DataProvider } from 'ra-core';
import { callApi, outboxOf, signUp, type Mailbox, type TestUser } from '../support/accounts.js';
import { newDeviceId } from '../support/device-ids.js';
import { startTestApp, type TestApp } from '../support/test-app.js';

/** Deleting stations from the console (issue 28 item 4): StationDeleted, its read models, its actor in the audit. */
let sut: TestApp;
let mailbox: Mailbox;
let admin: TestUser;
let moderator: TestUser;
let owner: TestUser;

const providerFor = (token: string): DataProvider =>
  simpleRestProvider(`${sut.url}/api/admin`, (url, options = {}) =>
    fetchUtils.fetchJson(url, { ...options, user: { authenticated: true, token: `Bearer ${token}` } }),
  );
const call = (method: string, path: string, token: string | null, body?: unknown) =>
  callApi(sut.url, method, path, { token, ...(body !== undefined ? { body } : {}) });

beforeAll(async () => {
  sut = await startTestApp();
  mailbox = outboxOf(sut.dataDir);
  admin = await signUp(sut, mailbox, { name: 'Delete Admin', admin: true });
  moderator = await signUp(sut, mailbox, { name: 'Delete Moderator', moderator: true });
  owner = await signUp(sut, mailbox, { name: 'Delete Owner' });
});
afterAll(() => sut.close());

const newStation = async (name: string, deviceId = newDeviceId()) => {
  const r = await call('POST', '/api/stations', owner.token, { deviceId, name });
  expect(r.status).toBe(200);
  return r.body!['id'] as number;
};

describe('deleting a station', () => {
  it('removes it from the console, its owner, its project and the map; frees its device; records the admin in its history', async () => {
    const deviceId = newDeviceId();
    const id = await newStation('Doomed Creek', deviceId);
    const kept = await newStation('Kept Creek');
    const project = (
      await call('POST', '/api/projects', owner.token, {
        name: 'Delete test',
        description: 'x',
        goal: 'goal',
        location: 'somewhere',
        privacy: 1,
      })
    ).body!['id'] as number;
    expect((await call('POST', `/api/projects/${project}/stations/${id}`, owner.token)).status).toBeLessThan(300);
    expect((await call('POST', `/api/projects/${project}/stations/${kept}`, owner.token)).status).toBeLessThan(300);

    expect((await call('DELETE', `/api/admin/stations/${id}`, admin.token)).status).toBe(204);

    await expect(providerFor(admin.token).getOne('stations', { id })).rejects.toMatchObject({ status: 404 });
    const list = await providerFor(admin.token).getList('stations', {
      pagination: { page: 1, perPage: 50 },
      sort: { field: 'id', order: 'ASC' },
      filter: { ownerId: owner.id },
    });
    // The control: the other station of the same owner is still there.
    expect(list.data.map((s) => s.id)).toEqual([kept]);
    expect((await call('GET', `/api/stations/${id}`, owner.token)).status).toBe(404);
    const inProject = (await call('GET', `/api/projects/${project}/stations`, owner.token)).body as unknown;
    expect(JSON.stringify(inProject)).not.toContain('Doomed Creek');
    expect(JSON.stringify(inProject)).toContain('Kept Creek');
    // Its device may be registered again, as a new station.
    const again = await call('POST', '/api/stations', owner.token, { deviceId, name: 'Reborn' });
    expect(again.status).toBe(200);
    expect(again.body!['id']).not.toBe(id);
    // The audit history shows the deletion with the admin as its actor.
    const history = await call('GET', `/api/audit/streams/station-${id}`, admin.token);
    expect(history.status).toBe(200);
    const events = (history.body as unknown as { events: { type: string; actor: unknown }[] }).events;
    expect(events.at(-1)).toMatchObject({ type: 'StationDeleted' });
    expect(JSON.stringify(events.at(-1)!.actor)).toContain(String(admin.id));
    // Deleting it again: not found.
    expect((await call('DELETE', `/api/admin/stations/${id}`, admin.token)).status).toBe(404);
  });

  it('deletes many as one command with a result per id', async () => {
    const a = await newStation('Bulk A');
    const b = await newStation('Bulk B');
    const r = await call('POST', '/api/admin/stations/delete', admin.token, { ids: [a, b, 987654] });
    expect(r.body).toEqual({
      results: [
        { id: a, ok: true, code: null, message: null },
        { id: b, ok: true, code: null, message: null },
        { id: 987654, ok: false, code: 'STATION.NOT_FOUND', message: expect.any(String) },
      ],
    });
    await expect(providerFor(admin.token).getOne('stations', { id: a })).rejects.toMatchObject({ status: 404 });
  });

  it('refuses moderators, owners and anonymous callers, and deletes nothing for them', async () => {
    const id = await newStation('Guarded');
    for (const [method, path, body] of [
      ['DELETE', `/api/admin/stations/${id}`, undefined],
      ['POST', '/api/admin/stations/delete', { ids: [id] }],
    ] as const) {
      for (const who of [moderator, owner]) expect((await call(method, path, who.token, body)).status).toBe(403);
      expect((await call(method, path, null, body)).status).toBe(401);
    }
    expect((await call('GET', `/api/stations/${id}`, owner.token)).status).toBe(200);
  });
});
