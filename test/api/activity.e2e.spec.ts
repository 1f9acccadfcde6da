import { randomUUID } from 'node:crypto';
import { ingestionDecider, ingestionStream, type IngestionCommand } from '../../libs/domain/src/index.js';
import { outboxOf, signUp, type TestUser } from '../support/accounts.js';
import { callAsReader } from '../support/versions.js';
import { startTestApp, type TestApp } from '../support/test-app.js';
import { newDeviceId } from '../support/device-ids.js';

/** The project activity feed (spec §2): updates and the deployments of the stations a project holds. */
let sut: TestApp;
let admin: TestUser;

const call = (method: string, path: string, token: string | null = admin.token, body?: unknown) =>
  callAsReader(sut.url, method, path, { token, ...(body === undefined ? {} : { body }) });
const ok = async (method: string, path: string, body?: unknown) => {
  const reply = await call(method, path, admin.token, body);
  if (reply.status >= 300) throw new Error(`${method} ${path}: ${reply.status} ${JSON.stringify(reply.body)}`);
  return reply.body ?? {};
};
type Item = {
  type: string;
  createdAt: string;
  body?: string;
  station?: { id: number; name: string };
  author?: { name: string };
  records?: number;
  uploads?: number;
  firstAt?: string;
  errors?: boolean;
};
const feed = async (projectId: number, token: string | null = admin.token) => {
  const reply = await call('GET', `/api/projects/${projectId}/activity`, token);
  expect(reply.status).toBe(200);
  return (reply.body as { activities: Item[] }).activities;
};
const newProject = async (privacy = 1) =>
  (await ok('POST', '/api/projects', { name: 'Feed', description: 'd', goal: 'g', location: 'l', privacy }))['id'] as number;

beforeAll(async () => {
  sut = await startTestApp();
  admin = await signUp(sut, outboxOf(sut.dataDir), { name: 'Feed Keeper' });
});
afterAll(async () => sut.close());

it('is empty for a new project', async () => {
  expect(await feed(await newProject())).toEqual([]);
});

it('shows updates with their author and deployments of the project stations, newest first', async () => {
  const projectId = await newProject();
  const stationId = (await ok('POST', '/api/stations', { deviceId: newDeviceId(), name: 'Pier 5' }))['id'] as number;
  await ok('POST', `/api/projects/${projectId}/stations/${stationId}`);
  await ok('PATCH', `/api/stations/${stationId}`, {
    location: { latitude: 40.7, longitude: -74 },
    deployedAt: '2026-03-01T12:00:00.000Z',
    locationName: 'Pier 5',
  });
  const update = await ok('POST', `/api/projects/${projectId}/updates`, { body: 'We are live.' });

  const items = await feed(projectId);
  expect(items.map((i) => i.type)).toEqual(['ProjectUpdate', 'StationDeployed']);
  expect(items[0]).toMatchObject({ type: 'ProjectUpdate', body: 'We are live.', author: { name: 'Feed Keeper' } });
  expect(items[1]).toMatchObject({
    type: 'StationDeployed',
    station: { id: stationId, name: 'Pier 5' },
    deployedAt: '2026-03-01T12:00:00.000Z',
    location: { latitude: 40.7, longitude: -74 },
    locationName: 'Pier 5',
  });

  // An edit shows at once, a deleted update leaves the feed, a renamed station shows its new name.
  await ok('POST', `/api/projects/${projectId}/updates/${update['id']}`, { body: 'We are live!' });
  expect((await feed(projectId))[0]).toMatchObject({ body: 'We are live!' });
  await ok('PATCH', `/api/stations/${stationId}`, { name: 'Pier Five' });
  expect((await feed(projectId)).find((i) => i.type === 'StationDeployed')?.station?.name).toBe('Pier Five');
  await ok('DELETE', `/api/projects/${projectId}/updates/${update['id']}`);
  expect((await feed(projectId)).map((i) => i.type)).toEqual(['StationDeployed']);

  // A station taken out of the project takes its history with it; added to another, it brings it along.
  const other = await newProject();
  await ok('DELETE', `/api/projects/${projectId}/stations/${stationId}`);
  await ok('POST', `/api/projects/${other}/stations/${stationId}`);
  expect(await feed(projectId)).toEqual([]);
  expect((await feed(other)).map((i) => i.type)).toEqual(['StationDeployed']);
});

it('keeps at most 50 items, the newest', async () => {
  const projectId = await newProject();
  for (let i = 1; i <= 53; i += 1) await ok('POST', `/api/projects/${projectId}/updates`, { body: `Update ${i}` });
  const items = await feed(projectId);
  expect(items).toHaveLength(50);
  expect(items[0]?.body).toBe('Update 53');
  expect(items[49]?.body).toBe('Update 4');
  const times = items.map((i) => Date.parse(i.createdAt));
  expect([...times].sort((a, b) => b - a)).toEqual(times);
});

