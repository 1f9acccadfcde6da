import { callApi, outboxOf, signUp, type Reply, type TestUser } from '../support/accounts.js';
import { insertReadings, summariseReadings } from '../support/readings.js';
import { startTestApp, type TestApp } from '../support/test-app.js';
import { newDeviceId } from '../support/device-ids.js';

let sut: TestApp;
let owner: TestUser;
let stranger: TestUser;
/** In the owner's private default project. */
let privateStation: number;
/** In a public project. */
let publicStation: number;
let publicProject: number;

const T0 = Date.parse('2025-06-01T00:00:00Z');
const HOUR = 3_600_000;
const DEPTH = 70; // wh.floodnet.depth: aggregated by maximum
const PH = 1; // fk.water.ph.ph: aggregated by mean

const call = (path: string, token: string | null = null) => callApi(sut.url, 'GET', path, { token });
const ok = (res: Reply) => {
  if (res.status !== 200) throw new Error(`expected 200, got ${res.status}: ${JSON.stringify(res.body)}`);
  return res.body!;
};

type Row = {
  time: number;
  stationId: number;
  moduleId: number;
  sensorId: number;
  value: number | null;
  avg: number | null;
  min: number | null;
  max: number | null;
  last: number | null;
  samples: number;
};
type Data = {
  data: Row[];
  bucketSize: number;
  bucketSamples: number;
  dataEnd: number | null;
  aggregate: string;
  start: number;
  end: number;
};

const registerStation = async (user: TestUser, name: string): Promise<number> => {
  const res = await callApi(sut.url, 'POST', '/api/stations', {
    token: user.token,
    body: { deviceId: newDeviceId(), name },
  });
  return ok(res)['id'] as number;
};

beforeAll(async () => {
  sut = await startTestApp();
  const mailbox = outboxOf(sut.dataDir);
  owner = await signUp(sut, mailbox, { name: 'Owner' });
  stranger = await signUp(sut, mailbox, { name: 'Stranger' });
  privateStation = await registerStation(owner, 'private');
  publicStation = await registerStation(owner, 'public');
  const project = (publicProject = ok(
    await callApi(sut.url, 'POST', '/api/projects', {
      token: owner.token,
      body: { name: 'Flood watch', description: 'Depths', goal: 'Open data', location: 'Harbor', privacy: 1 },
    }),
  )['id'] as number);
  const added = await callApi(sut.url, 'POST', `/api/projects/${project}/stations/${publicStation}`, { token: owner.token });
  expect(added.status).toBe(204);

  // Two days of one-minute readings for both stations: depth rises by 1 each minute of the hour.
  const rows = [];
  for (const station of [publicStation, privateStation]) {
    for (let m = 0; m < 48 * 60; m++) {
      rows.push({ station, sensor: DEPTH, time: T0 + m * 60_000, value: m % 60 });
      rows.push({ station, sensor: PH, time: T0 + m * 60_000, value: 7 + (m % 2) });
    }
  }
  await insertReadings(sut, rows);
});
afterAll(() => sut.close());

describe('sensor meta', () => {
  it('lists every sensor with its id and key, and the module definitions, to anyone', async () => {
    const meta = ok(await call('/api/meta/sensors')) as { sensors: { id: number; key: string }[]; modules: { key: string }[] };
    expect(meta.sensors).toHaveLength(80);
    expect(meta.sensors).toContainEqual({ id: DEPTH, key: 'wh.floodnet.depth' });
    expect(meta.modules).toHaveLength(19);

    const modules = ok(await call('/api/modules/meta')) as {
      modules: { key: string; name: string; sensors: Record<string, unknown>[] }[];
    };
    const flood = modules.modules.find((m) => m.key === 'wh.floodnet');
    const depth = flood?.sensors.find((s) => s['fullKey'] === 'wh.floodnet.depth');
    expect(depth).toMatchObject({
      id: DEPTH,
      unitOfMeasure: 'inches',
      order: 0,
      internal: false,
      aggregation: 'max',
      ranges: expect.arrayContaining([{ minimum: 0, maximum: 6, constrained: true }]),
      strings: {
        'en-us': { label: 'Flood Depth', chartLabel: 'Flood Depth Threshold (Inches)', axisLabel: 'Flood Depth (Inches)' },
      },
    });
    const viz = (depth?.['viz'] as { minimumGap: number | null; thresholds: { levels: Record<string, unknown>[] } | null }[])[0];
    expect(viz?.minimumGap).toBe(600);
    expect(viz?.thresholds?.levels[1]).toMatchObject({
      start: 4,
      value: 12,
      color: '#fdbf4b',
      hidden: false,
      plainLabel: { 'en-US': 'Minor' },
    });
    expect(modules.modules.find((m) => m.key === 'fk.water.ph')?.name).toBe('modules.water.ph');
  });
});

