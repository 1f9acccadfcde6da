import { sensorByFullKey } from '../../libs/domain/src/index.js';
import { callApi, outboxOf, signUp, type TestUser } from '../support/accounts.js';
import { joinProject } from '../support/project-team.js';
import { callAsReader } from '../support/versions.js';
import { startTestApp, type TestApp } from '../support/test-app.js';
import {
  afterProcessing,
  countAggregated,
  countReadings,
  jsonReply,
  reprocessed,
  type ProcessedReply,
} from '../support/uploads.js';

let sut: TestApp;
let owner: TestUser;
let member: TestUser;
let stranger: TestUser;
let admin: TestUser;
let projectId: number;
let otherProjectId: number;
let token: string;
let otherToken: string;

const DEPTH = sensorByFullKey('wh.floodnet.depth')!;
const BATTERY = sensorByFullKey('wh.floodnet.battery')!;
const DEV_EUI = '70B3D57ED005A1B2';
/** Uplinks of these tests were received in the last hour, a minute apart. */
const T0 = Math.floor((Date.now() - 3_600_000) / 60_000) * 60_000;
const iso = (ms: number) => new Date(ms).toISOString();

const mapping = [{ path: 'depth_in', sensor: 'wh.floodnet.depth' }];

beforeAll(async () => {
  sut = await startTestApp();
  const mailbox = outboxOf(sut.dataDir);
  owner = await signUp(sut, mailbox, { name: 'Owner' });
  member = await signUp(sut, mailbox, { name: 'Member' });
  stranger = await signUp(sut, mailbox, { name: 'Stranger' });
  admin = await signUp(sut, mailbox, { name: 'Admin', admin: true });
  const project = async (name: string) => {
    const r = await callApi(sut.url, 'POST', '/api/projects', {
      token: owner.token,
      body: { name, description: 'Flood sensors', goal: 'Know the floods', location: 'Harbor', privacy: 0 },
    });
    return r.body!['id'] as number;
  };
  projectId = await project('Flood watch');
  otherProjectId = await project('Other floods');
  await joinProject(sut.url, mailbox, owner, projectId, member, 0);
});
afterAll(() => sut.close());

/** An uplink as The Things Stack v3 posts it to a JSON webhook. */
const uplink = (receivedAt: number, decoded: Record<string, unknown> | undefined, ids: Record<string, unknown> = {}) => ({
  end_device_ids: {
    device_id: 'flood-sensor-12',
    application_ids: { application_id: 'floodnet-nyc' },
    dev_eui: DEV_EUI,
    join_eui: '0000000000000000',
    dev_addr: '260B1234',
    ...ids,
  },
  correlation_ids: ['as:up:01HZX', 'gs:uplink:01HZX'],
  received_at: iso(receivedAt + 150),
  uplink_message: {
    session_key_id: 'AYfg2w==',
    f_port: 1,
    f_cnt: (Math.abs(Math.round((receivedAt - T0) / 60_000)) % 65_536) + 1,
    frm_payload: 'AGQ=',
    ...(decoded ? { decoded_payload: decoded } : {}),
    rx_metadata: [
      {
        gateway_ids: { gateway_id: 'harbor-gw', eui: 'B827EBFFFE000001' },
        time: iso(receivedAt - 20),
        rssi: -97,
        channel_rssi: -97,
        snr: 7.5,
        uplink_token: 'ChsKGQ==',
        received_at: iso(receivedAt - 10),
      },
    ],
    settings: { data_rate: { lora: { bandwidth: 125000, spreading_factor: 7, coding_rate: '4/5' } }, frequency: '904300000' },
    received_at: iso(receivedAt),
    consumed_airtime: '0.061696s',
    network_ids: { net_id: '000013', tenant_id: 'ttn', cluster_id: 'nam1' },
  },
});

/** An uplink's reply, and its upload's state once processed (the receipt answers before processing). */
const send = async (body: unknown, headers: Record<string, string>, project = projectId, raw?: string): Promise<ProcessedReply> =>
  afterProcessing(
    sut,
    await jsonReply(
      await fetch(`${sut.url}/api/webhooks/lorawan/${project}`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', ...headers },
        body: raw ?? JSON.stringify(body),
      }),
    ),
  );
const withToken = (t: string = token) => ({ 'x-webhook-token': t });
const settings = (who: TestUser | null, project = projectId) =>
  callApi(sut.url, 'GET', `/api/projects/${project}/lorawan-webhook`, { token: who?.token ?? null });
