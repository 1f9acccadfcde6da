import { callApi, outboxOf, signUp, type Reply, type TestUser } from '../support/accounts.js';
import { startTestApp, type TestApp } from '../support/test-app.js';

let sut: TestApp;
let owner: TestUser;
let stranger: TestUser;
let admin: TestUser;

beforeAll(async () => {
  sut = await startTestApp();
  const mailbox = outboxOf(sut.dataDir);
  owner = await signUp(sut, mailbox, { name: 'Station Owner' });
  stranger = await signUp(sut, mailbox, { name: 'Stranger' });
  admin = await signUp(sut, mailbox, { name: 'Site Admin', admin: true });
});
afterAll(() => sut.close());

type Station = {
  id: number;
  name: string;
  readOnly: boolean;
  hidden: boolean;
  configurations: { all: { modules: { id: number; name: string; label: string | null }[] }[] };
  [key: string]: unknown;
};

/** Calls as the station owner unless another token (or null, anonymous) is given. */
const call = (method: string, path: string, body?: unknown, token: string | null = owner.token) =>
  callApi(sut.url, method, path, { body, token });

let devices = 0;
const register = async (extra: Record<string, unknown> = {}, token: string = owner.token): Promise<Station> => {
  devices += 1;
  const r = await call(
    'POST',
    '/api/stations',
    { deviceId: `dev-${devices}-${Date.now()}`, name: `Station ${devices}`, ...extra },
    token,
  );
  expect(r.status).toBe(200);
  return r.body as Station;
};
const privateAnswer = { status: 403, body: { code: 'STATION.PRIVATE', message: "You don't have access to view this station." } };
const fieldErrors = (r: Reply) => (r.body as { errors?: Record<string, string> }).errors ?? {};
const modules = [
  {
    hardwareId: 'hw-diag',
    name: 'modules.diagnostics',
    position: 0,
    internal: true,
    sensors: [{ name: 'battery_charge', unitOfMeasure: '%' }],
  },
  { hardwareId: 'hw-ph', name: 'modules.water.ph', position: 1, sensors: [{ name: 'ph' }] },
];

describe('registering a station', () => {
  it('registers a station with its modules and answers it as its owner sees it', async () => {
    const deviceId = `abc-${Date.now()}`;
    const r = await call('POST', '/api/stations', { deviceId, name: ' River Bend ', locationName: 'Creek', modules });
    expect(r.status).toBe(200);
    expect(r.body).toMatchObject({
      name: 'River Bend',
      deviceId,
      owner: { id: owner.id, name: 'Station Owner' },
      description: '',
      hidden: false,
      readOnly: false,
      location: null,
      locationName: 'Creek',
      deployedAt: null,
      recordingStartedAt: null,
      attributes: [],
      photos: [],
      battery: null,
      lastReadingAt: null,
      lastIngestionAt: null,
      status: null,
      firmwareNumber: null,
    });
    const all = (r.body as Station).configurations.all;
    expect(all).toHaveLength(1);
    expect(all[0]!.modules).toEqual([
      {
        id: expect.any(Number) as number,
        hardwareId: 'hw-diag',
        name: 'modules.diagnostics',
        label: null,
        position: 0,
        internal: true,
        sensors: [{ name: 'battery_charge', unitOfMeasure: '%', order: 0, reading: null }],
      },
      {
        id: expect.any(Number) as number,
        hardwareId: 'hw-ph',
        name: 'modules.water.ph',
        label: null,
        position: 1,
        internal: false,
        sensors: [{ name: 'ph', unitOfMeasure: '', order: 0, reading: null }],
      },
    ]);
    const id = (r.body as Station).id;
    expect((await call('GET', `/api/stations/${id}`)).body).toEqual(r.body);
  });

  it("answers the owner's own device again with the same station, refreshed, and keeps module ids", async () => {
    const deviceId = `again-${Date.now()}`;
    const first = (await call('POST', '/api/stations', { deviceId, name: 'First name', modules })).body as Station;
    const again = await call('POST', '/api/stations', { deviceId, name: 'Second name', modules });
    expect(again).toMatchObject({ status: 200, body: { id: first.id, name: 'Second name' } });
    expect((again.body as Station).configurations.all[0]!.modules.map((m) => m.id)).toEqual(
      first.configurations.all[0]!.modules.map((m) => m.id),
    );
  });

  it("refuses someone else's device id with a field error", async () => {
    const deviceId = `taken-${Date.now()}`;
    await call('POST', '/api/stations', { deviceId, name: 'Mine' });
    const r = await call('POST', '/api/stations', { deviceId, name: 'Also mine?' }, stranger.token);
    expect(r).toMatchObject({ status: 400, body: { code: 'STATION.DEVICE_TAKEN' } });
    expect(fieldErrors(r)).toEqual({ deviceId: 'This station is already registered to another account.' });
  });

  it('refuses bad input with field errors, and anonymous callers with 401', async () => {
    const r = await call('POST', '/api/stations', { deviceId: 'has spaces', name: '', modules: [{ name: 'm' }] });
    expect(r.status).toBe(400);
    expect(Object.keys(fieldErrors(r)).sort()).toEqual(['deviceId', 'modules.0.position', 'name']);
    expect((await call('POST', '/api/stations', { name: 'x'.repeat(101), deviceId: 'ok' })).body).toMatchObject({
      errors: { name: 'This field has a limit of 100 characters' },
    });
    expect((await call('POST', '/api/stations', { deviceId: 'anon', name: 'n' }, null)).status).toBe(401);
  });
});

