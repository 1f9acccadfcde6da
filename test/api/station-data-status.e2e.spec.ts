import { DEFAULT_SITE, sensorByFullKey, simulateStation } from '../../libs/domain/src/index.js';
import { encodeMetaFile } from '../../libs/platform/src/index.js';
import { moduleInfos, type StationKind } from '../../apps/api/src/simulator/station-files.js';
import { simulatedStation, uploadSimulatedStation, type UploadSummary } from '../../apps/api/src/simulator/upload-station.js';
import { callApi, outboxOf, signUp, type Reply, type TestUser } from '../support/accounts.js';
import { startTestApp, type TestApp } from '../support/test-app.js';
import { processed, reprocessed } from '../support/uploads.js';

/**
 * What a station's uploads say about it, in the station answers: real protobuf files uploaded
 * through POST /api/ingestion by the simulator, then read back as the owner, a stranger and
 * anonymously.
 */
let sut: TestApp;
let owner: TestUser;
let stranger: TestUser;
let publicProject: number;

const STEP = 10 * 60_000;
const HOUR = 3_600_000;
const DAY = 24 * HOUR;
const testStart = Date.now();

type Upload = { id: number; time: string; type: string; size: number; blocks: [number, number]; url: string };
type Sensor = { name: string; sensorId: number | null; reading: { last: number; time: string } | null };
type Station = {
  id: number;
  battery: number | null;
  lastReadingAt: string | null;
  lastIngestionAt: string | null;
  recordingStartedAt: string | null;
  status: string | null;
  inactive: boolean;
  hasData: boolean;
  firmwareNumber: string | null;
  uploads: Upload[] | null;
  data: { start: string; end: string; numberOfSamples: number } | null;
  configurations: { all: { modules: { id: number; name: string; sensors: Sensor[] }[] }[] };
};

const call = (method: string, path: string, token: string | null = owner.token, body?: unknown) =>
  callApi(sut.url, method, path, { token, ...(body === undefined ? {} : { body }) });
const ok = (res: Reply) => {
  if (res.status !== 200) throw new Error(`expected 200, got ${res.status}: ${JSON.stringify(res.body)}`);
  return res.body!;
};
const station = async (id: number, token: string | null = owner.token) =>
  ok(await call('GET', `/api/stations/${id}`, token)) as Station;

const options = (deviceHex: string, kind: StationKind, end: number, days: number) => ({
  api: sut.url,
  token: owner.token,
  deviceHex,
  kind,
  name: `Station ${deviceHex}`,
  days,
  stepMs: STEP,
  chunkDays: days / 2,
  site: DEFAULT_SITE,
  end,
});

/** The simulated value of a sensor at the station's last reading, as a float32 travels. */
const lastValue = (deviceHex: string, kind: StationKind, summary: UploadSummary, fullKey: string): number => {
  const s = simulatedStation({ deviceHex, kind, site: DEFAULT_SITE });
  const simulated = simulateStation(s.modules, { start: summary.end, end: summary.end + STEP, step: STEP }, s);
  const found = simulated.flatMap((m) => m.sensors).find((x) => x.sensor.fullKey === fullKey)!;
  return Math.fround(found.values[0]!);
};

let fresh: UploadSummary;
let stale: UploadSummary;
let empty: number;
const FRESH = '5e11a70e000000a1';
const STALE = '5e11a70e000000a2';

beforeAll(async () => {
  sut = await startTestApp();
  const mailbox = outboxOf(sut.dataDir);
  owner = await signUp(sut, mailbox, { name: 'Data owner' });
  stranger = await signUp(sut, mailbox, { name: 'Stranger' });
  fresh = await uploadSimulatedStation(options(FRESH, 'water', Date.now() - HOUR, 0.25));
  stale = await uploadSimulatedStation(options(STALE, 'weather', Date.now() - 10 * DAY, 0.25));
  empty = ok(await call('POST', '/api/stations', owner.token, { deviceId: '5e11a70e000000a3', name: 'Never uploaded' }))[
    'id'
  ] as number;
  publicProject = ok(
    await call('POST', '/api/projects', owner.token, {
      name: 'Open water',
      description: 'Public stations',
      goal: 'Open data',
      location: 'Creek',
      privacy: 1,
    }),
  )['id'] as number;
  for (const id of [fresh.stationId, stale.stationId]) {
    expect((await call('POST', `/api/projects/${publicProject}/stations/${id}`)).status).toBe(204);
  }
}, 120_000);
afterAll(() => sut.close());

