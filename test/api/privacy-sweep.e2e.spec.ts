import { randomUUID } from 'node:crypto';
import sharp from 'sharp';
import { routes, type RouteContract } from '../../libs/contracts/src/index.js';
import { outboxOf, signUp, type TestUser } from '../support/accounts.js';
import { startTestApp, type TestApp } from '../support/test-app.js';
import { callAsReader } from '../support/versions.js';

/**
 * A private project and a private station, with everything that hangs off them (photo, updates,
 * media, notes, field notes, a deployment), must be invisible to outsiders in every call. The
 * calls are read from the route contracts, so a new read is swept the day it is added. The owner
 * gets 200 from the same addresses, which proves the sweep really aimed at the private things.
 */
let sut: TestApp;
let owner: TestUser;
let outsider: TestUser;
const marker = `SECRET${randomUUID().slice(0, 8)}`;
const ids: Record<string, number> = {};
let publicStation = 0;
let publicProject = 0;

const call = (method: string, path: string, token: string | null, body?: unknown) =>
  callAsReader(sut.url, method, path, { token, ...(body === undefined ? {} : { body }) });

const ok = async (method: string, path: string, token: string, body?: unknown) => {
  const reply = await call(method, path, token, body);
  if (reply.status >= 300) throw new Error(`${method} ${path}: ${reply.status} ${JSON.stringify(reply.body)}`);
  return reply.body ?? {};
};

const upload = async (path: string, token: string) => {
  const png = await sharp({ create: { width: 40, height: 30, channels: 3, background: { r: 200, g: 10, b: 10 } } })
    .png()
    .toBuffer();
  const form = new FormData();
  form.append('file', new Blob([png], { type: 'image/png' }), 'photo.png');
  const res = await fetch(`${sut.url}${path}`, { method: 'POST', body: form, headers: { authorization: `Bearer ${token}` } });
  if (res.status >= 300) throw new Error(`upload ${path}: ${res.status} ${await res.text()}`);
  return (await res.json()) as Record<string, unknown>;
};

const project = (name: string, privacy: number) => ({
  name,
  description: `${name} description`,
  goal: 'goal',
  location: 'somewhere',
  privacy,
});

beforeAll(async () => {
  sut = await startTestApp({ LOG_LEVEL: process.env['SWEEP_LOG'] ?? 'silent' });
  const mailbox = outboxOf(sut.dataDir);
  owner = await signUp(sut, mailbox);
  outsider = await signUp(sut, mailbox);
  const t = owner.token;

  ids['project'] = (await ok('POST', '/api/projects', t, project(`Project ${marker}`, 0)))['id'] as number;
  publicProject = (await ok('POST', '/api/projects', t, project('Open project', 1)))['id'] as number;
  ids['station'] = (await ok('POST', '/api/stations', t, { deviceId: `dev-${marker}`, name: `Station ${marker}` }))[
    'id'
  ] as number;
  publicStation = (await ok('POST', '/api/stations', t, { deviceId: `pub-${randomUUID().slice(0, 8)}`, name: 'Open station' }))[
    'id'
  ] as number;
  await ok('POST', `/api/projects/${ids['project']}/stations/${ids['station']}`, t);
  await ok('POST', `/api/projects/${publicProject}/stations/${publicStation}`, t);
  // Both deployed a few metres apart, and linked by hand: the public one's neighbours must not show the private one.
  const deployedAt = '2026-05-01T10:00:00.000Z';
  await ok('PATCH', `/api/stations/${ids['station']}`, t, {
    location: { latitude: 40.7, longitude: -74.0 },
    deployedAt,
    locationName: `Place ${marker}`,
    description: `About ${marker}`,
  });
  await ok('PATCH', `/api/stations/${publicStation}`, t, { location: { latitude: 40.7001, longitude: -74.0001 }, deployedAt });
  await ok('POST', `/api/stations/${publicStation}/associated/${ids['station']}`, t);
  await upload(`/api/projects/${ids['project']}/media`, t);
  ids['update'] = (await ok('POST', `/api/projects/${ids['project']}/updates`, t, { body: `News ${marker}` }))['id'] as number;
  ids['media'] = (await upload(`/api/stations/${ids['station']}/media?key=studyObjective`, t))['id'] as number;
  await ok('PATCH', `/api/stations/${ids['station']}/notes`, t, {
    creating: [{ key: 'studyObjective', body: `Study ${marker}`, mediaIds: [ids['media']] }],
  });
  ids['fieldNote'] = (await ok('POST', `/api/station/${ids['station']}/station-note`, t, { body: `Field ${marker}` }))[
    'id'
  ] as number;
  // An upload (not a readable file: it is kept all the same) for the calls about uploads.
  const uploaded = await fetch(`${sut.url}/api/ingestion`, {
    method: 'POST',
    headers: {
      authorization: `Bearer ${t}`,
      'content-type': 'application/vnd.fk.data+binary',
      'fk-deviceid': `dev-${marker}`,
      'fk-generation': 'a1b2',
      'fk-type': 'meta',
      'fk-blocks': '1,1',
    },
    body: new TextEncoder().encode(marker),
  });
  if (uploaded.status !== 200) throw new Error(`upload: ${uploaded.status} ${await uploaded.text()}`);
  ids['ingestion'] = ((await uploaded.json()) as { id: number }).id;
});
afterAll(async () => sut.close());

