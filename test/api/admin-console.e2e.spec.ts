import simpleRestProvider from 'ra-data-simple-rest';
import { fetchUtils, type DataProvider } from 'ra-core';
import { encodeDataFile, encodeMetaFile, type ModuleInfo } from '../../libs/platform/src/index.js';
import { callApi, outboxOf, signUp, type Mailbox, type TestUser } from '../support/accounts.js';
import { newDeviceId } from '../support/device-ids.js';
import { T0, minuteRecord } from '../support/minute-records.js';
import { startTestApp, type TestApp } from '../support/test-app.js';

/**
 * The operators' console's calls (issue 28). The list endpoints are driven through react-admin's own
 * simple REST data provider (the package the console uses), not a copy of its URL rules.
 */
let sut: TestApp;
let mailbox: Mailbox;
let admin: TestUser;
let moderator: TestUser;
let plain: TestUser;
let owner: TestUser;
let other: TestUser;
const stationIds: number[] = [];

/** react-admin's data provider as the console builds it, with a session's token. */
const providerFor = (token: string | null): DataProvider =>
  simpleRestProvider(`${sut.url}/api/admin`, (url, options = {}) =>
    fetchUtils.fetchJson(url, { ...options, ...(token ? { user: { authenticated: true, token: `Bearer ${token}` } } : {}) }),
  );

beforeAll(async () => {
  sut = await startTestApp();
  mailbox = outboxOf(sut.dataDir);
  admin = await signUp(sut, mailbox, { name: 'Console Admin', admin: true });
  moderator = await signUp(sut, mailbox, { name: 'Console Moderator', moderator: true });
  plain = await signUp(sut, mailbox, { name: 'Plain Person' });
  owner = await signUp(sut, mailbox, { name: 'Station Owner' });
  other = await signUp(sut, mailbox, { name: 'Other Owner' });
  for (const name of ['Alder Creek', 'Birch Pond', 'Cedar Marsh', 'Dune Well', 'Elm Brook']) {
    const r = await callApi(sut.url, 'POST', '/api/stations', { token: owner.token, body: { deviceId: newDeviceId(), name } });
    expect(r.status).toBe(200);
    stationIds.push(r.body!['id'] as number);
  }
});
afterAll(() => sut.close());

/** The actor recorded on the newest event of a type: every console action is an event with its actor. */
const actorOf = async (type: string): Promise<unknown> => {
  const r = await sut.runtime.pool.query<{ metadata: { userId: number | null } }>(
    'SELECT metadata FROM gt_events WHERE type = $1 ORDER BY position DESC LIMIT 1',
    [type],
  );
  return r.rows[0]?.metadata.userId;
};

const call = (method: string, path: string, token: string | null, body?: unknown) =>
  callApi(sut.url, method, path, { token, ...(body !== undefined ? { body } : {}) });

