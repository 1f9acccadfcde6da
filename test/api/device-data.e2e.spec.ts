import { DEFAULT_SITE, simulateStation } from '../../libs/domain/src/index.js';
import { simulatedStation, uploadSimulatedStation, type UploadSummary } from '../../apps/api/src/simulator/upload-station.js';
import { callApi, outboxOf, signUp, type Reply, type TestUser } from '../support/accounts.js';
import { startTestApp, type TestApp } from '../support/test-app.js';

/**
 * GET /api/data/devices/{deviceId}/summary/json and /data/json over two days of simulated water
 * readings uploaded as real protobuf through POST /api/ingestion, checked value for value against
 * the simulator.
 */
let sut: TestApp;
let owner: TestUser;
let stranger: TestUser;
let admin: TestUser;

// A whole number of steps per day (the simulator uploads a day per file). The readings start at
// 12:10, inside a day bucket: the summary's first reading must be looked up among the raw readings.
const STEP = 10 * 60_000;
const HOUR = 3_600_000;
const PRIVATE = '5e11a70e000000d1';
const PUBLIC = '5e11a70e000000d2';
let uploaded: UploadSummary;
let publicStation: UploadSummary;
let emptyDevice: string;

type SensorSummary = {
  sensorId: number | null;
  key: string | null;
  name: string;
  count: number;
  first: number | null;
  last: number | null;
  min: number | null;
  max: number | null;
  mean: number | null;
  lastValue: number | null;
};
type Summary = {
  station: { id: number; name: string; deviceId: string; firmware: unknown };
  start: number;
  end: number;
  statistics: { first: number | null; last: number | null; numberOfSamples: number };
  modules: { id: number; name: string; position: number | null; configured: boolean; sensors: SensorSummary[] }[];
  uploads: { id: number; type: string }[] | null;
  uploadsInRange: number | null;
};
type Data = {
  modules: { id: number; sensors: { sensorId: number | null; key: string | null }[] }[];
  order: string;
  page: number;
  pageSize: number;
  total: number;
  totalPages: number;
  data: { time: number; readings: { moduleId: number; sensorId: number; value: number }[] }[];
};

const call = (path: string, token: string | null = owner.token) => callApi(sut.url, 'GET', path, { token });
const ok = <T>(res: Reply): T => {
  if (res.status !== 200) throw new Error(`expected 200, got ${res.status}: ${JSON.stringify(res.body)}`);
  return res.body as T;
};
const errors = (res: Reply) => (res.body as { errors?: Record<string, string> }).errors ?? {};

/** Every simulated reading of the private station, by sensor full key, as float32 travels: [time, value][]. */
const simulated = (summary: UploadSummary, deviceHex: string): Map<string, [number, number][]> => {
  const station = simulatedStation({ deviceHex, kind: 'water', site: DEFAULT_SITE });
  const out = new Map<string, [number, number][]>();
  for (const module of simulateStation(station.modules, { start: summary.start, end: summary.end + STEP, step: STEP }, station)) {
    for (const { sensor, values } of module.sensors) {
      out.set(
        sensor.fullKey,
        Array.from(module.times, (t, i) => [t, Math.fround(values[i]!)] as [number, number]),
      );
    }
  }
  return out;
};

/** What the summary must say of one sensor's readings in [from, to). */
const expected = (series: [number, number][], from: number, to: number) => {
  const inRange = series.filter(([t]) => t >= from && t < to);
  const values = inRange.map(([, v]) => v);
  return {
    count: inRange.length,
    first: inRange[0]![0],
    last: inRange.at(-1)![0],
    min: Math.min(...values),
    max: Math.max(...values),
    mean: values.reduce((a, b) => a + b, 0) / values.length,
    lastValue: values.at(-1)!,
  };
};