describe('GET /sensors/data', () => {
  it('answers buckets of span ÷ resolution from the coarsest level that fits, max for depth and mean otherwise', async () => {
    const res = ok(
      await call(
        `/api/sensors/data?start=${T0}&end=${T0 + 48 * HOUR}&stations=${publicStation}&sensors=${DEPTH},${PH}&resolution=48`,
      ),
    ) as unknown as Data;

    expect(res).toMatchObject({
      bucketSize: 3600,
      bucketSamples: 48,
      aggregate: '1h',
      dataEnd: T0 + (48 * 60 - 1) * 60_000,
      start: T0,
      end: T0 + 48 * HOUR,
    });
    const depth = res.data.filter((r) => r.sensorId === DEPTH);
    expect(depth).toHaveLength(48);
    expect(depth[0]).toEqual({
      time: T0,
      stationId: publicStation,
      moduleId: 5,
      sensorId: DEPTH,
      value: 59,
      avg: 29.5,
      min: 0,
      max: 59,
      last: 59,
      samples: 60,
    });
    const ph = res.data.filter((r) => r.sensorId === PH);
    expect(ph[3]).toMatchObject({ time: T0 + 3 * HOUR, value: 7.5, avg: 7.5, min: 7, max: 8, last: 8 });
  });

  it('reads raw readings for buckets under ten minutes, and fills empty buckets with nulls when complete=true', async () => {
    // 30 minutes before the first reading and 30 after: 60 buckets of 60 s, from the raw readings.
    const start = new Date(T0 - HOUR / 2).toISOString();
    const end = new Date(T0 + HOUR / 2).toISOString();
    const res = ok(
      await call(
        `/api/sensors/data?start=${start}&end=${end}&stations=${publicStation}&sensors=${DEPTH}&resolution=60&complete=true`,
      ),
    ) as unknown as Data;
    expect(res).toMatchObject({ aggregate: 'raw', bucketSize: 60, bucketSamples: 60 });
    expect(res.data).toHaveLength(60);
    expect(res.data[0]).toEqual({
      time: T0 - HOUR / 2,
      stationId: publicStation,
      moduleId: 5,
      sensorId: DEPTH,
      value: null,
      avg: null,
      min: null,
      max: null,
      last: null,
      samples: 0,
    });
    expect(res.data[30]).toMatchObject({ time: T0, value: 0, samples: 1 });

    const raw = ok(
      await call(`/api/sensors/data?start=${T0}&end=${T0 + 10 * 60_000}&stations=${publicStation}&sensors=${PH}`),
    ) as unknown as Data;
    expect(raw).toMatchObject({ aggregate: 'raw', bucketSize: 1 });
    expect(raw.data.map((r) => r.value)).toEqual([7, 8, 7, 8, 7, 8, 7, 8, 7, 8]);
  });

  it('charts readings before 1970 in buckets aligned like later ones, from the levels and from raw readings', async () => {
    const old = await registerStation(owner, 'old');
    const T1 = Date.parse('1965-06-01T00:00:00Z');
    const rows = [];
    for (let m = 0; m < 48 * 60; m++) rows.push({ station: old, sensor: DEPTH, time: T1 + m * 60_000, value: m % 60 });
    await insertReadings(sut, rows);

    const hours = ok(
      await call(
        `/api/sensors/data?start=${T1}&end=${T1 + 48 * HOUR}&stations=${old}&sensors=${DEPTH}&resolution=48`,
        owner.token,
      ),
    ) as unknown as Data;
    expect(hours).toMatchObject({ bucketSize: 3600, aggregate: '1h', start: T1, end: T1 + 48 * HOUR });
    expect(hours.data).toHaveLength(48);
    expect(hours.data[0]).toMatchObject({ time: T1, value: 59, min: 0, max: 59, samples: 60 });
    expect(hours.data[47]).toMatchObject({ time: T1 + 47 * HOUR, samples: 60 });

    const minutes = ok(
      await call(
        `/api/sensors/data?start=${T1 - HOUR / 2}&end=${T1 + HOUR / 2}&stations=${old}&sensors=${DEPTH}&resolution=60&complete=true`,
        owner.token,
      ),
    ) as unknown as Data;
    expect(minutes).toMatchObject({ aggregate: 'raw', bucketSize: 60 });
    expect(minutes.data).toHaveLength(60);
    expect(minutes.data[30]).toMatchObject({ time: T1, value: 0, samples: 1 });
    expect(minutes.data[59]).toMatchObject({ time: T1 + 29 * 60_000, value: 29, samples: 1 });
  });

  it('answers every sensor of the stations when none is named', async () => {
    const res = ok(
      await call(`/api/sensors/data?start=${T0}&end=${T0 + 48 * HOUR}&stations=${publicStation}&resolution=1`),
    ) as unknown as Data;
    expect(res).toMatchObject({ aggregate: '1d', bucketSize: 2 * 86_400 });
    expect(res.data.map((r) => [r.sensorId, r.samples])).toEqual([
      [PH, 2880],
      [DEPTH, 2880],
    ]);
  });

  it("never serves a private station's data to outsiders", async () => {
    const path = `/api/sensors/data?start=${T0}&end=${T0 + HOUR}&stations=${privateStation}`;
    for (const token of [null, stranger.token]) {
      const res = await call(path, token);
      expect(res.status).toBe(403);
      expect(res.body).toMatchObject({ code: 'STATION.PRIVATE' });
    }
    // One private station among public ones refuses the whole call.
    expect(
      (await call(`/api/sensors/data?start=${T0}&end=${T0 + HOUR}&stations=${publicStation},${privateStation}`)).status,
    ).toBe(403);
    const own = ok(await call(path, owner.token)) as unknown as Data;
    expect(own.data.length).toBeGreaterThan(0);
    expect(own.data.every((r) => r.stationId === privateStation)).toBe(true);
    expect((await call(`/api/sensors/data?start=${T0}&end=${T0 + HOUR}&stations=999999`)).status).toBe(404);
  });

  it('lets a new reader in, and shuts one out, as soon as the station joins or leaves a public project', async () => {
    const station = await registerStation(owner, 'joins and leaves');
    const path = `/api/sensors/data?start=${T0}&end=${T0 + HOUR}&stations=${station}`;
    const asked = async () => (await call(path, stranger.token)).status;
    // Refused twice: the second verdict is the kept one (StationAccessQueries keeps them per read models' version).
    expect([await asked(), await asked()]).toEqual([403, 403]);
    const added = await callApi(sut.url, 'POST', `/api/projects/${publicProject}/stations/${station}`, { token: owner.token });
    expect(added.status).toBe(204);
    // A verdict kept past the change would still refuse here.
    expect([await asked(), await asked()]).toEqual([200, 200]);
    const removed = await callApi(sut.url, 'DELETE', `/api/projects/${publicProject}/stations/${station}`, {
      token: owner.token,
    });
    expect(removed.status).toBe(204);
    expect(await asked()).toBe(403);
  });

  it.each([
    ['no start', `end=${T0}&stations=1`, 'start'],
    ['start not a time', `start=yesterday&end=${T0}&stations=1`, 'start'],
    ['end before start', `start=${T0}&end=${T0 - 1}&stations=1`, 'end'],
    ['no stations', `start=${T0}&end=${T0 + HOUR}`, 'stations'],
    ['empty stations', `start=${T0}&end=${T0 + HOUR}&stations=`, 'stations'],
    ['a station not a number', `start=${T0}&end=${T0 + HOUR}&stations=1,x`, 'stations'],
    ['an unknown sensor', `start=${T0}&end=${T0 + HOUR}&stations=1&sensors=1,999`, 'sensors'],
    ['resolution 0', `start=${T0}&end=${T0 + HOUR}&stations=1&resolution=0`, 'resolution'],
    ['resolution too high', `start=${T0}&end=${T0 + HOUR}&stations=1&resolution=100000`, 'resolution'],
    ['resolution not a number', `start=${T0}&end=${T0 + HOUR}&stations=1&resolution=lots`, 'resolution'],
    ['complete not a flag', `start=${T0}&end=${T0 + HOUR}&stations=1&complete=maybe`, 'complete'],
  ])('refuses %s with 400 naming the field', async (_, query, field) => {
    const res = await call(`/api/sensors/data?${query}`);
    expect(res.status).toBe(400);
    // A list's element is named by its index (stations.1).
    const fields = Object.keys((res.body?.['errors'] as Record<string, string>) ?? {}).map((k) => k.split('.')[0]);
    expect(fields).toContain(field);
  });
});

