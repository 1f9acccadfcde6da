import { describe, expect, it } from '@jest/globals';
import type { MapStation, ModulesMeta } from '@groundtruth/contracts';
import {
  DEFAULT_MARKER_COLOUR,
  INACTIVE_COLOUR,
  NO_VALUE_COLOUR,
  compareReadings,
  localised,
  sensorIndex,
  stationReading,
  thresholdColour,
  type StationReading,
} from './station-readings';
import { colourLegend, thresholdLegend } from './threshold-legend';

const level = (start: number, value: number, color: string, hidden = false) => ({
  start,
  value,
  color,
  hidden,
  label: { 'en-US': `${start}-${value}` },
  plainLabel: { 'en-US': `${start}-${value}` },
  mapKeyLabel: { 'en-US': `${start}-${value}` },
});

const FLOOD_LEVELS = [level(0, 4, '#00CCFF', true), level(4, 12, '#fdbf4b'), level(12, 24, '#fe4d4c'), level(24, 100, '#d74dfe')];

const sensor = (id: number, key: string, order: number, levels: ReturnType<typeof level>[] = [], internal = false) => ({
  id,
  key,
  fullKey: key,
  firmwareKey: key,
  unitOfMeasure: 'in',
  order,
  internal,
  aggregation: 'avg' as const,
  ranges: [],
  viz: levels.length ? [{ name: 'D3TimeSeriesGraph', disabled: false, minimumGap: null, thresholds: { label: {}, levels } }] : [],
  strings: { 'en-us': { label: `Label ${key}` } },
  aliases: [],
});

const meta: ModulesMeta = {
  modules: [
    {
      id: 1,
      key: 'fk.diagnostics',
      name: 'diagnostics',
      header: { manufacturer: 1, kinds: [1], version: [1] },
      internal: true,
      sensors: [sensor(10, 'battery', 0)],
    },
    {
      id: 2,
      key: 'fk.water.ec',
      name: 'ec',
      header: { manufacturer: 1, kinds: [2], version: [1] },
      internal: false,
      sensors: [sensor(20, 'ec', 0), sensor(21, 'tds', 1)],
    },
    {
      id: 3,
      key: 'wh.floodnet',
      name: 'floodnet',
      header: { manufacturer: 0, kinds: [0], version: [0] },
      internal: false,
      sensors: [sensor(30, 'depth', 0, FLOOD_LEVELS), sensor(31, 'battery', 3)],
    },
  ],
};
const sensors = sensorIndex(meta);

const station = (id: number, overrides: Partial<MapStation> = {}): MapStation => ({
  id,
  name: `Station ${id}`,
  location: [-73.9, 40.6],
  exact: true,
  mine: false,
  status: 'up',
  inactive: false,
  lastReadingAt: 1_000,
  battery: null,
  place: null,
  reading: null,
  ...overrides,
});

const reading = (moduleId: number, sensorId: number, value: number, recent: number | null) => ({
  moduleId,
  sensorId,
  value,
  time: 1_000,
  recent,
});

describe('thresholdColour', () => {
  it('takes the level with start <= v < value', () => {
    expect(thresholdColour(0, FLOOD_LEVELS)).toBe('#00CCFF');
    expect(thresholdColour(4, FLOOD_LEVELS)).toBe('#fdbf4b');
    expect(thresholdColour(11.99, FLOOD_LEVELS)).toBe('#fdbf4b');
    expect(thresholdColour(12, FLOOD_LEVELS)).toBe('#fe4d4c');
    expect(thresholdColour(30, FLOOD_LEVELS)).toBe('#d74dfe');
  });

  it('answers the default colour outside every level, or without levels', () => {
    expect(thresholdColour(100, FLOOD_LEVELS)).toBe(DEFAULT_MARKER_COLOUR);
    expect(thresholdColour(-1, FLOOD_LEVELS)).toBe(DEFAULT_MARKER_COLOUR);
    expect(thresholdColour(5, [])).toBe(DEFAULT_MARKER_COLOUR);
  });
});

