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