describe('GET /sensors/data/tail', () => {
  it('answers, per station, the 48 hours before its latest reading in about 200 buckets', async () => {
    const res = ok(await call(`/api/sensors/data/tail?stations=${publicStation}&sensors=${DEPTH}`)) as unknown as {
      data: Row[];
      stations: {
        stationId: number;
        dataEnd: number | null;
        bucketSize: number;
        aggregate: string;
        start: number;
        end: number;
      }[];
    };
    const dataEnd = T0 + (48 * 60 - 1) * 60_000;
    expect(res.stations).toEqual([
      // The window [dataEnd + 1 ms - 48 h, dataEnd + 1 ms) in 20-minute buckets (a readable size: the
      // ideal 14.4 min snaps up) on a grid that starts at the window's start floored to 20 minutes; the
      // edge buckets hold only the window.
      {
        stationId: publicStation,
        dataEnd,
        bucketSize: 1200,
        aggregate: '10m',
        start: T0 - 1_200_000,
        end: T0 + 48 * HOUR,
      },
    ]);
    // 48 hours of one-minute readings from T0: the grid's first bucket (before T0) is empty, then 144
    // whole buckets of 20 readings.
    expect(res.data).toHaveLength(144);
    expect(res.data.reduce((sum, b) => sum + b.samples, 0)).toBe(48 * 60);
    expect(res.data[0]).toMatchObject({ time: T0, samples: 20 });
    expect(res.data.at(-1)).toMatchObject({ time: T0 + 48 * HOUR - 1_200_000, value: 59, last: 59, samples: 20 });
  });

  it('refuses a private station to outsiders and names bad parameters', async () => {
    expect((await call(`/api/sensors/data/tail?stations=${privateStation}`)).status).toBe(403);
    const quiet = await registerStation(owner, 'quiet');
    const mine = ok(await call(`/api/sensors/data/tail?stations=${privateStation},${quiet}`, owner.token)) as unknown as {
      data: Row[];
      stations: Record<string, unknown>[];
    };
    expect(mine.stations[1]).toEqual({
      stationId: quiet,
      dataEnd: null,
      bucketSize: null,
      aggregate: null,
      start: null,
      end: null,
    });
    expect(mine.data.every((r) => r.stationId === privateStation)).toBe(true);
    const bad = await call('/api/sensors/data/tail?stations=x');
    expect(bad.status).toBe(400);
  });
});

