import simpleRestProvider from 'ra-data-simple-rest';
import { fetchUtils, type DataProvider } from 'ra-core';
import { callApi, outboxOf, signUp, type TestUser } from '../support/accounts.js';
import { newDeviceId } from '../support/device-ids.js';
import { startTestApp, type TestApp } from '../support/test-app.js';

/**
 * The console's log view (issue 28 item 2) over the product's real log lines: the app keeps them as
 * it does when it runs (LogCapture into gt_logs), and the list is read through react-admin's own
 * simple REST data provider.
 */
let sut: TestApp;
let admin: TestUser;
let moderator: TestUser;
let plain: TestUser;

const providerFor = (token: string | null): DataProvider =>
  simpleRestProvider(`${sut.url}/api/admin`, (url, options = {}) =>
    fetchUtils.fetchJson(url, { ...options, ...(token ? { user: { authenticated: true, token: `Bearer ${token}` } } : {}) }),
  );

beforeAll(async () => {
  sut = await startTestApp({ LOG_LEVEL: 'info' }, { captureLogs: true });
  const mailbox = outboxOf(sut.dataDir);
  admin = await signUp(sut, mailbox, { name: 'Log Admin', admin: true });
  moderator = await signUp(sut, mailbox, { name: 'Log Moderator', moderator: true });
  plain = await signUp(sut, mailbox, { name: 'Log Plain' });
});
afterAll(() => sut.close());

/** The log lines matching a filter, waiting for the capture's next write (every 100 ms here). */
const linesWhere = async (filter: Record<string, unknown>, atLeast = 1) => {
  for (let i = 0; i < 50; i++) {
    const page = await providerFor(admin.token).getList('logs', {
      pagination: { page: 1, perPage: 50 },
      sort: { field: 'time', order: 'DESC' },
      filter,
    });
    if (page.data.length >= atLeast) return page;
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`no log line for ${JSON.stringify(filter)}`);
};

describe('the log view', () => {
  it("finds a real request's log line by its request id, with its user, through the data provider", async () => {
    const requestId = `req-${Date.now()}`;
    const r = await callApi(sut.url, 'GET', '/api/projects/987654', {
      token: plain.token,
      headers: { 'x-request-id': requestId },
    });
    expect(r.status).toBe(404);
    const page = await linesWhere({ requestId });
    expect(page.total).toBe(1);
    expect(page.data[0]).toMatchObject({
      requestId,
      userId: plain.id,
      level: 'info',
      message: 'request',
      fields: { method: 'GET', path: '/api/projects/987654', status: 404 },
    });
    // getOne: the same line with its raw fields.
    expect((await providerFor(admin.token).getOne('logs', { id: page.data[0]!.id })).data).toMatchObject({ requestId });
    // The control: another request id finds nothing.
    const none = await providerFor(admin.token).getList('logs', {
      pagination: { page: 1, perPage: 5 },
      sort: { field: 'time', order: 'DESC' },
      filter: { requestId: `${requestId}-other` },
    });
    expect(none.total).toBe(0);
  });

  it('shows a failed upload as an error and an ingestion of its station, found by level, kind, station and text', async () => {
    const owner = await signUp(sut, outboxOf(sut.dataDir));
    const deviceHex = newDeviceId();
    const station = await callApi(sut.url, 'POST', '/api/stations', {
      token: owner.token,
      body: { deviceId: deviceHex, name: 'Logged' },
    });
    const stationId = station.body!['id'] as number;
    // A data file whose meta file never came: processed with an error.
    const res = await fetch(`${sut.url}/api/ingestion`, {
      method: 'POST',
      headers: {
        'content-type': 'application/vnd.fk.data+binary',
        'fk-deviceid': deviceHex,
        'fk-generation': 'c0501ec0501ec050',
        'fk-type': 'data',
        'fk-blocks': '1,1',
        authorization: `Bearer ${owner.token}`,
      },
      body: Buffer.from([1, 2, 3, 4, 5]),
    });
    expect(res.status).toBe(200);
    const errors = await linesWhere({ level: 'error', stationId });
    expect(errors.data[0]).toMatchObject({
      level: 'error',
      kind: 'ingestion',
      stationId,
      message: expect.stringContaining('processed with'),
    });
    expect((await linesWhere({ kind: 'ingestion', stationId })).total).toBeGreaterThanOrEqual(1);
    expect((await linesWhere({ q: `of station ${stationId} processed` })).total).toBe(1);
    // Control: the error filter leaves the info lines out.
    const infos = await linesWhere({ level: 'info' });
    expect(infos.total).toBeGreaterThan(errors.total ?? 0);
    const within = await providerFor(admin.token).getList('logs', {
      pagination: { page: 1, perPage: 5 },
      sort: { field: 'time', order: 'DESC' },
      filter: { stationId, from: new Date(Date.now() + 60_000).toISOString() },
    });
    expect(within.total).toBe(0);
  });

  it('refuses a bad range, sort or filter with a 400', async () => {
    for (const query of [
      'range=[5,1]',
      'range=[0,5000]',
      'sort=["password","ASC"]',
      'sort=["time","SIDEWAYS"]',
      'filter={"nope":1}',
      'filter={"level":"loud"}',
      'filter={"from":"yesterday"}',
      'filter={"stationId":-3}',
      'filter=[',
    ]) {
      const r = await callApi(sut.url, 'GET', `/api/admin/logs?${encodeURI(query)}`, { token: admin.token });
      expect({ query, status: r.status, code: r.body?.['code'] }).toEqual({ query, status: 400, code: 'VALIDATION.FAILED' });
    }
    // The control: well formed, answered.
    const ok = await callApi(
      sut.url,
      'GET',
      `/api/admin/logs?${encodeURI('range=[0,4]&sort=["level","ASC"]&filter={"kind":"other"}')}`,
      {
        token: admin.token,
      },
    );
    expect(ok.status).toBe(200);
    expect((await callApi(sut.url, 'GET', '/api/admin/logs/999999999', { token: admin.token })).status).toBe(404);
  });

  it('answers site admins only', async () => {
    for (const path of ['/api/admin/logs', '/api/admin/logs/1']) {
      for (const who of [moderator, plain]) {
        expect({ path, status: (await callApi(sut.url, 'GET', path, { token: who.token })).status }).toEqual({
          path,
          status: 403,
        });
      }
      expect((await callApi(sut.url, 'GET', path, { token: null })).status).toBe(401);
    }
    expect((await callApi(sut.url, 'GET', '/api/admin/permissions', { token: admin.token })).body).toMatchObject({
      actions: expect.arrayContaining(['admin.logs', 'admin.deleteStation']),
    });
  });
});
