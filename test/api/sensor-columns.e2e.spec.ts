import { fromColumns, type SensorData, type SensorDataColumns } from '@groundtruth/contracts';
import { callApi, outboxOf, signUp, type TestUser } from '../support/accounts.js';
import { newDeviceId } from '../support/device-ids.js';
import { insertReadings } from '../support/readings.js';
import { startTestApp, type TestApp } from '../support/test-app.js';

let sut: TestApp;
let owner: TestUser;
let station: number;

const T0 = Date.parse('2025-06-01T00:00:00Z');
const DEPTH = 70; // aggregated by maximum
const PH = 1; // aggregated by mean
const f32 = (x: number) => Math.fround(x);

const get = async (path: string, headers: Record<string, string> = {}) => {
  const res = await fetch(`${sut.url}${path}`, { headers: { authorization: `Bearer ${owner.token}`, ...headers } });
  return {
    status: res.status,
    type: res.headers.get('content-type') ?? '',
    vary: res.headers.get('vary') ?? '',
    text: await res.text(),
  };
};

beforeAll(async () => {
  sut = await startTestApp();
  owner = await signUp(sut, outboxOf(sut.dataDir), { name: 'Owner' });
  const res = await callApi(sut.url, 'POST', '/api/stations', {
    token: owner.token,
    body: { deviceId: newDeviceId(), name: 'columns' },
  });
  station = res.body!['id'] as number;
  // A day of one-minute float32 readings with a gap of three hours, as a station records them.
  const values = [];
  for (let m = 0; m < 24 * 60; m++) {
    if (m >= 600 && m < 780) continue;
    values.push({ sensor: DEPTH, m, value: f32(m / 7) });
    values.push({ sensor: PH, m, value: f32(6.5 + (m % 13) / 10) });
  }
  await insertReadings(
    sut,
    values.map((r) => ({ station, sensor: r.sensor, time: T0 + r.m * 60_000, value: r.value })),
  );
});
afterAll(() => sut?.close());

const query = (extra = '') =>
  `/api/sensors/data?start=${T0}&end=${T0 + 86_400_000}&stations=${station}&sensors=${DEPTH},${PH}&resolution=200${extra}`;

describe('chart answers as columns', () => {
  it.each([
    ['format=columns', '&format=columns', {}],
    ['Accept', '', { accept: 'application/vnd.groundtruth.columns+json' }],
    ['Accept among others', '', { accept: 'application/json;q=0.5, application/vnd.groundtruth.columns+json' }],
  ])('asked by %s: the same numbers as the row form, in fewer bytes', async (_, extra, headers) => {
    const rows = await get(query());
    expect(rows.status).toBe(200);
    expect(rows.type).toMatch(/^application\/json/);
    const cols = await get(query(extra), headers);
    expect(cols.status).toBe(200);
    expect(cols.type).toMatch(/^application\/vnd\.groundtruth\.columns\+json/);
    expect(cols.vary).toMatch(/Accept/);
    const rowForm = JSON.parse(rows.text) as SensorData;
    const colForm = JSON.parse(cols.text) as SensorDataColumns;
    expect(colForm.format).toBe('columns');
    expect(rowForm.data.length).toBeGreaterThan(100);
    // the gap: the columns list bucket indexes rather than times
    expect(colForm.series.every((s) => s.index !== undefined)).toBe(true);
    const back = fromColumns(colForm);
    expect(back.data.map((r) => [r.time, r.stationId, r.moduleId, r.sensorId, r.samples])).toEqual(
      rowForm.data.map((r) => [r.time, r.stationId, r.moduleId, r.sensorId, r.samples]),
    );
    back.data.forEach((r, i) => {
      const o = rowForm.data[i]!;
      for (const k of ['value', 'min', 'max', 'last'] as const)
        expect(r[k] === null ? null : f32(r[k])).toBe(o[k] === null ? null : f32(o[k]));
      // a mean of float32 readings, at float32 precision
      expect(r.avg === null ? null : f32(r.avg)).toBe(o.avg === null ? null : f32(o.avg));
    });
    // float32 readings print short: no 17-digit numbers, as the row form has
    expect(rows.text).toMatch(/\d\.\d{12,}/);
    expect(cols.text).not.toMatch(/\d\.\d{10,}/);
    expect(cols.text.length).toBeLessThan(rows.text.length / 2);
  });

  it('format=rows and a plain Accept keep the row form', async () => {
    const a = await get(query('&format=rows'), { accept: 'application/vnd.groundtruth.columns+json' });
    expect(a.type).toMatch(/^application\/json/);
    expect(JSON.parse(a.text)).toHaveProperty('data');
  });

  it('a bad format is a 400', async () => {
    expect((await get(query('&format=cols'))).status).toBe(400);
  });

  it('is compressed on the wire when the client accepts it', async () => {
    const res = await fetch(`${sut.url}${query('&format=columns')}`, {
      headers: { authorization: `Bearer ${owner.token}`, 'accept-encoding': 'gzip' },
    });
    expect(res.headers.get('content-encoding')).toBe('gzip');
    // fetch decodes it; the body is the columns form
    expect(JSON.parse(await res.text())).toHaveProperty('series');
  });

  it('asked again, goes out as the same answer in every encoding (kept JSON text and compressed copies)', async () => {
    const plain = await get(query('&format=columns'), { 'accept-encoding': 'identity' });
    for (const encoding of ['br', 'gzip', 'br', 'gzip', 'identity']) {
      const res = await fetch(`${sut.url}${query('&format=columns')}`, {
        headers: { authorization: `Bearer ${owner.token}`, 'accept-encoding': encoding },
      });
      expect(res.headers.get('content-encoding') ?? 'identity').toBe(encoding);
      expect(await res.text()).toBe(plain.text);
    }
    // control: another question is another answer, not a kept one
    const other = await get(query('&format=columns').replace('resolution=200', 'resolution=100'), { 'accept-encoding': 'br' });
    expect(other.text).not.toBe(plain.text);
  });

  it('is documented in the OpenAPI document', async () => {
    const doc = JSON.parse((await get('/api/docs/openapi.json')).text) as {
      paths: Record<string, { get: { responses: { 200: { content: Record<string, unknown> } } } }>;
    };
    expect(Object.keys(doc.paths['/api/sensors/data']!.get.responses[200].content)).toEqual([
      'application/json',
      'application/vnd.groundtruth.columns+json',
    ]);
  });
});