describe('reading a station', () => {
  it('answers 400 for a bad id and 404 for a missing station', async () => {
    expect((await call('GET', '/api/stations/abc')).status).toBe(400);
    expect(await call('GET', '/api/stations/987654')).toMatchObject({ status: 404, body: { code: 'STATION.NOT_FOUND' } });
  });

  it('keeps a station in no public project private: 403 to outsiders, readable by its owner and site admins', async () => {
    const station = await register();
    expect(await call('GET', `/api/stations/${station.id}`, undefined, null)).toMatchObject(privateAnswer);
    expect(await call('GET', `/api/stations/${station.id}`, undefined, stranger.token)).toMatchObject(privateAnswer);
    expect(await call('GET', `/api/stations/${station.id}`, undefined, admin.token)).toMatchObject({
      status: 200,
      body: { id: station.id, readOnly: false },
    });
  });
});

describe('changing a station', () => {
  it('changes name, description and hidden, and shows it at once', async () => {
    const station = await register();
    const r = await call('PATCH', `/api/stations/${station.id}`, { name: 'Renamed', description: 'By the dock', hidden: true });
    expect(r).toMatchObject({ status: 200, body: { name: 'Renamed', description: 'By the dock', hidden: true } });
    expect((await call('GET', `/api/stations/${station.id}`)).body).toMatchObject({ name: 'Renamed', hidden: true });
  });

  it('deploys a station at a place and time, with its attributes', async () => {
    const station = await register();
    const r = await call('PATCH', `/api/stations/${station.id}`, {
      location: { latitude: 40.6782, longitude: -73.9442 },
      deployedAt: '2026-04-20T12:00:00Z',
      locationName: 'Brooklyn',
      attributes: { Neighborhood: 'Crown Heights', Borough: 'Brooklyn', 'Deployment Date': '4/20/2026', 'Deployed By': 'Ana' },
    });
    expect(r).toMatchObject({
      status: 200,
      body: {
        location: { precise: [-73.9442, 40.6782], latitude: 40.6782, longitude: -73.9442 },
        locationName: 'Brooklyn',
        deployedAt: '2026-04-20T12:00:00.000Z',
        attributes: [
          { attributeId: 1, name: 'Neighborhood', stringValue: 'Crown Heights' },
          { attributeId: 2, name: 'Borough', stringValue: 'Brooklyn' },
          { attributeId: 3, name: 'Deployment Date', stringValue: '4/20/2026' },
          { attributeId: 4, name: 'Deployed By', stringValue: 'Ana' },
        ],
      },
    });
    const cleared = await call('PATCH', `/api/stations/${station.id}`, { attributes: { 'Deployed By': null, Borough: '' } });
    expect((cleared.body as { attributes: { name: string }[] }).attributes.map((a) => a.name)).toEqual([
      'Neighborhood',
      'Deployment Date',
    ]);
  });

  it('refuses bad changes with field errors', async () => {
    const station = await register();
    const bad = await call('PATCH', `/api/stations/${station.id}`, {
      name: ' ',
      location: { latitude: 91, longitude: 0 },
      attributes: { Color: 'red' },
    });
    expect(bad.status).toBe(400);
    expect(Object.keys(fieldErrors(bad)).sort()).toEqual(['attributes', 'deployedAt', 'location.latitude', 'name']);
    const noPlace = await call('PATCH', `/api/stations/${station.id}`, { deployedAt: '2026-01-01T00:00:00Z' });
    expect(fieldErrors(noPlace)).toEqual({ location: 'A deployment needs its location.' });
    expect((await call('PATCH', `/api/stations/${station.id}`, { hidden: 'yes' })).status).toBe(400);
    expect((await call('PATCH', '/api/stations/0', { name: 'x' })).status).toBe(400);
  });

  it('is read-only for everyone but the owner and site admins: 401, 403, 404', async () => {
    const station = await register();
    expect((await call('PATCH', `/api/stations/${station.id}`, { name: 'x' }, null)).status).toBe(401);
    expect(await call('PATCH', `/api/stations/${station.id}`, { name: 'x' }, stranger.token)).toMatchObject({ status: 403 });
    expect(await call('PATCH', `/api/stations/${station.id}`, { name: 'By admin' }, admin.token)).toMatchObject({
      status: 200,
      body: { name: 'By admin' },
    });
    expect(await call('PATCH', '/api/stations/987654', { name: 'x' })).toMatchObject({ status: 404 });
  });

  it('answers 409, not a lost update, when changes race on one station', async () => {
    const station = await register();
    const results = await Promise.all(
      Array.from({ length: 8 }, (_, i) => call('PATCH', `/api/stations/${station.id}`, { description: `take ${i}` })),
    );
    const statuses = results.map((r) => r.status);
    expect(statuses).toContain(200);
    expect(statuses).toContain(409);
    expect(statuses.every((s) => s === 200 || s === 409)).toBe(true);
  });
});