const configure = (who: TestUser | null, body: unknown, project = projectId) =>
  callApi(sut.url, 'PUT', `/api/projects/${project}/lorawan-webhook`, { token: who?.token ?? null, body });
const count = (where: string) => countReadings(sut, where);
const ingestions = async () => Number((await sut.runtime.pool.query('SELECT count(*)::int AS n FROM ingestions')).rows[0].n);

let stationId: number;
let firstUplink: number;

describe('LoRaWAN webhook settings', () => {
  it('shows an unconfigured webhook to the project administrator, with its address and the sensors it may fill', async () => {
    const r = await settings(owner);
    expect(r).toMatchObject({
      status: 200,
      body: { projectId, configured: false, tokenSet: false, mapping: [], timePath: null, ownerId: null },
    });
    expect(r.body!['url']).toMatch(new RegExp(`/api/webhooks/lorawan/${projectId}$`));
    expect(r.body!['sensors']).toEqual(expect.arrayContaining(['wh.floodnet.depth', 'wh.floodnet.battery']));
    expect(r.body!['sensors']).not.toContain('fk.water.temp.temp');
  });

  it('gives the secret token once, with the first configuration; the settings only say it is set', async () => {
    const first = await configure(owner, { mapping });
    expect(first).toMatchObject({
      status: 200,
      body: {
        configured: true,
        tokenSet: true,
        ownerId: owner.id,
        mapping,
        timePath: null,
        token: expect.stringMatching(/^gtlw_/),
      },
    });
    token = first.body!['token'] as string;
    const again = await configure(owner, { mapping, timePath: null });
    expect(again.body).toMatchObject({ token: null, tokenSet: true });
    const read = await settings(owner);
    expect(read.body).toMatchObject({ configured: true, tokenSet: true, mapping });
    expect(JSON.stringify(read.body)).not.toContain(token);
    // Only the token's hash is in the log and the read model.
    const log = await sut.runtime.pool.query(`SELECT count(*)::int AS n FROM gt_events WHERE data::text LIKE $1`, [`%${token}%`]);
    expect(log.rows[0].n).toBe(0);
    otherToken = (await configure(owner, { mapping }, otherProjectId)).body!['token'] as string;
  });

  it('refuses mappings that are not flood sensors or not paths, with field errors', async () => {
    expect(
      await configure(owner, {
        mapping: [
          { path: 'depth_in', sensor: 'fk.water.temp.temp' },
          { path: 'a..b', sensor: 'wh.floodnet.battery' },
        ],
      }),
    ).toMatchObject({
      status: 400,
      body: { code: 'LORAWAN.INVALID', errors: { 'mapping.0.sensor': expect.any(String), 'mapping.1.path': expect.any(String) } },
    });
    expect(await configure(owner, { mapping: [] })).toMatchObject({
      status: 400,
      body: { errors: { mapping: expect.any(String) } },
    });
    expect(await configure(owner, { mapping: [{ path: 'x' }] })).toMatchObject({
      status: 400,
      body: { errors: { 'mapping.0.sensor': expect.any(String) } },
    });
    expect((await settings(owner)).body).toMatchObject({ mapping });
  });

  it('is for the project administrators and site admins only', async () => {
    expect((await settings(null)).status).toBe(401);
    expect((await settings(stranger)).status).toBe(403);
    expect((await settings(member)).status).toBe(403);
    expect((await settings(admin)).status).toBe(200);
    expect((await configure(null, { mapping })).status).toBe(401);
    expect((await configure(stranger, { mapping })).status).toBe(403);
    expect((await configure(member, { mapping })).status).toBe(403);
    for (const who of [null, stranger, member]) {
      const rotate = await callApi(sut.url, 'POST', `/api/projects/${projectId}/lorawan-webhook/token`, {
        token: who?.token ?? null,
      });
      expect(rotate.status).toBe(who ? 403 : 401);
      const remove = await callApi(sut.url, 'DELETE', `/api/projects/${projectId}/lorawan-webhook`, {
        token: who?.token ?? null,
      });
      expect(remove.status).toBe(who ? 403 : 401);
    }
    expect((await settings(owner, 987_654)).status).toBe(404);
    expect((await settings(owner)).body).toMatchObject({ ownerId: owner.id, tokenSet: true });
  });
});

