import { MapStations, MapStationsColumns, mapStationsFromColumns } from '../../libs/contracts/src/index.js';
import { outboxOf, signUp, type TestUser } from '../support/accounts.js';
import { newDeviceId } from '../support/device-ids.js';
import { startTestApp, type TestApp } from '../support/test-app.js';
import { processed } from '../support/uploads.js';
import { callAsReader } from '../support/versions.js';

/**
 * GET /api/stations/map (issue 16 item 3): every station the asker may see, where they may see it,
 * with its primary sensor's latest reading, in one answer, optionally inside a viewport.
 */
let sut: TestApp;
let owner: TestUser;
let stranger: TestUser;
let vague = 0;
let privateProject = 0;
let kingston = 0;
let backyard = 0;
let secret = 0;
let hiddenOne = 0;
const now = Date.now();
const minute = (ms: number) => new Date(Math.floor(ms / 60_000) * 60_000).toISOString();

const call = (path: string, token: string | null) => callAsReader(sut.url, 'GET', path, { token });
const ok = async (method: string, path: string, body?: unknown) => {
  const reply = await callAsReader(sut.url, method, path, { token: owner.token, ...(body === undefined ? {} : { body }) });
  if (reply.status >= 300) throw new Error(`${method} ${path}: ${reply.status} ${JSON.stringify(reply.body)}`);
  return (reply.body ?? {}) as Record<string, unknown>;
};
const project = (name: string, privacy: number, showExactLocation = true) =>
  ok('POST', '/api/projects', { name, description: 'd', goal: 'g', location: 'l', privacy, showExactLocation });
const station = async (name: string, projectId: number, latitude: number, longitude: number) => {
  const id = (await ok('POST', '/api/stations', { deviceId: newDeviceId(), name }))['id'] as number;
  await ok('POST', `/api/projects/${projectId}/stations/${id}`);
  await ok('PATCH', `/api/stations/${id}`, { location: { latitude, longitude }, deployedAt: '2026-04-01T00:00:00.000Z' });
  return id;
};
const mapOf = async (token: string | null, query = '') => {
  const reply = await call(`/api/stations/map${query}`, token);
  expect(reply.status).toBe(200);
  return MapStations.parse(reply.body);
};
const ids = (answer: MapStations) => answer.stations.map((s) => s.id).sort((a, b) => a - b);

beforeAll(async () => {
  sut = await startTestApp();
  const mailbox = outboxOf(sut.dataDir);
  owner = await signUp(sut, mailbox);
  stranger = await signUp(sut, mailbox);
  const open = (await project('Hudson', 1))['id'] as number;
  vague = (await project('Vague', 1, false))['id'] as number;
  privateProject = (await project('Mine', 0))['id'] as number;
  kingston = await station('Kingston', open, 41.9271, -73.9968);
  backyard = await station('Backyard', vague, 40.712345, -74.006789);
  secret = await station('Secret', privateProject, 40.8, -73.9);
  hiddenOne = await station('Hidden', open, 41.5, -74.1);
  await ok('PATCH', `/api/stations/${hiddenOne}`, { hidden: true });
  // Kingston's water temperature: 16.5 °C two hours ago, 15.9 °C half an hour ago (its latest, inside a 1 h
  // window even when the suite runs slowly); a battery reading too.
  const csv = await fetch(`${sut.url}/api/data/stations/${kingston}/csv`, {
    method: 'POST',
    headers: { authorization: `Bearer ${owner.token}`, 'content-type': 'text/csv' },
    body: `time,fk.water.temp.temp,fk.diagnostics.batteryCharge\n${minute(now - 2 * 3_600_000)},16.5,90\n${minute(now - 30 * 60_000)},15.9,89\n`,
  });
  if (csv.status !== 200) throw new Error(`csv import: ${csv.status} ${await csv.text()}`);
  // The projector processes the import after the answer: the readings count once it has.
  await processed(sut, [((await csv.json()) as { id: number }).id]);
});
afterAll(async () => sut.close());

it('shows anonymous visitors the public stations only, the vague one at its general location', async () => {
  const answer = await mapOf(null);
  expect(ids(answer)).toEqual([kingston, backyard].sort((a, b) => a - b));
  const seen = answer.stations.find((s) => s.id === backyard)!;
  expect(seen).toMatchObject({ location: [-74.01, 40.71], exact: false });
  expect(JSON.stringify(answer)).not.toContain('Secret');
});

it('shows the owner every station, hidden and private ones included, exactly (the control)', async () => {
  const answer = await mapOf(owner.token);
  expect(ids(answer)).toEqual([kingston, backyard, secret, hiddenOne].sort((a, b) => a - b));
  expect(answer.stations.find((s) => s.id === backyard)).toMatchObject({ location: [-74.006789, 40.712345], exact: true });
});

