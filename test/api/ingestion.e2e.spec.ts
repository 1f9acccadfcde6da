import { moduleForHeader, sensorOfModule } from '../../libs/domain/src/index.js';
import { encodeDataFile, encodeMetaFile, type DataRecord, type ModuleInfo } from '../../libs/platform/src/index.js';
import { callApi, outboxOf, signUp, type TestUser } from '../support/accounts.js';
import { startTestApp, type TestApp } from '../support/test-app.js';
import { countAggregated, countReadings, jsonReply, processed, reprocessed, statusBeforeBody } from '../support/uploads.js';

let sut: TestApp;
let owner: TestUser;
let stranger: TestUser;
let admin: TestUser;
let stationId: number;
const deviceHex = '0004a30b001cc1a4';
const generation = 'a1b2c3d4e5f60718';

beforeAll(async () => {
  sut = await startTestApp();
  const mailbox = outboxOf(sut.dataDir);
  owner = await signUp(sut, mailbox, { name: 'Owner' });
  stranger = await signUp(sut, mailbox, { name: 'Stranger' });
  admin = await signUp(sut, mailbox, { name: 'Admin', admin: true });
  const station = await callApi(sut.url, 'POST', '/api/stations', {
    token: owner.token,
    body: { deviceId: deviceHex, name: 'Creek 1' },
  });
  expect(station.status).toBe(200);
  stationId = station.body!['id'] as number;
});
afterAll(() => sut.close());

const modules: ModuleInfo[] = [
  {
    position: 0,
    address: 0,
    name: 'modules.diagnostics',
    header: { manufacturer: 1, kind: 0xa1, version: 1 },
    sensors: [
      { number: 0, name: 'battery_charge', unitOfMeasure: '%', flags: 0 },
      { number: 1, name: 'battery_voltage', unitOfMeasure: 'V', flags: 0 },
    ],
    id: Uint8Array.from([0xd1, 0xa9]),
    flags: 1,
  },
  {
    position: 1,
    address: 0x42,
    name: 'modules.water.temp',
    header: { manufacturer: 1, kind: 0x12, version: 1 },
    sensors: [{ number: 0, name: 'temp', unitOfMeasure: '°C', flags: 0 }],
    id: Uint8Array.from([0x7e, 0x4b]),
    flags: 0,
  },
];
const tempSensorId = sensorOfModule(moduleForHeader(1, 0x12, ['temp'])!, 0)!.id;

const metaFile = encodeMetaFile([
  {
    record: 1,
    time: 1_704_067_200,
    dataRecord: {
      metadata: {
        deviceId: Buffer.from(deviceHex, 'hex'),
        time: 1_704_067_200,
        generation: Buffer.from(generation, 'hex'),
        record: 1,
      },
      identity: { name: 'Creek 1' },
      modules,
    },
  },
]);

const T0 = Date.UTC(2024, 0, 1) / 1000;
const record = (n: number, time: number, temp: number, meta = 1): DataRecord => ({
  modules: [],
  status: { time, uptime: n, battery: 80 - n },
  readings: {
    time,
    reading: n,
    flags: 0,
    meta,
    uptime: n,
    location: { fix: 1, time, longitude: -73.9, latitude: 40.7, altitude: 10 },
    sensorGroups: [
      {
        module: 0,
        time: 0,
        readings: [
          { sensor: 0, calibratedValue: 80 - n },
          { sensor: 1, calibratedValue: 4 },
        ],
      },
      { module: 1, time: 0, readings: [{ sensor: 0, calibratedValue: temp }] },
    ],
  },
});
/** Ten good records a minute apart (20 diagnostics + 10 temperature readings). */
const goodRecords = Array.from({ length: 10 }, (_, i) => record(i + 1, T0 + 60 * i, 10 + i / 4));
const badRecords = [
  record(11, T0 + 600, Number.NaN), // NaN temperature: the diagnostics readings stay, the NaN goes
  record(12, Math.floor(Date.now() / 1000) + 86_400 * 30, 12), // in the future
  record(13, T0 + 720, 13, 99), // meta record 99 is unknown
  record(14, Date.UTC(2010, 5, 1) / 1000, 14), // before 2018: a station clock never set (imports may go back to 1900, stations not)
];

