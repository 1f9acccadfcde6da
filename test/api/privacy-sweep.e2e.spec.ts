import { randomUUID } from 'node:crypto';
import sharp from 'sharp';
import { routes, type RouteContract } from '../../libs/contracts/src/index.js';
import { LogCapture } from '../../libs/platform/src/index.js';
import { outboxOf, signUp, type TestUser } from '../support/accounts.js';
import { newDeviceId } from '../support/device-ids.js';
import { startTestApp, type TestApp } from '../support/test-app.js';
import { processed } from '../support/uploads.js';
import { callAsReader } from '../support/versions.js';

/**
 * A private project and a private station, with everything that hangs off them (photo, updates,
 * media, notes, field notes, a deployment), must be invisible to outsiders in every call. The
 * calls are read from the route contracts, so a new read is swept the day it is added. The owner
 * gets 200 from the same addresses, which proves the sweep really aimed at the private things.
 * Lists are asked in a valid form naming the private things, and the owner's answer holds them.
 * Where a station may be seen only at its general location, nothing an outsider gets (who is
 * nearby, how far, in which order) moves when the station moves within its general grid cell.
 */
let sut: TestApp;
let owner: TestUser;
let outsider: TestUser;
/** A site admin: the console's reads (tag admin) answer only them, and show them the private things. */
let admin: TestUser;
const marker = `SECRET${randomUUID().slice(0, 8)}`;
const ids: Record<string, number> = {};
let publicStation = 0;
let publicProject = 0;
let bookmarkToken = '';
const privateDevice = newDeviceId();
/** The private station's one reading, an hour ago: inside every chart window asked below. */
/** The correlation id of one edit of the private project (the audit's correlation lookup aims at it). */
const correlationId = `corr-${randomUUID()}`;
const readingAt = new Date(Math.floor((Date.now() - 3_600_000) / 60_000) * 60_000);

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
  admin = await signUp(sut, mailbox, { admin: true });
  const t = owner.token;

  ids['project'] = (await ok('POST', '/api/projects', t, project(`Project ${marker}`, 0)))['id'] as number;
  publicProject = (await ok('POST', '/api/projects', t, project('Open project', 1)))['id'] as number;
  ids['station'] = (await ok('POST', '/api/stations', t, { deviceId: privateDevice, name: `Station ${marker}` }))['id'] as number;
  publicStation = (await ok('POST', '/api/stations', t, { deviceId: newDeviceId(), name: 'Open station' }))['id'] as number;
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
  // A change made under a known correlation id, for the audit's correlation lookup.
  const correlated = await callAsReader(sut.url, 'PATCH', `/api/projects/${ids['project']}`, {
    token: t,
    body: { goal: `Goal ${marker}` },
    headers: { 'x-correlation-id': correlationId },
  });
  if (correlated.status !== 200) throw new Error(`correlated edit: ${correlated.status}`);
  bookmarkToken = (
    await ok('POST', '/api/bookmarks/save', t, { v: 1, g: [], s: [ids['station']], p: [ids['project']], c: null })
  )['token'] as string;
  ids['media'] = (await upload(`/api/stations/${ids['station']}/media?key=studyObjective`, t))['id'] as number;
  await ok('PATCH', `/api/stations/${ids['station']}/notes`, t, {
    creating: [{ key: 'studyObjective', body: `Study ${marker}`, mediaIds: [ids['media']] }],
  });
  // A comment (mentioning the outsider, who may not read it) and a data event about all its sensors.
  ids['post'] = (
    (
      await ok('POST', '/api/discussion', t, {
        post: {
          projectId: ids['project'],
          body: JSON.stringify({
            type: 'doc',
            content: [
              {
                type: 'paragraph',
                content: [
                  { type: 'text', text: `Talk ${marker} ` },
                  { type: 'mention', attrs: { id: outsider.id, label: 'x' } },
                ],
              },
            ],
          }),
        },
      })
    )['post'] as { id: number }
  ).id;
  await ok('POST', '/api/data-events', t, {
    event: {
      projectId: ids['project'],
      title: `Event ${marker}`,
      start: '2026-05-01T10:00:00Z',
      end: '2026-05-01T11:00:00Z',
      allProjectSensors: true,
    },
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
      'fk-deviceid': privateDevice,
      'fk-generation': 'a1b2',
      'fk-type': 'meta',
      'fk-blocks': '1,1',
    },
    body: new TextEncoder().encode(marker),
  });
  if (uploaded.status !== 200) throw new Error(`upload: ${uploaded.status} ${await uploaded.text()}`);
  ids['ingestion'] = ((await uploaded.json()) as { id: number }).id;
  // A reading, so chart calls and the station's sensor meta have something private to show its owner.
  const imported = await fetch(`${sut.url}/api/data/stations/${ids['station']}/csv`, {
    method: 'POST',
    headers: { authorization: `Bearer ${t}`, 'content-type': 'text/csv' },
    body: `time,fk.water.temp.temp\n${readingAt.toISOString()},12.5\n`,
  });
  if (imported.status !== 200) throw new Error(`csv import: ${imported.status} ${await imported.text()}`);
  await processed(sut, [ids['ingestion']!, ((await imported.json()) as { id: number }).id]);
});
afterAll(async () => sut.close());