it('answers anonymous readers of a public project, refuses those of a private one, and 404s a missing one', async () => {
  const open = await newProject(1);
  const closed = await newProject(0);
  expect((await call('GET', `/api/projects/${open}/activity`, null)).status).toBe(200);
  expect((await call('GET', `/api/projects/${closed}/activity`, null)).status).toBe(403);
  const stranger = await signUp(sut, outboxOf(sut.dataDir));
  expect((await call('GET', `/api/projects/${closed}/activity`, stranger.token)).status).toBe(403);
  expect((await call('GET', '/api/projects/999999/activity')).status).toBe(404);
  expect((await call('GET', '/api/projects/abc/activity')).status).toBe(400);
});

it("shows a hidden station's deployments to its owner only", async () => {
  const projectId = await newProject();
  const member = await signUp(sut, outboxOf(sut.dataDir), { name: 'Team Mate' });
  await ok('POST', `/api/projects/${projectId}/invite`, { email: member.email, role: 0 });
  expect((await call('POST', `/api/projects/${projectId}/invites/accept`, member.token)).status).toBeLessThan(300);
  const stationId = (await ok('POST', '/api/stations', { deviceId: newDeviceId(), name: 'Secret Spot' }))['id'] as number;
  await ok('POST', `/api/projects/${projectId}/stations/${stationId}`);
  await ok('PATCH', `/api/stations/${stationId}`, {
    location: { latitude: 40.71, longitude: -74.01 },
    deployedAt: '2026-03-02T12:00:00.000Z',
  });
  const seenBy = async (token: string | null) => (await feed(projectId, token)).map((i) => i.type);
  expect(await seenBy(null)).toEqual(['StationDeployed']);

  await ok('PATCH', `/api/stations/${stationId}`, { hidden: true });
  expect(await seenBy(admin.token)).toEqual(['StationDeployed']);
  expect(await seenBy(member.token)).toEqual([]);
  expect(await seenBy(null)).toEqual([]);
  // The project's own rows still show.
  await ok('POST', `/api/projects/${projectId}/updates`, { body: 'Still here.' });
  expect(await seenBy(null)).toEqual(['ProjectUpdate']);
});