type Headers = Record<string, string>;
const headersFor = (type: 'meta' | 'data', blocks: string, extra: Headers = {}): Headers => ({
  'content-type': 'application/vnd.fk.data+binary',
  'fk-deviceid': deviceHex,
  'fk-generation': generation,
  'fk-type': type,
  'fk-blocks': blocks,
  ...extra,
});

/** An upload, answered once stored; accepted ones are waited for until processed. */
const upload = async (body: Uint8Array, headers: Headers, token: string | null = owner.token) => {
  const reply = jsonReply(
    await fetch(`${sut.url}/api/ingestion`, {
      method: 'POST',
      headers: { ...headers, ...(token ? { authorization: `Bearer ${token}` } : {}) },
      body,
    }),
  );
  const answered = await reply;
  if (answered.status === 200) await processed(sut, [answered.body!['id'] as number]);
  return answered;
};

const count = (where: string, final = true) => countReadings(sut, where, final);

const ingestionRow = async (id: number) =>
  (await sut.runtime.pool.query('SELECT * FROM ingestions WHERE id = $1', [id])).rows[0] as Record<string, unknown>;

let metaId: number;
let dataId: number;

describe('POST /api/ingestion', () => {
  it('stores a meta upload, records it and configures the station modules by hardware id', async () => {
    const r = await upload(metaFile, headersFor('meta', '1,1', { 'fk-devicename': 'Creek 1' }));
    expect(r.status).toBe(200);
    metaId = r.body!['id'] as number;
    expect(r.body).toEqual({ id: metaId, upload_id: metaId });
    const stored = await sut.runtime.blobs.get(`uploads/${stationId}/${metaId}.meta`);
    expect(stored && Buffer.compare(stored, Buffer.from(metaFile))).toBe(0);
    expect(await ingestionRow(metaId)).toMatchObject({
      station_id: String(stationId),
      device_id: deviceHex,
      generation,
      type: 'meta',
      size: String(metaFile.length),
      first_block: '1',
      last_block: '1',
      device_name: 'Creek 1',
      version: 1,
      records: 1,
      errors: 0,
    });
    const mods = await sut.runtime.pool.query(
      'SELECT hardware_id, name, position, internal FROM station_modules WHERE station_id = $1 ORDER BY position',
      [stationId],
    );
    expect(mods.rows).toEqual([
      { hardware_id: 'd1a9', name: 'modules.diagnostics', position: 0, internal: true },
      { hardware_id: '7e4b', name: 'modules.water.temp', position: 1, internal: false },
    ]);
  });

  it('writes the readings of a data upload; bad records are counted as errors, not refused', async () => {
    const r = await upload(encodeDataFile([...goodRecords, ...badRecords]), headersFor('data', '1,14'));
    expect(r.status).toBe(200);
    dataId = r.body!['id'] as number;
    // 10 good records × 3 readings, plus the 2 diagnostics readings of the NaN record.
    expect(await count(`ingestion_id = ${dataId}`)).toBe(32);
    expect(await count(`ingestion_id = ${dataId} AND sensor_id = ${tempSensorId}`)).toBe(10);
    const row = await ingestionRow(dataId);
    expect(row).toMatchObject({ version: 1, records: 14, readings: 32, errors: 4, battery: 66 });
    expect((row['data_start'] as Date).toISOString()).toBe(new Date(T0 * 1000).toISOString());
    expect((row['data_end'] as Date).toISOString()).toBe(new Date((T0 + 600) * 1000).toISOString());
    const problems = (row['problems'] as string[]).join('\n');
    expect(problems).toMatch(/meta record 99 is unknown/);
    expect(problems).toMatch(/in the future/);
    expect(problems).toMatch(/before 2018/);
    expect(problems).toMatch(/not a number/);
  });

  it('reprocessing replaces the readings with a higher version and never doubles them', async () => {
    const before = await count(`station_id = ${stationId}`);
    const one = await callApi(sut.url, 'POST', `/api/data/ingestions/${dataId}/process`, { token: owner.token });
    expect(one).toMatchObject({ status: 202, body: { id: dataId, after: 1 } });
    expect(await reprocessed(sut, one)).toMatchObject([{ id: dataId, version: 2, readings: 32, errors: 4 }]);
    const all = await callApi(sut.url, 'POST', `/api/data/stations/${stationId}/ingestions/process`, { token: admin.token });
    expect(all.status).toBe(202);
    const done = await reprocessed(sut, all);
    expect(done.map((d) => [d.id, d.type])).toEqual([
      [metaId, 'meta'],
      [dataId, 'data'],
    ]);
    expect(done.find((d) => d.id === dataId)!.version).toBe(3);
    expect(await count(`station_id = ${stationId}`)).toBe(before);
    expect(await count(`station_id = ${stationId} AND version = 3`)).toBe(32);
    // The aggregates count each reading once too (the views saw three inserts).
    expect(await countAggregated(sut, 'readings_10m', stationId)).toBe(before);
  });

  it('finds the meta record of an earlier upload of the same generation', async () => {
    const later = record(20, T0 + 3600, 20);
    const r = await upload(encodeDataFile([later]), headersFor('data', '20,20'));
    expect(r.status).toBe(200);
    expect(await ingestionRow(r.body!['id'] as number)).toMatchObject({ records: 1, readings: 3, errors: 0 });
  });

  describe('bad input', () => {
    it('answers 400 listing the missing or wrong headers', async () => {
      const r = await upload(encodeDataFile(goodRecords), {
        'content-type': 'text/plain',
        'fk-type': 'logs',
        'fk-blocks': '5,1',
      });
      expect(r.status).toBe(400);
      expect(Object.keys(r.body!['errors'] as object).sort()).toEqual([
        'Content-Type',
        'Fk-Blocks',
        'Fk-DeviceId',
        'Fk-Generation',
        'Fk-Type',
      ]);
      expect((await upload(encodeDataFile(goodRecords), headersFor('data', '1,10', { 'fk-deviceid': '%%%' }))).status).toBe(400);
    });

    it("answers 401 without a token, 404 for an unknown device, 403 for another user's station", async () => {
      const body = encodeDataFile(goodRecords);
      expect((await upload(body, headersFor('data', '1,10'), null)).status).toBe(401);
      expect(await upload(body, headersFor('data', '1,10', { 'fk-deviceid': 'ffffffffffffffff' }))).toMatchObject({
        status: 404,
        body: { code: 'INGESTION.UNKNOWN_DEVICE' },
      });
      expect((await upload(body, headersFor('data', '1,10'), stranger.token)).status).toBe(403);
      expect((await callApi(sut.url, 'POST', `/api/data/ingestions/${dataId}/process`, { token: stranger.token })).status).toBe(
        403,
      );
      expect(
        (await callApi(sut.url, 'POST', `/api/data/stations/${stationId}/ingestions/process`, { token: stranger.token })).status,
      ).toBe(403);
      expect((await callApi(sut.url, 'POST', `/api/data/ingestions/999999/process`, { token: owner.token })).status).toBe(404);
    });

    it('answers 413 for a body announced over 50 MB, before reading it', async () => {
      const status = await statusBeforeBody(
        `${sut.url}/api/ingestion`,
        { ...headersFor('data', '1,1'), authorization: `Bearer ${owner.token}` },
        51 * 1024 * 1024,
        Buffer.alloc(1024),
      );
      expect(status).toBe(413);
    });

    it('records garbage and truncated files with their errors; earlier readings stay as they were', async () => {
      const before = await count(`station_id = ${stationId}`);
      const garbage = await upload(
        Uint8Array.from({ length: 500 }, (_, i) => (i * 37 + 11) % 256),
        headersFor('data', '1,1'),
      );
      expect(garbage.status).toBe(200);
      const g = await ingestionRow(garbage.body!['id'] as number);
      expect(Number(g['errors'])).toBeGreaterThan(0);
      expect(g['readings']).toBe(0);

      const file = encodeDataFile([record(30, T0 + 7200, 1), record(31, T0 + 7260, 2)]);
      const truncated = await upload(file.subarray(0, file.length - 5), headersFor('data', '30,31'));
      expect(truncated.status).toBe(200);
      expect(await ingestionRow(truncated.body!['id'] as number)).toMatchObject({ records: 1, readings: 3, errors: 1 });

      const badMeta = await upload(Uint8Array.from([0xff, 0xff, 0xff]), headersFor('meta', '2,2'));
      expect(badMeta.status).toBe(200);
      expect(Number((await ingestionRow(badMeta.body!['id'] as number))['errors'])).toBe(1);

      expect(await count(`station_id = ${stationId}`)).toBe(before + 3);
      expect(await count(`ingestion_id = ${dataId}`)).toBe(32);
      // The station keeps its modules: a meta file without modules changes nothing.
      expect(
        (await sut.runtime.pool.query('SELECT count(*)::int AS n FROM station_modules WHERE station_id = $1', [stationId]))
          .rows[0],
      ).toEqual({ n: 2 });
      expect((await callApi(sut.url, 'GET', '/api/status')).status).toBe(200);
    });
  });
});

