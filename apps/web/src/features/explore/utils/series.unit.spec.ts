import { describe, expect, it } from '@jest/globals';
import type { SensorDataColumns } from '@groundtruth/contracts';
import { axisGroups, MAX_AXES, moreSeriesNeedsConfirmation, sensorTitle, splitSeries, type MetaSensor } from './series';

const answer: SensorDataColumns = {
  format: 'columns',
  series: [
    {
      stationId: 1,
      moduleId: 10,
      sensorId: 7,
      index: [0, 2],
      value: [1.5, 2.5],
      avg: [1.5, 2.5],
      min: [1, 2],
      max: [2, 3],
      last: [2, 3],
      samples: [2, 2],
    },
    { stationId: 2, moduleId: 20, sensorId: 7, value: [9], avg: [9], min: [9], max: [9], last: [9], samples: [1] },
  ],
  bucketSize: 60,
  bucketSamples: 3,
  dataEnd: 180_000,
  aggregate: 'raw',
  start: 1_000_000,
  end: 1_180_000,
};

describe('splitSeries (the compact columns answer)', () => {
  it("gives each chart series its own rows, at the times the answer's start and bucket size imply", () => {
    const [first, second] = splitSeries(answer, [
      { stationId: 1, moduleId: 10, sensorId: 7 },
      { stationId: 2, moduleId: 20, sensorId: 7 },
    ]);
    expect(first!.rows.map((r) => [r.time, r.value, r.stationId])).toEqual([
      [1_000_000, 1.5, 1],
      [1_120_000, 2.5, 1],
    ]);
    expect(second!.rows.map((r) => [r.time, r.value, r.stationId])).toEqual([[1_000_000, 9, 2]]);
  });

  it("matches an old bookmark's string module by station and sensor, and a wrong module id not at all", () => {
    const [old, wrong] = splitSeries(answer, [
      { stationId: 2, moduleId: 'a1', sensorId: 7 },
      { stationId: 2, moduleId: 99, sensorId: 7 },
    ]);
    expect(old!.rows).toHaveLength(1);
    expect(wrong!.rows).toHaveLength(0);
  });
});

const s = (sensorKey: string, unit: string) => ({ sensorKey, unit });

describe('axisGroups (spec §9: one axis per quantity, at most three)', () => {
  it('gives unitless sensors an axis each, so pH never shares one with TDS', () => {
    const sut = axisGroups([s('ph', ''), s('tds', ''), s('ph', '')]);
    expect(sut.map((g) => [g.key, g.members.length])).toEqual([
      ['sensor:ph', 2],
      ['sensor:tds', 1],
    ]);
  });

  it('puts sensors of one unit on one axis, in order of first use', () => {
    const sut = axisGroups([s('water_temp', '°C'), s('ph', ''), s('air_temp', '°C')]);
    expect(sut.map((g) => [g.key, g.unit, g.members.map((m) => m.sensorKey)])).toEqual([
      ['unit:°C', '°C', ['water_temp', 'air_temp']],
      ['sensor:ph', '', ['ph']],
    ]);
  });

  it('counts pH, TDS, salinity and temperature as four axes: too many', () => {
    expect(axisGroups([s('ph', ''), s('tds', ''), s('salinity', ''), s('t', '°C')]).length).toBeGreaterThan(MAX_AXES);
    expect(axisGroups([s('ph', ''), s('tds', ''), s('t', '°C')]).length).toBe(MAX_AXES);
  });
});

describe('the series limit (spec §9: two series by default, more on request)', () => {
  it('adds a first and a second series without asking', () => {
    expect(moreSeriesNeedsConfirmation(1, false)).toBe(false);
  });

  it('asks before a third, and before each further one of a chart opened with more', () => {
    expect(moreSeriesNeedsConfirmation(2, false)).toBe(true);
    expect(moreSeriesNeedsConfirmation(4, false)).toBe(true);
  });

  it('adds without asking again once more were asked for on the chart', () => {
    expect(moreSeriesNeedsConfirmation(2, true)).toBe(false);
    expect(moreSeriesNeedsConfirmation(3, true)).toBe(false);
  });
});

describe('sensorTitle (one name for a sensor on every page)', () => {
  const depth = {
    id: 70,
    key: 'depth',
    unitOfMeasure: 'inches',
    strings: {
      'en-us': { label: 'Flood Depth', chartLabel: 'Flood Depth Threshold (Inches)', axisLabel: 'Flood Depth (Inches)' },
    },
  } as unknown as MetaSensor;

  it('names flood depth as the station page does, not by its threshold chart label', () => {
    expect(sensorTitle(depth, 'en-US', '#70')).toBe('Flood Depth');
  });

  it('falls back to the key, then to what the caller gives', () => {
    expect(sensorTitle({ ...depth, strings: {} } as unknown as MetaSensor, 'es-ES', '#70')).toBe('depth');
    expect(sensorTitle(undefined, 'en-US', '#70')).toBe('#70');
  });
});
