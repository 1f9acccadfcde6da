import { promises as fs } from 'node:fs';
import path from 'node:path';
import { bearerOf, callApi } from '../support/accounts.js';
import { startTestApp, type TestApp } from '../support/test-app.js';

/** First start: demo projects owned by a demo site admin whose random password is given once. */
let sut: TestApp;
beforeAll(async () => {
  sut = await startTestApp({ SEED_DEMO_DATA: 'true' });
});
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
  const changed = await callApi(sut.url, 'PATCH', `/api/projects/${hudson.id}`, {
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
