import { promises as fs } from 'node:fs';
import path from 'node:path';
import { bearerOf, callApi } from '../support/accounts.js';
import { callAsReader } from '../support/versions.js';
import { demoStations } from '../../apps/api/src/seed/demo-community.js';
import { DemoReadingsSeeder } from '../../apps/api/src/seed/demo-readings.js';
import { startTestApp, type TestApp } from '../support/test-app.js';

/** First start: demo projects owned by a demo site admin whose random password is given once. */
let sut: TestApp;
beforeAll(async () => {
  sut = await startTestApp({ SEED_DEMO_DATA: 'true', SEED_DEMO_DAYS: '1' });
  // The readings go up in the background once the product listens: wait for them here.
  await sut.app.get(DemoReadingsSeeder).settled();
}, 240_000);
afterAll(() => sut.close());

it('seeds a demo admin with a random password kept in DATA_DIR/demo-account.txt, owning the demo projects', async () => {
  const file = path.join(sut.dataDir, 'demo-account.txt');
  expect((await fs.stat(file)).mode & 0o777).toBe(0o600);
  const text = await fs.readFile(file, 'utf8');
  const email = /e-mail: (\S+)/.exec(text)![1]!;
  const password = /password: (\S+)/.exec(text)![1]!;
  expect(password.length).toBeGreaterThanOrEqual(16);

  const login = await callApi(sut.url, 'POST', '/api/login', { body: { email, password } });
  expect(login.status).toBe(204);
  const token = bearerOf(login);
  expect((await callApi(sut.url, 'GET', '/api/user', { token })).body).toMatchObject({
    name: 'Demo Admin',
    admin: true,
    termsCurrent: true,
  });

  const { projects } = (await callApi(sut.url, 'GET', '/api/projects')).body as { projects: { id: number; name: string }[] };
  const hudson = projects.find((p) => p.name === 'Hudson River Water Quality')!;
  const changed = await callAsReader(sut.url, 'PATCH', `/api/projects/${hudson.id}`, {
    token,
    body: { goal: 'Edited by the demo admin' },
  });
  expect(changed).toMatchObject({ status: 200, body: { goal: 'Edited by the demo admin' } });
});

it('seeds deployed stations in the demo projects, a project update each, and one station with notes, a photo and a field note', async () => {
  const { projects } = (await callApi(sut.url, 'GET', '/api/projects')).body as { projects: { id: number; name: string }[] };
  const byName = (name: string) => projects.find((p) => p.name === name)!.id;
  const stationsOf = async (id: number) =>
    (
      (await callApi(sut.url, 'GET', `/api/projects/${id}/stations`)).body as {
        stations: { id: number; name: string; deployedAt: string | null }[];
      }
    ).stations;

  const hudson = await stationsOf(byName('Hudson River Water Quality'));
  expect(hudson.map((s) => s.name).sort()).toEqual(['Hudson at Beacon', 'Hudson at Kingston', 'Hudson at Piermont']);
  expect(hudson.every((s) => s.deployedAt !== null)).toBe(true);
  expect(await stationsOf(byName('Jamaica Bay Flood Watch'))).toHaveLength(3);
  expect(await stationsOf(byName('Rio Grande Weather Network'))).toHaveLength(2);
  // The private bench project stays out of the public list, and its station is private.
  expect(projects.some((p) => p.name === 'Bench Calibration Lab')).toBe(false);

  const activity = (await callApi(sut.url, 'GET', `/api/projects/${byName('Jamaica Bay Flood Watch')}/activity`)).body as {
    activities: { type: string }[];
  };
  expect(activity.activities.map((a) => a.type).sort()).toEqual([
    'ProjectUpdate',
    'StationDeployed',
    'StationDeployed',
    'StationDeployed',
    // A day of demo readings: one upload per station.
    'StationIngestion',
    'StationIngestion',
    'StationIngestion',
  ]);

  const kingston = hudson.find((s) => s.name === 'Hudson at Kingston')!;
  const notes = (await callApi(sut.url, 'GET', `/api/stations/${kingston.id}/notes`)).body as {
    completed?: number;
    notes: unknown[];
  };
  expect(notes.notes).toHaveLength(3);
  const station = (await callApi(sut.url, 'GET', `/api/stations/${kingston.id}`)).body as { photos: unknown[] };
  expect(station.photos).toHaveLength(1);
  const fieldNotes = (await callApi(sut.url, 'GET', `/api/station/${kingston.id}/station-notes`)).body as { notes?: unknown[] };
  expect(JSON.stringify(fieldNotes)).toContain('Cleaned the conductivity probe');
});

it("puts the flood project at flood mode's fixed id, 174", async () => {
  const { projects } = (await callApi(sut.url, 'GET', '/api/projects')).body as { projects: { id: number; name: string }[] };
  expect(projects.find((p) => p.id === 174)?.name).toBe('Jamaica Bay Flood Watch');
});

it('uploads simulated one-minute readings (hourly for the one hourly station) for every demo station through the ingestion endpoint', async () => {
  const login = await callApi(sut.url, 'POST', '/api/login', {
    body: {
      email: 'demo@groundtruth.local',
      password: /password: (\S+)/.exec(await fs.readFile(path.join(sut.dataDir, 'demo-account.txt'), 'utf8'))![1]!,
    },
  });
  const token = bearerOf(login);
  const { stations } = (await callApi(sut.url, 'GET', '/api/user/stations', { token })).body as {
    stations: { id: number; name: string }[];
  };
  expect(stations).toHaveLength(9);
  const uploads = await sut.runtime.pool.query<{ station_id: string; type: string; n: string; readings: string }>(
    `SELECT station_id, type, count(*) AS n, sum(readings) AS readings FROM ingestions GROUP BY station_id, type`,
  );
  for (const station of stations) {
    const data = uploads.rows.find((r) => Number(r.station_id) === station.id && r.type === 'data');
    expect(data).toBeDefined();
    // A day of one-minute (or hourly) records, each with a reading of every sensor of the station's modules.
    const every = demoStations.find((d) => d.name === station.name)?.readingEveryMs ?? 60_000;
    expect(Number(data!.readings)).toBeGreaterThanOrEqual(86_400_000 / every);
    // The hourly one really reads hourly: far fewer readings than a minute station's day.
    if (every > 60_000) expect(Number(data!.readings)).toBeLessThan(1440);
  }
  const kingston = stations.find((s) => s.name === 'Hudson at Kingston')!;
  const tail = await callApi(sut.url, 'GET', `/api/sensors/data/tail?stations=${kingston.id}`);
  expect(tail.status).toBe(200);
  expect((tail.body as { data: unknown[] }).data.length).toBeGreaterThan(100);
});
