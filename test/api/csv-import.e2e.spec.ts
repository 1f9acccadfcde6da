import { sensorByFullKey } from '../../libs/domain/src/index.js';
import { callApi, outboxOf, signUp, type TestUser } from '../support/accounts.js';
import { joinProject } from '../support/project-team.js';
import { startTestApp, type TestApp } from '../support/test-app.js';
import { afterProcessing, countAggregated, countReadings, jsonReply, reprocessed, statusBeforeBody } from '../support/uploads.js';
import { newDeviceId } from '../support/device-ids.js';

let sut: TestApp;
let owner: TestUser;
let stranger: TestUser;
let member: TestUser;
let admin: TestUser;
/** A station registered without modules: the import adds them. */
let bare: number;
/** A station whose phone app registered a water temperature module. */
let configured: number;
let projectId: number;

const TEMP = sensorByFullKey('fk.water.temp.temp')!;
const DEPTH = sensorByFullKey('wh.floodnet.depth')!;
const T0 = Date.parse('2025-03-01T00:00:00Z');
const MIN = 60_000;
const iso = (ms: number) => new Date(ms).toISOString();

beforeAll(async () => {
  sut = await startTestApp();
  const mailbox = outboxOf(sut.dataDir);
  owner = await signUp(sut, mailbox, { name: 'Owner' });
  stranger = await signUp(sut, mailbox, { name: 'Stranger' });
  member = await signUp(sut, mailbox, { name: 'Member' });
  admin = await signUp(sut, mailbox, { name: 'Admin', admin: true });
  const station = async (body: Record<string, unknown>) => {
    const r = await callApi(sut.url, 'POST', '/api/stations', { token: owner.token, body });
    expect(r.status).toBe(200);
    return r.body!['id'] as number;
  };
  bare = await station({ deviceId: newDeviceId(), name: 'Bare' });
  configured = await station({
    deviceId: newDeviceId(),
    name: 'Configured',
    modules: [
      { name: 'modules.water.temp', position: 2, hardwareId: 'abcd01', sensors: [{ name: 'temp', unitOfMeasure: '°C' }] },
    ],
  });
  const project = await callApi(sut.url, 'POST', '/api/projects', {
    token: owner.token,
    body: { name: 'Creeks', description: 'Creek data', goal: 'Know the creeks', location: 'Here', privacy: 0 },
  });
  projectId = project.body!['id'] as number;
  expect((await callApi(sut.url, 'POST', `/api/projects/${projectId}/stations/${bare}`, { token: owner.token })).status).toBe(
    204,
  );
  await joinProject(sut.url, mailbox, owner, projectId, member, 0);
});
afterAll(() => sut.close());

/** An import's reply, and its upload's state once processed (the receipt answers before processing). */
const postCsv = async (stationId: number, body: string | Uint8Array, token: string | null = owner.token, type = 'text/csv') =>
  afterProcessing(
    sut,
    await jsonReply(
      await fetch(`${sut.url}/api/data/stations/${stationId}/csv`, {
        method: 'POST',
        headers: { 'content-type': type, ...(token ? { authorization: `Bearer ${token}` } : {}) },
        body,
      }),
    ),
  );
const postFile = async (stationId: number, field: string, body: string, token: string | null = owner.token) => {
  const form = new FormData();
  form.append(field, new Blob([body], { type: 'text/csv' }), 'readings.csv');
  return afterProcessing(
    sut,
    await jsonReply(
      await fetch(`${sut.url}/api/data/stations/${stationId}/csv`, {
        method: 'POST',
        body: form,
        headers: token ? { authorization: `Bearer ${token}` } : {},
      }),
    ),
  );
};

const count = (where: string) => countReadings(sut, where);
const modulesOf = async (stationId: number) =>
  (
    await sut.runtime.pool.query(
      'SELECT module_id, hardware_id, name FROM station_modules WHERE station_id = $1 ORDER BY position',
      [stationId],
    )
  ).rows as { module_id: string; hardware_id: string | null; name: string }[];
type Row = { time: number; moduleId: number; sensorId: number; value: number | null };
const chart = async (stationId: number, sensors: number[], token: string = owner.token) => {
  const r = await callApi(
    sut.url,
    'GET',
    `/api/sensors/data?start=${T0}&end=${T0 + 10 * MIN}&stations=${stationId}&sensors=${sensors.join(',')}`,
    { token },
  );
  expect(r.status).toBe(200);
  return r.body!['data'] as Row[];
};

/** Five minutes of a creek, written the ways spreadsheets write: BOM, CRLF, quotes, empty cells, three time forms. */
const creek = [
  '\uFEFFtime,"fk.water.temp.temp",wh.floodnet.depth',
  `${iso(T0)},10.5,0`,
  `${(T0 + MIN) / 1000},"10.75",`,
  `"${iso(T0 + 2 * MIN).replace('Z', '+00:00')}",,1.5`,
  `${T0 + 3 * MIN},11,2`,
  `${iso(T0 + 4 * MIN)},11.25,"3"`,
].join('\r\n');

