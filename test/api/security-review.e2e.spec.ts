import { positionToString } from '../../libs/platform/src/index.js';
import { callApi, outboxOf, signUp, type TestUser } from '../support/accounts.js';
import { newDeviceId } from '../support/device-ids.js';
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

describe('GET /api/status', () => {
  it("lists a private station's unfinished upload to whoever may read the station, and only counts it for others", async () => {
    const registered = await callApi(sut.url, 'POST', '/api/stations', {
      token: owner.token,
      body: { deviceId: newDeviceId(), name: 'Private pier' },
    });
    expect(registered.status).toBe(200);
    const station = registered.body!['id'] as number;
    // An upload received and not processed yet, as the ingestions read model holds it.
    await sut.runtime.pool.query(
      `INSERT INTO ingestions (id, station_id, device_id, generation, type, size, first_block, last_block, content_type, blob_key, received_at, records, readings, data_start, data_end)
       VALUES (987654, $1, 'aa', 'bb', 'data', 1000, 1, 40, 'application/vnd.fk.data+binary', 'secret-key', now(), 40, 4000, now() - interval '1 day', now())`,
      [station],
    );
    const unfinishedOf = (reply: Awaited<ReturnType<typeof callApi>>) =>
      ((reply.body!['ingestions'] as { unfinished: { id: number; stationId: number }[] }).unfinished ?? []).map((u) => u.id);

    const anonymous = await callApi(sut.url, 'GET', '/api/status');
    expect(anonymous.status).toBe(200);
    expect((anonymous.body!['ingestions'] as { received: number }).received).toBeGreaterThanOrEqual(1);
    expect(unfinishedOf(anonymous)).not.toContain(987654);
    expect(JSON.stringify(anonymous.body)).not.toContain('"stationId"');

    const stranger = await signUp(sut, outboxOf(sut.dataDir), { name: 'Stranger' });
    expect(unfinishedOf(await callApi(sut.url, 'GET', '/api/status', { token: stranger.token }))).not.toContain(987654);

    const own = await callApi(sut.url, 'GET', '/api/status', { token: owner.token });
    expect(unfinishedOf(own)).toContain(987654);
  });
});