describe('POST /api/admin/backup', () => {
  const backup = async (files: Record<string, Uint8Array>, token: string | null) => {
    const form = new FormData();
    for (const [name, bytes] of Object.entries(files)) form.append(name, new Blob([Buffer.from(bytes)]), `${name}.bin`);
    const res = await fetch(`${sut.url}/api/admin/backup`, {
      method: 'POST',
      body: form,
      headers: token ? { authorization: `Bearer ${token}` } : {},
    });
    return { status: res.status, body: (await res.json()) as Record<string, unknown> };
  };

  it("tells a site admin what a station's backup holds, and what could not be read", async () => {
    const data = encodeDataFile([...goodRecords, record(40, T0 + 9000, 1, 7)]);
    const r = await backup({ meta: metaFile, data: data.subarray(0, data.length - 2) }, admin.token);
    expect(r).toMatchObject({
      status: 200,
      body: { deviceId: deviceHex, generationId: generation, deviceName: 'Creek 1', records: 11 },
    });
    expect(r.body['errors']).toEqual([expect.stringMatching(/^data: the file ends badly: Truncated/)]);
    const withUnknownMeta = await backup({ meta: metaFile, data }, admin.token);
    expect(withUnknownMeta.body).toMatchObject({
      records: 12,
      errors: [expect.stringMatching(/meta record 7 is not in the meta file/)],
    });
  });

  it('refuses a non-admin before reading the body', async () => {
    // A 50 MB body is announced and only its first bytes are sent: an answer can only come
    // from a refusal made before the body is read.
    const status = await statusBeforeBody(
      `${sut.url}/api/admin/backup`,
      { authorization: `Bearer ${owner.token}`, 'content-type': 'multipart/form-data; boundary=x' },
      50 * 1024 * 1024,
      '--x\r\nContent-Disposition: form-data; name="data"; filename="d.bin"\r\n\r\n',
    );
    expect(status).toBe(403);
  });

  it('is for site admins only and needs a file', async () => {
    expect((await backup({ meta: metaFile }, null)).status).toBe(401);
    expect((await backup({ meta: metaFile }, owner.token)).status).toBe(403);
    expect(await backup({}, admin.token)).toMatchObject({ status: 400, body: { code: 'BACKUP.NO_FILES' } });
    expect(await backup({ data: Uint8Array.from([5, 1]) }, admin.token)).toMatchObject({
      status: 200,
      body: { deviceId: null, records: 0, errors: [expect.stringMatching(/Truncated/)] },
    });
  });
});