/** Reads about something other than projects and stations: a user's photo, an invitation by its token. */
const elsewhere = (path: string): boolean =>
  path.startsWith('/user/{id}') ||
  path.includes('{token}') ||
  // Moderators only, whoever owns the post (discussions.e2e: others get 403, moderators the content).
  path.startsWith('/moderation/content/');

/** The address of a read, aimed at the private things. */
const aimAt = (path: string): string => {
  const isStation = /^\/(stations?|notes)\/\{id\}|^\/projects\/station\/\{id\}/.test(path);
  const isUpload = path.startsWith('/data/ingestions/{id}');
  const values: Record<string, number | string> = {
    id: isStation ? ids['station']! : isUpload ? ids['ingestion']! : ids['project']!,
    deviceId: privateDevice,
    projectId: ids['project']!,
    stationId: ids['station']!,
    mediaId: ids['media']!,
    updateId: ids['update']!,
    noteId: ids['fieldNote']!,
    fieldNoteId: ids['fieldNote']!,
    otherId: publicStation,
  };
  if (path === '/audit/correlations/{id}') return `/api/audit/correlations/${correlationId}`;
  // The audit's history of the private project (its station's is the same rule, checked in audit.e2e).
  if (path === '/audit/streams/{stream}') return `/api/audit/streams/project-${ids['project']}`;
  let unknown = false;
  const filled = path.replace(/\{(\w+)\}/g, (_, name: string) => {
    const v = values[name];
    if (v === undefined) unknown = true;
    return String(v);
  });
  if (unknown) throw new Error(`The sweep does not know what {…} means in ${path}: teach aimAt`);
  return `/api${filled}`;
};

const allReads = (Object.entries(routes) as [string, RouteContract][]).filter(([, r]) => r.method === 'get');
/** The console's reads: site admins only (every private thing is theirs to see), swept on their own below. */
const isAdminRead = (r: RouteContract): boolean => r.tags.includes('admin') && r.path.startsWith('/admin/');
const reads = allReads.filter(([, r]) => !isAdminRead(r));
const adminReads = allReads.filter(([, r]) => isAdminRead(r) && r.path !== '/admin/permissions');
/**
 * The audit's reads answer an outsider 404, as for a stream that does not exist (issue 29: who may
 * not read a private project does not learn that it has a history); other reads answer 403.
 */
const refusals = (path: string): number[] => (path.startsWith('/api/audit/') ? [401, 404] : [401, 403]);
const aimed = reads.filter(([, r]) => r.path.includes('{') && !elsewhere(r.path)).map(([name, r]) => [name, r.path] as const);
const lists = reads.filter(([, r]) => !r.path.includes('{')).map(([name, r]) => [name, `/api${r.path}`] as const);

/**
 * How each list is asked about the private things, and what the owner and outsiders get: `has`,
 * the owner's answer holds the private project or station (so the outsiders' checks aim at
 * something); `none`, the list is about something else (the caller's own account, the sensor
 * catalogue, the server). Outsiders are `refused` (401 or 403) or get an answer that `omits` it.
 */