describe('stationReading', () => {
  it("shows the recent window's highest in recent mode and the latest reading in current mode, and carries both", () => {
    // Kingston: 16.5 °C was the highest of the last 72 h, 15.9 °C its latest (the station page's).
    const s = station(1, { reading: reading(201, 20, 15.9, 16.5) });
    expect(stationReading(s, sensors, 'recent')).toMatchObject({
      category: 'current',
      value: 16.5,
      latest: 15.9,
      recent: 16.5,
      colour: DEFAULT_MARKER_COLOUR,
    });
    expect(stationReading(s, sensors, 'current')).toMatchObject({ category: 'current', value: 15.9, latest: 15.9, recent: 16.5 });
  });

  it("colours by the shown value's threshold level", () => {
    const flood = station(2, { reading: reading(302, 30, 5, 13) });
    expect(stationReading(flood, sensors, 'recent')).toMatchObject({ colour: '#fe4d4c' });
    expect(stationReading(flood, sensors, 'current')).toMatchObject({ colour: '#fdbf4b' });
    expect(stationReading(flood, sensors, 'recent').sensor?.key).toBe('depth');
    // The severity a cluster ranks by: the level's place (12-24 is the third), above no value and inactive.
    expect(stationReading(flood, sensors, 'recent').severity).toBe(3);
    expect(stationReading(flood, sensors, 'current').severity).toBe(2);
    expect(stationReading(station(3), sensors, 'recent').severity).toBe(-1);
    expect(stationReading(station(3, { inactive: true, status: 'down' }), sensors, 'recent').severity).toBe(-2);
  });

  it('says no recent reading when the sensor has data but none in the window', () => {
    const s = station(4, { reading: reading(204, 20, 7, null) });
    expect(stationReading(s, sensors, 'recent')).toMatchObject({ category: 'noRecent', value: null, colour: NO_VALUE_COLOUR });
    expect(stationReading(s, sensors, 'current')).toMatchObject({ category: 'noRecent', value: 7, latest: 7 });
  });

  it('says no data without readings, and inactive for a station that is down', () => {
    expect(stationReading(station(5), sensors, 'recent')).toMatchObject({ category: 'noData', colour: NO_VALUE_COLOUR });
    const down = station(6, { status: 'down', inactive: true, reading: reading(206, 20, 3, null) });
    expect(stationReading(down, sensors, 'recent')).toMatchObject({ category: 'inactive', value: null, colour: INACTIVE_COLOUR });
  });
});

describe('compareReadings', () => {
  const reading = (stationId: number, category: StationReading['category'], value: number | null): StationReading => ({
    stationId,
    severity: 0,
    category,
    value,
    colour: '',
    sensor: null,
    moduleId: null,
    time: null,
    latest: value,
    recent: value,
  });

  it('orders current readings by value (highest first), then no recent, no data, inactive, each by name', () => {
    const names = new Map([
      [1, 'Bravo'],
      [2, 'Alpha'],
      [3, 'Charlie'],
      [4, 'Delta'],
      [5, 'Echo'],
      [6, 'Alpha Two'],
      [7, 'Foxtrot'],
    ]);
    const sorted = [
      reading(5, 'inactive', null),
      reading(4, 'noData', null),
      reading(6, 'noData', null),
      reading(3, 'noRecent', null),
      reading(1, 'current', 2),
      reading(2, 'current', 2),
      reading(7, 'current', 10),
    ].sort(compareReadings(names));
    expect(sorted.map((r) => r.stationId)).toEqual([7, 2, 1, 3, 6, 4, 5]);
  });
});

describe('localised', () => {
  it('finds the language whatever the case of its key, and falls back to English', () => {
    expect(localised({ 'en-US': 'Minor', 'es-ES': 'Menor' }, 'es-ES')).toBe('Menor');
    expect(localised({ 'en-us': 'Flood Depth' }, 'es-ES')).toBe('Flood Depth');
    expect(localised({ 'en-US': 'Minor' }, 'en-US')).toBe('Minor');
    expect(localised({}, 'en-US')).toBeNull();
    expect(localised(undefined, 'en-US')).toBeNull();
  });
});

describe('thresholdLegend', () => {
  it('lists every threshold level (the hidden one under the first too) of the first station whose marker shows one', () => {
    const stations = [station(8, { reading: reading(208, 20, 1, 1) }), station(9, { reading: reading(309, 30, 1, 1) })];
    expect(thresholdLegend(stations, sensors, 'es-ES')?.entries).toEqual([
      { label: '0-4', colour: '#00CCFF' },
      { label: '4-12', colour: '#fdbf4b' },
      { label: '12-24', colour: '#fe4d4c' },
      { label: '24-100', colour: '#d74dfe' },
    ]);
    expect(thresholdLegend([station(10)], sensors, 'en-US')).toBeNull();
    expect(thresholdLegend([], sensors, 'en-US')).toBeNull();
  });
});

describe('colourLegend', () => {
  const texts = { defaultColour: 'A reading', noValue: 'No data', inactive: 'Inactive' };

  it('has an entry for every colour the markers are drawn in, and always no data and inactive', () => {
    const stations = [
      station(1, { reading: reading(301, 30, 5, 13) }), // flood depth 13: the 12-24 level
      station(2, { reading: reading(302, 30, 5, 2) }), // 2: the hidden level under 4
      station(3, { reading: reading(203, 20, 7, 7) }), // conductivity: no levels, the default colour
      station(4),
    ];
    const readings = stations.map((s) => stationReading(s, sensors, 'recent'));
    const sut = colourLegend(readings, 'en-US', texts);
    const drawn = new Set(readings.map((r) => r.colour.toLowerCase()));
    const listed = new Set(sut.map((e) => e.colour.toLowerCase()));
    expect([...drawn].filter((c) => !listed.has(c))).toEqual([]);
    expect(sut.map((e) => e.label)).toEqual(['0-4', '12-24', 'A reading', 'No data', 'Inactive']);
  });

  it('leaves out the default colour when no marker is drawn in it (the control)', () => {
    const readings = [stationReading(station(1, { reading: reading(301, 30, 5, 13) }), sensors, 'recent')];
    expect(colourLegend(readings, 'en-US', texts).map((e) => e.label)).toEqual(['12-24', 'No data', 'Inactive']);
  });
});
