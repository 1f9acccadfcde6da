import sharp from 'sharp';
import { outboxOf, signUp, type Reply, type TestUser } from '../support/accounts.js';
import { callAsReader } from '../support/versions.js';
import { startTestApp, type TestApp } from '../support/test-app.js';
import { newDeviceId } from '../support/device-ids.js';

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
  callAsReader(sut.url, method, path, { body, token });

let devices = 0;
const register = async (extra: Record<string, unknown> = {}, token: string = owner.token): Promise<Station> => {
  devices += 1;
  const r = await call('POST', '/api/stations', { deviceId: newDeviceId(), name: `Station ${devices}`, ...extra }, token);
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
    const deviceId = newDeviceId();
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
      inactive: false,
      hasData: false,
      firmwareNumber: null,
      uploads: [],
      data: null,
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
        sensors: [{ name: 'battery_charge', unitOfMeasure: '%', order: 0, sensorId: null, reading: null }],
      },
      {
        id: expect.any(Number) as number,
        hardwareId: 'hw-ph',
        name: 'modules.water.ph',
        label: null,
        position: 1,
        internal: false,
        sensors: [{ name: 'ph', unitOfMeasure: '', order: 0, sensorId: null, reading: null }],
      },
    ]);
    const id = (r.body as Station).id;
    expect((await call('GET', `/api/stations/${id}`)).body).toEqual(r.body);
  });

  it("answers the owner's own device again with the same station, refreshed, and keeps module ids", async () => {
    const deviceId = newDeviceId();
    const first = (await call('POST', '/api/stations', { deviceId, name: 'First name', modules })).body as Station;
    const again = await call('POST', '/api/stations', { deviceId, name: 'Second name', modules });
    expect(again).toMatchObject({ status: 200, body: { id: first.id, name: 'Second name' } });
    expect((again.body as Station).configurations.all[0]!.modules.map((m) => m.id)).toEqual(
      first.configurations.all[0]!.modules.map((m) => m.id),
    );
  });

  it("refuses someone else's device id with a field error", async () => {
    const deviceId = newDeviceId();
    await call('POST', '/api/stations', { deviceId, name: 'Mine' });
    const r = await call('POST', '/api/stations', { deviceId, name: 'Also mine?' }, stranger.token);
    expect(r).toMatchObject({ status: 400, body: { code: 'STATION.DEVICE_TAKEN' } });
    expect(fieldErrors(r)).toEqual({ deviceId: 'This station is already registered to another account.' });
  });

  it('still knows whose device it is when the claims were lost (a database rebuilt from the log)', async () => {
    const deviceId = newDeviceId();
    const mine = (await call('POST', '/api/stations', { deviceId, name: 'Mine' })).body as Station;
    await sut.runtime.pool.query('DELETE FROM gt_station_device_claims WHERE device_id = $1', [deviceId]);
    expect(await call('POST', '/api/stations', { deviceId, name: 'Theirs' }, stranger.token)).toMatchObject({
      status: 400,
      body: { code: 'STATION.DEVICE_TAKEN' },
    });
    expect(await call('POST', '/api/stations', { deviceId, name: 'Mine again' })).toMatchObject({
      status: 200,
      body: { id: mine.id, name: 'Mine again' },
    });
  });

  it('refuses bad input with field errors, and anonymous callers with 401', async () => {
    const r = await call('POST', '/api/stations', { deviceId: 'has spaces', name: '', modules: [{ name: 'm' }] });
    expect(r.status).toBe(400);
    expect(Object.keys(fieldErrors(r)).sort()).toEqual(['deviceId', 'modules.0.position', 'name']);
    expect((await call('POST', '/api/stations', { name: 'x'.repeat(101), deviceId: newDeviceId() })).body).toMatchObject({
      errors: { name: 'This field has a limit of 100 characters' },
    });
    expect((await call('POST', '/api/stations', { deviceId: newDeviceId(), name: 'n' }, null)).status).toBe(401);
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

describe('station photos', () => {
  const uploadPhoto = async (stationId: number, shade: number): Promise<number> => {
    const bytes = await sharp({ create: { width: 16, height: 8, channels: 3, background: { r: shade, g: 0, b: 0 } } })
      .png()
      .toBuffer();
    const form = new FormData();
    form.append('file', new Blob([new Uint8Array(bytes)]), 'photo.png');
    const res = await fetch(`${sut.url}/api/stations/${stationId}/media`, {
      method: 'POST',
      body: form,
      headers: { authorization: `Bearer ${owner.token}` },
    });
    expect(res.status).toBe(200);
    return ((await res.json()) as { id: number }).id;
  };

  it('lists the photos with the chosen station image first, each with a url that serves it', async () => {
    const station = await register();
    const first = await uploadPhoto(station.id, 10);
    const second = await uploadPhoto(station.id, 200);
    const third = await uploadPhoto(station.id, 90);
    expect((await call('POST', `/api/stations/${station.id}/photo/${second}`)).status).toBeLessThan(300);
    const { body } = await call('GET', `/api/stations/${station.id}`);
    const photos = (body as { photos: { id: number; url: string; isStationImage: boolean }[] }).photos;
    expect(photos.map((p) => [p.id, p.isStationImage])).toEqual([
      [second, true],
      [third, false],
      [first, false],
    ]);
    const served = await fetch(`${sut.url}${photos[0]!.url}`, { headers: { authorization: `Bearer ${owner.token}` } });
    expect(served.status).toBe(200);
    expect(served.headers.get('content-type')).toMatch(/image\/png/);
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

  it("lets a site admin edit a deleted owner's station, but answers 409 to new attribute values", async () => {
    const leaver = await signUp(sut, outboxOf(sut.dataDir), { name: 'Leaver' });
    const station = await register({}, leaver.token);
    const path = `/api/stations/${station.id}`;
    expect((await call('PATCH', path, { attributes: { Neighborhood: 'Red Hook' } }, leaver.token)).status).toBe(200);
    expect(
      (await call('DELETE', '/api/auth/delete-account', { email: leaver.email, password: leaver.password }, leaver.token)).status,
    ).toBe(204);

    expect(await call('PATCH', path, { attributes: { Borough: 'Brooklyn' } }, admin.token)).toMatchObject({
      status: 409,
      body: {
        code: 'STATION.OWNER_DELETED',
        message: 'The owner of this station has deleted their account; its attributes can no longer be changed.',
      },
    });
    // Nothing of a refused change is kept; the rest of the station is still the admin's to edit.
    const renamed = await call('PATCH', path, { name: 'Orphan', attributes: { Borough: null } }, admin.token);
    expect(renamed).toMatchObject({ status: 200, body: { name: 'Orphan', attributes: [] } });
  });

  it('answers 409, not a lost update, when changes of one version race on one station', async () => {
    const station = await register();
    const version = (await call('GET', `/api/stations/${station.id}`)).body!['version'] as number;
    const results = await Promise.all(
      Array.from({ length: 8 }, (_, i) => call('PATCH', `/api/stations/${station.id}`, { description: `take ${i}`, version })),
    );
    const statuses = results.map((r) => r.status);
    expect(statuses.filter((s) => s === 200)).toHaveLength(1);
    expect(statuses.filter((s) => s === 409)).toHaveLength(7);
    const winner = results.find((r) => r.status === 200)!.body!['description'];
    expect((await call('GET', `/api/stations/${station.id}`)).body).toMatchObject({ description: winner });
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

  it('lists only the first ones by name when limited (the sidebar), and counts them all', async () => {
    await register();
    await register();
    const all = await call('GET', '/api/user/stations');
    const names = (all.body!['stations'] as Station[]).map((s) => s.name);
    expect(all.body!['total']).toBe(names.length);
    expect(names.length).toBeGreaterThan(1);
    const first = await call('GET', '/api/user/stations?limit=1');
    expect((first.body!['stations'] as Station[]).map((s) => s.name)).toEqual(names.slice(0, 1));
    expect(first.body!['total']).toBe(names.length);
    expect((await call('GET', '/api/user/stations?limit=0')).status).toBe(400);
  });
});

/** A project made by `by` (public unless privacy 0), holding the given stations. */
const projectWith = async (by: TestUser, stationIds: number[], privacy = 1): Promise<number> => {
  const r = await call(
    'POST',
    '/api/projects',
    { name: `Project ${Date.now()}`, description: 'd', goal: 'g', location: 'l', privacy },
    by.token,
  );
  expect(r.status).toBe(200);
  const projectId = r.body!['id'] as number;
  for (const stationId of stationIds) {
    expect((await call('POST', `/api/projects/${projectId}/stations/${stationId}`, undefined, by.token)).status).toBe(204);
  }
  return projectId;
};
const join = async (projectId: number, admin: TestUser, user: TestUser) => {
  expect((await call('POST', `/api/projects/${projectId}/invite`, { email: user.email, role: 0 }, admin.token)).status).toBe(200);
  expect((await call('POST', `/api/projects/${projectId}/invites/accept`, undefined, user.token)).status).toBeLessThan(300);
};
const idsOf = (r: Reply, key = 'stations') => (r.body![key] as { id: number }[]).map((s) => s.id);
const deploy = (stationId: number, latitude: number, longitude: number) =>
  call('PATCH', `/api/stations/${stationId}`, { location: { latitude, longitude }, deployedAt: '2026-04-01T00:00:00Z' });

describe('the default project', () => {
  it("puts a user's first station in a new private project, and later ones not", async () => {
    const newbie = await signUp(sut, outboxOf(sut.dataDir), { name: 'Newbie' });
    const first = await register({}, newbie.token);
    const projects = await call('GET', `/api/projects/station/${first.id}`, undefined, newbie.token);
    expect(projects.status).toBe(200);
    expect(projects.body!['projects']).toEqual([expect.objectContaining({ name: 'My stations', privacy: 0 })]);
    const projectId = (projects.body!['projects'] as { id: number }[])[0]!.id;
    expect(idsOf(await call('GET', `/api/projects/${projectId}/stations`, undefined, newbie.token))).toEqual([first.id]);
    // Still private: nobody else sees it.
    expect(await call('GET', `/api/stations/${first.id}`, undefined, stranger.token)).toMatchObject(privateAnswer);

    const second = await register({}, newbie.token);
    expect((await call('GET', `/api/projects/station/${second.id}`, undefined, newbie.token)).body).toEqual({ projects: [] });
    expect((await call('GET', '/api/user/projects', undefined, newbie.token)).body!['projects']).toHaveLength(1);
  });

  it('makes one project for racing first registrations, holding all their stations', async () => {
    const eager = await signUp(sut, outboxOf(sut.dataDir), { name: 'Eager' });
    const registered = await Promise.all(Array.from({ length: 5 }, () => register({}, eager.token)));
    const mine = (await call('GET', '/api/user/projects', undefined, eager.token)).body!['projects'] as {
      id: number;
      name: string;
    }[];
    expect(mine).toEqual([expect.objectContaining({ name: 'My stations', privacy: 0 })]);
    expect(idsOf(await call('GET', `/api/projects/${mine[0]!.id}/stations`, undefined, eager.token)).sort()).toEqual(
      registered.map((s) => s.id).sort(),
    );
  });

  it('makes none for someone who already belongs to a project', async () => {
    const organiser = await signUp(sut, outboxOf(sut.dataDir), { name: 'Organiser' });
    await projectWith(organiser, []);
    const station = await register({}, organiser.token);
    expect((await call('GET', `/api/projects/station/${station.id}`, undefined, organiser.token)).body).toEqual({ projects: [] });
  });
});

describe('stations in projects', () => {
  let member: TestUser;
  let shown: Station; // in a public project
  let secret: Station; // in a private project only
  let publicProject: number;
  let privateProject: number;

  beforeAll(async () => {
    member = await signUp(sut, outboxOf(sut.dataDir), { name: 'Member' });
    shown = await register({ modules });
    secret = await register({ modules });
    publicProject = await projectWith(owner, [shown.id]);
    privateProject = await projectWith(owner, [secret.id, shown.id], 0);
    await join(privateProject, owner, member);
  });

  it('makes a station in a public project readable by anyone, and read-only but for its owner', async () => {
    for (const token of [null, stranger.token, member.token]) {
      expect(await call('GET', `/api/stations/${shown.id}`, undefined, token)).toMatchObject({
        status: 200,
        body: { id: shown.id, readOnly: true },
      });
    }
    for (const token of [stranger.token, member.token]) {
      expect(await call('PATCH', `/api/stations/${shown.id}`, { name: 'x' }, token)).toMatchObject({
        status: 403,
        body: { code: 'AUTH.FORBIDDEN' },
      });
    }
    // To those who cannot see it, a station they try to change is private, as when they read it.
    expect(await call('PATCH', `/api/stations/${secret.id}`, { name: 'x' }, stranger.token)).toMatchObject(privateAnswer);
    const moduleId = secret.configurations.all[0]!.modules[0]!.id;
    expect(await call('PATCH', `/api/stations/${secret.id}/modules/${moduleId}`, { label: 'x' }, stranger.token)).toMatchObject(
      privateAnswer,
    );
    expect(await call('PATCH', `/api/stations/${secret.id}`, { name: 'x' }, member.token)).toMatchObject({ status: 403 });
  });

  it('shows a station in private projects only to its owner, their teams and site admins', async () => {
    for (const token of [null, stranger.token]) {
      expect(await call('GET', `/api/stations/${secret.id}`, undefined, token)).toMatchObject(privateAnswer);
      expect(await call('GET', `/api/projects/station/${secret.id}`, undefined, token)).toMatchObject(privateAnswer);
      expect(await call('GET', `/api/stations/${secret.id}/associated`, undefined, token)).toMatchObject(privateAnswer);
    }
    for (const token of [owner.token, member.token, admin.token]) {
      expect((await call('GET', `/api/stations/${secret.id}`, undefined, token)).status).toBe(200);
    }
    expect((await call('GET', `/api/stations/${secret.id}`, undefined, member.token)).body).toMatchObject({ readOnly: true });
  });

  it("lists a project's stations for those who may read the project, hidden ones only for their owner", async () => {
    expect(idsOf(await call('GET', `/api/projects/${publicProject}/stations`, undefined, null))).toEqual([shown.id]);
    expect(await call('GET', `/api/projects/${privateProject}/stations`, undefined, stranger.token)).toMatchObject({
      status: 403,
      body: { code: 'PROJECT.PRIVATE' },
    });
    expect(idsOf(await call('GET', `/api/projects/${privateProject}/stations`, undefined, member.token)).sort()).toEqual(
      [shown.id, secret.id].sort(),
    );
    expect((await call('GET', '/api/projects/987654/stations')).status).toBe(404);
    expect((await call('GET', '/api/projects/abc/stations')).status).toBe(400);

    const hidden = await register();
    await call('POST', `/api/projects/${publicProject}/stations/${hidden.id}`);
    await call('PATCH', `/api/stations/${hidden.id}`, { hidden: true });
    expect(idsOf(await call('GET', `/api/projects/${publicProject}/stations`, undefined, null))).not.toContain(hidden.id);
    expect(idsOf(await call('GET', `/api/projects/${publicProject}/stations`, undefined, admin.token))).not.toContain(hidden.id);
    expect(idsOf(await call('GET', `/api/projects/${publicProject}/stations`))).toContain(hidden.id);
  });

  it("lists a station's projects, only those the asker may read", async () => {
    const path = `/api/projects/station/${shown.id}`;
    expect(idsOf(await call('GET', path, undefined, null), 'projects')).toEqual([publicProject]);
    expect(idsOf(await call('GET', path, undefined, stranger.token), 'projects')).toEqual([publicProject]);
    expect(idsOf(await call('GET', path, undefined, member.token), 'projects').sort()).toEqual(
      [publicProject, privateProject].sort(),
    );
    expect((await call('GET', '/api/projects/station/987654')).status).toBe(404);
    expect((await call('GET', '/api/projects/station/x')).status).toBe(400);
  });

  it('answers sensor-meta rows for the readable stations among those asked', async () => {
    await deploy(shown.id, 10, 20);
    const path = `/api/meta/stations?stations=${shown.id},${secret.id},987654`;
    const anonymous = await call('GET', path, undefined, null);
    expect(anonymous.status).toBe(200);
    const rows = anonymous.body!['stations'] as { stationId: number }[];
    expect(rows).toEqual([
      {
        stationId: shown.id,
        stationName: shown.name,
        stationLocation: [20, 10],
        moduleId: shown.configurations.all[0]!.modules[0]!.id,
        moduleKey: 'modules.diagnostics',
        sensorId: null,
        sensorKey: 'modules.diagnostics.battery_charge',
        sensorReadAt: null,
      },
      expect.objectContaining({ stationId: shown.id, moduleKey: 'modules.water.ph', sensorKey: 'modules.water.ph.ph' }),
    ]);
    const forMember = (await call('GET', path, undefined, member.token)).body!['stations'] as { stationId: number }[];
    expect(new Set(forMember.map((r) => r.stationId))).toEqual(new Set([shown.id, secret.id]));
    expect((await call('GET', '/api/meta/stations?stations=a,b')).status).toBe(400);
    expect((await call('GET', '/api/meta/stations')).status).toBe(400);
  });

  describe('associated stations', () => {
    let near: Station;
    let far: Station;

    beforeAll(async () => {
      // About 1.1 km north of `shown`, 5.5 km north, and `secret` 0.5 km east.
      near = await register();
      far = await register();
      await call('POST', `/api/projects/${publicProject}/stations/${near.id}`);
      await call('POST', `/api/projects/${publicProject}/stations/${far.id}`);
      await deploy(shown.id, 40, -74);
      await deploy(near.id, 40.01, -74);
      await deploy(far.id, 40.05, -74);
      await deploy(secret.id, 40, -73.994);
    });

    it('finds readable stations within 1,609.344 m, nearest first', async () => {
      const r = await call('GET', `/api/stations/${shown.id}/associated`, undefined, null);
      expect(r.status).toBe(200);
      const list = r.body!['stations'] as {
        station: Station;
        hidden: boolean;
        location: { stationID: number; distance: number }[];
        manual: unknown[];
      }[];
      expect(list.map((a) => a.station.id)).toEqual([near.id]);
      expect(list[0]).toMatchObject({
        hidden: false,
        manual: [],
        location: [{ stationID: near.id, distance: expect.any(Number) as number }],
      });
      expect(list[0]!.location[0]!.distance).toBeGreaterThan(1000);
      expect(list[0]!.location[0]!.distance).toBeLessThan(1200);
      // The private station nearby is there for its owner's team, not for others.
      const forMember = await call('GET', `/api/stations/${shown.id}/associated`, undefined, member.token);
      expect(
        idsOf({
          ...forMember,
          body: { stations: (forMember.body!['stations'] as { station: Station }[]).map((a) => a.station) },
        }),
      ).toEqual([secret.id, near.id]);
    });

    it('adds and removes manual links (owner only), shown to those who may read the other station', async () => {
      const link = `/api/stations/${shown.id}/associated/${far.id}`;
      expect((await call('POST', link, undefined, null)).status).toBe(401);
      expect((await call('POST', link, undefined, stranger.token)).status).toBe(403);
      expect((await call('POST', link)).status).toBe(204);
      const list = (await call('GET', `/api/stations/${shown.id}/associated`, undefined, null)).body!['stations'] as {
        station: Station;
        manual: { otherStationID: number }[];
        location: unknown[];
      }[];
      expect(list.map((a) => a.station.id)).toEqual([near.id, far.id]);
      expect(list[1]).toMatchObject({ manual: [{ otherStationID: far.id }], location: [] });

      expect((await call('DELETE', link, undefined, stranger.token)).status).toBe(403);
      expect((await call('DELETE', link)).status).toBe(204);
      expect(await call('DELETE', link)).toMatchObject({ status: 404, body: { code: 'STATION.LINK_NOT_FOUND' } });
    });

    it('refuses links to itself, to missing stations and to stations the owner may not read', async () => {
      expect(await call('POST', `/api/stations/${shown.id}/associated/${shown.id}`)).toMatchObject({
        status: 400,
        body: { code: 'STATION.LINK_TO_SELF' },
      });
      expect((await call('POST', `/api/stations/${shown.id}/associated/987654`)).status).toBe(404);
      const theirs = await register({}, stranger.token);
      expect(await call('POST', `/api/stations/${shown.id}/associated/${theirs.id}`)).toMatchObject(privateAnswer);
      expect((await call('POST', `/api/stations/${shown.id}/associated/x`)).status).toBe(400);
      expect((await call('GET', '/api/stations/987654/associated')).status).toBe(404);
    });

    it('leaves hidden stations out for everyone but their owner', async () => {
      await call('PATCH', `/api/stations/${near.id}`, { hidden: true });
      const anonymous = (await call('GET', `/api/stations/${shown.id}/associated`, undefined, null)).body!['stations'] as {
        station: Station;
      }[];
      expect(anonymous.map((a) => a.station.id)).not.toContain(near.id);
      const mine = (await call('GET', `/api/stations/${shown.id}/associated`)).body!['stations'] as {
        station: Station;
        hidden: boolean;
      }[];
      expect(mine.find((a) => a.station.id === near.id)).toMatchObject({ hidden: true });
      await call('PATCH', `/api/stations/${near.id}`, { hidden: false });
    });
  });

  it('keeps a private station out of every list an outsider can see', async () => {
    for (const token of [null, stranger.token]) {
      const meta = await call('GET', `/api/meta/stations?stations=${secret.id}`, undefined, token);
      expect(meta.body).toEqual({ stations: [] });
      const around = (await call('GET', `/api/stations/${shown.id}/associated`, undefined, token)).body!['stations'] as {
        station: Station;
      }[];
      expect(around.map((a) => a.station.id)).not.toContain(secret.id);
      expect(idsOf(await call('GET', `/api/projects/${publicProject}/stations`, undefined, token))).not.toContain(secret.id);
    }
    expect(idsOf(await call('GET', '/api/user/stations', undefined, stranger.token))).not.toContain(secret.id);
    // Site admins see it everywhere.
    expect((await call('GET', `/api/meta/stations?stations=${secret.id}`, undefined, admin.token)).body!['stations']).not.toEqual(
      [],
    );
  });
});