type ListForm = { query: () => string; owner: 'has' | 'none'; outsiders: 'refused' | 'omits'; status?: number };
const hour = 3_600_000;
const listForms: Record<string, ListForm> = {
  // The directory of public projects: the owner's private one is under myProjects.
  listProjects: { query: () => '', owner: 'none', outsiders: 'omits' },
  myProjects: { query: () => '', owner: 'has', outsiders: 'omits' },
  myStations: { query: () => '', owner: 'has', outsiders: 'omits' },
  // Every station one may see; the private one only for its owner, also inside a viewport around it.
  mapStations: { query: () => '?bbox=-74.1,40.6,-73.9,40.8', owner: 'has', outsiders: 'omits' },
  stationsSensorMeta: { query: () => `?stations=${ids['station']},${publicStation}`, owner: 'has', outsiders: 'omits' },
  sensorData: {
    query: () =>
      `?stations=${ids['station']}&start=${readingAt.getTime() - 2 * hour}&end=${readingAt.getTime() + 2 * hour}&resolution=100`,
    owner: 'has',
    outsiders: 'refused',
  },
  sensorDataTail: { query: () => `?stations=${ids['station']}`, owner: 'has', outsiders: 'refused' },
  sensorDataRecently: { query: () => `?stations=${ids['station']}&windows=24`, owner: 'has', outsiders: 'refused' },
  pendingProjectInvites: { query: () => '', owner: 'none', outsiders: 'omits' },
  mentionables: { query: () => `?query=${marker}`, owner: 'none', outsiders: 'omits' },
  currentUser: { query: () => '', owner: 'none', outsiders: 'omits' },
  sensorsMeta: { query: () => '', owner: 'none', outsiders: 'omits' },
  modulesMeta: { query: () => '', owner: 'none', outsiders: 'omits' },
  status: { query: () => '', owner: 'none', outsiders: 'omits' },
  // No single sign-on configured here: no address, for everyone.
  oidcUrl: { query: () => '', owner: 'none', outsiders: 'omits' },
  // The owner's bookmark of the private station: ids only, the same content for whoever holds the token.
  bookmarkResolve: { query: () => `?v=${bookmarkToken}`, owner: 'none', outsiders: 'omits' },
  // Its preview picture is drawn as for an anonymous visitor, whoever asks (link previewers are
  // anonymous): nothing private for anyone. share-preview.e2e reads the pixels of a private station's.
  bookmarkPreview: { query: () => `?v=${bookmarkToken}`, owner: 'none', outsiders: 'omits' },
  // The caller's own exports: the owner's export of the private station is not an outsider's to list.
  exportHistory: { query: () => '', owner: 'none', outsiders: 'omits' },
  // The analysis page's schema names the stations a query may read: the private one only for its owner.
  analysisSchema: { query: () => '', owner: 'has', outsiders: 'omits' },
  // A saved workspace's comments and events are its token holders'; the private project's are not on it.
  bookmarkDiscussion: { query: () => `?bookmark=${bookmarkToken}`, owner: 'none', outsiders: 'omits' },
  // Events drawn on the private station's charts: only for those who may read the station.
  dataEvents: { query: () => `?stations=${ids['station']}`, owner: 'has', outsiders: 'refused' },
  // One's own notifications: the outsider, mentioned in the private comment, is not told of it (checked below).
  notifications: { query: () => '', owner: 'none', outsiders: 'omits' },
  // Moderators only: the owner is not one either.
  moderationRequests: { query: () => '', owner: 'none', outsiders: 'omits', status: 403 },
};

