import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ExportWriter, type ExportFileFormat, type ExportReading } from '@groundtruth/domain';
import { migrateClickHouse, openClickHouse, rebuildStoredAggregates, type ClickHouse } from '@groundtruth/platform';
import { exportLinesSql, fixValues } from './export-lines.js';

const STATION = { id: 7, name: '=HYPERLINK("x","y"), a\r\nsecond line' };
const DEPTH = 70;
const UNKNOWN_SENSOR = 99_999;

/** A small deterministic generator: the same readings every run. */
const random = (() => {
  let seed = 42;
  return () => {
    seed = (seed * 1_103_515_245 + 12_345) % 2_147_483_648;
    return seed / 2_147_483_648;
  };
})();

/**
 * Values where ClickHouse's and JavaScript's shortest forms part (ties, extreme magnitudes, exponents),
 * ordinary float32 readings, float64 values that are no float32, and what cannot be written as a number.
 */
const VALUES = [
  1447177.25,
  -450620.125,
  3.4028234663852886e38,
  -1.262177448353619e-29,
  -1.5474250491067253e26,
  1.401298464324817e-45,
  1e21,
  1.5e-7,
  0,
  -0,
  0.1,
  -7.1,
  1 / 3,
  123456789012345680000,
  2 ** 60,
  Number.NaN,
  Number.POSITIVE_INFINITY,
  ...Array.from({ length: 2_000 }, (_, i) => Math.fround((random() - 0.5) * 10 ** ((i % 16) - 4))),
  ...Array.from({ length: 300 }, () => (random() - 0.5) * 1e6),
  // any float32 at all: every magnitude, subnormals included
  ...Array.from({ length: 3_000 }, () =>
    new DataView(new Uint32Array([Math.floor(random() * 2 ** 32)]).buffer).getFloat32(0, true),
  ),
  ...Array.from({ length: 64 }, (_, i) => Math.fround(2 ** (i * 4 - 140))),
];

/** Around Madrid's change to summer time (2025-03-30 01:00 UTC), before 1970, and with milliseconds. */
const TIMES = [
  Date.parse('2025-03-30T00:58:00Z'),
  Date.parse('2025-03-30T00:59:59.999Z'),
  Date.parse('2025-03-30T01:00:00Z'),
  Date.parse('1950-06-01T12:34:56.789Z'),
  Date.parse('1969-12-31T23:59:59.001Z'),
];

const readings: ExportReading[] = VALUES.map((value, i) => ({
  stationId: STATION.id,
  moduleId: 5 + (i % 2),
  sensorId: i % 7 === 0 ? UNKNOWN_SENSOR : i % 3 === 0 ? DEPTH : 1,
  time: TIMES[i] ?? Date.parse('2025-03-29T23:00:00Z') + i * 60_000,
  value,
}));

let ch: ClickHouse;
let dataDir: string;

beforeAll(async () => {
  dataDir = mkdtempSync(join(tmpdir(), 'gt-export-lines-'));
  ch = await openClickHouse({ dataDir });
  await migrateClickHouse(ch);
  // VALUES text: JSON has no NaN or infinity.
  const number = (v: number) => (Number.isNaN(v) ? 'nan' : v === Infinity ? 'inf' : Object.is(v, -0) ? '-0.' : String(v));
  await ch.client.command({
    query: `INSERT INTO readings (station_id, module_id, sensor_id, time, value, ingestion_id, version) VALUES ${readings
      .map(
        (r) =>
          `(${r.stationId}, ${r.moduleId}, ${r.sensorId}, fromUnixTimestamp64Milli(${r.time}, 'UTC'), ${number(r.value)}, 1, 1)`,
      )
      .join(',')}`,
  });
  await rebuildStoredAggregates(ch);
});

afterAll(async () => {
  await ch?.close();
  rmSync(dataDir, { recursive: true, force: true });
});

const fromClickHouse = async (sql: string): Promise<string> => {
  const parts: Buffer[] = [];
  for await (const part of ch.stream(sql, 'TabSeparatedRaw')) parts.push(fixValues(Buffer.from(part.bytes)));
  return Buffer.concat(parts).toString('utf8');
};

describe('export lines written by ClickHouse', () => {
  it.each<[ExportFileFormat, string, number[] | null]>([
    ['csv', 'Europe/Madrid', null],
    ['json-lines', 'Asia/Kathmandu', null],
    ['csv', 'America/New_York', [DEPTH]],
  ])('are byte for byte the lines ExportWriter writes (%s, %s, sensors %j)', async (format, tz, sensors) => {
    const [from, to] = [Date.parse('1950-01-01T00:00:00Z'), Date.parse('2025-04-02T00:00:00Z')];
    const writer = new ExportWriter({ format, stations: [STATION], sensors, start: from, end: to, tz, createdAt: 0 });
    const expected = readings
      .filter((r) => r.time >= from && r.time < to && (sensors === null || sensors.includes(r.sensorId)))
      .sort((a, b) => a.time - b.time || a.sensorId - b.sensorId || a.moduleId - b.moduleId)
      .map((r) => writer.line(r))
      .join('');

    const sut = await fromClickHouse(exportLinesSql({ format, station: STATION, sensors, from, to, tz }));

    expect(expected.length).toBeGreaterThan(1_000);
    const [a, b] = [sut.split('\n'), expected.split('\n')];
    const firstDifference = b.findIndex((line, i) => a[i] !== line);
    expect({ line: firstDifference, was: a[firstDifference] }).toEqual({ line: -1, was: undefined });
    expect(sut).toBe(expected);
  });

  it('honours start (included) and end (excluded) to the millisecond', async () => {
    const from = Date.parse('2025-03-30T00:59:59.999Z');
    const to = Date.parse('2025-03-30T01:00:00Z');
    const sut = await fromClickHouse(
      exportLinesSql({ format: 'json-lines', station: STATION, sensors: null, from, to, tz: 'UTC' }),
    );
    expect(
      sut
        .split('\n')
        .filter(Boolean)
        .map((l) => (JSON.parse(l) as { timeUtc: string }).timeUtc),
    ).toEqual(['2025-03-30T00:59:59.999Z']);
  });
});