describe('module labels', () => {
  it('labels a module (at most 25 characters) and an empty label goes back to the name', async () => {
    const station = await register({ modules });
    const moduleId = station.configurations.all[0]!.modules[1]!.id;
    const path = `/api/stations/${station.id}/modules/${moduleId}`;
    const r = await call('PATCH', path, { label: 'Upstream pH' });
    expect(r.status).toBe(200);
    expect((r.body as Station).configurations.all[0]!.modules[1]).toMatchObject({ id: moduleId, label: 'Upstream pH' });
    const long = await call('PATCH', path, { label: 'x'.repeat(26) });
    expect(long).toMatchObject({ status: 400, body: { errors: { label: 'This field has a limit of 25 characters' } } });
    const reset = await call('PATCH', path, { label: '' });
    expect((reset.body as Station).configurations.all[0]!.modules[1]!.label).toBeNull();
  });

  it('answers 404 for a module the station lacks, 403 to others, 401 anonymous, 400 for bad ids', async () => {
    const station = await register({ modules });
    const moduleId = station.configurations.all[0]!.modules[0]!.id;
    expect(await call('PATCH', `/api/stations/${station.id}/modules/987654`, { label: 'x' })).toMatchObject({
      status: 404,
      body: { code: 'STATION.MODULE_NOT_FOUND' },
    });
    expect((await call('PATCH', `/api/stations/${station.id}/modules/${moduleId}`, { label: 'x' }, stranger.token)).status).toBe(
      403,
    );
    expect((await call('PATCH', `/api/stations/${station.id}/modules/${moduleId}`, { label: 'x' }, null)).status).toBe(401);
    expect((await call('PATCH', `/api/stations/${station.id}/modules/x`, { label: 'x' })).status).toBe(400);
    expect((await call('PATCH', `/api/stations/${station.id}/modules/${moduleId}`, {})).status).toBe(400);
  });
});

describe('my stations', () => {
  it("lists the asker's own stations, hidden ones included, and nobody else's", async () => {
    const mine = await register();
    await call('PATCH', `/api/stations/${mine.id}`, { hidden: true });
    const theirs = await register({}, stranger.token);
    const list = await call('GET', '/api/user/stations');
    const ids = (list.body!['stations'] as Station[]).map((s) => s.id);
    expect(ids).toContain(mine.id);
    expect(ids).not.toContain(theirs.id);
    expect((await call('GET', '/api/user/stations', undefined, null)).status).toBe(401);
  });
});
