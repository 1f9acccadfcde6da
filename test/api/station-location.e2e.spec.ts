import { outboxOf, signUp, type TestUser } from '../support/accounts.js';
import { callAsReader } from '../support/versions.js';
import { startTestApp, type TestApp } from '../support/test-app.js';
import { newDeviceId } from '../support/device-ids.js';

/**
 * Spec §2 project form: "show exact or general station location". People outside the team see
 * a station of such a project at a general location (two decimals) everywhere it shows: the
 * station, lists, neighbours' distances, sensor meta and the activity feed.
 */
let sut: TestApp;
let owner: TestUser;
let stranger: TestUser;
let projectId = 0;
let stationId = 0;
let neighbourId = 0;
const exactAt = { latitude: 40.712345, longitude: -74.006789 };

const call = (method: string, path: string, token: string | null, body?: unknown) =>
  callAsReader(sut.url, method, path, { token, ...(body === undefined ? {} : { body }) });
const ok = async (method: string, path: string, body?: unknown) => {
  const reply = await call(method, path, owner.token, body);
  if (reply.status >= 300) throw new Error(`${method} ${path}: ${reply.status} ${JSON.stringify(reply.body)}`);
  return reply.body ?? {};
};
type Located = { location: { latitude: number; longitude: number; precise: [number, number]; exact: boolean } | null };
const stationSeenBy = async (token: string | null) =>
  (await call('GET', `/api/stations/${stationId}`, token, undefined)).body as Located;

beforeAll(async () => {
  sut = await startTestApp();
  const mailbox = outboxOf(sut.dataDir);
  owner = await signUp(sut, mailbox);
  stranger = await signUp(sut, mailbox);
  projectId = (
    await ok('POST', '/api/projects', {
      name: 'Vague',
      description: 'd',
      goal: 'g',
      location: 'l',
      privacy: 1,
      showExactLocation: false,
    })
  )['id'] as number;
  stationId = (await ok('POST', '/api/stations', { deviceId: newDeviceId(), name: 'Backyard' }))['id'] as number;
  neighbourId = (await ok('POST', '/api/stations', { deviceId: newDeviceId(), name: 'Street' }))['id'] as number;
  await ok('POST', `/api/projects/${projectId}/stations/${stationId}`);
  await ok('POST', `/api/projects/${projectId}/stations/${neighbourId}`);
  await ok('PATCH', `/api/stations/${stationId}`, { location: exactAt, deployedAt: '2026-04-01T00:00:00.000Z' });
  await ok('PATCH', `/api/stations/${neighbourId}`, {
    location: { latitude: 40.7131, longitude: -74.0071 },
    deployedAt: '2026-04-01T00:00:00.000Z',
  });
});
afterAll(async () => sut.close());

it('keeps the choice on the project, exact by default', async () => {
  expect((await call('GET', `/api/projects/${projectId}`, null)).body).toMatchObject({ showExactLocation: false });
  const other = await ok('POST', '/api/projects', { name: 'Open', description: 'd', goal: 'g', location: 'l' });
  expect(other).toMatchObject({ showExactLocation: true });
});

it('shows the exact location to the owner and a general one to anonymous readers and outsiders', async () => {
  expect((await stationSeenBy(owner.token)).location).toEqual({
    ...exactAt,
    precise: [exactAt.longitude, exactAt.latitude],
    exact: true,
  });
  for (const token of [null, stranger.token]) {
    expect((await stationSeenBy(token)).location).toEqual({
      latitude: 40.71,
      longitude: -74.01,
      precise: [-74.01, 40.71],
      exact: false,
    });
  }
});

it('keeps the location general in lists, neighbour distances and the activity feed', async () => {
  const listed = (await call('GET', `/api/projects/${projectId}/stations`, null)).body as {
    stations: ({ id: number } & Located)[];
  };
  expect(listed.stations.find((s) => s.id === stationId)?.location).toMatchObject({ latitude: 40.71, exact: false });

  const near = (await call('GET', `/api/stations/${neighbourId}/associated`, null)).body as {
    stations: { station: { id: number }; location: { distance: number }[] }[];
  };
  const distance = near.stations.find((s) => s.station.id === stationId)!.location[0]!.distance;
  expect(distance % 1000).toBe(0);
  const exactNear = (await call('GET', `/api/stations/${neighbourId}/associated`, owner.token)).body as typeof near;
  expect(exactNear.stations.find((s) => s.station.id === stationId)!.location[0]!.distance % 1000).not.toBe(0);

  const feed = (await call('GET', `/api/projects/${projectId}/activity`, null)).body as {
    activities: { type: string; station?: { id: number }; location?: { latitude: number; longitude: number } }[];
  };
  const deployed = feed.activities.find((a) => a.type === 'StationDeployed' && a.station?.id === stationId)!;
  expect(deployed.location).toEqual({ latitude: 40.71, longitude: -74.01 });
  const ownersFeed = (await call('GET', `/api/projects/${projectId}/activity`, owner.token)).body as typeof feed;
  expect(ownersFeed.activities.find((a) => a.type === 'StationDeployed' && a.station?.id === stationId)!.location).toEqual(
    exactAt,
  );
});

it('shows it exactly to the project team, and to everyone once a public project holding the station shows exact locations', async () => {
  const member = await signUp(sut, outboxOf(sut.dataDir));
  await ok('POST', `/api/projects/${projectId}/invite`, { email: member.email, role: 0 });
  expect((await call('POST', `/api/projects/${projectId}/invites/accept`, member.token)).status).toBeLessThan(300);
  expect((await stationSeenBy(member.token)).location).toMatchObject({ ...exactAt, exact: true });

  const open = (await ok('POST', '/api/projects', { name: 'Exact', description: 'd', goal: 'g', location: 'l' }))['id'] as number;
  await ok('POST', `/api/projects/${open}/stations/${stationId}`);
  expect((await stationSeenBy(null)).location).toMatchObject({ ...exactAt, exact: true });

  await ok('PATCH', `/api/projects/${open}`, { showExactLocation: false });
  expect((await stationSeenBy(null)).location).toMatchObject({ latitude: 40.71, exact: false });
});
