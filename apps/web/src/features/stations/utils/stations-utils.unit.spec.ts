import { beforeAll, describe, expect, it, jest } from '@jest/globals';
import i18n from 'i18next';
import type { SensorDataRow, SensorTail } from '@groundtruth/contracts';
import { formatBattery, formatCoordinate, formatReading } from '@/lib/format';
import { bareModuleName, moduleKind } from '@/lib/module-kinds';
import { moduleBookmark } from './bookmark';
import { batteryBucket } from './format';
import { headerRows } from './header-rows';
import { createTailBatcher } from './tail-batcher';
import { tinySeries } from './tiny-chart-series';

const row = (stationId: number, time: number, value: number | null, sensorId = 2, moduleId = 10): SensorDataRow => ({
  time,
  stationId,
  moduleId,
  sensorId,
  value,
  avg: value,
  min: value,
  max: value,
  last: value,
  samples: value === null ? 0 : 1,
});

const answer = (ids: readonly number[]): SensorTail => ({
  data: ids.map((id) => row(id, 1000, id * 1.5)),
  stations: ids.map((id) => ({ stationId: id, dataEnd: 5000 + id, bucketSize: 60, aggregate: '1m', start: 0, end: 6000 })),
});

describe('tail batcher', () => {
  const manual = () => {
    const runs: (() => void)[] = [];
    return { schedule: (run: () => void) => void runs.push(run), flush: () => runs.splice(0).forEach((r) => r()), runs };
  };

  it('asks once for every station requested within the delay and gives each its own part', async () => {
    const timer = manual();
    const fetchTails = jest.fn((ids: readonly number[]) => Promise.resolve(answer(ids)));
    const sut = createTailBatcher({ fetchTails, schedule: timer.schedule });
    const a = sut.load(3);
    const b = sut.load(1);
    const c = sut.load(3);
    expect(timer.runs).toHaveLength(1);
    timer.flush();
    expect(fetchTails).toHaveBeenCalledTimes(1);
    expect(fetchTails).toHaveBeenCalledWith([1, 3]);
    const [ra, rb, rc] = await Promise.all([a, b, c]);
    expect(ra.rows.map((r) => r.stationId)).toEqual([3]);
    expect(ra.dataEnd).toBe(5003);
    expect(rb.rows[0]!.value).toBe(1.5);
    expect(rc).toEqual(ra);
  });

  it('splits more than the maximum stations into several calls', async () => {
    const timer = manual();
    const fetchTails = jest.fn((ids: readonly number[]) => Promise.resolve(answer(ids)));
    const sut = createTailBatcher({ fetchTails, schedule: timer.schedule, maxStations: 2 });
    const all = [1, 2, 3, 4, 5].map((id) => sut.load(id));
    timer.flush();
    await Promise.all(all);
    expect(fetchTails.mock.calls.map((c) => c[0])).toEqual([[1, 2], [3, 4], [5]]);
  });

  it('asks again one by one when a call of several fails, so one private station fails alone', async () => {
    const timer = manual();
    const refused = new Error('403');
    const fetchTails = jest.fn((ids: readonly number[]) =>
      ids.includes(2) ? Promise.reject(refused) : Promise.resolve(answer(ids)),
    );
    const sut = createTailBatcher({ fetchTails, schedule: timer.schedule });
    const one = sut.load(1);
    const two = sut.load(2);
    timer.flush();
    await expect(one).resolves.toMatchObject({ dataEnd: 5001 });
    await expect(two).rejects.toBe(refused);
  });

  it('starts a new batch after a flush', async () => {
    const timer = manual();
    const fetchTails = jest.fn((ids: readonly number[]) => Promise.resolve(answer(ids)));
    const sut = createTailBatcher({ fetchTails, schedule: timer.schedule });
    const first = sut.load(1);
    timer.flush();
    await first;
    const second = sut.load(2);
    expect(timer.runs).toHaveLength(1);
    timer.flush();
    await second;
    expect(fetchTails).toHaveBeenCalledTimes(2);
  });

  it('waits 50 ms by default', () => {
    const schedule = jest.fn();
    void createTailBatcher({ fetchTails: () => Promise.resolve(answer([])), schedule }).load(1);
    expect(schedule).toHaveBeenCalledWith(expect.any(Function), 50);
  });
});

