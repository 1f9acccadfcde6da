import { DEFAULT_SITE, sensorByFullKey, simulateStation } from '../../libs/domain/src/index.js';
import { simulatedStation, uploadSimulatedStation } from '../../apps/api/src/simulator/upload-station.js';
import { callApi, outboxOf, signUp, type TestUser } from '../support/accounts.js';
import { startTestApp, type TestApp } from '../support/test-app.js';

let sut: TestApp;
let owner: TestUser;

beforeAll(async () => {
  sut = await startTestApp();
  owner = await signUp(sut, outboxOf(sut.dataDir), { name: 'Simulating owner' });
});
afterAll(() => sut.close());

const STEP = 10 * 60_000;

describe('station simulator → POST /api/ingestion', () => {
  it('registers the station and uploads a day of readings that the chart query then answers, value for value', async () => {
    const end = Date.parse('2025-07-01T12:00:00Z');
    const options = {
      api: sut.url,
      token: owner.token,
      deviceHex: '5e11a70e00000001',
      kind: 'water' as const,
      name: 'Simulated creek',
      days: 1,
      stepMs: STEP,
      chunkDays: 0.5,
      site: DEFAULT_SITE,
      end,
    };
    const summary = await uploadSimulatedStation(options);
    expect(summary).toMatchObject({ uploads: 3, records: 144, end });

    // Uploading again finds the same station.
    const again = await uploadSimulatedStation({ ...options, days: STEP / 86_400_000 });
    expect(again.stationId).toBe(summary.stationId);

    const temp = sensorByFullKey('fk.water.temp.temp')!;
    const query = `/api/sensors/data?start=${summary.start}&end=${end + STEP}&stations=${summary.stationId}&sensors=${temp.id}&resolution=144`;
    const res = await callApi(sut.url, 'GET', query, { token: owner.token });
    expect(res.status).toBe(200);
    const rows = (res.body!['data'] as { time: number; value: number | null; samples: number }[]).filter((r) => r.samples > 0);
    expect(rows).toHaveLength(144);

    const station = simulatedStation(options);
    const [, water] = simulateStation(station.modules, { start: summary.start, end: end + STEP, step: STEP }, station);
    const expected = water!.sensors.find((s) => s.sensor.fullKey === 'fk.water.temp.temp')!.values;
    rows.forEach((row, i) => expect(row.value).toBeCloseTo(Math.fround(expected[i]!), 4));
  });

  it('keeps every record on the step grid when the chunk is not a whole number of steps', async () => {
    const end = Date.parse('2025-08-01T12:00:00Z');
    // 0.3 days is 43.2 ten-minute steps: each upload takes 43 steps, none drifts off the grid.
    const summary = await uploadSimulatedStation({
      api: sut.url,
      token: owner.token,
      deviceHex: '5e11a70e00000002',
      kind: 'water' as const,
      name: 'Unevenly chunked creek',
      days: 1,
      stepMs: STEP,
      chunkDays: 0.3,
      site: DEFAULT_SITE,
      end,
    });
    expect(summary).toMatchObject({ records: 144, end });
    const temp = sensorByFullKey('fk.water.temp.temp')!;
    const query = `/api/sensors/data?start=${summary.start}&end=${end + STEP}&stations=${summary.stationId}&sensors=${temp.id}&resolution=144`;
    const rows = (await callApi(sut.url, 'GET', query, { token: owner.token })).body!['data'] as {
      time: number;
      samples: number;
    }[];
    expect(rows.filter((r) => r.samples > 0)).toHaveLength(144);
    expect(rows.every((r) => r.samples <= 1 && (r.time - summary.start) % STEP === 0)).toBe(true);
  });

  it('refuses a stranger uploading to the station', async () => {
    const stranger = await signUp(sut, outboxOf(sut.dataDir), { name: 'Stranger' });
    await expect(
      uploadSimulatedStation({
        api: sut.url,
        token: stranger.token,
        deviceHex: '5e11a70e00000001',
        kind: 'water',
        name: 'Not mine',
        days: 1,
        stepMs: STEP,
        chunkDays: 1,
        site: DEFAULT_SITE,
      }),
    ).rejects.toThrow(/POST \/api\/stations answered 400/);
  });
});