describe('uploads', () => {
  let nextIngestion = 700_000;
  /**
   * A data upload of `records` records received at `at`, through the ingestion decider (as POST
   * /api/ingestion records it, with the moment it arrived under the test's control), then processed
   * unless `processed` is false.
   */
  const upload = async (stationId: number, at: string, records: number, { processed = true, errors = 0 } = {}) => {
    nextIngestion += 1;
    const ingestionId = nextIngestion;
    const meta = { correlationId: 'activity', causationId: 'activity', userId: admin.id, now: at };
    const receive: IngestionCommand = {
      type: 'ReceiveIngestion',
      data: {
        ingestionId,
        stationId,
        deviceId: newDeviceId(),
        generation: 'a1b2c3d4',
        type: 'data',
        size: 1000,
        blocks: [1, 10],
        contentType: 'application/vnd.fk.data+binary',
        deviceName: null,
        blobKey: `uploads/${stationId}/${ingestionId}.data`,
      },
    };
    const record: IngestionCommand = {
      type: 'RecordIngestionProcessed',
      data: {
        ingestionId,
        version: 1,
        records,
        readings: records,
        errors,
        problems: errors ? ['Record 3: its meta record 9 is unknown.'] : [],
        start: at,
        end: at,
        battery: 80,
        location: null,
      },
    };
    // Received and processed in one append, so the process manager (which processes whatever is
    // received; this upload's file is not in the blob store) finds nothing owed. An unprocessed one
    // it processes: no file, no records, so it leaves the feed like any upload without records.
    const received = ingestionDecider.decide(receive, ingestionDecider.initialState, meta);
    const events = processed
      ? [
          ...received,
          ...ingestionDecider.decide(record, received.reduce(ingestionDecider.evolve, ingestionDecider.initialState), meta),
        ]
      : received;
    await sut.runtime.store.append(
      ingestionStream(ingestionId),
      events.map((e) => ({
        ...e,
        metadata: { eventId: randomUUID(), correlationId: 'activity', causationId: 'activity', userId: admin.id, occurredAt: at },
      })),
      'no_stream',
    );
  };
  const station = async (projectId: number, name: string) => {
    const id = (await ok('POST', '/api/stations', { deviceId: newDeviceId(), name }))['id'] as number;
    await ok('POST', `/api/projects/${projectId}/stations/${id}`);
    await ok('PATCH', `/api/stations/${id}`, {
      location: { latitude: 41.04, longitude: -73.9 },
      deployedAt: '2025-12-01T12:00:00.000Z',
    });
    return id;
  };
  /** The feed once the projector has applied `uploads` processed uploads (appended straight to the log). */
  const settledFeed = async (projectId: number, uploads: number) => {
    let items: Item[] = [];
    const counted = () => items.reduce((n, i) => n + (i.uploads ?? 0), 0);
    for (const end = Date.now() + 10_000; Date.now() < end; await new Promise((r) => setTimeout(r, 50))) {
      items = await feed(projectId);
      if (counted() >= uploads) break;
    }
    return items;
  };
  const at = (day: string, minutes: number) => new Date(Date.parse(`${day}T08:00:00.000Z`) + minutes * 60_000).toISOString();

  it("groups a station's uploads per station and day, keeping updates and deployments in view", async () => {
    const projectId = await newProject();
    const piermont = await station(projectId, 'Hudson at Piermont');
    const kingston = await station(projectId, 'Kingston');
    // Another project's station uploading the same day: its uploads are not this feed's.
    const elsewhere = await station(await newProject(), 'Elsewhere');
    // 30 uploads of 1,440 records every 5 minutes on 10 March, interleaved with Kingston's and
    // the other project's; two on 11 March; one never processed.
    for (let i = 0; i < 30; i++) {
      await upload(piermont, at('2026-03-10', i * 5), 1440);
      if (i % 10 === 0) await upload(kingston, at('2026-03-10', i * 5 + 1), 100, { errors: i === 10 ? 1 : 0 });
      if (i === 5) await upload(elsewhere, at('2026-03-10', i * 5 + 2), 7);
    }
    await upload(piermont, at('2026-03-11', 0), 1440);
    await upload(piermont, at('2026-03-11', 60), 1440);
    await upload(piermont, at('2026-03-11', 120), 1440, { processed: false });
    await ok('POST', `/api/projects/${projectId}/updates`, { body: 'Pier repaired.' });

    const items = await settledFeed(projectId, 35);
    expect(items.map((i) => [i.type, i.station?.name ?? null, i.uploads ?? null])).toEqual([
      ['ProjectUpdate', null, null],
      ['StationIngestion', 'Hudson at Piermont', 2],
      ['StationIngestion', 'Hudson at Piermont', 30],
      ['StationIngestion', 'Kingston', 3],
      ['StationDeployed', 'Kingston', null],
      ['StationDeployed', 'Hudson at Piermont', null],
    ]);
    expect(items[2]).toMatchObject({
      records: 43_200,
      uploads: 30,
      firstAt: '2026-03-10T08:00:00.000Z',
      createdAt: '2026-03-10T10:25:00.000Z',
      errors: false,
    });
    expect(items[1]).toMatchObject({ records: 2880, firstAt: '2026-03-11T08:00:00.000Z', createdAt: '2026-03-11T09:00:00.000Z' });
    expect(items[3]).toMatchObject({ records: 300, errors: true, createdAt: '2026-03-10T09:41:00.000Z' });
  });

  it('counts groups, not uploads, against the 50-item cap', async () => {
    const projectId = await newProject();
    const busy = await station(projectId, 'Busy');
    // 60 days of two uploads a day: 60 groups, 120 uploads.
    for (let day = 0; day < 60; day++) {
      const date = new Date(Date.UTC(2026, 0, 1) + day * 86_400_000).toISOString().slice(0, 10);
      await upload(busy, at(date, 0), 10);
      await upload(busy, at(date, 300), 10);
    }
    // The cap makes 50 groups of two appear before the last day is projected: wait for the last day's second upload.
    let items: Item[] = [];
    for (const end = Date.now() + 10_000; Date.now() < end; await new Promise((r) => setTimeout(r, 50))) {
      items = await feed(projectId);
      if (items[0]?.createdAt === '2026-03-01T13:00:00.000Z') break;
    }
    expect(items).toHaveLength(50);
    expect(items.every((i) => i.type === 'StationIngestion' && i.uploads === 2 && i.records === 20)).toBe(true);
    // The newest 50 days (1 Jan + 59 days = 1 March back to 11 January), one group each.
    expect(items[0]?.createdAt).toBe('2026-03-01T13:00:00.000Z');
    expect(items[49]?.firstAt).toBe('2026-01-11T08:00:00.000Z');
    expect(new Set(items.map((i) => i.createdAt.slice(0, 10))).size).toBe(50);
  });
});