describe('formats (spec §9)', () => {
  // The formats go through i18next's formatter, in the language shown.
  beforeAll(async () => {
    await i18n.init({ lng: 'en-US', resources: {} });
  });

  it('rounds coordinates to 3 decimals and readings to 1', () => {
    expect(formatCoordinate(41.92094)).toBe('41.921');
    expect(formatCoordinate(null)).toBe('--');
    expect(formatReading(7.04, 'pH')).toBe('7.0 pH');
    expect(formatReading(-0.01)).toBe('0.0');
    expect(formatReading(undefined)).toBe('--');
    expect(formatReading(Number.NaN)).toBe('--');
  });

  it('shows the battery as a rounded percentage in one of six buckets', () => {
    expect(formatBattery(56.6)).toBe('57%');
    expect(formatBattery(null)).toBe('--');
    expect([0, 9, 10, 29, 31, 50, 69, 85, 91, 100, 140].map(batteryBucket)).toEqual([
      0, 0, 20, 20, 40, 60, 60, 80, 100, 100, 100,
    ]);
    expect(batteryBucket(null)).toBeNull();
  });
});

describe('header rows', () => {
  const station = {
    attributes: [
      { attributeId: 1, name: 'Neighborhood', stringValue: 'Broad Channel' },
      { attributeId: 2, name: 'Borough', stringValue: 'Queens' },
      { attributeId: 4, name: 'Deployed By', stringValue: 'JBFW' },
    ],
    locationName: 'Kingston Point',
    placeNameOther: null,
    placeNameNative: null,
  };

  it('reads the four attributes in flood mode', () => {
    const attributeNames = { location: 'Neighborhood', deploymentDate: 'Deployment Date', grouping: 'Borough' };
    expect(headerRows(station, { attributeNames })).toEqual([
      { label: 'neighborhood', value: 'Broad Channel' },
      { label: 'borough', value: 'Queens' },
      { label: 'deploymentDate', value: null },
      { label: 'deployedBy', value: 'JBFW' },
    ]);
  });

  it('shows location and native lands otherwise', () => {
    expect(headerRows(station, { attributeNames: null })).toEqual([
      { label: 'location', value: 'Kingston Point' },
      { label: 'nativeLand', value: null },
    ]);
  });
});

describe('modules', () => {
  it('knows a kind whatever the prefix', () => {
    expect(bareModuleName('modules.water.ph')).toBe('water.ph');
    expect(moduleKind('fk.water.ph')).toBe('waterPh');
    expect(moduleKind('modules.weather')).toBe('weather');
    expect(moduleKind('wh.floodnet')).toBe('flood');
    expect(moduleKind('something-else')).toBe('unknown');
  });
});

describe('module bookmark', () => {
  it('opens one sensor as a time series of the last days of data, keeping the project', () => {
    const sut = moduleBookmark({ stationId: 7, moduleId: 70, sensorId: 2, dataEnd: 1_000_000_000, days: 14, projectId: 3 });
    expect(sut).toEqual({
      v: 1,
      g: [[[[[[7, [70, 2]]], [1_000_000_000 - 14 * 86_400_000, 1_000_000_000], [], 0, 14]]]],
      s: [7],
      p: [3],
      c: { project: 3, map: false },
    });
  });

  it('counts back from now for a station without data, and has no context without a project', () => {
    const sut = moduleBookmark({ stationId: 7, moduleId: 70, sensorId: 2, dataEnd: null, days: 1, now: 86_400_000 * 2 });
    expect(sut.c).toBeNull();
    expect(sut.p).toEqual([]);
    expect(sut.g[0]![0]![0]![1]).toEqual([86_400_000, 86_400_000 * 2]);
  });
});

describe('tiny chart series', () => {
  it('orders points and breaks the line where readings are missing', () => {
    const rows = [row(1, 300_000, 3), row(1, 0, 1), row(1, 60_000, 2), row(1, 120_000, 4), row(1, 60_000, 9, 5)];
    expect(tinySeries(rows, 2, 60)).toEqual([
      { x: 0, y: 1 },
      { x: 60_000, y: 2 },
      { x: 120_000, y: 4 },
      { x: 120_001, y: null },
      { x: 300_000, y: 3 },
    ]);
  });

  it('keeps a station reading hourly one line in 20-minute buckets, and breaks it where an hour is missing', () => {
    const hours = [0, 1, 2, 3, 4, 5].map((h) => row(1, h * 3_600_000, h));
    expect(tinySeries(hours, 2, 1_200).filter((p) => p.y === null)).toHaveLength(0);
    // Control: the fourth hour missing.
    expect(
      tinySeries(
        hours.filter((_, i) => i !== 3),
        2,
        1_200,
      ).filter((p) => p.y === null),
    ).toHaveLength(1);
  });
});