/** Reads about something other than projects and stations: a user's photo, an invitation by its token. */
const elsewhere = (path: string): boolean => path.startsWith('/user/{id}') || path.includes('{token}');

/** The address of a read, aimed at the private things. */
const aimAt = (path: string): string => {
  const isStation = /^\/(stations?|notes)\/\{id\}|^\/projects\/station\/\{id\}/.test(path);
  const isUpload = path.startsWith('/data/ingestions/{id}');
  const values: Record<string, number | string> = {
    id: isStation ? ids['station']! : isUpload ? ids['ingestion']! : ids['project']!,
    deviceId: `dev-${marker}`,
    projectId: ids['project']!,
    stationId: ids['station']!,
    mediaId: ids['media']!,
    updateId: ids['update']!,
    noteId: ids['fieldNote']!,
    fieldNoteId: ids['fieldNote']!,
    otherId: publicStation,
  };
  let unknown = false;
  const filled = path.replace(/\{(\w+)\}/g, (_, name: string) => {
    const v = values[name];
    if (v === undefined) unknown = true;
    return String(v);
  });
  if (unknown) throw new Error(`The sweep does not know what {…} means in ${path}: teach aimAt`);
  return `/api${filled}`;
};

const reads = (Object.entries(routes) as [string, RouteContract][]).filter(([, r]) => r.method === 'get');
const aimed = reads.filter(([, r]) => r.path.includes('{') && !elsewhere(r.path)).map(([name, r]) => [name, r.path] as const);
/** Answers that are the same for everyone (the sensor catalogue). */
const catalogue = new Set(['sensorsMeta', 'modulesMeta']);
const lists = reads.filter(([, r]) => !r.path.includes('{')).map(([name, r]) => [name, `/api${r.path}`] as const);

describe('a private project and station', () => {
  it.each(aimed)('%s (%s) answers the owner, and refuses anonymous and outsiders without a trace', async (_name, template) => {
    const path = aimAt(template);
    const mine = await call('GET', path, owner.token);
    expect(mine.status).toBe(200);

    for (const [who, token] of [
      ['anonymous', null],
      ['an outsider', outsider.token],
    ] as const) {
      const reply = await call('GET', path, token);
      expect({ who, refused: [401, 403].includes(reply.status) }).toEqual({ who, refused: true });
      expect(JSON.stringify(reply.body)).not.toContain(marker);
    }
  });

  it.each(lists)('%s (%s) lists nothing private to anonymous or outsiders', async (_name, base) => {
    const query = `?stations=${ids['station']},${publicStation}&query=${marker}`;
    for (const token of [null, outsider.token]) {
      const reply = await call('GET', `${base}${query}`, token);
      expect(reply.status).toBeLessThan(500);
      expect(JSON.stringify(reply.body)).not.toContain(marker);
      // The sensor catalogue holds no station: its ids are sensor and module definitions'.
      if (!catalogue.has(_name)) expect(JSON.stringify(reply.body)).not.toMatch(new RegExp(`"id":${ids['station']}[,}]`));
    }
  });

  it('stays out of the public neighbours, the public project and its activity', async () => {
    for (const path of [
      `/api/stations/${publicStation}/associated`,
      `/api/projects/${publicProject}/stations`,
      `/api/projects/${publicProject}/activity`,
      `/api/projects/${publicProject}`,
    ]) {
      const mine = await call('GET', path, owner.token);
      expect(mine.status).toBe(200);
      for (const token of [null, outsider.token]) {
        const reply = await call('GET', path, token);
        expect(reply.status).toBe(200);
        expect(JSON.stringify(reply.body)).not.toContain(marker);
        expect(JSON.stringify(reply.body)).not.toMatch(
          new RegExp(`"(stationId|stationID|otherStationID)":${ids['station']}[,}]`),
        );
      }
    }
    // The owner does see the link: the check above is not vacuous.
    expect(JSON.stringify((await call('GET', `/api/stations/${publicStation}/associated`, owner.token)).body)).toMatch(
      new RegExp(`${ids['station']}`),
    );
  });
});
