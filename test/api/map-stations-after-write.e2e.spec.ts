import type { Actor } from '../../libs/domain/src/index.js';
import { MapStations } from '../../libs/contracts/src/index.js';
import { ReadYourWrites } from '../../apps/api/src/common/cqrs/read-your-writes.js';
import { ReadModels } from '../../apps/api/src/read-models/read-models.js';
import { ReadingsVersions } from '../../libs/platform/src/index.js';
import { MapStationsQueries } from '../../apps/api/src/stations/queries/map-stations.queries.js';
import { StationDataQueries } from '../../apps/api/src/stations/queries/station-data.queries.js';
import { outboxOf, signUp, type TestUser } from '../support/accounts.js';
import { newDeviceId } from '../support/device-ids.js';
import { startTestApp, type TestApp } from '../support/test-app.js';
import { callAsReader } from '../support/versions.js';

/**
 * GET /api/stations/map after writes: the map kept per asker is patched from the stations whose
 * revision moved when only the stations projection wrote, and read whole otherwise. Either way the
 * next answer must equal one read from scratch (a MapStationsQueries keeping nothing), for the owner
 * and for a stranger who sees the public stations only.
 */
let sut: TestApp;
let owner: TestUser;
let stranger: TestUser;
let kept: MapStationsQueries;
let scratch: MapStationsQueries;
let asOwner: Actor;
let asStranger: Actor;
let open = 0;
let alpha = 0;
let beta = 0;
let gamma = 0;
/** One instant for every answer: statuses and the recent window are then the same in both. */
const now = Date.now();
const ask = { recentHours: 24 };
/** The map queries Postgres was asked since the last `reads()`: whole maps and patches. */
let mapQueries: string[] = [];

const ok = async (method: string, path: string, body?: unknown) => {
  const reply = await callAsReader(sut.url, method, path, { token: owner.token, ...(body === undefined ? {} : { body }) });
  if (reply.status >= 300) throw new Error(`${method} ${path}: ${reply.status} ${JSON.stringify(reply.body)}`);
  return (reply.body ?? {}) as Record<string, unknown>;
};
const station = async (name: string, projectId: number, latitude: number, longitude: number) => {
  const id = (await ok('POST', '/api/stations', { deviceId: newDeviceId(), name }))['id'] as number;
  await ok('POST', `/api/projects/${projectId}/stations/${id}`);
  await ok('PATCH', `/api/stations/${id}`, { location: { latitude, longitude }, deployedAt: '2026-04-01T00:00:00.000Z' });
  return id;
};
const userOf = async (user: TestUser): Promise<Actor> => {
  const reply = await callAsReader(sut.url, 'GET', '/api/user', { token: user.token });
  return { kind: 'user', userId: (reply.body as { id: number }).id, admin: false, moderator: false };
};
const reads = () => {
  const seen = mapQueries.map((sql) => (sql.includes('ANY(') ? 'patch' : 'whole'));
  mapQueries = [];
  return seen;
};
/** Both askers' next answers equal answers read from scratch; answers the owner's. */
const expectFresh = async () => {
  const answers: MapStations[] = [];
  for (const actor of [asOwner, asStranger]) {
    const answer = await kept.list(ask, actor, now);
    expect(answer).toEqual(await scratch.list(ask, actor, now));
    answers.push(answer);
  }
  return answers[0]!;
};
const named = (answer: MapStations, id: number) => answer.stations.find((s) => s.id === id);

beforeAll(async () => {
  sut = await startTestApp();
  const mailbox = outboxOf(sut.dataDir);
  owner = await signUp(sut, mailbox);
  stranger = await signUp(sut, mailbox);
  asOwner = await userOf(owner);
  asStranger = await userOf(stranger);
  open = (await ok('POST', '/api/projects', { name: 'Open', description: 'd', goal: 'g', location: 'l', privacy: 1 }))[
    'id'
  ] as number;
  alpha = await station('Alpha', open, 41.1, -73.1);
  beta = await station('Beta', open, 41.2, -73.2);
  gamma = await station('Gamma', open, 41.3, -73.3);
  kept = sut.app.get(MapStationsQueries);
  const readModels = sut.app.get(ReadModels);
  const rows = readModels.rows.bind(readModels);
  // Its own reads are not counted below: the read models as they were.
  const scratchModels = { rows } as ReadModels;
  scratch = new MapStationsQueries(
    { ...sut.runtime.config, mapCacheStations: 0 },
    new StationDataQueries(scratchModels),
    scratchModels,
    sut.app.get(ReadYourWrites),
    sut.app.get(ReadingsVersions),
  );
  readModels.rows = ((sql: string, params?: readonly unknown[]) => {
    if (sql.includes('WITH pub AS')) mapQueries.push(sql);
    return rows(sql, params);
  }) as typeof readModels.rows;
});
afterAll(async () => sut.close());

beforeEach(async () => {
  // Both askers' maps kept before each write.
  await expectFresh();
  reads();
});