const checkSummary = (summary: Summary, series: Map<string, [number, number][]>, from: number, to: number) => {
  let samples = 0;
  for (const [fullKey, readings] of series) {
    const want = expected(readings, from, to);
    const got = summary.modules.flatMap((m) => m.sensors).find((s) => s.key === fullKey);
    expect({ fullKey, count: got?.count, first: got?.first, last: got?.last }).toEqual({
      fullKey,
      count: want.count,
      first: want.first,
      last: want.last,
    });
    expect(got!.min).toBeCloseTo(want.min, 5);
    expect(got!.max).toBeCloseTo(want.max, 5);
    expect(got!.lastValue).toBeCloseTo(want.lastValue, 5);
    expect(got!.mean).toBeCloseTo(want.mean, 4);
    samples += want.count;
  }
  expect(summary.statistics.numberOfSamples).toBe(samples);
};

beforeAll(async () => {
  sut = await startTestApp();
  const mailbox = outboxOf(sut.dataDir);
  owner = await signUp(sut, mailbox, { name: 'Device owner' });
  stranger = await signUp(sut, mailbox, { name: 'Stranger' });
  admin = await signUp(sut, mailbox, { name: 'Admin', admin: true });
  const upload = (deviceHex: string, days: number) =>
    uploadSimulatedStation({
      api: sut.url,
      token: owner.token,
      deviceHex,
      kind: 'water',
      name: `Creek ${deviceHex}`,
      days,
      stepMs: STEP,
      chunkDays: 1,
      site: DEFAULT_SITE,
      end: Date.parse('2025-07-01T12:00:00Z'),
    });
  uploaded = await upload(PRIVATE, 2);
  publicStation = await upload(PUBLIC, 0.5);
  const project = ok<{ id: number }>(
    await callApi(sut.url, 'POST', '/api/projects', {
      token: owner.token,
      body: { name: 'Open creek', description: 'Public', goal: 'Open data', location: 'Creek', privacy: 1 },
    }),
  ).id;
  expect(
    (await callApi(sut.url, 'POST', `/api/projects/${project}/stations/${publicStation.stationId}`, { token: owner.token }))
      .status,
  ).toBe(204);
  emptyDevice = '5e11a70e000000d3';
  ok(await callApi(sut.url, 'POST', '/api/stations', { token: owner.token, body: { deviceId: emptyDevice, name: 'Quiet' } }));
}, 180_000);
afterAll(() => sut.close());

describe('GET /data/devices/{deviceId}/summary/json', () => {
  it('sums up every sensor over all its readings by default (2019 to now), with the station and its uploads', async () => {
    const summary = ok<Summary>(await call(`/api/data/devices/${PRIVATE}/summary/json`));
    expect(summary.station).toEqual({
      id: uploaded.stationId,
      name: `Creek ${PRIVATE}`,
      deviceId: PRIVATE,
      firmware: { version: 'simulator', build: '1', number: '1' },
    });
    expect(summary.start).toBe(Date.UTC(2019, 0, 1));
    expect(Math.abs(summary.end - Date.now())).toBeLessThan(60_000);
    expect(summary.statistics).toMatchObject({ first: uploaded.start, last: uploaded.end, numberOfSamples: uploaded.readings });
    checkSummary(summary, simulated(uploaded, PRIVATE), uploaded.start, uploaded.end + 1);
    expect(summary.modules.map((m) => [m.name, m.position, m.configured])).toEqual([
      ['fk.diagnostics', 0, true],
      ['fk.water.temp', 1, true],
      ['fk.water.ph', 2, true],
      ['fk.water.ec', 3, true],
      ['fk.water.do', 4, true],
      ['fk.water.orp', 5, true],
    ]);
    expect(summary.uploads!.map((u) => u.type)).toEqual(['data', 'data', 'meta']);
    expect(summary.uploadsInRange).toBe(3);
  });

  it('is exact over a ragged range, read from every aggregate level and the raw readings at its ends', async () => {
    const from = uploaded.start + 35 * 60_000 + 12_500; // inside a minute, ten minutes and an hour
    const to = uploaded.end - 2 * HOUR - 3 * 60_000 - 700;
    const summary = ok<Summary>(
      await call(`/api/data/devices/${PRIVATE}/summary/json?start=${new Date(from).toISOString()}&end=${to}`),
    );
    expect([summary.start, summary.end]).toEqual([from, to]);
    checkSummary(summary, simulated(uploaded, PRIVATE), from, to);
  });

  it('lists only the uploads holding readings in the range (and meta uploads)', async () => {
    const summary = ok<Summary>(
      await call(`/api/data/devices/${PRIVATE}/summary/json?start=${uploaded.start}&end=${uploaded.start + HOUR}`),
    );
    expect(summary.uploads!.map((u) => u.type)).toEqual(['data', 'meta']);
    expect(summary.uploadsInRange).toBe(2);
    expect(summary.statistics.numberOfSamples).toBe((uploaded.readings / uploaded.records) * Math.ceil(HOUR / STEP));
  });

  it('answers a station without readings with its modules and nothing counted', async () => {
    const summary = ok<Summary>(await call(`/api/data/devices/${emptyDevice}/summary/json`));
    expect(summary).toMatchObject({
      statistics: { first: null, last: null, numberOfSamples: 0 },
      modules: [],
      uploads: [],
      uploadsInRange: 0,
    });
  });
});