describe('list endpoints through ra-data-simple-rest', () => {
  it('pages, sorts and filters users, with the total from Content-Range', async () => {
    const sut = providerFor(admin.token);
    const all = await sut.getList('users', {
      pagination: { page: 1, perPage: 50 },
      sort: { field: 'name', order: 'ASC' },
      filter: {},
    });
    expect(all.total).toBe(5);
    const names = all.data.map((u) => u['name'] as string);
    expect(names).toEqual([...names].sort((a, b) => a.toLowerCase().localeCompare(b.toLowerCase())));
    const page2 = await sut.getList('users', {
      pagination: { page: 2, perPage: 2 },
      sort: { field: 'name', order: 'ASC' },
      filter: {},
    });
    expect(page2).toMatchObject({ total: 5, data: [{ name: names[2] }, { name: names[3] }] });
    const desc = await sut.getList('users', {
      pagination: { page: 1, perPage: 1 },
      sort: { field: 'id', order: 'DESC' },
      filter: {},
    });
    expect(desc.data[0]).toMatchObject({ id: other.id, name: 'Other Owner', stations: 0, admin: false });
    const found = await sut.getList('users', {
      pagination: { page: 1, perPage: 10 },
      sort: { field: 'id', order: 'ASC' },
      filter: { q: 'owner' },
    });
    expect(found.data.map((u) => u.id)).toEqual([owner.id, other.id]);
    expect(found.data[0]).toMatchObject({ stations: 5 });
    const admins = await sut.getList('users', {
      pagination: { page: 1, perPage: 10 },
      sort: { field: 'id', order: 'ASC' },
      filter: { role: 'admin' },
    });
    expect(admins.data.map((u) => u.id)).toEqual([admin.id]);
    const many = await sut.getMany('users', { ids: [plain.id, moderator.id] });
    expect(many.data.map((u) => u.id).sort()).toEqual([plain.id, moderator.id].sort());
    const one = await sut.getOne('users', { id: owner.id });
    expect(one.data).toMatchObject({
      id: owner.id,
      ownedStations: expect.arrayContaining([{ id: stationIds[0], name: 'Alder Creek' }]),
    });
  });

  it('pages, sorts and searches stations, 50 a page by default', async () => {
    const sut = providerFor(admin.token);
    const byName = await sut.getList('stations', {
      pagination: { page: 1, perPage: 2 },
      sort: { field: 'name', order: 'DESC' },
      filter: {},
    });
    expect(byName).toMatchObject({ total: 5, data: [{ name: 'Elm Brook' }, { name: 'Dune Well' }] });
    expect(byName.data[0]).toMatchObject({ owner: { id: owner.id, name: 'Station Owner' }, uploads: 0 });
    const searched = await sut.getList('stations', {
      pagination: { page: 1, perPage: 50 },
      sort: { field: 'id', order: 'ASC' },
      filter: { q: 'marsh' },
    });
    expect(searched).toMatchObject({ total: 1, data: [{ id: stationIds[2], name: 'Cedar Marsh' }] });
    const byOwner = await sut.getManyReference('stations', {
      target: 'ownerId',
      id: owner.id,
      pagination: { page: 1, perPage: 3 },
      sort: { field: 'id', order: 'ASC' },
      filter: {},
    });
    expect(byOwner.total).toBe(5);
    expect(byOwner.data.map((s) => s.id)).toEqual(stationIds.slice(0, 3));
    // The spec's own call: page numbers from 0, 50 a page.
    const spec = await call('GET', '/api/admin/stations?page=0', admin.token);
    expect(spec.status).toBe(200);
    expect(spec.headers.get('content-range')).toBe('stations 0-4/5');
    const beyond = await call('GET', '/api/admin/stations?page=3&pageSize=2', admin.token);
    expect(beyond.headers.get('content-range')).toBe('stations */5');
    const one = await sut.getOne('stations', { id: stationIds[1]! });
    expect(one.data).toMatchObject({ name: 'Birch Pond', data: { samples: 0 }, processing: { pending: 0, failed: 0 } });
  });

  it('lists projections with their state and lag', async () => {
    const list = await providerFor(admin.token).getList('projections', {
      pagination: { page: 1, perPage: 50 },
      sort: { field: 'id', order: 'ASC' },
      filter: {},
    });
    expect(list.total).toBeGreaterThan(5);
    expect(list.data.map((p) => p.id)).toContain('stations');
    expect(list.data.find((p) => p.id === 'stations')).toMatchObject({ state: 'running', error: null });
  });

  it('refuses a bad range, sort or filter with a 400, through the data provider too', async () => {
    const bad = [
      'range=[5,1]',
      'range=oops',
      'range=[0,5000]',
      'range=[-1,3]',
      'sort=["password","ASC"]',
      'sort=["name","SIDEWAYS"]',
      'sort=name',
      'filter={"nope":1}',
      'filter={"q":5}',
      'filter=[',
      'page=-1',
    ];
    for (const resource of ['users', 'stations', 'uploads', 'projections']) {
      for (const query of bad) {
        const r = await call('GET', `/api/admin/${resource}?${encodeURI(query)}`, admin.token);
        expect({ resource, query, status: r.status, code: r.body?.['code'] }).toEqual({
          resource,
          query,
          status: 400,
          code: 'VALIDATION.FAILED',
        });
      }
    }
    // The control: the same calls well formed are answered.
    expect(
      (await call('GET', `/api/admin/users?${encodeURI('range=[1,5]&sort=["name","DESC"]&filter={"q":"o"}')}`, admin.token))
        .status,
    ).toBe(200);
    await expect(
      providerFor(admin.token).getList('users', {
        pagination: { page: 1, perPage: 5 },
        sort: { field: 'password', order: 'ASC' },
        filter: {},
      }),
    ).rejects.toMatchObject({ status: 400 });
  });
});