describe('POST /api/webhooks/lorawan/{id}', () => {
  it('makes a station of a device seen for the first time and records its uplink, answered by GET /sensors/data', async () => {
    const r = await send(uplink(T0, { depth_in: 2.5, battery_v: 3.9 }), withToken());
    expect(r.status).toBe(200);
    expect(r.body).toMatchObject({ accepted: true, ignored: null, processing: null });
    expect(r.processed).toMatchObject({ type: 'lorawan', state: 'processed', version: 1, readings: 1, errors: 0 });
    stationId = r.body!['stationId'] as number;
    firstUplink = r.body!['id'] as number;

    const station = (await sut.runtime.pool.query('SELECT name, device_id, owner_id FROM stations WHERE id = $1', [stationId]))
      .rows[0];
    expect(station).toEqual({ name: 'flood-sensor-12', device_id: DEV_EUI.toLowerCase(), owner_id: String(owner.id) });
    const held = await sut.runtime.pool.query('SELECT project_id FROM project_stations WHERE station_id = $1', [stationId]);
    expect(held.rows).toEqual([{ project_id: String(projectId) }]);
    const modules = await sut.runtime.pool.query(
      'SELECT module_id, hardware_id, name FROM station_modules WHERE station_id = $1',
      [stationId],
    );
    expect(modules.rows).toEqual([{ module_id: expect.any(String), hardware_id: 'import:wh.floodnet', name: 'wh.floodnet' }]);
    const ingestion = (
      await sut.runtime.pool.query('SELECT type, device_id, generation, device_name, first_block FROM ingestions WHERE id = $1', [
        firstUplink,
      ])
    ).rows[0];
    expect(ingestion).toEqual({
      type: 'lorawan',
      device_id: DEV_EUI.toLowerCase(),
      generation: `project-${projectId}`,
      device_name: 'flood-sensor-12',
      first_block: '1',
    });
    const stored = await sut.runtime.blobs.get(`uploads/${stationId}/${firstUplink}.lorawan`);
    expect(JSON.parse(stored!.toString('utf8'))).toEqual(uplink(T0, { depth_in: 2.5, battery_v: 3.9 }));

    const data = await callApi(
      sut.url,
      'GET',
      `/api/sensors/data?start=${T0 - 60_000}&end=${T0 + 10 * 60_000}&stations=${stationId}&sensors=${DEPTH.id}`,
      { token: member.token },
    );
    expect(data.status).toBe(200);
    expect(
      (data.body!['data'] as { time: number; value: number; moduleId: number }[]).map((d) => [d.time, d.value, d.moduleId]),
    ).toEqual([[T0, 2.5, Number(modules.rows[0].module_id)]]);
  });

  it('files later uplinks of the device under the same station, token sent as a bearer', async () => {
    const r = await send(uplink(T0 + 60_000, { depth_in: 4 }), { authorization: `Bearer ${token}` });
    expect(r).toMatchObject({ status: 200, body: { accepted: true, stationId }, processed: { readings: 1 } });
    expect(await count(`station_id = ${stationId}`)).toBe(2);
    expect(Number((await sut.runtime.pool.query('SELECT count(*)::int AS n FROM stations')).rows[0].n)).toBe(1);
  });

  it('reprocessing replaces, never doubles, and reads with the current mapping', async () => {
    const one = await callApi(sut.url, 'POST', `/api/data/ingestions/${firstUplink}/process`, { token: owner.token });
    expect(one).toMatchObject({ status: 202, body: { id: firstUplink, after: 1 } });
    expect(await reprocessed(sut, one)).toMatchObject([{ id: firstUplink, type: 'lorawan', version: 2, readings: 1 }]);
    expect(await count(`station_id = ${stationId}`)).toBe(2);
    expect(await configure(owner, { mapping: [...mapping, { path: 'battery_v', sensor: 'wh.floodnet.battery' }] })).toMatchObject(
      { status: 200, body: { token: null } },
    );
    const all = await callApi(sut.url, 'POST', `/api/data/stations/${stationId}/ingestions/process`, { token: owner.token });
    expect(all.status).toBe(202);
    expect((await reprocessed(sut, all)).map((i) => i.version)).toEqual([3, 2]);
    expect(await count(`station_id = ${stationId} AND sensor_id = ${DEPTH.id}`)).toBe(2);
    expect(await count(`station_id = ${stationId} AND sensor_id = ${BATTERY.id}`)).toBe(1);
    expect(await countAggregated(sut, 'readings_10m', stationId)).toBe(3);
  });

  it('acknowledges and ignores messages that are not uplinks', async () => {
    const before = await ingestions();
    const join = {
      end_device_ids: { device_id: 'flood-sensor-12', dev_eui: DEV_EUI, application_ids: { application_id: 'floodnet-nyc' } },
      received_at: iso(T0),
      join_accept: { session_key_id: 'AYfg2w==', received_at: iso(T0) },
    };
    expect(await send(join, withToken())).toMatchObject({
      status: 200,
      body: { accepted: false, ignored: expect.stringMatching(/Not an uplink/), id: null },
    });
    expect(await ingestions()).toBe(before);
  });

  describe('bad input', () => {
    it("answers 401 without a token and 403 for a wrong one or another project's, before reading the message", async () => {
      const before = await ingestions();
      expect(await send(uplink(T0, { depth_in: 9 }), {})).toMatchObject({
        status: 401,
        body: { code: 'LORAWAN.TOKEN_REQUIRED' },
      });
      expect(await send(uplink(T0, { depth_in: 9 }), withToken('gtlw_wrong'))).toMatchObject({
        status: 403,
        body: { code: 'LORAWAN.BAD_TOKEN' },
      });
      expect((await send(uplink(T0, { depth_in: 9 }), withToken(otherToken))).status).toBe(403);
      expect((await send(uplink(T0, { depth_in: 9 }), withToken(), 987_654)).status).toBe(403);
      expect((await send(null, {}, projectId, '{"uplink_message": ')).status).toBe(400);
      expect((await send(null, withToken('gtlw_wrong'), projectId, '[1,2]')).status).toBe(403);
      expect(await ingestions()).toBe(before);
    });

    it('answers 400 for a body that is not JSON, not an object, or an uplink without a DevEUI or with wrong types', async () => {
      const before = await ingestions();
      expect((await send(null, withToken(), projectId, '{"uplink_message": ')).status).toBe(400);
      expect(await send(null, withToken(), projectId, '[1, 2]')).toMatchObject({
        status: 400,
        body: { code: 'VALIDATION.FAILED' },
      });
      const plain = await fetch(`${sut.url}/api/webhooks/lorawan/${projectId}`, {
        method: 'POST',
        headers: { 'content-type': 'text/plain', ...withToken() },
        body: JSON.stringify(uplink(T0, { depth_in: 1 })),
      });
      expect(plain.status).toBe(400);
      expect(await send(uplink(T0, { depth_in: 1 }, { dev_eui: undefined }), withToken())).toMatchObject({
        status: 400,
        body: { code: 'LORAWAN.NO_DEV_EUI', errors: { 'end_device_ids.dev_eui': expect.any(String) } },
      });
      const badCount = uplink(T0, { depth_in: 1 });
      (badCount.uplink_message as Record<string, unknown>)['f_cnt'] = 'many';
      expect(await send(badCount, withToken())).toMatchObject({
        status: 400,
        body: { errors: { 'uplink_message.f_cnt': expect.any(String) } },
      });
      expect(await ingestions()).toBe(before);
    });

    it('records uplinks it cannot read as ingestions with their errors; earlier readings stay as they were', async () => {
      const before = await count(`station_id = ${stationId}`);
      const noDecoder = await send(uplink(T0 + 120_000, undefined), withToken());
      expect(noDecoder).toMatchObject({
        status: 200,
        body: { accepted: true },
        processed: { state: 'failed', readings: 0, errors: 1, problems: [expect.stringMatching(/payload formatter/)] },
      });
      const future = await send(uplink(Date.now() + 86_400_000, { depth_in: 1 }), withToken());
      expect(future.processed).toMatchObject({ readings: 0, errors: 1, problems: [expect.stringMatching(/in the future/)] });
      const notNumber = await send(uplink(T0 + 180_000, { depth_in: 'deep', battery_v: 3.7 }), withToken());
      expect(notNumber.processed).toMatchObject({
        readings: 1,
        errors: 1,
        problems: [expect.stringMatching(/depth_in "deep" is not a number/)],
      });
      const old = await send(uplink(Date.UTC(1899, 5, 1), { depth_in: 1 }), withToken());
      expect(old.processed).toMatchObject({ readings: 0, errors: 1, problems: [expect.stringMatching(/before 1900/)] });
      // Before 2018 is fine for an uplink (that rule is for station clocks): historical readings are kept.
      const historical = await send(uplink(Date.UTC(2010, 5, 1), { depth_in: 1 }), withToken());
      expect(historical.processed).toMatchObject({ readings: 1, errors: 0, problems: [] });
      expect(await count(`station_id = ${stationId}`)).toBe(before + 2);
      expect(await count(`ingestion_id = ${firstUplink}`)).toBe(2);
      expect((await callApi(sut.url, 'GET', '/api/status')).status).toBe(200);
    });

    it('answers 409 for a device registered as a station outside the project, and leaves that station alone', async () => {
      const theirs = await callApi(sut.url, 'POST', '/api/stations', {
        token: stranger.token,
        body: { deviceId: 'a1b2c3d4e5f60718', name: 'Not yours' },
      });
      expect(theirs.status).toBe(200);
      const r = await send(uplink(T0, { depth_in: 1 }, { dev_eui: 'A1B2C3D4E5F60718', device_id: 'intruder' }), withToken());
      expect(r).toMatchObject({ status: 409, body: { code: 'LORAWAN.DEVICE_ELSEWHERE' } });
      expect(await count(`station_id = ${theirs.body!['id'] as number}`)).toBe(0);
    });
  });

  it('stops taking the old token once rotated, and every token once the webhook is removed', async () => {
    const rotated = await callApi(sut.url, 'POST', `/api/projects/${projectId}/lorawan-webhook/token`, { token: owner.token });
    expect(rotated).toMatchObject({ status: 200, body: { token: expect.stringMatching(/^gtlw_/) } });
    const fresh = rotated.body!['token'] as string;
    expect((await send(uplink(T0 + 240_000, { depth_in: 5 }), withToken(token))).status).toBe(403);
    expect((await send(uplink(T0 + 240_000, { depth_in: 5 }), withToken(fresh))).status).toBe(200);

    expect((await callApi(sut.url, 'DELETE', `/api/projects/${projectId}/lorawan-webhook`, { token: owner.token })).status).toBe(
      204,
    );
    expect((await send(uplink(T0 + 300_000, { depth_in: 6 }), withToken(fresh))).status).toBe(403);
    expect((await settings(owner)).body).toMatchObject({ configured: false, tokenSet: false });
    expect(
      (await callApi(sut.url, 'POST', `/api/projects/${projectId}/lorawan-webhook/token`, { token: owner.token })).status,
    ).toBe(404);
    // The station and its readings stay: two of the first uplink, one each of the second, the half-read one,
    // the historical one (2010) and the last.
    expect(await count(`station_id = ${stationId}`)).toBe(6);
  });
});