describe('GET /sensors/data/recently', () => {
  let recent: number;
  const now = Date.now();

  beforeAll(async () => {
    recent = await registerStation(owner, 'recent');
    const added = await callApi(sut.url, 'POST', `/api/projects/${publicProject}/stations/${recent}`, { token: owner.token });
    expect(added.status).toBe(204);
    await insertReadings(sut, [
      { station: recent, sensor: DEPTH, time: now - 30 * HOUR, value: 10 },
      { station: recent, sensor: DEPTH, time: now - 10 * HOUR, value: 20 },
      { station: recent, sensor: DEPTH, time: now - 2 * HOUR, value: 5 },
    ]);
    // As the ingestion processing leaves them: the answer comes from this summary, not from ClickHouse.
    await summariseReadings(sut, [recent, publicStation]);
  });

  it('summarises each window of hours back from now, and gives the latest reading of each sensor', async () => {
    const res = ok(await call(`/api/sensors/data/recently?stations=${recent},${publicStation}&sensors=${DEPTH}`)) as unknown as {
      windows: { hours: number; data: Row[] }[];
      last: { stationId: number; moduleId: number; sensorId: number; value: number; time: number }[];
    };
    expect(res.windows.map((w) => w.hours)).toEqual([24, 48, 72]);
    const [day, twoDays] = res.windows;
    expect(day?.data).toEqual([
      expect.objectContaining({ stationId: recent, sensorId: DEPTH, value: 20, min: 5, max: 20, last: 5, samples: 2 }),
    ]);
    expect(twoDays?.data).toEqual([expect.objectContaining({ stationId: recent, value: 20, avg: 35 / 3, samples: 3 })]);
    expect(res.last).toEqual([
      { stationId: publicStation, moduleId: 5, sensorId: DEPTH, value: 59, time: T0 + (48 * 60 - 1) * 60_000 },
      { stationId: recent, moduleId: 5, sensorId: DEPTH, value: 5, time: now - 2 * HOUR },
    ]);

    const flood = ok(await call(`/api/sensors/data/recently?stations=${recent}&windows=1`)) as unknown as {
      windows: { hours: number; data: Row[] }[];
    };
    expect(flood.windows).toEqual([expect.objectContaining({ hours: 1, data: [] })]);
  });

  it('answers from the kept summary as a direct computation over the readings does (with a control)', async () => {
    const station = await registerStation(owner, 'recent direct');
    const added = await callApi(sut.url, 'POST', `/api/projects/${publicProject}/stations/${station}`, { token: owner.token });
    expect(added.status).toBe(204);
    // Four days of readings of two sensors every 7 minutes, values spread so every statistic matters.
    const readings = [];
    for (let t = now - 96 * HOUR, i = 0; t < now - 60_000; t += 7 * 60_000, i++) {
      readings.push({ station, sensor: DEPTH, time: t, value: ((i * 37) % 101) / 4 });
      readings.push({ station, sensor: PH, time: t + 30_000, value: 6 + ((i * 13) % 17) / 10 });
    }
    await insertReadings(sut, readings);
    await summariseReadings(sut, [station]);

    type Answer = { windows: { hours: number; start: number; end: number; data: Row[] }[]; last: Record<string, number>[] };
    /** Every way the answer differs from the same windows computed from `readings` directly. */
    const differences = async (answer: Answer): Promise<string[]> => {
      const found: string[] = [];
      for (const w of answer.windows) {
        const direct = await (
          await sut.runtime.clickhouse.client.query({
            query: `SELECT toUInt32(module_id) AS m, toUInt32(sensor_id) AS s, min(value) AS lo, max(value) AS hi, sum(value) AS su,
                           toUInt32(count()) AS n, argMax(value, time) AS l
                      FROM readings FINAL
                     WHERE station_id = ${station} AND time >= fromUnixTimestamp64Milli(${w.start}, 'UTC')
                       AND time < fromUnixTimestamp64Milli(${w.end}, 'UTC')
                     GROUP BY module_id, sensor_id ORDER BY module_id, sensor_id`,
            format: 'JSONEachRow',
          })
        ).json<{ m: number; s: number; lo: number; hi: number; su: number; n: number; l: number }>();
        const got = w.data.filter((r) => r.stationId === station);
        if (got.length !== direct.length) found.push(`${w.hours} h: ${got.length} rows, directly ${direct.length}`);
        for (const d of direct) {
          const r = got.find((x) => x.moduleId === Number(d.m) && x.sensorId === Number(d.s));
          const close = (a: number | null | undefined, b: number) => a !== null && a !== undefined && Math.abs(a - b) < 1e-9;
          if (
            !r ||
            r.samples !== Number(d.n) ||
            !close(r.min, d.lo) ||
            !close(r.max, d.hi) ||
            !close(r.avg, d.su / Number(d.n)) ||
            !close(r.last, d.l)
          )
            found.push(`${w.hours} h, sensor ${d.s}: ${JSON.stringify(r)} against ${JSON.stringify(d)}`);
        }
      }
      return found;
    };
    const ask = async () =>
      ok(await call(`/api/sensors/data/recently?stations=${station}&windows=1,6,24,72,96`)) as unknown as Answer;

    const answer = await ask();
    expect(answer.windows.map((w) => w.hours)).toEqual([1, 6, 24, 72, 96]);
    expect(answer.windows.every((w) => w.data.length === 2)).toBe(true);
    expect(await differences(answer)).toEqual([]);
    expect(answer.last.map((l) => [l['sensorId'], l['time']])).toEqual([
      [PH, readings.at(-1)!.time],
      [DEPTH, readings.at(-2)!.time],
    ]);

    // The control: one kept bucket's lowest reading wrong (as a summary left behind would be) is caught.
    await sut.db.pool.query(
      `UPDATE gt_sensor_recent SET value_min = value_min - 100
        WHERE station_id = $1 AND sensor_id = $2 AND bucket = (SELECT max(bucket) FROM gt_sensor_recent WHERE station_id = $1 AND sensor_id = $2)`,
      [station, DEPTH],
    );
    expect((await differences(await ask())).length).toBeGreaterThan(0);
    await summariseReadings(sut, [station]);
    expect(await differences(await ask())).toEqual([]);
  });

  it('refuses a private station to outsiders and names bad parameters', async () => {
    expect((await call(`/api/sensors/data/recently?stations=${privateStation}`, stranger.token)).status).toBe(403);
    for (const query of [
      `stations=${recent}&windows=0`,
      `stations=${recent}&windows=a`,
      `stations=${recent}&windows=1,2,3,4,5,6`,
    ]) {
      const res = await call(`/api/sensors/data/recently?${query}`);
      expect(res.status).toBe(400);
      expect(Object.keys(res.body?.['errors'] as Record<string, string>).map((k) => k.split('.')[0])).toContain('windows');
    }
  });
});