describe('who may use the console', () => {
  const consoleCalls = (): [string, string, unknown][] => [
    ['GET', '/api/admin/users', undefined],
    ['GET', `/api/admin/users/${owner.id}`, undefined],
    ['PATCH', `/api/admin/users/${plain.id}/roles`, { moderator: true }],
    ['POST', '/api/admin/users/delete', { ids: [plain.id], password: 'correct horse battery' }],
    ['POST', `/api/admin/users/${owner.id}/stations/transfer`, { toUserId: plain.id }],
    ['GET', '/api/admin/stations', undefined],
    ['GET', `/api/admin/stations/${stationIds[0]}`, undefined],
    ['POST', `/api/stations/${stationIds[0]}/transfer/${plain.id}`, undefined],
    ['GET', '/api/admin/uploads', undefined],
    ['POST', '/api/admin/uploads/process', { ids: [1] }],
    ['GET', '/api/admin/projections', undefined],
    ['GET', '/api/admin/projection-failures', undefined],
    ['POST', '/api/admin/projection-failures/1/retry', undefined],
    ['POST', '/api/admin/projection-failures/1/skip', undefined],
    ['POST', '/api/admin/projections/users/rebuild', undefined],
    ['POST', '/api/admin/projections/all/rebuild', undefined],
  ];

  it('refuses moderators and ordinary users every admin call (403), and anonymous callers (401)', async () => {
    for (const [method, path, body] of consoleCalls()) {
      for (const who of [moderator, plain]) {
        expect({ path, who: who.name, ...(await call(method, path, who.token, body)) }).toMatchObject({
          path,
          status: 403,
          body: { code: 'AUTH.ADMIN_ONLY' },
        });
      }
      expect({ path, status: (await call(method, path, null, body)).status }).toEqual({ path, status: 401 });
    }
    // Nothing was done by the refused calls.
    expect((await call('GET', `/api/admin/users/${owner.id}`, admin.token)).body).toMatchObject({ stations: 5 });
  });

  it("answers each asker's console permissions from the policy", async () => {
    expect((await call('GET', '/api/admin/permissions', admin.token)).body).toMatchObject({
      admin: true,
      moderator: false,
      actions: expect.arrayContaining(['console.open', 'admin.listStations', 'admin.transferStation']),
    });
    const mod = (await call('GET', '/api/admin/permissions', moderator.token)).body!;
    expect(mod).toEqual({ admin: false, moderator: true, actions: ['console.open', 'moderation.review'] });
    expect((await call('GET', '/api/admin/permissions', plain.token)).body).toEqual({
      admin: false,
      moderator: false,
      actions: [],
    });
    expect((await call('GET', '/api/admin/permissions', null)).status).toBe(401);
  });
});