describe('later meta uploads', () => {
  it('add modules by hardware id, and processing an older meta upload again does not take them back', async () => {
    const extra: ModuleInfo = {
      position: 2,
      address: 0x43,
      name: 'modules.water.ph',
      header: { manufacturer: 1, kind: 0x09, version: 1 },
      sensors: [{ number: 0, name: 'ph', unitOfMeasure: '', flags: 0 }],
      id: Uint8Array.from([0x09, 0x09]),
      flags: 0,
    };
    const newer = encodeMetaFile([{ record: 2, time: T0 + 86_400, dataRecord: { modules: [...modules, extra] } }]);
    expect((await upload(newer, headersFor('meta', '2,2'))).status).toBe(200);
    const ids = async () =>
      (
        await sut.runtime.pool.query(
          'SELECT module_id, hardware_id FROM station_modules WHERE station_id = $1 ORDER BY position',
          [stationId],
        )
      ).rows;
    const after = await ids();
    expect(after.map((m) => m['hardware_id'])).toEqual(['d1a9', '7e4b', '0909']);
    const again = await callApi(sut.url, 'POST', `/api/data/ingestions/${metaId}/process`, { token: owner.token });
    expect(again.status).toBe(202);
    await reprocessed(sut, again);
    expect(await ids()).toEqual(after);
  });
});

