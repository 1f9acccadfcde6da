import {
  compareStationsForMap,
  STATION_DOWN_AFTER_HOURS,
  stationDataStatus,
  stationSortGroup,
  type StationSortInput,
} from './station-status.js';

const NOW = Date.parse('2026-05-01T12:00:00Z');
const HOUR = 3_600_000;

describe('stationDataStatus', () => {
  it('is null, not inactive and without data when the station never sent a reading', () => {
    expect(stationDataStatus(null, NOW)).toEqual({ status: null, inactive: false, hasData: false });
  });

  it('is up while the latest reading is at most a week old, down after', () => {
    expect(STATION_DOWN_AFTER_HOURS).toBe(168);
    expect(stationDataStatus(NOW - 5 * 60_000, NOW)).toEqual({ status: 'up', inactive: false, hasData: true });
    expect(stationDataStatus(NOW - 168 * HOUR, NOW)).toEqual({ status: 'up', inactive: false, hasData: true });
    expect(stationDataStatus(NOW - 168 * HOUR - 1, NOW)).toEqual({ status: 'down', inactive: true, hasData: true });
    expect(stationDataStatus(NOW - 400 * 24 * HOUR, NOW)).toMatchObject({ status: 'down', inactive: true });
  });

  it('counts a reading stamped after now (a station clock ahead) as up', () => {
    expect(stationDataStatus(NOW + HOUR, NOW)).toMatchObject({ status: 'up', inactive: false });
  });
});

describe('the map sort order (spec §4)', () => {
  const station = (name: string, over: Partial<StationSortInput> = {}): StationSortInput => ({
    name,
    status: 'up',
    hasData: true,
    currentValue: null,
    ...over,
  });

  it('puts a current reading first, then no recent reading, then no data, then inactive', () => {
    expect(stationSortGroup(station('a', { currentValue: 3 }))).toBe(0);
    expect(stationSortGroup(station('a'))).toBe(1);
    expect(stationSortGroup(station('a', { status: null, hasData: false }))).toBe(2);
    expect(stationSortGroup(station('a', { status: 'down', currentValue: 9 }))).toBe(3);
  });

  it('orders by group, then the highest current value, then by name', () => {
    const stations = [
      station('Inactive', { status: 'down' }),
      station('Empty', { status: null, hasData: false }),
      station('Quiet b'),
      station('Quiet a'),
      station('Low', { currentValue: 1 }),
      station('High b', { currentValue: 7.5 }),
      station('High a', { currentValue: 7.5 }),
    ];
    expect([...stations].sort(compareStationsForMap).map((s) => s.name)).toEqual([
      'High a',
      'High b',
      'Low',
      'Quiet a',
      'Quiet b',
      'Empty',
      'Inactive',
    ]);
  });
});