describe('GET /data/devices/{deviceId}/data/json', () => {
  it('pages through the readings by time, newest first, each row holding every sensor read then', async () => {
    const times = uploaded.records;
    const pages = Math.ceil(times / 50);
    const first = ok<Data>(await call(`/api/data/devices/${PRIVATE}/data/json?pageSize=50`));
    expect(first).toMatchObject({ order: 'newest-first', page: 0, pageSize: 50, total: times, totalPages: pages });
    expect(first.data).toHaveLength(50);
    expect(first.data[0]!.time).toBe(uploaded.end);
    expect(first.data.map((r) => r.time)).toEqual(Array.from({ length: 50 }, (_, i) => uploaded.end - i * STEP));

    const series = simulated(uploaded, PRIVATE);
    const columns = new Map(first.modules.flatMap((m) => m.sensors.map((s) => [`${m.id}/${s.sensorId}`, s.key])));
    const perTime = [...series.values()].length;
    for (const row of first.data) {
      expect(row.readings).toHaveLength(perTime);
      for (const r of row.readings) {
        const key = columns.get(`${r.moduleId}/${r.sensorId}`)!;
        const want = series.get(key)!.find(([t]) => t === row.time)![1];
        expect(r.value).toBeCloseTo(want, 5);
      }
    }

    const last = ok<Data>(await call(`/api/data/devices/${PRIVATE}/data/json?pageSize=50&page=${pages - 1}`));
    expect(last.data).toHaveLength(times - 50 * (pages - 1));
    expect(last.data.at(-1)!.time).toBe(uploaded.start);

    // Pages of 100 hold every time once.
    const all: number[] = [];
    for (let page = 0; page < Math.ceil(times / 100); page++) {
      all.push(
        ...ok<Data>(await call(`/api/data/devices/${PRIVATE}/data/json?pageSize=100&page=${page}`)).data.map((r) => r.time),
      );
    }
    expect(all).toEqual(Array.from({ length: times }, (_, i) => uploaded.end - i * STEP));
  });

  it('keeps to the range asked', async () => {
    const page = ok<Data>(
      await call(`/api/data/devices/${PRIVATE}/data/json?start=${uploaded.start}&end=${uploaded.start + HOUR}`),
    );
    const inHour = Math.ceil(HOUR / STEP);
    expect(page).toMatchObject({ total: inHour, totalPages: 1, pageSize: 100 });
    expect(page.data.map((r) => r.time)).toEqual(
      Array.from({ length: inHour }, (_, i) => uploaded.start + (inHour - 1 - i) * STEP),
    );
  });

  it('refuses a page past the last, and bad parameters, with field errors', async () => {
    const pages = Math.ceil(uploaded.records / 50);
    const past = await call(`/api/data/devices/${PRIVATE}/data/json?pageSize=50&page=${pages}`);
    expect(past).toMatchObject({ status: 400, body: { code: 'DEVICE_DATA.NO_SUCH_PAGE' } });
    expect(errors(past)['page']).toBe(`There are ${pages} pages (0 to ${pages - 1}).`);
    for (const [query, field] of [
      ['page=-1', 'page'],
      ['page=1.5', 'page'],
      ['pageSize=0', 'pageSize'],
      ['pageSize=1001', 'pageSize'],
      ['pageSize=abc', 'pageSize'],
      ['start=yesterday', 'start'],
      [`start=${uploaded.end}&end=${uploaded.start}`, 'end'],
    ] as const) {
      const res = await call(`/api/data/devices/${PRIVATE}/data/json?${query}`);
      expect({ query, status: res.status, field: Object.keys(errors(res)) }).toEqual({ query, status: 400, field: [field] });
    }
    const summary = await call(`/api/data/devices/${PRIVATE}/summary/json?end=1`);
    expect({ status: summary.status, fields: Object.keys(errors(summary)) }).toEqual({ status: 400, fields: ['end'] });
  });

  it('answers an empty first page for a station without readings, and refuses the next', async () => {
    expect(ok<Data>(await call(`/api/data/devices/${emptyDevice}/data/json`))).toMatchObject({
      total: 0,
      totalPages: 0,
      data: [],
    });
    expect(errors(await call(`/api/data/devices/${emptyDevice}/data/json?page=1`))).toEqual({
      page: 'There are no readings in this range: ask for page 0.',
    });
  });
});