it("gives the primary sensor's latest reading, the station page's own, and the recent window's highest", async () => {
  const answer = await mapOf(stranger.token);
  const k = answer.stations.find((s) => s.id === kingston)!;
  // Water temperature, not the battery (diagnostics come after), at 15.9: what the station page says.
  expect(k.reading).toMatchObject({ value: 15.9, recent: 16.5 });
  expect(k).toMatchObject({ status: 'up', inactive: false });
  const page = (await call(`/api/stations/${kingston}`, stranger.token)).body as {
    configurations: {
      all: { modules: { id: number; sensors: { sensorId: number | null; reading: { last: number } | null }[] }[] }[];
    };
  };
  const sensors = page.configurations.all[0]!.modules.flatMap((m) => m.sensors.map((s) => ({ moduleId: m.id, ...s })));
  const same = sensors.find((s) => s.moduleId === k.reading!.moduleId && s.sensorId === k.reading!.sensorId);
  expect(same?.reading?.last).toBe(k.reading!.value);
  // A window that holds only the latest reading: recent is that reading.
  const hour = await mapOf(stranger.token, '?recentHours=1');
  expect(hour.stations.find((s) => s.id === kingston)!.reading).toMatchObject({ value: 15.9, recent: 15.9 });
  expect(answer.stations.find((s) => s.id === backyard)).toMatchObject({ reading: null, status: null, inactive: false });
});

it('keeps the stations inside a viewport, on the location the asker sees', async () => {
  expect(ids(await mapOf(owner.token, '?bbox=-74.5,40.5,-73.5,41'))).toEqual([backyard, secret].sort((a, b) => a - b));
  expect(ids(await mapOf(null, '?bbox=-74.5,40.5,-73.5,41'))).toEqual([backyard]);
  // Just west of the exact spot but east of the general one (-74.01): the owner sees it out, others in.
  expect(ids(await mapOf(owner.token, '?bbox=-74.0067,40.7,-74.0,40.72'))).toEqual([]);
  expect(ids(await mapOf(null, '?bbox=-74.0101,40.7,-74.0,40.72'))).toEqual([backyard]);
  // Across the antimeridian: nothing here lies there.
  expect(ids(await mapOf(owner.token, '?bbox=170,-50,-170,-30'))).toEqual([]);
});

it("keeps one project's stations, and refuses a private project to others", async () => {
  expect(ids(await mapOf(owner.token, `?project=${vague}`))).toEqual([backyard]);
  expect(ids(await mapOf(owner.token, `?project=${privateProject}`))).toEqual([secret]);
  expect((await call(`/api/stations/map?project=${privateProject}`, stranger.token)).status).toBe(403);
  expect((await call('/api/stations/map?project=99999999', owner.token)).status).toBe(404);
});

it('answers the same stations by column when asked (format=columns, or Accept naming the columns type)', async () => {
  const rows = await mapOf(owner.token);
  const byFormat = await call('/api/stations/map?format=columns', owner.token);
  expect(byFormat.headers.get('content-type')).toMatch(/^application\/vnd\.groundtruth\.columns\+json/);
  expect(mapStationsFromColumns(MapStationsColumns.parse(byFormat.body))).toEqual(rows);
  const byAccept = await callAsReader(sut.url, 'GET', '/api/stations/map?bbox=-74.5,40.5,-73.5,41', {
    token: null,
    headers: { accept: 'application/vnd.groundtruth.columns+json' },
  });
  expect(mapStationsFromColumns(MapStationsColumns.parse(byAccept.body))).toEqual(await mapOf(null, '?bbox=-74.5,40.5,-73.5,41'));
});

it("never shows one asker's kept map to another, and shows a change at once to everyone", async () => {
  // Each asker's whole map is kept; the stranger's must not be the owner's.
  expect(ids(await mapOf(owner.token))).toContain(secret);
  expect(ids(await mapOf(stranger.token))).not.toContain(secret);
  expect(ids(await mapOf(stranger.token, '?bbox=-74.5,40.5,-73.5,42'))).toContain(kingston);
  // Hiding Kingston takes it off others' maps at once (whole and viewport), not only after a while.
  await ok('PATCH', `/api/stations/${kingston}`, { hidden: true });
  expect(ids(await mapOf(stranger.token))).not.toContain(kingston);
  expect(ids(await mapOf(stranger.token, '?bbox=-74.5,40.5,-73.5,42'))).not.toContain(kingston);
  expect(ids(await mapOf(null))).not.toContain(kingston);
  expect(ids(await mapOf(owner.token))).toContain(kingston);
  await ok('PATCH', `/api/stations/${kingston}`, { hidden: false });
  expect(ids(await mapOf(stranger.token))).toContain(kingston);
  // New readings show at once too: Backyard's first one.
  const csv = await fetch(`${sut.url}/api/data/stations/${backyard}/csv`, {
    method: 'POST',
    headers: { authorization: `Bearer ${owner.token}`, 'content-type': 'text/csv' },
    body: `time,fk.water.temp.temp\n${minute(now - 10 * 60_000)},12.5\n`,
  });
  expect(csv.status).toBe(200);
  await processed(sut, [((await csv.json()) as { id: number }).id]);
  expect((await mapOf(null)).stations.find((s) => s.id === backyard)?.reading).toMatchObject({ value: 12.5 });
});

it.each([
  ['bbox=abc', 'bbox'],
  ['bbox=-74,40,-73', 'bbox'],
  ['bbox=-74,42,-73,40', 'bbox'],
  ['bbox=-200,40,-73,41', 'bbox'],
  ['recentHours=0', 'recentHours'],
  ['recentHours=73', 'recentHours'],
  ['project=x', 'project'],
])('answers 400 naming the field for %s', async (query, field) => {
  const reply = await call(`/api/stations/map?${query}`, owner.token);
  expect(reply.status).toBe(400);
  const fields = Object.keys((reply.body as { errors?: Record<string, unknown> }).errors ?? {});
  expect(fields.map((f) => f.split('.')[0])).toContain(field);
});