describe('reprocessing into fewer readings', () => {
  it('drops the readings an earlier processing wrote that the new one no longer does, aggregates included', async () => {
    const device = '0004a30b001cc1b7';
    const created = await callApi(sut.url, 'POST', '/api/stations', {
      token: owner.token,
      body: { deviceId: device, name: 'Creek 2' },
    });
    expect(created.status).toBe(200);
    const station = created.body!['id'] as number;
    const headers = (type: 'meta' | 'data', blocks: string) => headersFor(type, blocks, { 'fk-deviceid': device });
    expect((await upload(metaFile, headers('meta', '1,1'))).status).toBe(200);
    const data = await upload(encodeDataFile(goodRecords), headers('data', '1,10'));
    expect(await ingestionRow(data.body!['id'] as number)).toMatchObject({ readings: 30, errors: 0 });

    // A chart of the station, asked twice (the second answer may come from the cache of answers).
    const chartSensors = async () => {
      const res = await callApi(
        sut.url,
        'GET',
        `/api/sensors/data?start=${T0 * 1000}&end=${(T0 + 86_400) * 1000}&stations=${station}&resolution=24`,
        { token: owner.token },
      );
      expect(res.status).toBe(200);
      return [...new Set((res.body!['data'] as { sensorId: number }[]).map((r) => r.sensorId))];
    };
    expect(await chartSensors()).toContain(tempSensorId);
    expect(await chartSensors()).toContain(tempSensorId);

    // A later meta record without the temperature module: the station no longer has it.
    const fewer = encodeMetaFile([{ record: 2, time: T0 + 86_400, dataRecord: { modules: [modules[0]!] } }]);
    expect((await upload(fewer, headers('meta', '2,2'))).status).toBe(200);
    const again = await callApi(sut.url, 'POST', `/api/data/ingestions/${data.body!['id'] as number}/process`, {
      token: owner.token,
    });
    expect(again).toMatchObject({ status: 202, body: { after: 1 } });
    expect(await reprocessed(sut, again)).toMatchObject([{ version: 2, readings: 20, errors: 10 }]);

    expect(await count(`station_id = ${station}`)).toBe(20);
    expect(await count(`station_id = ${station} AND sensor_id = ${tempSensorId}`, false)).toBe(0);
    expect(await countAggregated(sut, 'readings_1d', station)).toBe(20);
    // No chart answer read before the reprocessing is served after it.
    expect(await chartSensors()).not.toContain(tempSensorId);
  });
});

describe('chart data end', () => {
  it('moves with each upload, also for a new window of a selection charted before', async () => {
    const device = '0004a30b001cc1c9';
    const created = await callApi(sut.url, 'POST', '/api/stations', {
      token: owner.token,
      body: { deviceId: device, name: 'Creek 3' },
    });
    const station = created.body!['id'] as number;
    const headers = (type: 'meta' | 'data', blocks: string) => headersFor(type, blocks, { 'fk-deviceid': device });
    expect((await upload(metaFile, headers('meta', '1,1'))).status).toBe(200);
    expect((await upload(encodeDataFile(goodRecords), headers('data', '1,10'))).status).toBe(200);
    const dataEnd = async (days: number) => {
      const res = await callApi(
        sut.url,
        'GET',
        `/api/sensors/data?start=${T0 * 1000}&end=${(T0 + days * 86_400) * 1000}&stations=${station}&sensors=${tempSensorId}`,
        { token: owner.token },
      );
      expect(res.status).toBe(200);
      return res.body!['dataEnd'];
    };
    expect(await dataEnd(1)).toBe((T0 + 540) * 1000);
    expect(await dataEnd(2)).toBe((T0 + 540) * 1000); // a new window of the same selection

    expect((await upload(encodeDataFile([record(11, T0 + 7200, 30)]), headers('data', '11,11'))).status).toBe(200);
    expect(await dataEnd(1)).toBe((T0 + 7200) * 1000); // asked before the upload
    expect(await dataEnd(3)).toBe((T0 + 7200) * 1000); // never asked
  });
});

