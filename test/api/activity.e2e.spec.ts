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
type Item = { type: string; createdAt: string; body?: string; station?: { id: number; name: string }; author?: { name: string } };
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