describe('a station that uploaded readings an hour ago', () => {
  it('is up, with its battery, reading times, firmware and each sensor’s latest reading', async () => {
    const s = await station(fresh.stationId);
    const lastReadingAt = new Date(fresh.end).toISOString();
    expect(s).toMatchObject({
      status: 'up',
      inactive: false,
      hasData: true,
      lastReadingAt,
      recordingStartedAt: new Date(fresh.start).toISOString(),
      firmwareNumber: '1',
      data: { start: new Date(fresh.start).toISOString(), end: lastReadingAt, numberOfSamples: fresh.readings },
    });
    expect(s.battery).toBeCloseTo(lastValue(FRESH, 'water', fresh, 'fk.diagnostics.batteryCharge'), 4);
    expect(Date.parse(s.lastIngestionAt!)).toBeGreaterThanOrEqual(testStart);
    expect(Date.parse(s.lastIngestionAt!)).toBeLessThanOrEqual(Date.now());

    const temp = sensorByFullKey('fk.water.temp.temp')!;
    const module = s.configurations.all[0]!.modules.find((m) => m.name === 'fk.water.temp')!;
    expect(module.sensors).toEqual([
      expect.objectContaining({
        name: temp.firmwareKey,
        sensorId: temp.id,
        reading: { last: expect.any(Number), time: lastReadingAt },
      }),
    ]);
    expect(module.sensors[0]!.reading!.last).toBeCloseTo(lastValue(FRESH, 'water', fresh, 'fk.water.temp.temp'), 4);
    // Every configured sensor of every module has its reading.
    for (const m of s.configurations.all[0]!.modules) {
      for (const sensor of m.sensors)
        expect({ sensor: `${m.name}.${sensor.name}`, at: sensor.reading?.time }).toEqual({
          sensor: `${m.name}.${sensor.name}`,
          at: lastReadingAt,
        });
    }
  });

  it('lists its uploads, newest first, to its owner, who can fetch each file as it was sent', async () => {
    const { uploads } = await station(fresh.stationId);
    expect(uploads!.map((u) => u.type)).toEqual(['data', 'data', 'meta']);
    expect(uploads!.map((u) => u.id)).toEqual([...uploads!.map((u) => u.id)].sort((a, b) => b - a));
    const [newest] = uploads!;
    expect(newest).toMatchObject({
      blocks: [Math.floor(fresh.end / STEP) - 17, Math.floor(fresh.end / STEP)],
      url: `/api/data/ingestions/${newest!.id}/file`,
    });
    const file = await fetch(`${sut.url}${newest!.url}`, { headers: { authorization: `Bearer ${owner.token}` } });
    expect(file.status).toBe(200);
    expect(file.headers.get('content-type')).toBe('application/vnd.fk.data+binary');
    expect((await file.arrayBuffer()).byteLength).toBe(newest!.size);

    // Others read the station (a public project holds it) but not what it sent.
    for (const token of [stranger.token, null]) {
      expect((await station(fresh.stationId, token)).uploads).toBeNull();
      expect(
        (await fetch(`${sut.url}${newest!.url}`, token ? { headers: { authorization: `Bearer ${token}` } } : {})).status,
      ).toBe(token ? 403 : 401);
    }
    expect((await call('GET', '/api/data/ingestions/987654321/file')).status).toBe(404);
  });

  it('takes the firmware of its newest meta upload', async () => {
    const s = simulatedStation({ deviceHex: FRESH, kind: 'water', site: DEFAULT_SITE });
    const seconds = Math.floor(Date.now() / 1000);
    const body = encodeMetaFile([
      {
        record: 2,
        time: seconds,
        dataRecord: {
          metadata: {
            deviceId: s.deviceId,
            time: seconds,
            firmware: { version: '2.4.1', build: 'b77', number: '241' },
            generation: s.generation,
            record: 2,
          },
          modules: moduleInfos(s),
        },
      },
    ]);
    const res = await fetch(`${sut.url}/api/ingestion`, {
      method: 'POST',
      headers: {
        authorization: `Bearer ${owner.token}`,
        'content-type': 'application/vnd.fk.data+binary',
        'fk-deviceid': FRESH,
        'fk-generation': Buffer.from(s.generation).toString('hex'),
        'fk-type': 'meta',
        'fk-blocks': '2,2',
      },
      body,
    });
    expect(res.status).toBe(200);
    await processed(sut, [((await res.json()) as { id: number }).id]);
    const after = await station(fresh.stationId);
    expect(after.firmwareNumber).toBe('241');
    expect(after.uploads![0]).toMatchObject({ type: 'meta', size: body.length, blocks: [2, 2] });
    // The same modules (by hardware id): readings still match their sensors.
    expect(after.configurations.all[0]!.modules.every((m) => m.sensors.every((x) => x.reading !== null))).toBe(true);
  });

  it('says the same after all its uploads are processed again: readings replaced, never doubled', async () => {
    const before = await station(fresh.stationId);
    const again = await call('POST', `/api/data/stations/${fresh.stationId}/ingestions/process`);
    expect(again.status).toBe(202);
    await reprocessed(sut, again);
    const after = await station(fresh.stationId);
    expect(after).toMatchObject({
      battery: before.battery,
      lastReadingAt: before.lastReadingAt,
      firmwareNumber: '241',
      data: { numberOfSamples: fresh.readings },
    });
  });
});