describe('the process manager', () => {
  it("takes another station's upload while one is held, and keeps a station's own uploads in order", async () => {
    const { INGESTION_LOCK } = await import('../../apps/projector/src/ingestion/ingestion-processor.js');
    const { UploadStates } = await import('../../apps/api/src/ingestion/queries/upload-states.js');
    const states = sut.app.get(UploadStates);
    const devices = ['0004a30b001cc1d1', '0004a30b001cc1d2'];
    const stations: number[] = [];
    for (const [i, device] of devices.entries()) {
      const created = await callApi(sut.url, 'POST', '/api/stations', {
        token: owner.token,
        body: { deviceId: device, name: `Creek order ${i}` },
      });
      stations.push(created.body!['id'] as number);
      expect((await upload(metaFile, headersFor('meta', '1,1', { 'fk-deviceid': device }))).status).toBe(200);
    }
    /** Answered once stored, not waited for. */
    const send = async (device: string, type: 'meta' | 'data', body: Uint8Array, blocks: string) => {
      const reply = await jsonReply(
        await fetch(`${sut.url}/api/ingestion`, {
          method: 'POST',
          headers: { ...headersFor(type, blocks, { 'fk-deviceid': device }), authorization: `Bearer ${owner.token}` },
          body,
        }),
      );
      expect(reply.status).toBe(200);
      return reply.body!['id'] as number;
    };
    const state = async (id: number) => (await states.of(id)).state;

    // The first station's readings cannot be written while the test holds its write lock.
    const lock = await sut.runtime.pool.connect();
    let held: number;
    let later: number;
    try {
      await lock.query('SELECT pg_advisory_lock($1, $2)', [INGESTION_LOCK, stations[0]]);
      held = await send(devices[0]!, 'data', encodeDataFile(goodRecords), '1,10');
      for (let i = 0; i < 600 && (await state(held)) !== 'processing'; i++) await new Promise((r) => setTimeout(r, 50));
      expect(await state(held)).toBe('processing');
      later = await send(devices[0]!, 'data', encodeDataFile([record(11, T0 + 7200, 30)]), '11,11');
      const other = await send(devices[1]!, 'data', encodeDataFile(goodRecords), '1,10');
      // Received after the held one was taken, and processed while it is held: a lane free of work
      // reads on. (A manager waiting for every upload of its batch would leave it received.)
      await processed(sut, [other], { timeoutMs: 20_000 });
      expect(await state(held)).toBe('processing');
      // The first station's next upload waits for the one before it.
      expect(await state(later)).toBe('received');
    } finally {
      await lock.query('SELECT pg_advisory_unlock($1, $2)', [INGESTION_LOCK, stations[0]]);
      lock.release();
    }
    await processed(sut, [held, later]);
    const order = await sut.runtime.pool.query<{ ingestion_id: number }>(
      `SELECT (data->>'ingestionId')::int AS ingestion_id FROM gt_events
        WHERE type = 'IngestionProcessed' AND (data->>'ingestionId')::int = ANY($1) ORDER BY tx_id, position`,
      [[held, later]],
    );
    expect(order.rows.map((r) => r.ingestion_id)).toEqual([held, later]);
  });
});