describe('console commands', () => {
  it('transfers a station, recorded with the admin as actor, and refuses an unknown new owner', async () => {
    const id = stationIds[4]!;
    expect((await call('POST', `/api/stations/${id}/transfer/${other.id}`, admin.token)).status).toBe(204);
    expect((await providerFor(admin.token).getOne('stations', { id })).data).toMatchObject({
      owner: { id: other.id, name: 'Other Owner' },
    });
    expect(await actorOf('StationTransferred')).toBe(admin.id);
    // The new owner manages it now; the old one no longer does.
    expect((await call('PATCH', `/api/stations/${id}`, other.token, { name: 'Elm Brook II' })).status).not.toBe(403);
    expect((await call('GET', `/api/stations/${id}`, owner.token)).status).toBe(403);
    expect((await call('POST', `/api/stations/${id}/transfer/999999`, admin.token)).status).toBe(404);
    expect((await call('POST', `/api/stations/999999/transfer/${other.id}`, admin.token)).status).toBe(404);
  });

  it("hands all of a user's stations to another, with an outcome per station", async () => {
    const giver = await signUp(sut, mailbox, { name: 'Giver' });
    const ids: number[] = [];
    for (const name of ['G1', 'G2']) {
      ids.push((await call('POST', '/api/stations', giver.token, { deviceId: newDeviceId(), name })).body!['id'] as number);
    }
    const r = await call('POST', `/api/admin/users/${giver.id}/stations/transfer`, admin.token, { toUserId: other.id });
    expect(r.body).toEqual({ results: ids.map((id) => ({ id, ok: true, code: null, message: null })) });
    const left = await providerFor(admin.token).getList('stations', {
      pagination: { page: 1, perPage: 10 },
      sort: { field: 'id', order: 'ASC' },
      filter: { ownerId: giver.id },
    });
    expect(left.total).toBe(0);
  });

  it('grants and withdraws site roles as commands', async () => {
    const person = await signUp(sut, mailbox, { name: 'Future Moderator' });
    expect((await call('PATCH', `/api/admin/users/${person.id}/roles`, admin.token, { moderator: true })).status).toBe(204);
    expect((await call('GET', '/api/admin/permissions', person.token)).body).toMatchObject({ moderator: true, admin: false });
    expect(await actorOf('UserRolesChanged')).toBe(admin.id);
    expect((await call('PATCH', `/api/admin/users/${person.id}/roles`, admin.token, {})).status).toBe(400);
    expect((await call('PATCH', `/api/admin/users/${person.id}/roles`, admin.token, { moderator: false })).status).toBe(204);
    expect((await call('GET', '/api/admin/permissions', person.token)).body).toMatchObject({ moderator: false });
  });

  it("deletes many users as one command confirmed with the admin's password, refusing the admin's own account", async () => {
    const a = await signUp(sut, mailbox, { name: 'Doomed A' });
    const b = await signUp(sut, mailbox, { name: 'Doomed B' });
    const wrong = await call('POST', '/api/admin/users/delete', admin.token, { ids: [a.id, b.id], password: 'not the password' });
    expect(wrong).toMatchObject({ status: 400, body: { code: 'USER.WRONG_PASSWORD' } });
    expect((await call('GET', '/api/user', a.token)).status).toBe(200);
    const r = await call('POST', '/api/admin/users/delete', admin.token, {
      ids: [a.id, admin.id, b.id],
      password: admin.password,
    });
    expect(r.body).toEqual({
      results: [
        { id: a.id, ok: true, code: null, message: null },
        { id: admin.id, ok: false, code: 'USER.DELETE_SELF', message: expect.any(String) },
        { id: b.id, ok: true, code: null, message: null },
      ],
    });
    expect((await call('GET', '/api/user', a.token)).status).toBe(401);
    const users = await providerFor(admin.token).getList('users', {
      pagination: { page: 1, perPage: 50 },
      sort: { field: 'id', order: 'ASC' },
      filter: { q: 'doomed' },
    });
    expect(users.total).toBe(0);
  });
});

describe('reprocessing a failed upload after fixing its cause', () => {
  const deviceHex = '0004a30b00c0501e';
  const generation = 'c0501ec0501ec050';
  const modules: ModuleInfo[] = [
    {
      position: 0,
      address: 0,
      name: 'modules.diagnostics',
      header: { manufacturer: 1, kind: 0xa1, version: 1 },
      sensors: [{ number: 0, name: 'battery_charge', unitOfMeasure: '%', flags: 0 }],
      id: Uint8Array.from([0xd1, 0xaa]),
      flags: 1,
    },
  ];
  const record = minuteRecord;
  const metaFile = encodeMetaFile([
    {
      record: 1,
      time: T0,
      dataRecord: {
        metadata: { deviceId: Buffer.from(deviceHex, 'hex'), time: T0, generation: Buffer.from(generation, 'hex'), record: 1 },
        identity: { name: 'Fixable' },
        modules,
      },
    },
  ]);
  const upload = async (type: 'meta' | 'data', body: Uint8Array, blocks: string) => {
    const res = await fetch(`${sut.url}/api/ingestion`, {
      method: 'POST',
      headers: {
        'content-type': 'application/vnd.fk.data+binary',
        'fk-deviceid': deviceHex,
        'fk-generation': generation,
        'fk-type': type,
        'fk-blocks': blocks,
        authorization: `Bearer ${owner.token}`,
      },
      body,
    });
    expect(res.status).toBe(200);
    return ((await res.json()) as { id: number }).id;
  };
  const stateOf = async (id: number): Promise<Record<string, unknown>> => {
    for (let i = 0; i < 100; i++) {
      const [row] = (await providerFor(admin.token).getMany('uploads', { ids: [id] })).data;
      if (row && !['received', 'processing', 'waiting'].includes(row['state'] as string)) return row;
      await new Promise((r) => setTimeout(r, 100));
    }
    throw new Error(`upload ${id} never finished`);
  };

  it('shows the failed upload with its error, and processes it once the meta file is in', async () => {
    const station = await call('POST', '/api/stations', owner.token, { deviceId: deviceHex, name: 'Fixable' });
    const stationId = station.body!['id'] as number;
    const dataId = await upload('data', encodeDataFile(Array.from({ length: 5 }, (_, i) => record(i + 1))), '1,5');
    const failed = await stateOf(dataId);
    expect(failed).toMatchObject({ state: 'failed', stationId, problems: expect.arrayContaining([expect.any(String)]) });
    const failedList = await providerFor(admin.token).getManyReference('uploads', {
      target: 'stationId',
      id: stationId,
      pagination: { page: 1, perPage: 25 },
      sort: { field: 'id', order: 'DESC' },
      filter: { state: 'failed' },
    });
    expect(failedList.data.map((u) => u.id)).toEqual([dataId]);
    // The cause: the meta file the data records name was missing. Send it, then process again.
    await upload('meta', metaFile, '1,1');
    const r = await call('POST', '/api/admin/uploads/process', admin.token, { ids: [dataId, 987654] });
    expect(r.body).toEqual({
      results: [
        { id: dataId, ok: true, code: null, message: null },
        { id: 987654, ok: false, code: 'INGESTION.NOT_FOUND', message: expect.any(String) },
      ],
    });
    expect(await actorOf('IngestionReprocessRequested')).toBe(admin.id);
    const done = await stateOf(dataId);
    expect(done).toMatchObject({ state: 'processed', errors: 0, readings: 5 });
    expect((await providerFor(admin.token).getOne('stations', { id: stationId })).data).toMatchObject({ data: { samples: 5 } });
  });
});