describe('a webhook whose owner no longer administers the project', () => {
  it('refuses uplinks (403) and shows as orphaned, until a project administrator configures it again', async () => {
    // Someone new becomes an administrator of the other project and configures its webhook (the token stays).
    await joinProject(sut.url, outboxOf(sut.dataDir), owner, otherProjectId, stranger, 1);
    const configured = await configure(stranger, { mapping, timePath: null }, otherProjectId);
    expect(configured.status).toBe(200);
    const theirs = (configured.body!['token'] as string | null) ?? otherToken;
    const device = { dev_eui: '70B3D57ED005A1C3', device_id: 'orphan-test' };
    expect((await send(uplink(T0, { depth_in: 1 }, device), withToken(theirs), otherProjectId)).status).toBe(200);
    expect((await settings(admin, otherProjectId)).body).toMatchObject({ ownerId: stranger.id, orphaned: false });

    // Made a plain member: every uplink is now refused, and a site admin sees the webhook orphaned.
    const demoted = await callAsReader(sut.url, 'PATCH', `/api/projects/${otherProjectId}/roles`, {
      token: owner.token,
      body: { email: stranger.email, role: 0 },
    });
    expect(demoted.status).toBe(200);
    const before = await ingestions();
    expect(await send(uplink(T0 + 60_000, { depth_in: 2 }, device), withToken(theirs), otherProjectId)).toMatchObject({
      status: 403,
      body: { code: 'LORAWAN.ORPHANED' },
    });
    expect(await ingestions()).toBe(before);
    expect((await settings(admin, otherProjectId)).body).toMatchObject({ ownerId: stranger.id, orphaned: true });

    // An administrator configures it again: theirs now, and uplinks flow with the same token.
    expect((await configure(owner, { mapping, timePath: null }, otherProjectId)).status).toBe(200);
    expect((await settings(admin, otherProjectId)).body).toMatchObject({ ownerId: owner.id, orphaned: false });
    expect((await send(uplink(T0 + 120_000, { depth_in: 3 }, device), withToken(theirs), otherProjectId)).status).toBe(200);
  });

  it('shows uplinks in the project activity feed like station uploads', async () => {
    const r = await callApi(sut.url, 'GET', `/api/projects/${otherProjectId}/activity`, { token: owner.token });
    expect(r.status).toBe(200);
    const items = (r.body as { activities: { type: string; records?: number; uploads?: number }[] }).activities;
    // Two uplinks of one record each, the same day: one item of the station's grouped uploads (issue 16).
    expect(items.filter((i) => i.type === 'StationIngestion')).toEqual([expect.objectContaining({ records: 2, uploads: 2 })]);
  });
});