describe('a station whose latest reading is ten days old', () => {
  it('is down and inactive, and still has data', async () => {
    const s = await station(stale.stationId);
    expect(s).toMatchObject({
      status: 'down',
      inactive: true,
      hasData: true,
      lastReadingAt: new Date(stale.end).toISOString(),
      data: { end: new Date(stale.end).toISOString(), numberOfSamples: stale.readings },
    });
  });
});

describe('a station that never uploaded', () => {
  it('has no status, no data and no uploads', async () => {
    expect(await station(empty)).toMatchObject({
      status: null,
      inactive: false,
      hasData: false,
      battery: null,
      lastReadingAt: null,
      lastIngestionAt: null,
      recordingStartedAt: null,
      firmwareNumber: null,
      uploads: [],
      data: null,
    });
  });
});

describe('a station whose readings came as a CSV import', () => {
  it('has data, reading times and the imported sensor’s latest reading', async () => {
    const id = ok(await call('POST', '/api/stations', owner.token, { deviceId: '5e11a70e000000a4', name: 'Imported' }))[
      'id'
    ] as number;
    const t0 = Date.now() - 3 * HOUR;
    const csv = `time,fk.water.temp.temp\n${new Date(t0).toISOString()},11.5\n${new Date(t0 + HOUR).toISOString()},12.25\n`;
    const res = await fetch(`${sut.url}/api/data/stations/${id}/csv`, {
      method: 'POST',
      headers: { 'content-type': 'text/csv', authorization: `Bearer ${owner.token}` },
      body: csv,
    });
    expect(res.status).toBe(200);
    await processed(sut, [((await res.json()) as { id: number }).id]);
    const s = await station(id);
    const at = new Date(t0 + HOUR).toISOString();
    expect(s).toMatchObject({
      status: 'up',
      hasData: true,
      recordingStartedAt: new Date(t0).toISOString(),
      lastReadingAt: at,
      battery: null,
      data: { numberOfSamples: 2 },
    });
    expect(s.uploads!.map((u) => u.type)).toEqual(['csv']);
    const temp = s.configurations.all[0]!.modules.flatMap((m) => m.sensors).find(
      (x) => x.sensorId === sensorByFullKey('fk.water.temp.temp')!.id,
    );
    expect(temp?.reading).toEqual({ last: 12.25, time: at });
  });
});

describe('lists', () => {
  it('carry the same answers: my stations, a public project’s stations to a stranger, sensor meta', async () => {
    const mine = ok(await call('GET', '/api/user/stations')) as { stations: Station[] };
    const single = await Promise.all([fresh.stationId, stale.stationId, empty].map((id) => station(id)));
    for (const s of single) expect(mine.stations.find((x) => x.id === s.id)).toEqual(s);

    const listed = ok(await call('GET', `/api/projects/${publicProject}/stations`, stranger.token)) as { stations: Station[] };
    const seen = listed.stations.find((x) => x.id === fresh.stationId)!;
    expect(seen).toEqual({ ...(await station(fresh.stationId, stranger.token)), uploads: null });
    expect(seen).toMatchObject({ status: 'up', battery: single[0]!.battery, data: single[0]!.data });

    const meta = ok(await call('GET', `/api/meta/stations?stations=${fresh.stationId}`, stranger.token)) as {
      stations: { sensorKey: string; sensorId: number | null; sensorReadAt: string | null }[];
    };
    expect(meta.stations.find((r) => r.sensorKey === 'fk.water.temp.temp')).toMatchObject({
      sensorId: sensorByFullKey('fk.water.temp.temp')!.id,
      sensorReadAt: new Date(fresh.end).toISOString(),
    });
  });

  it('keep a private station private', async () => {
    expect(await call('GET', `/api/stations/${empty}`, stranger.token)).toMatchObject({
      status: 403,
      body: { code: 'STATION.PRIVATE' },
    });
    const listed = ok(await call('GET', `/api/projects/${publicProject}/stations`, stranger.token)) as { stations: Station[] };
    expect(listed.stations.map((s) => s.id)).not.toContain(empty);
  });
});