let creekId: number;

describe('POST /api/data/stations/{id}/csv', () => {
  it('imports readings, adding a module per module definition the columns need, answered by GET /sensors/data', async () => {
    const r = await postCsv(bare, creek);
    expect(r.status).toBe(200);
    creekId = r.body!['id'] as number;
    expect(r.body).toEqual({ id: creekId, processing: null });
    expect(r.processed).toMatchObject({
      id: creekId,
      stationId: bare,
      type: 'csv',
      state: 'processed',
      version: 1,
      records: 5,
      readings: 8,
      errors: 0,
      problems: [],
      start: iso(T0),
      end: iso(T0 + 4 * MIN),
    });
    const modules = await modulesOf(bare);
    expect(modules.map((m) => [m.hardware_id, m.name])).toEqual([
      ['import:fk.water.temp', 'modules.water.temp'],
      ['import:wh.floodnet', 'wh.floodnet'],
    ]);
    const data = await chart(bare, [TEMP.id, DEPTH.id]);
    const tempModule = Number(modules[0]!.module_id);
    expect(data.filter((d) => d.sensorId === TEMP.id).map((d) => [d.time - T0, d.moduleId, d.value])).toEqual([
      [0, tempModule, 10.5],
      [MIN, tempModule, 10.75],
      [3 * MIN, tempModule, 11],
      [4 * MIN, tempModule, 11.25],
    ]);
    expect(data.filter((d) => d.sensorId === DEPTH.id).map((d) => [d.time - T0, d.value])).toEqual([
      [0, 0],
      [2 * MIN, 1.5],
      [3 * MIN, 2],
      [4 * MIN, 3],
    ]);
    const stored = await sut.runtime.blobs.get(`uploads/${bare}/${creekId}.csv`);
    expect(stored?.toString('utf8')).toBe(creek);
    const row = (
      await sut.runtime.pool.query('SELECT type, content_type, first_block, last_block FROM ingestions WHERE id = $1', [creekId])
    ).rows[0];
    expect(row).toEqual({ type: 'csv', content_type: 'text/csv', first_block: '1', last_block: '5' });
  });

  it('files columns under a module the station already has', async () => {
    const r = await postFile(configured, 'file', `time,fk.water.temp.temp\n${iso(T0)},7\n`);
    expect(r.status).toBe(200);
    expect(r.processed).toMatchObject({ readings: 1, errors: 0 });
    const modules = await modulesOf(configured);
    expect(modules.map((m) => m.hardware_id)).toEqual(['abcd01']);
    expect((await chart(configured, [TEMP.id])).map((d) => [d.moduleId, d.value])).toEqual([[Number(modules[0]!.module_id), 7]]);
  });

  it('reprocessing replaces the readings and never doubles them; importing again reuses the modules', async () => {
    const before = await count(`station_id = ${bare}`);
    expect(before).toBe(8);
    const one = await callApi(sut.url, 'POST', `/api/data/ingestions/${creekId}/process`, { token: owner.token });
    expect(one).toMatchObject({ status: 202, body: { id: creekId, after: 1 } });
    expect(await reprocessed(sut, one)).toMatchObject([{ id: creekId, type: 'csv', version: 2, readings: 8, errors: 0 }]);
    const all = await callApi(sut.url, 'POST', `/api/data/stations/${bare}/ingestions/process`, { token: admin.token });
    expect(all.status).toBe(202);
    expect(await reprocessed(sut, all)).toEqual([expect.objectContaining({ id: creekId, version: 3, readings: 8 })]);
    expect(await count(`station_id = ${bare}`)).toBe(8);
    expect(await count(`ingestion_id = ${creekId} AND version = 3`)).toBe(8);
    // The aggregates count each reading once too.
    expect(await countAggregated(sut, 'readings_10m', bare)).toBe(8);

    const modules = await modulesOf(bare);
    const again = await postCsv(bare, creek);
    expect(again.status).toBe(200);
    expect(await modulesOf(bare)).toEqual(modules);
    expect(await count(`station_id = ${bare}`)).toBe(8);
  });

  it('keeps the module of a reprocessed import when the station was configured without it meanwhile', async () => {
    const modules = await modulesOf(bare);
    // A station upload's meta record replaces the module list (here: only a new pH module).
    const { ConfigureModulesCommand } =
      await import('../../apps/api/src/stations/commands/configure-modules/configure-modules.command.js');
    const { CommandGateway } = await import('../../apps/api/src/common/cqrs/command-gateway.js');
    await sut.app.get(CommandGateway).execute(
      new ConfigureModulesCommand(
        {
          stationId: bare,
          modules: [
            { moduleId: 999_001, hardwareId: '0909', name: 'modules.water.ph', position: 0, internal: false, sensors: [] },
          ],
        },
        { correlationId: 't', causationId: 't', userId: owner.id, now: new Date().toISOString() },
      ),
    );
    const r = await callApi(sut.url, 'POST', `/api/data/ingestions/${creekId}/process`, { token: owner.token });
    expect(r.status).toBe(202);
    expect(await reprocessed(sut, r)).toMatchObject([{ readings: 8, errors: 0 }]);
    expect(await count(`station_id = ${bare}`)).toBe(8);
    const back = await modulesOf(bare);
    expect(back.map((m) => m.hardware_id)).toEqual(['0909', 'import:fk.water.temp', 'import:wh.floodnet']);
    expect(back.slice(1).map((m) => m.module_id)).toEqual(modules.map((m) => m.module_id));
  });

  describe('bad input', () => {
    it('answers 400 listing every column that is not a sensor key, and nothing is stored', async () => {
      const before = await sut.runtime.pool.query('SELECT count(*)::int AS n FROM ingestions');
      const r = await postCsv(bare, `time,fk.water.temp.temp,temperature,depth\n${iso(T0)},1,2,3\n`);
      expect(r).toMatchObject({
        status: 400,
        body: {
          code: 'CSV.BAD_HEADER',
          message: 'These columns are not sensor keys of the catalogue: temperature, depth.',
          errors: { temperature: expect.any(String), depth: expect.any(String) },
        },
      });
      expect(await postCsv(bare, `when,fk.water.temp.temp\n${iso(T0)},1\n`)).toMatchObject({
        status: 400,
        body: {
          code: 'CSV.BAD_HEADER',
          errors: { time: expect.stringMatching(/time, timestamp, unix_time/), when: expect.any(String) },
        },
      });
      expect(await sut.runtime.pool.query('SELECT count(*)::int AS n FROM ingestions')).toMatchObject({ rows: before.rows });
    });

    it('answers 400 for an empty body, a body that is not CSV or not UTF-8, and a form without the file', async () => {
      expect(await postCsv(bare, '')).toMatchObject({ status: 400, body: { code: 'CSV.EMPTY' } });
      expect(await postCsv(bare, '\r\n\r\n')).toMatchObject({ status: 400, body: { code: 'CSV.EMPTY' } });
      expect(await postCsv(bare, '{"time": 1}', owner.token, 'application/json')).toMatchObject({
        status: 400,
        body: { code: 'CSV.BAD_CONTENT_TYPE' },
      });
      expect(await postCsv(bare, Uint8Array.from([0x74, 0x69, 0x6d, 0x65, 0x2c, 0xff, 0xfe]))).toMatchObject({
        status: 400,
        body: { code: 'CSV.NOT_UTF8' },
      });
      expect(await postCsv(bare, '"time,fk.water.temp.temp\n1,2')).toMatchObject({
        status: 400,
        body: { code: 'CSV.BAD_HEADER' },
      });
      const noFile = new FormData();
      noFile.append('note', 'hello');
      const r = await fetch(`${sut.url}/api/data/stations/${bare}/csv`, {
        method: 'POST',
        body: noFile,
        headers: { authorization: `Bearer ${owner.token}` },
      });
      expect(await jsonReply(r)).toMatchObject({ status: 400, body: { code: 'CSV.NO_FILE' } });
      expect((await postFile(bare, 'other', creek)).status).toBe(400);
    });

    it('records bad rows as errors of the import with their row numbers; earlier readings stay as they were', async () => {
      const before = await count(`station_id = ${bare}`);
      const r = await postCsv(
        bare,
        [
          'time,fk.water.temp.temp',
          `${iso(T0 + 6 * MIN)},12`,
          'not a time,1',
          `${iso(Date.now() + 86_400_000)},1`,
          '1899-01-01T00:00:00Z,1',
          `${iso(T0 + 7 * MIN)},NaN`,
          `${iso(T0 + 8 * MIN)},twelve`,
          `${iso(T0 + 9 * MIN)},"13"`,
        ].join('\n'),
      );
      expect(r.status).toBe(200);
      const processing = r.processed!;
      expect(processing).toMatchObject({ records: 7, readings: 2, errors: 5 });
      expect(processing.problems).toEqual([
        expect.stringMatching(/^Row 3: the time "not a time" is not ISO 8601/),
        expect.stringMatching(/^Row 4: the time .* is in the future\.$/),
        'Row 5: the time 1899-01-01T00:00:00.000Z is before 1900.',
        'Row 6: fk.water.temp.temp "NaN" is not a number.',
        'Row 7: fk.water.temp.temp "twelve" is not a number.',
      ]);
      const row = (
        await sut.runtime.pool.query('SELECT errors, readings, problems FROM ingestions WHERE id = $1', [r.body!['id']])
      ).rows[0];
      expect(row).toMatchObject({ errors: 5, readings: 2 });
      expect(await count(`station_id = ${bare}`)).toBe(before + 2);
      expect(await count(`ingestion_id = ${creekId}`)).toBe(8);
      expect((await callApi(sut.url, 'GET', '/api/status')).status).toBe(200);
    });

    it('accepts historical rows from 1900 on, sent twice too, and counts each once at every aggregate level', async () => {
      const r0 = await callApi(sut.url, 'POST', '/api/stations', {
        token: owner.token,
        body: { deviceId: newDeviceId(), name: 'Archive' },
      });
      const archive = r0.body!['id'] as number;
      const old = [
        'time,fk.water.temp.temp',
        '1900-01-01T00:00:00Z,1',
        '1955-07-01T06:30:00-05:00,2',
        '1969-12-31T23:59:59Z,3',
        '2010-06-01T12:00:00Z,4',
        '2010-06-01T12:01:00Z,5',
      ];
      // Imported twice (overlapping files of a researcher's archive): stored and counted once.
      for (let i = 0; i < 2; i++) {
        const r = await postCsv(archive, old.join('\n'));
        expect(r.status).toBe(200);
        expect(r.processed).toMatchObject({ records: 5, readings: 5, errors: 0, problems: [] });
      }
      expect(await count(`station_id = ${archive}`)).toBe(5);
      for (const table of ['readings_10m', 'readings_1h', 'readings_6h', 'readings_1d']) {
        expect(await countAggregated(sut, table, archive)).toBe(5);
      }
      const decade = await callApi(
        sut.url,
        'GET',
        `/api/sensors/data?start=${Date.UTC(2010, 0, 1)}&end=${Date.UTC(2011, 0, 1)}&stations=${archive}&sensors=${TEMP.id}`,
        { token: owner.token },
      );
      expect(decade.status).toBe(200);
      expect((decade.body!['data'] as Row[]).map((b) => b.value)).toEqual([4.5]);
    });

    it('shows imports in the project activity feed like station uploads', async () => {
      const r = await callApi(sut.url, 'GET', `/api/projects/${projectId}/activity`, { token: owner.token });
      expect(r.status).toBe(200);
      const items = (r.body as { activities: { type: string; station?: { id: number }; records?: number; uploads?: number }[] })
        .activities;
      // The creek import (5 records) and the one with bad rows (7 records), both on the project's
      // station the same day: the feed groups a station's uploads per day (issue 16), so one item
      // counts both (and any other import of that station that day).
      const group = items.find((i) => i.type === 'StationIngestion' && i.station?.id === bare);
      expect(group?.uploads).toBeGreaterThanOrEqual(2);
      expect(group?.records).toBeGreaterThanOrEqual(5 + 7);
    });

    it('answers 413 for a body announced over 20 MB, before reading it', async () => {
      const status = await statusBeforeBody(
        `${sut.url}/api/data/stations/${bare}/csv`,
        { 'content-type': 'text/csv', authorization: `Bearer ${owner.token}` },
        21 * 1024 * 1024,
        'time,fk.water.temp.temp\n',
      );
      expect(status).toBe(413);
    });
  });

  it('refuses a stranger before reading the body', async () => {
    // 10 MB announced and only the header sent: an answer can only come from a refusal made first.
    const status = await statusBeforeBody(
      `${sut.url}/api/data/stations/${bare}/csv`,
      { 'content-type': 'multipart/form-data; boundary=x', authorization: `Bearer ${stranger.token}` },
      10 * 1024 * 1024,
      '--x\r\nContent-Disposition: form-data; name="file"; filename="r.csv"\r\n\r\ntime,fk.water.temp.temp\n',
    );
    expect(status).toBe(403);
  });

  describe('permissions', () => {
    it('refuses anonymous (401), a stranger (403) and a project member who is not the owner (403), before reading the body', async () => {
      const body = `time,fk.water.temp.temp\n${iso(T0)},99\n`;
      expect((await postCsv(bare, body, null)).status).toBe(401);
      expect(await postCsv(bare, body, stranger.token)).toMatchObject({ status: 403, body: { code: 'STATION.PRIVATE' } });
      expect(await postCsv(bare, body, member.token)).toMatchObject({ status: 403, body: { code: 'AUTH.FORBIDDEN' } });
      expect((await postFile(bare, 'file', body, member.token)).status).toBe(403);
      expect((await postCsv(987_654, body)).status).toBe(404);
      expect((await postCsv(bare, `time,fk.water.temp.temp\n${iso(T0 + 5 * MIN)},20\n`, admin.token)).status).toBe(200);
      expect(await count(`station_id = ${bare} AND value = 99`)).toBe(0);
    });
  });
});
