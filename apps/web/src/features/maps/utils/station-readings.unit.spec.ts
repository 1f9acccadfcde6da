import { describe, expect, it } from '@jest/globals';
import type { ModulesMeta, SensorRecently, Station } from '@groundtruth/contracts';
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
import { thresholdLegend } from './threshold-legend';

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

const station = (id: number, overrides: Partial<Station> = {}): Station => ({
  id,
  name: `Station ${id}`,
  deviceId: `device-${id}`,
  owner: { id: 1, name: 'Owner' },
  description: '',
  hidden: false,
  readOnly: true,
  location: { precise: [-73.9, 40.6], latitude: 40.6, longitude: -73.9, exact: true },
  locationName: null,
  model: null,
  placeNameOther: null,
  placeNameNative: null,
  deployedAt: null,
  recordingStartedAt: null,
  attributes: [],
  configurations: {
    all: [
      {
        modules: [
          { id: 100 + id, hardwareId: null, name: 'diagnostics', label: null, position: 0, internal: true, sensors: [] },
          { id: 200 + id, hardwareId: null, name: 'water.ec', label: null, position: 1, internal: false, sensors: [] },
        ],
      },
    ],
  },
  photos: [],
  battery: null,
  lastReadingAt: null,
  lastIngestionAt: null,
  status: null,
  inactive: false,
  hasData: false,
  uploads: null,
  data: null,
  firmwareNumber: null,
  createdAt: '2025-01-01T00:00:00.000Z',
  updatedAt: '2025-01-01T00:00:00.000Z',
  version: 0,
  ...overrides,
});

const row = (stationId: number, moduleId: number, sensorId: number, max: number) => ({
  time: 0,
  stationId,
  moduleId,
  sensorId,
  value: max / 2,
  avg: max / 2,
  min: 0,
  max,
  last: max / 3,
  samples: 10,
});

const recently = (windows: Record<number, ReturnType<typeof row>[]>, last: SensorRecently['last']): SensorRecently => ({
  windows: Object.entries(windows).map(([hours, data]) => ({ hours: Number(hours), start: 0, end: 1, data })),
  last,
});

const latest = (stationId: number, moduleId: number, sensorId: number, value: number) => ({
  stationId,
  moduleId,
  sensorId,
  value,
  time: 1_000,
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
  it('shows the largest maximum of the longest window in recent mode, the latest reading in current mode', () => {
    const s = station(1);
    const data = recently({ 24: [row(1, 201, 20, 5)], 72: [row(1, 201, 20, 9)] }, [latest(1, 201, 20, 2.5)]);
    expect(stationReading(s, data, sensors, 'recent')).toMatchObject({
      category: 'current',
      value: 9,
      colour: DEFAULT_MARKER_COLOUR,
    });
    expect(stationReading(s, data, sensors, 'current')).toMatchObject({ category: 'current', value: 2.5 });
  });

  it('prefers a sensor with threshold levels, then modules that are not internal, then module position and sensor order', () => {
    const flood = station(2, {
      configurations: {
        all: [
          {
            modules: [{ id: 302, hardwareId: null, name: 'wh.floodnet', label: null, position: 0, internal: false, sensors: [] }],
          },
        ],
      },
    });
    const data = recently({ 1: [row(2, 302, 31, 90), row(2, 302, 30, 13)] }, [latest(2, 302, 31, 90), latest(2, 302, 30, 13)]);
    const reading = stationReading(flood, data, sensors, 'recent');
    expect(reading.sensor?.key).toBe('depth');
    expect(reading.colour).toBe('#fe4d4c');

    const water = station(3);
    const waterData = recently({ 72: [] }, [latest(3, 103, 10, 80), latest(3, 203, 21, 1), latest(3, 203, 20, 2)]);
    expect(stationReading(water, waterData, sensors, 'current')).toMatchObject({ value: 2, moduleId: 203 });
  });

  it('says no recent reading when the sensor has data but none in the window', () => {
    const data = recently({ 72: [] }, [latest(4, 204, 20, 7)]);
    expect(stationReading(station(4), data, sensors, 'recent')).toMatchObject({
      category: 'noRecent',
      value: null,
      colour: NO_VALUE_COLOUR,
    });
    expect(stationReading(station(4), data, sensors, 'current')).toMatchObject({ category: 'noRecent', value: 7 });
  });

  it('says no data without readings, and inactive for a station that is down', () => {
    expect(stationReading(station(5), recently({ 72: [] }, []), sensors, 'recent')).toMatchObject({
      category: 'noData',
      colour: NO_VALUE_COLOUR,
    });
    expect(stationReading(station(5), undefined, sensors, 'recent').category).toBe('noData');
    const data = recently({ 72: [row(6, 206, 20, 3)] }, [latest(6, 206, 20, 3)]);
    expect(stationReading(station(6, { status: 'down', inactive: true }), data, sensors, 'recent')).toMatchObject({
      category: 'inactive',
      value: null,
      colour: INACTIVE_COLOUR,
    });
  });

  it("ignores other stations' rows", () => {
    const data = recently({ 72: [row(8, 208, 20, 3)] }, [latest(8, 208, 20, 3)]);
    expect(stationReading(station(7), data, sensors, 'recent').category).toBe('noData');
  });
});

describe('compareReadings', () => {
  const reading = (stationId: number, category: StationReading['category'], value: number | null): StationReading => ({
    stationId,
    category,
    value,
    colour: '',
    sensor: null,
    moduleId: null,
    time: null,
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
  it("lists the first station's visible threshold levels with their map key labels", () => {
    const flood = station(9, {
      configurations: {
        all: [
          {
            modules: [{ id: 309, hardwareId: null, name: 'wh.floodnet', label: null, position: 0, internal: false, sensors: [] }],
          },
        ],
      },
    });
    // No readings yet: the levels come from the catalogue module the station carries.
    const legend = thresholdLegend(flood, undefined, meta, 'es-ES');
    expect(legend?.entries).toEqual([
      { label: '4-12', colour: '#fdbf4b' },
      { label: '12-24', colour: '#fe4d4c' },
      { label: '24-100', colour: '#d74dfe' },
    ]);
    expect(thresholdLegend(station(10), undefined, meta, 'en-US')).toBeNull();
    expect(thresholdLegend(undefined, undefined, meta, 'en-US')).toBeNull();
  });
});