describe('projections from the console', () => {
  it('rebuilds a projection as a recorded command, its progress read to the swap, the read model unchanged', async () => {
    const rows = async () =>
      (await sut.runtime.pool.query<{ row: string }>('SELECT row_to_json(u)::text AS row FROM users u ORDER BY id')).rows;
    const before = await rows();
    const asked = await call('POST', '/api/admin/projections/users/rebuild', admin.token);
    expect(asked).toMatchObject({ status: 200, body: { projections: ['users'] } });
    expect(await actorOf('ProjectionRebuildRequested')).toBe(admin.id);
    let seen: { state: string; done: number; total: number } | undefined;
    for (let i = 0; i < 300 && seen?.state !== 'swapped'; i++) {
      const list = await providerFor(admin.token).getList('projections', {
        pagination: { page: 1, perPage: 50 },
        sort: { field: 'id', order: 'ASC' },
        filter: { id: ['users'] },
      });
      seen = list.data[0]?.['rebuild'] as typeof seen;
      if (seen?.state !== 'swapped') await new Promise((r) => setTimeout(r, 100));
    }
    expect(seen).toMatchObject({ state: 'swapped' });
    expect(seen!.done).toBeGreaterThan(0);
    expect(seen!.done).toBe(seen!.total);
    expect(await rows()).toEqual(before);
  });

  it('lists failed events in the list convention, and refuses a retry or skip of one that is not recorded, and an unknown projection', async () => {
    const list = await providerFor(admin.token).getList('projection-failures', {
      pagination: { page: 1, perPage: 25 },
      sort: { field: 'id', order: 'DESC' },
      filter: { open: true },
    });
    expect(list).toMatchObject({ data: [], total: 0 });
    expect(await call('POST', '/api/admin/projection-failures/999999/retry', admin.token)).toMatchObject({
      status: 404,
      body: { code: 'PROJECTION.FAILURE_NOT_FOUND' },
    });
    expect(await call('POST', '/api/admin/projection-failures/999999/skip', admin.token)).toMatchObject({
      status: 404,
      body: { code: 'PROJECTION.FAILURE_NOT_FOUND' },
    });
    expect(await call('POST', '/api/admin/projections/no-such/rebuild', admin.token)).toMatchObject({
      status: 404,
      body: { code: 'PROJECTION.NOT_FOUND' },
    });
    expect((await call('POST', '/api/admin/projections/Bad%20Name/rebuild', admin.token)).status).toBe(400);
    expect(
      (await call('GET', `/api/admin/projection-failures?filter=${encodeURIComponent('{"nope":1}')}`, admin.token)).status,
    ).toBe(400);
  });
});