describe('who may read a device', () => {
  it('refuses a private station to strangers and anonymous callers, and answers its owner and site admins', async () => {
    for (const path of [`/api/data/devices/${PRIVATE}/summary/json`, `/api/data/devices/${PRIVATE}/data/json`]) {
      for (const token of [stranger.token, null]) {
        expect(await call(path, token)).toMatchObject({ status: 403, body: { code: 'STATION.PRIVATE' } });
      }
      expect((await call(path, admin.token)).status).toBe(200);
    }
    expect(ok<Summary>(await call(`/api/data/devices/${PRIVATE}/summary/json`, admin.token)).uploads).toHaveLength(3);
  });

  it("answers a public station's readings to anyone, but its uploads only to its owner", async () => {
    for (const token of [stranger.token, null]) {
      const summary = ok<Summary>(await call(`/api/data/devices/${PUBLIC}/summary/json`, token));
      expect(summary).toMatchObject({
        uploads: null,
        uploadsInRange: null,
        statistics: { numberOfSamples: publicStation.readings },
      });
      expect(ok<Data>(await call(`/api/data/devices/${PUBLIC}/data/json`, token)).total).toBe(publicStation.records);
    }
  });

  it('finds the device by its id in any form uploads use, and says 404 for an unknown one and 400 for a malformed one', async () => {
    const base64 = Buffer.from(PRIVATE, 'hex').toString('base64');
    for (const form of [PRIVATE.toUpperCase(), encodeURIComponent(base64)]) {
      expect(ok<Summary>(await call(`/api/data/devices/${form}/summary/json`)).station.id).toBe(uploaded.stationId);
    }
    expect(await call('/api/data/devices/00ff00ff00ff00ff/summary/json')).toMatchObject({
      status: 404,
      body: { code: 'STATION.NOT_FOUND' },
    });
    const bad = await call('/api/data/devices/not%20a%20device/data/json');
    expect({ status: bad.status, fields: Object.keys(errors(bad)) }).toEqual({ status: 400, fields: ['deviceId'] });
  });
});