it('answers a renamed station by its new name, patched in (and the kept answer before it is the control)', async () => {
  const before = await kept.list(ask, asStranger, now);
  await ok('PATCH', `/api/stations/${alpha}`, { name: 'Alpha renamed' });
  const answer = await expectFresh();
  expect(named(answer, alpha)?.name).toBe('Alpha renamed');
  // The control: the answer kept from before the write is not what a fresh read says now, so an
  // answer left stale by the patch would fail `expectFresh`.
  expect(before).not.toEqual(await scratch.list(ask, asStranger, now));
  expect(reads()).toEqual(['patch', 'patch']);
});

it('answers a moved station at its new place, patched in', async () => {
  await ok('PATCH', `/api/stations/${beta}`, {
    location: { latitude: 42.5, longitude: -72.5 },
    deployedAt: '2026-05-01T00:00:00.000Z',
  });
  const answer = await expectFresh();
  expect(named(answer, beta)?.location).toEqual([-72.5, 42.5]);
  expect(reads()).toEqual(['patch', 'patch']);
});

it('hides a station hidden by its owner from everyone else, patched in', async () => {
  await ok('PATCH', `/api/stations/${beta}`, { hidden: true });
  await expectFresh();
  expect(named(await kept.list(ask, asStranger, now), beta)).toBeUndefined();
  expect(named(await kept.list(ask, asOwner, now), beta)).toBeDefined();
  await ok('PATCH', `/api/stations/${beta}`, { hidden: false });
  await expectFresh();
  expect(named(await kept.list(ask, asStranger, now), beta)).toBeDefined();
});

it('no longer shows a stranger a station that left the public project (the whole map read again)', async () => {
  await ok('DELETE', `/api/projects/${open}/stations/${gamma}`);
  await expectFresh();
  expect(named(await kept.list(ask, asStranger, now), gamma)).toBeUndefined();
  expect(reads()).toEqual(['whole', 'whole']);
});

it('shows a new station', async () => {
  const delta = await station('Delta', open, 41.4, -73.4);
  await expectFresh();
  expect(named(await kept.list(ask, asStranger, now), delta)?.name).toBe('Delta');
});

it('drops a station whose row is gone (as a rebuild may leave it), patched out', async () => {
  await sut.runtime.pool.query('DELETE FROM stations WHERE id = $1', [alpha]);
  // The stations projection's notice, at its own position, as a batch or a rebuild's swap sends it.
  const { rows } = await sut.runtime.pool.query<{ commit_pos: string; prepare_pos: string }>(
    `SELECT commit_pos, prepare_pos FROM gt_projection_checkpoints WHERE name = 'stations'`,
  );
  const heard = sut.app.get(ReadYourWrites).readModelsVersionOf(['stations']);
  await sut.runtime.pool.query(`SELECT pg_notify('gt_checkpoints', $1)`, [
    `stations ${rows[0]!.commit_pos} ${rows[0]!.prepare_pos}`,
  ]);
  for (let i = 0; i < 200 && sut.app.get(ReadYourWrites).readModelsVersionOf(['stations']) === heard; i++) {
    await new Promise((r) => setTimeout(r, 10));
  }
  const answer = await expectFresh();
  expect(named(answer, alpha)).toBeUndefined();
  expect(reads()).toEqual(['patch', 'patch']);
});

it('answers over HTTP with the new name right after the write (read-your-writes)', async () => {
  await ok('PATCH', `/api/stations/${beta}`, { name: 'Beta again' });
  const reply = await callAsReader(sut.url, 'GET', '/api/stations/map', { token: stranger.token });
  expect(named(MapStations.parse(reply.body), beta)?.name).toBe('Beta again');
});

it("drops a deleted owner's station's place, which moves no revision (the read whole again)", async () => {
  const leaver = await signUp(sut, outboxOf(sut.dataDir));
  const as = async (method: string, path: string, body?: unknown) => {
    const reply = await callAsReader(sut.url, method, path, { token: leaver.token, ...(body === undefined ? {} : { body }) });
    if (reply.status >= 300) throw new Error(`${method} ${path}: ${reply.status} ${JSON.stringify(reply.body)}`);
    return (reply.body ?? {}) as Record<string, unknown>;
  };
  const project = (await as('POST', '/api/projects', { name: 'Theirs', description: 'd', goal: 'g', location: 'l', privacy: 1 }))[
    'id'
  ] as number;
  const id = (await as('POST', '/api/stations', { deviceId: newDeviceId(), name: 'Epsilon' }))['id'] as number;
  await as('POST', `/api/projects/${project}/stations/${id}`);
  await as('PATCH', `/api/stations/${id}`, {
    location: { latitude: 41.5, longitude: -73.5 },
    deployedAt: '2026-04-01T00:00:00.000Z',
    attributes: { Neighborhood: 'Red Hook' },
  });
  expect(named(await expectFresh(), id)?.place).toBe('Red Hook');
  reads();
  const deleted = await callAsReader(sut.url, 'DELETE', '/api/auth/delete-account', {
    token: leaver.token,
    body: { email: leaver.email, password: leaver.password },
  });
  expect(deleted.status).toBe(204);
  const answer = await expectFresh();
  expect(named(answer, id)?.place ?? null).toBeNull();
  expect(reads()).toEqual(['whole', 'whole']);
});