/** Whether an answer shows the private project or station: its names, or the station's id as a row's station. */
const showsPrivate = (body: unknown): boolean => {
  const text = JSON.stringify(body);
  return text.includes(marker) || new RegExp(`"(stationId|stationID)":${ids['station']}[,}]`).test(text);
};

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
      expect({ who, refused: refusals(path).includes(reply.status) }).toEqual({ who, refused: true });
      expect(JSON.stringify(reply.body)).not.toContain(marker);
    }
  });

  it('has a form for every list', () => {
    expect(lists.map(([name]) => name).filter((name) => !listForms[name])).toEqual([]);
  });

  it.each(lists)(
    '%s (%s) shows the owner the private things, and anonymous and outsiders nothing of them',
    async (name, base) => {
      const form = listForms[name];
      if (!form) return; // the test above names it
      const path = `${base}${form.query()}`;
      const mine = await call('GET', path, owner.token);
      expect({ path, status: mine.status }).toEqual({ path, status: form.status ?? 200 });
      expect({ path, shows: showsPrivate(mine.body) }).toEqual({ path, shows: form.owner === 'has' });
      for (const [who, token] of [
        ['anonymous', null],
        ['an outsider', outsider.token],
      ] as const) {
        const reply = await call('GET', path, token);
        const refused = [401, 403].includes(reply.status);
        if (form.outsiders === 'refused') expect({ who, path, refused }).toEqual({ who, path, refused: true });
        else {
          const signInFirst = (routes as Record<string, RouteContract>)[name]!.auth === 'required' && token === null;
          expect({ who, path, status: reply.status }).toEqual({ who, path, status: signInFirst ? 401 : (form.status ?? 200) });
        }
        expect({ who, path, shows: showsPrivate(reply.body) }).toEqual({ who, path, shows: false });
      }
    },
  );

  it('gives an outsider mentioned in a private comment no notification of it', async () => {
    const theirs = await call('GET', '/api/notifications', outsider.token);
    expect(theirs.status).toBe(200);
    expect(theirs.body).toMatchObject({ notifications: [], total: 0 });
    // Nor can they read it through moderation: a report of it is refused.
    const report = await call('POST', '/api/moderation', outsider.token, { postId: ids['post'], postType: 'discussion_post' });
    expect(report.status).toBe(403);
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

describe('a station shown only at its general location', () => {
  /**
   * Issue 13: "nearby" was decided on exact coordinates, so moving one's own station and asking
   * again found where another stands (to 3 mm in 104 requests). Here the owner moves a station
   * within its general grid cell (both spots round to 40.71, -73.5): an exact decision would change
   * who is nearby (901 m against 1,990 m from the outsider's station) and the order, so every
   * answer to those who see it only generally must stay the same, while its owner's does change.
   */
  const inCell = [
    { latitude: 40.7149, longitude: -73.5 },
    { latitude: 40.7051, longitude: -73.5 },
  ];
  let target = 0;
  let theirs = 0;
  let theirOther = 0;

  type Associated = {
    stations: { station: { id: number; location: unknown }; location: { distance: number }[]; manual: unknown[] }[];
  };
  /** Where the map endpoint puts the target for this caller (a viewport around its cell, and everywhere). */
  const onMap = async (token: string | null) => {
    const all = (await call('GET', '/api/stations/map', token)).body as { stations: { id: number; location: unknown }[] };
    const boxed = (await call('GET', '/api/stations/map?bbox=-73.5049,40.7,-73.49,40.72', token)).body as typeof all;
    return [all, boxed].map((answer) => answer.stations.find((s) => s.id === target) ?? null);
  };
  const view = async (stationId: number, token: string | null) => {
    const reply = await call('GET', `/api/stations/${stationId}/associated`, token);
    expect(reply.status).toBe(200);
    return (reply.body as Associated).stations.map((s) => ({
      id: s.station.id,
      location: s.station.location,
      nearby: s.location,
      manual: s.manual,
    }));
  };
  const deployedAt = '2026-05-02T10:00:00.000Z';
  /** Everything about where things are, as each caller sees it, with the target at `spot`. */
  const viewsWith = async (spot: { latitude: number; longitude: number }) => {
    await ok('PATCH', `/api/stations/${target}`, owner.token, { location: spot, deployedAt });
    return {
      outsider: {
        fromTheirs: await view(theirs, outsider.token),
        fromTarget: await view(target, outsider.token),
        map: await onMap(outsider.token),
      },
      anonymous: { fromTheirs: await view(theirs, null), fromTarget: await view(target, null), map: await onMap(null) },
      owner: {
        fromTheirs: await view(theirs, owner.token),
        fromTarget: await view(target, owner.token),
        map: await onMap(owner.token),
      },
    };
  };

  beforeAll(async () => {
    const vague = (await ok('POST', '/api/projects', owner.token, { ...project('Vague', 1), showExactLocation: false }))[
      'id'
    ] as number;
    target = (await ok('POST', '/api/stations', owner.token, { deviceId: newDeviceId(), name: 'Backyard' }))['id'] as number;
    await ok('POST', `/api/projects/${vague}/stations/${target}`, owner.token);
    const open = (await ok('POST', '/api/projects', outsider.token, project('Neighbours', 1)))['id'] as number;
    theirs = (await ok('POST', '/api/stations', outsider.token, { deviceId: newDeviceId(), name: 'Mover' }))['id'] as number;
    theirOther = (await ok('POST', '/api/stations', outsider.token, { deviceId: newDeviceId(), name: 'Fixed' }))['id'] as number;
    for (const [id, latitude] of [
      [theirs, 40.723],
      [theirOther, 40.712],
    ] as const) {
      await ok('POST', `/api/projects/${open}/stations/${id}`, outsider.token);
      await ok('PATCH', `/api/stations/${id}`, outsider.token, { location: { latitude, longitude: -73.5 }, deployedAt });
    }
  });

  it('gives those who see it generally the same neighbours, distances and order wherever it stands in its cell', async () => {
    const before = await viewsWith(inCell[0]!);
    const after = await viewsWith(inCell[1]!);
    expect(after.outsider).toEqual(before.outsider);
    expect(after.anonymous).toEqual(before.anonymous);
    // Not vacuous: the map shows it to outsiders, at its general location, in the viewport and out of it alike.
    expect(before.outsider.map.map((s) => s && [s.id, s.location])).toEqual([
      [target, [-73.5, 40.71]],
      [target, [-73.5, 40.71]],
    ]);
    // Not vacuous: the target is among the outsider's neighbours, after the nearer fixed station, 1 km off.
    expect(before.outsider.fromTheirs.map((s) => [s.id, s.nearby])).toEqual([
      [theirOther, [{ stationID: theirOther, distance: expect.closeTo(1223.1, 0) as number }]],
      [target, [{ stationID: target, distance: 1000 }]],
    ]);
  });

  it("does change its owner's answers, who sees it exactly (the control)", async () => {
    const before = await viewsWith(inCell[0]!);
    const after = await viewsWith(inCell[1]!);
    // 901 m away and nearest, then 1,990 m away and not nearby at all.
    expect(before.owner.fromTheirs.map((s) => s.id)).toEqual([target, theirOther]);
    expect(after.owner.fromTheirs.map((s) => s.id)).toEqual([theirOther]);
    expect(after.owner.fromTarget).not.toEqual(before.owner.fromTarget);
    // On the map (and in a viewport around it), its owner sees it where it stands.
    expect(before.owner.map[0]).not.toEqual(after.owner.map[0]);
    expect(before.owner.map.map((s) => s?.location)).toEqual([
      [-73.5, 40.7149],
      [-73.5, 40.7149],
    ]);
    expect(after.owner.map.map((s) => s?.location)).toEqual([
      [-73.5, 40.7051],
      [-73.5, 40.7051],
    ]);
  });
});

describe("the console's reads", () => {
  /** A log line about the private station (logs name stations, users and requests): site admins only. */
  beforeAll(async () => {
    const capture = new LogCapture();
    capture.attach(sut.runtime.pool);
    const line = { level: 'error', time: new Date().toISOString(), msg: `upload of ${marker} failed`, stationId: ids['station'] };
    capture.stream.write(JSON.stringify(line));
    await capture.close();
    const row = await sut.runtime.pool.query<{ id: string }>('SELECT id FROM gt_logs WHERE station_id = $1', [ids['station']]);
    ids['log'] = Number(row.rows[0]!.id);
  });

  /** Each admin read aimed at the private station, its owner or its upload; the admin's answer shows it. */
  const adminForms: Record<string, () => string> = {
    adminListLogs: () => `?filter=${encodeURIComponent(JSON.stringify({ stationId: ids['station'] }))}`,
    adminGetLog: () => `/${ids['log']}`,
    adminListUsers: () => `?filter=${encodeURIComponent(JSON.stringify({ id: [owner.id] }))}`,
    adminGetUser: () => `/${owner.id}`,
    adminListStations: () => `?filter=${encodeURIComponent(JSON.stringify({ q: marker }))}`,
    adminGetStation: () => `/${ids['station']}`,
    adminListUploads: () => `?filter=${encodeURIComponent(JSON.stringify({ stationId: ids['station'] }))}`,
    adminListProjections: () => '',
    adminListProjectionFailures: () => '',
  };

  it('has a form for every admin read', () => {
    expect(adminReads.map(([name]) => name).filter((name) => !adminForms[name])).toEqual([]);
  });

  it.each(adminReads.map(([name, r]) => [name, r.path] as const))(
    '%s (%s) answers a site admin, refuses everyone else without a trace',
    async (name, template) => {
      const path = `/api${template.replace(/\/\{id\}$/, '')}${adminForms[name]!()}`;
      const theirs = await call('GET', path, admin.token);
      expect({ path, status: theirs.status }).toEqual({ path, status: 200 });
      // Aimed at the private things: the admin sees them (projections are about the server only).
      if (name !== 'adminListProjections' && name !== 'adminListProjectionFailures') {
        expect({ path, shows: showsPrivate(theirs.body) || JSON.stringify(theirs.body).includes(`"id":${owner.id},`) }).toEqual({
          path,
          shows: true,
        });
      }
      for (const [who, token, status] of [
        ['anonymous', null, 401],
        ['the owner', owner.token, 403],
        ['an outsider', outsider.token, 403],
      ] as const) {
        const reply = await call('GET', path, token);
        expect({ who, path, status: reply.status }).toEqual({ who, path, status });
        expect(JSON.stringify(reply.body)).not.toContain(marker);
      }
    },
  );
});
