import { positionToString } from '../../libs/platform/src/index.js';
import { callApi, outboxOf, signUp, type TestUser } from '../support/accounts.js';
import { startTestApp, type TestApp } from '../support/test-app.js';

/**
 * Findings of the security review (issue 31 item 5) that need the whole product: each test failed
 * on the code before its fix (see the commits).
 */
let sut: TestApp;
let owner: TestUser;

beforeAll(async () => {
  sut = await startTestApp();
  owner = await signUp(sut, outboxOf(sut.dataDir), { name: 'Owner' });
});
afterAll(() => sut.close());

describe('Groundtruth-After', () => {
  it('answers a position beyond the log head with a 400 at once, on any anonymous GET', async () => {
    for (const after of ['99999999999/0', '99999999999999999999/0', 'soon']) {
      const started = Date.now();
      const res = await callApi(sut.url, 'GET', '/api/projects', { headers: { 'Groundtruth-After': after } });
      expect({ after, status: res.status, code: res.body?.['code'] }).toEqual({ after, status: 400, code: 'AFTER.UNKNOWN' });
      expect(Date.now() - started).toBeLessThan(1000);
    }
  });

  it('serves a position the log gave out, as before', async () => {
    const head = (await sut.runtime.store.headPosition())!;
    const res = await callApi(sut.url, 'GET', '/api/projects', { headers: { 'Groundtruth-After': positionToString(head) } });
    expect(res.status).toBe(200);
  });
});