describe('reprocessing and the process manager', () => {
  /** Registers a station for `device` and answers its id. */
  const newStation = async (device: string, name: string) => {
    const created = await callApi(sut.url, 'POST', '/api/stations', { token: owner.token, body: { deviceId: device, name } });
    expect(created.status).toBe(200);
    return created.body!['id'] as number;
  };
  /** An upload answered once stored, not waited for. */
  const send = async (device: string, type: 'meta' | 'data', body: Uint8Array, blocks: string) => {
    const reply = await jsonReply(
      await fetch(`${sut.url}/api/ingestion`, {
        method: 'POST',
        headers: { ...headersFor(type, blocks, { 'fk-deviceid': device }), authorization: `Bearer ${owner.token}` },
        body,
      }),
    );
    expect(reply.status).toBe(200);
    return reply.body!['id'] as number;
  };
  /** The upload's processings as its own stream records them (no read model involved). */
  const processingsInLog = async (id: number) =>
    (await sut.runtime.store.readStream(`ingestion-${id}`)).filter((e) => e.type === 'IngestionProcessed').map((e) => e.data);
  const processedInLog = async (id: number, timeoutMs = 30_000) => {
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      const [first] = await processingsInLog(id);
      if (first) return first as Record<string, unknown>;
      if (Date.now() > deadline) throw new Error(`upload ${id} not processed in ${timeoutMs} ms`);
      await new Promise((r) => setTimeout(r, 50));
    }
  };

  it("answers a reprocessing at once (202) with the upload's state, before the processing can end", async () => {
    const { INGESTION_LOCK } = await import('../../apps/projector/src/ingestion/ingestion-processor.js');
    const device = '0004a30b001cc1e1';
    const station = await newStation(device, 'Creek reprocess');
    const metaId = await send(device, 'meta', metaFile, '1,1');
    const dataId = await send(device, 'data', encodeDataFile(goodRecords), '1,10');
    await processed(sut, [metaId, dataId]);

    // The station's readings cannot be written while the test holds its write lock: a processing of
    // the data upload cannot end before the test lets it.
    const lock = await sut.runtime.pool.connect();
    try {
      await lock.query('SELECT pg_advisory_lock($1, $2)', [INGESTION_LOCK, station]);
      const one = await callApi(sut.url, 'POST', `/api/data/ingestions/${dataId}/process`, { token: owner.token });
      expect(one.status).toBe(202);
      expect(one.body).toEqual({ id: dataId, state: expect.stringMatching(/^(received|processing)$/), after: 1 });
      const all = await callApi(sut.url, 'POST', `/api/data/stations/${station}/ingestions/process`, { token: owner.token });
      expect(all.status).toBe(202);
      expect((all.body!['ingestions'] as { id: number; after: number }[]).map((i) => [i.id, i.after])).toEqual([
        [metaId, 1],
        [dataId, 1],
      ]);
      // Control: the answers came while the processing asked for was still owed (its stream records
      // only the first processing), so they did not wait for it.
      expect(await processingsInLog(dataId)).toHaveLength(1);
    } finally {
      await lock.query('SELECT pg_advisory_unlock($1, $2)', [INGESTION_LOCK, station]);
      lock.release();
    }
    // One processing answers both requests made while it was owed (the second found it still owed).
    const [done] = await processed(sut, [dataId], { after: new Map([[dataId, 1]]) });
    expect(done).toMatchObject({ state: 'processed', version: 2, readings: 30, errors: 0 });
    expect(await countReadings(sut, `station_id = ${station}`)).toBe(30);
  });

  it('processes uploads while the ingestions and stations projections are stopped: it reads neither read model', async () => {
    const { ProjectorService } = await import('../../apps/projector/src/projector.service.js');
    const device = '0004a30b001cc1e2';
    const station = await newStation(device, 'Creek without read models');
    const runners = sut.app.get(ProjectorService).runners.filter((r) => ['ingestions', 'stations'].includes(r.projection.name));
    expect(runners).toHaveLength(2);
    await Promise.all(runners.map((r) => r.stop()));
    let metaId: number;
    let dataId: number;
    try {
      metaId = await send(device, 'meta', metaFile, '1,1');
      dataId = await send(device, 'data', encodeDataFile(goodRecords), '1,10');
      expect(await processedInLog(metaId)).toMatchObject({ records: 1, errors: 0 });
      // The data file is read with the modules the meta upload just gave the station (its stream) and
      // with that meta upload's records (the manager's own table).
      expect(await processedInLog(dataId)).toMatchObject({ version: 1, records: 10, readings: 30, errors: 0 });
      expect(await countReadings(sut, `station_id = ${station}`)).toBe(30);
      // Control: meanwhile neither read model knew the uploads or the modules, so nothing above came from them.
      const known = await sut.runtime.pool.query('SELECT 1 FROM ingestions WHERE id = ANY($1)', [[metaId, dataId]]);
      expect(known.rowCount).toBe(0);
      const modulesKnown = await sut.runtime.pool.query('SELECT 1 FROM station_modules WHERE station_id = $1', [station]);
      expect(modulesKnown.rowCount).toBe(0);
    } finally {
      await Promise.all(runners.map((r) => r.start()));
    }
    // Running again, the read models catch up with what processing recorded.
    for (let i = 0; i < 600; i++) {
      const rows = await sut.runtime.pool.query('SELECT 1 FROM ingestions WHERE id = ANY($1)', [[metaId, dataId]]);
      if (rows.rowCount === 2) break;
      await new Promise((r) => setTimeout(r, 50));
    }
    expect(await processed(sut, [metaId, dataId])).toMatchObject([
      { state: 'processed', version: 1 },
      { state: 'processed', version: 1, readings: 30, errors: 0 },
    ]);

    // Control: the same data file at a station with no meta upload reads nothing usable, so the
    // readings above needed the modules and meta records the manager found without the read models.
    const bareDevice = '0004a30b001cc1e3';
    await newStation(bareDevice, 'Creek with no meta');
    const bare = await send(bareDevice, 'data', encodeDataFile(goodRecords), '1,10');
    expect(await processedInLog(bare)).toMatchObject({ readings: 0 });
  });
});
